// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `costCentersApi`: method, path and, for a change, the resources it makes stale. */
export const costCentersEndpoints = {
  listCostCenters: endpointRef<typeof contracts.costCentersApi.listCostCenters>('GET', '/api/cost-centers'),
  exportCostCenters: endpointRef<typeof contracts.costCentersApi.exportCostCenters>('GET', '/api/cost-centers/export'),
  getCostCenter: endpointRef<typeof contracts.costCentersApi.getCostCenter>('GET', '/api/cost-centers/:id'),
  createCostCenter: endpointRef<typeof contracts.costCentersApi.createCostCenter>('POST', '/api/cost-centers', [
    '/api/cost-centers',
  ]),
  updateCostCenter: endpointRef<typeof contracts.costCentersApi.updateCostCenter>('PUT', '/api/cost-centers/:id', [
    '/api/cost-centers',
  ]),
  deleteCostCenter: endpointRef<typeof contracts.costCentersApi.deleteCostCenter>('DELETE', '/api/cost-centers/:id', [
    '/api/cost-centers',
  ]),
};
