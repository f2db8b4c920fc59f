import type { ReferenceCount } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countTasksUsingLocation } from '../bundles/bundle-task.repository.ts';
import { countReferences, type ReferenceQuery } from '../master-data/references.ts';
import { countMovementsOf } from '../stock/stock.repository.ts';
import { countCountsOfLocation } from '../stock-counts/stock-count.repository.ts';
import { countTransfersOfLocation } from '../stock-transfers/transfer.repository.ts';
import { countConfigsUsingLocation } from './warehouse.repository.ts';

/**
 * What refers to a warehouse location (bin): a warehouse configuration that names it as its default
 * receiving or returns location, and whatever later areas add here (stock ledger rows, goods receipt
 * lines, pick lists …). Deleting a bin with any is refused with 409 IN_USE.
 */
export const LOCATION_REFERENCES: ReferenceQuery[] = [
  { entity: 'warehouse_configuration', count: (db, id) => countConfigsUsingLocation(db, id) },
  { entity: 'stock_movement', count: (db, id) => countMovementsOf(db, 'location_id', id) },
  { entity: 'bundle_task', count: countTasksUsingLocation },
  { entity: 'inventory_transfer', count: countTransfersOfLocation },
  { entity: 'stock_count', count: countCountsOfLocation },
];

export function referencesOfLocation(db: Kysely<Database>, id: string): Promise<ReferenceCount[]> {
  return countReferences(db, id, LOCATION_REFERENCES);
}
