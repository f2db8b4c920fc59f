import { costCentersApi } from '@backoffice/contracts';
import { toPage } from '../../../platform/pagination.ts';
import { type RouteEntry, route } from '../../../platform/routes.ts';
import { findCostCenters } from './cost-center.repository.ts';
import {
  createCostCenter,
  deleteCostCenter,
  exportCostCenters,
  getCostCenter,
  updateCostCenter,
} from './cost-center.service.ts';

export const costCentersRoutes: RouteEntry[] = [
  route(costCentersApi.listCostCenters, async ({ query }, ctx) => {
    const { items, total } = await findCostCenters(ctx.db, query);
    return toPage(items, total, query);
  }),
  route(costCentersApi.exportCostCenters, ({ query }, ctx) => exportCostCenters(ctx, query)),
  route(costCentersApi.getCostCenter, ({ params }, ctx) => getCostCenter(ctx.db, params.id)),
  route(costCentersApi.createCostCenter, ({ body }, ctx) => createCostCenter(ctx, body)),
  route(costCentersApi.updateCostCenter, ({ params, body }, ctx) => updateCostCenter(ctx, params.id, body)),
  route(costCentersApi.deleteCostCenter, ({ params }, ctx) => deleteCostCenter(ctx, params.id)),
];
