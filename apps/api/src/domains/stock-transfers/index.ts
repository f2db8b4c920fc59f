import type { RouteEntry } from '../../platform/routes.ts';
import { transferRoutes } from './transfer.routes.ts';

export {
  countTransfersOfLocation,
  countTransfersOfProduct,
  countTransfersOfWarehouse,
} from './transfer.repository.ts';

/** Inventory transfers between warehouses: drafts, dispatch into transit, receipts, cancellation. */
export const stockTransfersRoutes: RouteEntry[] = transferRoutes;
