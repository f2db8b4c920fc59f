// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `purchasingLookupsApi`: method, path and, for a change, the resources it makes stale. */
export const purchasingLookupsEndpoints = {
  lookupSuppliers: endpointRef<typeof contracts.purchasingLookupsApi.lookupSuppliers>(
    'GET',
    '/api/purchasing-lookups/suppliers',
  ),
  lookupProducts: endpointRef<typeof contracts.purchasingLookupsApi.lookupProducts>(
    'GET',
    '/api/purchasing-lookups/products',
  ),
  lookupWarehouses: endpointRef<typeof contracts.purchasingLookupsApi.lookupWarehouses>(
    'GET',
    '/api/purchasing-lookups/warehouses',
  ),
  lookupCarrierServices: endpointRef<typeof contracts.purchasingLookupsApi.lookupCarrierServices>(
    'GET',
    '/api/purchasing-lookups/carrier-services',
  ),
  lookupLocations: endpointRef<typeof contracts.purchasingLookupsApi.lookupLocations>(
    'GET',
    '/api/purchasing-lookups/warehouses/:id/locations',
  ),
};
