import { performance } from 'node:perf_hooks';
import Decimal from 'decimal.js';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/db/schema.ts';

/** SQL of the stock bench: its master data, the bulk writes of the generated ledger, and the timed reads. */

type Db = Kysely<Database>;

// ── Master data ─────────────────────────────────────────────────────────────────────────────────

const COLOURS = ['Blue', 'Red', 'Green', 'Black', 'White', 'Walnut', 'Oak', 'Steel', 'Copper', 'Grey'];
const THINGS = [
  'widget',
  'gadget',
  'kettle',
  'lamp',
  'chair',
  'shelf',
  'mug',
  'bottle',
  'cable',
  'charger',
  'towel',
  'pillow',
  'blanket',
  'basket',
  'candle',
  'mirror',
  'clock',
  'frame',
  'vase',
  'planter',
  'speaker',
  'headphones',
  'backpack',
  'wallet',
  'umbrella',
];

export async function createMasterData(
  db: Db,
  o: { products: number; warehouses: number; binsPerWarehouse: number; brands: number },
) {
  const brands = await sql<{ id: string }>`
    INSERT INTO brands (code, name)
    SELECT 'SB' || i, 'Stock bench brand ' || i FROM generate_series(1, ${o.brands}) i
    RETURNING id`.execute(db);
  const brandIds = brands.rows.map((r) => r.id);
  const partner = await sql<{ id: string }>`
    INSERT INTO business_partners (code, name, is_consignment)
    VALUES ('SB-CONSIGN', 'Stock bench consignment supplier', true) RETURNING id`.execute(db);
  const warehouses = [];
  for (let w = 1; w <= o.warehouses; w++) {
    const wh = await sql<{ id: string }>`
      INSERT INTO warehouses (code, name, kind)
      VALUES (${`SBW${w}`}, ${`Stock bench warehouse ${w}`}, ${w === 4 ? 'THIRD_PARTY' : w === 5 ? 'AMAZON_FBA' : 'OWN'})
      RETURNING id`.execute(db);
    const id = (wh.rows[0] as { id: string }).id;
    const bins = await sql<{ id: string }>`
      INSERT INTO warehouse_locations (warehouse_id, code, zone, pick_sequence)
      SELECT ${id}::uuid, chr(65 + (i - 1) / 50) || '-' || lpad(i::text, 3, '0'), 'Zone ' || chr(65 + (i - 1) / 50), i
      FROM generate_series(1, ${o.binsPerWarehouse}) i
      ORDER BY i
      RETURNING id`.execute(db);
    const receiving = await sql<{ id: string }>`
      INSERT INTO warehouse_locations (warehouse_id, code, zone, pick_sequence, pickable)
      VALUES (${id}::uuid, 'RECV', 'Receiving', 0, false) RETURNING id`.execute(db);
    const receivingId = (receiving.rows[0] as { id: string }).id;
    await sql`
      INSERT INTO warehouse_configs (warehouse_id, default_receiving_location_id)
      VALUES (${id}::uuid, ${receivingId}::uuid)`.execute(db);
    warehouses.push({ id, code: `SBW${w}`, binIds: bins.rows.map((r) => r.id), receivingId });
  }
  // Names from a few word lists, so that a text search finds some products and not others.
  await sql`
    INSERT INTO products (sku, name, brand_id, cost_price, sale_price, reorder_point, reorder_quantity)
    SELECT 'SB-' || lpad(i::text, 6, '0'),
      (${COLOURS}::text[])[1 + i % ${COLOURS.length}] || ' ' || (${THINGS}::text[])[1 + (i / ${COLOURS.length}) % ${THINGS.length}]
        || ' ' || (100 + i % 900) || ' series',
      (${brandIds}::uuid[])[1 + i % ${brandIds.length}],
      (1 + i % 150) + (i % 100) / 100.0, (3 + i % 300) + 0.99, i % 25, 10 + i % 40
    FROM generate_series(1, ${o.products}) i`.execute(db);
  // In id order: the ledger is written product after product, so its product index grows at its end.
  const products = await sql<{ id: string }>`SELECT id FROM products WHERE sku LIKE 'SB-%' ORDER BY id`.execute(db);
  return {
    brandIds,
    partnerId: (partner.rows[0] as { id: string }).id,
    warehouses,
    productIds: products.rows.map((r) => r.id),
  };
}

// ── Bulk writes: column arrays through unnest(), one statement per table and batch ─────────────

export const emptyMovementColumns = () => ({
  id: [] as string[],
  posted_at: [] as string[],
  product_id: [] as string[],
  warehouse_id: [] as string[],
  location_id: [] as (string | null)[],
  bucket: [] as string[],
  kind: [] as string[],
  quantity: [] as string[],
  value: [] as string[],
  unit_cost: [] as string[],
  owner_partner_id: [] as (string | null)[],
  link_id: [] as (string | null)[],
  source_type: [] as string[],
});
export const emptyConsumptionColumns = () => ({
  movement_id: [] as string[],
  seq: [] as number[],
  product_id: [] as string[],
  layer_movement_id: [] as string[],
  layer_seq: [] as number[],
  owner_partner_id: [] as (string | null)[],
  received_at: [] as string[],
  unit_cost: [] as string[],
  quantity: [] as string[],
  value: [] as string[],
  is_deficit: [] as boolean[],
});
export const emptyLayerColumns = () => ({
  origin_movement_id: [] as string[],
  seq: [] as number[],
  product_id: [] as string[],
  warehouse_id: [] as string[],
  bucket: [] as string[],
  owner_partner_id: [] as (string | null)[],
  received_at: [] as string[],
  unit_cost: [] as string[],
  quantity: [] as string[],
  remaining: [] as string[],
  remaining_value: [] as string[],
});
export const emptyLevelColumns = () => ({
  product_id: [] as string[],
  warehouse_id: [] as string[],
  on_hand: [] as string[],
  in_transit: [] as string[],
  consigned: [] as string[],
  value: [] as string[],
  last_unit_cost: [] as (string | null)[],
});
export const emptyBinColumns = () => ({
  product_id: [] as string[],
  warehouse_id: [] as string[],
  location_id: [] as string[],
  on_hand: [] as string[],
});

interface BatchColumns {
  movements: ReturnType<typeof emptyMovementColumns>;
  consumptions: ReturnType<typeof emptyConsumptionColumns>;
  layers: ReturnType<typeof emptyLayerColumns>;
  levels: ReturnType<typeof emptyLevelColumns>;
  bins: ReturnType<typeof emptyBinColumns>;
}

/**
 * A column as one array literal. Every value here is a number, a uuid, an ISO instant, a decimal or a code:
 * nothing an array literal would need quoted, so joining beats pg's escaping of each element by far.
 */
function lit(values: readonly (string | number | boolean | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
}

/** Writes one batch in one transaction: ledger rows first (the others refer to them). */
export async function writeBatch(db: Db, b: BatchColumns) {
  await db.transaction().execute(async (tx) => {
    const m = b.movements;
    if (m.id.length)
      // created_at = posted_at: history as if it had been entered on the day.
      await sql`
        INSERT INTO stock_movements (id, posted_at, created_at, product_id, warehouse_id, location_id, bucket, kind,
          quantity, value, unit_cost, owner_partner_id, link_id, source_type)
        OVERRIDING SYSTEM VALUE
        SELECT id, posted_at, posted_at, product_id, warehouse_id, location_id, bucket, kind, quantity, value, unit_cost,
          owner_partner_id, link_id, source_type
        FROM unnest(${lit(m.id)}::bigint[], ${lit(m.posted_at)}::timestamptz[], ${lit(m.product_id)}::uuid[], ${lit(m.warehouse_id)}::uuid[],
          ${lit(m.location_id)}::uuid[], ${lit(m.bucket)}::text[], ${lit(m.kind)}::text[], ${lit(m.quantity)}::numeric[], ${lit(m.value)}::numeric[],
          ${lit(m.unit_cost)}::numeric[], ${lit(m.owner_partner_id)}::uuid[], ${lit(m.link_id)}::bigint[], ${lit(m.source_type)}::text[])
          AS t (id, posted_at, product_id, warehouse_id, location_id, bucket, kind, quantity, value, unit_cost,
            owner_partner_id, link_id, source_type)`.execute(tx);
    const c = b.consumptions;
    if (c.movement_id.length)
      await sql`
        INSERT INTO stock_consumptions (movement_id, seq, product_id, layer_movement_id, layer_seq, owner_partner_id,
          received_at, unit_cost, quantity, value, is_deficit)
        SELECT * FROM unnest(${lit(c.movement_id)}::bigint[], ${lit(c.seq)}::int[], ${lit(c.product_id)}::uuid[],
          ${lit(c.layer_movement_id)}::bigint[], ${lit(c.layer_seq)}::int[], ${lit(c.owner_partner_id)}::uuid[],
          ${lit(c.received_at)}::timestamptz[], ${lit(c.unit_cost)}::numeric[], ${lit(c.quantity)}::numeric[], ${lit(c.value)}::numeric[],
          ${lit(c.is_deficit)}::boolean[])`.execute(tx);
    const y = b.layers;
    if (y.origin_movement_id.length)
      await sql`
        INSERT INTO stock_layers (origin_movement_id, seq, product_id, warehouse_id, bucket, owner_partner_id,
          received_at, unit_cost, quantity, remaining, remaining_value)
        SELECT * FROM unnest(${lit(y.origin_movement_id)}::bigint[], ${lit(y.seq)}::int[], ${lit(y.product_id)}::uuid[],
          ${lit(y.warehouse_id)}::uuid[], ${lit(y.bucket)}::text[], ${lit(y.owner_partner_id)}::uuid[], ${lit(y.received_at)}::timestamptz[],
          ${lit(y.unit_cost)}::numeric[], ${lit(y.quantity)}::numeric[], ${lit(y.remaining)}::numeric[], ${lit(y.remaining_value)}::numeric[])`.execute(
        tx,
      );
    const v = b.levels;
    if (v.product_id.length)
      await sql`
        INSERT INTO stock_levels (product_id, warehouse_id, on_hand, in_transit, consigned, value, last_unit_cost)
        SELECT * FROM unnest(${lit(v.product_id)}::uuid[], ${lit(v.warehouse_id)}::uuid[], ${lit(v.on_hand)}::numeric[],
          ${lit(v.in_transit)}::numeric[], ${lit(v.consigned)}::numeric[], ${lit(v.value)}::numeric[], ${lit(v.last_unit_cost)}::numeric[])`.execute(
        tx,
      );
    const n = b.bins;
    if (n.product_id.length)
      await sql`
        INSERT INTO stock_bin_balances (product_id, warehouse_id, location_id, on_hand)
        SELECT * FROM unnest(${lit(n.product_id)}::uuid[], ${lit(n.warehouse_id)}::uuid[], ${lit(n.location_id)}::uuid[],
          ${lit(n.on_hand)}::numeric[])`.execute(tx);
  });
}

/** After the load: the identity continues after the ids written, and the planner learns the new sizes. */
export async function finishLoad(db: Db, nextId: bigint) {
  await sql`SELECT setval(pg_get_serial_sequence('stock_movements', 'id'), ${String(nextId - 1n)}::bigint)`.execute(db);
  // VACUUM sets the visibility map, without which the as-at sums could not be answered from the index alone.
  await sql`VACUUM (ANALYZE) stock_movements, stock_consumptions, stock_layers, stock_levels, stock_bin_balances, products,
    stock_product_values`.execute(db);
}

/** After the checkpoints are made: the planner learns their size (autovacuum would, later). */
export async function analyseCheckpoints(db: Db) {
  await sql`ANALYZE stock_checkpoint_cuts, stock_checkpoints`.execute(db);
}

// ── Reads of the bench ──────────────────────────────────────────────────────────────────────────

/** The administrator as a request would know them, for calling services in-process. */
export async function adminUser(db: Db) {
  const row = await sql<{ id: string; username: string; name: string; email: string; permissions: string[] }>`
    SELECT u.id, u.username, u.name, u.email,
      coalesce((SELECT array_agg(DISTINCT rp.permission) FROM user_roles ur
        JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = u.id), '{}') AS permissions
    FROM users u WHERE lower(u.username) = 'admin'`.execute(db);
  const u = row.rows[0];
  if (!u) throw new Error('no admin user');
  return { id: u.id, username: u.username, name: u.name, email: u.email, permissions: new Set(u.permissions) };
}

/** Where the embedded database listens (its user and password are the embedded server's own). */
export async function databaseUrl(db: Db): Promise<string> {
  const { rows } = await sql<{ port: number; name: string }>`
    SELECT inet_server_port() AS port, current_database() AS name`.execute(db);
  const r = rows[0] as { port: number; name: string };
  return `postgres://postgres:postgres@127.0.0.1:${r.port}/${r.name}`;
}

export async function tableSizes(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string; size: string }>`
    SELECT c.relname AS name, pg_size_pretty(pg_total_relation_size(c.oid)) AS size FROM pg_class c
    WHERE c.relname IN ('stock_movements', 'stock_consumptions', 'stock_layers') ORDER BY c.relname`.execute(db);
  return rows.map((r) => `${r.name} ${r.size}`).join(', ');
}

/** Product × warehouse pairs with a few units on hand, at random: where −1 is allowed. */
export async function stockedPairs(db: Db, limit: number) {
  const { rows } = await sql<{ product_id: string; warehouse_id: string }>`
    SELECT product_id, warehouse_id FROM stock_levels WHERE on_hand >= 3 AND reserved = 0
    ORDER BY random() LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({ productId: r.product_id, warehouseId: r.warehouse_id }));
}

/** A handful of product × warehouse pairs with only a few units left (and nothing reserved or in transit). */
export async function lastUnits(db: Db, count: number) {
  const { rows } = await sql<{ product_id: string; warehouse_id: string; on_hand: string; available: string }>`
    SELECT product_id, warehouse_id, on_hand::text, available::text FROM stock_levels
    WHERE on_hand BETWEEN 3 AND 12 AND reserved = 0 AND in_transit = 0
    ORDER BY product_id DESC LIMIT ${count}`.execute(db);
  return rows.map((r) => ({
    productId: r.product_id,
    warehouseId: r.warehouse_id,
    onHand: r.on_hand,
    available: r.available,
  }));
}

export async function levelsOf(db: Db, pairs: { productId: string; warehouseId: string }[]) {
  const { rows } = await sql<{
    product_id: string;
    warehouse_id: string;
    on_hand: string;
    reserved: string;
    available: string;
  }>`
    SELECT product_id, warehouse_id, on_hand::text, reserved::text, available::text FROM stock_levels
    WHERE (product_id, warehouse_id) IN (
      SELECT * FROM unnest(${pairs.map((p) => p.productId)}::uuid[], ${pairs.map((p) => p.warehouseId)}::uuid[]))`.execute(
    db,
  );
  return new Map(rows.map((r) => [`${r.product_id}|${r.warehouse_id}`, r]));
}

/**
 * An approved purchase order of `lines` products the warehouse already holds, chosen at random (3 units at £10
 * each): what a goods received note of that many lines is made from. Answers the order and its line ids.
 */
export async function approvedOrder(db: Db, warehouseId: string, lines: number, tag: string) {
  const supplier = await sql<{ id: string }>`
    INSERT INTO business_partners (code, name) VALUES (${`SB-SUP-${tag}`}, 'Stock bench supplier') RETURNING id`.execute(
    db,
  );
  const order = await sql<{ id: string }>`
    INSERT INTO purchase_orders (number, type, status, supplier_id, warehouse_id, net_total, vat_total, gross_total,
      approved_at)
    VALUES (${`PO-SB-${tag}`}, 'PRIOR_ORDER_PO', 'APPROVED', ${(supplier.rows[0] as { id: string }).id},
      ${warehouseId}, ${lines} * 30, ${lines} * 6, ${lines} * 36, now())
    RETURNING id`.execute(db);
  const orderId = (order.rows[0] as { id: string }).id;
  const { rows } = await sql<{ id: string; line_no: number }>`
    INSERT INTO purchase_order_lines (order_id, line_no, product_id, quantity, unit_cost, net_amount, vat_amount)
    SELECT ${orderId}::uuid, row_number() OVER (ORDER BY product_id), product_id, 3, 10, 30, 6
    FROM (SELECT product_id FROM stock_levels WHERE warehouse_id = ${warehouseId}::uuid ORDER BY random()
      LIMIT ${lines}) p
    RETURNING id, line_no`.execute(db);
  return { orderId, lineIds: rows.sort((a, b) => Number(a.line_no) - Number(b.line_no)).map((r) => r.id) };
}

/** The bin of a warehouse holding the most products. */
export async function busiestBin(db: Db, warehouseId: string): Promise<string> {
  const { rows } = await sql<{ location_id: string }>`
    SELECT location_id FROM stock_bin_balances WHERE warehouse_id = ${warehouseId}::uuid AND location_id IS NOT NULL
    GROUP BY location_id ORDER BY count(*) DESC LIMIT 1`.execute(db);
  return (rows[0] as { location_id: string }).location_id;
}

// ── What the report proposes for the inventory summary and list (timed beside the real endpoints) ─

/** The first summary page by SKU: 20 products from the SKU index, then only their levels summed. */
export async function summaryPageFirst(db: Db, warehouseId: string | null) {
  await sql`
    SELECT p.id, p.sku, p.name, p.unit, p.reorder_point, b.id AS brand_id, b.code AS brand_code, b.name AS brand_name,
      coalesce(s.on_hand, 0) AS on_hand, coalesce(s.reserved, 0) AS reserved, coalesce(s.available, 0) AS available,
      coalesce(s.in_transit, 0) AS in_transit, coalesce(s.consigned, 0) AS consigned, coalesce(s.value, 0) AS value
    FROM products p
    LEFT JOIN brands b ON b.id = p.brand_id
    LEFT JOIN LATERAL (
      SELECT sum(l.on_hand) AS on_hand, sum(l.reserved) AS reserved, sum(l.available) AS available,
        sum(l.in_transit) AS in_transit, sum(l.consigned) AS consigned, sum(l.value) AS value
      FROM stock_levels l
      WHERE l.product_id = p.id AND (${warehouseId}::uuid IS NULL OR l.warehouse_id = ${warehouseId}::uuid)
    ) s ON true
    WHERE p.kind <> 'SERVICE'
    ORDER BY p.sku, p.id LIMIT 20`.execute(db);
}

/** The summary's totals when no product filter applies: the levels summed, products counted apart. */
export async function summaryTotalsFromLevels(db: Db) {
  await sql`
    SELECT (SELECT count(*) FROM products WHERE kind <> 'SERVICE') AS n, sum(on_hand) AS on_hand,
      sum(reserved) AS reserved, sum(available) AS available, sum(in_transit) AS in_transit, sum(value) AS value
    FROM stock_levels`.execute(db);
}

/** The inventory list's total, counted no further than `cap` (the page then says "10 000 or more"). */
export async function listCountCapped(db: Db, cap: number) {
  await sql`
    SELECT count(*) FROM (
      SELECT 1 FROM stock_bin_balances bb JOIN products p ON p.id = bb.product_id
      WHERE p.kind <> 'SERVICE' AND bb.on_hand <> 0 LIMIT ${cap + 1}
    ) x`.execute(db);
}

export interface AsAtTotals {
  quantity: string;
  value: string;
  groups: number;
}

/** The end of each day (Europe/London) as an instant, in the engine's ISO form. */
export async function endsOfDays(db: Db, days: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const d of days) {
    const { rows } = await sql<{
      at: Date;
    }>`SELECT (${d}::date + 1)::timestamp AT TIME ZONE 'Europe/London' AS at`.execute(db);
    out.set(d, (rows[0] as { at: Date }).at.toISOString());
  }
  return out;
}

/**
 * Stock and value as at the end of a day, per product × warehouse from the rows posted up to then, summed by
 * warehouse × brand (what a report's totals need). Answered from stock_movements_posted alone.
 */
export async function valueAsAtSummed(db: Db, day: string): Promise<AsAtTotals> {
  const { rows } = await sql<AsAtTotals>`
    WITH per_product AS (
      SELECT product_id, warehouse_id, sum(quantity) AS quantity, sum(value) AS value
      FROM stock_movements WHERE posted_at < (${day}::date + 1)::timestamp AT TIME ZONE 'Europe/London'
      GROUP BY product_id, warehouse_id
    ), groups AS (
      SELECT g.warehouse_id, p.brand_id, sum(g.quantity) AS quantity, sum(g.value) AS value
      FROM per_product g JOIN products p ON p.id = g.product_id GROUP BY g.warehouse_id, p.brand_id
    )
    SELECT coalesce(sum(quantity), 0)::text AS quantity, coalesce(sum(value), 0)::text AS value, count(*)::int AS groups
    FROM groups`.execute(db);
  return rows[0] as AsAtTotals;
}

/** The same figures from the kept balances less what was posted after the day: cheap for recent days. */
export async function valueAsAtFromCurrent(db: Db, day: string): Promise<AsAtTotals> {
  const { rows } = await sql<AsAtTotals>`
    WITH later AS (
      SELECT product_id, warehouse_id, sum(quantity) AS quantity, sum(value) AS value
      FROM stock_movements WHERE posted_at >= (${day}::date + 1)::timestamp AT TIME ZONE 'Europe/London'
      GROUP BY product_id, warehouse_id
    ), per_product AS (
      SELECT coalesce(l.product_id, x.product_id) AS product_id, coalesce(l.warehouse_id, x.warehouse_id) AS warehouse_id,
        coalesce(l.on_hand + l.in_transit, 0) - coalesce(x.quantity, 0) AS quantity,
        coalesce(l.value, 0) - coalesce(x.value, 0) AS value
      FROM stock_levels l FULL JOIN later x ON x.product_id = l.product_id AND x.warehouse_id = l.warehouse_id
    ), groups AS (
      SELECT g.warehouse_id, p.brand_id, sum(g.quantity) AS quantity, sum(g.value) AS value
      FROM per_product g JOIN products p ON p.id = g.product_id GROUP BY g.warehouse_id, p.brand_id
    )
    SELECT coalesce(sum(quantity), 0)::text AS quantity, coalesce(sum(value), 0)::text AS value, count(*)::int AS groups
    FROM groups`.execute(db);
  return rows[0] as AsAtTotals;
}

/**
 * The proposed as-at: a snapshot of every product × warehouse at the end of the month before the day (made here in
 * a temporary table, as the stock core would keep it), plus the rows from then to the end of the day. Only the
 * latter is timed.
 */
export async function valueAsAtFromSnapshot(db: Db, day: string): Promise<{ ms: number; totals: AsAtTotals }> {
  return db.connection().execute(async (c) => {
    await sql`
      CREATE TEMPORARY TABLE bench_month_snapshot ON COMMIT PRESERVE ROWS AS
      SELECT product_id, warehouse_id, sum(quantity) AS quantity, sum(value) AS value
      FROM stock_movements
      WHERE posted_at < date_trunc('month', ${day}::date)::timestamp AT TIME ZONE 'Europe/London'
      GROUP BY product_id, warehouse_id`.execute(c);
    await sql`ANALYZE bench_month_snapshot`.execute(c);
    const t = performance.now();
    const { rows } = await sql<AsAtTotals>`
      WITH month AS (
        SELECT product_id, warehouse_id, sum(quantity) AS quantity, sum(value) AS value
        FROM stock_movements
        WHERE posted_at >= date_trunc('month', ${day}::date)::timestamp AT TIME ZONE 'Europe/London'
          AND posted_at < (${day}::date + 1)::timestamp AT TIME ZONE 'Europe/London'
        GROUP BY product_id, warehouse_id
      ), per_product AS (
        SELECT coalesce(s.product_id, m.product_id) AS product_id, coalesce(s.warehouse_id, m.warehouse_id) AS warehouse_id,
          coalesce(s.quantity, 0) + coalesce(m.quantity, 0) AS quantity, coalesce(s.value, 0) + coalesce(m.value, 0) AS value
        FROM bench_month_snapshot s FULL JOIN month m ON m.product_id = s.product_id AND m.warehouse_id = s.warehouse_id
      ), groups AS (
        SELECT g.warehouse_id, p.brand_id, sum(g.quantity) AS quantity, sum(g.value) AS value
        FROM per_product g JOIN products p ON p.id = g.product_id GROUP BY g.warehouse_id, p.brand_id
      )
      SELECT coalesce(sum(quantity), 0)::text AS quantity, coalesce(sum(value), 0)::text AS value, count(*)::int AS groups
      FROM groups`.execute(c);
    const ms = performance.now() - t;
    await sql`DROP TABLE bench_month_snapshot`.execute(c);
    return { ms, totals: rows[0] as AsAtTotals };
  });
}

export async function fifoValueByWarehouse(db: Db) {
  const { rows } = await sql<{ warehouse_id: string; value: string; layers: number }>`
    SELECT warehouse_id, sum(remaining_value)::text AS value, count(*)::int AS layers
    FROM stock_layers GROUP BY warehouse_id ORDER BY warehouse_id`.execute(db);
  return rows;
}

/** Whole products, in id order, until their ledger rows add up to at least `movements`. */
export async function productsCovering(db: Db, movements: number) {
  const { rows } = await sql<{ product_id: string }>`
    WITH counts AS (
      SELECT product_id, count(*) AS n FROM stock_movements GROUP BY product_id
    ), running AS (
      SELECT product_id, sum(n) OVER (ORDER BY product_id) - n AS before FROM counts
    )
    SELECT product_id FROM running WHERE before < ${movements} ORDER BY product_id`.execute(db);
  return { productIds: rows.map((r) => r.product_id) };
}

export interface HistoryRow {
  id: string;
  postedAt: string;
  warehouseId: string;
  bucket: string;
  kind: string;
  quantity: string;
  unitCost: string | null;
  ownerId: string | null;
  linkId: string | null;
}

/** The products' ledgers, each in posting order. */
export async function histories(db: Db, productIds: string[]): Promise<Map<string, HistoryRow[]>> {
  const { rows } = await sql<{
    id: string;
    product_id: string;
    posted_at: Date;
    warehouse_id: string;
    bucket: string;
    kind: string;
    quantity: string;
    unit_cost: string | null;
    owner_partner_id: string | null;
    link_id: string | null;
  }>`
    SELECT id, product_id, posted_at, warehouse_id, bucket, kind, quantity, unit_cost, owner_partner_id, link_id
    FROM stock_movements WHERE product_id = ANY(${productIds}::uuid[]) ORDER BY product_id, posted_at, id`.execute(db);
  const out = new Map<string, HistoryRow[]>();
  for (const r of rows) {
    const list = out.get(r.product_id) ?? [];
    list.push({
      id: r.id,
      postedAt: r.posted_at.toISOString(),
      warehouseId: r.warehouse_id,
      bucket: r.bucket,
      kind: r.kind,
      quantity: r.quantity,
      unitCost: r.unit_cost,
      ownerId: r.owner_partner_id,
      linkId: r.link_id,
    });
    out.set(r.product_id, list);
  }
  return out;
}

/** What the database keeps for the products: as-at values per day, open layers' value, levels' value. */
export async function subsetFigures(db: Db, productIds: string[], days: string[]) {
  const toMap = (rows: { product_id: string; warehouse_id: string; value: string }[]) =>
    new Map(rows.map((r) => [`${r.product_id}|${r.warehouse_id}`, new Decimal(r.value)]));
  const asAt = new Map<string, Map<string, Decimal>>();
  for (const d of days) {
    const { rows } = await sql<{ product_id: string; warehouse_id: string; value: string }>`
      SELECT product_id, warehouse_id, sum(value)::text AS value FROM stock_movements
      WHERE product_id = ANY(${productIds}::uuid[])
        AND posted_at < (${d}::date + 1)::timestamp AT TIME ZONE 'Europe/London'
      GROUP BY product_id, warehouse_id`.execute(db);
    asAt.set(d, toMap(rows));
  }
  const layers = await sql<{ product_id: string; warehouse_id: string; value: string }>`
    SELECT product_id, warehouse_id, sum(remaining_value)::text AS value FROM stock_layers
    WHERE product_id = ANY(${productIds}::uuid[]) GROUP BY product_id, warehouse_id`.execute(db);
  const levels = await sql<{ product_id: string; warehouse_id: string; value: string }>`
    SELECT product_id, warehouse_id, value::text AS value FROM stock_levels
    WHERE product_id = ANY(${productIds}::uuid[])`.execute(db);
  return { asAt, layers: toMap(layers.rows), levels: toMap(levels.rows) };
}

// ── Bulk load as pg_restore does it: secondary indexes and foreign keys of the loaded tables set aside, then
// rebuilt and re-validated in one pass each (a sort per index, an anti-join per key) ──────────────────────

const LOADED = ['stock_movements', 'stock_consumptions', 'stock_layers', 'stock_levels', 'stock_bin_balances'];

export interface SetAside {
  indexes: { name: string; def: string }[];
  foreignKeys: { table: string; name: string; def: string }[];
}

export async function setAsideForLoad(db: Db): Promise<SetAside> {
  // Indexes that back a primary key or unique constraint stay: they are what the rows are checked against.
  const indexes = await sql<{ name: string; def: string }>`
    SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
    WHERE i.schemaname = current_schema() AND i.tablename = ANY(${LOADED}::text[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.indexname))::regclass)
    ORDER BY i.tablename, i.indexname`.execute(db);
  const foreignKeys = await sql<{ table: string; name: string; def: string }>`
    SELECT c.conrelid::regclass::text AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS def
    FROM pg_constraint c
    WHERE c.contype = 'f' AND c.conrelid = ANY(${LOADED}::regclass[])
    ORDER BY 1, 2`.execute(db);
  for (const f of foreignKeys.rows)
    await sql`ALTER TABLE ${sql.table(f.table)} DROP CONSTRAINT ${sql.ref(f.name)}`.execute(db);
  for (const i of indexes.rows) await sql`DROP INDEX ${sql.ref(i.name)}`.execute(db);
  return { indexes: indexes.rows, foreignKeys: foreignKeys.rows };
}

/** Rebuilds what setAsideForLoad set aside; answers how long each took. */
export async function restoreAfterLoad(db: Db, saved: SetAside): Promise<{ what: string; ms: number }[]> {
  const took: { what: string; ms: number }[] = [];
  await db.connection().execute(async (c) => {
    await sql`SET maintenance_work_mem = '512MB'`.execute(c);
    for (const i of saved.indexes) {
      const t = performance.now();
      await sql.raw(i.def).execute(c);
      took.push({ what: i.name, ms: performance.now() - t });
    }
    for (const f of saved.foreignKeys) {
      const t = performance.now();
      await sql`ALTER TABLE ${sql.table(f.table)} ADD CONSTRAINT ${sql.ref(f.name)} ${sql.raw(f.def)}`.execute(c);
      took.push({ what: f.name, ms: performance.now() - t });
    }
    await sql`RESET maintenance_work_mem`.execute(c);
  });
  return took;
}
