import type { CostCenterInput, costCentersApi, EndpointQuery } from '@backoffice/contracts';
import { costCentersEndpoints as api } from '../../../shared/api/endpoints/cost-centers.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';

export type CostCenterListQuery = EndpointQuery<typeof costCentersApi.listCostCenters>;
export type CostCenterFilter = EndpointQuery<typeof costCentersApi.exportCostCenters>;

export function useCostCenters(query: CostCenterListQuery) {
  return useEndpointQuery(api.listCostCenters, { query }, { keepPreviousData: true });
}

/** Downloads the cost centres of a filter (every page) as .xlsx. */
export function exportCostCenters(filter: CostCenterFilter, fileName: string) {
  return downloadEndpoint(api.exportCostCenters, { query: filter }, fileName);
}

/** Creates a cost centre; the Idempotency-Key makes a retried submission create it once. */
export function useCreateCostCenter() {
  return useEndpointMutation(api.createCostCenter);
}

export function useUpdateCostCenter() {
  return useEndpointMutation(api.updateCostCenter, {
    input: ({ id, body }: { id: string; body: CostCenterInput }) => ({ params: { id }, body }),
  });
}

/** Deletes a cost centre nothing uses (the server answers 409 IN_USE otherwise). */
export function useDeleteCostCenter() {
  return useEndpointMutation(api.deleteCostCenter, { input: (id: string) => ({ params: { id } }) });
}
