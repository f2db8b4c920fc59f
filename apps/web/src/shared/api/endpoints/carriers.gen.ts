// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `carriersApi`: method, path and, for a change, the resources it makes stale. */
export const carriersEndpoints = {
  listCarriers: endpointRef<typeof contracts.carriersApi.listCarriers>('GET', '/api/shipping-carriers'),
  exportCarriers: endpointRef<typeof contracts.carriersApi.exportCarriers>('GET', '/api/shipping-carriers/export'),
  getCarrier: endpointRef<typeof contracts.carriersApi.getCarrier>('GET', '/api/shipping-carriers/:id'),
  createCarrier: endpointRef<typeof contracts.carriersApi.createCarrier>('POST', '/api/shipping-carriers', [
    '/api/shipping-carriers',
  ]),
  updateCarrier: endpointRef<typeof contracts.carriersApi.updateCarrier>('PUT', '/api/shipping-carriers/:id', [
    '/api/shipping-carriers',
  ]),
  deleteCarrier: endpointRef<typeof contracts.carriersApi.deleteCarrier>('DELETE', '/api/shipping-carriers/:id', [
    '/api/shipping-carriers',
  ]),
};
