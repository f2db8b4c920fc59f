import type { ImportKind } from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';
import type { RouteEntry } from '../../platform/routes.ts';
import { type ImportJobHandler, registerImportJobs } from './import-jobs.ts';
import { excelMappingRoutes, productImportRoutes } from './imports.routes.ts';

export { mappingById, mappingsOfKind } from './excel-mapping.repository.ts';
// The import engine for the areas that import a sheet (products, inventory): they stand on it, not it on them.
export type { ImportJob, ImportJobHandler } from './import-jobs.ts';
export { fileContent, finishRun } from './import-run.repository.ts';
export {
  exportRunErrors,
  exportRuns,
  getRunDetail,
  importFileEntity,
  importTemplate,
  listRuns,
  queueImport,
} from './import-run.service.ts';
export { type CellResult, decimalCell, type MappedRow, readMappedRows } from './mapped-rows.ts';
export { estimateDataRows } from './sheet-head.ts';

/** Excel mappings, import files and the product import (inventory and invoice imports come with their areas). */
export const importsRoutes: RouteEntry[] = [...excelMappingRoutes, ...productImportRoutes];

/**
 * Imports on the server's job runner, with each kind's job (the runner is registered first, in app.ts, which
 * hands over the jobs of the areas that import).
 */
export function registerImports(app: FastifyInstance, jobs: Partial<Record<ImportKind, ImportJobHandler>>) {
  registerImportJobs(app, jobs);
}
