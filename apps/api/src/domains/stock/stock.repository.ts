import Decimal from 'decimal.js';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { dayEnd, TODAY } from '../../platform/business-day.ts';
import type { Bucket, Layer, Slice } from './fifo.ts';

/** SQL of the stock ledger, its balances and layers, for the posting service; rules live in the services. */

type Db = Kysely<Database>;

export interface ProductToPost {
  id: string;
  sku: string;
  kind: string;
  active: boolean;
  /** The provisional cost of a deficit where its warehouse knows none (fifo.ts, fallbackUnitCost). */
  cost_price: string;
}

/** A product in a warehouse, as the maps of a posting key it. */
export const pairKey = (productId: string, warehouseId: string) => `${productId}|${warehouseId}`;

/** The (product, warehouse) pairs as two arrays, for `unnest`. */
function pairArrays(pairs: { productId: string; warehouseId: string }[]) {
  return [pairs.map((p) => p.productId), pairs.map((p) => p.warehouseId)] as const;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** Locks the products about to be posted, in id order so that two postings never wait on each other in a circle. */
export async function lockProducts(db: Db, ids: string[]): Promise<ProductToPost[]> {
  if (!ids.length) return [];
  const { rows } = await sql<ProductToPost>`
    SELECT id, sku, kind, active, cost_price FROM products WHERE id = ANY(${ids}::uuid[]) ORDER BY id
    FOR NO KEY UPDATE`.execute(db);
  return rows;
}

export interface WarehouseToPost {
  id: string;
  code: string;
  active: boolean;
  allowNegativeStock: boolean;
  receivingLocationId: string | null;
  returnsLocationId: string | null;
}

export async function findWarehousesToPost(db: Db, ids: string[]): Promise<WarehouseToPost[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('warehouses as w')
    .leftJoin('warehouse_configs as c', 'c.warehouse_id', 'w.id')
    .select([
      'w.id',
      'w.code',
      'w.active',
      'c.allow_negative_stock',
      'c.default_receiving_location_id',
      'c.default_returns_location_id',
    ])
    .where('w.id', 'in', ids)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    active: r.active,
    allowNegativeStock: r.allow_negative_stock ?? false,
    receivingLocationId: r.default_receiving_location_id,
    returnsLocationId: r.default_returns_location_id,
  }));
}

export async function findLocations(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('warehouse_locations')
    .select(['id', 'warehouse_id', 'code', 'active'])
    .where('id', 'in', ids)
    .execute();
}

/** Today in the business's time zone, and whether the posting date given is before, on or after it. */
export async function londonToday(db: Db): Promise<string> {
  const { rows } = await sql<{ today: string }>`SELECT to_char(${TODAY}, 'YYYY-MM-DD') AS today`.execute(db);
  return (rows[0] as { today: string }).today;
}

/**
 * The instant a posting takes: now (read after the product locks, so that postings of one product are in
 * commit order), or for an earlier day the last millisecond of that day in London. Milliseconds only, so
 * that JavaScript dates keep it exactly.
 */
export async function postingInstant(db: Db, day: string | null): Promise<string> {
  const { rows } = day
    ? await sql<{ at: Date }>`
        SELECT ${dayEnd(day)} - interval '1 millisecond' AS at`.execute(db)
    : await sql<{ at: Date }>`SELECT date_trunc('milliseconds', clock_timestamp()) AS at`.execute(db);
  return (rows[0] as { at: Date }).at.toISOString();
}

/**
 * The products of these with anything dated after `at`: a ledger row, or a landed cost or price difference (which
 * may have written no row, all of it cost of sales, yet is split by what is in stock on its day).
 */
export async function productsWithLaterRows(db: Db, productIds: string[], at: string): Promise<Set<string>> {
  if (!productIds.length) return new Set();
  const { rows } = await sql<{ id: string }>`
    SELECT p::text AS id FROM unnest(${productIds}::uuid[]) AS p
    WHERE EXISTS (SELECT 1 FROM stock_movements m WHERE m.product_id = p AND m.posted_at > ${at}::timestamptz)
      OR EXISTS (SELECT 1 FROM stock_cost_revaluations r WHERE r.product_id = p AND r.posted_at > ${at}::timestamptz)`.execute(
    db,
  );
  return new Set(rows.map((r) => r.id));
}

/** Ids for new ledger rows, ascending, so that rows of one posting keep their order. */
export async function nextMovementIds(db: Db, count: number): Promise<string[]> {
  if (count === 0) return [];
  const { rows } = await sql<{ id: string }>`
    SELECT nextval(pg_get_serial_sequence('stock_movements', 'id'))::text AS id FROM generate_series(1, ${count}) ORDER BY 1`.execute(
    db,
  );
  return rows.map((r) => r.id).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
}

export interface BinStock {
  locationId: string | null;
  onHand: Decimal;
}

/** A product's stock per bin of a warehouse, in the order stock is taken: pickable bins by pick sequence and code, then other bins, then stock in no bin. */
export async function binStock(db: Db, productId: string, warehouseId: string): Promise<BinStock[]> {
  return (await binStocks(db, [{ productId, warehouseId }])).get(pairKey(productId, warehouseId)) ?? [];
}

/** binStock of many products × warehouses in one query, by pairKey. */
export async function binStocks(
  db: Db,
  pairs: { productId: string; warehouseId: string }[],
): Promise<Map<string, BinStock[]>> {
  if (!pairs.length) return new Map();
  const [productIds, warehouseIds] = pairArrays(pairs);
  const { rows } = await sql<{ product_id: string; warehouse_id: string; location_id: string | null; on_hand: string }>`
    SELECT b.product_id, b.warehouse_id, b.location_id, b.on_hand
    FROM stock_bin_balances b LEFT JOIN warehouse_locations l ON l.id = b.location_id
    WHERE (b.product_id, b.warehouse_id) IN (SELECT * FROM unnest(${productIds}::uuid[], ${warehouseIds}::uuid[]))
    ORDER BY b.location_id IS NULL, coalesce(l.pickable, false) DESC, l.pick_sequence, l.code`.execute(db);
  const byPair = groupBy(rows, (r) => pairKey(r.product_id, r.warehouse_id));
  return new Map(
    [...byPair].map(([key, list]) => [
      key,
      list.map((r) => ({ locationId: r.location_id, onHand: new Decimal(r.on_hand) })),
    ]),
  );
}

/**
 * A bin's on hand (STOCK bucket) from the ledger as at the end of a day in London: what a count dated that
 * day is compared with. A backdated posting takes the last instant of its day, after every row of that day.
 */
export async function binQuantityAsAt(
  db: Db,
  productId: string,
  warehouseId: string,
  locationId: string | null,
  day: string,
): Promise<Decimal> {
  const row = await db
    .selectFrom('stock_movements')
    .select(sql<string>`coalesce(sum(quantity), 0)`.as('q'))
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .where(sql<boolean>`location_id IS NOT DISTINCT FROM ${locationId}::uuid`)
    .where('bucket', '=', 'STOCK')
    .where(sql<boolean>`posted_at < ${dayEnd(day)}`)
    .executeTakeFirstOrThrow();
  return new Decimal(row.q);
}

function toLayer(r: {
  origin_movement_id: string;
  seq: number;
  warehouse_id: string;
  bucket: string;
  owner_partner_id: string | null;
  received_at: Date;
  unit_cost: string;
  quantity: string;
  remaining: string;
  remaining_value: string;
  root_movement_id: string | null;
}): Layer {
  return {
    originMovementId: r.origin_movement_id,
    seq: r.seq,
    warehouseId: r.warehouse_id,
    bucket: r.bucket as Bucket,
    ownerId: r.owner_partner_id,
    receivedAt: r.received_at.toISOString(),
    unitCost: new Decimal(r.unit_cost),
    quantity: new Decimal(r.quantity),
    remaining: new Decimal(r.remaining),
    remainingValue: new Decimal(r.remaining_value),
    ...(r.root_movement_id ? { root: r.root_movement_id } : {}),
  };
}

const LAYER_COLUMNS = [
  'origin_movement_id',
  'seq',
  'warehouse_id',
  'bucket',
  'owner_partner_id',
  'received_at',
  'unit_cost',
  'quantity',
  'remaining',
  'remaining_value',
  'root_movement_id',
] as const;

/** Open layers of products in warehouses (each pair), by product. */
export async function openLayersOf(
  db: Db,
  pairs: { productId: string; warehouseId: string }[],
): Promise<Map<string, Layer[]>> {
  if (!pairs.length) return new Map();
  const [productIds, warehouseIds] = pairArrays(pairs);
  const rows = await db
    .selectFrom('stock_layers')
    .select([...LAYER_COLUMNS, 'product_id'])
    .where(
      sql<boolean>`(product_id, warehouse_id) IN (SELECT * FROM unnest(${productIds}::uuid[], ${warehouseIds}::uuid[]))`,
    )
    .execute();
  const byProduct = groupBy(rows, (r) => r.product_id);
  return new Map([...byProduct].map(([productId, list]) => [productId, list.map(toLayer)]));
}

export async function allOpenLayers(db: Db, productId?: string): Promise<(Layer & { productId: string })[]> {
  let query = db.selectFrom('stock_layers').select([...LAYER_COLUMNS, 'product_id']);
  if (productId) query = query.where('product_id', '=', productId);
  const rows = await query.execute();
  return rows.map((r) => ({ ...toLayer(r), productId: r.product_id }));
}

export async function lastUnitCosts(db: Db, productId: string, warehouseIds: string[]) {
  return (
    (
      await lastUnitCostsOf(
        db,
        warehouseIds.map((warehouseId) => ({ productId, warehouseId })),
      )
    ).get(productId) ?? []
  );
}

/** The provisional deficit costs kept on the levels of these pairs (stock_levels.last_unit_cost), by product. */
export async function lastUnitCostsOf(db: Db, pairs: { productId: string; warehouseId: string }[]) {
  const result = new Map<string, { warehouseId: string; bucket: Bucket; unitCost: Decimal }[]>();
  if (!pairs.length) return result;
  const [productIds, warehouseIds] = pairArrays(pairs);
  const rows = await db
    .selectFrom('stock_levels')
    .select(['product_id', 'warehouse_id', 'last_unit_cost'])
    .where(
      sql<boolean>`(product_id, warehouse_id) IN (SELECT * FROM unnest(${productIds}::uuid[], ${warehouseIds}::uuid[]))`,
    )
    .where('last_unit_cost', 'is not', null)
    .execute();
  for (const [productId, list] of groupBy(rows, (r) => r.product_id))
    result.set(
      productId,
      list.map((r) => ({
        warehouseId: r.warehouse_id,
        bucket: 'STOCK' as Bucket,
        unitCost: new Decimal(r.last_unit_cost as string),
      })),
    );
  return result;
}

/** An outbound row's slices and how much of it linked rows have already brought back. */
export async function linkedOutbound(db: Db, movementId: string) {
  const [out, slices, back] = await Promise.all([
    db
      .selectFrom('stock_movements')
      .select(['id', 'product_id', 'warehouse_id', 'bucket', 'kind', 'quantity', 'source_type', 'source_id'])
      .where('id', '=', movementId)
      .executeTakeFirst(),
    db.selectFrom('stock_consumptions').selectAll().where('movement_id', '=', movementId).orderBy('seq').execute(),
    db
      .selectFrom('stock_movements')
      .select(sql<string>`coalesce(sum(quantity), 0)`.as('q'))
      .where('link_id', '=', movementId)
      .where('quantity', '<>', '0')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    out,
    slices: slices.map(
      (s): Slice => ({
        seq: s.seq,
        layerMovementId: s.layer_movement_id,
        layerSeq: s.layer_seq,
        ownerId: s.owner_partner_id,
        receivedAt: s.received_at.toISOString(),
        unitCost: new Decimal(s.unit_cost),
        quantity: new Decimal(s.quantity),
        value: new Decimal(s.value),
        isDeficit: s.is_deficit,
        ...(s.root_movement_id ? { root: s.root_movement_id } : {}),
      }),
    ),
    broughtBack: new Decimal(back.q),
  };
}

export interface MovementWrite {
  id: string;
  postedAt: string;
  productId: string;
  warehouseId: string;
  locationId: string | null;
  bucket: Bucket;
  kind: string;
  quantity: Decimal;
  value: Decimal;
  unitCost: Decimal | null;
  ownerId: string | null;
  linkId: string | null;
  sourceType: string;
  sourceId: string | null;
  sourceLine: string | null;
  reason: string;
  userId: string | null;
}

/** Ledger rows, any number, in one statement (a column of each field, unnested: the same 17 parameters always). */
export async function insertMovements(db: Db, rows: MovementWrite[]) {
  if (!rows.length) return;
  const column = <T>(f: (m: MovementWrite) => T) => rows.map(f);
  // The ids were taken from the sequence beforehand (nextMovementIds), so the identity is overridden.
  await sql`
    INSERT INTO stock_movements (id, posted_at, product_id, warehouse_id, location_id, bucket, kind, quantity, value,
      unit_cost, owner_partner_id, link_id, source_type, source_id, source_line, reason, user_id)
    OVERRIDING SYSTEM VALUE
    SELECT * FROM unnest(${column((m) => m.id)}::bigint[], ${column((m) => m.postedAt)}::timestamptz[],
      ${column((m) => m.productId)}::uuid[], ${column((m) => m.warehouseId)}::uuid[],
      ${column((m) => m.locationId)}::uuid[], ${column((m) => m.bucket)}::text[], ${column((m) => m.kind)}::text[],
      ${column((m) => m.quantity.toFixed())}::numeric[], ${column((m) => m.value.toFixed())}::numeric[],
      ${column((m) => m.unitCost?.toFixed() ?? null)}::numeric[], ${column((m) => m.ownerId)}::uuid[],
      ${column((m) => m.linkId)}::bigint[], ${column((m) => m.sourceType)}::text[], ${column((m) => m.sourceId)}::text[],
      ${column((m) => m.sourceLine)}::text[], ${column((m) => m.reason)}::text[], ${column((m) => m.userId)}::uuid[])`.execute(
    db,
  );
}

/** The slices outbound rows took (of any products), in statements of 1000 rows. */
export async function insertConsumptions(db: Db, taken: { productId: string; movementId: string; slices: Slice[] }[]) {
  const rows = taken.flatMap(({ productId, movementId, slices }) =>
    slices.map((s) => ({
      movement_id: movementId,
      seq: s.seq,
      product_id: productId,
      layer_movement_id: s.layerMovementId,
      layer_seq: s.layerSeq,
      owner_partner_id: s.ownerId,
      received_at: s.receivedAt,
      unit_cost: s.unitCost.toFixed(),
      quantity: s.quantity.toFixed(),
      value: s.value.toFixed(),
      is_deficit: s.isDeficit,
      root_movement_id: s.root ?? null,
    })),
  );
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('stock_consumptions')
      .values(rows.slice(i, i + 1000))
      .execute();
}

/**
 * Replaces products' open layers with these: each product's in the given warehouses (all of its warehouses when
 * null). One delete of each kind, then the layers in statements of 1000.
 */
export async function replaceLayers(
  db: Db,
  replaced: { productId: string; warehouseIds: string[] | null; layers: Layer[] }[],
) {
  const whole = replaced.filter((r) => !r.warehouseIds).map((r) => r.productId);
  const pairs = replaced.flatMap((r) =>
    (r.warehouseIds ?? []).map((warehouseId) => ({ productId: r.productId, warehouseId })),
  );
  if (whole.length) await db.deleteFrom('stock_layers').where('product_id', 'in', whole).execute();
  if (pairs.length) {
    const [productIds, warehouseIds] = pairArrays(pairs);
    await sql`DELETE FROM stock_layers WHERE (product_id, warehouse_id) IN
      (SELECT * FROM unnest(${productIds}::uuid[], ${warehouseIds}::uuid[]))`.execute(db);
  }
  const rows = replaced.flatMap(({ productId, layers }) =>
    layers.map((l) => ({
      origin_movement_id: l.originMovementId,
      seq: l.seq,
      product_id: productId,
      warehouse_id: l.warehouseId,
      bucket: l.bucket,
      owner_partner_id: l.ownerId,
      received_at: l.receivedAt,
      unit_cost: l.unitCost.toFixed(),
      quantity: l.quantity.toFixed(),
      remaining: l.remaining.toFixed(),
      remaining_value: l.remainingValue.toFixed(),
      root_movement_id: l.root ?? null,
    })),
  );
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('stock_layers')
      .values(rows.slice(i, i + 1000))
      .execute();
}

export async function deleteConsumptionsOfProduct(db: Db, productId: string) {
  await db.deleteFrom('stock_consumptions').where('product_id', '=', productId).execute();
}

export interface LevelChange {
  productId: string;
  warehouseId: string;
  onHand: Decimal;
  inTransit: Decimal;
  value: Decimal;
  /** Reserved stock given up by this change (a reservation issued). */
  releaseReserved: Decimal;
  /** Absolute values recomputed from the layers. */
  consigned: Decimal;
  lastUnitCost: Decimal | null;
  /**
   * Refuse the change if it takes available (on hand less reserved) lower than the reservations already marked
   * short allow: only a physical loss may leave reservations without stock.
   */
  keepAvailable: boolean;
  allowNegative: boolean;
}

export interface LevelAfter {
  onHand: Decimal;
  reserved: Decimal;
  reservedShort: Decimal;
}

/**
 * Applies changes to levels (one per product × warehouse), in three statements whatever their number: the
 * missing level rows made, every row locked in (product, warehouse) order (so two postings never wait on each
 * other in a circle), then one conditional UPDATE. The condition is in the UPDATE itself, so that it holds
 * whatever else commits meanwhile: a change that would take available below what the short reservations
 * explain (or, where negative stock is not allowed, on hand below zero) changes nothing and is missing from the
 * answer; the others answer the level after them, by pairKey. The rows stay locked until the transaction ends.
 */
export async function changeLevels(db: Db, changes: LevelChange[]): Promise<Map<string, LevelAfter>> {
  const result = new Map<string, LevelAfter>();
  if (!changes.length) return result;
  const [productIds, warehouseIds] = pairArrays(changes);
  await sql`INSERT INTO stock_levels (product_id, warehouse_id)
    SELECT * FROM unnest(${productIds}::uuid[], ${warehouseIds}::uuid[]) AS c(p, w) ORDER BY p, w
    ON CONFLICT (product_id, warehouse_id) DO NOTHING`.execute(db);
  await sql`SELECT 1 FROM stock_levels
    WHERE (product_id, warehouse_id) IN (SELECT * FROM unnest(${productIds}::uuid[], ${warehouseIds}::uuid[]))
    ORDER BY product_id, warehouse_id FOR NO KEY UPDATE`.execute(db);
  const column = <T>(f: (c: LevelChange) => T) => changes.map(f);
  const { rows } = await sql<{
    product_id: string;
    warehouse_id: string;
    on_hand: string;
    reserved: string;
    reserved_short: string;
  }>`
    UPDATE stock_levels l SET
      on_hand = l.on_hand + c.on_hand, in_transit = l.in_transit + c.in_transit, value = l.value + c.value,
      reserved = l.reserved - c.release, consigned = c.consigned,
      last_unit_cost = coalesce(c.last_unit_cost, l.last_unit_cost), updated_at = now()
    FROM unnest(${productIds}::uuid[], ${warehouseIds}::uuid[], ${column((c) => c.onHand.toFixed())}::numeric[],
      ${column((c) => c.inTransit.toFixed())}::numeric[], ${column((c) => c.value.toFixed())}::numeric[],
      ${column((c) => c.releaseReserved.toFixed())}::numeric[], ${column((c) => c.consigned.toFixed())}::numeric[],
      ${column((c) => c.lastUnitCost?.toFixed() ?? null)}::numeric[], ${column((c) => c.keepAvailable)}::boolean[],
      ${column((c) => c.allowNegative)}::boolean[])
      AS c(product_id, warehouse_id, on_hand, in_transit, value, release, consigned, last_unit_cost, keep_available,
        allow_negative)
    WHERE l.product_id = c.product_id AND l.warehouse_id = c.warehouse_id
      AND l.reserved - c.release >= 0
      AND (c.allow_negative OR c.on_hand >= 0 OR (l.on_hand + c.on_hand >= 0
        AND (NOT c.keep_available OR l.on_hand + c.on_hand >= l.reserved - c.release - l.reserved_short)))
    RETURNING l.product_id, l.warehouse_id, l.on_hand, l.reserved, l.reserved_short`.execute(db);
  for (const row of rows)
    result.set(pairKey(row.product_id, row.warehouse_id), {
      onHand: new Decimal(row.on_hand),
      reserved: new Decimal(row.reserved),
      reservedShort: new Decimal(row.reserved_short),
    });
  return result;
}

/** Locks a level row (before any reservation of it: levels, then reservations, is the one lock order). */
export async function lockLevel(db: Db, productId: string, warehouseId: string) {
  const row = await db
    .selectFrom('stock_levels')
    .select(['on_hand', 'reserved', 'reserved_short'])
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .forUpdate()
    .executeTakeFirst();
  return row
    ? {
        onHand: new Decimal(row.on_hand),
        reserved: new Decimal(row.reserved),
        reservedShort: new Decimal(row.reserved_short),
      }
    : undefined;
}

/** The open reservations of a level, newest first (the order in which a loss leaves them short). */
export async function openReservationsNewestFirst(db: Db, productId: string, warehouseId: string) {
  const rows = await db
    .selectFrom('stock_reservations')
    .select(['id', 'open_quantity', 'short_quantity', 'source_type', 'source_id'])
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .where('status', '=', 'OPEN')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .forUpdate()
    .execute();
  return rows.map((r) => ({
    id: r.id,
    open: new Decimal(r.open_quantity),
    short: new Decimal(r.short_quantity),
    sourceType: r.source_type,
    sourceId: r.source_id,
  }));
}

export async function setReservationShort(db: Db, id: string, short: Decimal) {
  await db
    .updateTable('stock_reservations')
    .set({ short_quantity: short.toFixed(), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function setLevelShort(db: Db, productId: string, warehouseId: string, short: Decimal) {
  await db
    .updateTable('stock_levels')
    .set({ reserved_short: short.toFixed() })
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .execute();
}

export async function levelOf(db: Db, productId: string, warehouseId: string) {
  return db
    .selectFrom('stock_levels')
    .selectAll()
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();
}

export interface BinChange {
  productId: string;
  warehouseId: string;
  locationId: string | null;
  delta: Decimal;
  /** The warehouse allows negative stock: the bin may go below zero. */
  allowNegative: boolean;
}

/**
 * Adds to bins' balances (one change per product × warehouse × bin) in one statement; answers the first change
 * refused, the statement then having changed nothing of it, when one would take its bin below zero where that is
 * not allowed (the caller throws, so the transaction changes nothing at all).
 */
export async function changeBins(db: Db, changes: BinChange[]): Promise<BinChange | undefined> {
  if (!changes.length) return undefined;
  const column = <T>(f: (c: BinChange) => T) => changes.map(f);
  const { rows } = await sql<{ product_id: string; warehouse_id: string; location_id: string | null; on_hand: string }>`
    INSERT INTO stock_bin_balances AS b (product_id, warehouse_id, location_id, on_hand)
    SELECT * FROM unnest(${column((c) => c.productId)}::uuid[], ${column((c) => c.warehouseId)}::uuid[],
      ${column((c) => c.locationId)}::uuid[], ${column((c) => c.delta.toFixed())}::numeric[]) AS c(p, w, l, q)
    ORDER BY p, w, l
    ON CONFLICT (product_id, warehouse_id, location_id)
    DO UPDATE SET on_hand = b.on_hand + excluded.on_hand, updated_at = now()
    WHERE b.on_hand + excluded.on_hand >= 0
      OR excluded.warehouse_id = ANY(${[...new Set(changes.filter((c) => c.allowNegative).map((c) => c.warehouseId))]}::uuid[])
    RETURNING b.product_id, b.warehouse_id, b.location_id, b.on_hand`.execute(db);
  const after = new Map(
    rows.map((r) => [`${r.product_id}|${r.warehouse_id}|${r.location_id}`, new Decimal(r.on_hand)]),
  );
  return changes.find((c) => {
    const onHand = after.get(`${c.productId}|${c.warehouseId}|${c.locationId}`);
    return onHand === undefined || (!c.allowNegative && onHand.isNegative());
  });
}

/** Every ledger row of a product in posting order, with the value it has now (its own plus revaluations). */
export async function productHistory(db: Db, productId: string) {
  const rows = await db
    .selectFrom('stock_movements')
    .select([
      'id',
      'posted_at',
      'warehouse_id',
      'bucket',
      'kind',
      'quantity',
      'value',
      'unit_cost',
      'owner_partner_id',
      'link_id',
      'source_type',
      'source_id',
      'source_line',
      // The provisional cost a row's deficit was valued at: a replay values it so again (fifo.ts, fallbackUnitCost).
      sql<string | null>`(SELECT c.unit_cost FROM stock_consumptions c
        WHERE c.movement_id = stock_movements.id AND c.is_deficit LIMIT 1)`.as('deficit_unit_cost'),
    ])
    .where('product_id', '=', productId)
    .orderBy('posted_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, posted_at: r.posted_at.toISOString() }));
}

/**
 * Settlements of deficits, on the kept slices: each outbound row's deficit slice is worth what its settled units
 * really cost (`value`, the row's revaluation, is negative when they cost more), as fifo.ts keeps it, so that
 * what comes back of it later comes back at that.
 */
export async function settleDeficitSlices(db: Db, settlements: { movementId: string; value: Decimal }[]) {
  // One UPDATE for all: a row settled twice in one posting gets the sum (an UPDATE … FROM applies one match only).
  const byMovement = new Map<string, Decimal>();
  for (const s of settlements)
    byMovement.set(s.movementId, (byMovement.get(s.movementId) ?? new Decimal(0)).add(s.value));
  const settled = [...byMovement].filter(([, value]) => !value.isZero());
  if (!settled.length) return;
  await sql`UPDATE stock_consumptions c SET value = c.value - s.value
    FROM unnest(${settled.map(([id]) => id)}::bigint[], ${settled.map(([, v]) => v.toFixed())}::numeric[])
      AS s(movement_id, value)
    WHERE c.movement_id = s.movement_id AND c.is_deficit`.execute(db);
}

/** The current value of the BUNDLE_CONSUME rows of each (source type, source id): a bundle's cost. */
export async function assembledValues(db: Db, sources: { sourceType: string; sourceId: string | null }[]) {
  const result = new Map<string, Decimal>();
  for (const s of sources) {
    const row = await sql<{ v: string }>`
      SELECT coalesce(sum(m.value), 0) + coalesce((
        SELECT sum(r.value) FROM stock_movements r
        WHERE r.kind = 'REVALUATION' AND r.link_id IN (
          SELECT id FROM stock_movements WHERE kind = 'BUNDLE_CONSUME' AND source_type = ${s.sourceType}
            AND source_id IS NOT DISTINCT FROM ${s.sourceId})), 0) AS v
      FROM stock_movements m
      WHERE m.kind = 'BUNDLE_CONSUME' AND m.source_type = ${s.sourceType} AND m.source_id IS NOT DISTINCT FROM ${s.sourceId}`.execute(
      db,
    );
    result.set(`${s.sourceType}|${s.sourceId ?? ''}`, new Decimal((row.rows[0] as { v: string }).v).neg());
  }
  return result;
}

/** Products made by BUNDLE_PRODUCE rows of these sources (to revalue when their components are revalued). */
export async function producedBy(db: Db, sources: { sourceType: string; sourceId: string | null }[]) {
  const ids = new Set<string>();
  for (const s of sources) {
    const rows = await db
      .selectFrom('stock_movements')
      .select('product_id')
      .where('kind', '=', 'BUNDLE_PRODUCE')
      .where('source_type', '=', s.sourceType)
      .where(sql<boolean>`source_id IS NOT DISTINCT FROM ${s.sourceId}`)
      .execute();
    for (const r of rows) ids.add(r.product_id);
  }
  return [...ids];
}

/** Levels of a product, for recomputing what layers decide (consigned, last unit cost). */
export async function setLevelFromLayers(
  db: Db,
  productId: string,
  warehouseId: string,
  consigned: Decimal,
  lastUnitCost: Decimal | null,
) {
  await db
    .updateTable('stock_levels')
    .set({ consigned: consigned.toFixed(), last_unit_cost: lastUnitCost?.toFixed() ?? null })
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .execute();
}

export async function warehousesOfProduct(db: Db, productId: string): Promise<string[]> {
  const rows = await db.selectFrom('stock_levels').select('warehouse_id').where('product_id', '=', productId).execute();
  return rows.map((r) => r.warehouse_id);
}

export async function productCostPrice(db: Db, productId: string): Promise<Decimal | undefined> {
  const row = await db.selectFrom('products').select('cost_price').where('id', '=', productId).executeTakeFirst();
  return row ? new Decimal(row.cost_price) : undefined;
}

export async function lockReservation(db: Db, id: string) {
  return db.selectFrom('stock_reservations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findReservation(db: Db, id: string) {
  return db.selectFrom('stock_reservations').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Reserves on the level row itself: the condition is evaluated on the row as it is when the update runs
 * (after any concurrent update of it has committed), so reservations never exceed what is available.
 */
export async function reserveOnLevel(
  db: Db,
  productId: string,
  warehouseId: string,
  quantity: Decimal,
  allowNegative: boolean,
) {
  await db
    .insertInto('stock_levels')
    .values({ product_id: productId, warehouse_id: warehouseId })
    .onConflict((oc) => oc.columns(['product_id', 'warehouse_id']).doNothing())
    .execute();
  let update = db
    .updateTable('stock_levels')
    .set({ reserved: sql`reserved + ${quantity.toFixed()}::numeric`, updated_at: sql`now()` })
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId);
  if (!allowNegative) update = update.where(sql<boolean>`on_hand - reserved >= ${quantity.toFixed()}::numeric`);
  const result = await update.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Gives back a reservation's open quantity, and the short part of it. */
export async function releaseOnLevel(
  db: Db,
  productId: string,
  warehouseId: string,
  quantity: Decimal,
  short: Decimal,
) {
  await db
    .updateTable('stock_levels')
    .set({
      reserved: sql`reserved - ${quantity.toFixed()}::numeric`,
      reserved_short: sql`reserved_short - ${short.toFixed()}::numeric`,
      updated_at: sql`now()`,
    })
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .execute();
}

export async function insertReservation(
  db: Db,
  r: {
    productId: string;
    warehouseId: string;
    quantity: Decimal;
    sourceType: string;
    sourceId: string | null;
    userId: string;
  },
) {
  return db
    .insertInto('stock_reservations')
    .values({
      product_id: r.productId,
      warehouse_id: r.warehouseId,
      quantity: r.quantity.toFixed(),
      open_quantity: r.quantity.toFixed(),
      source_type: r.sourceType,
      source_id: r.sourceId,
      created_by: r.userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateReservation(
  db: Db,
  id: string,
  openQuantity: Decimal,
  issued: Decimal,
  status: string,
  short?: Decimal,
) {
  return db
    .updateTable('stock_reservations')
    .set({
      open_quantity: openQuantity.toFixed(),
      issued_quantity: issued.toFixed(),
      ...(short ? { short_quantity: short.toFixed() } : {}),
      status,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Moves part of an open reservation onto a new one for another source (a back-order split off a sales invoice): the
 * old row keeps `quantity − moved`, the new one holds `moved`, `short` of the short units go with it. The level's
 * reserved and reserved_short do not change: the same units stay held.
 */
export async function splitReservation(
  db: Db,
  r: { id: string; moved: Decimal; short: Decimal; sourceType: string; sourceId: string; userId: string },
) {
  const old = await db
    .updateTable('stock_reservations')
    .set({
      quantity: sql`quantity - ${r.moved.toFixed()}::numeric`,
      open_quantity: sql`open_quantity - ${r.moved.toFixed()}::numeric`,
      short_quantity: sql`short_quantity - ${r.short.toFixed()}::numeric`,
      status: sql`CASE WHEN open_quantity - ${r.moved.toFixed()}::numeric > 0 THEN 'OPEN' ELSE 'ISSUED' END`,
      updated_at: sql`now()`,
    })
    .where('id', '=', r.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const made = await db
    .insertInto('stock_reservations')
    .values({
      product_id: old.product_id,
      warehouse_id: old.warehouse_id,
      quantity: r.moved.toFixed(),
      open_quantity: r.moved.toFixed(),
      short_quantity: r.short.toFixed(),
      source_type: r.sourceType,
      source_id: r.sourceId,
      created_by: r.userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { old, made };
}

/** The reservation now holds for another source (all of it moved). */
export async function reassignReservation(db: Db, id: string, sourceType: string, sourceId: string) {
  return db
    .updateTable('stock_reservations')
    .set({ source_type: sourceType, source_id: sourceId, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findProduct(db: Db, id: string) {
  return db.selectFrom('products').select(['id', 'sku', 'kind']).where('id', '=', id).executeTakeFirst();
}

/** Ledger rows naming a product, a warehouse or a bin: what makes them impossible to delete. */
export async function countMovementsOf(db: Db, column: 'product_id' | 'warehouse_id' | 'location_id', id: string) {
  const row = await db
    .selectFrom('stock_movements')
    .select(sql<string>`count(*)`.as('n'))
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Locks the level rows of these (product, warehouse) pairs in (product, warehouse) order, the order the posting
 * service locks them in, so that several lines reserved at once never deadlock with a posting or with each other.
 * Pairs without a row hold nothing and are not answered.
 */
export async function lockLevels(db: Db, pairs: { productId: string; warehouseId: string }[]) {
  if (!pairs.length) return [];
  const { rows } = await sql<{ product_id: string; warehouse_id: string; on_hand: string; reserved: string }>`
    SELECT l.product_id, l.warehouse_id, l.on_hand, l.reserved
    FROM stock_levels l
    JOIN unnest(${pairs.map((p) => p.productId)}::uuid[], ${pairs.map((p) => p.warehouseId)}::uuid[]) AS x(p, w)
      ON l.product_id = x.p AND l.warehouse_id = x.w
    ORDER BY l.product_id, l.warehouse_id
    FOR UPDATE OF l`.execute(db);
  return rows.map((r) => ({
    productId: r.product_id,
    warehouseId: r.warehouse_id,
    onHand: new Decimal(r.on_hand),
    reserved: new Decimal(r.reserved),
  }));
}
