import type { PickListCandidateFilter, PickListListQuery } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { parseSort } from '../../platform/pagination.ts';

/** Pick lists: SQL only (the rules are in pick-list.service.ts). */

type Db = Kysely<Database>;

export async function findWarehouse(db: Db, id: string) {
  return db.selectFrom('warehouses').select(['id', 'code', 'name', 'active']).where('id', '=', id).executeTakeFirst();
}

// Candidates

type CandidateFilter = Omit<PickListCandidateFilter, 'warehouseId'> & { warehouseId: string };

function candidateWhere(f: CandidateFilter) {
  const parts = [
    sql`si.warehouse_id = ${f.warehouseId}`,
    sql`si.status = 'BOOKED'`,
    sql`NOT EXISTS (SELECT 1 FROM pick_list_invoices o WHERE o.invoice_id = si.id AND o.outcome IS NULL)`,
  ];
  if (f.channel) parts.push(sql`si.channel = ${f.channel}`);
  if (f.carrierId) parts.push(sql`cs.carrier_id = ${f.carrierId}`);
  if (f.from) parts.push(sql`si.invoice_date >= ${f.from}::date`);
  if (f.to) parts.push(sql`si.invoice_date <= ${f.to}::date`);
  if (f.lines === 'SINGLE') parts.push(sql`si.line_count = 1`);
  if (f.lines === 'MULTI') parts.push(sql`si.line_count > 1`);
  return sql.join(parts, sql` AND `);
}

export interface CandidateRow {
  id: string;
  number: string;
  channel: string;
  external_order_id: string | null;
  invoice_date: string;
  customer_name: string;
  carrier_name: string | null;
  carrier_service_name: string | null;
  line_count: number;
  total_quantity: string;
}

export async function findCandidates(db: Db, f: CandidateFilter, limit: number, offset: number) {
  const { rows } = await sql<CandidateRow>`
    SELECT si.id, si.number, si.channel, si.external_order_id, si.invoice_date::text AS invoice_date,
      c.name AS customer_name, sc.name AS carrier_name, cs.name AS carrier_service_name, si.line_count,
      si.total_quantity
    FROM sales_invoices si
    JOIN customers c ON c.id = si.customer_id
    LEFT JOIN carrier_services cs ON cs.id = si.carrier_service_id
    LEFT JOIN shipping_carriers sc ON sc.id = cs.carrier_id
    WHERE ${candidateWhere(f)}
    ORDER BY si.invoice_date, si.created_at, si.id
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows;
}

export async function countCandidates(db: Db, f: CandidateFilter): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM sales_invoices si LEFT JOIN carrier_services cs ON cs.id = si.carrier_service_id
    WHERE ${candidateWhere(f)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

// Invoices to put on a list

/** The invoices locked in id order (so two creates racing for the same ones never deadlock). */
export async function lockInvoices(db: Db, ids: string[]) {
  const { rows } = await sql<{
    id: string;
    number: string;
    status: string;
    warehouse_id: string;
    invoice_date: string;
    created_at: Date;
  }>`
    SELECT id, number, status, warehouse_id, invoice_date::text AS invoice_date, created_at
    FROM sales_invoices WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR UPDATE`.execute(db);
  return rows;
}

/** The open lists the invoices are on. */
export async function openMemberships(db: Db, invoiceIds: string[]) {
  if (!invoiceIds.length) return [];
  return db
    .selectFrom('pick_list_invoices as m')
    .innerJoin('pick_lists as p', 'p.id', 'm.pick_list_id')
    .select(['m.invoice_id', 'p.id', 'p.number'])
    .where('m.invoice_id', 'in', invoiceIds)
    .where('m.outcome', 'is', null)
    .execute();
}

export interface InvoiceLineRow {
  id: string;
  invoice_id: string;
  line_no: number;
  product_id: string;
  quantity: string;
  unit_price: string;
  discount_percent: string;
  vat_code: string;
  vat_rate: string;
  net_amount: string;
  vat_amount: string;
  gross_amount: string;
  reservation_id: string | null;
  kind: string;
}

export async function invoiceLines(db: Db, invoiceIds: string[]): Promise<InvoiceLineRow[]> {
  if (!invoiceIds.length) return [];
  return db
    .selectFrom('sales_invoice_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select([
      'l.id',
      'l.invoice_id',
      'l.line_no',
      'l.product_id',
      'l.quantity',
      'l.unit_price',
      'l.discount_percent',
      'l.vat_code',
      'l.vat_rate',
      'l.net_amount',
      'l.vat_amount',
      'l.gross_amount',
      'l.reservation_id',
      'p.kind',
    ])
    .where('l.invoice_id', 'in', invoiceIds)
    .orderBy('l.invoice_id')
    .orderBy('l.line_no')
    .execute();
}

/**
 * Each product's pick bin in the warehouse: the bin holding it, pickable bins first, by pick sequence then code (the
 * order the stock core takes stock in); products held in no bin have none.
 */
export async function pickBins(db: Db, warehouseId: string, productIds: string[]) {
  if (!productIds.length) return new Map<string, string>();
  const { rows } = await sql<{ product_id: string; location_id: string }>`
    SELECT DISTINCT ON (b.product_id) b.product_id, b.location_id
    FROM stock_bin_balances b JOIN warehouse_locations l ON l.id = b.location_id
    WHERE b.warehouse_id = ${warehouseId} AND b.product_id = ANY(${productIds}::uuid[]) AND b.on_hand > 0
    ORDER BY b.product_id, l.pickable DESC, l.pick_sequence, l.code`.execute(db);
  return new Map(rows.map((r) => [r.product_id, r.location_id]));
}

export async function insertPickList(
  db: Db,
  v: {
    number: string;
    warehouseId: string;
    note: string;
    invoiceCount: number;
    lineCount: number;
    required: string;
    userId: string;
  },
) {
  const row = await db
    .insertInto('pick_lists')
    .values({
      number: v.number,
      warehouse_id: v.warehouseId,
      note: v.note,
      invoice_count: v.invoiceCount,
      line_count: v.lineCount,
      required_quantity: v.required,
      created_by: v.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertLines(
  db: Db,
  pickListId: string,
  lines: { productId: string; locationId: string | null; required: string }[],
) {
  if (!lines.length) return;
  await db
    .insertInto('pick_list_lines')
    .values(
      lines.map((l) => ({
        pick_list_id: pickListId,
        product_id: l.productId,
        location_id: l.locationId,
        required: l.required,
      })),
    )
    .execute();
}

export async function insertMembers(db: Db, pickListId: string, invoiceIds: string[]) {
  await db
    .insertInto('pick_list_invoices')
    .values(invoiceIds.map((id, i) => ({ pick_list_id: pickListId, invoice_id: id, seq: i + 1 })))
    .execute();
}

export async function insertItems(
  db: Db,
  pickListId: string,
  items: { invoiceId: string; invoiceLineId: string; lineNo: number; productId: string; quantity: string }[],
) {
  if (!items.length) return;
  await db
    .insertInto('pick_list_items')
    .values(
      items.map((i) => ({
        pick_list_id: pickListId,
        invoice_id: i.invoiceId,
        invoice_line_id: i.invoiceLineId,
        line_no: i.lineNo,
        product_id: i.productId,
        quantity: i.quantity,
      })),
    )
    .execute();
}

/** The invoices' status and list (PROCESSING on the list; BOOKED or READY_FOR_DELIVERY off it). */
export async function setInvoicesStatus(db: Db, ids: string[], status: string, pickListId: string | null) {
  if (!ids.length) return;
  await db
    .updateTable('sales_invoices')
    .set({ status, pick_list_id: pickListId, updated_at: sql`now()` })
    .where('id', 'in', ids)
    .execute();
}

// Reading a list

export async function findPickList(db: Db, id: string) {
  return db
    .selectFrom('pick_lists as p')
    .innerJoin('warehouses as w', 'w.id', 'p.warehouse_id')
    .leftJoin('users as cu', 'cu.id', 'p.created_by')
    .leftJoin('users as fu', 'fu.id', 'p.confirmed_by')
    .selectAll('p')
    .select([
      'w.code as warehouse_code',
      'w.name as warehouse_name',
      'cu.username as created_by_name',
      'fu.username as confirmed_by_name',
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
}
export type PickListHead = NonNullable<Awaited<ReturnType<typeof findPickList>>>;

export async function findLines(db: Db, pickListId: string) {
  const { rows } = await sql<{
    id: string;
    product_id: string;
    sku: string;
    name: string;
    unit: string;
    barcode: string | null;
    location_id: string | null;
    location_code: string | null;
    pick_sequence: number | null;
    required: string;
    picked: string;
  }>`
    SELECT pl.id, pl.product_id, p.sku, p.name, p.unit,
      (SELECT b.barcode FROM product_barcodes b WHERE b.product_id = p.id ORDER BY b.position LIMIT 1) AS barcode,
      pl.location_id, l.code AS location_code, l.pick_sequence, pl.required, pl.picked
    FROM pick_list_lines pl
    JOIN products p ON p.id = pl.product_id
    LEFT JOIN warehouse_locations l ON l.id = pl.location_id
    WHERE pl.pick_list_id = ${pickListId}
    ORDER BY pl.location_id IS NULL, l.pick_sequence, l.code, p.sku`.execute(db);
  return rows;
}

export async function findItems(db: Db, pickListId: string) {
  return db
    .selectFrom('pick_list_items as i')
    .innerJoin('sales_invoices as si', 'si.id', 'i.invoice_id')
    .select([
      'i.id',
      'i.invoice_id',
      'i.invoice_line_id',
      'i.line_no',
      'i.product_id',
      'i.quantity',
      'i.allocated',
      'si.number',
    ])
    .where('i.pick_list_id', '=', pickListId)
    .execute();
}

export async function findMembers(db: Db, pickListId: string) {
  return db
    .selectFrom('pick_list_invoices as m')
    .innerJoin('sales_invoices as si', 'si.id', 'm.invoice_id')
    .innerJoin('customers as c', 'c.id', 'si.customer_id')
    .leftJoin('sales_invoices as bo', 'bo.id', 'm.backorder_id')
    .select([
      'm.invoice_id',
      'm.seq',
      'm.outcome',
      'm.backorder_id',
      'bo.number as backorder_number',
      'si.number',
      'si.status',
      'si.channel',
      sql<string>`si.invoice_date::text`.as('invoice_date'),
      'si.created_at',
      'si.total_quantity',
      'c.name as customer_name',
    ])
    .where('m.pick_list_id', '=', pickListId)
    .orderBy('m.seq')
    .execute();
}

// The list page

function listWhere(q: PickListListQuery, withStatus: boolean) {
  const parts = [sql`true`];
  if (withStatus && q.status) parts.push(sql`p.status = ${q.status}`);
  if (q.warehouseId) parts.push(sql`p.warehouse_id = ${q.warehouseId}`);
  if (q.invoiceId)
    parts.push(
      sql`EXISTS (SELECT 1 FROM pick_list_invoices m WHERE m.pick_list_id = p.id AND m.invoice_id = ${q.invoiceId})`,
    );
  if (q.from) parts.push(sql`p.created_at >= (${q.from}::date AT TIME ZONE 'Europe/London')`);
  if (q.to) parts.push(sql`p.created_at < ((${q.to}::date + 1) AT TIME ZONE 'Europe/London')`);
  if (q.q) parts.push(sql`p.number ILIKE ${`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  return sql.join(parts, sql` AND `);
}

const SORTS = {
  number: 'p.number',
  status: 'p.status',
  createdAt: 'p.created_at',
  warehouse: 'w.code',
} as const;

export interface ListRow {
  id: string;
  number: string;
  status: string;
  warehouse_id: string;
  warehouse_code: string;
  warehouse_name: string;
  note: string;
  short_pick: string | null;
  invoice_count: number;
  line_count: number;
  required_quantity: string;
  picked_quantity: string;
  created_at: Date;
  created_by: string | null;
  created_by_name: string | null;
  confirmed_at: Date | null;
  confirmed_by: string | null;
  confirmed_by_name: string | null;
  canceled_at: Date | null;
}

export async function findPickLists(db: Db, q: PickListListQuery, limit: number, offset: number) {
  // An unknown field (a prototype key included) is refused with 400 naming the sortable ones.
  const { column, direction } = parseSort(q.sort, SORTS, { column: 'p.created_at', direction: 'desc' });
  const desc = direction === 'desc';
  const { rows } = await sql<ListRow>`
    SELECT p.id, p.number, p.status, p.warehouse_id, w.code AS warehouse_code, w.name AS warehouse_name, p.note,
      p.short_pick, p.invoice_count, p.line_count, p.required_quantity, p.picked_quantity, p.created_at, p.created_by,
      cu.username AS created_by_name, p.confirmed_at, p.confirmed_by, fu.username AS confirmed_by_name, p.canceled_at
    FROM pick_lists p
    JOIN warehouses w ON w.id = p.warehouse_id
    LEFT JOIN users cu ON cu.id = p.created_by
    LEFT JOIN users fu ON fu.id = p.confirmed_by
    WHERE ${listWhere(q, true)}
    ORDER BY ${sql.raw(column)} ${sql.raw(desc ? 'DESC' : 'ASC')}, p.id ${sql.raw(desc ? 'DESC' : 'ASC')}
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows;
}

export async function countPickLists(db: Db, q: PickListListQuery): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM pick_lists p WHERE ${listWhere(q, true)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function countByStatus(db: Db, q: PickListListQuery) {
  const { rows } = await sql<{ status: string; n: string }>`
    SELECT p.status, count(*) AS n FROM pick_lists p WHERE ${listWhere(q, false)} GROUP BY p.status`.execute(db);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

// Scanning

/** A product of the list by what a scanner reads: its SKU (whatever the case) or one of its barcodes. */
export async function findLineByCode(db: Db, pickListId: string, code: string) {
  const { rows } = await sql<{ id: string; product_id: string; sku: string; required: string; picked: string }>`
    SELECT pl.id, pl.product_id, p.sku, pl.required, pl.picked
    FROM pick_list_lines pl JOIN products p ON p.id = pl.product_id
    WHERE pl.pick_list_id = ${pickListId}
      AND (upper(p.sku) = ${code.toUpperCase()}
        OR (${/^\d{8,14}$/.test(code)} AND EXISTS (
          SELECT 1 FROM product_barcodes b WHERE b.product_id = p.id AND b.gtin = ${code.padStart(14, '0')})))
    LIMIT 1
    FOR UPDATE OF pl`.execute(db);
  return rows[0];
}

export async function setPicked(db: Db, lineId: string, picked: string) {
  await db.updateTable('pick_list_lines').set({ picked }).where('id', '=', lineId).execute();
}

export async function refreshPickedTotal(db: Db, pickListId: string) {
  await sql`
    UPDATE pick_lists SET picked_quantity = (SELECT coalesce(sum(picked), 0) FROM pick_list_lines
      WHERE pick_list_id = ${pickListId}), updated_at = now()
    WHERE id = ${pickListId}`.execute(db);
}

// Confirming and cancelling

export async function setAllocated(db: Db, items: { id: string; allocated: string }[]) {
  for (const i of items)
    await db.updateTable('pick_list_items').set({ allocated: i.allocated }).where('id', '=', i.id).execute();
}

export async function setOutcome(
  db: Db,
  pickListId: string,
  invoiceId: string,
  outcome: string,
  backorderId: string | null = null,
) {
  await db
    .updateTable('pick_list_invoices')
    .set({ outcome, backorder_id: backorderId })
    .where('pick_list_id', '=', pickListId)
    .where('invoice_id', '=', invoiceId)
    .execute();
}

export async function markConfirmed(db: Db, id: string, shortPick: string, userId: string) {
  await db
    .updateTable('pick_lists')
    .set({
      status: 'CONFIRMED',
      short_pick: shortPick,
      confirmed_at: sql`now()`,
      confirmed_by: userId,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function markCanceled(db: Db, id: string, userId: string) {
  await db
    .updateTable('pick_lists')
    .set({ status: 'CANCELED', canceled_at: sql`now()`, canceled_by: userId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

// Back-orders (a PARTIAL pick)

/** A copy of the invoice's head as a new BOOKED invoice with no lines yet, no external order id and no shipping. */
export async function insertBackorder(db: Db, originalId: string, number: string, userId: string) {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO sales_invoices (number, status, channel, external_order_id, customer_id, email,
      billing_name, billing_line1, billing_line2, billing_city, billing_county, billing_postcode, billing_country,
      delivery_name, delivery_line1, delivery_line2, delivery_city, delivery_county, delivery_postcode, delivery_country,
      warehouse_id, currency, exchange_rate, invoice_date, tax_point_date, prices_include_vat, shipping_charge,
      shipping_vat_code, shipping_net, shipping_vat, carrier_service_id, payment_type, payment_reference, note,
      created_by, booked_at, booked_by, backorder_of)
    SELECT ${number}, 'BOOKED', channel, NULL, customer_id, email,
      billing_name, billing_line1, billing_line2, billing_city, billing_county, billing_postcode, billing_country,
      delivery_name, delivery_line1, delivery_line2, delivery_city, delivery_county, delivery_postcode, delivery_country,
      warehouse_id, currency, exchange_rate, invoice_date, tax_point_date, prices_include_vat, 0,
      shipping_vat_code, 0, 0, carrier_service_id, payment_type, payment_reference,
      left('Back-order of ' || number || CASE WHEN note = '' THEN '' ELSE E'\\n' || note END, 2000),
      ${userId}, now(), ${userId}, id
    FROM sales_invoices WHERE id = ${originalId}
    RETURNING id`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`sales invoice ${originalId} vanished`);
  return row.id;
}

export interface LineWrite {
  lineNo: number;
  productId: string;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  vatCode: string;
  vatRate: string;
  netAmount: string;
  vatAmount: string;
  grossAmount: string;
  reservationId: string | null;
}

export async function insertInvoiceLines(db: Db, invoiceId: string, lines: LineWrite[]) {
  if (!lines.length) return;
  await db
    .insertInto('sales_invoice_lines')
    .values(
      lines.map((l) => ({
        invoice_id: invoiceId,
        line_no: l.lineNo,
        product_id: l.productId,
        quantity: l.quantity,
        unit_price: l.unitPrice,
        discount_percent: l.discountPercent,
        vat_code: l.vatCode,
        vat_rate: l.vatRate,
        net_amount: l.netAmount,
        vat_amount: l.vatAmount,
        gross_amount: l.grossAmount,
        reservation_id: l.reservationId,
      })),
    )
    .execute();
}

export async function updateInvoiceLine(
  db: Db,
  id: string,
  l: { quantity: string; netAmount: string; vatAmount: string; grossAmount: string },
) {
  await db
    .updateTable('sales_invoice_lines')
    .set({ quantity: l.quantity, net_amount: l.netAmount, vat_amount: l.vatAmount, gross_amount: l.grossAmount })
    .where('id', '=', id)
    .execute();
}

export async function deleteInvoiceLine(db: Db, id: string) {
  await db.deleteFrom('sales_invoice_lines').where('id', '=', id).execute();
}

export async function invoiceForTotals(db: Db, id: string) {
  return db
    .selectFrom('sales_invoices')
    .select(['id', 'number', 'prices_include_vat', 'shipping_charge', 'shipping_vat_code'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function setInvoiceTotals(
  db: Db,
  id: string,
  t: {
    netTotal: string;
    vatTotal: string;
    grossTotal: string;
    shippingNet: string;
    shippingVat: string;
    lineCount: number;
    totalQuantity: string;
  },
) {
  await db
    .updateTable('sales_invoices')
    .set({
      net_total: t.netTotal,
      vat_total: t.vatTotal,
      gross_total: t.grossTotal,
      shipping_net: t.shippingNet,
      shipping_vat: t.shippingVat,
      line_count: t.lineCount,
      total_quantity: t.totalQuantity,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}
