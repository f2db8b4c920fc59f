// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `importsApi`: method, path and, for a change, the resources it makes stale. */
export const importsEndpoints = {
  uploadImportFile: endpointRef<typeof contracts.importsApi.uploadImportFile>('POST', '/api/import-files', [
    '/api/import-files',
  ]),
  createProductImport: endpointRef<typeof contracts.importsApi.createProductImport>('POST', '/api/product-imports', [
    '/api/product-imports',
    '/api/products',
  ]),
  listProductImports: endpointRef<typeof contracts.importsApi.listProductImports>('GET', '/api/product-imports'),
  exportProductImports: endpointRef<typeof contracts.importsApi.exportProductImports>(
    'GET',
    '/api/product-imports/export',
  ),
  productImportTemplate: endpointRef<typeof contracts.importsApi.productImportTemplate>(
    'GET',
    '/api/product-imports/template',
  ),
  getProductImport: endpointRef<typeof contracts.importsApi.getProductImport>('GET', '/api/product-imports/:id'),
  productImportErrors: endpointRef<typeof contracts.importsApi.productImportErrors>(
    'GET',
    '/api/product-imports/:id/errors',
  ),
};
