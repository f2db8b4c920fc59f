import type { AreaReferences } from '../../platform/references.ts';
import { countClaimsOfCarrier, countClaimsOfCarrierService } from './shipping-claim.repository.ts';

/** Shipping claims hold their carrier and the carrier service the invoice shipped with. */
export const shippingClaimReferences: AreaReferences = {
  entity: 'shipping_claim',
  holds: { carrier: countClaimsOfCarrier, carrier_service: countClaimsOfCarrierService },
};
