import type { RouteEntry } from '../../platform/routes.ts';
import { grnRoutes } from './grn.routes.ts';

export { grnReferences } from './grn.references.ts';

/** Goods received notes: receipts against purchase orders (drafts, posting, cancellation) and fast receiving. */
export const goodsReceivedNotesRoutes: RouteEntry[] = grnRoutes;
export { findInvoiceCharges } from './grn.repository.ts';
export {
  applyLandedCharge,
  type LandedChargePlan,
  type LandedChargeSpec,
  planLandedCharge,
  reverseInvoiceLandedCosts,
} from './landed-cost.service.ts';
