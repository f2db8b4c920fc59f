import type { AreaReferences } from '../../platform/references.ts';
import { countSettlementsOfPartner, countSettlementsOfProcessor } from './settlement.repository.ts';

/** Settlements hold their supplier and the processor that paid. */
export const settlementReferences: AreaReferences = {
  entity: 'purchase_invoice_settlement',
  holds: { business_partner: countSettlementsOfPartner, processor: countSettlementsOfProcessor },
};
