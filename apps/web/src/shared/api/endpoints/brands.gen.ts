// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `brandsApi`: method, path and, for a change, the resources it makes stale. */
export const brandsEndpoints = {
  listBrands: endpointRef<typeof contracts.brandsApi.listBrands>('GET', '/api/brands'),
  exportBrands: endpointRef<typeof contracts.brandsApi.exportBrands>('GET', '/api/brands/export'),
  getBrand: endpointRef<typeof contracts.brandsApi.getBrand>('GET', '/api/brands/:id'),
  createBrand: endpointRef<typeof contracts.brandsApi.createBrand>('POST', '/api/brands', ['/api/brands']),
  updateBrand: endpointRef<typeof contracts.brandsApi.updateBrand>('PUT', '/api/brands/:id', ['/api/brands']),
  deleteBrand: endpointRef<typeof contracts.brandsApi.deleteBrand>('DELETE', '/api/brands/:id', ['/api/brands']),
};
