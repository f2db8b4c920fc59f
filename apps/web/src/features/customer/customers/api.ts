import type { CustomerInput, customersApi, EndpointQuery } from '@backoffice/contracts';
import { customersEndpoints as api } from '../../../shared/api/endpoints/customers.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';

export type CustomerListQuery = EndpointQuery<typeof customersApi.listCustomers>;
export type CustomerFilter = EndpointQuery<typeof customersApi.exportCustomers>;

/** The list; not asked for (`enabled` false) when the user may not see customers. */
export function useCustomers(query: CustomerListQuery, enabled = true) {
  return useEndpointQuery(api.listCustomers, { query }, { keepPreviousData: true, enabled });
}

export function useCustomer(id: string | undefined, enabled = true) {
  return useEndpointQuery(api.getCustomer, { params: { id: id ?? '' } }, { enabled: enabled && !!id, retry: false });
}

/** Downloads the customers of a filter (every page) as .xlsx. */
export function exportCustomers(filter: CustomerFilter, fileName: string) {
  return downloadEndpoint(api.exportCustomers, { query: filter }, fileName);
}

/** Creates a customer; the Idempotency-Key makes a retried submission create it once. */
export function useCreateCustomer() {
  return useEndpointMutation(api.createCustomer);
}

export function useUpdateCustomer() {
  return useEndpointMutation(api.updateCustomer, {
    input: ({ id, body }: { id: string; body: CustomerInput }) => ({ params: { id }, body }),
  });
}

/** Deletes a customer nothing uses (the server answers 409 IN_USE otherwise). */
export function useDeleteCustomer() {
  return useEndpointMutation(api.deleteCustomer, { input: (id: string) => ({ params: { id } }) });
}
