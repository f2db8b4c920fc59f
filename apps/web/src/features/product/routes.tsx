import { AreaRoutes, areaRoutes } from '../../shared/ui/area-routes.tsx';
import { CodedRecordListPage } from '../master-data/coded-record-list-page.tsx';
import { BRANDS } from './brands/brands.ts';

const routes = areaRoutes('product', [
  { path: 'brand', titleKey: 'brand', permissions: ['view_brand'], element: <CodedRecordListPage kind={BRANDS} /> },
]);

/** The product area: brands; its other menu entries keep their real route, title and permission until built. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
