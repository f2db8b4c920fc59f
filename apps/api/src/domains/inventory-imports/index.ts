import type { RouteEntry } from '../../platform/routes.ts';
import { inventoryImportRoutes } from './inventory-import.routes.ts';

export { runInventoryImport } from './inventory.import.ts';

/** Inventory bulk upload: opening balances and adjustments from .xlsx, through the import engine and one posting. */
export const inventoryImportsRoutes: RouteEntry[] = inventoryImportRoutes;
