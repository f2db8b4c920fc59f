import type { InventorySummaryFilter, InventorySummaryRow } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { summaryProducts } from './inventory.repository.ts';

/**
 * The inventory summary's value split: stock_levels.value is the FIFO value of both buckets, on hand and in
 * transit; the in-transit part is what the open TRANSIT layers hold (never a deficit: transit stock cannot go
 * below zero), read apart (index stock_layers_transit) so the summary's own query stays as it is. On-hand value
 * is the rest, so on-hand value + in-transit value = value exactly, per row and in the totals.
 */

type Db = Kysely<Database>;

const money = (v: Decimal) => v.toFixed(2);

/** In-transit value per product of a page (to the filter's warehouse, or all). */
async function transitValues(db: Db, productIds: string[], warehouseId: string | undefined) {
  if (!productIds.length) return new Map<string, string>();
  const rows = await db
    .selectFrom('stock_layers as y')
    .select(['y.product_id', sql<string>`sum(y.remaining_value)`.as('value')])
    .where('y.bucket', '=', 'TRANSIT')
    .where('y.product_id', 'in', productIds)
    .$if(!!warehouseId, (q) => q.where('y.warehouse_id', '=', warehouseId as string))
    .groupBy('y.product_id')
    .execute();
  return new Map(rows.map((r) => [r.product_id, r.value]));
}

/** A page of summary rows with their value split into on hand and in transit. */
export async function withValueSplit(
  db: Db,
  rows: Omit<InventorySummaryRow, 'onHandValue' | 'inTransitValue'>[],
  warehouseId: string | undefined,
): Promise<InventorySummaryRow[]> {
  const transit = await transitValues(
    db,
    rows.map((r) => r.productId),
    warehouseId,
  );
  return rows.map((r) => {
    // The row's value is rounded to the penny; the in-transit part is rounded and on hand is the rest, so the
    // two shown always add up to the value shown.
    const inTransit = new Decimal(transit.get(r.productId) ?? 0).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    return { ...r, onHandValue: money(new Decimal(r.value).sub(inTransit)), inTransitValue: money(inTransit) };
  });
}

/** The in-transit value of a whole summary filter. */
export async function transitValueTotal(db: Db, f: InventorySummaryFilter): Promise<Decimal> {
  const productFiltered = !!(f.q || f.brandId || f.inStock === 'true' || f.belowReorder === 'true');
  const row = await db
    .selectFrom('stock_layers as y')
    .select(sql<string>`coalesce(sum(y.remaining_value), 0)`.as('value'))
    .where('y.bucket', '=', 'TRANSIT')
    .$if(!!f.warehouseId, (q) => q.where('y.warehouse_id', '=', f.warehouseId as string))
    .$if(productFiltered, (q) => q.where('y.product_id', 'in', summaryProducts(db, f).select('p.id')))
    .executeTakeFirstOrThrow();
  return new Decimal(row.value);
}

/** Totals with their value split the same way. */
export async function totalsWithValueSplit<T extends { value: string }>(db: Db, f: InventorySummaryFilter, totals: T) {
  const inTransit = (await transitValueTotal(db, f)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return {
    ...totals,
    onHandValue: money(new Decimal(totals.value).sub(inTransit)),
    inTransitValue: money(inTransit),
  };
}
