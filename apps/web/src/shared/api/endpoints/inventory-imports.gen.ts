// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `inventoryImportsApi`: method, path and, for a change, the resources it makes stale. */
export const inventoryImportsEndpoints = {
  createInventoryImport: endpointRef<typeof contracts.inventoryImportsApi.createInventoryImport>(
    'POST',
    '/api/inventory-imports',
    [
      '/api/inventory-imports',
      '/api/inventory',
      '/api/manual-stock',
      '/api/stock',
      '/api/inventory-transfers',
      '/api/bundle-tasks',
      '/api/reports',
      '/api/warehouse-reports',
    ],
  ),
  listInventoryImports: endpointRef<typeof contracts.inventoryImportsApi.listInventoryImports>(
    'GET',
    '/api/inventory-imports',
  ),
  exportInventoryImports: endpointRef<typeof contracts.inventoryImportsApi.exportInventoryImports>(
    'GET',
    '/api/inventory-imports/export',
  ),
  inventoryImportTemplate: endpointRef<typeof contracts.inventoryImportsApi.inventoryImportTemplate>(
    'GET',
    '/api/inventory-imports/template',
  ),
  getInventoryImport: endpointRef<typeof contracts.inventoryImportsApi.getInventoryImport>(
    'GET',
    '/api/inventory-imports/:id',
  ),
  inventoryImportErrors: endpointRef<typeof contracts.inventoryImportsApi.inventoryImportErrors>(
    'GET',
    '/api/inventory-imports/:id/errors',
  ),
};
