import { inventoryImportsApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import {
  exportRunErrors,
  exportRuns,
  getRunDetail,
  importFileEntity,
  importTemplate,
  listRuns,
  queueImport,
} from '../imports/index.ts';
import { ATTACHMENT_READERS } from '../uploads/index.ts';

/** Those who may see the inventory uploads may download the files uploaded. */
ATTACHMENT_READERS[importFileEntity('inventory')] = 'view_warehouse';

const INVENTORY_HELP: Record<string, string> = {
  sku: 'The product’s SKU, or one of its barcodes. Keep this column as text so leading zeros stay.',
  warehouse: 'The warehouse code (Warehouse → Warehouse); the warehouse must be active.',
  location: 'The bin code within that warehouse. Empty: stock not in a bin. A bin that receives stock must be active.',
  quantity:
    'Mode "set": the quantity the bin holds now (0 or more; the difference from the book is posted). Mode "add": a change, + in, − out, not zero. Up to 4 decimals.',
  unitCost:
    'GBP per unit, up to 4 decimals: the cost of units added. Empty: the latest cost in that warehouse, else the product’s cost price; needed when the product has neither.',
  reason: 'Why (up to 500 characters). Empty: "Opening balance" or "Adjustment" and the file name.',
};

export const inventoryImportRoutes: RouteEntry[] = [
  route(inventoryImportsApi.createInventoryImport, ({ body }, ctx) => queueImport(ctx, 'inventory', body)),
  route(inventoryImportsApi.listInventoryImports, ({ query }, ctx) => listRuns(ctx.db, 'inventory', query)),
  route(inventoryImportsApi.exportInventoryImports, ({ query }, ctx) => exportRuns(ctx, 'inventory', query)),
  route(inventoryImportsApi.inventoryImportTemplate, (_input, ctx) =>
    importTemplate(ctx, 'inventory', {
      sheetName: 'Inventory',
      help: INVENTORY_HELP,
      textFields: ['sku', 'warehouse', 'location'],
      fileName: 'inventory-upload-template.xlsx',
    }),
  ),
  route(inventoryImportsApi.getInventoryImport, ({ params }, ctx) => getRunDetail(ctx.db, 'inventory', params.id)),
  route(inventoryImportsApi.inventoryImportErrors, ({ params }, ctx) => exportRunErrors(ctx, 'inventory', params.id)),
];
