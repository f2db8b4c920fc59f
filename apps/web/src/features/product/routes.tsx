import { AreaRoutes, areaRoutes } from '../../shared/ui/area-routes.tsx';
import { BrandListPage } from './brands/pages/brand-list-page.tsx';

const routes = areaRoutes('product', [
  { path: 'brand', titleKey: 'brand', permissions: ['view_brand'], element: <BrandListPage /> },
]);

/** The product area: brands; its other menu entries keep their real route, title and permission until built. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
