import {
  type AnalyticsDimension,
  type AnalyticsFilter,
  type AnalyticsPeriod,
  RETURN_TICKET_SOURCE_TYPE,
  SALES_INVOICE_SOURCE_TYPE,
} from '@backoffice/contracts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { BUSINESS_TIME_ZONE, dayEnd, dayStart } from '../../platform/business-day.ts';
import { unknownSort, whitelisted } from '../../platform/pagination.ts';
import { cheapestBase, stockAtFrom } from '../reports/index.ts';

/** SQL of Analytics: the daily facts (recomputed from their sources) and the reads of the dashboard over them. */

type Db = Kysely<Database>;
type Fragment = RawBuilder<unknown>;

const londonDayOf = (column: Fragment) => sql`(${column} AT TIME ZONE ${sql.lit(BUSINESS_TIME_ZONE)})::date`;
/** The value of a ledger row with the revaluations written against it since (a backdated posting's). */
const valueWithRevaluations = sql`(m.value + coalesce((SELECT sum(r.value) FROM stock_movements r
  WHERE r.link_id = m.id AND r.kind = 'REVALUATION'), 0))`;

// ── The facts ────────────────────────────────────────────────────────────────────────────────────

/**
 * The facts of the London days from..to (and of these products only, when given) as the sources say now: lines and
 * ISSUE rows of the invoices shipped on those days, lines and RETURN rows of the tickets received on them, and the
 * sold units' share of the cost adjustments dated on them.
 */
function factsFromSources(from: string, to: string, productIds?: readonly string[]): Fragment {
  const start = dayStart(from);
  const end = dayEnd(to);
  const ofProducts = (column: string) =>
    productIds ? sql`AND ${sql.ref(column)} = ANY(${sql.val(productIds)}::uuid[])` : sql``;
  const shipped = sql`i.status = 'PROCESSED' AND i.shipped_at >= ${start} AND i.shipped_at < ${end}`;
  const received = sql`t.received_at >= ${start} AND t.received_at < ${end} AND t.status <> 'CANCELED'`;
  return sql`
    SELECT ${londonDayOf(sql`i.shipped_at`)} AS day, i.channel, i.warehouse_id, l.product_id,
      round(l.net_amount * i.exchange_rate, 2) AS sales_net, round(l.vat_amount * i.exchange_rate, 2) AS vat,
      0::numeric AS cogs, l.quantity AS units_shipped, 0::numeric AS units_returned, 0::numeric AS returned_cost
    FROM sales_invoices i JOIN sales_invoice_lines l ON l.invoice_id = i.id
    WHERE ${shipped} ${ofProducts('l.product_id')}
    UNION ALL
    SELECT ${londonDayOf(sql`i.shipped_at`)}, i.channel, m.warehouse_id, m.product_id,
      0, 0, -${valueWithRevaluations}, 0, 0, 0
    FROM sales_invoices i
    JOIN stock_movements m ON m.source_type = ${SALES_INVOICE_SOURCE_TYPE} AND m.source_id = i.id::text AND m.kind = 'ISSUE'
    WHERE ${shipped} ${ofProducts('m.product_id')}
    UNION ALL
    SELECT ${londonDayOf(sql`t.received_at`)}, coalesce(si.channel, t.channel), t.warehouse_id, tl.product_id,
      0, 0, 0, 0, tl.quantity, 0
    FROM return_tickets t JOIN return_ticket_lines tl ON tl.ticket_id = t.id
    LEFT JOIN sales_invoices si ON si.id = t.invoice_id
    WHERE ${received} ${ofProducts('tl.product_id')}
    UNION ALL
    SELECT ${londonDayOf(sql`t.received_at`)}, coalesce(si.channel, t.channel), m.warehouse_id, m.product_id,
      0, 0, 0, 0, 0, ${valueWithRevaluations}
    FROM return_tickets t
    LEFT JOIN sales_invoices si ON si.id = t.invoice_id
    JOIN stock_movements m ON m.source_type = ${RETURN_TICKET_SOURCE_TYPE} AND m.source_id = t.id::text AND m.kind = 'RETURN'
    WHERE ${received} ${ofProducts('m.product_id')}
    UNION ALL
    SELECT c.day, c.channel, c.warehouse_id, c.product_id, 0, 0, c.cogs, 0, 0, 0
    FROM (${soldCostAdjustments(from, to, ofProducts('a.product_id'))}) c
    WHERE c.channel IS NOT NULL`;
}

/**
 * The share of later landed costs and price differences that fell on units already sold (cost_of_sales_adjustments,
 * cause SOLD, written on the day of the change: DOMAIN.md, past periods are never reposted), per outbound row it
 * names: each adjustment split over its rows in proportion to their quantities, rounded to 8 places, the largest row
 * taking the remainder so the shares add up to the adjustment exactly. `channel` is null for a row that is not a
 * sales invoice's ISSUE (a write-off, a return to the supplier): that share is not the cost of a sale.
 */
function soldCostAdjustments(from: string, to: string, ofProducts: Fragment): Fragment {
  return sql`
    SELECT s.day, s.channel, s.warehouse_id, s.product_id,
      s.share + CASE WHEN s.rank = 1 THEN s.amount - sum(s.share) OVER (PARTITION BY s.id) ELSE 0 END AS cogs
    FROM (
      SELECT a.id, a.amount, a.posted_on AS day, i.channel, a.warehouse_id, a.product_id,
        round(a.amount * abs(m.quantity) / nullif(sum(abs(m.quantity)) OVER (PARTITION BY a.id), 0), 8) AS share,
        row_number() OVER (PARTITION BY a.id ORDER BY abs(m.quantity) DESC, m.id) AS rank
      FROM cost_of_sales_adjustments a
      JOIN stock_movements m ON m.id = ANY(a.movement_ids)
      LEFT JOIN sales_invoices i ON m.kind = 'ISSUE' AND m.source_type = ${SALES_INVOICE_SOURCE_TYPE}
        AND i.id::text = m.source_id AND i.status = 'PROCESSED'
      WHERE a.cause = 'SOLD' AND a.posted_on BETWEEN ${from}::date AND ${to}::date ${ofProducts}
    ) s`;
}

/**
 * Replaces the facts of the days from..to (of these products only, when given) by what the sources say now, and the
 * days' totals (analytics_daily_totals, migration 0063) by the facts' sums: a recompute, never an increment, so doing
 * it twice changes nothing. Recomputes are serialised by an advisory lock
 * of the transaction, so two servers recomputing one day never interleave their delete and insert. Must run in a
 * transaction. Answers the rows written.
 */
export async function recomputeFacts(
  tx: Db,
  from: string,
  to: string,
  productIds?: readonly string[],
): Promise<number> {
  if (productIds && !productIds.length) return 0;
  await sql`SELECT pg_advisory_xact_lock(hashtext('analytics_daily_facts'))`.execute(tx);
  await sql`DELETE FROM analytics_daily_facts
    WHERE day BETWEEN ${from}::date AND ${to}::date
    ${productIds ? sql`AND product_id = ANY(${sql.val(productIds)}::uuid[])` : sql``}`.execute(tx);
  const result = await sql`
    INSERT INTO analytics_daily_facts
      (day, channel, brand_id, warehouse_id, product_id, sales_net, vat, cogs, units_shipped, units_returned, returned_cost)
    SELECT s.day, s.channel, p.brand_id, s.warehouse_id, s.product_id, sum(s.sales_net), sum(s.vat), sum(s.cogs),
      sum(s.units_shipped), sum(s.units_returned), sum(s.returned_cost)
    FROM (${factsFromSources(from, to, productIds)}) s
    JOIN products p ON p.id = s.product_id
    GROUP BY s.day, s.channel, p.brand_id, s.warehouse_id, s.product_id`.execute(tx);
  // The days' totals without the product, from the facts just written (a day is a few thousand rows).
  await sql`DELETE FROM analytics_daily_totals WHERE day BETWEEN ${from}::date AND ${to}::date`.execute(tx);
  await sql`
    INSERT INTO analytics_daily_totals
      (day, channel, brand_id, warehouse_id, sales_net, vat, cogs, units_shipped, units_returned, returned_cost)
    SELECT day, channel, brand_id, warehouse_id, sum(sales_net), sum(vat), sum(cogs), sum(units_shipped),
      sum(units_returned), sum(returned_cost)
    FROM analytics_daily_facts WHERE day BETWEEN ${from}::date AND ${to}::date
    GROUP BY day, channel, brand_id, warehouse_id`.execute(tx);
  return Number(result.numAffectedRows ?? 0);
}

/** The London day a PROCESSED invoice shipped on and its products (undefined when it is not shipped). */
export async function shippedInvoiceDay(
  db: Db,
  id: string,
): Promise<{ day: string; productIds: string[] } | undefined> {
  const { rows } = await sql<{ day: string; product_ids: string[] }>`
    SELECT ${londonDayOf(sql`i.shipped_at`)}::text AS day,
      array(SELECT DISTINCT l.product_id::text FROM sales_invoice_lines l WHERE l.invoice_id = i.id) AS product_ids
    FROM sales_invoices i WHERE i.id = ${id}::uuid AND i.status = 'PROCESSED' AND i.shipped_at IS NOT NULL`.execute(db);
  const row = rows[0];
  return row ? { day: row.day, productIds: row.product_ids } : undefined;
}

/** The London day a return ticket was received on and its products (undefined when it was not received). */
export async function receivedTicketDay(
  db: Db,
  id: string,
): Promise<{ day: string; productIds: string[] } | undefined> {
  const { rows } = await sql<{ day: string; product_ids: string[] }>`
    SELECT ${londonDayOf(sql`t.received_at`)}::text AS day,
      array(SELECT DISTINCT tl.product_id::text FROM return_ticket_lines tl WHERE tl.ticket_id = t.id) AS product_ids
    FROM return_tickets t WHERE t.id = ${id}::uuid AND t.received_at IS NOT NULL`.execute(db);
  const row = rows[0];
  return row ? { day: row.day, productIds: row.product_ids } : undefined;
}

/** The first and last London day any source has (undefined when there is none). */
export async function sourceDays(db: Db): Promise<{ from: string; to: string } | undefined> {
  const { rows } = await sql<{ first: string | null; last: string | null }>`
    SELECT least(a.first, b.first, c.first)::text AS first, greatest(a.last, b.last, c.last)::text AS last
    FROM (SELECT ${londonDayOf(sql`min(shipped_at)`)} AS first, ${londonDayOf(sql`max(shipped_at)`)} AS last
          FROM sales_invoices WHERE shipped_at IS NOT NULL) a,
         (SELECT ${londonDayOf(sql`min(received_at)`)} AS first, ${londonDayOf(sql`max(received_at)`)} AS last
          FROM return_tickets WHERE received_at IS NOT NULL) b,
         (SELECT min(posted_on) AS first, max(posted_on) AS last
          FROM cost_of_sales_adjustments WHERE cause = 'SOLD') c`.execute(db);
  const row = rows[0];
  return row?.first && row.last ? { from: row.first, to: row.last } : undefined;
}

/** Whether the facts are empty while some source exists (a database that had sales before the facts existed). */
export async function factsMissing(db: Db): Promise<boolean> {
  const { rows } = await sql<{ missing: boolean }>`
    SELECT NOT EXISTS (SELECT 1 FROM analytics_daily_facts)
      AND (EXISTS (SELECT 1 FROM sales_invoices WHERE shipped_at IS NOT NULL)
        OR EXISTS (SELECT 1 FROM return_tickets WHERE received_at IS NOT NULL)) AS missing`.execute(db);
  return rows[0]?.missing ?? false;
}

// ── Reads ────────────────────────────────────────────────────────────────────────────────────────

/** Sums of facts (text, exact). */
export interface FactSums {
  sales_net: string;
  vat: string;
  cogs: string;
  units_shipped: string;
  units_returned: string;
  returned_cost: string;
}

const SUMS = sql`coalesce(sum(f.sales_net), 0)::text AS sales_net, coalesce(sum(f.vat), 0)::text AS vat,
  coalesce(sum(f.cogs), 0)::text AS cogs, coalesce(sum(f.units_shipped), 0)::text AS units_shipped,
  coalesce(sum(f.units_returned), 0)::text AS units_returned, coalesce(sum(f.returned_cost), 0)::text AS returned_cost`;

type Narrowing = Pick<AnalyticsFilter, 'channel' | 'brandId' | 'warehouseId'>;

function factConditions(from: string, to: string, f: Narrowing): Fragment {
  const parts: Fragment[] = [sql`f.day BETWEEN ${from}::date AND ${to}::date`];
  if (f.channel) parts.push(sql`f.channel = ${f.channel}`);
  if (f.brandId) parts.push(sql`f.brand_id = ${f.brandId}::uuid`);
  if (f.warehouseId) parts.push(sql`f.warehouse_id = ${f.warehouseId}::uuid`);
  return sql.join(parts, sql` AND `);
}

/** The facts without the product: what every read that does not group or filter by product sums. */
const TOTALS = sql`analytics_daily_totals`;
const tableOf = (dimension: AnalyticsDimension) => (dimension === 'product' ? sql`analytics_daily_facts` : TOTALS);

export async function factTotals(db: Db, from: string, to: string, f: Narrowing): Promise<FactSums> {
  const { rows } = await sql<FactSums>`
    SELECT ${SUMS} FROM ${TOTALS} f WHERE ${factConditions(from, to, f)}`.execute(db);
  return rows[0] as FactSums;
}

/** The sums per day, ISO week (from its Monday) or month (from its first day), by the bucket's first day. */
export async function factSeries(
  db: Db,
  period: AnalyticsPeriod,
  from: string,
  to: string,
  f: Narrowing,
): Promise<(FactSums & { start: string })[]> {
  const bucket = period === 'day' ? sql`f.day` : sql`date_trunc(${sql.lit(period)}, f.day::timestamp)::date`;
  const { rows } = await sql<FactSums & { start: string }>`
    SELECT ${bucket}::text AS start, ${SUMS}
    FROM ${TOTALS} f WHERE ${factConditions(from, to, f)}
    GROUP BY 1 ORDER BY 1`.execute(db);
  return rows;
}

export interface BreakdownDbRow extends FactSums {
  key: string;
  code: string;
  name: string;
  previous_sales_net: string;
  previous_cogs: string;
  previous_returned_cost: string;
  total_rows: string;
}

const DIMENSION_KEY: Record<AnalyticsDimension, Fragment> = {
  channel: sql`f.channel`,
  brand: sql`coalesce(f.brand_id::text, '')`,
  warehouse: sql`f.warehouse_id::text`,
  product: sql`f.product_id::text`,
};
const DIMENSION_NAMES: Record<AnalyticsDimension, { join: Fragment; code: Fragment; name: Fragment }> = {
  channel: { join: sql``, code: sql`g.key`, name: sql`g.key` },
  brand: {
    join: sql`LEFT JOIN brands b ON b.id::text = g.key`,
    code: sql`coalesce(b.code, '')`,
    name: sql`coalesce(b.name, '')`,
  },
  warehouse: { join: sql`JOIN warehouses w ON w.id::text = g.key`, code: sql`w.code`, name: sql`w.name` },
  product: { join: sql`JOIN products p ON p.id::text = g.key`, code: sql`p.sku`, name: sql`p.name` },
};

/** `field` or `-field` of a whitelist (sales descending when none), as an ORDER BY term; an unknown field is a 400. */
function sortOf(sort: string | undefined, sorts: Record<string, Fragment>): { field: string; order: Fragment } {
  const field = sort ? sort.replace(/^-/, '') : 'salesNet';
  const column = whitelisted(sorts, field);
  if (!column) throw unknownSort(field, sorts);
  const descending = sort ? sort.startsWith('-') : true;
  return { field, order: sql`${column} ${descending ? sql`DESC` : sql`ASC`} NULLS LAST` };
}

/**
 * Runs the product rankings with hashing off for their transaction: summed in product order from the covering
 * indexes (migration 0063) they take half the time the planner's hash of a hundred thousand groups would.
 */
function withoutHashing<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`SET LOCAL enable_hashagg = off`.execute(tx);
    return run(tx);
  });
}

const margin = sql`(g.sales_net - g.cogs + g.returned_cost)`;
const BREAKDOWN_SORTS = (dimension: AnalyticsDimension): Record<string, Fragment> => ({
  code: DIMENSION_NAMES[dimension].code,
  name: DIMENSION_NAMES[dimension].name,
  salesNet: sql`g.sales_net`,
  cogs: sql`(g.cogs - g.returned_cost)`,
  margin,
  marginPercent: sql`(${margin} / nullif(g.sales_net, 0))`,
  unitsShipped: sql`g.units_shipped`,
  unitsReturned: sql`g.units_returned`,
  returnsRate: sql`(g.units_returned / nullif(g.units_shipped, 0))`,
});

/**
 * One page of the sums by a dimension over from..to, with each key's sums of the previous range beside them, names
 * joined to the page's groups only. `currentOnly` keeps the keys with figures in the range. By channel, brand or
 * warehouse it reads the totals; by product, the product facts.
 */
export async function factBreakdown(
  db: Db,
  q: {
    dimension: AnalyticsDimension;
    from: string;
    to: string;
    previousFrom: string;
    previousTo: string;
    filter: Narrowing;
    sort: string | undefined;
    limit: number;
    offset: number;
    currentOnly?: boolean;
    /** With the product dimension: these products only. */
    productIds?: readonly string[];
  },
): Promise<{ rows: BreakdownDbRow[]; total: number }> {
  const names = DIMENSION_NAMES[q.dimension];
  const sorts = BREAKDOWN_SORTS(q.dimension);
  const { order } = sortOf(q.sort, sorts);
  const now = sql`f.day >= ${q.from}::date`;
  const before = sql`f.day < ${q.from}::date`;
  const keysOnly = q.productIds ? sql`AND f.product_id = ANY(${sql.val(q.productIds)}::uuid[])` : sql``;
  const sum = (col: string, when: Fragment) => sql`coalesce(sum(${sql.ref(`f.${col}`)}) FILTER (WHERE ${when}), 0)`;
  const { rows } = await sql<BreakdownDbRow>`
    SELECT g.key, ${names.code} AS code, ${names.name} AS name,
      g.sales_net::text AS sales_net, g.vat::text AS vat, g.cogs::text AS cogs, g.units_shipped::text AS units_shipped,
      g.units_returned::text AS units_returned, g.returned_cost::text AS returned_cost,
      g.previous_sales_net::text AS previous_sales_net, g.previous_cogs::text AS previous_cogs,
      g.previous_returned_cost::text AS previous_returned_cost, count(*) OVER ()::text AS total_rows
    FROM (
      SELECT ${DIMENSION_KEY[q.dimension]} AS key,
        ${sum('sales_net', now)} AS sales_net, ${sum('vat', now)} AS vat, ${sum('cogs', now)} AS cogs,
        ${sum('units_shipped', now)} AS units_shipped, ${sum('units_returned', now)} AS units_returned,
        ${sum('returned_cost', now)} AS returned_cost,
        ${sum('sales_net', before)} AS previous_sales_net, ${sum('cogs', before)} AS previous_cogs,
        ${sum('returned_cost', before)} AS previous_returned_cost,
        bool_or(${now}) AS has_current
      FROM ${tableOf(q.dimension)} f
      WHERE ${factConditions(q.previousFrom, q.to, q.filter)} ${keysOnly}
      GROUP BY 1
    ) g
    ${names.join}
    ${q.currentOnly ? sql`WHERE g.has_current` : sql``}
    ORDER BY ${order}, ${names.code}, g.key
    LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db);
  let total = rows[0] ? Number(rows[0].total_rows) : 0;
  if (!rows[0] && q.offset > 0) {
    const count = await sql<{ n: string }>`
      SELECT count(DISTINCT ${DIMENSION_KEY[q.dimension]})::text AS n FROM ${tableOf(q.dimension)} f
      WHERE ${factConditions(q.previousFrom, q.to, q.filter)} ${keysOnly}`.execute(db);
    total = Number(count.rows[0]?.n ?? 0);
  }
  return { rows, total };
}

/**
 * The products of the highest and of the lowest margin over from..to, `n` of each (ties by product id): one pass
 * grouping the range's product facts by product on their margin, which both lists rank. The sums are taken in
 * product order from the covering index analytics_daily_facts_product (migration 0063) or from the day's range
 * sorted (withoutHashing).
 */
export async function productsByMargin(
  db: Db,
  from: string,
  to: string,
  f: Narrowing,
  n: number,
): Promise<{ top: string[]; bottom: string[] }> {
  const rows = await withoutHashing(db, async (tx) => {
    const result = await sql<{ side: 'top' | 'bottom'; product_id: string }>`
    WITH g AS MATERIALIZED (
      SELECT f.product_id, sum(f.margin) AS margin FROM analytics_daily_facts f
      WHERE ${factConditions(from, to, f)} GROUP BY 1)
    (SELECT 'top' AS side, product_id::text FROM g ORDER BY margin DESC, product_id LIMIT ${n})
    UNION ALL
    (SELECT 'bottom', product_id::text FROM g ORDER BY margin, product_id LIMIT ${n})`.execute(tx);
    return result.rows;
  });
  return {
    top: rows.filter((r) => r.side === 'top').map((r) => r.product_id),
    bottom: rows.filter((r) => r.side === 'bottom').map((r) => r.product_id),
  };
}

/** What a page of products sorts on, from the sums analytics_daily_facts_product_figures holds. */
const PRODUCT_SORTS: Record<string, Fragment> = {
  code: sql`p.sku`,
  name: sql`p.name`,
  salesNet: sql`g.sales_net`,
  cogs: sql`(g.sales_net - g.margin)`,
  margin: sql`g.margin`,
  marginPercent: sql`(g.margin / nullif(g.sales_net, 0))`,
  unitsShipped: sql`g.units_shipped`,
  unitsReturned: sql`g.units_returned`,
  returnsRate: sql`(g.units_returned / nullif(g.units_shipped, 0))`,
};

/**
 * One page of the products with figures over from..to, in the breakdown's sort (ties by product id), and how many
 * there are: their sums from the covering index _product_figures alone (withoutHashing); the page's figures are
 * then read for its products only (factBreakdown with productIds).
 */
export async function productPage(
  db: Db,
  q: { from: string; to: string; filter: Narrowing; sort: string | undefined; limit: number; offset: number },
): Promise<{ productIds: string[]; total: number }> {
  const { field, order } = sortOf(q.sort, PRODUCT_SORTS);
  const named = field === 'code' || field === 'name';
  const where = factConditions(q.from, q.to, q.filter);
  return withoutHashing(db, async (tx) => {
    const { rows } = await sql<{ key: string; total_rows: string }>`
      SELECT g.key::text AS key, count(*) OVER ()::text AS total_rows
      FROM (
        SELECT f.product_id AS key, sum(f.sales_net) AS sales_net, sum(f.margin) AS margin,
          sum(f.units_shipped) AS units_shipped, sum(f.units_returned) AS units_returned
        FROM analytics_daily_facts f WHERE ${where} GROUP BY 1
      ) g
      ${named ? sql`JOIN products p ON p.id = g.key` : sql``}
      ORDER BY ${order}, g.key
      LIMIT ${q.limit} OFFSET ${q.offset}`.execute(tx);
    if (rows[0]) return { productIds: rows.map((r) => r.key), total: Number(rows[0].total_rows) };
    if (q.offset === 0) return { productIds: [], total: 0 };
    const count = await sql<{ n: string }>`
      SELECT count(DISTINCT f.product_id)::text AS n FROM analytics_daily_facts f WHERE ${where}`.execute(tx);
    return { productIds: [], total: Number(count.rows[0]?.n ?? 0) };
  });
}

/**
 * The stock value at the end of a London day over a warehouse and brand, from the stock core's as-at relation (the
 * start that reads the fewest ledger rows: nothing, the balances kept now, or the nearest month-start checkpoint).
 */
export async function stockValueAt(db: Db, day: string, f: Pick<AnalyticsFilter, 'warehouseId' | 'brandId'>) {
  const cut = dayEnd(day);
  const base = await cheapestBase(db, cut);
  const products = f.brandId ? sql`SELECT p.id FROM products p WHERE p.brand_id = ${f.brandId}::uuid` : undefined;
  const { rows } = await sql<{ value: string }>`
    SELECT coalesce(sum(s.value), 0)::text AS value FROM (${stockAtFrom(base, cut, f.warehouseId, products)}) s`.execute(
    db,
  );
  return rows[0]?.value ?? '0';
}
