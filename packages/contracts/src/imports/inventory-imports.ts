import { z } from 'zod';
import { endpoint } from '../platform/endpoint.ts';
import { pageOf, Uuid } from '../platform/pagination.ts';
import { checkMappingColumns, MappingColumn } from './excel-mappings.ts';
import {
  ImportRun,
  ImportRunDetail,
  ImportRunFilter,
  ImportRunListQuery,
  InventoryImportMode,
  StoredFileName,
} from './import-runs.ts';

/**
 * Inventory bulk upload: opening balances and adjustments with cost from an .xlsx, through the same import
 * engine as products (a run, a proposed or saved mapping, every row checked, all or nothing). Each row names a
 * product (SKU or barcode), a warehouse, a bin (empty: stock not in a bin), a quantity, a unit cost and a reason;
 * the run's mode says how the quantity is read. Every row of a good file is posted in one stock posting
 * (source `inventory_import`, the run's id), so the file moves stock all at once or not at all.
 *
 * Who may post: edit_manual_stock, the permission of stock adjustments (signed changes with cost), which is
 * what this is. handle_inventory_stock_process is for counting; its differences are posted by whoever holds
 * approve_inventory_stock_process, so granting it the power to post files would skip that approval.
 * Seeing the page and its history needs view_warehouse (the menu entry's permission).
 *
 * On its run, createdCount counts the rows posted as opening balances (kind OPENING: the bin had no history),
 * updatedCount the rows posted as adjustments; a row whose bin already holds its quantity posts nothing.
 */

export const InventoryImportInput = z
  .object({
    fileName: StoredFileName,
    mappingId: Uuid.nullable().default(null),
    columns: z.array(MappingColumn).max(100).optional(),
    mode: InventoryImportMode.default('set'),
  })
  .superRefine((input, ctx) => {
    if (input.columns) checkMappingColumns('inventory', input.columns, ctx);
  });
export type InventoryImportInput = z.input<typeof InventoryImportInput>;

/** The source type of the ledger rows an inventory upload posts (source id: the run's id). */
export const INVENTORY_IMPORT_SOURCE = 'inventory_import';

const IdParams = z.object({ id: Uuid });
const VIEW = 'view_warehouse';

export const inventoryImportsApi = {
  createInventoryImport: endpoint({
    method: 'POST',
    path: '/api/inventory-imports',
    permission: 'edit_manual_stock',
    tag: 'imports',
    summary:
      'Start importing a stored file as opening balances or adjustments (mode set: the bin’s new quantity; add: a signed change); answers the queued run at once (poll it). All rows post in one stock posting, or none.',
    body: InventoryImportInput,
    response: ImportRun,
    status: 201,
    idempotent: true,
  }),
  listInventoryImports: endpoint({
    method: 'GET',
    path: '/api/inventory-imports',
    permission: VIEW,
    tag: 'imports',
    summary: 'The history of inventory uploads, newest first; search by file name; filter by status',
    query: ImportRunListQuery,
    response: pageOf(ImportRun),
  }),
  exportInventoryImports: endpoint({
    method: 'GET',
    path: '/api/inventory-imports/export',
    permission: VIEW,
    tag: 'imports',
    summary: 'The inventory uploads of a filter as an .xlsx file',
    query: ImportRunFilter,
    response: z.unknown(),
  }),
  inventoryImportTemplate: endpoint({
    method: 'GET',
    path: '/api/inventory-imports/template',
    permission: VIEW,
    tag: 'imports',
    summary: 'An empty .xlsx with the inventory columns, and a sheet explaining each',
    response: z.unknown(),
  }),
  getInventoryImport: endpoint({
    method: 'GET',
    path: '/api/inventory-imports/:id',
    permission: VIEW,
    tag: 'imports',
    summary: 'One inventory upload: status, progress, counts and its first problems',
    params: IdParams,
    response: ImportRunDetail,
  }),
  inventoryImportErrors: endpoint({
    method: 'GET',
    path: '/api/inventory-imports/:id/errors',
    permission: VIEW,
    tag: 'imports',
    summary: "An inventory upload's problems as an .xlsx file (row, column, field, problem)",
    params: IdParams,
    response: z.unknown(),
  }),
};
