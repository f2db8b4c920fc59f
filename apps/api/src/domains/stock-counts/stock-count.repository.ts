import { openStatuses, type StockCountFilter, stockCountDocument } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/** SQL of counting sessions and their lines; the rules are in stock-count.service.ts. */

type Db = Kysely<Database>;

export interface WarehouseRow {
  id: string;
  code: string;
  name: string;
  active: boolean;
}

/**
 * The warehouse a session is started for, locked so that two sessions of one warehouse start one after the
 * other (the overlap check then sees the first). NO KEY UPDATE: postings, which reference the warehouse by
 * foreign key (KEY SHARE), are not held up by it.
 */
export async function lockWarehouse(db: Db, id: string): Promise<WarehouseRow | undefined> {
  return db
    .selectFrom('warehouses')
    .select(['id', 'code', 'name', 'active'])
    .where('id', '=', id)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export async function warehouseExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('warehouses').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The zones written on a warehouse's active bins, with how many bins each has. */
export async function zonesOfWarehouse(db: Db, warehouseId: string) {
  const rows = await db
    .selectFrom('warehouse_locations')
    .select(['zone', sql<string>`count(*)`.as('n')])
    .where('warehouse_id', '=', warehouseId)
    .where('active', '=', true)
    .where('zone', '<>', '')
    .groupBy('zone')
    .orderBy('zone')
    .execute();
  return rows.map((r) => ({ zone: r.zone, binCount: Number(r.n) }));
}

/** The zone as the warehouse's bins write it (zones are compared whatever their case), if any bin has it. */
export async function findZone(db: Db, warehouseId: string, zone: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('warehouse_locations')
    .select('zone')
    .where('warehouse_id', '=', warehouseId)
    .where(sql<boolean>`lower(zone) = lower(${zone})`)
    .orderBy('active', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.zone;
}

/** Sessions of a warehouse still counting or waiting to be posted. */
export async function liveCountsOfWarehouse(db: Db, warehouseId: string) {
  return db
    .selectFrom('stock_counts')
    .select(['id', 'number', 'zone'])
    .where('warehouse_id', '=', warehouseId)
    .where('status', 'in', openStatuses(stockCountDocument))
    .execute();
}

export async function insertCount(
  db: Db,
  c: { number: string; warehouseId: string; zone: string | null; blind: boolean; notes: string; userId: string },
): Promise<string> {
  const row = await db
    .insertInto('stock_counts')
    .values({
      number: c.number,
      warehouse_id: c.warehouseId,
      zone: c.zone,
      blind: c.blind,
      notes: c.notes,
      created_by: c.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The snapshot: one line per product and bin of the warehouse (of the zone's bins only, when given; stock in
 * no bin only for a whole-warehouse count) whose balance is not zero, with that balance as the book quantity.
 */
export async function snapshotLines(db: Db, countId: string, warehouseId: string, zone: string | null) {
  const result = await sql`
    INSERT INTO stock_count_lines (count_id, product_id, location_id, book_quantity)
    SELECT ${countId}::uuid, b.product_id, b.location_id, b.on_hand
    FROM stock_bin_balances b
    LEFT JOIN warehouse_locations l ON l.id = b.location_id
    WHERE b.warehouse_id = ${warehouseId}::uuid AND b.on_hand <> 0
      ${zone === null ? sql`` : sql`AND b.location_id IS NOT NULL AND lower(l.zone) = lower(${zone})`}`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

export interface CountRow {
  id: string;
  number: string;
  warehouse_id: string;
  warehouse_code: string;
  warehouse_name: string;
  zone: string | null;
  status: string;
  blind: boolean;
  notes: string;
  zero_uncounted: boolean | null;
  line_count: string;
  counted_line_count: string;
  created_by: string;
  created_by_name: string;
  created_at: Date;
  submitted_at: Date | null;
  submitted_by: string | null;
  submitted_by_name: string | null;
  posted_at: Date | null;
  posted_by: string | null;
  posted_by_name: string | null;
  canceled_at: Date | null;
  canceled_by: string | null;
  canceled_by_name: string | null;
  reversed_at: Date | null;
  reversed_by: string | null;
  reversed_by_name: string | null;
  reversal_reason: string | null;
  updated_at: Date;
}

function counts(db: Db) {
  return db
    .selectFrom('stock_counts as c')
    .innerJoin('warehouses as w', 'w.id', 'c.warehouse_id')
    .innerJoin('users as cu', 'cu.id', 'c.created_by')
    .leftJoin('users as su', 'su.id', 'c.submitted_by')
    .leftJoin('users as pu', 'pu.id', 'c.posted_by')
    .leftJoin('users as xu', 'xu.id', 'c.canceled_by')
    .leftJoin('users as ru', 'ru.id', 'c.reversed_by')
    .select([
      'c.id',
      'c.number',
      'c.warehouse_id',
      'w.code as warehouse_code',
      'w.name as warehouse_name',
      'c.zone',
      'c.status',
      'c.blind',
      'c.notes',
      'c.zero_uncounted',
      sql<string>`(SELECT count(*) FROM stock_count_lines l WHERE l.count_id = c.id)`.as('line_count'),
      sql<string>`(SELECT count(*) FROM stock_count_lines l WHERE l.count_id = c.id AND l.counted_quantity IS NOT NULL)`.as(
        'counted_line_count',
      ),
      'c.created_by',
      'cu.username as created_by_name',
      'c.created_at',
      'c.submitted_at',
      'c.submitted_by',
      'su.username as submitted_by_name',
      'c.posted_at',
      'c.posted_by',
      'pu.username as posted_by_name',
      'c.canceled_at',
      'c.canceled_by',
      'xu.username as canceled_by_name',
      'c.reversed_at',
      'c.reversed_by',
      'ru.username as reversed_by_name',
      sql<
        string | null
      >`(SELECT r.reason FROM stock_reversals r WHERE r.source_type = 'stock_count' AND r.source_id = c.id::text)`.as(
        'reversal_reason',
      ),
      'c.updated_at',
    ]);
}

export async function countById(db: Db, id: string): Promise<CountRow | undefined> {
  return counts(db).where('c.id', '=', id).executeTakeFirst();
}

const SORTS = {
  number: 'c.number',
  createdAt: 'c.created_at',
  status: 'c.status',
  warehouse: 'w.code',
} as const;

function filtered(db: Db, f: StockCountFilter) {
  let query = counts(db);
  if (f.q) {
    const pattern = likePattern(f.q);
    query = query.where((eb) =>
      eb.or([eb('c.number', 'ilike', pattern), eb('c.notes', 'ilike', pattern), eb('w.code', 'ilike', pattern)]),
    );
  }
  if (f.status) query = query.where('c.status', '=', f.status);
  if (f.warehouseId) query = query.where('c.warehouse_id', '=', f.warehouseId);
  return query;
}

export async function findCounts(db: Db, f: StockCountFilter, limit: number, offset: number) {
  const sort = parseSort(f.sort, SORTS, { column: 'c.created_at', direction: 'desc' });
  return filtered(db, f)
    .orderBy(sql.ref(sort.column), sort.direction)
    .orderBy('c.id', sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countCounts(db: Db, f: StockCountFilter): Promise<number> {
  let query = db.selectFrom('stock_counts as c').innerJoin('warehouses as w', 'w.id', 'c.warehouse_id');
  if (f.q) {
    const pattern = likePattern(f.q);
    query = query.where((eb) =>
      eb.or([eb('c.number', 'ilike', pattern), eb('c.notes', 'ilike', pattern), eb('w.code', 'ilike', pattern)]),
    );
  }
  if (f.status) query = query.where('c.status', '=', f.status);
  if (f.warehouseId) query = query.where('c.warehouse_id', '=', f.warehouseId);
  const row = await query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setStatus(
  db: Db,
  id: string,
  change:
    | { status: 'SUBMITTED'; userId: string }
    | { status: 'OPEN' }
    | { status: 'POSTED'; userId: string; zeroUncounted: boolean }
    | { status: 'CANCELED'; userId: string }
    | { status: 'REVERSED'; userId: string },
) {
  const now = sql<Date>`now()`;
  const values =
    change.status === 'SUBMITTED'
      ? { status: 'SUBMITTED', submitted_at: now, submitted_by: change.userId }
      : change.status === 'OPEN'
        ? { status: 'OPEN', submitted_at: null, submitted_by: null }
        : change.status === 'POSTED'
          ? { status: 'POSTED', posted_at: now, posted_by: change.userId, zero_uncounted: change.zeroUncounted }
          : change.status === 'REVERSED'
            ? { status: 'REVERSED', reversed_at: now, reversed_by: change.userId }
            : { status: 'CANCELED', canceled_at: now, canceled_by: change.userId };
  await db
    .updateTable('stock_counts')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** A product by what a scanner reads: its SKU (whatever the case) or one of its barcodes (as a 14-digit GTIN). */
export async function findProductByCode(db: Db, code: string) {
  const bySku = await db
    .selectFrom('products')
    .select(['id', 'sku', 'name', 'kind'])
    .where('sku', '=', code.toUpperCase())
    .executeTakeFirst();
  if (bySku || !/^\d{8,14}$/.test(code)) return bySku;
  return db
    .selectFrom('product_barcodes as b')
    .innerJoin('products as p', 'p.id', 'b.product_id')
    .select(['p.id', 'p.sku', 'p.name', 'p.kind'])
    .where('b.gtin', '=', code.padStart(14, '0'))
    .executeTakeFirst();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A bin of the warehouse by its id or its code (whatever the case). */
export async function findLocation(db: Db, warehouseId: string, codeOrId: string) {
  let query = db
    .selectFrom('warehouse_locations')
    .select(['id', 'code', 'zone', 'active'])
    .where('warehouse_id', '=', warehouseId);
  query = UUID.test(codeOrId)
    ? query.where('id', '=', codeOrId)
    : query.where(sql<boolean>`upper(code) = ${codeOrId.toUpperCase()}`);
  return query.executeTakeFirst();
}

export async function hasActiveBins(db: Db, warehouseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('warehouse_locations')
    .select('id')
    .where('warehouse_id', '=', warehouseId)
    .where('active', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function linesOfProduct(db: Db, countId: string, productId: string) {
  return db
    .selectFrom('stock_count_lines')
    .select(['id', 'location_id'])
    .where('count_id', '=', countId)
    .where('product_id', '=', productId)
    .execute();
}

export async function findLine(db: Db, countId: string, productId: string, locationId: string | null) {
  return db
    .selectFrom('stock_count_lines')
    .select(['id', 'counted_quantity'])
    .where('count_id', '=', countId)
    .where('product_id', '=', productId)
    .where(sql<boolean>`location_id IS NOT DISTINCT FROM ${locationId}::uuid`)
    .executeTakeFirst();
}

/**
 * Adds a scan to its line, making the line (book 0, not expected) if the product was not in the snapshot
 * there. One statement, so concurrent scans of one line add up. Only for quantities above zero: PostgreSQL
 * checks the row to insert before it finds the conflict, so a negative one would break the line's CHECK.
 */
export async function addScan(
  db: Db,
  s: { countId: string; productId: string; locationId: string | null; quantity: Decimal; userId: string },
): Promise<{ id: string; inserted: boolean } | undefined> {
  const q = s.quantity.toFixed();
  const { rows } = await sql<{ id: string; inserted: boolean }>`
    INSERT INTO stock_count_lines AS l
      (count_id, product_id, location_id, book_quantity, expected, counted_quantity, counted_by, counted_at)
    VALUES (${s.countId}::uuid, ${s.productId}::uuid, ${s.locationId}::uuid, 0, false, ${q}::numeric,
      ${s.userId}::uuid, now())
    ON CONFLICT (count_id, product_id, location_id) DO UPDATE
      SET counted_quantity = coalesce(l.counted_quantity, 0) + excluded.counted_quantity,
          counted_by = excluded.counted_by, counted_at = excluded.counted_at
      WHERE coalesce(l.counted_quantity, 0) + excluded.counted_quantity >= 0
    RETURNING l.id, (xmax = 0) AS inserted`.execute(db);
  return rows[0];
}

/**
 * Takes a (negative) scan off a line that is there. Answers nothing when that would take the count below
 * zero, changing nothing; the condition is in the statement, so concurrent scans cannot pass it together.
 */
export async function takeBackScan(db: Db, lineId: string, quantity: Decimal, userId: string) {
  return db
    .updateTable('stock_count_lines')
    .set({
      counted_quantity: sql`coalesce(counted_quantity, 0) + ${quantity.toFixed()}::numeric`,
      counted_by: userId,
      counted_at: sql`now()`,
    })
    .where('id', '=', lineId)
    .where(sql<boolean>`coalesce(counted_quantity, 0) + ${quantity.toFixed()}::numeric >= 0`)
    .returning('id')
    .executeTakeFirst();
}

export async function setCounted(
  db: Db,
  countId: string,
  lineId: string,
  counted: Decimal | null,
  userId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('stock_count_lines')
    .set({
      counted_quantity: counted?.toFixed() ?? null,
      counted_by: counted ? userId : null,
      counted_at: counted ? sql`now()` : null,
    })
    .where('id', '=', lineId)
    .where('count_id', '=', countId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface LineRow {
  id: string;
  product_id: string;
  sku: string;
  product_name: string;
  unit: string;
  location_id: string | null;
  location_code: string | null;
  location_zone: string | null;
  expected: boolean;
  book_quantity: string;
  current_quantity: string;
  counted_quantity: string | null;
  counted_by_name: string | null;
  counted_at: Date | null;
  posted_book_quantity: string | null;
  posted_difference: string | null;
  posted_value: string | null;
  movement_id: string | null;
}

/** A session's lines with their product, bin and the bin's balance now; in SKU and bin order. */
export async function linesOfCount(
  db: Db,
  countId: string,
  warehouseId: string,
  only?: { lineId?: string; productId?: string },
) {
  let query = db
    .selectFrom('stock_count_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('warehouse_locations as loc', 'loc.id', 'l.location_id')
    .leftJoin('users as u', 'u.id', 'l.counted_by')
    .leftJoin('stock_bin_balances as bb', (j) =>
      j
        .onRef('bb.product_id', '=', 'l.product_id')
        .on('bb.warehouse_id', '=', warehouseId)
        .on(sql<boolean>`bb.location_id IS NOT DISTINCT FROM l.location_id`),
    )
    .select([
      'l.id',
      'l.product_id',
      'p.sku',
      'p.name as product_name',
      'p.unit',
      'l.location_id',
      'loc.code as location_code',
      'loc.zone as location_zone',
      'l.expected',
      'l.book_quantity',
      sql<string>`coalesce(bb.on_hand, 0)`.as('current_quantity'),
      'l.counted_quantity',
      'u.username as counted_by_name',
      'l.counted_at',
      'l.posted_book_quantity',
      'l.posted_difference',
      'l.posted_value',
      sql<string | null>`l.movement_id::text`.as('movement_id'),
    ])
    .where('l.count_id', '=', countId);
  if (only?.lineId) query = query.where('l.id', '=', only.lineId);
  if (only?.productId) query = query.where('l.product_id', '=', only.productId);
  return query.orderBy('p.sku').orderBy(sql`loc.code NULLS FIRST`).orderBy('l.id').execute() as Promise<LineRow[]>;
}

export interface CostBasis {
  productId: string;
  /** Open STOCK layers of the warehouse, oldest first (what FIFO takes next). */
  layers: { remaining: Decimal; remainingValue: Decimal }[];
  /** The newest layer's cost in the warehouse (what units found are posted at), else null. */
  lastUnitCost: Decimal | null;
  standardCost: Decimal;
}

/** What the differences of these products in a warehouse would be valued at, read in a few statements. */
export async function costBasis(db: Db, warehouseId: string, productIds: string[]): Promise<Map<string, CostBasis>> {
  const out = new Map<string, CostBasis>();
  if (!productIds.length) return out;
  const [products, levels, layers] = await Promise.all([
    db.selectFrom('products').select(['id', 'cost_price']).where('id', 'in', productIds).execute(),
    db
      .selectFrom('stock_levels')
      .select(['product_id', 'last_unit_cost'])
      .where('warehouse_id', '=', warehouseId)
      .where('product_id', 'in', productIds)
      .execute(),
    db
      .selectFrom('stock_layers')
      .select(['product_id', 'remaining', 'remaining_value'])
      .where('warehouse_id', '=', warehouseId)
      .where('bucket', '=', 'STOCK')
      .where('remaining', '>', '0')
      .where('product_id', 'in', productIds)
      .orderBy('product_id')
      .orderBy('received_at')
      .orderBy('origin_movement_id')
      .orderBy('seq')
      .execute(),
  ]);
  for (const p of products)
    out.set(p.id, { productId: p.id, layers: [], lastUnitCost: null, standardCost: new Decimal(p.cost_price) });
  for (const l of levels) {
    const basis = out.get(l.product_id);
    if (basis && l.last_unit_cost !== null) basis.lastUnitCost = new Decimal(l.last_unit_cost);
  }
  for (const l of layers)
    out
      .get(l.product_id)
      ?.layers.push({ remaining: new Decimal(l.remaining), remainingValue: new Decimal(l.remaining_value) });
  return out;
}

/** The bins' balances now of these products in the warehouse, keyed `product|location` ('' for no bin). */
export async function binBalances(db: Db, warehouseId: string, productIds: string[]): Promise<Map<string, Decimal>> {
  const out = new Map<string, Decimal>();
  if (!productIds.length) return out;
  const rows = await db
    .selectFrom('stock_bin_balances')
    .select(['product_id', 'location_id', 'on_hand'])
    .where('warehouse_id', '=', warehouseId)
    .where('product_id', 'in', productIds)
    .execute();
  for (const r of rows) out.set(`${r.product_id}|${r.location_id ?? ''}`, new Decimal(r.on_hand));
  return out;
}

/** What posting found and did, per line. */
export async function savePosted(
  db: Db,
  rows: { lineId: string; bookQuantity: Decimal; difference: Decimal; value: Decimal; movementId: string | null }[],
) {
  if (!rows.length) return;
  await sql`
    UPDATE stock_count_lines l SET
      posted_book_quantity = v.book, posted_difference = v.difference, posted_value = v.value,
      movement_id = v.movement_id
    FROM jsonb_to_recordset(${JSON.stringify(
      rows.map((r) => ({
        id: r.lineId,
        book: r.bookQuantity.toFixed(),
        difference: r.difference.toFixed(),
        value: r.value.toFixed(),
        movement_id: r.movementId,
      })),
    )}::jsonb) AS v(id uuid, book numeric, difference numeric, value numeric, movement_id bigint)
    WHERE l.id = v.id`.execute(db);
}

/** Sessions naming a product, a bin or a warehouse: what makes them impossible to delete (see *.references.ts). */
export async function countCountsOfProduct(db: Db, productId: string): Promise<number> {
  const row = await db
    .selectFrom('stock_count_lines')
    .select(sql<string>`count(DISTINCT count_id)`.as('n'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countCountsOfLocation(db: Db, locationId: string): Promise<number> {
  const row = await db
    .selectFrom('stock_count_lines')
    .select(sql<string>`count(DISTINCT count_id)`.as('n'))
    .where('location_id', '=', locationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countCountsOfWarehouse(db: Db, warehouseId: string): Promise<number> {
  const row = await db
    .selectFrom('stock_counts')
    .select(sql<string>`count(*)`.as('n'))
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
