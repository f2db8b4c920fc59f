import {
  ALL_PERMISSIONS,
  type Page,
  PurchaseInvoice,
  type PurchaseInvoiceSummary,
  PurchaseOrder,
  type PurchaseOrderSummary,
} from '@backoffice/contracts';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePurchasingData, LINES_PER_ORDER } from '../bench/purchasing-data.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

/**
 * The purchasing bench's data generator (bench/purchasing-data.ts) at a small size: what it writes must be what the
 * purchasing services would have kept (totals the sums of lines rounded per line, received and invoiced quantities,
 * numbers in the year's sequence), and the API must read it as its own, so that the bench times real lists.
 */
let ta: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  admin = (await clientWith(ta, ALL_PERMISSIONS)).api;
}, 120_000);
afterAll(() => ta.close());

const count = async (
  table: 'purchase_orders' | 'purchase_order_lines' | 'purchase_invoices' | 'purchase_invoice_lines',
) => Number((await ta.t.db.selectFrom(table).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
const mismatches = async (query: RawBuilder<{ n: string }>) => Number((await query.execute(ta.t.db)).rows[0]?.n);

describe('purchasing bench data', () => {
  it('writes orders and invoices that add up and that the API lists and opens', async () => {
    const data = await generatePurchasingData(ta.t.db, { orders: 400, invoices: 420 });
    expect(await count('purchase_orders')).toBe(400);
    expect(await count('purchase_order_lines')).toBe(400 * LINES_PER_ORDER);
    expect(data.orderLines).toBe(400 * LINES_PER_ORDER);
    expect(await count('purchase_invoices')).toBe(420);
    expect(await count('purchase_invoice_lines')).toBe(420 * LINES_PER_ORDER);
    expect(data.invoiceLines).toBe(420 * LINES_PER_ORDER);
    for (const type of ['PRIOR_ORDER_PO', 'INVOICE_ORDER_PO', 'CONSIGNMENT_PO', 'SEND_INVENTORY'])
      expect(data.ordersByType[type] ?? 0).toBeGreaterThan(0);
    for (const status of ['APPROVED', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CLOSED'])
      expect(data.ordersByStatus[status] ?? 0).toBeGreaterThan(0);
    for (const status of ['PENDING', 'BOOKED', 'PROCESSED'])
      expect(data.invoicesByStatus[status] ?? 0).toBeGreaterThan(0);

    // Lines priced as the services price them (net rounded, then VAT on it, half up), totals their sums.
    expect(
      await mismatches(sql`
        SELECT count(*) AS n FROM purchase_order_lines
        WHERE net_amount <> round(quantity * unit_cost * (1 - discount_percent / 100), 2)
          OR vat_amount <> round(net_amount * vat_rate / 100, 2)`),
    ).toBe(0);
    expect(
      await mismatches(sql`
        SELECT count(*) AS n FROM purchase_orders o
        JOIN (SELECT order_id, sum(net_amount) AS net, sum(vat_amount) AS vat FROM purchase_order_lines GROUP BY 1) l
          ON l.order_id = o.id
        WHERE o.net_total <> l.net OR o.vat_total <> l.vat`),
    ).toBe(0);
    expect(
      await mismatches(sql`
        SELECT count(*) AS n FROM purchase_invoices i
        JOIN (SELECT invoice_id, sum(net_amount) AS net, sum(vat_amount) AS vat FROM purchase_invoice_lines GROUP BY 1) l
          ON l.invoice_id = i.id
        WHERE i.net_total <> l.net OR i.vat_total <> l.vat
          OR i.open_amount <> CASE WHEN i.status IN ('PROCESSED', 'CANCELED') THEN 0 ELSE i.gross_total END`),
    ).toBe(0);
    // What was invoiced is what the invoices not cancelled hold, never more than was received, of the same supplier.
    expect(
      await mismatches(sql`
        SELECT count(*) AS n FROM purchase_order_lines ol
        LEFT JOIN (SELECT il.order_line_id, sum(il.quantity) AS q FROM purchase_invoice_lines il
          JOIN purchase_invoices i ON i.id = il.invoice_id WHERE i.status <> 'CANCELED' GROUP BY 1) x
          ON x.order_line_id = ol.id
        WHERE ol.invoiced_quantity <> coalesce(x.q, 0) OR ol.invoiced_quantity > ol.received_quantity`),
    ).toBe(0);
    expect(
      await mismatches(sql`
        SELECT count(*) AS n FROM purchase_invoice_lines il
        JOIN purchase_invoices i ON i.id = il.invoice_id
        JOIN purchase_order_lines ol ON ol.id = il.order_line_id
        JOIN purchase_orders o ON o.id = ol.order_id
        WHERE o.supplier_id <> i.supplier_id OR o.currency <> i.currency OR o.status NOT IN ('RECEIVED', 'CLOSED')`),
    ).toBe(0);

    // The API lists them (every type's total), finds the samples the bench searches for, and opens them.
    for (const [type, n] of Object.entries(data.ordersByType)) {
      const page = await admin.get<Page<PurchaseOrderSummary>>(`/api/purchase-orders?type=${type}&pageSize=5`);
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(n);
    }
    const byNumber = await admin.get<Page<PurchaseOrderSummary>>(
      `/api/purchase-orders?type=PRIOR_ORDER_PO&q=${encodeURIComponent(data.samples.orderNumber)}`,
    );
    expect(byNumber.body.items.map((o) => o.number)).toEqual([data.samples.orderNumber]);
    const order = await admin.get(`/api/purchase-orders/${byNumber.body.items[0]?.id}`);
    expect(order.status).toBe(200);
    expect(PurchaseOrder.safeParse(order.body).error).toBeUndefined();

    const invoices = await admin.get<Page<PurchaseInvoiceSummary>>('/api/purchase-invoices?pageSize=5');
    expect(invoices.body.total).toBe(420);
    const found = await admin.get<Page<PurchaseInvoiceSummary>>(
      `/api/purchase-invoices?q=${encodeURIComponent(data.samples.invoiceNumber)}`,
    );
    expect(found.body.items.map((i) => i.number)).toEqual([data.samples.invoiceNumber]);
    const invoice = await admin.get(`/api/purchase-invoices/${found.body.items[0]?.id}`);
    expect(invoice.status).toBe(200);
    expect(PurchaseInvoice.safeParse(invoice.body).error).toBeUndefined();

    // The next document of the year continues after the generated numbers.
    const counters = await sql<{ kind: string; last: string; written: string }>`
      SELECT c.kind, c.last_value::text AS last,
        (SELECT count(*) FROM purchase_orders WHERE c.kind = 'purchaseOrder' AND number LIKE 'PO-' || c.year || '-%')
          + (SELECT count(*) FROM purchase_invoices WHERE c.kind = 'purchaseInvoice' AND number LIKE 'PI-' || c.year || '-%')
          AS written
      FROM document_number_counters c WHERE c.kind IN ('purchaseOrder', 'purchaseInvoice')`.execute(ta.t.db);
    expect(counters.rows.length).toBeGreaterThan(1);
    for (const c of counters.rows) expect(c.last).toBe(String(c.written));
  });
});
