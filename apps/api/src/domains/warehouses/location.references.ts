import type { ReferenceCount } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type ReferenceQuery, referencesTo } from '../../platform/references.ts';
import { countConfigsUsingLocation } from './warehouse.repository.ts';

/**
 * What refers to a warehouse location (bin) from inside this area: a warehouse configuration that names it as
 * its default receiving or returns location. Areas above (stock ledger, transfers, counts, bundling tasks, goods
 * receipt lines, pick lists…) register theirs in app.ts (platform/references.ts). Deleting a bin with any is
 * refused with 409 IN_USE.
 */
export const LOCATION_REFERENCES: ReferenceQuery[] = [
  { entity: 'warehouse_configuration', count: (db, id) => countConfigsUsingLocation(db, id) },
];

export function referencesOfLocation(db: Kysely<Database>, id: string): Promise<ReferenceCount[]> {
  return referencesTo(db, 'location', id, LOCATION_REFERENCES);
}
