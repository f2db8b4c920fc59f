import type { PurchaseInvoiceFilter } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/**
 * SQL of supplier invoices, their lines and receipt matches, and what they read and keep on purchase order lines
 * (invoiced_quantity) and goods received note lines (the order tables are read here directly, as receipts do).
 */

type Db = Kysely<Database>;

export interface InvoiceRow {
  id: string;
  number: string;
  status: string;
  supplier_id: string;
  supplier_code: string;
  supplier_name: string;
  supplier_invoice_number: string;
  invoice_date: string;
  due_date: string;
  currency: string;
  exchange_rate: string;
  net_total: string;
  vat_total: string;
  gross_total: string;
  open_amount: string;
  upload_id: string | null;
  notes: string;
  difference_reason: string;
  approved_by: string | null;
  approved_by_name: string | null;
  booked_at: Date | null;
  canceled_at: Date | null;
  cancel_reason: string;
  created_at: Date;
  kind: string;
}

const INVOICE_SELECT = sql`
  SELECT i.id, i.number, i.status, i.supplier_id, bp.code AS supplier_code, bp.name AS supplier_name,
    i.supplier_invoice_number, to_char(i.invoice_date, 'YYYY-MM-DD') AS invoice_date,
    to_char(i.due_date, 'YYYY-MM-DD') AS due_date, i.currency, i.exchange_rate::text AS exchange_rate,
    i.net_total::text AS net_total, i.vat_total::text AS vat_total, i.gross_total::text AS gross_total,
    i.open_amount::text AS open_amount, i.upload_id, i.notes, i.difference_reason, i.approved_by,
    u.username AS approved_by_name, i.booked_at, i.canceled_at, i.cancel_reason, i.created_at, i.kind
  FROM purchase_invoices i
  JOIN business_partners bp ON bp.id = i.supplier_id
  LEFT JOIN users u ON u.id = i.approved_by`;

export async function findInvoice(db: Db, id: string): Promise<InvoiceRow | undefined> {
  const { rows } = await sql<InvoiceRow>`SELECT * FROM (${INVOICE_SELECT}) x WHERE x.id = ${id}`.execute(db);
  return rows[0];
}

/** The supplier's invoice not cancelled that carries this number (case ignored), if any. */
export async function findBySupplierNumber(db: Db, supplierId: string, supplierNumber: string) {
  const { rows } = await sql<{ id: string; number: string; status: string }>`
    SELECT id, number, status FROM purchase_invoices
    WHERE supplier_id = ${supplierId} AND lower(supplier_invoice_number) = lower(${supplierNumber})
      AND status <> 'CANCELED'`.execute(db);
  return rows[0];
}

const SORTS = {
  number: 'number',
  status: 'status',
  invoiceDate: 'invoice_date',
  dueDate: 'due_date',
  createdAt: 'created_at',
  grossTotal: 'gross_total',
} as const;

/**
 * The filter on the invoices table alone (no joins), so that the count reads one table and the page walks an index
 * of (sort column, id) (migration 0037). The search is one bitmap of three indexes: the number's and the supplier's
 * number's trigrams, and the invoices of the suppliers whose code or name matches (trigrams, then supplier_id).
 */
function where(f: PurchaseInvoiceFilter) {
  const parts = [sql`true`];
  if (f.q) {
    const like = likePattern(f.q);
    parts.push(
      sql`(i.number ILIKE ${like} OR i.supplier_invoice_number ILIKE ${like} OR i.supplier_id = ANY (ARRAY(
        SELECT id FROM business_partners WHERE code ILIKE ${like} OR name ILIKE ${like})))`,
    );
  }
  if (f.status) parts.push(sql`i.status = ${f.status}`);
  if (f.supplierId) parts.push(sql`i.supplier_id = ${f.supplierId}`);
  if (f.dueFrom) parts.push(sql`i.due_date >= ${f.dueFrom}`);
  if (f.dueTo) parts.push(sql`i.due_date <= ${f.dueTo}`);
  return sql.join(parts, sql` AND `);
}

/**
 * The page's ids first, then their rows with the supplier. Every sort column is NOT NULL, so the order is the index's
 * (forwards or backwards). A search's matches are gathered first (MATERIALIZED), then sorted: walking the sort index
 * and testing each row against the search reads the whole table when little matches.
 */
export async function findInvoices(db: Db, f: PurchaseInvoiceFilter, limit: number, offset: number) {
  const sort = parseSort(f.sort, SORTS, { column: 'created_at', direction: 'desc' });
  const dir = sql.raw(sort.direction);
  const page = f.q
    ? sql`WITH m AS MATERIALIZED (SELECT i.id, ${sql.ref(`i.${sort.column}`)} AS k FROM purchase_invoices i WHERE ${where(f)})
        SELECT id FROM m ORDER BY k ${dir}, id ${dir} LIMIT ${limit} OFFSET ${offset}`
    : sql`SELECT i.id FROM purchase_invoices i WHERE ${where(f)}
        ORDER BY ${sql.ref(`i.${sort.column}`)} ${dir}, i.id ${dir} LIMIT ${limit} OFFSET ${offset}`;
  const { rows } = await sql<InvoiceRow>`SELECT * FROM (${INVOICE_SELECT}) x WHERE x.id IN (${page})
    ORDER BY ${sql.ref(`x.${sort.column}`)} ${dir}, x.id ${dir}`.execute(db);
  return rows;
}

export async function countInvoices(db: Db, f: PurchaseInvoiceFilter): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM purchase_invoices i WHERE ${where(f)}`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

// Order lines as an invoice needs them

export interface OrderLineRow {
  id: string;
  order_id: string;
  order_number: string;
  order_date: string;
  order_status: string;
  order_type: string;
  supplier_id: string | null;
  currency: string;
  line_no: number;
  product_id: string;
  sku: string;
  name: string;
  quantity: string;
  unit_cost: string;
  discount_percent: string;
  vat_code: string;
  net_amount: string;
  received_quantity: string;
  invoiced_quantity: string;
}

const ORDER_LINE_SELECT = sql`
  SELECT l.id, l.order_id, o.number AS order_number, to_char(o.order_date, 'YYYY-MM-DD') AS order_date,
    o.status AS order_status, o.type AS order_type, o.supplier_id, o.currency, l.line_no, l.product_id, p.sku, p.name,
    l.quantity::text AS quantity, l.unit_cost::text AS unit_cost, l.discount_percent::text AS discount_percent,
    l.vat_code, l.net_amount::text AS net_amount, l.received_quantity::text AS received_quantity,
    l.invoiced_quantity::text AS invoiced_quantity
  FROM purchase_order_lines l
  JOIN purchase_orders o ON o.id = l.order_id
  JOIN products p ON p.id = l.product_id`;

/** The orders a supplier invoice may be entered against: bought from the supplier and approved. */
export const INVOICABLE_ORDER_STATUSES = ['APPROVED', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CLOSED'];

export async function invoicableLines(db: Db, supplierId: string): Promise<OrderLineRow[]> {
  const { rows } = await sql<OrderLineRow>`SELECT * FROM (${ORDER_LINE_SELECT}) x
    WHERE x.supplier_id = ${supplierId} AND x.order_type <> 'SEND_INVENTORY'
      AND x.order_status IN ('APPROVED', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CLOSED')
      AND x.invoiced_quantity::numeric < greatest(x.quantity::numeric, x.received_quantity::numeric)
    ORDER BY x.order_date, x.order_number, x.line_no
    LIMIT 2000`.execute(db);
  return rows;
}

/** The order lines named, locked FOR UPDATE in id order (two invoices of one line run one after the other). */
export async function lockOrderLines(db: Db, ids: string[]): Promise<OrderLineRow[]> {
  if (!ids.length) return [];
  await sql`SELECT 1 FROM purchase_order_lines WHERE id IN (${sql.join(ids)}) ORDER BY id FOR UPDATE`.execute(db);
  const { rows } =
    await sql<OrderLineRow>`SELECT * FROM (${ORDER_LINE_SELECT}) x WHERE x.id IN (${sql.join(ids)})`.execute(db);
  return rows;
}

export async function findOrderLines(db: Db, ids: string[]): Promise<OrderLineRow[]> {
  if (!ids.length) return [];
  const { rows } =
    await sql<OrderLineRow>`SELECT * FROM (${ORDER_LINE_SELECT}) x WHERE x.id IN (${sql.join(ids)})`.execute(db);
  return rows;
}

export async function addInvoiced(db: Db, changes: { orderLineId: string; quantity: string }[]) {
  for (const c of changes)
    await sql`UPDATE purchase_order_lines SET invoiced_quantity = greatest(invoiced_quantity + ${c.quantity}::numeric, 0)
      WHERE id = ${c.orderLineId}`.execute(db);
}

// Receipts

export interface ReceiptLineRow {
  id: string;
  note_id: string;
  note_number: string;
  line_no: number;
  order_line_id: string;
  received_date: string;
  exchange_rate: string | null;
  accepted_quantity: string;
  /** Matched to invoices not cancelled. */
  invoiced_quantity: string;
}

/** Posted receipt lines of the order lines, oldest receipt first, with what invoices not cancelled matched. */
export async function receiptLinesOf(db: Db, orderLineIds: string[]): Promise<ReceiptLineRow[]> {
  if (!orderLineIds.length) return [];
  const { rows } = await sql<ReceiptLineRow>`
    SELECT gl.id, g.id AS note_id, g.number AS note_number, gl.line_no, gl.order_line_id,
      to_char(g.received_date, 'YYYY-MM-DD') AS received_date, g.exchange_rate::text AS exchange_rate,
      gl.accepted_quantity::text AS accepted_quantity,
      coalesce((SELECT sum(m.quantity) FROM purchase_invoice_receipt_matches m
        JOIN purchase_invoice_lines il ON il.id = m.invoice_line_id
        JOIN purchase_invoices i ON i.id = il.invoice_id
        WHERE m.receipt_line_id = gl.id AND i.status <> 'CANCELED'), 0)::text AS invoiced_quantity
    FROM goods_received_note_lines gl
    JOIN goods_received_notes g ON g.id = gl.note_id
    WHERE gl.order_line_id IN (${sql.join(orderLineIds)}) AND g.status = 'POSTED' AND gl.accepted_quantity > 0
    ORDER BY g.received_date, g.posted_at, g.number, gl.line_no`.execute(db);
  return rows;
}

// Writing

export async function insertInvoice(
  db: Db,
  v: {
    number: string;
    supplierId: string;
    supplierInvoiceNumber: string;
    invoiceDate: string;
    dueDate: string;
    currency: string;
    exchangeRate: string;
    net: string;
    vat: string;
    gross: string;
    uploadId: string | null;
    notes: string;
    userId: string;
  },
): Promise<string> {
  const { rows } = await sql<{ id: string }>`INSERT INTO purchase_invoices
    (number, supplier_id, supplier_invoice_number, invoice_date, due_date, currency, exchange_rate, net_total,
     vat_total, gross_total, open_amount, upload_id, notes, created_by)
    VALUES (${v.number}, ${v.supplierId}, ${v.supplierInvoiceNumber}, ${v.invoiceDate}, ${v.dueDate}, ${v.currency},
      ${v.exchangeRate}, ${v.net}, ${v.vat}, ${v.gross}, ${v.gross}, ${v.uploadId}, ${v.notes}, ${v.userId})
    RETURNING id`.execute(db);
  return rows[0]?.id as string;
}

export async function insertLine(
  db: Db,
  v: {
    invoiceId: string;
    lineNo: number;
    orderLineId: string;
    productId: string;
    quantity: string;
    unitPrice: string;
    discountPercent: string;
    vatCode: string;
    vatRate: string;
    net: string;
    vat: string;
  },
): Promise<string> {
  const { rows } = await sql<{ id: string }>`INSERT INTO purchase_invoice_lines
    (invoice_id, line_no, order_line_id, product_id, quantity, unit_price, discount_percent, vat_code, vat_rate,
     net_amount, vat_amount)
    VALUES (${v.invoiceId}, ${v.lineNo}, ${v.orderLineId}, ${v.productId}, ${v.quantity}, ${v.unitPrice},
      ${v.discountPercent}, ${v.vatCode}, ${v.vatRate}, ${v.net}, ${v.vat})
    RETURNING id`.execute(db);
  return rows[0]?.id as string;
}

export async function insertMatch(db: Db, invoiceLineId: string, receiptLineId: string, quantity: string) {
  await sql`INSERT INTO purchase_invoice_receipt_matches (invoice_line_id, receipt_line_id, quantity)
    VALUES (${invoiceLineId}, ${receiptLineId}, ${quantity})`.execute(db);
}

export interface LineRow {
  id: string;
  line_no: number;
  order_line_id: string;
  product_id: string;
  quantity: string;
  unit_price: string;
  discount_percent: string;
  vat_code: string;
  vat_rate: string;
  net_amount: string;
  vat_amount: string;
}

export async function findLines(db: Db, invoiceId: string): Promise<LineRow[]> {
  const { rows } = await sql<LineRow>`SELECT id, line_no, order_line_id, product_id, quantity::text AS quantity,
      unit_price::text AS unit_price, discount_percent::text AS discount_percent, vat_code, vat_rate::text AS vat_rate,
      net_amount::text AS net_amount, vat_amount::text AS vat_amount
    FROM purchase_invoice_lines WHERE invoice_id = ${invoiceId} ORDER BY line_no`.execute(db);
  return rows;
}

export interface MatchRow {
  id: string;
  invoice_line_id: string;
  receipt_line_id: string;
  note_id: string;
  note_number: string;
  receipt_line_no: number;
  received_date: string;
  exchange_rate: string | null;
  quantity: string;
  price_difference: string;
}

export async function findMatches(db: Db, invoiceId: string): Promise<MatchRow[]> {
  const { rows } = await sql<MatchRow>`SELECT m.id, m.invoice_line_id, m.receipt_line_id, g.id AS note_id,
      g.number AS note_number, gl.line_no AS receipt_line_no, to_char(g.received_date, 'YYYY-MM-DD') AS received_date,
      g.exchange_rate::text AS exchange_rate, m.quantity::text AS quantity, m.price_difference::text AS price_difference
    FROM purchase_invoice_receipt_matches m
    JOIN purchase_invoice_lines il ON il.id = m.invoice_line_id
    JOIN goods_received_note_lines gl ON gl.id = m.receipt_line_id
    JOIN goods_received_notes g ON g.id = gl.note_id
    WHERE il.invoice_id = ${invoiceId}
    ORDER BY il.line_no, g.received_date, g.number, gl.line_no`.execute(db);
  return rows;
}

export async function setPriceDifference(db: Db, matchId: string, amount: string) {
  await sql`UPDATE purchase_invoice_receipt_matches SET price_difference = ${amount} WHERE id = ${matchId}`.execute(db);
}

export async function markBooked(db: Db, id: string, userId: string, reason: string) {
  await sql`UPDATE purchase_invoices SET status = 'BOOKED', booked_at = now(), approved_by = ${userId},
    difference_reason = ${reason}, updated_at = now() WHERE id = ${id}`.execute(db);
}

export async function markCanceled(db: Db, id: string, userId: string, reason: string) {
  await sql`UPDATE purchase_invoices SET status = 'CANCELED', canceled_at = now(), canceled_by = ${userId},
    cancel_reason = ${reason}, open_amount = 0, updated_at = now() WHERE id = ${id}`.execute(db);
}

export interface UploadRow {
  id: string;
  file_name: string;
  original_name: string;
  kind: string;
  attached_entity: string | null;
}

export async function findUpload(db: Db, by: { fileName?: string; id?: string }): Promise<UploadRow | undefined> {
  const { rows } = await sql<UploadRow>`SELECT id, file_name, original_name, kind, attached_entity FROM uploaded_files
    WHERE ${by.id ? sql`id = ${by.id}` : sql`file_name = ${by.fileName ?? ''}`}`.execute(db);
  return rows[0];
}

/** The file now belongs to the invoice: its readers may see it and it can no longer be removed. */
export async function attachUpload(db: Db, uploadId: string, invoiceId: string) {
  await sql`UPDATE uploaded_files SET attached_entity = 'purchase_invoice', attached_id = ${invoiceId}
    WHERE id = ${uploadId}`.execute(db);
}

export async function partnerTerms(db: Db, id: string) {
  const { rows } = await sql<{ id: string; code: string; payment_terms_days: number; active: boolean }>`
    SELECT id, code, payment_terms_days, active FROM business_partners WHERE id = ${id}`.execute(db);
  return rows[0];
}

// Tolerances: in the system configuration (system_settings, key group.field), default 0.

export const TOLERANCE_KEYS = {
  quantityPercent: 'purchasing.invoiceQuantityTolerance',
  pricePercent: 'purchasing.invoicePriceTolerance',
} as const;

export async function readTolerances(db: Db): Promise<{ quantityPercent: string; pricePercent: string }> {
  const { rows } = await sql<{ key: string; value: unknown }>`SELECT key, value FROM system_settings
    WHERE key IN (${TOLERANCE_KEYS.quantityPercent}, ${TOLERANCE_KEYS.pricePercent})`.execute(db);
  const of = (key: string) => {
    const v = rows.find((r) => r.key === key)?.value;
    return typeof v === 'string' ? v : '0';
  };
  return { quantityPercent: of(TOLERANCE_KEYS.quantityPercent), pricePercent: of(TOLERANCE_KEYS.pricePercent) };
}

export async function writeTolerance(db: Db, key: string, value: string, userId: string) {
  await sql`INSERT INTO system_settings (key, value, updated_at, updated_by) VALUES (${key}, ${JSON.stringify(value)}::jsonb, now(), ${userId})
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now(), updated_by = excluded.updated_by`.execute(
    db,
  );
}

export async function countInvoicesOfPartner(db: Db, id: string): Promise<number> {
  const { rows } = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM purchase_invoices WHERE supplier_id = ${id}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
export async function countInvoicesOfProduct(db: Db, id: string): Promise<number> {
  const { rows } = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM purchase_invoice_lines WHERE product_id = ${id}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

// Landed charges (freight, duty, insurance, other) for posted receipts.

export async function partnerCurrency(db: Db, id: string): Promise<string> {
  const { rows } = await sql<{ currency: string }>`
    SELECT default_currency AS currency FROM business_partners WHERE id = ${id}`.execute(db);
  return rows[0]?.currency ?? 'GBP';
}

export interface ChargeWrite {
  invoiceId: string;
  chargeNo: number;
  chargeType: string;
  description: string;
  net: string;
  vatCode: string;
  vatRate: string;
  vat: string;
  basis: string;
  noteIds: string[];
}

export async function insertCharge(db: Db, c: ChargeWrite): Promise<string> {
  const { rows } = await sql<{ id: string }>`INSERT INTO purchase_invoice_charges
    (invoice_id, charge_no, charge_type, description, net_amount, vat_code, vat_rate, vat_amount, basis)
    VALUES (${c.invoiceId}, ${c.chargeNo}, ${c.chargeType}, ${c.description}, ${c.net}::numeric, ${c.vatCode},
      ${c.vatRate}::numeric, ${c.vat}::numeric, ${c.basis})
    RETURNING id`.execute(db);
  const id = rows[0]?.id as string;
  await sql`INSERT INTO purchase_invoice_charge_notes (charge_id, note_id)
    SELECT ${id}, x FROM unnest(${c.noteIds}::uuid[]) AS x`.execute(db);
  return id;
}

export interface ChargeRow {
  id: string;
  charge_no: number;
  charge_type: string;
  description: string;
  net_amount: string;
  vat_code: string;
  vat_rate: string;
  vat_amount: string;
  basis: string;
}

export interface ChargeNoteRow {
  charge_id: string;
  note_id: string;
  number: string;
  status: string;
  supplier: string | null;
  received_date: string;
}

export async function findCharges(db: Db, invoiceId: string) {
  const { rows: charges } = await sql<ChargeRow>`
    SELECT id, charge_no, charge_type, description, net_amount::text AS net_amount, vat_code,
      vat_rate::text AS vat_rate, vat_amount::text AS vat_amount, basis
    FROM purchase_invoice_charges WHERE invoice_id = ${invoiceId} ORDER BY charge_no`.execute(db);
  if (!charges.length) return { charges, notes: [] as ChargeNoteRow[] };
  const { rows: notes } = await sql<ChargeNoteRow>`
    SELECT cn.charge_id, g.id AS note_id, g.number, g.status, bp.code AS supplier,
      to_char(g.received_date, 'YYYY-MM-DD') AS received_date
    FROM purchase_invoice_charge_notes cn
    JOIN goods_received_notes g ON g.id = cn.note_id
    LEFT JOIN business_partners bp ON bp.id = g.supplier_id
    WHERE cn.charge_id = ANY(${charges.map((c) => c.id)}::uuid[])
    ORDER BY g.number`.execute(db);
  return { charges, notes };
}

export async function notesById(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, { id: string; number: string; status: string }>();
  const { rows } = await sql<{ id: string; number: string; status: string }>`
    SELECT id, number, status FROM goods_received_notes WHERE id = ANY(${ids}::uuid[])`.execute(db);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Posted receipts with a supplier (any), newest first, by number or supplier code/name. */
export async function chargeableReceipts(db: Db, q: string) {
  const like = q ? likePattern(q) : null;
  const { rows } = await sql<{
    id: string;
    number: string;
    supplier: string | null;
    received_date: string;
    warehouse: string;
  }>`
    SELECT g.id, g.number, bp.code AS supplier, to_char(g.received_date, 'YYYY-MM-DD') AS received_date,
      w.code AS warehouse
    FROM goods_received_notes g
    JOIN business_partners bp ON bp.id = g.supplier_id
    JOIN warehouses w ON w.id = g.warehouse_id
    WHERE g.status = 'POSTED'
      ${like ? sql`AND (g.number ILIKE ${like} OR bp.code ILIKE ${like} OR bp.name ILIKE ${like})` : sql``}
    ORDER BY g.received_date DESC, g.number DESC
    LIMIT 50`.execute(db);
  return rows;
}
