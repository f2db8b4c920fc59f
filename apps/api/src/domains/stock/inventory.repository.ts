import type {
  InventoryListFilter,
  InventoryListRow,
  InventorySummaryFilter,
  InventorySummaryRow,
  MovementQuery,
  StockMovement,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { dayEnd, dayStart } from '../../platform/business-day.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';
import { textMatches } from '../products/index.ts';
import { atOrBelowReorderPoint } from './reorder-rule.ts';

/** SQL of the inventory lists and a product's movement history. */

type Db = Kysely<Database>;

const money = (v: string | null | undefined) => new Decimal(v ?? 0).toFixed(2);
const qty = (v: string | null | undefined) => new Decimal(v ?? 0).toFixed();

const SUMMARY_SORTS = {
  sku: 'p.sku',
  name: 'p.name',
  onHand: 's.on_hand',
  available: 's.available',
  reserved: 's.reserved',
  short: 's.short',
  inTransit: 's.in_transit',
  value: 's.value',
} as const;

/**
 * SKU or name contains the text, as a condition on the product row itself: PostgreSQL answers it with one
 * BitmapOr of the two trigram indexes (migration 0006) and checks the product's other conditions in the same
 * pass, or, for a common word, walks the products in SKU order and stops at the page's end. Digits may also
 * be the start of a barcode (another table): then the matching ids come from the indexes of both tables.
 */
function textOnProduct(db: Db, text: string) {
  if (/^\d{3,14}$/.test(text)) return sql<boolean>`p.id IN (${textMatches(db, text)})`;
  return sql<boolean>`(p.sku LIKE ${likePattern(text.toUpperCase())} OR p.name ILIKE ${likePattern(text)})`;
}

function productFilter(db: Db, f: { q?: string; brandId?: string }) {
  let query = db
    .selectFrom('products as p')
    .leftJoin('brands as b', 'b.id', 'p.brand_id')
    .where('p.kind', '<>', 'SERVICE');
  if (f.q) query = query.where(textOnProduct(db, f.q.trim()));
  if (f.brandId) query = query.where('p.brand_id', '=', f.brandId);
  return query;
}

/** The levels of one product over the filter's warehouses (or all), summed. */
function levelsOf(db: Db, warehouseId: string | undefined) {
  return db
    .selectFrom('stock_levels as l')
    .select([
      sql<string>`coalesce(sum(l.on_hand), 0)`.as('on_hand'),
      sql<string>`coalesce(sum(l.reserved), 0)`.as('reserved'),
      sql<string>`coalesce(sum(l.reserved_short), 0)`.as('short'),
      sql<string>`coalesce(sum(l.available), 0)`.as('available'),
      sql<string>`coalesce(sum(l.in_transit), 0)`.as('in_transit'),
      sql<string>`coalesce(sum(l.consigned), 0)`.as('consigned'),
      sql<string>`coalesce(sum(l.value), 0)`.as('value'),
    ])
    .where(sql<boolean>`l.product_id = p.id`)
    .$if(!!warehouseId, (q) => q.where('l.warehouse_id', '=', warehouseId as string));
}

/** Every product's levels summed over the filter's warehouses (or all), in one grouped pass. */
function groupedLevels(db: Db, warehouseId: string | undefined) {
  return db
    .selectFrom('stock_levels as l')
    .select([
      'l.product_id',
      sql<string>`sum(l.on_hand)`.as('on_hand'),
      sql<string>`sum(l.reserved)`.as('reserved'),
      sql<string>`sum(l.reserved_short)`.as('short'),
      sql<string>`sum(l.available)`.as('available'),
      sql<string>`sum(l.in_transit)`.as('in_transit'),
      sql<string>`sum(l.consigned)`.as('consigned'),
      sql<string>`sum(l.value)`.as('value'),
    ])
    .$if(!!warehouseId, (q) => q.where('l.warehouse_id', '=', warehouseId as string))
    .groupBy('l.product_id');
}

/**
 * The summary's products: the stock filters are EXISTS tests on a product's own level rows (primary key
 * lookups), so a page of products is found first and only its levels are summed.
 */
export function summaryProducts(db: Db, f: InventorySummaryFilter) {
  let query = productFilter(db, f);
  const wh = f.warehouseId;
  if (f.inStock === 'true')
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('stock_levels as l')
          .select(sql`1`.as('x'))
          .whereRef('l.product_id', '=', 'p.id')
          .where(sql<boolean>`(l.on_hand <> 0 OR l.in_transit <> 0)`)
          .$if(!!wh, (q) => q.where('l.warehouse_id', '=', wh as string)),
      ),
    );
  // At or below the reorder point in at least one warehouse (of the filter): the rule of reorder-rule.ts.
  if (f.belowReorder === 'true')
    query = query.where(
      sql<boolean>`EXISTS (SELECT 1 FROM stock_levels l JOIN warehouses w ON w.id = l.warehouse_id
        WHERE l.product_id = p.id ${wh ? sql`AND l.warehouse_id = ${wh}::uuid` : sql``}
          AND ${atOrBelowReorderPoint('l', 'p', 'w')})`,
    );
  return query;
}

export async function findSummary(db: Db, f: InventorySummaryFilter, limit: number, offset: number) {
  const sort = parseSort(f.sort, SUMMARY_SORTS, { column: 'p.sku', direction: 'asc' });
  // By SKU or name, a page of products is found first and only its levels are summed; a figure's order needs
  // every product's sums, which one grouped pass over the levels gives faster than a lookup per product.
  // By value over every warehouse, products come in the order of the value kept per product (migration 0024,
  // its own index), so a page is found as by SKU.
  const byKeptValue = sort.column === 's.value' && !f.warehouseId;
  const byFigure = sort.column !== 'p.sku' && sort.column !== 'p.name' && !byKeptValue;
  const base = byKeptValue
    ? summaryProducts(db, f).innerJoin('stock_product_values as v', 'v.product_id', 'p.id')
    : summaryProducts(db, f);
  const joined = byFigure
    ? base.leftJoin(groupedLevels(db, f.warehouseId).as('s'), 's.product_id', 'p.id')
    : base.leftJoinLateral(
        () => levelsOf(db, f.warehouseId).as('s'),
        (join) => join.onTrue(),
      );
  const rows = await joined
    .select([
      'p.id',
      'p.sku',
      'p.name',
      'p.unit',
      'p.reorder_point',
      'b.id as brand_id',
      'b.code as brand_code',
      'b.name as brand_name',
      's.on_hand',
      's.reserved',
      's.short',
      's.available',
      's.in_transit',
      's.consigned',
      's.value',
    ])
    // Products with no level rows count as zero, wherever the direction puts them.
    .orderBy(
      byKeptValue ? sql.ref('v.value') : byFigure ? sql`coalesce(${sql.ref(sort.column)}, 0)` : sql.ref(sort.column),
      sort.direction,
    )
    .orderBy(byKeptValue ? sql.ref('v.product_id') : sql.ref('p.id'))
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(
    (r): Omit<InventorySummaryRow, 'onHandValue' | 'inTransitValue'> => ({
      productId: r.id,
      sku: r.sku,
      name: r.name,
      brand: r.brand_id ? { id: r.brand_id, code: r.brand_code ?? '', name: r.brand_name ?? '' } : null,
      unit: r.unit,
      onHand: qty(r.on_hand),
      reserved: qty(r.reserved),
      short: qty(r.short),
      available: qty(r.available),
      inTransit: qty(r.in_transit),
      consigned: qty(r.consigned),
      value: money(r.value),
      reorderPoint: qty(r.reorder_point),
    }),
  );
}

export async function countSummary(db: Db, f: InventorySummaryFilter): Promise<number> {
  const row = await summaryProducts(db, f).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The figures of the whole filter; without a product filter, straight from the levels. */
export async function summaryTotals(db: Db, f: InventorySummaryFilter) {
  // The totals take the list's filter as it is; a sort the list would refuse is refused here too.
  parseSort(f.sort, SUMMARY_SORTS, { column: 'p.sku', direction: 'asc' });
  const productFiltered = !!(f.q || f.brandId || f.inStock === 'true' || f.belowReorder === 'true');
  let query = db
    .selectFrom('stock_levels as l')
    .select([
      sql<string>`coalesce(sum(l.on_hand), 0)`.as('on_hand'),
      sql<string>`coalesce(sum(l.reserved), 0)`.as('reserved'),
      sql<string>`coalesce(sum(l.reserved_short), 0)`.as('short'),
      sql<string>`coalesce(sum(l.available), 0)`.as('available'),
      sql<string>`coalesce(sum(l.in_transit), 0)`.as('in_transit'),
      sql<string>`coalesce(sum(l.value), 0)`.as('value'),
    ]);
  if (f.warehouseId) query = query.where('l.warehouse_id', '=', f.warehouseId);
  if (productFiltered) query = query.where('l.product_id', 'in', summaryProducts(db, f).select('p.id'));
  const [row, products] = await Promise.all([query.executeTakeFirstOrThrow(), countSummary(db, f)]);
  return {
    products,
    onHand: qty(row.on_hand),
    reserved: qty(row.reserved),
    short: qty(row.short),
    available: qty(row.available),
    inTransit: qty(row.in_transit),
    value: money(row.value),
  };
}

const LIST_SORTS = {
  sku: 'p.sku',
  name: 'p.name',
  warehouse: 'w.code',
  location: 'loc.code',
  onHand: 'bb.on_hand',
} as const;

function listQuery(db: Db, f: InventoryListFilter) {
  let query = productFilter(db, f)
    .innerJoin('stock_bin_balances as bb', 'bb.product_id', 'p.id')
    .innerJoin('warehouses as w', 'w.id', 'bb.warehouse_id')
    .leftJoin('warehouse_locations as loc', 'loc.id', 'bb.location_id')
    .leftJoin('stock_levels as l', (j) =>
      j.onRef('l.product_id', '=', 'bb.product_id').onRef('l.warehouse_id', '=', 'bb.warehouse_id'),
    );
  if (f.warehouseId) query = query.where('bb.warehouse_id', '=', f.warehouseId);
  if (f.locationId) query = query.where('bb.location_id', '=', f.locationId);
  if (f.productId) query = query.where('bb.product_id', '=', f.productId);
  if (f.nonZero !== 'false') query = query.where('bb.on_hand', '<>', '0');
  return query;
}

export async function findList(db: Db, f: InventoryListFilter, limit: number, offset: number) {
  const sort = parseSort(f.sort, LIST_SORTS, { column: 'p.sku', direction: 'asc' });
  const rows = await listQuery(db, f)
    .select([
      'p.id',
      'p.sku',
      'p.name',
      'b.id as brand_id',
      'b.code as brand_code',
      'b.name as brand_name',
      'w.id as warehouse_id',
      'w.code as warehouse_code',
      'w.name as warehouse_name',
      'loc.id as location_id',
      'loc.code as location_code',
      'loc.zone as location_zone',
      'bb.on_hand',
      'l.on_hand as w_on_hand',
      'l.reserved as w_reserved',
      'l.reserved_short as w_short',
      'l.available as w_available',
      'l.in_transit as w_in_transit',
    ])
    .orderBy(sql.ref(sort.column), sort.direction)
    .orderBy('p.id')
    .orderBy('w.code')
    .orderBy(sql`loc.code NULLS FIRST`)
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(
    (r): InventoryListRow => ({
      productId: r.id,
      sku: r.sku,
      name: r.name,
      brand: r.brand_id ? { id: r.brand_id, code: r.brand_code ?? '', name: r.brand_name ?? '' } : null,
      warehouse: { id: r.warehouse_id, code: r.warehouse_code, name: r.warehouse_name },
      location: r.location_id ? { id: r.location_id, code: r.location_code ?? '', zone: r.location_zone ?? '' } : null,
      onHand: qty(r.on_hand),
      warehouseOnHand: qty(r.w_on_hand),
      warehouseReserved: qty(r.w_reserved),
      warehouseShort: qty(r.w_short),
      warehouseAvailable: qty(r.w_available),
      warehouseInTransit: qty(r.w_in_transit),
    }),
  );
}

/** Counts the list's rows up to `cap` + 1: an exact count of every bin row would read them all. */
export async function countList(db: Db, f: InventoryListFilter, cap: number): Promise<number> {
  const row = await db
    .selectFrom(
      listQuery(db, f)
        .select(sql`1`.as('x'))
        .limit(cap + 1)
        .as('c'),
    )
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findProduct(db: Db, id: string) {
  return db
    .selectFrom('products')
    .select(['id', 'sku', 'name', 'unit', 'kind', 'reorder_point'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function productLevels(db: Db, productId: string) {
  return db
    .selectFrom('stock_levels as l')
    .innerJoin('warehouses as w', 'w.id', 'l.warehouse_id')
    .leftJoin('warehouse_configs as c', 'c.warehouse_id', 'w.id')
    .select([
      'w.id',
      'w.code',
      'w.name',
      'l.on_hand',
      'l.reserved',
      'l.reserved_short',
      'l.available',
      'l.in_transit',
      'l.consigned',
      'l.value',
      'c.allow_negative_stock',
    ])
    .where('l.product_id', '=', productId)
    .orderBy('w.code')
    .execute();
}

function movementFilter(db: Db, productId: string | null, f: Partial<MovementQuery> & { sourceType?: string }) {
  let query = db.selectFrom('stock_movements as m');
  if (productId) query = query.where('m.product_id', '=', productId);
  if (f.warehouseId) query = query.where('m.warehouse_id', '=', f.warehouseId);
  if (f.kind) query = query.where('m.kind', '=', f.kind);
  if (f.sourceType) query = query.where('m.source_type', '=', f.sourceType);
  if (f.from) query = query.where(sql<boolean>`m.posted_at >= ${dayStart(f.from)}`);
  if (f.to) query = query.where(sql<boolean>`m.posted_at < ${dayEnd(f.to)}`);
  return query;
}

type MovementRow = {
  id: string;
  posted_at: Date;
  created_at: Date;
  kind: string;
  bucket: string;
  product_id: string;
  sku: string;
  product_name: string;
  warehouse_id: string;
  warehouse_code: string;
  warehouse_name: string;
  location_id: string | null;
  location_code: string | null;
  quantity: string;
  unit_cost: string | null;
  value: string;
  current_value: string;
  owner_partner_id: string | null;
  link_id: string | null;
  source_type: string;
  source_id: string | null;
  source_line: string | null;
  source_number: string | null;
  reason: string;
  username: string | null;
  running_quantity?: string;
  running_value?: string;
};

/**
 * What one unit of a row is worth now: its current value (revaluations included) ÷ its quantity. The unit cost
 * kept on the row is the one it was posted at; after a revaluation (a backdated posting, a settled deficit) it
 * no longer matches the value.
 */
function currentUnitCost(r: Pick<MovementRow, 'quantity' | 'unit_cost' | 'current_value'>): string | null {
  const quantity = new Decimal(r.quantity).abs();
  if (r.unit_cost === null || quantity.isZero()) return null;
  return new Decimal(r.current_value).abs().div(quantity).toFixed(4);
}

export function toMovement(r: MovementRow): StockMovement {
  return {
    id: r.id,
    postedAt: r.posted_at.toISOString(),
    createdAt: r.created_at.toISOString(),
    kind: r.kind as StockMovement['kind'],
    bucket: r.bucket as StockMovement['bucket'],
    product: { id: r.product_id, sku: r.sku, name: r.product_name },
    warehouse: { id: r.warehouse_id, code: r.warehouse_code, name: r.warehouse_name },
    location: r.location_id ? { id: r.location_id, code: r.location_code ?? '' } : null,
    quantity: qty(r.quantity),
    unitCost: currentUnitCost(r),
    postedUnitCost: r.unit_cost === null ? null : new Decimal(r.unit_cost).toFixed(4),
    value: money(r.value),
    currentValue: money(r.current_value),
    ownerPartnerId: r.owner_partner_id,
    linkId: r.link_id,
    sourceType: r.source_type,
    sourceId: r.source_id,
    sourceLine: r.source_line,
    sourceNumber: r.source_number,
    reason: r.reason,
    username: r.username,
    ...(r.running_quantity !== undefined ? { runningQuantity: qty(r.running_quantity) } : {}),
    ...(r.running_value !== undefined ? { runningValue: money(r.running_value) } : {}),
  };
}

const MOVEMENT_SELECT = sql`
  m.id::text AS id, m.posted_at, m.created_at, m.kind, m.bucket, m.product_id, p.sku, p.name AS product_name,
  m.warehouse_id, w.code AS warehouse_code, w.name AS warehouse_name, m.location_id, loc.code AS location_code,
  m.quantity, m.unit_cost, m.value,
  m.value + coalesce((SELECT sum(r.value) FROM stock_movements r WHERE r.link_id = m.id AND r.kind = 'REVALUATION'), 0)
    AS current_value,
  m.owner_partner_id, m.link_id::text AS link_id, m.source_type, m.source_id, m.source_line, m.reason, u.username,
  CASE WHEN m.kind IN ('LANDED_COST', 'PRICE_DIFFERENCE') THEN (
    SELECT nullif(e.source_number, '') FROM stock_cost_revaluations e
    WHERE e.receipt_movement_id = m.link_id AND e.kind = m.kind AND e.posted_at = m.posted_at
    ORDER BY e.id DESC LIMIT 1) END AS source_number`;
const MOVEMENT_JOINS = sql`
  JOIN products p ON p.id = m.product_id
  JOIN warehouses w ON w.id = m.warehouse_id
  LEFT JOIN warehouse_locations loc ON loc.id = m.location_id
  LEFT JOIN users u ON u.id = m.user_id`;

/**
 * A product's rows newest first, each with the balance and value after it (over the filter's warehouse, or all).
 * The running figures come from a window over the product's whole history; the page is cut from it.
 */
export async function findProductMovements(db: Db, productId: string, f: MovementQuery, limit: number, offset: number) {
  const where = [sql`m.product_id = ${productId}::uuid`];
  if (f.warehouseId) where.push(sql`m.warehouse_id = ${f.warehouseId}::uuid`);
  const outer = [sql`true`];
  if (f.kind) outer.push(sql`h.kind = ${f.kind}`);
  if (f.from) outer.push(sql`h.posted_at >= ${dayStart(f.from)}`);
  if (f.to) outer.push(sql`h.posted_at < ${dayEnd(f.to)}`);
  const { rows } = await sql<MovementRow & { total: string }>`
    WITH h AS (
      SELECT ${MOVEMENT_SELECT},
        sum(m.quantity) OVER w AS running_quantity,
        sum(m.value) OVER w AS running_value
      FROM stock_movements m ${MOVEMENT_JOINS}
      WHERE ${sql.join(where, sql` AND `)}
      WINDOW w AS (ORDER BY m.posted_at, m.id ROWS UNBOUNDED PRECEDING)
    )
    SELECT h.*, count(*) OVER () AS total FROM h WHERE ${sql.join(outer, sql` AND `)}
    ORDER BY h.posted_at DESC, h.id::bigint DESC LIMIT ${limit} OFFSET ${offset}`.execute(db);
  const total = rows[0] ? Number(rows[0].total) : await countMovements(db, productId, f);
  return { items: rows.map(toMovement), total };
}

async function countMovements(db: Db, productId: string, f: MovementQuery) {
  const row = await movementFilter(db, productId, f).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ledger rows by id, as lists show them. */
export async function movementsByIds(db: Db, ids: string[]): Promise<StockMovement[]> {
  if (!ids.length) return [];
  const { rows } = await sql<MovementRow>`
    SELECT ${MOVEMENT_SELECT} FROM stock_movements m ${MOVEMENT_JOINS}
    WHERE m.id = ANY(${ids}::bigint[]) ORDER BY m.id`.execute(db);
  return rows.map(toMovement);
}

const SOURCE_SORTS = { postedAt: 'm.posted_at' } as const;

/** Rows of a source type (e.g. the manual overrides), newest first unless sorted `postedAt`. */
export async function findMovementsOfSource(
  db: Db,
  sourceType: string,
  f: { warehouseId?: string; q?: string; sort?: string },
  limit: number,
  offset: number,
) {
  const sort = parseSort(f.sort, SOURCE_SORTS, { column: 'm.posted_at', direction: 'desc' });
  const direction = sql.raw(sort.direction);
  const where = [sql`m.source_type = ${sourceType}`, sql`m.quantity <> 0`];
  if (f.warehouseId) where.push(sql`m.warehouse_id = ${f.warehouseId}::uuid`);
  if (f.q)
    where.push(
      sql`(p.sku ILIKE ${likePattern(f.q)} OR p.name ILIKE ${likePattern(f.q)} OR m.reason ILIKE ${likePattern(f.q)})`,
    );
  const { rows } = await sql<MovementRow & { total: string }>`
    SELECT ${MOVEMENT_SELECT}, count(*) OVER () AS total FROM stock_movements m ${MOVEMENT_JOINS}
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY m.posted_at ${direction}, m.id ${direction} LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return { items: rows.map(toMovement), total: rows[0] ? Number(rows[0].total) : 0 };
}
