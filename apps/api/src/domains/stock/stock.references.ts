import type { AreaReferences } from '../../platform/references.ts';
import { countMovementsOf } from './stock.repository.ts';

/** The stock ledger holds products, warehouses and bins: any of them with a movement cannot be deleted. */
export const stockReferences: AreaReferences = {
  entity: 'stock_movement',
  holds: {
    product: (db, id) => countMovementsOf(db, 'product_id', id),
    warehouse: (db, id) => countMovementsOf(db, 'warehouse_id', id),
    location: (db, id) => countMovementsOf(db, 'location_id', id),
  },
};
