import { countTasksUsingProduct } from '../bundles/bundle-task.repository.ts';
import type { ReferenceQuery } from '../master-data/references.ts';
import { countMovementsOf } from '../stock/stock.repository.ts';
import { countCountsOfProduct } from '../stock-counts/stock-count.repository.ts';
import { countTransfersOfProduct } from '../stock-transfers/transfer.repository.ts';
import { countBundlesUsing, countProductsOfBrand } from './product.repository.ts';

/**
 * What refers to a product. Each area that stores a product id (stock ledger, purchase orders,
 * sales invoices…) adds its count here; deleting a product it uses is then refused with 409 IN_USE.
 */
export const PRODUCT_REFERENCES: ReferenceQuery[] = [
  { entity: 'bundle', count: countBundlesUsing },
  { entity: 'stock_movement', count: (db, id) => countMovementsOf(db, 'product_id', id) },
  { entity: 'bundle_task', count: countTasksUsingProduct },
  { entity: 'inventory_transfer', count: countTransfersOfProduct },
  { entity: 'stock_count', count: countCountsOfProduct },
];

/** Products carrying a brand: a brand in use cannot be deleted (see BRAND_REFERENCES). */
export const PRODUCTS_OF_BRAND: ReferenceQuery = { entity: 'product', count: countProductsOfBrand };
