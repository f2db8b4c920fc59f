import type { ReferenceCount } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { countReferences, type ReferenceQuery } from '../../master-data/references.ts';

/**
 * What refers to a customer. Nothing does yet; each area that stores a customer id (sales invoices,
 * return tickets, credit notes) adds its count here, and deleting a customer it uses is then refused
 * with 409 IN_USE.
 */
export const CUSTOMER_REFERENCES: ReferenceQuery[] = [];

export function referencesOf(db: Kysely<Database>, id: string): Promise<ReferenceCount[]> {
  return countReferences(db, id, CUSTOMER_REFERENCES);
}
