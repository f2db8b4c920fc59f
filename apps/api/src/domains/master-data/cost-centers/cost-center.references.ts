import type { ReferenceCount } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { countReferences, type ReferenceQuery } from '../references.ts';

/**
 * What refers to a cost centre. Nothing does yet; each area that stores a cost centre id (purchase orders,
 * invoices) adds its count here, and deleting a cost centre it uses is then refused.
 */
export const COST_CENTER_REFERENCES: ReferenceQuery[] = [];

export function referencesOf(db: Kysely<Database>, id: string): Promise<ReferenceCount[]> {
  return countReferences(db, id, COST_CENTER_REFERENCES);
}
