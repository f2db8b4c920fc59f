import type { EndpointQuery, ProductInput, ProductLookupQuery, productsApi } from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef, resolveApiPath } from '../../../shared/lib/api.ts';
import { download } from '../../../shared/lib/http.ts';

const endpoints = {
  list: endpointRef<typeof productsApi.listProducts>('GET', '/api/products'),
  export: endpointRef<typeof productsApi.exportProducts>('GET', '/api/products/export'),
  lookup: endpointRef<typeof productsApi.lookupProducts>('GET', '/api/products/lookup'),
  get: endpointRef<typeof productsApi.getProduct>('GET', '/api/products/:id'),
  create: endpointRef<typeof productsApi.createProduct>('POST', '/api/products'),
  update: endpointRef<typeof productsApi.updateProduct>('PUT', '/api/products/:id'),
  remove: endpointRef<typeof productsApi.deleteProduct>('DELETE', '/api/products/:id'),
};

export type ProductListQuery = EndpointQuery<typeof productsApi.listProducts>;
export type ProductFilter = EndpointQuery<typeof productsApi.exportProducts>;

export const productKeys = {
  all: ['products'] as const,
  list: (query: ProductListQuery) => ['products', 'list', query] as const,
  one: (id: string) => ['products', 'one', id] as const,
  lookup: (query: ProductLookupQuery) => ['products', 'lookup', query] as const,
};

export function useProducts(query: ProductListQuery) {
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One product with its barcodes, components and images (for the form); nothing while `id` is null. */
export function useProduct(id: string | null) {
  return useQuery({
    queryKey: productKeys.one(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(endpoints.get, { params: { id: id ?? '' } }, { signal }),
    enabled: id !== null,
    // The form edits what the server has now, not a cached copy.
    staleTime: 0,
    gcTime: 0,
  });
}

/** A picker's search: a few products by SKU prefix, name or barcode. */
export function useProductLookup(query: ProductLookupQuery, enabled = true) {
  return useQuery({
    queryKey: productKeys.lookup(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.lookup, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
  });
}

/** Downloads the products of a filter (every page) as .xlsx. */
export function exportProducts(filter: ProductFilter, fileName: string) {
  return download(resolveApiPath(endpoints.export.path), filter, fileName);
}

/** Creates a product; the Idempotency-Key makes a retried submission create it once. */
export function useCreateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ProductInput; idempotencyKey: string }) =>
      callEndpoint(endpoints.create, { body }, { idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useUpdateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProductInput }) =>
      callEndpoint(endpoints.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: productKeys.all }),
  });
}

/** Deletes a product nothing uses (the server answers 409 IN_USE otherwise). */
export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(endpoints.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: productKeys.all }),
  });
}
