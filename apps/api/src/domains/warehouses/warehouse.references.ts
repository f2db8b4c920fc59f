import type { ReferenceCount } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type ReferenceQuery, referencesTo } from '../../platform/references.ts';

/**
 * What refers to a warehouse from inside this area: nothing. Areas that store a warehouse id (system
 * configuration, stock ledger, transfers, counts, bundling tasks, goods receipts, purchase orders…) register it
 * in app.ts (platform/references.ts), and deleting a warehouse they use is refused. A record that names one of
 * the warehouse's bins names the warehouse too, so the bins' own references need no second list here (and a
 * foreign key to a bin stops the delete regardless).
 */
export const WAREHOUSE_REFERENCES: ReferenceQuery[] = [];

export function referencesOfWarehouse(db: Kysely<Database>, id: string): Promise<ReferenceCount[]> {
  return referencesTo(db, 'warehouse', id, WAREHOUSE_REFERENCES);
}
