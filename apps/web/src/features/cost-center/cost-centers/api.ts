import type { CostCenterInput, costCentersApi, EndpointQuery } from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef, resolveApiPath } from '../../../shared/lib/api.ts';
import { download } from '../../../shared/lib/http.ts';

const endpoints = {
  list: endpointRef<typeof costCentersApi.listCostCenters>('GET', '/api/cost-centers'),
  export: endpointRef<typeof costCentersApi.exportCostCenters>('GET', '/api/cost-centers/export'),
  create: endpointRef<typeof costCentersApi.createCostCenter>('POST', '/api/cost-centers'),
  update: endpointRef<typeof costCentersApi.updateCostCenter>('PUT', '/api/cost-centers/:id'),
  remove: endpointRef<typeof costCentersApi.deleteCostCenter>('DELETE', '/api/cost-centers/:id'),
};

export type CostCenterListQuery = EndpointQuery<typeof costCentersApi.listCostCenters>;
export type CostCenterFilter = EndpointQuery<typeof costCentersApi.exportCostCenters>;

export const costCenterKeys = {
  all: ['cost-centers'] as const,
  list: (query: CostCenterListQuery) => ['cost-centers', 'list', query] as const,
};

export function useCostCenters(query: CostCenterListQuery) {
  return useQuery({
    queryKey: costCenterKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the cost centres of a filter (every page) as .xlsx. */
export function exportCostCenters(filter: CostCenterFilter, fileName: string) {
  return download(resolveApiPath(endpoints.export.path), filter, fileName);
}

/** Creates a cost centre; the Idempotency-Key makes a retried submission create it once. */
export function useCreateCostCenter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CostCenterInput; idempotencyKey: string }) =>
      callEndpoint(endpoints.create, { body }, { idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: costCenterKeys.all }),
  });
}

export function useUpdateCostCenter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CostCenterInput }) =>
      callEndpoint(endpoints.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: costCenterKeys.all }),
  });
}

/** Deletes a cost centre nothing uses (the server answers 409 IN_USE otherwise). */
export function useDeleteCostCenter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(endpoints.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: costCenterKeys.all }),
  });
}
