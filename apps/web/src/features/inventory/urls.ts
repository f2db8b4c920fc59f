import { withQuery } from '../../shared/lib/http.ts';

export const INVENTORY_SUMMARY_PATH = '/inventory/summary';
export const INVENTORY_LIST_PATH = '/inventory/list';

/** The summary's filters in the URL besides page, size, search (q) and sort. */
export const SUMMARY_FILTERS = ['warehouseId', 'brandId', 'inStock', 'belowReorder'] as const;
/** The list's filters in the URL; `nonZero` is absent while zero rows are hidden (the default). */
export const LIST_FILTERS = ['warehouseId', 'locationId', 'productId', 'brandId', 'nonZero'] as const;
/** A product's ledger: warehouse, movement kind and posting days (YYYY-MM-DD). */
export const MOVEMENT_FILTERS = ['warehouseId', 'kind', 'from', 'to'] as const;

type Filters<K extends readonly string[]> = Partial<Record<K[number], string>>;

/** A product's stock and movement history, optionally filtered (a warehouse, say, when coming from a list filtered by it). */
export function productMovementsUrl(productId: string, filters: Filters<typeof MOVEMENT_FILTERS> = {}): string {
  return withQuery(`/inventory/product/${encodeURIComponent(productId)}`, filters);
}

/** The inventory list (product × warehouse × bin), filtered. */
export function inventoryListUrl(filters: Filters<typeof LIST_FILTERS> = {}): string {
  return withQuery(INVENTORY_LIST_PATH, filters);
}

/** Where a page that was opened from a list goes back to: the list as it was, carried in the navigation state. */
export interface BackState {
  backTo?: string;
}
