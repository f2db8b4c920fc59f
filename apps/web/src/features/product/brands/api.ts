import type { BrandInput, brandsApi, EndpointQuery } from '@backoffice/contracts';
import { brandsEndpoints as api } from '../../../shared/api/endpoints/brands.gen.ts';
import { downloadEndpoint, useEndpointMutation } from '../../../shared/api/hooks.ts';

export type BrandListQuery = EndpointQuery<typeof brandsApi.listBrands>;
export type BrandFilter = EndpointQuery<typeof brandsApi.exportBrands>;

// The brand picker's lookup; the brands list uses it too, so one change refreshes both.
export { useBrands } from '../../../lookups/api.ts';

/** Downloads the brands of a filter (every page) as .xlsx. */
export function exportBrands(filter: BrandFilter, fileName: string) {
  return downloadEndpoint(api.exportBrands, { query: filter }, fileName);
}

/** Creates a brand; the Idempotency-Key makes a retried submission create it once. */
export function useCreateBrand() {
  return useEndpointMutation(api.createBrand);
}

export function useUpdateBrand() {
  return useEndpointMutation(api.updateBrand, {
    input: ({ id, body }: { id: string; body: BrandInput }) => ({ params: { id }, body }),
  });
}

/** Deletes a brand nothing uses (the server answers 409 IN_USE otherwise). */
export function useDeleteBrand() {
  return useEndpointMutation(api.deleteBrand, { input: (id: string) => ({ params: { id } }) });
}
