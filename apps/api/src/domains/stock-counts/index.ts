import type { RouteEntry } from '../../platform/routes.ts';
import { stockCountRoutes } from './stock-count.routes.ts';

export { stockCountReferences } from './stock-count.references.ts';

/** Inventory stock process: counting sessions whose differences post through the stock ledger. */
export const stockCountsRoutes: RouteEntry[] = stockCountRoutes;
