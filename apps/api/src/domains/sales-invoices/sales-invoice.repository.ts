import { SALES_INVOICE_STATUSES, type SalesInvoiceFilter } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { dayEnd, dayStart } from '../../platform/business-day.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';
import { AWAITING_DISPATCH, isLateShipment } from './sales-invoice.late.ts';

/** SQL of sales invoices, their lines and the channels' VAT setting; the rules live in sales-invoice.service.ts. */

type Db = Kysely<Database>;

// References for the checks of an invoice

export async function findWarehouse(db: Db, id: string) {
  return db.selectFrom('warehouses').select(['id', 'code', 'name', 'active']).where('id', '=', id).executeTakeFirst();
}

export async function findCustomer(db: Db, id: string) {
  return db.selectFrom('customers').select(['id', 'name', 'email', 'active']).where('id', '=', id).executeTakeFirst();
}

/** The customer's default address of a kind (else the first of it). */
export async function findCustomerAddress(db: Db, customerId: string, kind: 'billing' | 'shipping') {
  return db
    .selectFrom('customer_addresses')
    .select(['line1', 'line2', 'city', 'county', 'postcode', 'country'])
    .where('customer_id', '=', customerId)
    .where('kind', '=', kind)
    .orderBy('is_default', 'desc')
    .orderBy('position')
    .executeTakeFirst();
}

export async function findProducts(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('products')
    .select(['id', 'sku', 'name', 'unit', 'kind', 'active', 'sale_price', 'vat_rate'])
    .where('id', 'in', ids)
    .execute();
}

export async function findCarrierService(db: Db, id: string) {
  return db
    .selectFrom('carrier_services as s')
    .innerJoin('shipping_carriers as c', 'c.id', 's.carrier_id')
    .select(['s.id', 's.code', 's.name', 's.active', 'c.active as carrier_active'])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** What a warehouse holds of products now: on hand and reserved (no row: nothing). */
export async function levelsOf(db: Db, warehouseId: string, productIds: string[]) {
  if (!productIds.length) return [];
  return db
    .selectFrom('stock_levels')
    .select(['product_id', 'on_hand', 'reserved'])
    .where('warehouse_id', '=', warehouseId)
    .where('product_id', 'in', productIds)
    .execute();
}

export async function warehouseAllowsNegative(db: Db, warehouseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('warehouse_configs')
    .select('allow_negative_stock')
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();
  return row?.allow_negative_stock ?? false;
}

// Channel settings

export async function channelSettings(db: Db) {
  return db.selectFrom('sales_channel_settings').select(['channel', 'prices_include_vat', 'dispatch_days']).execute();
}

/** Writes a channel's whole settings (the caller merged the change into what was there). */
export async function setChannelSetting(
  db: Db,
  channel: string,
  setting: { pricesIncludeVat: boolean; dispatchDays: number },
  userId: string,
) {
  const values = { prices_include_vat: setting.pricesIncludeVat, dispatch_days: setting.dispatchDays };
  await db
    .insertInto('sales_channel_settings')
    .values({ channel, ...values, updated_by: userId })
    .onConflict((oc) => oc.column('channel').doUpdateSet({ ...values, updated_by: userId, updated_at: sql`now()` }))
    .execute();
}

// Writes

export interface AddressWrite {
  name: string | null;
  line1: string;
  line2: string | null;
  city: string;
  county: string | null;
  postcode: string | null;
  country: string;
}

export interface InvoiceWrite {
  channel: string;
  externalOrderId: string | null;
  customerId: string;
  email: string | null;
  billing: AddressWrite;
  delivery: AddressWrite;
  warehouseId: string;
  currency: string;
  exchangeRate: string;
  invoiceDate: string;
  taxPointDate: string;
  pricesIncludeVat: boolean;
  shippingCharge: string;
  shippingVatCode: string;
  shippingNet: string;
  shippingVat: string;
  carrierServiceId: string | null;
  paymentType: string | null;
  paymentReference: string;
  note: string;
  netTotal: string;
  vatTotal: string;
  grossTotal: string;
  lineCount: number;
  totalQuantity: string;
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
}

/** An invoice's head as its row's columns (the form's create and edit, and the Excel upload's batches). */
export function headValues(o: InvoiceWrite) {
  return {
    channel: o.channel,
    external_order_id: o.externalOrderId,
    customer_id: o.customerId,
    email: o.email,
    billing_name: o.billing.name,
    billing_line1: o.billing.line1,
    billing_line2: o.billing.line2,
    billing_city: o.billing.city,
    billing_county: o.billing.county,
    billing_postcode: o.billing.postcode,
    billing_country: o.billing.country,
    delivery_name: o.delivery.name,
    delivery_line1: o.delivery.line1,
    delivery_line2: o.delivery.line2,
    delivery_city: o.delivery.city,
    delivery_county: o.delivery.county,
    delivery_postcode: o.delivery.postcode,
    delivery_country: o.delivery.country,
    warehouse_id: o.warehouseId,
    currency: o.currency,
    exchange_rate: o.exchangeRate,
    invoice_date: o.invoiceDate,
    tax_point_date: o.taxPointDate,
    prices_include_vat: o.pricesIncludeVat,
    shipping_charge: o.shippingCharge,
    shipping_vat_code: o.shippingVatCode,
    shipping_net: o.shippingNet,
    shipping_vat: o.shippingVat,
    carrier_service_id: o.carrierServiceId,
    payment_type: o.paymentType,
    payment_reference: o.paymentReference,
    note: o.note,
    net_total: o.netTotal,
    vat_total: o.vatTotal,
    gross_total: o.grossTotal,
    line_count: o.lineCount,
    total_quantity: o.totalQuantity,
  };
}

/**
 * Inserts the invoice unless its channel's order id is taken: the unique index decides (a concurrent insert of the
 * same order waits for the first to commit, then finds it there), so the answer is undefined rather than an error
 * that would abort the transaction.
 */
export async function insertInvoice(db: Db, number: string, o: InvoiceWrite, userId: string) {
  const row = await db
    .insertInto('sales_invoices')
    .values({ number, ...headValues(o), short_quantity: '0', created_by: userId })
    .onConflict((oc) =>
      oc.columns(['channel', 'external_order_id']).where('external_order_id', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function updateInvoice(db: Db, id: string, o: InvoiceWrite) {
  await db
    .updateTable('sales_invoices')
    .set({ ...headValues(o), short_quantity: '0', updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The invoice a channel's order already is. */
export async function findByExternalOrder(db: Db, channel: string, externalOrderId: string) {
  return db
    .selectFrom('sales_invoices')
    .select(['id', 'number', 'status', 'channel', 'external_order_id'])
    .where('channel', '=', channel)
    .where('external_order_id', '=', externalOrderId)
    .executeTakeFirst();
}

/** A line as its row's columns, with no shortage recorded. */
export function lineValues(invoiceId: string, l: LineWrite) {
  return {
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
    short_quantity: '0',
  };
}

/** Replaces a PENDING invoice's lines with these. */
export async function replaceLines(db: Db, invoiceId: string, lines: LineWrite[]) {
  await db.deleteFrom('sales_invoice_lines').where('invoice_id', '=', invoiceId).execute();
  if (!lines.length) return;
  await db
    .insertInto('sales_invoice_lines')
    .values(lines.map((l) => lineValues(invoiceId, l)))
    .execute();
}

/** Each line's recorded shortage (lines not named: none) and their sum on the invoice. */
export async function setShortages(db: Db, invoiceId: string, shortages: Map<number, string>) {
  const lineNos = [...shortages.keys()];
  const amounts = lineNos.map((n) => shortages.get(n) as string);
  await db
    .updateTable('sales_invoice_lines')
    .set({ short_quantity: '0' })
    .where('invoice_id', '=', invoiceId)
    .execute();
  if (lineNos.length)
    await sql`
      UPDATE sales_invoice_lines l SET short_quantity = s.q
      FROM unnest(${lineNos}::int[], ${amounts}::numeric[]) AS s(n, q)
      WHERE l.invoice_id = ${invoiceId} AND l.line_no = s.n`.execute(db);
  await sql`
    UPDATE sales_invoices SET updated_at = now(),
      short_quantity = (SELECT coalesce(sum(short_quantity), 0) FROM sales_invoice_lines WHERE invoice_id = ${invoiceId})
    WHERE id = ${invoiceId}`.execute(db);
}

/** Booked: each line's reservation, no shortage left. */
export async function markBooked(db: Db, invoiceId: string, reservations: Map<number, string>, userId: string) {
  const lineNos = [...reservations.keys()];
  const ids = lineNos.map((n) => reservations.get(n) as string);
  await db
    .updateTable('sales_invoice_lines')
    .set({ short_quantity: '0' })
    .where('invoice_id', '=', invoiceId)
    .execute();
  if (lineNos.length)
    await sql`
      UPDATE sales_invoice_lines l SET reservation_id = s.r
      FROM unnest(${lineNos}::int[], ${ids}::uuid[]) AS s(n, r)
      WHERE l.invoice_id = ${invoiceId} AND l.line_no = s.n`.execute(db);
  await db
    .updateTable('sales_invoices')
    .set({ status: 'BOOKED', booked_at: sql`now()`, booked_by: userId, short_quantity: '0', updated_at: sql`now()` })
    .where('id', '=', invoiceId)
    .execute();
}

export async function markCanceled(db: Db, id: string, userId: string, reason: string) {
  await db
    .updateTable('sales_invoices')
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

// Reads

const HEAD_COLUMNS = [
  'i.id',
  'i.number',
  'i.status',
  'i.channel',
  'i.external_order_id',
  'i.customer_id',
  'c.name as customer_name',
  'c.email as customer_email',
  'i.email',
  'i.warehouse_id',
  'w.code as warehouse_code',
  'w.name as warehouse_name',
  'i.currency',
  'i.exchange_rate',
  'i.invoice_date',
  'i.tax_point_date',
  'i.prices_include_vat',
  'i.payment_type',
  'i.payment_reference',
  'i.net_total',
  'i.vat_total',
  'i.gross_total',
  'i.line_count',
  'i.total_quantity',
  'i.short_quantity',
  'i.delivery_name',
  'i.delivery_postcode',
  'i.carrier_service_id',
  'cs.code as carrier_service_code',
  'cs.name as carrier_service_name',
  'sc.id as carrier_id',
  'sc.code as carrier_code',
  'sc.name as carrier_name',
  'i.created_at',
  'i.updated_at',
  'i.booked_at',
] as const;

function headBase(db: Db) {
  return db
    .selectFrom('sales_invoices as i')
    .innerJoin('customers as c', 'c.id', 'i.customer_id')
    .innerJoin('warehouses as w', 'w.id', 'i.warehouse_id')
    .leftJoin('carrier_services as cs', 'cs.id', 'i.carrier_service_id')
    .leftJoin('shipping_carriers as sc', 'sc.id', 'cs.carrier_id');
}

export async function findInvoice(db: Db, id: string) {
  return headBase(db)
    .leftJoin('users as cu', 'cu.id', 'i.created_by')
    .leftJoin('users as bu', 'bu.id', 'i.booked_by')
    .leftJoin('users as xu', 'xu.id', 'i.canceled_by')
    .select([
      ...HEAD_COLUMNS,
      'i.billing_name',
      'i.billing_line1',
      'i.billing_line2',
      'i.billing_city',
      'i.billing_county',
      'i.billing_postcode',
      'i.billing_country',
      'i.delivery_line1',
      'i.delivery_line2',
      'i.delivery_city',
      'i.delivery_county',
      'i.delivery_country',
      'i.shipping_charge',
      'i.shipping_vat_code',
      'i.shipping_net',
      'i.shipping_vat',
      'i.note',
      'i.created_by',
      'cu.username as created_by_name',
      'i.booked_by',
      'bu.username as booked_by_name',
      'i.canceled_at',
      'i.canceled_by',
      'xu.username as canceled_by_name',
      'i.cancel_reason',
    ])
    .where('i.id', '=', id)
    .executeTakeFirst();
}
export type InvoiceHead = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;

/** Lines of invoices in line order, with their product and reservation. */
export async function findLines(db: Db, invoiceIds: string[]) {
  if (!invoiceIds.length) return [];
  return db
    .selectFrom('sales_invoice_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('stock_reservations as r', 'r.id', 'l.reservation_id')
    .select([
      'l.id',
      'l.invoice_id',
      'l.line_no',
      'l.product_id',
      'p.sku',
      'p.name',
      'p.unit',
      'p.kind',
      'l.quantity',
      'l.unit_price',
      'l.discount_percent',
      'l.vat_code',
      'l.vat_rate',
      'l.net_amount',
      'l.vat_amount',
      'l.gross_amount',
      'l.short_quantity',
      'l.reservation_id',
      'r.status as reservation_status',
      'r.open_quantity as reservation_open',
      'r.short_quantity as reservation_short',
    ])
    .where('l.invoice_id', 'in', invoiceIds)
    .orderBy('l.invoice_id')
    .orderBy('l.line_no')
    .execute();
}
export type LineRow = Awaited<ReturnType<typeof findLines>>[number];

// The list

const SORTS = {
  number: 'i.number',
  status: 'i.status',
  channel: 'i.channel',
  invoiceDate: 'i.invoice_date',
  createdAt: 'i.created_at',
  customer: 'c.name',
  warehouse: 'w.code',
  grossTotal: 'i.gross_total',
  externalOrderId: 'i.external_order_id',
} as const;

/**
 * What a search looks in: the invoice's number and external order id, its search text (its e-mail, billing and
 * delivery names and its customer's name and e-mail, kept by the database: migration 0052), and its lines' SKUs.
 */
const invoiceArm = (pattern: string, i = sql.raw('')) =>
  sql<boolean>`(${i}number ILIKE ${pattern} OR ${i}external_order_id ILIKE ${pattern} OR ${i}search_text ILIKE ${pattern})`;

/** The invoices whose number, external order id, names or e-mails, or a line's SKU holds `text`. */
function searchIds(text: string) {
  const pattern = likePattern(text);
  // Each arm is served by trigram indexes: the invoices' three (one bitmap OR), the products' SKU then the lines of
  // those products.
  return sql`
    SELECT id FROM sales_invoices WHERE ${invoiceArm(pattern)}
    UNION SELECT l.invoice_id FROM products p JOIN sales_invoice_lines l ON l.product_id = p.id
      WHERE p.sku ILIKE ${pattern}`;
}

/**
 * A search's matches, up to `cap` + 1 of them, read from the trigram indexes (each arm stops at the cap). `broad`:
 * there are more than `cap`, and `ids` are only some of them; else `ids` are all. `skus`: a product's SKU matches.
 */
export async function searchProbe(db: Db, text: string, cap: number) {
  const pattern = likePattern(text);
  const probe = (tx: Db) =>
    sql<{ id: string; arm: number }>`
    (SELECT id, 1 AS arm FROM sales_invoices WHERE ${invoiceArm(pattern)} LIMIT ${cap + 1})
    UNION ALL
    (SELECT l.invoice_id, 2 FROM products p JOIN sales_invoice_lines l ON l.product_id = p.id
      WHERE p.sku ILIKE ${pattern} LIMIT ${cap + 1})`.execute(tx);
  // The trigram indexes, whenever the text has a trigram (three letters or digits in a row): for a common word the
  // planner expects the LIMIT to be met soon by reading the table in order and testing each invoice, several times
  // slower than the indexes' bitmap (about 40 ms against 15 at a million lines). A shorter text has no trigram to
  // look up (the index would be read whole): the planner chooses. SET LOCAL holds for this transaction only.
  const { rows } =
    db.isTransaction || !/[\p{L}\p{N}]{3}/u.test(text)
      ? await probe(db)
      : await db.transaction().execute(async (tx) => {
          await sql`SET LOCAL enable_seqscan = off`.execute(tx);
          return probe(tx);
        });
  const ids = [...new Set(rows.map((r) => r.id))];
  const perArm = (arm: number) => rows.filter((r) => r.arm === arm).length;
  return { ids, broad: perArm(1) > cap || perArm(2) > cap, skus: perArm(2) > 0 };
}
export type SearchProbe = Awaited<ReturnType<typeof searchProbe>>;

/**
 * How the list meets a search: among the matches a probe found (all of them), or, when there are more than the probe
 * took, by walking the filter's invoices in the list's order and keeping those that match (a page of a broad search
 * is found among the first few hundred invoices, where taking every match first would read thousands).
 */
export type SearchWay = { ids: readonly string[] } | { walk: string; skus: boolean };

function walkMatch(text: string, skus: boolean) {
  const pattern = likePattern(text);
  const onInvoice = invoiceArm(pattern, sql.raw('i.'));
  if (!skus) return onInvoice;
  return sql<boolean>`(${onInvoice} OR EXISTS (SELECT 1 FROM sales_invoice_lines l JOIN products p ON p.id = l.product_id
    WHERE l.invoice_id = i.id AND p.sku ILIKE ${pattern}))`;
}

/**
 * The filter on the invoices table alone (no joins), so counts read one table; search (`q`) is left to the callers
 * (`searchIds`), which take its matches once. For a page (`bounded`), a date range also bounds the creation instants
 * by the latest of the range's invoices (read from one index): a no-op for the result, but the newest-first walk then
 * starts where the range's invoices are instead of reading every later invoice first.
 */
function filtered(db: Db, f: SalesInvoiceFilter, withStatus = true, bounded = false) {
  let query = db.selectFrom('sales_invoices as i');
  if (withStatus && f.status) query = query.where('i.status', '=', f.status);
  if (f.channel) query = query.where('i.channel', '=', f.channel);
  if (f.warehouseId) query = query.where('i.warehouse_id', '=', f.warehouseId);
  if (f.customerId) query = query.where('i.customer_id', '=', f.customerId);
  if (f.from) query = query.where('i.invoice_date', '>=', f.from);
  if (f.to) query = query.where('i.invoice_date', '<=', f.to);
  if (bounded && (f.from || f.to)) {
    const range = sql.join(
      [
        ...(f.from ? [sql`d.invoice_date >= ${f.from}::date`] : []),
        ...(f.to ? [sql`d.invoice_date <= ${f.to}::date`] : []),
      ],
      sql` AND `,
    );
    query = query.where(
      // OFFSET 0 keeps the bound a scan of the range's (invoice_date, created_at) entries: as a plain max() the planner
      // would walk the creation index from its end. Only the upper bound: with both, the planner takes the range for
      // a few rows and sorts all of its invoices (30 ms for a month at a million lines) instead of walking (5 ms).
      sql<boolean>`i.created_at <=
        (SELECT max(created_at) FROM (SELECT d.created_at FROM sales_invoices d WHERE ${range} OFFSET 0) d)`,
    );
  }
  if (f.shortage === 'true') query = query.where('i.short_quantity', '>', '0');
  if (f.shortage === 'false') query = query.where('i.short_quantity', '=', '0');
  // London days of the shipment, as instants: the index sales_invoices_shipped_at serves the range.
  if (f.shippedFrom) query = query.where(sql<boolean>`i.shipped_at >= ${dayStart(f.shippedFrom)}`);
  if (f.shippedTo) query = query.where(sql<boolean>`i.shipped_at < ${dayEnd(f.shippedTo)}`);
  if (f.late === 'true') {
    // A status that cannot be late (a tab's count, say) is answered without reading a row.
    const status = withStatus ? f.status : undefined;
    query = query.where(
      status && !(AWAITING_DISPATCH as readonly string[]).includes(status) ? sql<boolean>`false` : isLateShipment('i'),
    );
  }
  if (f.late === 'false') query = query.where(sql<boolean>`NOT ${isLateShipment('i')}`);
  return query;
}

/**
 * The filter's invoices in its order (newest first by default), id last so that paging is stable. Without a search
 * the page walks the index of its sort (each filter has one starting with it); with one, the matches are taken first
 * and only they are sorted: walking the whole table in order to meet a handful of matches was the slow way. The
 * matches are looked up by id (`= ANY (ARRAY(…))`, the primary key's index), which the planner cannot turn into a
 * hash join over the whole table when it overestimates them.
 */
export async function findInvoices(db: Db, f: SalesInvoiceFilter, limit: number, offset: number, way?: SearchWay) {
  const sort = parseSort(f.sort, SORTS, { column: 'i.created_at', direction: 'desc' });
  const dir = sort.direction;
  const nulls = sort.column === 'i.external_order_id' ? sql.raw(' NULLS LAST') : sql.raw('');
  const order = sql`${sql.ref(sort.column)} ${sql.raw(dir)}${nulls}`;
  const base = filtered(db, f, true, true)
    .$if(sort.column === 'c.name', (q) => q.innerJoin('customers as c', 'c.id', 'i.customer_id'))
    .$if(sort.column === 'w.code', (q) => q.innerJoin('warehouses as w', 'w.id', 'i.warehouse_id'));
  let ids: string[];
  if (f.q && way && 'walk' in way) {
    const rows = await base
      .where(walkMatch(way.walk, way.skus))
      .select('i.id')
      .orderBy(order)
      .orderBy('i.id', dir)
      .limit(limit)
      .offset(offset)
      .execute();
    ids = rows.map((r) => r.id);
  } else if (f.q) {
    const matches = way && 'ids' in way ? sql`SELECT unnest(${way.ids}::uuid[]) AS id` : searchIds(f.q);
    const { rows } = await sql<{ id: string }>`
      WITH m AS MATERIALIZED (${matches}),
      k AS MATERIALIZED (${base
        .where(sql<boolean>`i.id = ANY (ARRAY(SELECT id FROM m))`)
        .select(['i.id', sql.ref(sort.column).as('k')])})
      SELECT id FROM k ORDER BY k ${sql.raw(dir)}${nulls}, id ${sql.raw(dir)} LIMIT ${limit} OFFSET ${offset}`.execute(
      db,
    );
    ids = rows.map((r) => r.id);
  } else {
    // The page's ids first from the invoices table (customers or warehouses joined only to sort by them), then their
    // heads: a deep page skips ids, not joined rows.
    const rows = await base.select('i.id').orderBy(order).orderBy('i.id', dir).limit(limit).offset(offset).execute();
    ids = rows.map((r) => r.id);
  }
  if (!ids.length) return [];
  return headBase(db)
    .select([...HEAD_COLUMNS])
    .where('i.id', 'in', ids)
    .orderBy(order)
    .orderBy('i.id', dir)
    .execute();
}
export type InvoiceListRow = Awaited<ReturnType<typeof findInvoices>>[number];

/**
 * How many invoices of the filter (its status aside) each status has. Without a search, each status is counted up to
 * `cap` + 1 and no further, one bounded count per status (planned with that status's own statistics), so a broad
 * filter reads at most about cap + 1 entries of each status instead of all of them. With one, its matches are taken
 * once and counted by status. A count above `cap` means "more than cap".
 */
export async function countByStatus(db: Db, f: SalesInvoiceFilter, cap: number, matches?: readonly string[]) {
  if (f.q && matches) {
    if (!matches.length) return new Map<string, number>();
    const rows = await filtered(db, f, false)
      .where('i.id', '=', sql<string>`ANY(${matches}::uuid[])`)
      .select(['i.status', sql<string>`count(*)`.as('n')])
      .groupBy('i.status')
      .execute();
    return new Map(rows.map((r) => [r.status, Number(r.n)]));
  }
  if (f.q) {
    const { rows } = await sql<{ status: string; n: string }>`
      WITH m AS MATERIALIZED (${searchIds(f.q)})
      ${filtered(db, f, false)
        .where(sql<boolean>`i.id = ANY (ARRAY(SELECT id FROM m))`)
        .select(['i.status', sql<string>`count(*)`.as('n')])
        .groupBy('i.status')}`.execute(db);
    return new Map(rows.map((r) => [r.status, Number(r.n)]));
  }
  const arms = SALES_INVOICE_STATUSES.map(
    (status) => sql<{ status: string; n: string }>`
      SELECT ${status}::text AS status, count(*) AS n
      FROM (${filtered(db, { ...f, status })
        .select(sql`1`.as('one'))
        .limit(cap + 1)}) x`,
  );
  const { rows } = await sql<{ status: string; n: string }>`${sql.join(arms, sql` UNION ALL `)}`.execute(db);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

// What refers to master data: it cannot be deleted while an invoice names it.

async function countWhere(
  db: Db,
  column: 'customer_id' | 'warehouse_id' | 'currency' | 'carrier_service_id',
  id: string,
): Promise<number> {
  const row = await db
    .selectFrom('sales_invoices')
    .select(sql<string>`count(*)`.as('n'))
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const countInvoicesOfCustomer = (db: Db, id: string) => countWhere(db, 'customer_id', id);
export const countInvoicesOfWarehouse = (db: Db, id: string) => countWhere(db, 'warehouse_id', id);
export const countInvoicesOfCurrency = (db: Db, code: string) => countWhere(db, 'currency', code);
export const countInvoicesOfCarrierService = (db: Db, id: string) => countWhere(db, 'carrier_service_id', id);

export async function countInvoicesOfCarrier(db: Db, carrierId: string): Promise<number> {
  const row = await db
    .selectFrom('sales_invoices as i')
    .innerJoin('carrier_services as s', 's.id', 'i.carrier_service_id')
    .select(sql<string>`count(*)`.as('n'))
    .where('s.carrier_id', '=', carrierId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countInvoicesOfProduct(db: Db, productId: string): Promise<number> {
  const row = await db
    .selectFrom('sales_invoice_lines')
    .select(sql<string>`count(DISTINCT invoice_id)`.as('n'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
