import type { EndpointQuery, ProductInput, productsApi } from '@backoffice/contracts';
import { productsEndpoints as api } from '../../../shared/api/endpoints/products.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';

export type ProductListQuery = EndpointQuery<typeof productsApi.listProducts>;
export type ProductFilter = EndpointQuery<typeof productsApi.exportProducts>;

export function useProducts(query: ProductListQuery) {
  return useEndpointQuery(api.listProducts, { query }, { keepPreviousData: true });
}

/** One product with its barcodes, components and images (for the form); nothing while `id` is null. */
export function useProduct(id: string | null) {
  return useEndpointQuery(
    api.getProduct,
    { params: { id: id ?? '' } },
    // The form edits what the server has now, not a cached copy.
    { enabled: id !== null, staleTime: 0, gcTime: 0 },
  );
}

/** Downloads the products of a filter (every page) as .xlsx. */
export function exportProducts(filter: ProductFilter, fileName: string) {
  return downloadEndpoint(api.exportProducts, { query: filter }, fileName);
}

/** Creates a product; the Idempotency-Key makes a retried submission create it once. */
export function useCreateProduct() {
  return useEndpointMutation(api.createProduct);
}

export function useUpdateProduct() {
  return useEndpointMutation(api.updateProduct, {
    input: ({ id, body }: { id: string; body: ProductInput }) => ({ params: { id }, body }),
  });
}

/** Deletes a product nothing uses (the server answers 409 IN_USE otherwise). */
export function useDeleteProduct() {
  return useEndpointMutation(api.deleteProduct, { input: (id: string) => ({ params: { id } }) });
}
