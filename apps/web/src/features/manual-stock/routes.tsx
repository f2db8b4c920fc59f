import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { ManualStockListPage } from './manual-stock-list-page.tsx';
import { OverrideDetailPage } from './override-detail-page.tsx';

const routes = areaRoutes('manual-stock', [
  {
    path: 'manual-stock-list',
    titleKey: 'manualStockOverride',
    permissions: ['view_manual_stock'],
    element: <ManualStockListPage />,
  },
  {
    path: 'manual-stock-list/:id',
    titleKey: 'manualStockOverride',
    permissions: ['view_manual_stock'],
    element: <OverrideDetailPage />,
  },
]);

/** The manual-stock area: the overrides posted and the form that posts one (its menu entry stays disabled). */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
