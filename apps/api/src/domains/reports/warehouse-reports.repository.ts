import type {
  AgeBucket,
  InventoryDetailFilter,
  InventoryDetailRow,
  ReplenishmentRow,
  StockQuantityFilter,
  StockQuantityRow,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { atOrBelowReorderPoint } from '../stock/index.ts';
import {
  ageOf,
  and,
  bucketOfAge,
  type Db,
  dayStart,
  type Fragment,
  money,
  orderBy,
  productConditions,
  qty,
  TODAY,
} from './report-sql.repository.ts';

/** SQL of the warehouse reports: replenishment, stock quantity per warehouse (pivot), inventory detail by bin. */

const ref = (id: string | null, code: string | null, name: string | null) =>
  id ? { id, code: code ?? '', name: name ?? '' } : null;

// ── Replenishment ────────────────────────────────────────────────────────────────────────────────

export interface ReplenishmentParams {
  q?: string | undefined;
  warehouseId?: string | undefined;
  brandId?: string | undefined;
  sort?: string | undefined;
  days: number;
  leadDays: number;
}

const REPLENISHMENT_SORTS: Record<string, Fragment> = {
  sku: sql`r.sku`,
  name: sql`r.name`,
  warehouse: sql`r.warehouse_code`,
  available: sql`r.available`,
  velocity: sql`r.velocity`,
  daysOfCover: sql`r.days_of_cover`,
  suggestedQuantity: sql`r.suggested`,
  suggestedValue: sql`r.suggested_value`,
};

/**
 * Products at or below their reorder point in a warehouse, by the one rule the inventory summary's filter uses too
 * (stock/reorder-rule.ts: available there ≤ reorder point). Velocity is what ISSUE rows took there over the last `days`
 * days (today included) per day; the suggestion covers the lead time at that velocity and refills to the
 * reorder point, never less than the reorder quantity, rounded up to whole units for products counted in units.
 */
function replenishmentSource(p: ReplenishmentParams): Fragment {
  const since = dayStart(sql`${TODAY} - ${p.days - 1}::int`);
  const where: Fragment[] = [atOrBelowReorderPoint('l', 'p', 'w'), ...productConditions(p)];
  if (p.warehouseId) where.push(sql`l.warehouse_id = ${p.warehouseId}::uuid`);
  return sql`
    WITH sold AS (
      SELECT m.product_id, m.warehouse_id, -sum(m.quantity) AS quantity
      FROM stock_movements m
      -- Sales only: a return to supplier (an RMA's ISSUE rows) is not demand.
      WHERE m.posted_at >= ${since} AND m.kind = 'ISSUE' AND m.source_type <> 'rma'
        ${p.warehouseId ? sql`AND m.warehouse_id = ${p.warehouseId}::uuid` : sql``}
      GROUP BY m.product_id, m.warehouse_id
    ),
    base AS (
      SELECT p.id, p.sku, p.name, p.unit, p.reorder_point, p.reorder_quantity,
        b.id AS brand_id, b.code AS brand_code, b.name AS brand_name,
        w.id AS warehouse_id, w.code AS warehouse_code, w.name AS warehouse_name,
        l.available, l.in_transit, l.available + l.in_transit AS position,
        coalesce(s.quantity, 0) AS sold,
        coalesce(s.quantity, 0) / ${p.days}::numeric AS velocity,
        coalesce(l.last_unit_cost, p.cost_price) AS unit_cost
      FROM stock_levels l
      JOIN products p ON p.id = l.product_id
      JOIN warehouses w ON w.id = l.warehouse_id
      LEFT JOIN brands b ON b.id = p.brand_id
      LEFT JOIN sold s ON s.product_id = l.product_id AND s.warehouse_id = l.warehouse_id
      WHERE ${and(where)}
    ),
    wanted AS (
      SELECT base.*,
        greatest(reorder_quantity, velocity * ${p.leadDays}::numeric + reorder_point - position) AS raw
      FROM base
    ),
    r AS (
      SELECT wanted.*,
        CASE WHEN velocity > 0 THEN round(greatest(position, 0) / velocity, 1) END AS days_of_cover,
        CASE WHEN unit = 'Unit' THEN ceil(raw) ELSE ceil(raw * 10000) / 10000 END AS suggested
      FROM wanted
    )`;
}

export async function findReplenishment(
  db: Db,
  p: ReplenishmentParams,
  limit: number,
  offset: number,
): Promise<{ items: ReplenishmentRow[]; total: number; totals: { quantity: string; value: string } | null }> {
  const { rows } = await sql<{
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
    available: string;
    in_transit: string;
    reorder_point: string;
    reorder_quantity: string;
    sold: string;
    velocity: string;
    days_of_cover: string | null;
    suggested: string;
    suggested_value: string;
    total_rows: string;
    t_quantity: string;
    t_value: string;
  }>`
    ${replenishmentSource(p)}
    SELECT r.*, count(*) OVER () AS total_rows, sum(r.suggested) OVER () AS t_quantity,
      sum(r.suggested_value) OVER () AS t_value
    FROM (SELECT r.*, round(r.suggested * r.unit_cost, 2) AS suggested_value FROM r) r
    ORDER BY ${orderBy(p.sort, REPLENISHMENT_SORTS, 'sku')}, r.sku, r.warehouse_code
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  const first = rows[0];
  return {
    items: rows.map((r) => ({
      productId: r.id,
      sku: r.sku,
      name: r.name,
      unit: r.unit,
      brand: ref(r.brand_id, r.brand_code, r.brand_name),
      warehouse: { id: r.warehouse_id, code: r.warehouse_code, name: r.warehouse_name },
      available: qty(r.available),
      inTransit: qty(r.in_transit),
      reorderPoint: qty(r.reorder_point),
      reorderQuantity: qty(r.reorder_quantity),
      sold: qty(r.sold),
      velocity: new Decimal(r.velocity).toDecimalPlaces(4).toFixed(),
      daysOfCover: r.days_of_cover === null ? null : new Decimal(r.days_of_cover).toFixed(1),
      suggestedQuantity: qty(r.suggested),
      suggestedValue: money(r.suggested_value),
    })),
    total: first ? Number(first.total_rows) : 0,
    totals: first ? { quantity: qty(first.t_quantity), value: money(first.t_value) } : null,
  };
}

export async function replenishmentTotals(db: Db, p: ReplenishmentParams) {
  const { rows } = await sql<{ n: string; q: string; v: string }>`
    ${replenishmentSource(p)}
    SELECT count(*) AS n, coalesce(sum(r.suggested), 0) AS q,
      coalesce(sum(round(r.suggested * r.unit_cost, 2)), 0) AS v
    FROM r`.execute(db);
  const r = rows[0] as { n: string; q: string; v: string };
  return { total: Number(r.n), totals: { quantity: qty(r.q), value: money(r.v) } };
}

// ── Stock quantity per warehouse (pivot) ─────────────────────────────────────────────────────────

const QUANTITY_SORTS: Record<string, Fragment> = {
  sku: sql`p.sku`,
  name: sql`p.name`,
  brand: sql`b.code`,
  total: sql`sum(l.on_hand)`,
  inTransit: sql`sum(l.in_transit)`,
};

function quantityConditions(f: StockQuantityFilter): Fragment[] {
  return [sql`p.kind <> 'SERVICE'`, ...productConditions(f)];
}
const nonZero = (f: StockQuantityFilter) =>
  f.withZero === 'true' ? sql`` : sql`HAVING bool_or(l.on_hand <> 0 OR l.in_transit <> 0)`;

/** One row per product, its on hand per warehouse gathered into one JSON object (the pivot's cells). */
export async function findStockQuantities(
  db: Db,
  f: StockQuantityFilter,
  limit: number,
  offset: number,
): Promise<{ items: StockQuantityRow[]; total: number }> {
  const { rows } = await sql<{
    id: string;
    sku: string;
    name: string;
    unit: string;
    brand_id: string | null;
    brand_code: string | null;
    brand_name: string | null;
    quantities: Record<string, string | number>;
    total: string;
    in_transit: string;
    total_rows: string;
  }>`
    SELECT p.id, p.sku, p.name, p.unit, b.id AS brand_id, b.code AS brand_code, b.name AS brand_name,
      jsonb_object_agg(l.warehouse_id, l.on_hand::text) FILTER (WHERE l.on_hand <> 0) AS quantities,
      sum(l.on_hand) AS total, sum(l.in_transit) AS in_transit, count(*) OVER () AS total_rows
    FROM stock_levels l
    JOIN products p ON p.id = l.product_id
    LEFT JOIN brands b ON b.id = p.brand_id
    WHERE ${and(quantityConditions(f))}
    GROUP BY p.id, b.id
    ${nonZero(f)}
    ORDER BY ${orderBy(f.sort, QUANTITY_SORTS, 'sku')}, p.sku, p.id
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return {
    items: rows.map((r) => ({
      productId: r.id,
      sku: r.sku,
      name: r.name,
      unit: r.unit,
      brand: ref(r.brand_id, r.brand_code, r.brand_name),
      quantities: Object.fromEntries(Object.entries(r.quantities ?? {}).map(([k, v]) => [k, qty(String(v))])),
      total: qty(r.total),
      inTransit: qty(r.in_transit),
    })),
    total: rows[0] ? Number(rows[0].total_rows) : offset > 0 ? await countStockQuantities(db, f) : 0,
  };
}

async function countStockQuantities(db: Db, f: StockQuantityFilter) {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM (
      SELECT 1 FROM stock_levels l JOIN products p ON p.id = l.product_id
      WHERE ${and(quantityConditions(f))} GROUP BY p.id ${nonZero(f)}) g`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The pivot's columns: every warehouse holding stock of the filter, and every active one, each with its
 * total; and the grand totals.
 */
export async function stockQuantityColumns(db: Db, f: StockQuantityFilter) {
  const { rows } = await sql<{ id: string; code: string; name: string; total: string; in_transit: string }>`
    SELECT w.id, w.code, w.name, coalesce(t.total, 0) AS total, coalesce(t.in_transit, 0) AS in_transit
    FROM warehouses w
    LEFT JOIN (
      SELECT l.warehouse_id, sum(l.on_hand) AS total, sum(l.in_transit) AS in_transit
      FROM stock_levels l JOIN products p ON p.id = l.product_id
      WHERE ${and(quantityConditions(f))}
      GROUP BY l.warehouse_id
    ) t ON t.warehouse_id = w.id
    WHERE w.active OR coalesce(t.total, 0) <> 0
    ORDER BY w.code`.execute(db);
  return {
    warehouses: rows.map((r) => ({ id: r.id, code: r.code, name: r.name, total: qty(r.total) })),
    totals: {
      total: rows.reduce((s, r) => s.add(r.total), new Decimal(0)).toFixed(),
      inTransit: rows.reduce((s, r) => s.add(r.in_transit), new Decimal(0)).toFixed(),
    },
  };
}

// ── Inventory detail: bins with the age and value of their warehouse's layers ─────────────────────

const DETAIL_SORTS: Record<string, Fragment> = {
  sku: sql`p.sku`,
  name: sql`p.name`,
  warehouse: sql`w.code`,
  location: sql`loc.code`,
  onHand: sql`bb.on_hand`,
};

function detailConditions(f: InventoryDetailFilter): Fragment[] {
  const where: Fragment[] = [sql`bb.on_hand <> 0`, ...productConditions(f)];
  if (f.warehouseId) where.push(sql`bb.warehouse_id = ${f.warehouseId}::uuid`);
  if (f.locationId) where.push(sql`bb.location_id = ${f.locationId}::uuid`);
  if (f.productId) where.push(sql`bb.product_id = ${f.productId}::uuid`);
  return where;
}

const DETAIL_FROM = sql`
  FROM stock_bin_balances bb
  JOIN products p ON p.id = bb.product_id
  JOIN warehouses w ON w.id = bb.warehouse_id
  LEFT JOIN warehouse_locations loc ON loc.id = bb.location_id
  LEFT JOIN brands b ON b.id = p.brand_id`;

/** The same sorts on the page's columns (the outer query orders what the inner one cut). */
const PAGE_SORTS: Record<string, Fragment> = {
  sku: sql`page.sku`,
  name: sql`page.name`,
  warehouse: sql`page.warehouse_code`,
  location: sql`page.location_code`,
  onHand: sql`page.on_hand`,
};

/**
 * The page of bins is cut first; only then are the layers of each row's product and warehouse summed
 * (stock_layers_fifo, one index range per row), so a page costs the same at any size of the table.
 */
export async function findInventoryDetail(
  db: Db,
  f: InventoryDetailFilter,
  limit: number,
  offset: number,
): Promise<{ items: InventoryDetailRow[]; total: number }> {
  const { rows } = await sql<{
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
    location_id: string | null;
    location_code: string | null;
    location_zone: string | null;
    on_hand: string;
    total_rows: string;
    w_quantity: string | null;
    w_value: string | null;
    consigned: string | null;
    deficit: string | null;
    layers: string;
    oldest: Date | null;
    oldest_age: number | null;
    average_age: string | null;
    oldest_bucket: AgeBucket | null;
  }>`
    WITH page AS (
      SELECT p.id, p.sku, p.name, p.unit, b.id AS brand_id, b.code AS brand_code, b.name AS brand_name,
        w.id AS warehouse_id, w.code AS warehouse_code, w.name AS warehouse_name,
        loc.id AS location_id, loc.code AS location_code, loc.zone AS location_zone, bb.on_hand,
        count(*) OVER () AS total_rows
      ${DETAIL_FROM}
      WHERE ${and(detailConditions(f))}
      ORDER BY ${orderBy(f.sort, DETAIL_SORTS, 'sku')}, p.sku, w.code, loc.code NULLS FIRST
      LIMIT ${limit} OFFSET ${offset}
    )
    SELECT page.*, lay.*,
      CASE WHEN lay.oldest_age IS NOT NULL THEN ${bucketOfAge(sql`lay.oldest_age`)} END AS oldest_bucket
    FROM page
    LEFT JOIN LATERAL (
      SELECT sum(sl.remaining) AS w_quantity, sum(sl.remaining_value) AS w_value,
        coalesce(sum(sl.remaining) FILTER (WHERE sl.owner_partner_id IS NOT NULL), 0) AS consigned,
        coalesce(sum(sl.remaining) FILTER (WHERE sl.remaining < 0), 0) AS deficit,
        count(*) AS layers, min(sl.received_at) AS oldest, max(${ageOf('sl')}) AS oldest_age,
        sum(sl.remaining * ${ageOf('sl')}) / nullif(sum(sl.remaining), 0) AS average_age
      FROM stock_layers sl
      WHERE sl.product_id = page.id AND sl.warehouse_id = page.warehouse_id AND sl.bucket = 'STOCK'
        AND sl.remaining <> 0
    ) lay ON true
    ORDER BY ${orderBy(f.sort, PAGE_SORTS, 'sku')}, page.sku, page.warehouse_code, page.location_code NULLS FIRST`.execute(
    db,
  );
  return {
    items: rows.map((r) => {
      const wQuantity = new Decimal(r.w_quantity ?? 0);
      const wValue = new Decimal(r.w_value ?? 0);
      // The bin's share of the warehouse's value, by quantity (layers are not kept per bin). Layers, deficits
      // included, hold what the bins hold, so a warehouse below zero shares out its negative value the same way.
      const share = wQuantity.isZero() ? new Decimal(0) : wValue.mul(r.on_hand).div(wQuantity);
      return {
        productId: r.id,
        sku: r.sku,
        name: r.name,
        unit: r.unit,
        brand: ref(r.brand_id, r.brand_code, r.brand_name),
        warehouse: { id: r.warehouse_id, code: r.warehouse_code, name: r.warehouse_name },
        location: r.location_id
          ? { id: r.location_id, code: r.location_code ?? '', zone: r.location_zone ?? '' }
          : null,
        onHand: qty(r.on_hand),
        value: share.toFixed(2),
        warehouseOnHand: wQuantity.toFixed(),
        warehouseValue: wValue.toFixed(2),
        consigned: qty(r.consigned),
        deficit: qty(r.deficit),
        layers: Number(r.layers),
        oldestReceivedAt: r.oldest ? r.oldest.toISOString() : null,
        oldestAgeDays: r.oldest_age === null ? null : Number(r.oldest_age),
        averageAgeDays: r.average_age === null ? null : new Decimal(r.average_age).toFixed(1),
        oldestAgeBucket: r.oldest_bucket,
      };
    }),
    total: rows[0] ? Number(rows[0].total_rows) : offset > 0 ? (await inventoryDetailTotals(db, f)).total : 0,
  };
}

/**
 * Totals of the whole filter: bin quantities, and the value of the bins as the page shows it (each bin's
 * share of its warehouse's layers, deficits included), the layers summed once per product and warehouse. The
 * bins of one product and warehouse are shared out together: all of them are exactly its value, with no
 * rounding of a division, so the total is the stock value to the penny.
 */
export async function inventoryDetailTotals(db: Db, f: InventoryDetailFilter) {
  const { rows } = await sql<{ n: string; on_hand: string; value: string }>`
    WITH bins AS (
      SELECT bb.product_id, bb.warehouse_id, bb.on_hand
      ${DETAIL_FROM}
      WHERE ${and(detailConditions(f))}
    ),
    per AS (
      SELECT product_id, warehouse_id, count(*) AS n, sum(on_hand) AS on_hand FROM bins
      GROUP BY product_id, warehouse_id
    ),
    lay AS (
      SELECT sl.product_id, sl.warehouse_id, sum(sl.remaining) AS q, sum(sl.remaining_value) AS v
      FROM stock_layers sl
      WHERE sl.bucket = 'STOCK' AND sl.remaining <> 0
        AND (sl.product_id, sl.warehouse_id) IN (SELECT product_id, warehouse_id FROM per)
      GROUP BY sl.product_id, sl.warehouse_id
    )
    SELECT coalesce(sum(per.n), 0) AS n, coalesce(sum(per.on_hand), 0) AS on_hand,
      coalesce(sum(CASE WHEN lay.q = per.on_hand THEN lay.v WHEN lay.q <> 0 THEN per.on_hand * lay.v / lay.q
        ELSE 0 END), 0) AS value
    FROM per LEFT JOIN lay ON lay.product_id = per.product_id AND lay.warehouse_id = per.warehouse_id`.execute(db);
  const r = rows[0] as { n: string; on_hand: string; value: string };
  return { total: Number(r.n), totals: { onHand: qty(r.on_hand), value: money(r.value) } };
}
