import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { CodedRecordListPage } from '../master-data/index.ts';
import { COST_CENTERS } from './cost-centers/cost-centers.ts';

const routes = areaRoutes('cost-center', [
  {
    path: 'cost-center',
    titleKey: 'costCenter',
    permissions: ['view_cost_center'],
    element: <CodedRecordListPage kind={COST_CENTERS} />,
  },
]);

/** The cost-centre area: the cost centres. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
