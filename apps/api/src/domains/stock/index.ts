import type { RouteEntry } from '../../platform/routes.ts';
import { stockRoutes } from './stock.routes.ts';

export { checkStock } from './check.service.ts';
export { adjustStock, costForFound } from './override.service.ts';
export { type PostedMovement, type Posting, type PostLine, post } from './posting.service.ts';

/** Stock: the ledger, its balances and FIFO layers, the inventory lists, overrides and reservations. */
export const stockAreaRoutes: RouteEntry[] = stockRoutes;
