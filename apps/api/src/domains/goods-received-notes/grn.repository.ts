import type { GoodReceivedNoteFilter } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/**
 * SQL of goods received notes and their lines, and the reads and writes they make on purchase orders (the order
 * tables are read here directly, in SQL, not through the orders area); the rules live in grn.service.ts.
 */

type Db = Kysely<Database>;

// Purchase orders as a receipt needs them

export interface OrderRow {
  id: string;
  number: string;
  type: string;
  status: string;
  supplier_id: string | null;
  supplier_code: string | null;
  supplier_name: string | null;
  warehouse_id: string;
  warehouse_code: string;
  warehouse_name: string;
  currency: string;
  order_date: string;
  expected_date: string | null;
  created_at: Date;
  over_receipt_tolerance: string;
  /** Send Inventory: the warehouse the stock left (warehouse_* is then the destination, where it is received). */
  source_warehouse_id: string;
  /** Send Inventory: the London day its stock left; null before dispatch (and for bought orders). */
  dispatched_on: string | null;
}

const ORDER_SELECT = sql`
  SELECT o.id, o.number, o.type, o.status, o.supplier_id, bp.code AS supplier_code, bp.name AS supplier_name,
    w.id AS warehouse_id, w.code AS warehouse_code, w.name AS warehouse_name, o.currency,
    to_char(o.order_date, 'YYYY-MM-DD') AS order_date, to_char(o.expected_date, 'YYYY-MM-DD') AS expected_date,
    o.created_at, coalesce(wc.over_receipt_tolerance, 0)::text AS over_receipt_tolerance,
    o.warehouse_id AS source_warehouse_id,
    to_char(o.dispatched_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS dispatched_on
  FROM purchase_orders o
  -- Where the goods are received: a Send Inventory order's destination, else the order's warehouse.
  JOIN warehouses w ON w.id = coalesce(o.destination_warehouse_id, o.warehouse_id)
  LEFT JOIN business_partners bp ON bp.id = o.supplier_id
  LEFT JOIN warehouse_configs wc ON wc.warehouse_id = w.id`;

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const { rows } = await sql<OrderRow>`SELECT * FROM (${ORDER_SELECT}) x WHERE x.id = ${id}`.execute(db);
  return rows[0];
}

/** Locks the order's row (its receipts then run one after the other) and answers it as it is now. */
export async function lockOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  await sql`SELECT 1 FROM purchase_orders WHERE id = ${id} FOR UPDATE`.execute(db);
  return findOrder(db, id);
}

export interface OrderLineRow {
  id: string;
  order_id: string;
  line_no: number;
  product_id: string;
  sku: string;
  name: string;
  unit: string;
  quantity: string;
  net_amount: string;
  received_quantity: string;
  rejected_quantity: string;
  canceled_quantity: string;
  location_id: string | null;
  location_code: string | null;
}

const ORDER_LINE_SELECT = sql`
  SELECT l.id, l.order_id, l.line_no, l.product_id, p.sku, p.name, p.unit, l.quantity::text AS quantity,
    l.net_amount::text AS net_amount, l.received_quantity::text AS received_quantity,
    l.rejected_quantity::text AS rejected_quantity, l.canceled_quantity::text AS canceled_quantity,
    l.location_id, loc.code AS location_code
  FROM purchase_order_lines l
  JOIN products p ON p.id = l.product_id
  LEFT JOIN warehouse_locations loc ON loc.id = l.location_id`;

export async function findOrderLines(db: Db, orderIds: string[]): Promise<OrderLineRow[]> {
  if (!orderIds.length) return [];
  const { rows } = await sql<OrderLineRow>`${ORDER_LINE_SELECT}
    WHERE l.order_id = ANY(${orderIds}::uuid[]) ORDER BY l.order_id, l.line_no`.execute(db);
  return rows;
}

/**
 * Locks order lines (FOR UPDATE, in id order, so receipts racing for the same lines never deadlock) and answers
 * them as they are once locked: what they have received is then what later receipts see.
 */
export async function lockOrderLines(db: Db, orderIds: string[]): Promise<OrderLineRow[]> {
  if (!orderIds.length) return [];
  await sql`SELECT 1 FROM purchase_order_lines WHERE order_id = ANY(${orderIds}::uuid[]) ORDER BY id FOR UPDATE`.execute(
    db,
  );
  return findOrderLines(db, orderIds);
}

/** Adds a posted receipt's accepted and rejected units to its order lines (one statement for the whole note). */
export async function addToOrderLines(db: Db, lines: { lineId: string; accepted: string; rejected: string }[]) {
  if (!lines.length) return;
  await sql`UPDATE purchase_order_lines l
    SET received_quantity = l.received_quantity + r.accepted::numeric,
        rejected_quantity = l.rejected_quantity + r.rejected::numeric
    FROM unnest(${lines.map((x) => x.lineId)}::uuid[], ${lines.map((x) => x.accepted)}::text[],
      ${lines.map((x) => x.rejected)}::text[]) AS r(id, accepted, rejected)
    WHERE l.id = r.id`.execute(db);
}

export async function setOrderStatus(db: Db, orderId: string, status: string) {
  await sql`UPDATE purchase_orders SET status = ${status}, updated_at = now() WHERE id = ${orderId}`.execute(db);
}

/** Receivable orders: approved or partly received, with a supplier (not send-inventory). */
function receivableWhere(f: {
  q?: string | undefined;
  supplierId?: string | undefined;
  warehouseId?: string | undefined;
}) {
  const parts = [
    sql`o.status IN ('APPROVED', 'PARTIALLY_RECEIVED')`,
    // A Send Inventory order once dispatched, at its destination; the others from their supplier.
    sql`((o.type <> 'SEND_INVENTORY' AND o.supplier_id IS NOT NULL)
      OR (o.type = 'SEND_INVENTORY' AND o.dispatched_at IS NOT NULL))`,
  ];
  if (f.supplierId) parts.push(sql`o.supplier_id = ${f.supplierId}`);
  if (f.warehouseId) parts.push(sql`coalesce(o.destination_warehouse_id, o.warehouse_id) = ${f.warehouseId}`);
  if (f.q) {
    const like = likePattern(f.q);
    parts.push(sql`(o.number ILIKE ${like} OR bp.code ILIKE ${like} OR bp.name ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

export async function findReceivableOrders(
  db: Db,
  f: { q?: string | undefined; supplierId?: string | undefined; warehouseId?: string | undefined },
  limit: number,
  offset: number,
) {
  const { rows } = await sql<OrderRow & { outstanding: string }>`
    SELECT x.*, coalesce((SELECT sum(greatest(l.quantity - l.received_quantity - l.canceled_quantity
        - CASE WHEN x.type = 'SEND_INVENTORY' THEN l.rejected_quantity ELSE 0 END, 0))
      FROM purchase_order_lines l WHERE l.order_id = x.id), 0)::text AS outstanding
    FROM (${ORDER_SELECT} WHERE ${receivableWhere(f)}
      ORDER BY o.order_date, o.created_at, o.id LIMIT ${limit} OFFSET ${offset}) x
    ORDER BY x.order_date, x.created_at, x.id`.execute(db);
  return rows;
}

export async function countReceivableOrders(
  db: Db,
  f: { q?: string | undefined; supplierId?: string | undefined; warehouseId?: string | undefined },
) {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM purchase_orders o
    LEFT JOIN business_partners bp ON bp.id = o.supplier_id WHERE ${receivableWhere(f)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The ids of a supplier's open orders at a warehouse, oldest first (order date, then creation). */
export async function openOrderIds(db: Db, supplierId: string, warehouseId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`SELECT o.id FROM purchase_orders o
    WHERE o.supplier_id = ${supplierId} AND o.warehouse_id = ${warehouseId}
      AND o.status IN ('APPROVED', 'PARTIALLY_RECEIVED') AND o.type <> 'SEND_INVENTORY'
    ORDER BY o.order_date, o.created_at, o.id`.execute(db);
  return rows.map((r) => r.id);
}

/** Locks the orders' rows in id order (receipts of several orders never deadlock). */
export async function lockOrders(db: Db, ids: string[]) {
  if (!ids.length) return;
  await sql`SELECT 1 FROM purchase_orders WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR UPDATE`.execute(db);
}

/**
 * Products by scanned code, as the counting screens read a scanner: the SKU (whatever the case) first, else a
 * barcode (8 to 14 digits, compared as a 14-digit GTIN).
 */
export async function productsByCodes(db: Db, codes: string[]) {
  if (!codes.length) return [];
  const { rows } = await sql<{ code: string; id: string; sku: string; name: string; unit: string }>`
    SELECT c.code, p.id, p.sku, p.name, p.unit
    FROM unnest(${codes}::text[]) AS c(code)
    JOIN LATERAL (
      SELECT p.id, p.sku, p.name, p.unit, 0 AS rank FROM products p WHERE p.sku = upper(c.code)
      UNION ALL
      SELECT p.id, p.sku, p.name, p.unit, 1 AS rank FROM product_barcodes b JOIN products p ON p.id = b.product_id
        WHERE c.code ~ '^[0-9]{8,14}$' AND b.gtin = lpad(c.code, 14, '0')
      ORDER BY rank LIMIT 1
    ) p ON true`.execute(db);
  return rows;
}

export async function findWarehouse(db: Db, id: string) {
  return db.selectFrom('warehouses').select(['id', 'code', 'name', 'active']).where('id', '=', id).executeTakeFirst();
}

export async function findPartner(db: Db, id: string) {
  return db
    .selectFrom('business_partners')
    .select(['id', 'code', 'name', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findLocations(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('warehouse_locations')
    .select(['id', 'warehouse_id', 'code', 'active'])
    .where('id', 'in', ids)
    .execute();
}

// Notes: writes

export interface NoteWrite {
  orderId: string;
  supplierId: string | null;
  warehouseId: string;
  receivedDate: string;
  deliveryReference: string;
  note: string;
  currency: string;
  consigned: boolean;
}

export interface LineWrite {
  lineNo: number;
  orderLineId: string;
  productId: string;
  received: string;
  accepted: string;
  rejected: string;
  locationId: string | null;
  note: string;
  unitCost: string;
}

export async function insertNote(db: Db, number: string, n: NoteWrite, userId: string): Promise<string> {
  const row = await db
    .insertInto('goods_received_notes')
    .values({
      number,
      purchase_order_id: n.orderId,
      supplier_id: n.supplierId,
      warehouse_id: n.warehouseId,
      received_date: n.receivedDate,
      delivery_reference: n.deliveryReference,
      note: n.note,
      currency: n.currency,
      consigned: n.consigned,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertLines(db: Db, noteId: string, lines: LineWrite[]) {
  if (!lines.length) return;
  // In chunks: a 1,000-line receipt stays well under PostgreSQL's parameter limit.
  for (let i = 0; i < lines.length; i += 500)
    await db
      .insertInto('goods_received_note_lines')
      .values(
        lines.slice(i, i + 500).map((l) => ({
          note_id: noteId,
          line_no: l.lineNo,
          order_line_id: l.orderLineId,
          product_id: l.productId,
          received_quantity: l.received,
          accepted_quantity: l.accepted,
          rejected_quantity: l.rejected,
          location_id: l.locationId,
          note: l.note,
          unit_cost: l.unitCost,
        })),
      )
      .execute();
}

/** The GBP unit cost of each line at the rate used (one statement for the whole note). */
export async function setLineCosts(db: Db, noteId: string, costs: { lineNo: number; unitCostGbp: string }[]) {
  if (!costs.length) return;
  await sql`UPDATE goods_received_note_lines l SET unit_cost_gbp = c.cost::numeric
    FROM unnest(${costs.map((c) => c.lineNo)}::int[], ${costs.map((c) => c.unitCostGbp)}::text[]) AS c(line_no, cost)
    WHERE l.note_id = ${noteId} AND l.line_no = c.line_no`.execute(db);
}

export async function markPosted(db: Db, id: string, userId: string, rate: string | null, rateDate: string | null) {
  await db
    .updateTable('goods_received_notes')
    .set({
      status: 'POSTED',
      posted_at: sql`now()`,
      posted_by: userId,
      exchange_rate: rate,
      rate_date: rateDate,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function markCanceled(db: Db, id: string, userId: string, reason: string) {
  await db
    .updateTable('goods_received_notes')
    .set({
      status: 'CANCELED',
      canceled_at: sql`now()`,
      canceled_by: userId,
      cancel_reason: reason,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

// Notes: reads

function noteBase(db: Db) {
  return (
    db
      .selectFrom('goods_received_notes as g')
      // The orders' table is the orders area's: read here as SQL, its columns named.
      .innerJoin(sql<{ id: string; number: string; type: string; status: string }>`purchase_orders`.as('o'), (j) =>
        j.onRef('o.id', '=', 'g.purchase_order_id'),
      )
      .leftJoin('business_partners as s', 's.id', 'g.supplier_id')
      .innerJoin('warehouses as w', 'w.id', 'g.warehouse_id')
      .leftJoin('users as cu', 'cu.id', 'g.created_by')
  );
}

const HEAD_COLUMNS = [
  'g.id',
  'g.number',
  'g.status',
  'g.purchase_order_id',
  'o.number as order_number',
  'o.type as order_type',
  'o.status as order_status',
  'g.supplier_id',
  's.code as supplier_code',
  's.name as supplier_name',
  'g.warehouse_id',
  'w.code as warehouse_code',
  'w.name as warehouse_name',
  sql<string>`to_char(g.received_date, 'YYYY-MM-DD')`.as('received_date'),
  'g.delivery_reference',
  'g.currency',
  'g.consigned',
  'g.created_by',
  'cu.username as created_by_name',
  'g.posted_at',
  'g.canceled_at',
  'g.created_at',
  'g.updated_at',
] as const;

export async function findNote(db: Db, id: string) {
  return noteBase(db)
    .leftJoin('users as pu', 'pu.id', 'g.posted_by')
    .leftJoin('users as xu', 'xu.id', 'g.canceled_by')
    .select([
      ...HEAD_COLUMNS,
      'g.note',
      sql<string | null>`g.exchange_rate::text`.as('exchange_rate'),
      sql<string | null>`to_char(g.rate_date, 'YYYY-MM-DD')`.as('rate_date'),
      'g.posted_by',
      'pu.username as posted_by_name',
      'g.canceled_by',
      'xu.username as canceled_by_name',
      'g.cancel_reason',
    ])
    .where('g.id', '=', id)
    .executeTakeFirst();
}
export type NoteHead = NonNullable<Awaited<ReturnType<typeof findNote>>>;

export interface NoteLineRow {
  id: string;
  note_id: string;
  line_no: number;
  order_line_id: string;
  order_line_no: number;
  product_id: string;
  sku: string;
  name: string;
  unit: string;
  location_id: string | null;
  location_code: string | null;
  received_quantity: string;
  accepted_quantity: string;
  rejected_quantity: string;
  note: string;
  unit_cost: string;
  unit_cost_gbp: string | null;
  ordered_quantity: string;
  order_received_quantity: string;
  order_rejected_quantity: string;
}

/** Lines of notes in line order, with their product, bin and order line. */
export async function findLines(db: Db, noteIds: string[]): Promise<NoteLineRow[]> {
  if (!noteIds.length) return [];
  const { rows } = await sql<NoteLineRow>`
    SELECT l.id, l.note_id, l.line_no, l.order_line_id, ol.line_no AS order_line_no, l.product_id, p.sku, p.name,
      p.unit, l.location_id, loc.code AS location_code, l.received_quantity::text AS received_quantity,
      l.accepted_quantity::text AS accepted_quantity, l.rejected_quantity::text AS rejected_quantity, l.note,
      l.unit_cost::text AS unit_cost, l.unit_cost_gbp::text AS unit_cost_gbp, ol.quantity::text AS ordered_quantity,
      ol.received_quantity::text AS order_received_quantity, ol.rejected_quantity::text AS order_rejected_quantity
    FROM goods_received_note_lines l
    JOIN products p ON p.id = l.product_id
    JOIN purchase_order_lines ol ON ol.id = l.order_line_id
    LEFT JOIN warehouse_locations loc ON loc.id = l.location_id
    WHERE l.note_id = ANY(${noteIds}::uuid[])
    ORDER BY l.note_id, l.line_no`.execute(db);
  return rows;
}

/** What the note's ledger rows are worth now, per line (revaluations of them included). */
export async function lineValues(db: Db, sourceType: string, noteId: string) {
  const { rows } = await sql<{ source_line: string | null; value: string }>`
    SELECT m.source_line,
      sum(m.value + coalesce((SELECT sum(r.value) FROM stock_movements r
        WHERE r.link_id = m.id AND r.kind = 'REVALUATION'), 0))::text AS value
    FROM stock_movements m
    WHERE m.source_type = ${sourceType} AND m.source_id = ${noteId} AND m.kind IN ('RECEIPT', 'TRANSIT_IN')
    GROUP BY m.source_line`.execute(db);
  return rows;
}

// The list

const SORTS = {
  number: 'g.number',
  status: 'g.status',
  receivedDate: 'g.received_date',
  createdAt: 'g.created_at',
  supplier: 's.code',
  warehouse: 'w.code',
  order: 'o.number',
} as const;

function filtered(db: Db, f: GoodReceivedNoteFilter) {
  let query = noteBase(db);
  const text = f.q;
  if (text) {
    const like = likePattern(text);
    query = query.where((eb) =>
      eb.or([
        eb('g.number', 'ilike', like),
        eb('o.number', 'ilike', like),
        eb('s.code', 'ilike', like),
        eb('s.name', 'ilike', like),
        eb.exists(
          eb
            .selectFrom('goods_received_note_lines as sl')
            .innerJoin('products as sp', 'sp.id', 'sl.product_id')
            .select(sql`1`.as('one'))
            .whereRef('sl.note_id', '=', 'g.id')
            .where('sp.sku', 'ilike', like),
        ),
      ]),
    );
  }
  if (f.status) query = query.where('g.status', '=', f.status);
  if (f.supplierId) query = query.where('g.supplier_id', '=', f.supplierId);
  if (f.warehouseId) query = query.where('g.warehouse_id', '=', f.warehouseId);
  if (f.purchaseOrderId) query = query.where('g.purchase_order_id', '=', f.purchaseOrderId);
  if (f.from) query = query.where(sql<boolean>`g.received_date >= ${f.from}::date`);
  if (f.to) query = query.where(sql<boolean>`g.received_date <= ${f.to}::date`);
  return query;
}

export async function findNotes(db: Db, f: GoodReceivedNoteFilter, limit: number, offset: number) {
  const sort = parseSort(f.sort, SORTS, { column: 'g.created_at', direction: 'desc' });
  const sums = db
    .selectFrom('goods_received_note_lines as l')
    .select([
      'l.note_id',
      sql<string>`count(*)`.as('line_count'),
      sql<string>`sum(l.received_quantity)`.as('received_quantity'),
      sql<string>`sum(l.accepted_quantity)`.as('accepted_quantity'),
      sql<string>`sum(l.rejected_quantity)`.as('rejected_quantity'),
    ])
    .groupBy('l.note_id');
  return filtered(db, f)
    .leftJoin(sums.as('t'), 't.note_id', 'g.id')
    .select([...HEAD_COLUMNS, 't.line_count', 't.received_quantity', 't.accepted_quantity', 't.rejected_quantity'])
    .orderBy(sql`${sql.ref(sort.column)} ${sql.raw(sort.direction)} NULLS LAST`)
    .orderBy('g.id', sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
}
export type NoteListRow = Awaited<ReturnType<typeof findNotes>>[number];

export async function countNotes(db: Db, f: GoodReceivedNoteFilter): Promise<number> {
  const row = await filtered(db, f).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

// What refers to master data

export async function countNotesOfWarehouse(db: Db, warehouseId: string): Promise<number> {
  const row = await db
    .selectFrom('goods_received_notes')
    .select(sql<string>`count(*)`.as('n'))
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countNotesOfProduct(db: Db, productId: string): Promise<number> {
  const row = await db
    .selectFrom('goods_received_note_lines')
    .select(sql<string>`count(DISTINCT note_id)`.as('n'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countNotesOfLocation(db: Db, locationId: string): Promise<number> {
  const row = await db
    .selectFrom('goods_received_note_lines')
    .select(sql<string>`count(DISTINCT note_id)`.as('n'))
    .where('location_id', '=', locationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countNotesOfPartner(db: Db, partnerId: string): Promise<number> {
  const row = await db
    .selectFrom('goods_received_notes')
    .select(sql<string>`count(*)`.as('n'))
    .where('supplier_id', '=', partnerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Send Inventory: what its dispatch put in transit

/** The dispatch's TRANSFER_IN rows of an order (into the destination's transit): what each line left with. */
export async function transitRowsOf(db: Db, orderId: string) {
  const { rows } = await sql<{ id: string; source_line: string; quantity: string; value: string }>`
    SELECT m.id::text AS id, m.source_line, m.quantity::text AS quantity, m.value::text AS value
    FROM stock_movements m
    WHERE m.source_type = 'purchase_order' AND m.source_id = ${orderId} AND m.kind = 'TRANSFER_IN'
    ORDER BY m.id`.execute(db);
  return rows;
}

// Landed costs

/** Products' weight in kg (null: not known). */
export async function productWeights(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, string | null>();
  const { rows } = await sql<{ id: string; weight: string | null }>`
    SELECT id, weight_kg::text AS weight FROM products WHERE id = ANY(${ids}::uuid[])`.execute(db);
  return new Map(rows.map((r) => [r.id, r.weight]));
}

export interface ChargeWrite {
  noteId: string;
  chargeType: string;
  description: string;
  amount: string;
  currency: string;
  exchangeRate: string;
  amountGbp: string;
  basis: string;
  chargeDate: string;
  inStock: string;
  costOfSales: string;
  userId: string;
  /** A supplier invoice's landed charge it came from (both or neither). */
  purchaseInvoiceId?: string | null;
  invoiceChargeId?: string | null;
  lines: {
    lineNo: number;
    productId: string;
    accepted: string;
    basisValue: string;
    share: string;
    inStock: string;
    costOfSales: string;
  }[];
}

export async function insertCharge(db: Db, c: ChargeWrite): Promise<string> {
  const { rows } = await sql<{ id: string }>`INSERT INTO landed_cost_charges
    (note_id, charge_type, description, amount, currency, exchange_rate, amount_gbp, basis, charge_date, in_stock,
      cost_of_sales, created_by, purchase_invoice_id, invoice_charge_id)
    VALUES (${c.noteId}, ${c.chargeType}, ${c.description}, ${c.amount}::numeric, ${c.currency},
      ${c.exchangeRate}::numeric, ${c.amountGbp}::numeric, ${c.basis}, ${c.chargeDate}::date, ${c.inStock}::numeric,
      ${c.costOfSales}::numeric, ${c.userId}, ${c.purchaseInvoiceId ?? null}, ${c.invoiceChargeId ?? null})
    RETURNING id`.execute(db);
  const id = rows[0]?.id as string;
  const l = c.lines;
  await sql`INSERT INTO landed_cost_charge_lines
    (charge_id, line_no, product_id, accepted_quantity, basis_value, share, in_stock, cost_of_sales)
    SELECT ${id}, x.line_no, x.product_id, x.accepted::numeric, x.basis_value::numeric, x.share::numeric,
      x.in_stock::numeric, x.cost_of_sales::numeric
    FROM unnest(${l.map((x) => x.lineNo)}::int[], ${l.map((x) => x.productId)}::uuid[],
      ${l.map((x) => x.accepted)}::text[], ${l.map((x) => x.basisValue)}::text[], ${l.map((x) => x.share)}::text[],
      ${l.map((x) => x.inStock)}::text[], ${l.map((x) => x.costOfSales)}::text[])
      AS x(line_no, product_id, accepted, basis_value, share, in_stock, cost_of_sales)`.execute(db);
  return id;
}

export interface ChargeRow {
  id: string;
  charge_type: string;
  description: string;
  amount: string;
  currency: string;
  exchange_rate: string;
  amount_gbp: string;
  basis: string;
  charge_date: string;
  in_stock: string;
  cost_of_sales: string;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date;
  purchase_invoice_id: string | null;
  invoice_number: string | null;
  invoice_charge_id: string | null;
  reversed_at: Date | null;
  reversed_in_stock: string;
  reversed_cost_of_sales: string;
}

export interface ChargeLineRow {
  charge_id: string;
  line_no: number;
  product_id: string;
  sku: string;
  name: string;
  accepted_quantity: string;
  basis_value: string;
  share: string;
  in_stock: string;
  cost_of_sales: string;
}

export async function findCharges(db: Db, noteId: string, chargeId?: string) {
  const { rows: charges } = await sql<ChargeRow>`
    SELECT c.id, c.charge_type, c.description, c.amount::text AS amount, c.currency,
      c.exchange_rate::text AS exchange_rate, c.amount_gbp::text AS amount_gbp, c.basis,
      to_char(c.charge_date, 'YYYY-MM-DD') AS charge_date, c.in_stock::text AS in_stock,
      c.cost_of_sales::text AS cost_of_sales, c.created_by, u.username AS created_by_name, c.created_at,
      c.purchase_invoice_id, pi.number AS invoice_number, c.invoice_charge_id, c.reversed_at,
      c.reversed_in_stock::text AS reversed_in_stock, c.reversed_cost_of_sales::text AS reversed_cost_of_sales
    FROM landed_cost_charges c LEFT JOIN users u ON u.id = c.created_by
      LEFT JOIN purchase_invoices pi ON pi.id = c.purchase_invoice_id
    WHERE c.note_id = ${noteId} ${chargeId ? sql`AND c.id = ${chargeId}` : sql``}
    ORDER BY c.created_at, c.id`.execute(db);
  return { charges, lines: await chargeLinesOf(db, charges) };
}

async function chargeLinesOf(db: Db, charges: readonly { id: string }[]): Promise<ChargeLineRow[]> {
  if (!charges.length) return [];
  const { rows: lines } = await sql<ChargeLineRow>`
    SELECT l.charge_id, l.line_no, l.product_id, p.sku, p.name, l.accepted_quantity::text AS accepted_quantity,
      l.basis_value::text AS basis_value, l.share::text AS share, l.in_stock::text AS in_stock,
      l.cost_of_sales::text AS cost_of_sales
    FROM landed_cost_charge_lines l JOIN products p ON p.id = l.product_id
    WHERE l.charge_id = ANY(${charges.map((c) => c.id)}::uuid[])
    ORDER BY l.charge_id, l.line_no`.execute(db);
  return lines;
}

export interface InvoiceChargeRow extends ChargeRow {
  note_id: string;
  note_number: string;
}

/** The landed cost rows a supplier invoice's charges wrote (not taken back unless `all`), locked when not `all`. */
export async function findInvoiceCharges(db: Db, invoiceId: string, all = false) {
  const { rows: charges } = await sql<InvoiceChargeRow>`
    SELECT c.id, c.note_id, g.number AS note_number, c.charge_type, c.description, c.amount::text AS amount,
      c.currency, c.exchange_rate::text AS exchange_rate, c.amount_gbp::text AS amount_gbp, c.basis,
      to_char(c.charge_date, 'YYYY-MM-DD') AS charge_date, c.in_stock::text AS in_stock,
      c.cost_of_sales::text AS cost_of_sales, c.created_by, NULL::text AS created_by_name, c.created_at,
      c.purchase_invoice_id, NULL::text AS invoice_number, c.invoice_charge_id, c.reversed_at,
      c.reversed_in_stock::text AS reversed_in_stock, c.reversed_cost_of_sales::text AS reversed_cost_of_sales
    FROM landed_cost_charges c JOIN goods_received_notes g ON g.id = c.note_id
    WHERE c.purchase_invoice_id = ${invoiceId} ${all ? sql`` : sql`AND c.reversed_at IS NULL`}
    ORDER BY c.created_at, c.id ${all ? sql`` : sql`FOR UPDATE OF c`}`.execute(db);
  return { charges, lines: await chargeLinesOf(db, charges) };
}

export async function markChargeReversed(db: Db, id: string, inStock: string, costOfSales: string) {
  await sql`UPDATE landed_cost_charges
    SET reversed_at = now(), reversed_in_stock = ${inStock}::numeric, reversed_cost_of_sales = ${costOfSales}::numeric
    WHERE id = ${id}`.execute(db);
}
