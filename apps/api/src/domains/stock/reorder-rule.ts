import { sql } from 'kysely';

/**
 * The one rule for "at or below reorder point", used by the inventory summary's filter and the replenishment
 * report alike, so the two always name the same products.
 *
 * The reorder point is the product's (products.reorder_point: one figure, applied in each warehouse on its own).
 * A product is at or below its reorder point in a warehouse when, there, its stock position (available, that is
 * on hand less reserved, plus what is in transit to that warehouse) is at or below that reorder point. Stock on
 * its way counts, as in Odoo's and ERPNext's reorder rules: otherwise a warehouse with a transfer arriving tomorrow
 * would be told to order again. Only what a rule can act on counts: an active stock item with a reorder point
 * above zero (zero means not watched), in an active warehouse that has held it (a level row).
 *
 * `level`, `product` and `warehouse` are the aliases of stock_levels, products and warehouses in the caller's
 * query.
 */
export function atOrBelowReorderPoint(level = 'l', product = 'p', warehouse = 'w') {
  const l = (c: string) => sql.ref(`${level}.${c}`);
  const p = (c: string) => sql.ref(`${product}.${c}`);
  return sql<boolean>`(${p('kind')} = 'STOCK' AND ${p('active')} AND ${p('reorder_point')} > 0 AND ${sql.ref(
    `${warehouse}.active`,
  )} AND ${l('available')} + ${l('in_transit')} <= ${p('reorder_point')})`;
}

/** The rule in words, as both screens' notes and the API's descriptions say it. */
export const REORDER_RULE_TEXT =
  'A product is at or below its reorder point in a warehouse when its stock position there (available, on hand less reserved, plus stock in transit to it) is at or below the product’s reorder point; only active stock items with a reorder point above zero, in active warehouses.';
