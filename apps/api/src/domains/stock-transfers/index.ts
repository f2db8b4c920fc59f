import type { RouteEntry } from '../../platform/routes.ts';
import { transferRoutes } from './transfer.routes.ts';

export { transferReferences } from './transfer.references.ts';

/** Inventory transfers between warehouses: drafts, dispatch into transit, receipts, cancellation. */
export const stockTransfersRoutes: RouteEntry[] = transferRoutes;
