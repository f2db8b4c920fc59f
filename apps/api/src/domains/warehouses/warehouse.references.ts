import type { ReferenceCount } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countTasksOfWarehouse } from '../bundles/bundle-task.repository.ts';
import { countDefaultWarehouseSettings } from '../configuration/settings.repository.ts';
import { countReferences, type ReferenceQuery } from '../master-data/references.ts';
import { countMovementsOf } from '../stock/stock.repository.ts';
import { countCountsOfWarehouse } from '../stock-counts/stock-count.repository.ts';
import { countTransfersOfWarehouse } from '../stock-transfers/transfer.repository.ts';

/**
 * What refers to a warehouse: each area that stores a warehouse id (stock ledger, goods receipts,
 * transfers, purchase orders …) adds its count here, and deleting a warehouse it uses is refused.
 * A record that names one of the warehouse's bins names the warehouse too, so the bins' own
 * references need no second list here (and a foreign key to a bin stops the delete regardless).
 */
export const WAREHOUSE_REFERENCES: ReferenceQuery[] = [
  { entity: 'system_configuration', count: (db, id) => countDefaultWarehouseSettings(db, id) },
  { entity: 'stock_movement', count: (db, id) => countMovementsOf(db, 'warehouse_id', id) },
  { entity: 'bundle_task', count: countTasksOfWarehouse },
  { entity: 'inventory_transfer', count: countTransfersOfWarehouse },
  { entity: 'stock_count', count: countCountsOfWarehouse },
];

export function referencesOfWarehouse(db: Kysely<Database>, id: string): Promise<ReferenceCount[]> {
  return countReferences(db, id, WAREHOUSE_REFERENCES);
}
