import type { AreaReferences } from '../../platform/references.ts';
import { countCountsOfLocation, countCountsOfProduct, countCountsOfWarehouse } from './stock-count.repository.ts';

/** Counting sessions hold their warehouse, the bins counted and the products on their lines. */
export const stockCountReferences: AreaReferences = {
  entity: 'stock_count',
  holds: { product: countCountsOfProduct, warehouse: countCountsOfWarehouse, location: countCountsOfLocation },
};
