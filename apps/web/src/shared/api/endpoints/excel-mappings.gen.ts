// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `excelMappingsApi`: method, path and, for a change, the resources it makes stale. */
export const excelMappingsEndpoints = {
  listExcelMappings: endpointRef<typeof contracts.excelMappingsApi.listExcelMappings>('GET', '/api/excel-mappings'),
  exportExcelMappings: endpointRef<typeof contracts.excelMappingsApi.exportExcelMappings>(
    'GET',
    '/api/excel-mappings/export',
  ),
  getExcelMapping: endpointRef<typeof contracts.excelMappingsApi.getExcelMapping>('GET', '/api/excel-mappings/:id'),
  createExcelMapping: endpointRef<typeof contracts.excelMappingsApi.createExcelMapping>('POST', '/api/excel-mappings', [
    '/api/excel-mappings',
  ]),
  updateExcelMapping: endpointRef<typeof contracts.excelMappingsApi.updateExcelMapping>(
    'PUT',
    '/api/excel-mappings/:id',
    ['/api/excel-mappings'],
  ),
  deleteExcelMapping: endpointRef<typeof contracts.excelMappingsApi.deleteExcelMapping>(
    'DELETE',
    '/api/excel-mappings/:id',
    ['/api/excel-mappings'],
  ),
};
