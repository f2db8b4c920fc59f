import type { ReferenceCount } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { countReferences, type ReferenceQuery } from '../../master-data/references.ts';

/**
 * What refers to a business partner. Nothing does yet; each area that stores a partner id (purchase
 * orders, purchase invoices, settlements, RMAs) adds its count here, and deleting a partner it uses
 * is then refused with 409 IN_USE.
 */
export const BUSINESS_PARTNER_REFERENCES: ReferenceQuery[] = [];

export function referencesOf(db: Kysely<Database>, id: string): Promise<ReferenceCount[]> {
  return countReferences(db, id, BUSINESS_PARTNER_REFERENCES);
}
