import { AreaRoutes, areaRoutes } from '../../shared/ui/area-routes.tsx';
import { CostCenterListPage } from './cost-centers/pages/cost-center-list-page.tsx';

const routes = areaRoutes('cost-center', [
  {
    path: 'cost-center',
    titleKey: 'costCenter',
    permissions: ['view_cost_center'],
    element: <CostCenterListPage />,
  },
]);

/** The cost-centre area: the cost centres. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
