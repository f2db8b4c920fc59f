// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `customersApi`: method, path and, for a change, the resources it makes stale. */
export const customersEndpoints = {
  listCustomers: endpointRef<typeof contracts.customersApi.listCustomers>('GET', '/api/customers'),
  exportCustomers: endpointRef<typeof contracts.customersApi.exportCustomers>('GET', '/api/customers/export'),
  getCustomer: endpointRef<typeof contracts.customersApi.getCustomer>('GET', '/api/customers/:id'),
  createCustomer: endpointRef<typeof contracts.customersApi.createCustomer>('POST', '/api/customers', [
    '/api/customers',
  ]),
  updateCustomer: endpointRef<typeof contracts.customersApi.updateCustomer>('PUT', '/api/customers/:id', [
    '/api/customers',
  ]),
  deleteCustomer: endpointRef<typeof contracts.customersApi.deleteCustomer>('DELETE', '/api/customers/:id', [
    '/api/customers',
  ]),
};
