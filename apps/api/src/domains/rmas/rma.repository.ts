import type { RmaFilter } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/** SQL of RMAs, their lines, the receipts they name and supplier credits; the rules live in rma.service.ts. */

type Db = Kysely<Database>;

export interface RmaHead {
  id: string;
  number: string;
  status: string;
  supplier_id: string;
  supplier_code: string;
  supplier_name: string;
  warehouse_id: string;
  warehouse_code: string;
  warehouse_name: string;
  rma_date: string;
  currency: string;
  note: string;
  supplier_rma_number: string;
  credit_amount: string | null;
  credit_reference: string;
  cancel_reason: string;
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
  created_by_name: string | null;
  approved_at: Date | null;
  approved_by: string | null;
  approved_by_name: string | null;
  shipped_at: Date | null;
  shipped_by: string | null;
  shipped_by_name: string | null;
  closed_at: Date | null;
  closed_by: string | null;
  closed_by_name: string | null;
  canceled_at: Date | null;
  canceled_by: string | null;
  canceled_by_name: string | null;
}

const HEAD = sql`
  SELECT r.id, r.number, r.status, r.supplier_id, bp.code AS supplier_code, bp.name AS supplier_name,
    r.warehouse_id, w.code AS warehouse_code, w.name AS warehouse_name, to_char(r.rma_date, 'YYYY-MM-DD') AS rma_date,
    r.currency, r.note, r.supplier_rma_number, r.credit_amount::text AS credit_amount, r.credit_reference,
    r.cancel_reason, r.created_at, r.updated_at,
    r.created_by, cu.username AS created_by_name, r.approved_at, r.approved_by, au.username AS approved_by_name,
    r.shipped_at, r.shipped_by, su.username AS shipped_by_name, r.closed_at, r.closed_by, xu.username AS closed_by_name,
    r.canceled_at, r.canceled_by, ku.username AS canceled_by_name
  FROM rmas r
  JOIN business_partners bp ON bp.id = r.supplier_id
  JOIN warehouses w ON w.id = r.warehouse_id
  LEFT JOIN users cu ON cu.id = r.created_by
  LEFT JOIN users au ON au.id = r.approved_by
  LEFT JOIN users su ON su.id = r.shipped_by
  LEFT JOIN users xu ON xu.id = r.closed_by
  LEFT JOIN users ku ON ku.id = r.canceled_by`;

export async function findRma(db: Db, id: string): Promise<RmaHead | undefined> {
  const { rows } = await sql<RmaHead>`${HEAD} WHERE r.id = ${id}`.execute(db);
  return rows[0];
}

export interface RmaLineRow {
  id: string;
  rma_id: string;
  line_no: number;
  product_id: string;
  sku: string;
  name: string;
  unit: string;
  quantity: string;
  reason: string;
  grn_line_id: string | null;
  grn_id: string | null;
  grn_number: string | null;
  grn_line_no: number | null;
  grn_received_date: string | null;
  location_id: string | null;
  location_code: string | null;
  unit_cost: string | null;
  value: string | null;
}

export async function findLines(db: Db, rmaIds: string[]): Promise<RmaLineRow[]> {
  if (!rmaIds.length) return [];
  const { rows } = await sql<RmaLineRow>`
    SELECT l.id, l.rma_id, l.line_no, l.product_id, p.sku, p.name, p.unit, l.quantity::text AS quantity, l.reason,
      l.grn_line_id, g.id AS grn_id, g.number AS grn_number, gl.line_no AS grn_line_no,
      to_char(g.received_date, 'YYYY-MM-DD') AS grn_received_date,
      l.location_id, loc.code AS location_code, l.unit_cost::text AS unit_cost, l.value::text AS value
    FROM rma_lines l
    JOIN products p ON p.id = l.product_id
    LEFT JOIN goods_received_note_lines gl ON gl.id = l.grn_line_id
    LEFT JOIN goods_received_notes g ON g.id = gl.note_id
    LEFT JOIN warehouse_locations loc ON loc.id = l.location_id
    WHERE l.rma_id = ANY(${rmaIds}::uuid[])
    ORDER BY l.rma_id, l.line_no`.execute(db);
  return rows;
}

export interface NewRma {
  supplierId: string;
  warehouseId: string;
  rmaDate: string;
  currency: string;
  note: string;
}

export async function insertRma(db: Db, number: string, r: NewRma, userId: string): Promise<string> {
  const row = await db
    .insertInto('rmas')
    .values({
      number,
      supplier_id: r.supplierId,
      warehouse_id: r.warehouseId,
      rma_date: r.rmaDate,
      currency: r.currency,
      note: r.note,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRma(db: Db, id: string, r: NewRma) {
  await db
    .updateTable('rmas')
    .set({
      supplier_id: r.supplierId,
      warehouse_id: r.warehouseId,
      rma_date: r.rmaDate,
      currency: r.currency,
      note: r.note,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export interface NewLine {
  lineNo: number;
  productId: string;
  quantity: string;
  reason: string;
  grnLineId: string | null;
  locationId: string | null;
}

export async function replaceLines(db: Db, rmaId: string, lines: NewLine[]) {
  await db.deleteFrom('rma_lines').where('rma_id', '=', rmaId).execute();
  if (!lines.length) return;
  await db
    .insertInto('rma_lines')
    .values(
      lines.map((l) => ({
        rma_id: rmaId,
        line_no: l.lineNo,
        product_id: l.productId,
        quantity: l.quantity,
        reason: l.reason,
        grn_line_id: l.grnLineId,
        location_id: l.locationId,
      })),
    )
    .execute();
}

export async function setLineCosts(
  db: Db,
  rmaId: string,
  costs: { lineNo: number; unitCost: string; value: string }[],
) {
  if (!costs.length) return;
  await sql`UPDATE rma_lines l SET unit_cost = c.unit_cost::numeric, value = c.value::numeric
    FROM unnest(${costs.map((c) => c.lineNo)}::int[], ${costs.map((c) => c.unitCost)}::text[],
      ${costs.map((c) => c.value)}::text[]) AS c(line_no, unit_cost, value)
    WHERE l.rma_id = ${rmaId} AND l.line_no = c.line_no`.execute(db);
}

export async function setStatus(
  db: Db,
  id: string,
  status: string,
  userId: string,
  extra: {
    supplierRmaNumber?: string;
    creditAmount?: string;
    creditReference?: string;
    cancelReason?: string;
  } = {},
) {
  const who = {
    APPROVED: { approved_at: sql`now()`, approved_by: userId },
    SHIPPED: { shipped_at: sql`now()`, shipped_by: userId },
    CREDITED: { closed_at: sql`now()`, closed_by: userId },
    REPLACED: { closed_at: sql`now()`, closed_by: userId },
    CANCELED: { canceled_at: sql`now()`, canceled_by: userId },
  }[status];
  await db
    .updateTable('rmas')
    .set({
      status,
      updated_at: new Date(),
      ...(who as Record<string, unknown>),
      ...(extra.supplierRmaNumber !== undefined ? { supplier_rma_number: extra.supplierRmaNumber } : {}),
      ...(extra.creditAmount !== undefined ? { credit_amount: extra.creditAmount } : {}),
      ...(extra.creditReference !== undefined ? { credit_reference: extra.creditReference } : {}),
      ...(extra.cancelReason !== undefined ? { cancel_reason: extra.cancelReason } : {}),
    })
    .where('id', '=', id)
    .execute();
}

// Parties

export async function findSupplier(db: Db, id: string) {
  return db
    .selectFrom('business_partners')
    .select(['id', 'code', 'name', 'active', 'default_currency'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findWarehouse(db: Db, id: string) {
  return db.selectFrom('warehouses').select(['id', 'code', 'active']).where('id', '=', id).executeTakeFirst();
}

export async function findProducts(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db.selectFrom('products').select(['id', 'sku', 'kind', 'unit']).where('id', 'in', ids).execute();
}

export async function findLocations(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('warehouse_locations')
    .select(['id', 'code', 'warehouse_id', 'active'])
    .where('id', 'in', ids)
    .execute();
}

// Receipts

export interface ReceiptLineRow {
  line_id: string;
  note_id: string;
  number: string;
  line_no: number;
  status: string;
  supplier_id: string | null;
  warehouse_id: string;
  product_id: string;
  received_date: string;
  accepted_quantity: string;
  unit_cost_gbp: string | null;
  /** The ledger row that brought its accepted units in (null when none were, or not posted). */
  movement_id: string | null;
  /** Units of that row's layers still open. */
  remaining: string;
  /** The supplier owning what it brought in (a consignment receipt), else null. */
  owner_id: string | null;
}

const RECEIPT_SELECT = sql`
  SELECT gl.id AS line_id, g.id AS note_id, g.number, gl.line_no, g.status, g.supplier_id, g.warehouse_id,
    gl.product_id, to_char(g.received_date, 'YYYY-MM-DD') AS received_date,
    gl.accepted_quantity::text AS accepted_quantity, gl.unit_cost_gbp::text AS unit_cost_gbp,
    m.id::text AS movement_id,
    coalesce((SELECT sum(sl.remaining) FROM stock_layers sl WHERE sl.origin_movement_id = m.id AND sl.remaining > 0), 0)::text
      AS remaining,
    (SELECT sl.owner_partner_id::text FROM stock_layers sl WHERE sl.origin_movement_id = m.id LIMIT 1) AS owner_id
  FROM goods_received_note_lines gl
  JOIN goods_received_notes g ON g.id = gl.note_id
  LEFT JOIN LATERAL (
    SELECT sm.id FROM stock_movements sm
    WHERE sm.source_type = 'goods_received_note' AND sm.source_id = g.id::text AND sm.source_line = gl.line_no::text
      AND sm.product_id = gl.product_id AND sm.quantity > 0 AND sm.kind = 'RECEIPT'
    ORDER BY sm.id LIMIT 1
  ) m ON true`;

export async function findReceiptLines(db: Db, ids: string[]): Promise<ReceiptLineRow[]> {
  if (!ids.length) return [];
  const { rows } = await sql<ReceiptLineRow>`${RECEIPT_SELECT} WHERE gl.id = ANY(${ids}::uuid[])`.execute(db);
  return rows;
}

export async function receiptsOf(
  db: Db,
  q: { supplierId: string; warehouseId: string; productId: string },
): Promise<ReceiptLineRow[]> {
  const { rows } = await sql<ReceiptLineRow>`${RECEIPT_SELECT}
    WHERE g.status = 'POSTED' AND g.supplier_id = ${q.supplierId} AND g.warehouse_id = ${q.warehouseId}
      AND gl.product_id = ${q.productId} AND gl.accepted_quantity > 0
    ORDER BY g.received_date DESC, g.number DESC, gl.line_no
    LIMIT 200`.execute(db);
  return rows;
}

/** The ledger rows an RMA posted, summed per line (source_line), by kind direction. */
export async function lineValues(db: Db, rmaId: string, outbound: boolean) {
  const { rows } = await sql<{ source_line: string; quantity: string; value: string }>`
    SELECT source_line, sum(quantity)::text AS quantity, sum(value)::text AS value
    FROM stock_movements
    WHERE source_type = 'rma' AND source_id = ${rmaId} AND quantity ${sql.raw(outbound ? '<' : '>')} 0
    GROUP BY source_line`.execute(db);
  return rows;
}

// Supplier credits

export async function insertCredit(
  db: Db,
  c: { supplierId: string; currency: string; amount: string; reference: string; sourceId: string; userId: string },
) {
  await db
    .insertInto('supplier_credits')
    .values({
      supplier_id: c.supplierId,
      currency: c.currency,
      amount: c.amount,
      open_amount: c.amount,
      reference: c.reference,
      source_type: 'rma',
      source_id: c.sourceId,
      created_by: c.userId,
    })
    .execute();
}

export async function openCredits(db: Db, supplierId: string) {
  const { rows } = await sql<{
    id: string;
    supplier_id: string;
    supplier_code: string;
    supplier_name: string;
    currency: string;
    amount: string;
    open_amount: string;
    reference: string;
    source_type: string;
    source_id: string;
    source_number: string | null;
    created_at: Date;
  }>`SELECT c.id, c.supplier_id, bp.code AS supplier_code, bp.name AS supplier_name, c.currency,
      c.amount::text AS amount, c.open_amount::text AS open_amount, c.reference, c.source_type, c.source_id,
      r.number AS source_number, c.created_at
    FROM supplier_credits c
    JOIN business_partners bp ON bp.id = c.supplier_id
    LEFT JOIN rmas r ON c.source_type = 'rma' AND r.id = c.source_id
    WHERE c.supplier_id = ${supplierId} AND c.open_amount > 0
    ORDER BY c.created_at, c.id`.execute(db);
  return rows;
}

// Lists

const SORTS = {
  number: 'r.number',
  status: 'r.status',
  rmaDate: 'r.rma_date',
  createdAt: 'r.created_at',
  supplier: 'bp.code',
  warehouse: 'w.code',
} as const;
/** The same columns as the outer query of a page names them. */
const OUTER: Record<(typeof SORTS)[keyof typeof SORTS], string> = {
  'r.number': 'x.number',
  'r.status': 'x.status',
  'r.rma_date': 'x.rma_date',
  'r.created_at': 'x.created_at',
  'bp.code': 'x.supplier_code',
  'w.code': 'x.warehouse_code',
};

function where(f: RmaFilter) {
  const parts = [sql`true`];
  if (f.status) parts.push(sql`r.status = ${f.status}`);
  if (f.supplierId) parts.push(sql`r.supplier_id = ${f.supplierId}`);
  if (f.warehouseId) parts.push(sql`r.warehouse_id = ${f.warehouseId}`);
  if (f.from) parts.push(sql`r.rma_date >= ${f.from}::date`);
  if (f.to) parts.push(sql`r.rma_date <= ${f.to}::date`);
  if (f.q) {
    const like = likePattern(f.q);
    parts.push(sql`(r.number ILIKE ${like} OR r.supplier_rma_number ILIKE ${like} OR bp.code ILIKE ${like}
      OR bp.name ILIKE ${like} OR EXISTS (SELECT 1 FROM rma_lines l JOIN products p ON p.id = l.product_id
        WHERE l.rma_id = r.id AND p.sku ILIKE ${like}))`);
  }
  return sql.join(parts, sql` AND `);
}

export type RmaListRow = RmaHead & { line_count: string; quantity: string; value: string | null };

export async function findRmas(db: Db, f: RmaFilter, limit: number, offset: number): Promise<RmaListRow[]> {
  const sort = parseSort(f.sort, SORTS, { column: 'r.created_at', direction: 'desc' });
  const { rows } = await sql<RmaListRow>`SELECT x.*, t.line_count::text AS line_count, t.quantity::text AS quantity,
      t.value::text AS value
    FROM (${HEAD} WHERE ${where(f)}
      ORDER BY ${sql.ref(sort.column)} ${sql.raw(sort.direction)} NULLS LAST, r.id ${sql.raw(sort.direction)}
      LIMIT ${limit} OFFSET ${offset}) x
    LEFT JOIN LATERAL (SELECT count(*) AS line_count, sum(l.quantity) AS quantity, sum(l.value) AS value
      FROM rma_lines l WHERE l.rma_id = x.id) t ON true
    ORDER BY ${sql.ref(OUTER[sort.column])} ${sql.raw(sort.direction)} NULLS LAST, x.id ${sql.raw(sort.direction)}`.execute(
    db,
  );
  return rows;
}

export async function countRmas(db: Db, f: RmaFilter): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM rmas r
    JOIN business_partners bp ON bp.id = r.supplier_id JOIN warehouses w ON w.id = r.warehouse_id
    WHERE ${where(f)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

// What refers to master data

const countOf = async (q: Promise<{ n: string } | undefined>) => Number((await q)?.n ?? 0);
export const countRmasOfWarehouse = (db: Db, id: string) =>
  countOf(
    db.selectFrom('rmas').select(sql<string>`count(*)`.as('n')).where('warehouse_id', '=', id).executeTakeFirst(),
  );
export const countRmasOfPartner = (db: Db, id: string) =>
  countOf(db.selectFrom('rmas').select(sql<string>`count(*)`.as('n')).where('supplier_id', '=', id).executeTakeFirst());
export const countRmasOfProduct = (db: Db, id: string) =>
  countOf(
    db
      .selectFrom('rma_lines')
      .select(sql<string>`count(DISTINCT rma_id)`.as('n'))
      .where('product_id', '=', id)
      .executeTakeFirst(),
  );
export const countRmasOfLocation = (db: Db, id: string) =>
  countOf(
    db
      .selectFrom('rma_lines')
      .select(sql<string>`count(DISTINCT rma_id)`.as('n'))
      .where('location_id', '=', id)
      .executeTakeFirst(),
  );
