// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `productsApi`: method, path and, for a change, the resources it makes stale. */
export const productsEndpoints = {
  listProducts: endpointRef<typeof contracts.productsApi.listProducts>('GET', '/api/products'),
  exportProducts: endpointRef<typeof contracts.productsApi.exportProducts>('GET', '/api/products/export'),
  lookupProducts: endpointRef<typeof contracts.productsApi.lookupProducts>('GET', '/api/products/lookup'),
  getProduct: endpointRef<typeof contracts.productsApi.getProduct>('GET', '/api/products/:id'),
  createProduct: endpointRef<typeof contracts.productsApi.createProduct>('POST', '/api/products', [
    '/api/products',
    '/api/purchasing-lookups',
  ]),
  updateProduct: endpointRef<typeof contracts.productsApi.updateProduct>('PUT', '/api/products/:id', [
    '/api/products',
    '/api/purchasing-lookups',
  ]),
  deleteProduct: endpointRef<typeof contracts.productsApi.deleteProduct>('DELETE', '/api/products/:id', [
    '/api/products',
    '/api/purchasing-lookups',
  ]),
};
