import type { BrandInput, brandsApi, EndpointQuery } from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef, resolveApiPath } from '../../../shared/lib/api.ts';
import { download } from '../../../shared/lib/http.ts';

const endpoints = {
  list: endpointRef<typeof brandsApi.listBrands>('GET', '/api/brands'),
  export: endpointRef<typeof brandsApi.exportBrands>('GET', '/api/brands/export'),
  create: endpointRef<typeof brandsApi.createBrand>('POST', '/api/brands'),
  update: endpointRef<typeof brandsApi.updateBrand>('PUT', '/api/brands/:id'),
  remove: endpointRef<typeof brandsApi.deleteBrand>('DELETE', '/api/brands/:id'),
};

export type BrandListQuery = EndpointQuery<typeof brandsApi.listBrands>;
export type BrandFilter = EndpointQuery<typeof brandsApi.exportBrands>;

export const brandKeys = {
  all: ['brands'] as const,
  list: (query: BrandListQuery) => ['brands', 'list', query] as const,
};

export function useBrands(query: BrandListQuery) {
  return useQuery({
    queryKey: brandKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the brands of a filter (every page) as .xlsx. */
export function exportBrands(filter: BrandFilter, fileName: string) {
  return download(resolveApiPath(endpoints.export.path), filter, fileName);
}

/** Creates a brand; the Idempotency-Key makes a retried submission create it once. */
export function useCreateBrand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BrandInput; idempotencyKey: string }) =>
      callEndpoint(endpoints.create, { body }, { idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: brandKeys.all }),
  });
}

export function useUpdateBrand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BrandInput }) =>
      callEndpoint(endpoints.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: brandKeys.all }),
  });
}

/** Deletes a brand nothing uses (the server answers 409 IN_USE otherwise). */
export function useDeleteBrand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(endpoints.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: brandKeys.all }),
  });
}
