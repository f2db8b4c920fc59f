import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { RouteEntry } from '../../platform/routes.ts';
import { runInventoryImport } from '../inventory-imports/inventory.import.ts';
import { runProductImport } from '../products/product.import.ts';
import { registerImportJobs } from './import-jobs.ts';
import { excelMappingRoutes, productImportRoutes } from './imports.routes.ts';

/** Excel mappings, import files and the product import (inventory and invoice imports come with their areas). */
export const importsRoutes: RouteEntry[] = [...excelMappingRoutes, ...productImportRoutes];

/** The server's import job runner with each kind's job. */
export function registerImports(app: FastifyInstance, db: Db) {
  registerImportJobs(app, db, { products: runProductImport, inventory: runInventoryImport });
}
