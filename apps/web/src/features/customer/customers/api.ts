import type { CustomerInput, customersApi, EndpointQuery } from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef, resolveApiPath } from '../../../shared/lib/api.ts';
import { download } from '../../../shared/lib/http.ts';

const endpoints = {
  list: endpointRef<typeof customersApi.listCustomers>('GET', '/api/customers'),
  export: endpointRef<typeof customersApi.exportCustomers>('GET', '/api/customers/export'),
  get: endpointRef<typeof customersApi.getCustomer>('GET', '/api/customers/:id'),
  create: endpointRef<typeof customersApi.createCustomer>('POST', '/api/customers'),
  update: endpointRef<typeof customersApi.updateCustomer>('PUT', '/api/customers/:id'),
  remove: endpointRef<typeof customersApi.deleteCustomer>('DELETE', '/api/customers/:id'),
};

export type CustomerListQuery = EndpointQuery<typeof customersApi.listCustomers>;
export type CustomerFilter = EndpointQuery<typeof customersApi.exportCustomers>;

export const customerKeys = {
  all: ['customers'] as const,
  list: (query: CustomerListQuery) => ['customers', 'list', query] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
};

/** The list; not asked for (`enabled` false) when the user may not see customers. */
export function useCustomers(query: CustomerListQuery, enabled = true) {
  return useQuery({
    queryKey: customerKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCustomer(id: string | undefined, enabled = true) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(endpoints.get, { params: { id: id ?? '' } }, { signal }),
    enabled: enabled && !!id,
    retry: false,
  });
}

/** Downloads the customers of a filter (every page) as .xlsx. */
export function exportCustomers(filter: CustomerFilter, fileName: string) {
  return download(resolveApiPath(endpoints.export.path), filter, fileName);
}

/** Creates a customer; the Idempotency-Key makes a retried submission create it once. */
export function useCreateCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CustomerInput; idempotencyKey: string }) =>
      callEndpoint(endpoints.create, { body }, { idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

export function useUpdateCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CustomerInput }) =>
      callEndpoint(endpoints.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

/** Deletes a customer nothing uses (the server answers 409 IN_USE otherwise). */
export function useDeleteCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(endpoints.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
