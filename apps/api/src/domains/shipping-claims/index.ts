import type { RouteEntry } from '../../platform/routes.ts';
import { shippingClaimRoutes } from './shipping-claim.routes.ts';

export { shippingClaimReferences } from './shipping-claim.references.ts';

/** Shipping claims against carriers: open, evidence, submit, approve or reject, paid; the list, export and PDF. */
export const shippingClaimsRoutes: RouteEntry[] = shippingClaimRoutes;
