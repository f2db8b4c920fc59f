import type { RouteEntry } from '../../platform/routes.ts';
import { rmaRoutes } from './rma.routes.ts';

export { rmaReferences } from './rma.references.ts';
/** A supplier's credits with something left (from RMA credits), oldest first: what settlements offset. */
export { supplierCredits } from './rma.service.ts';

/** Returns to supplier (RMA): drafts, approval, shipping at the receipt's cost, credit or replacement, PDF. */
export const rmasRoutes: RouteEntry[] = rmaRoutes;
