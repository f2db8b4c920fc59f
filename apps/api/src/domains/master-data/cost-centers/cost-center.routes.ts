import { CostCenterErrorCode, costCentersApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../../platform/routes.ts';
import { codedRecords } from '../coded-records.ts';
import { COST_CENTER_REFERENCES } from './cost-center.references.ts';

const costCenters = codedRecords({
  table: 'cost_centers',
  entity: 'cost_center',
  label: 'Cost centre',
  codeKey: 'cost_centers_code_key',
  codeTakenCode: CostCenterErrorCode.COST_CENTER_CODE_TAKEN,
  references: COST_CENTER_REFERENCES,
  exportName: 'cost-centers',
});

export const costCentersRoutes: RouteEntry[] = [
  route(costCentersApi.listCostCenters, ({ query }, ctx) => costCenters.find(ctx.db, query)),
  route(costCentersApi.exportCostCenters, ({ query }, ctx) => costCenters.export(ctx, query)),
  route(costCentersApi.getCostCenter, ({ params }, ctx) => costCenters.get(ctx.db, params.id)),
  route(costCentersApi.createCostCenter, ({ body }, ctx) => costCenters.create(ctx, body)),
  route(costCentersApi.updateCostCenter, ({ params, body }, ctx) => costCenters.update(ctx, params.id, body)),
  route(costCentersApi.deleteCostCenter, ({ params }, ctx) => costCenters.remove(ctx, params.id)),
];
