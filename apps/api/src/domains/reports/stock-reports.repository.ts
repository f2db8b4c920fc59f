import {
  AGE_BUCKETS,
  type AgeBucket,
  type DailyLevelFilter,
  type DailyLevelPage,
  type DailyLevelRow,
  type FifoGroupFilter,
  type FifoGroupRow,
  type FifoLayerRow,
  type FifoValueFilter,
  type FifoValueTotals,
  type ReportOption,
  type StockAndValueFilter,
  type StockAndValueRow,
  type StockTotals,
  type StockValueGroup,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { likePattern } from '../../platform/pagination.ts';
import {
  AGE_BOUNDS,
  ageBucketOf,
  ageBucketOfDays,
  and,
  cheapestBase,
  type Db,
  dayEnd,
  dayStart,
  daysBetween,
  type Fragment,
  inAgeBucket,
  londonDay,
  money,
  orderBy,
  productConditions,
  qty,
  smallerSide,
  stockAtFrom,
  TODAY,
} from './report-sql.repository.ts';

/** SQL of the stock reports: stock and value as at a date, FIFO layers by age, daily levels, filter options. */

const ref = (id: string | null, code: string | null, name: string | null) =>
  id ? { id, code: code ?? '', name: name ?? '' } : null;

export async function londonToday(db: Db): Promise<string> {
  const { rows } = await sql<{ today: string }>`SELECT ${TODAY}::text AS today`.execute(db);
  return (rows[0] as { today: string }).today;
}

// ── Stock and value as at a date ─────────────────────────────────────────────────────────────────

const STOCK_VALUE_SORTS: Record<string, Fragment> = {
  sku: sql`p.sku`,
  name: sql`p.name`,
  warehouse: sql`w.code`,
  brand: sql`b.code`,
  onHand: sql`s.on_hand`,
  inTransit: sql`s.in_transit`,
  value: sql`s.value`,
};

type AsAtFilter = StockAndValueFilter & { asAt: string };

/**
 * The filtered as-at figures of every product × warehouse with stock at the end of the day, narrow
 * (product_id, warehouse_id, on_hand, in_transit, value), the ledger read once from the start that reads the
 * fewest rows (nothing, the balances kept now, or the nearest month-start checkpoint).
 */
async function asAtRows(db: Db, f: AsAtFilter): Promise<Fragment> {
  const cut = dayEnd(f.asAt);
  const base = await cheapestBase(db, cut);
  const products = productConditions(f);
  const ofProducts = products.length ? sql`SELECT p.id FROM products p WHERE ${and(products)}` : undefined;
  return sql`
    SELECT s.product_id, s.warehouse_id, s.on_hand, s.in_transit, s.value
    FROM (${stockAtFrom(base, cut, f.warehouseId, ofProducts)}) s
    WHERE (s.on_hand <> 0 OR s.in_transit <> 0 OR s.value <> 0)`;
}

const pageOrder = (f: AsAtFilter) => {
  const group =
    f.groupBy === 'warehouse' ? sql`w.code, w.id,` : f.groupBy === 'brand' ? sql`b.code NULLS LAST, b.id,` : sql``;
  return sql`${group} ${orderBy(f.sort, STOCK_VALUE_SORTS, 'sku')}, p.id, w.code`;
};

const PAGE_COLUMNS = sql`
  p.id, p.sku, p.name, p.unit, b.id AS brand_id, b.code AS brand_code, b.name AS brand_name,
  w.id AS warehouse_id, w.code AS warehouse_code, w.name AS warehouse_name, s.on_hand, s.in_transit, s.value`;
const PAGE_JOINS = sql`
  JOIN products p ON p.id = s.product_id
  JOIN warehouses w ON w.id = s.warehouse_id
  LEFT JOIN brands b ON b.id = p.brand_id`;

type StockValueDbRow = {
  id: string;
  sku: string;
  name: string;
  unit: string;
  brand_id: string | null;
  brand_code: string | null;
  brand_name: string | null;
  warehouse_id: string;
  warehouse_code: string;
  warehouse_name: string;
  on_hand: string;
  in_transit: string;
  value: string;
};

const toStockValueRow = (r: StockValueDbRow): StockAndValueRow => ({
  productId: r.id,
  sku: r.sku,
  name: r.name,
  unit: r.unit,
  brand: ref(r.brand_id, r.brand_code, r.brand_name),
  warehouse: { id: r.warehouse_id, code: r.warehouse_code, name: r.warehouse_name },
  onHand: qty(r.on_hand),
  inTransit: qty(r.in_transit),
  value: money(r.value),
});

type GroupJson = {
  id: string | null;
  code: string | null;
  name: string | null;
  n: number;
  q: string;
  t: string;
  v: string;
};

/**
 * The page, the count and totals of the whole filter, and the totals per warehouse or brand, in one
 * statement over one reading of the ledger: the as-at figures are materialised once (narrow rows), the
 * totals and groups are aggregates of them, and only the page's rows are joined to names.
 */
export async function stockAndValueReport(
  db: Db,
  f: AsAtFilter,
  by: 'warehouse' | 'brand' | null,
  limit: number,
  offset: number,
): Promise<{ items: StockAndValueRow[]; total: number; totals: StockTotals; groups: StockValueGroup[] }> {
  const groupKey = by === 'warehouse' ? sql`w.id, w.code, w.name` : sql`b.id, b.code, b.name`;
  const groups = by
    ? sql`(
        SELECT json_agg(json_build_object('id', g.id, 'code', g.code, 'name', g.name, 'n', g.n, 'q', g.q::text,
          't', g.t::text, 'v', g.v::text) ORDER BY g.v DESC, g.code NULLS LAST)
        FROM (
          SELECT ${groupKey}, count(*) AS n, sum(s.on_hand) AS q, sum(s.in_transit) AS t, sum(s.value) AS v
          FROM s ${
            // By warehouse the products need not be read at all (every row of s is a product's).
            by === 'warehouse'
              ? sql`JOIN warehouses w ON w.id = s.warehouse_id`
              : sql`JOIN products p ON p.id = s.product_id LEFT JOIN brands b ON b.id = p.brand_id`
          }
          GROUP BY ${groupKey}
        ) g)`
    : sql`NULL::json`;
  const { rows } = await sql<
    StockValueDbRow & {
      t_n: string;
      t_on_hand: string;
      t_in_transit: string;
      t_value: string;
      groups: GroupJson[] | null;
    }
  >`
    WITH s AS MATERIALIZED (${await asAtRows(db, f)}),
    t AS (
      SELECT count(*) AS t_n, coalesce(sum(on_hand), 0) AS t_on_hand, coalesce(sum(in_transit), 0) AS t_in_transit,
        coalesce(sum(value), 0) AS t_value, ${groups} AS groups
      FROM s
    )
    SELECT t.*, page.* FROM t LEFT JOIN LATERAL (
      SELECT ${PAGE_COLUMNS} FROM s ${PAGE_JOINS}
      ORDER BY ${pageOrder(f)}
      LIMIT ${limit} OFFSET ${offset}
    ) page ON true`.execute(db);
  const first = rows[0];
  return {
    items: rows.filter((r) => r.id !== null).map(toStockValueRow),
    total: Number(first?.t_n ?? 0),
    totals: { onHand: qty(first?.t_on_hand), inTransit: qty(first?.t_in_transit), value: money(first?.t_value) },
    groups: (first?.groups ?? []).map((g) => ({
      id: g.id,
      code: g.code ?? '',
      name: g.name ?? '',
      rows: g.n,
      onHand: qty(g.q),
      inTransit: qty(g.t),
      value: money(g.v),
    })),
  };
}

/** Rows only, for exports (every chunk reads the ledger again: exports take large chunks). */
export async function stockAndValueRows(db: Db, f: AsAtFilter, limit: number, offset: number) {
  const { rows } = await sql<StockValueDbRow>`
    SELECT ${PAGE_COLUMNS} FROM (${await asAtRows(db, f)}) s ${PAGE_JOINS}
    ORDER BY ${pageOrder(f)}
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows.map(toStockValueRow);
}

// ── FIFO stock value: open layers and their age ──────────────────────────────────────────────────

/**
 * Every open layer, deficits (negative remaining, provisional value) included: without them the layers would
 * fall short of the stock value by exactly what is owed wherever a level is below zero.
 */
function layerConditions(f: Omit<FifoValueFilter, 'sort'> & { noBrand?: string | undefined }): Fragment[] {
  const where: Fragment[] = [sql`l.remaining <> 0`, ...productConditions(f)];
  if (f.warehouseId) where.push(sql`l.warehouse_id = ${f.warehouseId}::uuid`);
  if (f.productId) where.push(sql`l.product_id = ${f.productId}::uuid`);
  if (f.noBrand === 'true') where.push(sql`p.brand_id IS NULL`);
  if (f.ageBucket) where.push(inAgeBucket('l', f.ageBucket));
  if (f.ownership === 'own') where.push(sql`l.owner_partner_id IS NULL`);
  if (f.ownership === 'consigned') where.push(sql`l.owner_partner_id IS NOT NULL`);
  return where;
}

/** Layers (l) with their product (p) and the age bounds (ab), filtered. */
const layersOf = (f: Omit<FifoValueFilter, 'sort'> & { noBrand?: string | undefined }, joins: Fragment = sql``) => sql`
  FROM stock_layers l JOIN products p ON p.id = l.product_id CROSS JOIN ${AGE_BOUNDS} ${joins}
  WHERE ${and(layerConditions(f))}`;

const LAYER_SORTS: Record<string, Fragment> = {
  sku: sql`p.sku`,
  name: sql`p.name`,
  warehouse: sql`w.code`,
  receivedAt: sql`l.received_at`,
  quantity: sql`l.remaining`,
  unitCost: sql`l.unit_cost`,
  value: sql`l.remaining_value`,
};

type LayerDbRow = {
  origin_movement_id: string;
  seq: number;
  product_id: string;
  sku: string;
  name: string;
  unit: string;
  brand_id: string | null;
  brand_code: string | null;
  brand_name: string | null;
  warehouse_id: string;
  warehouse_code: string;
  warehouse_name: string;
  bucket: string;
  owner_id: string | null;
  owner_code: string | null;
  owner_name: string | null;
  received_at: Date;
  remaining: string;
  unit_cost: string;
  remaining_value: string;
};

/**
 * A page of open layers. Ages are worked out here for the page's rows only (from `today`, London days), so
 * that no row of the filter has its instant converted to a London day in SQL. The count is the totals'.
 */
export async function findLayers(
  db: Db,
  f: Omit<FifoValueFilter, 'sort'> & { sort?: string | undefined },
  today: string,
  limit: number,
  offset: number,
): Promise<FifoLayerRow[]> {
  // "age" sorts youngest first: the reverse of the received date.
  const sort = f.sort === 'age' ? '-receivedAt' : f.sort === '-age' ? 'receivedAt' : f.sort;
  const { rows } = await sql<LayerDbRow>`
    SELECT l.origin_movement_id::text AS origin_movement_id, l.seq, l.product_id, p.sku, p.name, p.unit,
      b.id AS brand_id, b.code AS brand_code, b.name AS brand_name,
      w.id AS warehouse_id, w.code AS warehouse_code, w.name AS warehouse_name, l.bucket,
      bp.id AS owner_id, bp.code AS owner_code, bp.name AS owner_name,
      l.received_at, l.remaining, l.unit_cost, l.remaining_value
    ${layersOf(
      f,
      sql`JOIN warehouses w ON w.id = l.warehouse_id LEFT JOIN brands b ON b.id = p.brand_id
        LEFT JOIN business_partners bp ON bp.id = l.owner_partner_id`,
    )}
    ORDER BY ${orderBy(sort, LAYER_SORTS, 'sku')}, p.sku, l.warehouse_id, l.received_at, l.origin_movement_id, l.seq
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows.map((r) => {
    const ageDays = daysBetween(londonDay(r.received_at), today);
    return {
      movementId: r.origin_movement_id,
      seq: r.seq,
      product: { id: r.product_id, sku: r.sku, name: r.name },
      unit: r.unit,
      brand: ref(r.brand_id, r.brand_code, r.brand_name),
      warehouse: { id: r.warehouse_id, code: r.warehouse_code, name: r.warehouse_name },
      bucket: r.bucket,
      owner: ref(r.owner_id, r.owner_code, r.owner_name),
      receivedAt: r.received_at.toISOString(),
      ageDays,
      ageBucket: ageBucketOfDays(ageDays),
      quantity: qty(r.remaining),
      unitCost: new Decimal(r.unit_cost).toFixed(4),
      value: money(r.remaining_value),
      isDeficit: new Decimal(r.remaining).isNegative(),
    };
  });
}

/**
 * Totals of the whole filter: our stock per age bucket, ours in all (deficits included, so it is the stock
 * value), supplier-owned stock apart, and the deficits within ours.
 */
export async function layerTotals(
  db: Db,
  f: Omit<FifoValueFilter, 'sort'> & { noBrand?: string | undefined },
): Promise<FifoValueTotals> {
  const { rows } = await sql<{
    age_bucket: AgeBucket;
    consigned: boolean;
    deficit: boolean;
    n: string;
    q: string;
    v: string;
  }>`
    SELECT ${ageBucketOf('l')} AS age_bucket, (l.owner_partner_id IS NOT NULL) AS consigned,
      (l.remaining < 0) AS deficit, count(*) AS n, sum(l.remaining) AS q, sum(l.remaining_value) AS v
    ${layersOf(f)}
    GROUP BY 1, 2, 3`.execute(db);
  const sum = (list: typeof rows) => ({
    layers: list.reduce((s, r) => s + Number(r.n), 0),
    quantity: list.reduce((s, r) => s.add(r.q), new Decimal(0)).toFixed(),
    value: list.reduce((s, r) => s.add(r.v), new Decimal(0)).toFixed(2),
  });
  const own = rows.filter((r) => !r.consigned);
  return {
    buckets: AGE_BUCKETS.map((bucket) => ({ bucket, ...sum(own.filter((r) => r.age_bucket === bucket)) })),
    own: sum(own),
    consigned: sum(rows.filter((r) => r.consigned)),
    deficits: sum(own.filter((r) => r.deficit)),
  };
}

/**
 * Own open layers (deficits included) by age bucket, quantity and value, of a warehouse and brand: the ageing of
 * Analytics. Reads the layers alone (products only for a brand), which is all a million layers can afford.
 */
export async function layerAges(
  db: Db,
  f: { warehouseId?: string | undefined; brandId?: string | undefined },
): Promise<{ bucket: AgeBucket; quantity: string; value: string }[]> {
  const where: Fragment[] = [sql`l.remaining <> 0`, sql`l.owner_partner_id IS NULL`];
  if (f.warehouseId) where.push(sql`l.warehouse_id = ${f.warehouseId}::uuid`);
  if (f.brandId) where.push(sql`l.product_id IN (SELECT p.id FROM products p WHERE p.brand_id = ${f.brandId}::uuid)`);
  const { rows } = await sql<{ age_bucket: AgeBucket; q: string; v: string }>`
    SELECT ${ageBucketOf('l')} AS age_bucket, sum(l.remaining)::text AS q, sum(l.remaining_value)::text AS v
    FROM stock_layers l CROSS JOIN ${AGE_BOUNDS}
    WHERE ${and(where)}
    GROUP BY 1`.execute(db);
  return AGE_BUCKETS.map((bucket) => {
    const r = rows.find((x) => x.age_bucket === bucket);
    return { bucket, quantity: new Decimal(r?.q ?? 0).toFixed(), value: new Decimal(r?.v ?? 0).toFixed(2) };
  });
}

const GROUP_SORTS: Record<string, Fragment> = {
  warehouse: sql`w.code`,
  brand: sql`b.code`,
  products: sql`g.products`,
  layers: sql`g.layers`,
  quantity: sql`g.quantity`,
  value: sql`g.value`,
  oldest: sql`g.oldest`,
};

/**
 * Layers summed by warehouse and brand (or by product within them), with value per age bucket: first per
 * product and warehouse (in the order of stock_layers_fifo, so without a sort), then per group; names are
 * joined to the groups only.
 */
export async function findLayerGroups(
  db: Db,
  f: FifoGroupFilter,
  limit: number,
  offset: number,
): Promise<{ items: FifoGroupRow[]; total: number }> {
  const byProduct = f.level === 'product';
  const bucketSums = AGE_BUCKETS.map(
    (bucket, i) =>
      sql`coalesce(sum(l.remaining_value) FILTER (WHERE ${inAgeBucket('l', bucket)}), 0) AS ${sql.ref(`b${i}`)}`,
  );
  const sorts = byProduct ? { ...GROUP_SORTS, sku: sql`p.sku`, name: sql`p.name` } : GROUP_SORTS;
  const { rows } = await sql<{
    warehouse_id: string;
    warehouse_code: string;
    warehouse_name: string;
    brand_id: string | null;
    brand_code: string | null;
    brand_name: string | null;
    id?: string;
    sku?: string;
    name?: string;
    products: string;
    layers: string;
    quantity: string;
    consigned: string;
    deficit: string;
    value: string;
    oldest: Date;
    buckets: string[];
    total_rows: string;
  }>`
    SELECT w.id AS warehouse_id, w.code AS warehouse_code, w.name AS warehouse_name,
      b.id AS brand_id, b.code AS brand_code, b.name AS brand_name ${byProduct ? sql`, p.id, p.sku, p.name` : sql``},
      g.products, g.layers, g.quantity, g.consigned, g.deficit, g.value, g.oldest, g.buckets, g.total_rows
    FROM (
      SELECT x.warehouse_id, x.brand_id ${byProduct ? sql`, x.product_id` : sql``},
        count(*) AS products, sum(x.layers) AS layers, sum(x.quantity) AS quantity, sum(x.consigned) AS consigned,
        sum(x.deficit) AS deficit, sum(x.value) AS value, min(x.oldest) AS oldest,
        ARRAY[${sql.join(AGE_BUCKETS.map((_, i) => sql`sum(${sql.ref(`x.b${i}`)})::text`))}] AS buckets,
        count(*) OVER () AS total_rows
      FROM (
        SELECT l.product_id, l.warehouse_id, p.brand_id, count(*) AS layers,
          coalesce(sum(l.remaining) FILTER (WHERE l.owner_partner_id IS NULL), 0) AS quantity,
          coalesce(sum(l.remaining) FILTER (WHERE l.owner_partner_id IS NOT NULL), 0) AS consigned,
          coalesce(sum(l.remaining) FILTER (WHERE l.remaining < 0), 0) AS deficit,
          sum(l.remaining_value) AS value, min(l.received_at) AS oldest, ${sql.join(bucketSums)}
        ${layersOf(f)}
        GROUP BY l.product_id, l.warehouse_id, p.brand_id
      ) x
      GROUP BY x.warehouse_id, x.brand_id ${byProduct ? sql`, x.product_id` : sql``}
    ) g
    JOIN warehouses w ON w.id = g.warehouse_id
    LEFT JOIN brands b ON b.id = g.brand_id
    ${byProduct ? sql`JOIN products p ON p.id = g.product_id` : sql``}
    ORDER BY ${orderBy(f.sort, sorts, byProduct ? 'sku' : 'warehouse')},
      w.code, b.code NULLS LAST ${byProduct ? sql`, p.sku` : sql``}
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  let total = rows[0] ? Number(rows[0].total_rows) : 0;
  if (!rows[0] && offset > 0) {
    const count = await sql<{ n: string }>`
      SELECT count(DISTINCT (l.warehouse_id, ${byProduct ? sql`l.product_id` : sql`p.brand_id`})) AS n
      ${layersOf(f)}`.execute(db);
    total = Number(count.rows[0]?.n ?? 0);
  }
  return {
    items: rows.map((r) => ({
      warehouse: { id: r.warehouse_id, code: r.warehouse_code, name: r.warehouse_name },
      brand: ref(r.brand_id, r.brand_code, r.brand_name),
      product: byProduct && r.id ? { id: r.id, sku: r.sku ?? '', name: r.name ?? '' } : null,
      products: Number(r.products),
      layers: Number(r.layers),
      quantity: qty(r.quantity),
      consignedQuantity: qty(r.consigned),
      deficitQuantity: qty(r.deficit),
      value: money(r.value),
      oldestReceivedAt: r.oldest.toISOString(),
      bucketValues: AGE_BUCKETS.map((bucket, i) => ({ bucket, value: money(r.buckets[i]) })),
    })),
    total,
  };
}

// ── Daily inventory level ────────────────────────────────────────────────────────────────────────

/**
 * Balances at the end of every day of the range: the opening balance (rows before the range, or the
 * balances kept now less the rows from the range's start on, whichever is smaller), then a running sum of
 * each day's rows, generate_series giving every day (days without a row carry the balance forward). Each
 * day's rows are one range of stock_movements_posted (an index-only scan of its INCLUDE columns), or of
 * stock_movements_product for one product: no row's instant is converted to a London day.
 */
export async function dailyLevels(
  db: Db,
  f: DailyLevelFilter,
): Promise<{ rows: DailyLevelRow[]; totals: DailyLevelPage['totals'] }> {
  const start = dayStart(f.from);
  const movementWhere: Fragment[] = [];
  const levelWhere: Fragment[] = [];
  if (f.productId) {
    movementWhere.push(sql`m.product_id = ${f.productId}::uuid`);
    levelWhere.push(sql`l.product_id = ${f.productId}::uuid`);
  }
  if (f.warehouseId) {
    movementWhere.push(sql`m.warehouse_id = ${f.warehouseId}::uuid`);
    levelWhere.push(sql`l.warehouse_id = ${f.warehouseId}::uuid`);
  }
  const products = productConditions(f);
  if (products.length) {
    const ofProducts = sql`(SELECT p.id FROM products p WHERE ${and(products)})`;
    movementWhere.push(sql`m.product_id IN ${ofProducts}`);
    levelWhere.push(sql`l.product_id IN ${ofProducts}`);
  }
  const sums = sql`
    coalesce(sum(m.quantity) FILTER (WHERE m.bucket = 'STOCK'), 0) AS on_hand,
    coalesce(sum(m.quantity) FILTER (WHERE m.bucket = 'TRANSIT'), 0) AS in_transit,
    coalesce(sum(m.value), 0) AS value`;
  // A single product reads its own rows through stock_movements_product whichever side; otherwise the smaller side.
  const side = f.productId ? 'before' : await smallerSide(db, start);
  const opening =
    side === 'before'
      ? sql`SELECT ${sums} FROM stock_movements m WHERE m.posted_at < ${start} AND ${and(movementWhere)}`
      : sql`
        SELECT k.on_hand - a.on_hand AS on_hand, k.in_transit - a.in_transit AS in_transit, k.value - a.value AS value
        FROM (SELECT coalesce(sum(l.on_hand), 0) AS on_hand, coalesce(sum(l.in_transit), 0) AS in_transit,
                coalesce(sum(l.value), 0) AS value
              FROM stock_levels l WHERE ${and(levelWhere)}) k,
             (SELECT ${sums} FROM stock_movements m WHERE m.posted_at >= ${start} AND ${and(movementWhere)}) a`;
  const { rows } = await sql<{
    day: string;
    on_hand: string;
    in_transit: string;
    value: string;
    received: string;
    issued: string;
    opening_quantity: string;
    opening_value: string;
    t_received: string;
    t_issued: string;
  }>`
    WITH opening AS (${opening}),
    days AS (
      SELECT d::date AS day, ${dayStart(sql`d::date`)} AS t0, ${dayStart(sql`d::date + 1`)} AS t1
      FROM generate_series(${f.from}::date, ${f.to}::date, interval '1 day') d
    ),
    daily AS (
      SELECT days.day, x.*
      FROM days CROSS JOIN LATERAL (
        SELECT coalesce(sum(m.quantity) FILTER (WHERE m.bucket = 'STOCK'), 0) AS on_hand,
          coalesce(sum(m.quantity) FILTER (WHERE m.bucket = 'TRANSIT'), 0) AS in_transit,
          coalesce(sum(m.value), 0) AS value,
          coalesce(sum(m.quantity) FILTER (WHERE m.bucket = 'STOCK' AND m.quantity > 0), 0) AS received,
          coalesce(-sum(m.quantity) FILTER (WHERE m.bucket = 'STOCK' AND m.quantity < 0), 0) AS issued
        FROM stock_movements m
        WHERE m.posted_at >= days.t0 AND m.posted_at < days.t1 AND ${and(movementWhere)}
      ) x
    )
    SELECT daily.day::text AS day,
      o.on_hand + sum(daily.on_hand) OVER w AS on_hand,
      o.in_transit + sum(daily.in_transit) OVER w AS in_transit,
      o.value + sum(daily.value) OVER w AS value,
      daily.received AS received,
      daily.issued AS issued,
      o.on_hand + o.in_transit AS opening_quantity, o.value AS opening_value,
      sum(daily.received) OVER () AS t_received, sum(daily.issued) OVER () AS t_issued
    FROM daily CROSS JOIN opening o
    WINDOW w AS (ORDER BY daily.day ROWS UNBOUNDED PRECEDING)
    ORDER BY daily.day`.execute(db);
  const first = rows[0];
  const last = rows.at(-1);
  return {
    rows: rows.map((r) => ({
      date: r.day,
      onHand: qty(r.on_hand),
      inTransit: qty(r.in_transit),
      value: money(r.value),
      received: qty(r.received),
      issued: qty(r.issued),
    })),
    totals: {
      openingQuantity: qty(first?.opening_quantity),
      openingValue: money(first?.opening_value),
      closingQuantity: last ? new Decimal(last.on_hand).add(last.in_transit).toFixed() : '0',
      closingValue: money(last?.value),
      received: qty(first?.t_received),
      issued: qty(first?.t_issued),
    },
  };
}

// ── Filter options ───────────────────────────────────────────────────────────────────────────────

export async function reportOptions(
  db: Db,
  kind: 'warehouses' | 'brands' | 'products',
  q: string | undefined,
  id: string | undefined,
): Promise<ReportOption[]> {
  const text = q?.trim();
  if (kind === 'products') {
    const where: Fragment[] = [sql`p.kind <> 'SERVICE'`];
    if (id) where.push(sql`p.id = ${id}::uuid`);
    if (text)
      where.push(sql`(p.sku ILIKE ${likePattern(text)} OR p.name ILIKE ${likePattern(text)}
        OR EXISTS (SELECT 1 FROM product_barcodes pb WHERE pb.product_id = p.id AND pb.barcode = ${text}))`);
    const { rows } = await sql<ReportOption>`
      SELECT p.id, p.sku AS code, p.name FROM products p WHERE ${and(where)} ORDER BY p.sku LIMIT 20`.execute(db);
    return rows;
  }
  const table = kind === 'warehouses' ? sql`warehouses` : sql`brands`;
  const where: Fragment[] = [];
  if (id) where.push(sql`t.id = ${id}::uuid`);
  if (text) where.push(sql`(t.code ILIKE ${likePattern(text)} OR t.name ILIKE ${likePattern(text)})`);
  const { rows } = await sql<ReportOption>`
    SELECT t.id, t.code, t.name FROM ${table} t WHERE ${and(where)} ORDER BY t.active DESC, t.code LIMIT 20`.execute(
    db,
  );
  return rows;
}
