import type { CreditNoteFilter } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/** SQL of credit notes, their lines, and what an invoice was paid and had credited; rules in the service. */

type Db = Kysely<Database>;

export interface NoteHead {
  id: string;
  number: string;
  status: string;
  invoice_id: string;
  invoice_number: string;
  invoice_date: string;
  external_order_id: string | null;
  return_ticket_id: string | null;
  return_ticket_number: string | null;
  customer_id: string;
  customer_name: string;
  channel: string;
  credit_date: string;
  payment_type: string;
  reason: string;
  note: string;
  currency: string;
  exchange_rate: string;
  prices_include_vat: boolean;
  line_count: number;
  net_total: string;
  vat_total: string;
  gross_total: string;
  gross_gbp: string;
  refund_date: string | null;
  refund_reference: string;
  cancel_reason: string;
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
  created_by_name: string | null;
  approved_at: Date | null;
  approved_by: string | null;
  approved_by_name: string | null;
  canceled_at: Date | null;
  canceled_by: string | null;
  canceled_by_name: string | null;
}

const HEAD = sql`
  SELECT n.id, n.number, n.status, n.invoice_id, si.number AS invoice_number,
    to_char(si.invoice_date, 'YYYY-MM-DD') AS invoice_date, si.external_order_id,
    n.return_ticket_id, rt.number AS return_ticket_number, n.customer_id, c.name AS customer_name, n.channel,
    to_char(n.credit_date, 'YYYY-MM-DD') AS credit_date, n.payment_type, n.reason, n.note, n.currency,
    n.exchange_rate::text AS exchange_rate, n.prices_include_vat, n.line_count, n.net_total::text AS net_total,
    n.vat_total::text AS vat_total, n.gross_total::text AS gross_total, n.gross_gbp::text AS gross_gbp,
    to_char(n.refund_date, 'YYYY-MM-DD') AS refund_date, n.refund_reference, n.cancel_reason,
    n.created_at, n.updated_at, n.created_by, cu.username AS created_by_name,
    n.approved_at, n.approved_by, au.username AS approved_by_name,
    n.canceled_at, n.canceled_by, ku.username AS canceled_by_name
  FROM credit_notes n
  JOIN sales_invoices si ON si.id = n.invoice_id
  JOIN customers c ON c.id = n.customer_id
  LEFT JOIN return_tickets rt ON rt.id = n.return_ticket_id
  LEFT JOIN users cu ON cu.id = n.created_by
  LEFT JOIN users au ON au.id = n.approved_by
  LEFT JOIN users ku ON ku.id = n.canceled_by`;

export async function findNote(db: Db, id: string): Promise<NoteHead | undefined> {
  const { rows } = await sql<NoteHead>`${HEAD} WHERE n.id = ${id}`.execute(db);
  return rows[0];
}

export interface NoteLineRow {
  id: string;
  credit_note_id: string;
  line_no: number;
  kind: string;
  invoice_line_id: string | null;
  invoice_line_no: number | null;
  product_id: string | null;
  sku: string | null;
  name: string | null;
  unit: string | null;
  quantity: string;
  unit_price: string;
  discount_percent: string;
  vat_code: string;
  vat_rate: string;
  net_amount: string;
  vat_amount: string;
  gross_amount: string;
}

export async function findLines(db: Db, noteIds: string[]): Promise<NoteLineRow[]> {
  if (!noteIds.length) return [];
  const { rows } = await sql<NoteLineRow>`
    SELECT l.id, l.credit_note_id, l.line_no, l.kind, l.invoice_line_id, il.line_no AS invoice_line_no, l.product_id,
      p.sku, p.name, p.unit, l.quantity::text AS quantity, l.unit_price::text AS unit_price,
      l.discount_percent::text AS discount_percent, l.vat_code, l.vat_rate::text AS vat_rate,
      l.net_amount::text AS net_amount, l.vat_amount::text AS vat_amount, l.gross_amount::text AS gross_amount
    FROM credit_note_lines l
    LEFT JOIN sales_invoice_lines il ON il.id = l.invoice_line_id
    LEFT JOIN products p ON p.id = l.product_id
    WHERE l.credit_note_id = ANY(${noteIds}::uuid[])
    ORDER BY l.credit_note_id, l.line_no`.execute(db);
  return rows;
}

export interface NewNote {
  invoiceId: string;
  returnTicketId: string | null;
  customerId: string;
  channel: string;
  creditDate: string;
  paymentType: string;
  reason: string;
  note: string;
  currency: string;
  exchangeRate: string;
  pricesIncludeVat: boolean;
  netTotal: string;
  vatTotal: string;
  grossTotal: string;
  grossGbp: string;
}

export interface NewLine {
  lineNo: number;
  kind: string;
  invoiceLineId: string | null;
  productId: string | null;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  vatCode: string;
  vatRate: string;
  net: string;
  vat: string;
  gross: string;
}

export async function insertNote(db: Db, number: string, n: NewNote, lines: NewLine[], userId: string) {
  const row = await db
    .insertInto('credit_notes')
    .values({
      number,
      invoice_id: n.invoiceId,
      return_ticket_id: n.returnTicketId,
      customer_id: n.customerId,
      channel: n.channel,
      credit_date: n.creditDate,
      payment_type: n.paymentType,
      reason: n.reason,
      note: n.note,
      currency: n.currency,
      exchange_rate: n.exchangeRate,
      prices_include_vat: n.pricesIncludeVat,
      line_count: lines.length,
      net_total: n.netTotal,
      vat_total: n.vatTotal,
      gross_total: n.grossTotal,
      gross_gbp: n.grossGbp,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('credit_note_lines')
    .values(
      lines.map((l) => ({
        credit_note_id: row.id,
        line_no: l.lineNo,
        kind: l.kind,
        invoice_line_id: l.invoiceLineId,
        product_id: l.productId,
        quantity: l.quantity,
        unit_price: l.unitPrice,
        discount_percent: l.discountPercent,
        vat_code: l.vatCode,
        vat_rate: l.vatRate,
        net_amount: l.net,
        vat_amount: l.vat,
        gross_amount: l.gross,
      })),
    )
    .execute();
  return row.id;
}

export async function setApproved(db: Db, id: string, userId: string, refundDate: string, reference: string) {
  await db
    .updateTable('credit_notes')
    .set({
      status: 'APPROVED',
      approved_at: sql`now()`,
      approved_by: userId,
      refund_date: refundDate,
      refund_reference: reference,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function setCanceled(db: Db, id: string, userId: string, reason: string) {
  await db
    .updateTable('credit_notes')
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

// The invoice credited

/** Locks the invoice row until the transaction ends: what serialises credit notes of one invoice. */
export async function lockInvoice(db: Db, id: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`SELECT id FROM sales_invoices WHERE id = ${id} FOR UPDATE`.execute(db);
  return rows.length > 0;
}

/** What an invoice's credit notes (not CANCELED) credit: per invoice line, shipping, and their gross in total. */
export async function creditedOf(db: Db, invoiceId: string) {
  const { rows } = await sql<{ invoice_line_id: string | null; kind: string; quantity: string; gross: string }>`
    SELECT l.invoice_line_id, l.kind, sum(CASE WHEN l.kind = 'SHIPPING' THEN l.unit_price ELSE l.quantity END)::text
        AS quantity, sum(l.gross_amount)::text AS gross
    FROM credit_note_lines l JOIN credit_notes n ON n.id = l.credit_note_id
    WHERE n.invoice_id = ${invoiceId} AND n.status <> 'CANCELED'
    GROUP BY l.invoice_line_id, l.kind`.execute(db);
  return rows;
}

// The return ticket a credit note may start from

export interface TicketRow {
  id: string;
  number: string;
  status: string;
  invoice_id: string | null;
}

export async function findTicket(db: Db, id: string): Promise<TicketRow | undefined> {
  return db
    .selectFrom('return_tickets')
    .select(['id', 'number', 'status', 'invoice_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A ticket's returned quantity per product, in its line order. */
export async function ticketProducts(db: Db, ticketId: string) {
  const { rows } = await sql<{ product_id: string; quantity: string }>`
    SELECT product_id, sum(quantity)::text AS quantity FROM return_ticket_lines WHERE ticket_id = ${ticketId}
    GROUP BY product_id ORDER BY min(line_no)`.execute(db);
  return rows;
}

export interface SourceRow {
  kind: 'INVOICE' | 'RETURN_TICKET';
  id: string;
  number: string;
  invoice_number: string;
  channel: string;
  external_order_id: string | null;
  customer_name: string;
  date: string;
}

/** Shipped invoices and received tickets of shipped invoices by number, external order id or customer, newest first. */
export async function creditSources(db: Db, q: string): Promise<SourceRow[]> {
  const like = likePattern(q);
  const { rows } = await sql<SourceRow>`
    (SELECT 'INVOICE' AS kind, si.id, si.number, si.number AS invoice_number, si.channel, si.external_order_id,
      c.name AS customer_name, to_char(si.invoice_date, 'YYYY-MM-DD') AS date, si.created_at
    FROM sales_invoices si JOIN customers c ON c.id = si.customer_id
    WHERE si.status = 'PROCESSED' AND (${q} = '' OR si.number ILIKE ${like} OR si.external_order_id ILIKE ${like}
      OR c.name ILIKE ${like})
    ORDER BY si.created_at DESC, si.id DESC LIMIT 20)
    UNION ALL
    (SELECT 'RETURN_TICKET' AS kind, t.id, t.number, si.number AS invoice_number, si.channel, si.external_order_id,
      c.name AS customer_name, to_char(t.return_date, 'YYYY-MM-DD') AS date, t.created_at
    FROM return_tickets t JOIN sales_invoices si ON si.id = t.invoice_id JOIN customers c ON c.id = t.customer_id
    WHERE t.status IN ('RECEIVED', 'INSPECTED', 'CLOSED') AND si.status = 'PROCESSED'
      AND (${q} = '' OR t.number ILIKE ${like} OR si.number ILIKE ${like} OR si.external_order_id ILIKE ${like}
        OR c.name ILIKE ${like})
    ORDER BY t.created_at DESC, t.id DESC LIMIT 20)`.execute(db);
  return rows;
}

// Lists

const SORTS = {
  number: 'n.number',
  status: 'n.status',
  creditDate: 'n.credit_date',
  createdAt: 'n.created_at',
  customer: 'c.name',
  grossTotal: 'n.gross_total',
} as const;
// The outer query re-sorts the page by what it answers (dates and amounts as text, so cast back).
const OUTER = {
  'n.number': sql`x.number`,
  'n.status': sql`x.status`,
  'n.credit_date': sql`x.credit_date`,
  'n.created_at': sql`x.created_at`,
  'c.name': sql`x.customer_name`,
  'n.gross_total': sql`x.gross_total::numeric`,
} satisfies Record<(typeof SORTS)[keyof typeof SORTS], unknown>;

function where(f: CreditNoteFilter, withStatus = true) {
  const parts = [sql`true`];
  if (withStatus && f.status) parts.push(sql`n.status = ${f.status}`);
  if (f.channel) parts.push(sql`n.channel = ${f.channel}`);
  if (f.paymentType) parts.push(sql`n.payment_type = ${f.paymentType}`);
  if (f.invoiceId) parts.push(sql`n.invoice_id = ${f.invoiceId}`);
  if (f.from) parts.push(sql`n.credit_date >= ${f.from}::date`);
  if (f.to) parts.push(sql`n.credit_date <= ${f.to}::date`);
  if (f.q) {
    const like = likePattern(f.q);
    parts.push(sql`(n.number ILIKE ${like} OR n.invoice_id IN (SELECT s.id FROM sales_invoices s
        WHERE s.number ILIKE ${like} OR s.external_order_id ILIKE ${like})
      OR c.name ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

export async function findNotes(db: Db, f: CreditNoteFilter, limit: number, offset: number) {
  const sort = parseSort(f.sort, SORTS, { column: 'n.created_at', direction: 'desc' });
  const { rows } = await sql<NoteHead>`SELECT x.* FROM (${HEAD} WHERE ${where(f)}
      ORDER BY ${sql.ref(sort.column)} ${sql.raw(sort.direction)} NULLS LAST, n.id ${sql.raw(sort.direction)}
      LIMIT ${limit} OFFSET ${offset}) x
    ORDER BY ${OUTER[sort.column]} ${sql.raw(sort.direction)} NULLS LAST, x.id ${sql.raw(sort.direction)}`.execute(db);
  return rows;
}

export async function countNotes(db: Db, f: CreditNoteFilter): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM credit_notes n
    JOIN customers c ON c.id = n.customer_id WHERE ${where(f)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** How many credit notes of the filter (status aside) each status has: the tabs. */
export async function statusCounts(db: Db, f: CreditNoteFilter) {
  const { rows } = await sql<{ status: string; n: string }>`SELECT n.status, count(*) AS n FROM credit_notes n
    JOIN customers c ON c.id = n.customer_id WHERE ${where(f, false)} GROUP BY n.status`.execute(db);
  return rows;
}

// What refers to master data

const countOf = async (q: Promise<{ n: string } | undefined>) => Number((await q)?.n ?? 0);
export const countNotesOfCustomer = (db: Db, id: string) =>
  countOf(
    db
      .selectFrom('credit_notes')
      .select(sql<string>`count(*)`.as('n'))
      .where('customer_id', '=', id)
      .executeTakeFirst(),
  );
export const countNotesOfProduct = (db: Db, id: string) =>
  countOf(
    db
      .selectFrom('credit_note_lines')
      .select(sql<string>`count(DISTINCT credit_note_id)`.as('n'))
      .where('product_id', '=', id)
      .executeTakeFirst(),
  );
