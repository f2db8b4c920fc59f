import { AreaRoutes, areaRoutes } from '../../shared/ui/area-routes.tsx';
import { CodedRecordListPage } from '../master-data/coded-record-list-page.tsx';
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
