import { SALES_CHANNELS } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { BUSINESS_TIME_ZONE, dayEnd, dayStart } from '../../platform/business-day.ts';
import { isLateShipment, lastLateDay } from '../sales-invoices/index.ts';
import { atOrBelowReorderPoint } from '../stock/index.ts';

/**
 * The landing dashboard's reads. Each is one statement that reads only open or recent rows through an index (the
 * open statuses' indexes, the partial index of purchase orders waiting for goods, migration 0061's indexes on the
 * invoice day and the shipment instant); the stock value is the one total that reads every level row, as the
 * inventory summary's total does. Amounts in a foreign currency count in GBP at the document's own rate, rounded to
 * the penny per document.
 */

type Db = Kysely<Database>;

const gbp = (amount: string, rate: string) => sql.raw(`round(${amount} * ${rate}, 2)`);

export interface CountValue {
  count: number;
  value: string;
}

/** Sales invoices per open status, with their gross in GBP. */
export async function salesInvoicesByStatus(db: Db): Promise<Map<string, CountValue>> {
  const { rows } = await sql<{ status: string; n: number; value: string }>`
    SELECT status, count(*)::int AS n, coalesce(sum(${gbp('gross_total', 'exchange_rate')}), 0)::text AS value
    FROM sales_invoices
    WHERE status IN ('PENDING', 'BOOKED', 'READY_FOR_DELIVERY')
    GROUP BY status`.execute(db);
  return new Map(rows.map((r) => [r.status, { count: r.n, value: r.value }]));
}

/** Invoices shipped on the London day `today` (the invoice list's shippedFrom = shippedTo = today). */
export async function shippedOn(db: Db, today: string): Promise<CountValue> {
  const { rows } = await sql<{ n: number; value: string }>`
    SELECT count(*)::int AS n, coalesce(sum(${gbp('gross_total', 'exchange_rate')}), 0)::text AS value
    FROM sales_invoices
    WHERE shipped_at >= ${dayStart(today)} AND shipped_at < ${dayEnd(today)}`.execute(db);
  return { count: rows[0]?.n ?? 0, value: rows[0]?.value ?? '0' };
}

/**
 * Invoices past their channel's dispatch promise on the London day `today` (the sales invoices' one rule, which the
 * list's `late=true` applies), and the latest day received that is late on some channel (the shortest promise's).
 */
export async function lateShipments(db: Db, today: string): Promise<{ count: number; lastDay: string | null }> {
  const day = sql`${today}::date`;
  const lastDays = SALES_CHANNELS.map((channel) => lastLateDay(channel, day));
  const { rows } = await sql<{ n: number; last_day: string | null }>`
    SELECT (SELECT count(*)::int FROM sales_invoices i WHERE ${isLateShipment('i', day)}) AS n,
           to_char(GREATEST(${sql.join(lastDays)}), 'YYYY-MM-DD') AS last_day`.execute(db);
  return { count: rows[0]?.n ?? 0, lastDay: rows[0]?.last_day ?? null };
}

/** Return tickets to receive (OPEN) and to inspect (RECEIVED). */
export async function returnsWaiting(db: Db): Promise<{ open: number; received: number }> {
  const { rows } = await sql<{ open: number; received: number }>`
    SELECT count(*) FILTER (WHERE status = 'OPEN')::int AS open,
           count(*) FILTER (WHERE status = 'RECEIVED')::int AS received
    FROM return_tickets WHERE status IN ('OPEN', 'RECEIVED')`.execute(db);
  return { open: rows[0]?.open ?? 0, received: rows[0]?.received ?? 0 };
}

/**
 * Products at or below their reorder point in at least one warehouse (the stock core's rule). Only watched products
 * (a reorder point above zero: index products_reorder_watched) are counted; the planner probes their level rows by
 * primary key when few are watched and hashes the level rows when most are. Either way this reads the whole
 * catalogue's watched stock (about 0.1 s at 20,000 watched products of 100,000), so the service reuses it for half a
 * minute.
 */
export async function productsAtOrBelowReorderPoint(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM products p
    WHERE p.reorder_point > 0 AND p.kind = 'STOCK' AND p.active
      AND EXISTS (
        SELECT 1 FROM stock_levels l JOIN warehouses w ON w.id = l.warehouse_id
        WHERE l.product_id = p.id AND ${atOrBelowReorderPoint('l', 'p', 'w')}
      )`.execute(db);
  return rows[0]?.n ?? 0;
}

export interface OrdersWaiting {
  type: string;
  due: number;
  overdue: number;
}

/**
 * Purchase orders waiting for goods (APPROVED or PARTIALLY_RECEIVED: the list's awaitingReceipt=true), expected today
 * or before, per order type.
 */
export async function purchaseOrdersWaiting(db: Db, today: string): Promise<OrdersWaiting[]> {
  const { rows } = await sql<OrdersWaiting>`
    SELECT type,
           count(*) FILTER (WHERE expected_date = ${today}::date)::int AS due,
           count(*) FILTER (WHERE expected_date < ${today}::date)::int AS overdue
    FROM purchase_orders
    WHERE status IN ('APPROVED', 'PARTIALLY_RECEIVED') AND expected_date <= ${today}::date
    GROUP BY type`.execute(db);
  return rows;
}

/** Booked supplier invoices with something open, due on or before `dueBy`; the open amount in GBP. */
export async function supplierInvoicesDue(db: Db, dueBy: string): Promise<CountValue> {
  const { rows } = await sql<{ n: number; value: string }>`
    SELECT count(*)::int AS n, coalesce(sum(${gbp('open_amount', 'exchange_rate')}), 0)::text AS value
    FROM purchase_invoices
    WHERE status = 'BOOKED' AND due_date <= ${dueBy}::date AND open_amount > 0`.execute(db);
  return { count: rows[0]?.n ?? 0, value: rows[0]?.value ?? '0' };
}

/** Failed channel messages per account type (the screen that lists them depends on it). */
export async function failedChannelMessages(db: Db): Promise<{ type: string; n: number }[]> {
  const { rows } = await sql<{ type: string; n: number }>`
    SELECT a.type, count(*)::int AS n
    FROM channel_messages m JOIN channel_accounts a ON a.id = m.account_id
    WHERE m.status = 'FAILED'
    GROUP BY a.type`.execute(db);
  return rows;
}

/** The FIFO value of all stock now (stock_levels.value is kept with the layers in every posting). */
export async function stockValue(db: Db): Promise<string> {
  const { rows } = await sql<{ value: string }>`
    SELECT coalesce(sum(value), 0)::text AS value FROM stock_levels`.execute(db);
  return rows[0]?.value ?? '0';
}

/** Gross sales in GBP per invoice day and channel from `from` to `to`, cancelled invoices left out. */
export async function salesPerDay(
  db: Db,
  from: string,
  to: string,
): Promise<{ day: string; channel: string; value: string }[]> {
  const { rows } = await sql<{ day: string; channel: string; value: string }>`
    SELECT to_char(invoice_date, 'YYYY-MM-DD') AS day, channel,
           sum(${gbp('gross_total', 'exchange_rate')})::text AS value
    FROM sales_invoices
    WHERE invoice_date >= ${from}::date AND invoice_date <= ${to}::date AND status <> 'CANCELED'
    GROUP BY invoice_date, channel`.execute(db);
  return rows;
}

/** Invoices shipped per London day and channel since the start of `from`. */
export async function shipmentsPerDay(db: Db, from: string): Promise<{ day: string; channel: string; n: number }[]> {
  const { rows } = await sql<{ day: string; channel: string; n: number }>`
    SELECT to_char((shipped_at AT TIME ZONE ${sql.lit(BUSINESS_TIME_ZONE)})::date, 'YYYY-MM-DD') AS day, channel, count(*)::int AS n
    FROM sales_invoices
    WHERE shipped_at >= ${dayStart(from)}
    GROUP BY 1, channel`.execute(db);
  return rows;
}
