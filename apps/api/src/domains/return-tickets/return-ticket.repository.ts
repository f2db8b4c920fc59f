import type { ReturnTicketFilter } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/** SQL of return tickets, their lines, and what a shipped invoice issued and had returned; rules in the service. */

type Db = Kysely<Database>;

export interface TicketHead {
  id: string;
  number: string;
  status: string;
  invoice_id: string | null;
  invoice_number: string | null;
  invoice_channel: string | null;
  external_order_id: string | null;
  customer_id: string;
  customer_name: string;
  warehouse_id: string;
  warehouse_code: string;
  warehouse_name: string;
  channel: string;
  return_date: string;
  note: string;
  cancel_reason: string;
  line_count: number;
  total_quantity: string;
  total_value: string | null;
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
  created_by_name: string | null;
  received_at: Date | null;
  received_by: string | null;
  received_by_name: string | null;
  inspected_at: Date | null;
  inspected_by: string | null;
  inspected_by_name: string | null;
  closed_at: Date | null;
  closed_by: string | null;
  closed_by_name: string | null;
  canceled_at: Date | null;
  canceled_by: string | null;
  canceled_by_name: string | null;
}

const HEAD = sql`
  SELECT t.id, t.number, t.status, t.invoice_id, si.number AS invoice_number, si.channel AS invoice_channel,
    si.external_order_id, t.customer_id, c.name AS customer_name, t.warehouse_id, w.code AS warehouse_code,
    w.name AS warehouse_name, t.channel, to_char(t.return_date, 'YYYY-MM-DD') AS return_date, t.note, t.cancel_reason,
    t.line_count, t.total_quantity::text AS total_quantity, t.total_value::text AS total_value,
    t.created_at, t.updated_at, t.created_by, cu.username AS created_by_name,
    t.received_at, t.received_by, ru.username AS received_by_name,
    t.inspected_at, t.inspected_by, iu.username AS inspected_by_name,
    t.closed_at, t.closed_by, xu.username AS closed_by_name,
    t.canceled_at, t.canceled_by, ku.username AS canceled_by_name
  FROM return_tickets t
  JOIN customers c ON c.id = t.customer_id
  JOIN warehouses w ON w.id = t.warehouse_id
  LEFT JOIN sales_invoices si ON si.id = t.invoice_id
  LEFT JOIN users cu ON cu.id = t.created_by
  LEFT JOIN users ru ON ru.id = t.received_by
  LEFT JOIN users iu ON iu.id = t.inspected_by
  LEFT JOIN users xu ON xu.id = t.closed_by
  LEFT JOIN users ku ON ku.id = t.canceled_by`;

export async function findTicket(db: Db, id: string): Promise<TicketHead | undefined> {
  const { rows } = await sql<TicketHead>`${HEAD} WHERE t.id = ${id}`.execute(db);
  return rows[0];
}

export interface TicketLineRow {
  id: string;
  ticket_id: string;
  line_no: number;
  product_id: string;
  sku: string;
  name: string;
  unit: string;
  quantity: string;
  reason: string;
  condition: string;
  note: string;
  outcome: string | null;
  unit_cost: string | null;
  value: string | null;
  cost_source: string | null;
  movement_id: string | null;
  hold_reservation_id: string | null;
}

export async function findLines(db: Db, ticketIds: string[]): Promise<TicketLineRow[]> {
  if (!ticketIds.length) return [];
  const { rows } = await sql<TicketLineRow>`
    SELECT l.id, l.ticket_id, l.line_no, l.product_id, p.sku, p.name, p.unit, l.quantity::text AS quantity, l.reason,
      l.condition, l.note, l.outcome, l.unit_cost::text AS unit_cost, l.value::text AS value, l.cost_source,
      l.movement_id::text AS movement_id, l.hold_reservation_id
    FROM return_ticket_lines l
    JOIN products p ON p.id = l.product_id
    WHERE l.ticket_id = ANY(${ticketIds}::uuid[])
    ORDER BY l.ticket_id, l.line_no`.execute(db);
  return rows;
}

export interface NewTicket {
  invoiceId: string | null;
  customerId: string;
  warehouseId: string;
  channel: string;
  returnDate: string;
  note: string;
}

export interface NewLine {
  lineNo: number;
  productId: string;
  quantity: string;
  reason: string;
  condition: string;
  note: string;
}

export async function insertTicket(db: Db, number: string, t: NewTicket, lines: NewLine[], userId: string) {
  const row = await db
    .insertInto('return_tickets')
    .values({
      number,
      invoice_id: t.invoiceId,
      customer_id: t.customerId,
      warehouse_id: t.warehouseId,
      channel: t.channel,
      return_date: t.returnDate,
      note: t.note,
      line_count: lines.length,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('return_ticket_lines')
    .values(
      lines.map((l) => ({
        ticket_id: row.id,
        line_no: l.lineNo,
        product_id: l.productId,
        quantity: l.quantity,
        reason: l.reason,
        condition: l.condition,
        note: l.note,
      })),
    )
    .execute();
  await sql`UPDATE return_tickets SET total_quantity = (SELECT sum(quantity) FROM return_ticket_lines
    WHERE ticket_id = ${row.id}) WHERE id = ${row.id}`.execute(db);
  return row.id;
}

export async function setLineReceived(
  db: Db,
  lineId: string,
  r: { unitCost: string; value: string; costSource: string; movementId: string; holdReservationId: string | null },
) {
  await db
    .updateTable('return_ticket_lines')
    .set({
      unit_cost: r.unitCost,
      value: r.value,
      cost_source: r.costSource,
      movement_id: r.movementId,
      hold_reservation_id: r.holdReservationId,
    })
    .where('id', '=', lineId)
    .execute();
}

export async function setLineOutcome(db: Db, lineId: string, outcome: string, holdReservationId: string | null) {
  await db
    .updateTable('return_ticket_lines')
    .set({ outcome, hold_reservation_id: holdReservationId })
    .where('id', '=', lineId)
    .execute();
}

export async function setStatus(
  db: Db,
  id: string,
  status: string,
  userId: string,
  extra: { cancelReason?: string; totalValue?: string } = {},
) {
  const who = {
    RECEIVED: { received_at: sql`now()`, received_by: userId },
    INSPECTED: { inspected_at: sql`now()`, inspected_by: userId },
    CLOSED: { closed_at: sql`now()`, closed_by: userId },
    CANCELED: { canceled_at: sql`now()`, canceled_by: userId },
  }[status];
  await db
    .updateTable('return_tickets')
    .set({
      status,
      updated_at: new Date(),
      ...(who as Record<string, unknown>),
      ...(extra.cancelReason !== undefined ? { cancel_reason: extra.cancelReason } : {}),
      ...(extra.totalValue !== undefined ? { total_value: extra.totalValue } : {}),
    })
    .where('id', '=', id)
    .execute();
}

// Parties and products

export async function findCustomer(db: Db, id: string) {
  return db.selectFrom('customers').select(['id', 'name', 'active']).where('id', '=', id).executeTakeFirst();
}

export async function findWarehouse(db: Db, id: string) {
  return db.selectFrom('warehouses').select(['id', 'code', 'active']).where('id', '=', id).executeTakeFirst();
}

export async function findProducts(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('products')
    .select(['id', 'sku', 'name', 'kind', 'unit', 'cost_price'])
    .where('id', 'in', ids)
    .execute();
}

// The invoice a ticket returns from

export interface InvoiceRow {
  id: string;
  number: string;
  status: string;
  channel: string;
  external_order_id: string | null;
  customer_id: string;
  customer_name: string;
  warehouse_id: string;
  warehouse_code: string;
  warehouse_name: string;
  invoice_date: string;
}

/** The invoice, locked FOR UPDATE when asked: what serialises tickets racing for its last returnable units. */
export async function findInvoice(db: Db, id: string, lock = false): Promise<InvoiceRow | undefined> {
  if (lock) await sql`SELECT id FROM sales_invoices WHERE id = ${id} FOR UPDATE`.execute(db);
  const { rows } = await sql<InvoiceRow>`
    SELECT si.id, si.number, si.status, si.channel, si.external_order_id, si.customer_id, c.name AS customer_name,
      si.warehouse_id, w.code AS warehouse_code, w.name AS warehouse_name,
      to_char(si.invoice_date, 'YYYY-MM-DD') AS invoice_date
    FROM sales_invoices si JOIN customers c ON c.id = si.customer_id JOIN warehouses w ON w.id = si.warehouse_id
    WHERE si.id = ${id}`.execute(db);
  return rows[0];
}

export interface InvoiceProductRow {
  product_id: string;
  sku: string;
  name: string;
  unit: string;
  sold: string;
  /** Units its ISSUE rows took (positive). */
  shipped: string;
  /** Their current value (revaluations included), positive. */
  issued_value: string;
  /** Units of the product on its other tickets, not CANCELED (`exceptTicket` left out). */
  returned: string;
}

/** Per product of an invoice: sold, shipped (its ISSUE rows), their value, and what its tickets return. */
export async function invoiceProducts(db: Db, invoiceId: string, exceptTicket: string | null = null) {
  const { rows } = await sql<InvoiceProductRow>`
    WITH sold AS (
      SELECT l.product_id, sum(l.quantity) AS sold, min(l.line_no) AS first_line
      FROM sales_invoice_lines l WHERE l.invoice_id = ${invoiceId} GROUP BY l.product_id
    ), issued AS (
      SELECT m.product_id, -sum(m.quantity) AS shipped,
        -sum(m.value + coalesce((SELECT sum(r.value) FROM stock_movements r
          WHERE r.link_id = m.id AND r.kind = 'REVALUATION'), 0)) AS issued_value
      FROM stock_movements m
      WHERE m.source_type = 'sales_invoice' AND m.source_id = ${invoiceId} AND m.kind = 'ISSUE' AND m.quantity < 0
      GROUP BY m.product_id
    ), returned AS (
      SELECT l.product_id, sum(l.quantity) AS returned
      FROM return_ticket_lines l JOIN return_tickets t ON t.id = l.ticket_id
      WHERE t.invoice_id = ${invoiceId} AND t.status <> 'CANCELED'
        AND (${exceptTicket}::uuid IS NULL OR t.id <> ${exceptTicket}::uuid)
      GROUP BY l.product_id
    )
    SELECT s.product_id, p.sku, p.name, p.unit, s.sold::text AS sold, coalesce(i.shipped, 0)::text AS shipped,
      coalesce(i.issued_value, 0)::text AS issued_value, coalesce(r.returned, 0)::text AS returned
    FROM sold s JOIN products p ON p.id = s.product_id
    LEFT JOIN issued i ON i.product_id = s.product_id
    LEFT JOIN returned r ON r.product_id = s.product_id
    WHERE p.kind <> 'SERVICE'
    ORDER BY s.first_line`.execute(db);
  return rows;
}

/** Shipped invoices by number, external order id or customer name, newest first. */
export async function shippedInvoices(db: Db, q: string) {
  const like = likePattern(q);
  const { rows } = await sql<{
    id: string;
    number: string;
    channel: string;
    external_order_id: string | null;
    customer_name: string;
    invoice_date: string;
  }>`SELECT si.id, si.number, si.channel, si.external_order_id, c.name AS customer_name,
      to_char(si.invoice_date, 'YYYY-MM-DD') AS invoice_date
    FROM sales_invoices si JOIN customers c ON c.id = si.customer_id
    WHERE si.status = 'PROCESSED' AND (${q} = '' OR si.number ILIKE ${like} OR si.external_order_id ILIKE ${like}
      OR c.name ILIKE ${like})
    ORDER BY si.created_at DESC, si.id DESC LIMIT 20`.execute(db);
  return rows;
}

/** A product's stock in a warehouse now: what a manual return's cost is taken from. */
export async function levelOf(db: Db, productId: string, warehouseId: string) {
  return db
    .selectFrom('stock_levels')
    .select(['on_hand', 'value', 'last_unit_cost'])
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();
}

// Lists

const SORTS = {
  number: 't.number',
  status: 't.status',
  returnDate: 't.return_date',
  createdAt: 't.created_at',
  customer: 'c.name',
  warehouse: 'w.code',
} as const;
const OUTER: Record<(typeof SORTS)[keyof typeof SORTS], string> = {
  't.number': 'x.number',
  't.status': 'x.status',
  't.return_date': 'x.return_date',
  't.created_at': 'x.created_at',
  'c.name': 'x.customer_name',
  'w.code': 'x.warehouse_code',
};

function where(f: ReturnTicketFilter, withStatus = true) {
  const parts = [sql`true`];
  if (withStatus && f.status) parts.push(sql`t.status = ${f.status}`);
  if (f.warehouseId) parts.push(sql`t.warehouse_id = ${f.warehouseId}`);
  if (f.channel) parts.push(sql`t.channel = ${f.channel}`);
  if (f.from) parts.push(sql`t.return_date >= ${f.from}::date`);
  if (f.to) parts.push(sql`t.return_date <= ${f.to}::date`);
  if (f.reason)
    parts.push(sql`EXISTS (SELECT 1 FROM return_ticket_lines l WHERE l.ticket_id = t.id AND l.reason = ${f.reason})`);
  if (f.condition)
    parts.push(
      sql`EXISTS (SELECT 1 FROM return_ticket_lines l WHERE l.ticket_id = t.id AND l.condition = ${f.condition})`,
    );
  if (f.q) {
    const like = likePattern(f.q);
    parts.push(sql`(t.number ILIKE ${like} OR t.invoice_id IN (SELECT s.id FROM sales_invoices s
        WHERE s.number ILIKE ${like} OR s.external_order_id ILIKE ${like})
      OR c.name ILIKE ${like}
      OR EXISTS (SELECT 1 FROM return_ticket_lines l JOIN products p ON p.id = l.product_id
        WHERE l.ticket_id = t.id AND p.sku ILIKE ${like}))`);
  }
  return sql.join(parts, sql` AND `);
}

export async function findTickets(db: Db, f: ReturnTicketFilter, limit: number, offset: number) {
  const sort = parseSort(f.sort, SORTS, { column: 't.created_at', direction: 'desc' });
  const { rows } = await sql<TicketHead>`SELECT x.* FROM (${HEAD} WHERE ${where(f)}
      ORDER BY ${sql.ref(sort.column)} ${sql.raw(sort.direction)} NULLS LAST, t.id ${sql.raw(sort.direction)}
      LIMIT ${limit} OFFSET ${offset}) x
    ORDER BY ${sql.ref(OUTER[sort.column])} ${sql.raw(sort.direction)} NULLS LAST, x.id ${sql.raw(sort.direction)}`.execute(
    db,
  );
  return rows;
}

export async function countTickets(db: Db, f: ReturnTicketFilter): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM return_tickets t
    JOIN customers c ON c.id = t.customer_id JOIN warehouses w ON w.id = t.warehouse_id
    WHERE ${where(f)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** How many tickets of the filter (status aside) each status has: the tabs. */
export async function statusCounts(db: Db, f: ReturnTicketFilter) {
  const { rows } = await sql<{ status: string; n: string }>`SELECT t.status, count(*) AS n FROM return_tickets t
    JOIN customers c ON c.id = t.customer_id JOIN warehouses w ON w.id = t.warehouse_id
    WHERE ${where(f, false)} GROUP BY t.status`.execute(db);
  return rows;
}

// What refers to master data

const countOf = async (q: Promise<{ n: string } | undefined>) => Number((await q)?.n ?? 0);
export const countTicketsOfWarehouse = (db: Db, id: string) =>
  countOf(
    db
      .selectFrom('return_tickets')
      .select(sql<string>`count(*)`.as('n'))
      .where('warehouse_id', '=', id)
      .executeTakeFirst(),
  );
export const countTicketsOfCustomer = (db: Db, id: string) =>
  countOf(
    db
      .selectFrom('return_tickets')
      .select(sql<string>`count(*)`.as('n'))
      .where('customer_id', '=', id)
      .executeTakeFirst(),
  );
export const countTicketsOfProduct = (db: Db, id: string) =>
  countOf(
    db
      .selectFrom('return_ticket_lines')
      .select(sql<string>`count(DISTINCT ticket_id)`.as('n'))
      .where('product_id', '=', id)
      .executeTakeFirst(),
  );

/** Per product, the units of an invoice already brought back into stock (its tickets received, in any later status). */
export async function receivedReturns(db: Db, invoiceId: string) {
  const { rows } = await sql<{ product_id: string; quantity: string }>`
    SELECT l.product_id, sum(l.quantity)::text AS quantity
    FROM return_ticket_lines l JOIN return_tickets t ON t.id = l.ticket_id
    WHERE t.invoice_id = ${invoiceId} AND t.received_at IS NOT NULL
    GROUP BY l.product_id`.execute(db);
  return rows;
}

/** Replaces an OPEN ticket's day, note and lines, and the counts kept with it. */
export async function replaceTicket(db: Db, id: string, t: { returnDate: string; note: string }, lines: NewLine[]) {
  await db.deleteFrom('return_ticket_lines').where('ticket_id', '=', id).execute();
  await db
    .insertInto('return_ticket_lines')
    .values(
      lines.map((l) => ({
        ticket_id: id,
        line_no: l.lineNo,
        product_id: l.productId,
        quantity: l.quantity,
        reason: l.reason,
        condition: l.condition,
        note: l.note,
      })),
    )
    .execute();
  await sql`UPDATE return_tickets SET return_date = ${t.returnDate}::date, note = ${t.note}, line_count = ${lines.length},
    total_quantity = (SELECT sum(quantity) FROM return_ticket_lines WHERE ticket_id = ${id}), updated_at = now()
    WHERE id = ${id}`.execute(db);
}

/**
 * The invoice's ISSUE rows of the products some of whose units sold were supplier-owned (consignment), each with what
 * it took and what has come back against it since (linked inbound rows), oldest first.
 */
export async function issuesOfConsignedProducts(db: Db, invoiceId: string) {
  const { rows } = await sql<{ id: string; product_id: string; taken: string; back: string }>`
    SELECT m.id, m.product_id, (-m.quantity)::text AS taken,
      coalesce((SELECT sum(b.quantity) FROM stock_movements b
        WHERE b.link_id = m.id AND b.kind <> 'REVALUATION' AND b.quantity > 0), 0)::text AS back
    FROM stock_movements m
    WHERE m.source_type = 'sales_invoice' AND m.source_id = ${invoiceId} AND m.kind = 'ISSUE' AND m.quantity < 0
      AND m.product_id IN (
        SELECT c.product_id FROM consignment_sales c JOIN stock_movements s ON s.id = c.movement_id
        WHERE s.source_type = 'sales_invoice' AND s.source_id = ${invoiceId} AND c.quantity > 0)
    ORDER BY m.posted_at, m.id`.execute(db);
  return rows;
}
