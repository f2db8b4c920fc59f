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
}

/** Locks the products about to be posted, in id order so that two postings never wait on each other in a circle. */
export async function lockProducts(db: Db, ids: string[]): Promise<ProductToPost[]> {
  if (!ids.length) return [];
  const { rows } = await sql<ProductToPost>`
    SELECT id, sku, kind, active FROM products WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR NO KEY UPDATE`.execute(
    db,
  );
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

export async function hasLaterMovement(db: Db, productId: string, at: string): Promise<boolean> {
  const row = await db
    .selectFrom('stock_movements')
    .select('id')
    .where('product_id', '=', productId)
    .where('posted_at', '>', new Date(at))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
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
  const rows = await db
    .selectFrom('stock_bin_balances as b')
    .leftJoin('warehouse_locations as l', 'l.id', 'b.location_id')
    .select(['b.location_id', 'b.on_hand'])
    .where('b.product_id', '=', productId)
    .where('b.warehouse_id', '=', warehouseId)
    .orderBy(sql`b.location_id IS NULL`)
    .orderBy(sql`coalesce(l.pickable, false)`, 'desc')
    .orderBy('l.pick_sequence')
    .orderBy('l.code')
    .execute();
  return rows.map((r) => ({ locationId: r.location_id, onHand: new Decimal(r.on_hand) }));
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
] as const;

/** Open layers of a product in the given warehouses. */
export async function openLayers(db: Db, productId: string, warehouseIds: string[]): Promise<Layer[]> {
  if (!warehouseIds.length) return [];
  const rows = await db
    .selectFrom('stock_layers')
    .select(LAYER_COLUMNS)
    .where('product_id', '=', productId)
    .where('warehouse_id', 'in', warehouseIds)
    .execute();
  return rows.map(toLayer);
}

export async function allOpenLayers(db: Db, productId?: string): Promise<(Layer & { productId: string })[]> {
  let query = db.selectFrom('stock_layers').select([...LAYER_COLUMNS, 'product_id']);
  if (productId) query = query.where('product_id', '=', productId);
  const rows = await query.execute();
  return rows.map((r) => ({ ...toLayer(r), productId: r.product_id }));
}

export async function lastUnitCosts(db: Db, productId: string, warehouseIds: string[]) {
  if (!warehouseIds.length) return [];
  const rows = await db
    .selectFrom('stock_levels')
    .select(['warehouse_id', 'last_unit_cost'])
    .where('product_id', '=', productId)
    .where('warehouse_id', 'in', warehouseIds)
    .where('last_unit_cost', 'is not', null)
    .execute();
  return rows.map((r) => ({
    warehouseId: r.warehouse_id,
    bucket: 'STOCK' as Bucket,
    unitCost: new Decimal(r.last_unit_cost as string),
  }));
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
      .where('kind', '<>', 'REVALUATION')
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

export async function insertMovements(db: Db, rows: MovementWrite[]) {
  if (!rows.length) return;
  // The ids were taken from the sequence beforehand (nextMovementIds), so the identity is overridden.
  const values = rows.map(
    (m) =>
      sql`(${m.id}::bigint, ${m.postedAt}::timestamptz, ${m.productId}::uuid, ${m.warehouseId}::uuid, ${m.locationId}::uuid,
        ${m.bucket}, ${m.kind}, ${m.quantity.toFixed()}::numeric, ${m.value.toFixed()}::numeric,
        ${m.unitCost?.toFixed() ?? null}::numeric, ${m.ownerId}::uuid, ${m.linkId}::bigint, ${m.sourceType},
        ${m.sourceId}, ${m.sourceLine}, ${m.reason}, ${m.userId}::uuid)`,
  );
  await sql`
    INSERT INTO stock_movements (id, posted_at, product_id, warehouse_id, location_id, bucket, kind, quantity, value,
      unit_cost, owner_partner_id, link_id, source_type, source_id, source_line, reason, user_id)
    OVERRIDING SYSTEM VALUE VALUES ${sql.join(values)}`.execute(db);
}

export async function insertConsumptions(db: Db, productId: string, slicesByMovement: Map<string, Slice[]>) {
  const rows = [...slicesByMovement].flatMap(([movementId, slices]) =>
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
    })),
  );
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('stock_consumptions')
      .values(rows.slice(i, i + 1000))
      .execute();
}

/** Replaces a product's open layers in the given warehouses (all of them when null) with these. */
export async function replaceLayers(db: Db, productId: string, warehouseIds: string[] | null, layers: Layer[]) {
  let del = db.deleteFrom('stock_layers').where('product_id', '=', productId);
  if (warehouseIds) del = del.where('warehouse_id', 'in', warehouseIds);
  if (warehouseIds?.length !== 0) await del.execute();
  const rows = layers.map((l) => ({
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
  }));
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
 * Applies a change to a product's level in a warehouse. The condition is in the UPDATE itself, so that it
 * holds whatever else commits meanwhile: it answers undefined, changing nothing, when the change would take
 * available below what the short reservations explain (or, where negative stock is not allowed, on hand
 * below zero); else the level after it. The row stays locked until the transaction ends.
 */
export async function changeLevel(db: Db, c: LevelChange): Promise<LevelAfter | undefined> {
  await db
    .insertInto('stock_levels')
    .values({ product_id: c.productId, warehouse_id: c.warehouseId })
    .onConflict((oc) => oc.columns(['product_id', 'warehouse_id']).doNothing())
    .execute();
  const onHand = c.onHand.toFixed();
  const release = c.releaseReserved.toFixed();
  let update = db
    .updateTable('stock_levels')
    .set({
      on_hand: sql`on_hand + ${onHand}::numeric`,
      in_transit: sql`in_transit + ${c.inTransit.toFixed()}::numeric`,
      value: sql`value + ${c.value.toFixed()}::numeric`,
      reserved: sql`reserved - ${release}::numeric`,
      consigned: c.consigned.toFixed(),
      last_unit_cost: c.lastUnitCost?.toFixed() ?? sql`last_unit_cost`,
      updated_at: sql`now()`,
    })
    .where('product_id', '=', c.productId)
    .where('warehouse_id', '=', c.warehouseId)
    .where(sql<boolean>`reserved - ${release}::numeric >= 0`);
  if (!c.allowNegative && c.onHand.isNegative()) {
    update = update.where(sql<boolean>`on_hand + ${onHand}::numeric >= 0`);
    if (c.keepAvailable)
      update = update.where(
        sql<boolean>`on_hand + ${onHand}::numeric >= reserved - ${release}::numeric - reserved_short`,
      );
  }
  const row = await update.returning(['on_hand', 'reserved', 'reserved_short']).executeTakeFirst();
  return row
    ? {
        onHand: new Decimal(row.on_hand),
        reserved: new Decimal(row.reserved),
        reservedShort: new Decimal(row.reserved_short),
      }
    : undefined;
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

/** Adds to a bin's balance; answers false, changing nothing, if that would take it below zero where not allowed. */
export async function changeBin(
  db: Db,
  productId: string,
  warehouseId: string,
  locationId: string | null,
  delta: Decimal,
  allowNegative: boolean,
): Promise<boolean> {
  const { rows } = await sql<{ on_hand: string }>`
    INSERT INTO stock_bin_balances AS b (product_id, warehouse_id, location_id, on_hand)
    VALUES (${productId}::uuid, ${warehouseId}::uuid, ${locationId}::uuid, ${delta.toFixed()}::numeric)
    ON CONFLICT (product_id, warehouse_id, location_id)
    DO UPDATE SET on_hand = b.on_hand + excluded.on_hand, updated_at = now()
    ${allowNegative ? sql`` : sql`WHERE b.on_hand + excluded.on_hand >= 0`}
    RETURNING b.on_hand`.execute(db);
  const row = rows[0];
  return row !== undefined && (allowNegative || !new Decimal(row.on_hand).isNegative());
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
  for (const s of settlements)
    if (!s.value.isZero())
      await db
        .updateTable('stock_consumptions')
        .set({ value: sql`value - ${s.value.toFixed()}::numeric` })
        .where('movement_id', '=', s.movementId)
        .where('is_deficit', '=', true)
        .execute();
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
