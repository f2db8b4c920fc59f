import { AGE_BUCKET_DAYS, AGE_BUCKETS, type AgeBucket } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { BUSINESS_TIME_ZONE, dayStart, TODAY } from '../../platform/business-day.ts';
import { likePattern, unknownSort, whitelisted } from '../../platform/pagination.ts';

/**
 * SQL fragments the report repositories share: the business day (Europe/London), the product filter,
 * the age buckets of layers, and the choice of which side of the ledger to read for a past date.
 */

export type Db = Kysely<Database>;
export type Fragment = RawBuilder<unknown>;

// The business day's fragments are the platform's; the report repositories take them from here with the rest.
export { dayEnd, dayStart, londonDay, TODAY } from '../../platform/business-day.ts';
export const ZONE = BUSINESS_TIME_ZONE;

export const money = (v: string | null | undefined) => new Decimal(v ?? 0).toFixed(2);
export const qty = (v: string | null | undefined) => new Decimal(v ?? 0).toFixed();
export const and = (parts: Fragment[]) => (parts.length ? sql.join(parts, sql` AND `) : sql`true`);

/** Free text (SKU or name contains, barcode equals) and brand, on products aliased `p`. */
export function productConditions(f: { q?: string | undefined; brandId?: string | undefined }): Fragment[] {
  const where: Fragment[] = [];
  if (f.q) {
    const text = f.q;
    where.push(sql`(p.sku ILIKE ${likePattern(text)} OR p.name ILIKE ${likePattern(text)}
      OR EXISTS (SELECT 1 FROM product_barcodes pb WHERE pb.product_id = p.id AND pb.barcode = ${text.trim()}))`);
  }
  if (f.brandId) where.push(sql`p.brand_id = ${f.brandId}::uuid`);
  return where;
}

/** A layer's age in days: London days since it was received (for a page's rows: it converts time zones). */
export const ageOf = (alias: string) =>
  sql`(${TODAY} - (${sql.ref(`${alias}.received_at`)} AT TIME ZONE ${sql.lit(ZONE)})::date)`;

/** The age bucket of an age in days, as the contract names it. */
export function bucketOfAge(age: Fragment): Fragment {
  const cases = AGE_BUCKETS.map((b) => {
    const [, hi] = AGE_BUCKET_DAYS[b];
    return hi === null ? sql`ELSE ${sql.lit(b)}` : sql`WHEN ${age} <= ${sql.lit(hi)} THEN ${sql.lit(b)}`;
  });
  return sql`(CASE ${sql.join(cases, sql` `)} END)`;
}

/** The buckets' upper ages (30, 60, …, 365). */
const UPPER_AGES = AGE_BUCKETS.map((b) => AGE_BUCKET_DAYS[b][1]).filter((hi): hi is number => hi !== null);

/**
 * The first instant each bucket's layers may have been received at, computed once per statement as a
 * one-row relation `ab` (columns d30, d60, …): a layer is at most `hi` days old when received on or after
 * the start of the London day `hi` days ago. Comparing instants per row is cheap; converting each row's
 * instant to a London day is not. OFFSET 0 keeps the planner from pulling the subquery up, which would
 * put the conversions back into every row.
 */
export const AGE_BOUNDS = sql`(SELECT ${sql.join(
  UPPER_AGES.map((hi) => sql`${dayStart(sql`${TODAY} - ${sql.lit(hi)}`)} AS ${sql.ref(`d${hi}`)}`),
)} OFFSET 0) ab`;

/** Layers (alias) of an age bucket, against AGE_BOUNDS; also serves stock_layers_received. */
export function inAgeBucket(alias: string, bucket: AgeBucket): Fragment {
  const [lo, hi] = AGE_BUCKET_DAYS[bucket];
  const column = sql.ref(`${alias}.received_at`);
  const previous = UPPER_AGES.filter((h) => h < lo).at(-1);
  const parts: Fragment[] = [];
  if (hi !== null) parts.push(sql`${column} >= ${sql.ref(`ab.d${hi}`)}`);
  if (previous !== undefined) parts.push(sql`${column} < ${sql.ref(`ab.d${previous}`)}`);
  return parts.length ? sql`(${sql.join(parts, sql` AND `)})` : sql`true`;
}

/** The age bucket of a layer (alias), against AGE_BOUNDS. */
export function ageBucketOf(alias: string): Fragment {
  const cases = AGE_BUCKETS.map((b) => {
    const [, hi] = AGE_BUCKET_DAYS[b];
    return hi === null
      ? sql`ELSE ${sql.lit(b)}`
      : sql`WHEN ${sql.ref(`${alias}.received_at`)} >= ${sql.ref(`ab.d${hi}`)} THEN ${sql.lit(b)}`;
  });
  return sql`(CASE ${sql.join(cases, sql` `)} END)`;
}

/**
 * Which side of the ledger is smaller for a cut at `cut` (an instant as SQL): the rows before it (sum them
 * up from nothing) or the rows at and after it (take them off the balances kept now). The planner's own
 * estimate from the posted_at statistics decides; reading it costs a plan, not a scan.
 */
export async function smallerSide(db: Db, cut: Fragment): Promise<'before' | 'after'> {
  const estimate = async (condition: Fragment) => {
    const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
      EXPLAIN (FORMAT JSON) SELECT 1 FROM stock_movements WHERE ${condition}`.execute(db);
    return rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
  };
  const [before, after] = await Promise.all([estimate(sql`posted_at < ${cut}`), estimate(sql`posted_at >= ${cut}`)]);
  return after <= before ? 'after' : 'before';
}

/**
 * Quantity on hand, in transit and value per product and warehouse at the instant `cut` (rows posted
 * before it), as a relation (product_id, warehouse_id, on_hand, in_transit, value), optionally only of the
 * products a subquery answers. Either the balances kept now less the rows from `cut` on, or the sum of the rows
 * before `cut`, whichever reads fewer rows; both read stock_movements_posted alone (its INCLUDE columns), or
 * stock_movements_warehouse / stock_movements_product when one warehouse or a few products are asked for.
 */
export function stockAt(
  side: 'before' | 'after',
  cut: Fragment,
  warehouseId: string | undefined,
  products?: Fragment,
): Fragment {
  // The product filter goes into the ledger scan itself: a few products read their own rows (stock_movements_product).
  const onWarehouse = sql`${warehouseId ? sql`AND m.warehouse_id = ${warehouseId}::uuid` : sql``}
    ${products ? sql`AND m.product_id IN (${products})` : sql``}`;
  const onLevels = [
    ...(warehouseId ? [sql`l.warehouse_id = ${warehouseId}::uuid`] : []),
    ...(products ? [sql`l.product_id IN (${products})`] : []),
  ];
  if (side === 'after')
    return sql`
      SELECT l.product_id, l.warehouse_id,
        l.on_hand - coalesce(a.on_hand, 0) AS on_hand,
        l.in_transit - coalesce(a.in_transit, 0) AS in_transit,
        l.value - coalesce(a.value, 0) AS value
      FROM stock_levels l
      LEFT JOIN (
        SELECT m.product_id, m.warehouse_id,
          sum(m.quantity) FILTER (WHERE m.bucket = 'STOCK') AS on_hand,
          sum(m.quantity) FILTER (WHERE m.bucket = 'TRANSIT') AS in_transit,
          sum(m.value) AS value
        FROM stock_movements m
        WHERE m.posted_at >= ${cut} ${onWarehouse}
        GROUP BY m.product_id, m.warehouse_id
      ) a ON a.product_id = l.product_id AND a.warehouse_id = l.warehouse_id
      ${onLevels.length ? sql`WHERE ${and(onLevels)}` : sql``}`;
  return sql`
    SELECT m.product_id, m.warehouse_id,
      coalesce(sum(m.quantity) FILTER (WHERE m.bucket = 'STOCK'), 0) AS on_hand,
      coalesce(sum(m.quantity) FILTER (WHERE m.bucket = 'TRANSIT'), 0) AS in_transit,
      sum(m.value) AS value
    FROM stock_movements m
    WHERE m.posted_at < ${cut} ${onWarehouse}
    GROUP BY m.product_id, m.warehouse_id`;
}

/**
 * Where an as-at sum starts: from nothing (the rows before the cut), from the balances kept now (less the rows
 * from the cut on), or from a month-start checkpoint (migration 0024; plus the rows from it to the cut, or less
 * the rows from the cut to it).
 */
export type AsAtBase = { from: 'before' | 'after' } | { from: 'checkpoint'; cut: Date; forward: boolean; rows: number };

/**
 * The start that reads the fewest rows for a cut at `cut`: each candidate costs the rows it starts from (the
 * levels, a checkpoint) plus the ledger rows it adds or takes off, by the planner's estimate from the posted_at
 * statistics (a plan each, not a scan). Of the checkpoints only the nearest on either side can be cheapest.
 */
export async function cheapestBase(db: Db, cut: Fragment): Promise<AsAtBase> {
  const { rows } = await sql<{
    below: Date | null;
    below_rows: number | null;
    above: Date | null;
    above_rows: number | null;
    levels: number;
  }>`
    SELECT b.cut AS below, b.row_count AS below_rows, a.cut AS above, a.row_count AS above_rows,
      greatest((SELECT reltuples FROM pg_class WHERE oid = 'stock_levels'::regclass), 0)::float8 AS levels
    FROM (SELECT 1) one
    LEFT JOIN LATERAL (SELECT cut, row_count FROM stock_checkpoint_cuts WHERE cut <= ${cut} ORDER BY cut DESC LIMIT 1) b ON true
    LEFT JOIN LATERAL (SELECT cut, row_count FROM stock_checkpoint_cuts WHERE cut > ${cut} ORDER BY cut LIMIT 1) a ON true`.execute(
    db,
  );
  const near = rows[0] as {
    below: Date | null;
    below_rows: number | null;
    above: Date | null;
    above_rows: number | null;
    levels: number;
  };
  const estimate = async (condition: Fragment) => {
    const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
      EXPLAIN (FORMAT JSON) SELECT 1 FROM stock_movements WHERE ${condition}`.execute(db);
    return rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
  };
  const candidates: Promise<[AsAtBase, number]>[] = [
    estimate(sql`posted_at < ${cut}`).then((n) => [{ from: 'before' }, n]),
    estimate(sql`posted_at >= ${cut}`).then((n) => [{ from: 'after' }, near.levels + n]),
  ];
  const { below, above } = near;
  if (below)
    candidates.push(
      estimate(sql`posted_at >= ${below} AND posted_at < ${cut}`).then((n) => [
        { from: 'checkpoint', cut: below, forward: true, rows: near.below_rows ?? 0 },
        (near.below_rows ?? 0) + n,
      ]),
    );
  if (above)
    candidates.push(
      estimate(sql`posted_at >= ${cut} AND posted_at < ${above}`).then((n) => [
        { from: 'checkpoint', cut: above, forward: false, rows: near.above_rows ?? 0 },
        (near.above_rows ?? 0) + n,
      ]),
    );
  const costs = await Promise.all(candidates);
  // Ties go to the first candidate: from nothing, then the kept balances, then a checkpoint.
  return costs.reduce((best, c) => (c[1] < best[1] ? c : best))[0];
}

/** stockAt from any start: the same relation (product_id, warehouse_id, on_hand, in_transit, value). */
export function stockAtFrom(
  base: AsAtBase,
  cut: Fragment,
  warehouseId: string | undefined,
  products?: Fragment,
): Fragment {
  if (base.from !== 'checkpoint') return stockAt(base.from, cut, warehouseId, products);
  const onLedger = sql`${warehouseId ? sql`AND m.warehouse_id = ${warehouseId}::uuid` : sql``}
    ${products ? sql`AND m.product_id IN (${products})` : sql``}`;
  const onCheckpoint = sql`${warehouseId ? sql`AND k.warehouse_id = ${warehouseId}::uuid` : sql``}
    ${products ? sql`AND k.product_id IN (${products})` : sql``}`;
  // Going forward the rows from the checkpoint to the cut are added; going back those from the cut to it are taken off.
  const between = base.forward
    ? sql`m.posted_at >= ${base.cut} AND m.posted_at < ${cut}`
    : sql`m.posted_at >= ${cut} AND m.posted_at < ${base.cut}`;
  const sign = base.forward ? sql`+` : sql`-`;
  return sql`
    SELECT coalesce(k.product_id, d.product_id) AS product_id, coalesce(k.warehouse_id, d.warehouse_id) AS warehouse_id,
      coalesce(k.on_hand, 0) ${sign} coalesce(d.on_hand, 0) AS on_hand,
      coalesce(k.in_transit, 0) ${sign} coalesce(d.in_transit, 0) AS in_transit,
      coalesce(k.value, 0) ${sign} coalesce(d.value, 0) AS value
    FROM (
      SELECT k.product_id, k.warehouse_id, k.on_hand, k.in_transit, k.value
      FROM stock_checkpoints k WHERE k.cut = ${base.cut} ${onCheckpoint}
    ) k
    FULL JOIN (
      SELECT m.product_id, m.warehouse_id,
        coalesce(sum(m.quantity) FILTER (WHERE m.bucket = 'STOCK'), 0) AS on_hand,
        coalesce(sum(m.quantity) FILTER (WHERE m.bucket = 'TRANSIT'), 0) AS in_transit,
        sum(m.value) AS value
      FROM stock_movements m
      WHERE ${between} ${onLedger}
      GROUP BY m.product_id, m.warehouse_id
    ) d ON d.product_id = k.product_id AND d.warehouse_id = k.warehouse_id`;
}

/**
 * The ORDER BY of a list from its `sort` (`field` or `-field`) and the list's own whitelist of fields;
 * an unknown field is a 400, as everywhere (platform/pagination.ts).
 */
export function orderBy(sort: string | undefined, columns: Record<string, Fragment>, fallback: string): Fragment {
  const field = sort ? sort.replace(/^-/, '') : fallback;
  const column = whitelisted(columns, field);
  if (!column) throw unknownSort(field, columns);
  return sort?.startsWith('-') ? sql`${column} DESC NULLS LAST` : sql`${column} ASC NULLS LAST`;
}

/** Days from one YYYY-MM-DD day to another (calendar arithmetic). */
export function daysBetween(from: string, to: string): number {
  const day = (d: string) => {
    const [y = 1970, m = 1, dd = 1] = d.split('-').map((part) => Number.parseInt(part, 10));
    return Date.UTC(y, m - 1, dd) / 86_400_000;
  };
  return day(to) - day(from);
}

/** The age bucket of an age in days. */
export function ageBucketOfDays(age: number): AgeBucket {
  return AGE_BUCKETS.find((b) => {
    const [, hi] = AGE_BUCKET_DAYS[b];
    return hi === null || age <= hi;
  }) as AgeBucket;
}
