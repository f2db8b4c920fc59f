import Decimal from 'decimal.js';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { CostChangeKind, CostOfSalesShare } from './fifo.ts';
import type { CostEvent } from './ledger-history.ts';

/** SQL of landed costs and price differences (stock_cost_revaluations) and cost of sales adjustments. */

type Db = Kysely<Database>;

export interface ReceiptRow {
  id: string;
  product_id: string;
  warehouse_id: string;
  quantity: string;
  source_line: string | null;
  posted_at: Date;
}

/**
 * The rows of a source's lines that brought stock in at their own cost (receipts): not brought back from another
 * row, not assembled, not value-only.
 */
export async function receiptRowsOf(db: Db, sourceType: string, sourceId: string, lines: string[]) {
  if (!lines.length) return [];
  const { rows } = await sql<ReceiptRow>`
    SELECT id::text AS id, product_id, warehouse_id, quantity::text AS quantity, source_line, posted_at
    FROM stock_movements
    WHERE source_type = ${sourceType} AND source_id = ${sourceId} AND source_line = ANY(${lines}::text[])
      AND quantity > 0 AND link_id IS NULL AND kind <> 'BUNDLE_PRODUCE'
    ORDER BY id`.execute(db);
  return rows;
}

export interface CostEventWrite {
  kind: CostChangeKind;
  productId: string;
  receiptId: string;
  postedAt: string;
  orderId: string;
  amount: Decimal;
  sourceType: string;
  sourceId: string | null;
  sourceLine: string | null;
  sourceNumber: string;
  reason: string;
  userId: string | null;
}

export async function insertCostEvents(db: Db, events: CostEventWrite[]): Promise<string[]> {
  const ids: string[] = [];
  for (const e of events) {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO stock_cost_revaluations (kind, product_id, receipt_movement_id, posted_at, order_id, amount,
        source_type, source_id, source_line, source_number, reason, user_id)
      VALUES (${e.kind}, ${e.productId}::uuid, ${e.receiptId}::bigint, ${e.postedAt}::timestamptz,
        ${e.orderId}::bigint, ${e.amount.toFixed()}::numeric, ${e.sourceType}, ${e.sourceId}, ${e.sourceLine},
        ${e.sourceNumber}, ${e.reason}, ${e.userId}::uuid)
      RETURNING id::text AS id`.execute(db);
    ids.push((rows[0] as { id: string }).id);
  }
  return ids;
}

export interface StoredCostEvent extends CostEvent {
  sourceType: string;
  sourceId: string | null;
  sourceLine: string | null;
  reason: string;
  userId: string | null;
}

/** A product's cost changes, in the ledger's order. */
export async function costEventsOf(db: Db, productId: string): Promise<StoredCostEvent[]> {
  const { rows } = await sql<{
    id: string;
    kind: CostChangeKind;
    receipt_id: string;
    posted_at: Date;
    order_id: string;
    amount: string;
    source_type: string;
    source_id: string | null;
    source_line: string | null;
    reason: string;
    user_id: string | null;
  }>`
    SELECT id::text AS id, kind, receipt_movement_id::text AS receipt_id, posted_at, order_id::text AS order_id,
      amount::text AS amount, source_type, source_id, source_line, reason, user_id
    FROM stock_cost_revaluations WHERE product_id = ${productId}::uuid ORDER BY posted_at, order_id`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    receiptId: r.receipt_id,
    postedAt: r.posted_at.toISOString(),
    orderId: r.order_id,
    amount: r.amount,
    sourceType: r.source_type,
    sourceId: r.source_id,
    sourceLine: r.source_line,
    reason: r.reason,
    userId: r.user_id,
  }));
}

/** The cost changes of many products (the FIFO stock process), by product. */
export async function costEventsOfProducts(db: Db, productIds: string[]): Promise<Map<string, CostEvent[]>> {
  const out = new Map<string, CostEvent[]>();
  if (!productIds.length) return out;
  const { rows } = await sql<{
    product_id: string;
    id: string;
    kind: CostChangeKind;
    receipt_id: string;
    posted_at: Date;
    order_id: string;
    amount: string;
  }>`
    SELECT product_id, id::text AS id, kind, receipt_movement_id::text AS receipt_id, posted_at,
      order_id::text AS order_id, amount::text AS amount
    FROM stock_cost_revaluations WHERE product_id = ANY(${productIds}::uuid[])
    ORDER BY product_id, posted_at, order_id`.execute(db);
  for (const r of rows) {
    const list = out.get(r.product_id) ?? [];
    list.push({
      id: r.id,
      kind: r.kind,
      receiptId: r.receipt_id,
      postedAt: r.posted_at.toISOString(),
      orderId: r.order_id,
      amount: r.amount,
    });
    out.set(r.product_id, list);
  }
  return out;
}

/** What the cost of sales adjustments of a product hold, per change, warehouse and cause. */
export async function costOfSalesSums(db: Db, productId: string): Promise<Map<string, Decimal>> {
  const { rows } = await sql<{ key: string; amount: string }>`
    SELECT revaluation_id::text || '|' || warehouse_id::text || '|' || cause AS key, sum(amount)::text AS amount
    FROM cost_of_sales_adjustments WHERE product_id = ${productId}::uuid
    GROUP BY revaluation_id, warehouse_id, cause`.execute(db);
  return new Map(rows.map((r) => [r.key, new Decimal(r.amount)]));
}

export const costOfSalesKey = (s: { eventId: string; warehouseId: string; cause: string }) =>
  `${s.eventId}|${s.warehouseId}|${s.cause}`;

export async function insertCostOfSales(
  db: Db,
  productId: string,
  rows: (CostOfSalesShare & { event: StoredCostEvent; userId: string | null })[],
) {
  for (const r of rows)
    await sql`
      INSERT INTO cost_of_sales_adjustments (revaluation_id, kind, cause, product_id, warehouse_id, amount, posted_on,
        posted_at, movement_ids, source_type, source_id, source_line, reason, user_id)
      VALUES (${r.eventId}::bigint, ${r.event.kind}, ${r.cause}, ${productId}::uuid, ${r.warehouseId}::uuid,
        ${r.amount.toFixed()}::numeric,
        (${r.event.postedAt}::timestamptz AT TIME ZONE 'Europe/London')::date, ${r.event.postedAt}::timestamptz,
        ${r.movementIds}::bigint[], ${r.event.sourceType}, ${r.event.sourceId}, ${r.event.sourceLine},
        ${r.event.reason}, ${r.userId}::uuid)`.execute(db);
}

export interface CostOfSalesRow {
  id: string;
  revaluationId: string;
  kind: CostChangeKind;
  cause: string;
  productId: string;
  warehouseId: string;
  amount: string;
  postedOn: string;
  movementIds: string[];
  sourceType: string;
  sourceId: string | null;
  sourceLine: string | null;
  reason: string;
}

/** The cost of sales adjustments of a source (a receipt), or of a product, oldest first. */
export async function findCostOfSales(
  db: Db,
  f: { productId?: string; source?: { type: string; id: string } },
): Promise<CostOfSalesRow[]> {
  const where = [sql`true`];
  if (f.productId) where.push(sql`product_id = ${f.productId}::uuid`);
  if (f.source) where.push(sql`source_type = ${f.source.type} AND source_id = ${f.source.id}`);
  const { rows } = await sql<{
    id: string;
    revaluation_id: string;
    kind: CostChangeKind;
    cause: string;
    product_id: string;
    warehouse_id: string;
    amount: string;
    posted_on: string;
    movement_ids: string[];
    source_type: string;
    source_id: string | null;
    source_line: string | null;
    reason: string;
  }>`
    SELECT id::text AS id, revaluation_id::text AS revaluation_id, kind, cause, product_id, warehouse_id,
      amount::text AS amount, to_char(posted_on, 'YYYY-MM-DD') AS posted_on, movement_ids::text[] AS movement_ids,
      source_type, source_id, source_line, reason
    FROM cost_of_sales_adjustments WHERE ${sql.join(where, sql` AND `)} ORDER BY id`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    revaluationId: r.revaluation_id,
    kind: r.kind,
    cause: r.cause,
    productId: r.product_id,
    warehouseId: r.warehouse_id,
    amount: new Decimal(r.amount).toFixed(),
    postedOn: r.posted_on,
    movementIds: r.movement_ids,
    sourceType: r.source_type,
    sourceId: r.source_id,
    sourceLine: r.source_line,
    reason: r.reason,
  }));
}
