import type { ReferenceCount } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { type ReferenceQuery, referencesTo } from '../../../platform/references.ts';

/**
 * What refers to a business partner from inside this area: nothing. Areas that store a partner id (purchase
 * orders, purchase invoices, settlements, RMAs) register it in app.ts (platform/references.ts), and deleting a
 * partner they use is then refused with 409 IN_USE.
 */
export const BUSINESS_PARTNER_REFERENCES: ReferenceQuery[] = [];

export function referencesOf(db: Kysely<Database>, id: string): Promise<ReferenceCount[]> {
  return referencesTo(db, 'business_partner', id, BUSINESS_PARTNER_REFERENCES);
}
