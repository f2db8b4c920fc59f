import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { ManualStockListPage } from './manual-stock-list-page.tsx';

const routes = areaRoutes('manual-stock', [
  {
    path: 'manual-stock-list',
    titleKey: 'manualStockOverride',
    permissions: ['view_manual_stock'],
    element: <ManualStockListPage />,
  },
]);

/** The manual-stock area: the overrides posted and the form that posts one (its menu entry stays disabled). */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
