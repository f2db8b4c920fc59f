import type { RouteEntry } from '../../platform/routes.ts';
import { purchaseOrderRoutes } from './purchase-order.routes.ts';

export { purchaseOrderReferences } from './purchase-order.references.ts';
export { getPurchaseOrder } from './purchase-order.service.ts';

/** Purchase orders of the four types: drafts, approval, sending to the supplier, closing, cancelling. */
export const purchaseOrdersRoutes: RouteEntry[] = purchaseOrderRoutes;
