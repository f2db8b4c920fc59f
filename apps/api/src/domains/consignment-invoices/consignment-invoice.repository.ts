import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * SQL of consignment invoices: supplier invoices (purchase_invoices) of kind CONSIGNMENT with their lines per
 * product, the suppliers, the products a sheet names, the supplier's file and the saved Excel mappings. What is
 * owed (consignment_sales) is the stock area's (stock/consignment.repository.ts).
 */

type Db = Kysely<Database>;

export interface HeadRow {
  id: string;
  number: string;
  status: string;
  kind: string;
  supplier_id: string;
  supplier_code: string;
  supplier_name: string;
  supplier_invoice_number: string;
  invoice_date: string;
  due_date: string;
  period_from: string | null;
  period_to: string | null;
  currency: string;
  net_total: string;
  vat_total: string;
  gross_total: string;
  open_amount: string;
  upload_id: string | null;
  notes: string;
  difference_reason: string;
  cancel_reason: string;
  created_at: Date;
}

export async function findHead(db: Db, id: string): Promise<HeadRow | undefined> {
  const { rows } = await sql<HeadRow>`
    SELECT i.id, i.number, i.status, i.kind, i.supplier_id, bp.code AS supplier_code, bp.name AS supplier_name,
      i.supplier_invoice_number, to_char(i.invoice_date, 'YYYY-MM-DD') AS invoice_date,
      to_char(i.due_date, 'YYYY-MM-DD') AS due_date, to_char(i.period_from, 'YYYY-MM-DD') AS period_from,
      to_char(i.period_to, 'YYYY-MM-DD') AS period_to, i.currency, i.net_total::text AS net_total,
      i.vat_total::text AS vat_total, i.gross_total::text AS gross_total, i.open_amount::text AS open_amount,
      i.upload_id, i.notes, i.difference_reason, i.cancel_reason, i.created_at
    FROM purchase_invoices i JOIN business_partners bp ON bp.id = i.supplier_id
    WHERE i.id = ${id}`.execute(db);
  return rows[0];
}

export interface LineRow {
  line_no: number;
  product_id: string;
  sku: string;
  name: string;
  quantity: string;
  unit_price: string;
  vat_code: string;
  net_amount: string;
  vat_amount: string;
}

export async function findLines(db: Db, invoiceId: string): Promise<LineRow[]> {
  const { rows } = await sql<LineRow>`
    SELECT l.line_no, l.product_id, p.sku, p.name, l.quantity::text AS quantity, l.unit_price::text AS unit_price,
      l.vat_code, l.net_amount::text AS net_amount, l.vat_amount::text AS vat_amount
    FROM consignment_invoice_lines l JOIN products p ON p.id = l.product_id
    WHERE l.invoice_id = ${invoiceId} ORDER BY l.line_no`.execute(db);
  return rows;
}

export async function supplier(db: Db, id: string) {
  const { rows } = await sql<{
    id: string;
    code: string;
    name: string;
    payment_terms_days: number;
    active: boolean;
    is_consignment: boolean;
  }>`SELECT id, code, name, payment_terms_days, active, is_consignment FROM business_partners WHERE id = ${id}`.execute(
    db,
  );
  return rows[0];
}

/** Active suppliers, consignment partners first. */
export async function suppliers(db: Db) {
  const { rows } = await sql<{
    id: string;
    code: string;
    name: string;
    default_currency: string | null;
    is_consignment: boolean;
  }>`SELECT id, code, name, default_currency, is_consignment FROM business_partners WHERE active
    ORDER BY is_consignment DESC, code LIMIT 1000`.execute(db);
  return rows;
}

export async function productsByIds(db: Db, ids: readonly string[]) {
  if (!ids.length) return [];
  const { rows } = await sql<{ id: string; sku: string; name: string }>`
    SELECT id, sku, name FROM products WHERE id = ANY(${ids as string[]}::uuid[])`.execute(db);
  return rows;
}

/** Products by SKU (case ignored) or barcode (GTIN, 8 to 14 digits). */
export async function productsByCodes(db: Db, codes: readonly string[]) {
  if (!codes.length) return [];
  const upper = codes.map((c) => c.toUpperCase());
  const gtins = codes.filter((c) => /^\d{8,14}$/.test(c)).map((c) => c.padStart(14, '0'));
  const { rows } = await sql<{ code: string; id: string; sku: string; name: string }>`
    SELECT upper(p.sku) AS code, p.id, p.sku, p.name FROM products p WHERE upper(p.sku) = ANY(${upper}::text[])
    UNION ALL
    SELECT b.gtin AS code, p.id, p.sku, p.name FROM product_barcodes b JOIN products p ON p.id = b.product_id
    WHERE b.gtin = ANY(${gtins}::text[])`.execute(db);
  return rows;
}

/** The supplier's invoice not cancelled (of either kind) that carries this number, case ignored. */
export async function findBySupplierNumber(db: Db, supplierId: string, supplierNumber: string) {
  const { rows } = await sql<{ id: string; number: string; status: string }>`
    SELECT id, number, status FROM purchase_invoices
    WHERE supplier_id = ${supplierId} AND lower(supplier_invoice_number) = lower(${supplierNumber})
      AND status <> 'CANCELED'`.execute(db);
  return rows[0];
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

export async function uploadContent(db: Db, fileName: string) {
  const { rows } = await sql<{ id: string; kind: string; attached_entity: string | null; content: Buffer }>`
    SELECT id, kind, attached_entity, content FROM uploaded_files WHERE file_name = ${fileName}`.execute(db);
  return rows[0];
}

/** The file now belongs to the invoice (a supplier invoice, as the uploads area knows it). */
export async function attachUpload(db: Db, uploadId: string, invoiceId: string) {
  await sql`UPDATE uploaded_files SET attached_entity = 'purchase_invoice', attached_id = ${invoiceId}
    WHERE id = ${uploadId}`.execute(db);
}

export async function mappingColumns(db: Db, id: string, kind: string) {
  const row = await db
    .selectFrom('excel_mappings')
    .select(['columns'])
    .where('id', '=', id)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.columns as { field: string; header: string }[] | undefined;
}

export async function insertInvoice(
  db: Db,
  v: {
    number: string;
    supplierId: string;
    supplierInvoiceNumber: string;
    invoiceDate: string;
    dueDate: string;
    periodFrom: string;
    periodTo: string;
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
    (number, kind, supplier_id, supplier_invoice_number, invoice_date, due_date, period_from, period_to, currency,
     exchange_rate, net_total, vat_total, gross_total, open_amount, upload_id, notes, created_by)
    VALUES (${v.number}, 'CONSIGNMENT', ${v.supplierId}, ${v.supplierInvoiceNumber}, ${v.invoiceDate}, ${v.dueDate},
      ${v.periodFrom}, ${v.periodTo}, ${v.currency}, ${v.exchangeRate}, ${v.net}, ${v.vat}, ${v.gross}, ${v.gross},
      ${v.uploadId}, ${v.notes}, ${v.userId})
    RETURNING id`.execute(db);
  return rows[0]?.id as string;
}

export async function insertLines(
  db: Db,
  invoiceId: string,
  lines: {
    productId: string;
    quantity: string;
    unitPrice: string;
    vatCode: string;
    vatRate: string;
    net: string;
    vat: string;
  }[],
) {
  if (!lines.length) return;
  await db
    .insertInto('consignment_invoice_lines')
    .values(
      lines.map((l, i) => ({
        invoice_id: invoiceId,
        line_no: i + 1,
        product_id: l.productId,
        quantity: l.quantity,
        unit_price: l.unitPrice,
        vat_code: l.vatCode,
        vat_rate: l.vatRate,
        net_amount: l.net,
        vat_amount: l.vat,
      })),
    )
    .execute();
}

/** Held to the end of the transaction: bookings of one supplier's consignment invoices run one after another. */
export async function lockSupplierBookings(db: Db, supplierId: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`consignment-booking:${supplierId}`}, 0))`.execute(db);
}

export async function markBooked(db: Db, id: string, userId: string, reason: string) {
  await sql`UPDATE purchase_invoices SET status = 'BOOKED', booked_at = now(), approved_by = ${userId},
    difference_reason = ${reason}, updated_at = now() WHERE id = ${id}`.execute(db);
}

export async function markCanceled(db: Db, id: string, userId: string, reason: string) {
  await sql`UPDATE purchase_invoices SET status = 'CANCELED', canceled_at = now(), canceled_by = ${userId},
    cancel_reason = ${reason}, open_amount = 0, updated_at = now() WHERE id = ${id}`.execute(db);
}

export async function countLinesOfProduct(db: Db, id: string) {
  const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM consignment_invoice_lines
    WHERE product_id = ${id}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
