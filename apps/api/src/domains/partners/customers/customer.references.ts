import type { ReferenceCount } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { type ReferenceQuery, referencesTo } from '../../../platform/references.ts';

/**
 * What refers to a customer from inside this area: nothing. Areas that store a customer id (sales invoices,
 * return tickets, credit notes) register it in app.ts (platform/references.ts), and deleting a customer they
 * use is then refused with 409 IN_USE.
 */
export const CUSTOMER_REFERENCES: ReferenceQuery[] = [];

export function referencesOf(db: Kysely<Database>, id: string): Promise<ReferenceCount[]> {
  return referencesTo(db, 'customer', id, CUSTOMER_REFERENCES);
}
