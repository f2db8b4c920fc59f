import type {
  ErrorBody,
  GoodReceivedNote,
  Page,
  PurchaseInvoice,
  PurchaseInvoiceSummary,
  StockMovement,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkStock, post } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

/**
 * Supplier invoices: three-way match against tolerances, the supplier's number once per supplier, receipts matched
 * oldest first, a booked price difference revaluing only what is still in stock at the receipt's rate, and a
 * cancellation taking it back.
 */

let ta: TestApp;
let admin: ApiClient;
/** Everything but view_purchase_invoice. */
let blind: ApiClient;
/** Enters invoices but may not book or cancel them. */
let clerk: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  const others = ALL_PERMISSIONS.filter((x) => !x.endsWith('_purchase_invoice'));
  const [a, b, c] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((x) => x !== 'view_purchase_invoice'),
    ),
    clientWith(ta, [...others, 'view_purchase_invoice', 'add_purchase_invoice']),
  ]);
  admin = a.api;
  blind = b.api;
  clerk = c.api;
}, 120_000);
afterAll(() => ta.close());
afterEach(async () => {
  const check = await checkStock(ta.t.db);
  expect(check.differences).toEqual([]);
  expect(check.ok).toBe(true);
});

const D = (v: string | number) => new Decimal(v);
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
const today = () => daysAgo(0);

let n = 0;
const uniq = () => {
  n += 1;
  return `${n}${Date.now() % 100000}`;
};
async function product() {
  const sku = `PI-${uniq()}`;
  return ta.t.db
    .insertInto('products')
    .values({ sku, name: `Invoice test ${sku}` })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}
async function supplier(terms = 30) {
  return ta.t.db
    .insertInto('business_partners')
    .values({
      code: `SUP${uniq()}`,
      name: 'Supplier Ltd',
      default_currency: 'GBP',
      payment_terms_days: terms,
      active: true,
      is_consignment: false,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
}
async function warehouse() {
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `PW${uniq()}`, name: 'Invoice warehouse', kind: 'OWN' })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  const recv = await ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: w.id, code: 'RECV' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: w.id, default_receiving_location_id: recv.id, over_receipt_tolerance: '0' })
    .execute();
  return w;
}
/** An approved purchase order written as the orders area writes one (net rounded per line, VAT 20 %). */
async function order(
  supplierId: string,
  warehouseId: string,
  lines: { productId: string; quantity: string; unitCost: string }[],
  opts: { currency?: string; orderDate?: string } = {},
) {
  const number = `PO-I-${uniq()}`;
  const nets = lines.map((l) => D(l.quantity).times(l.unitCost).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
  const vats = nets.map((v) => v.times('0.2').toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
  const net = nets.reduce((s, v) => s.add(v), D(0));
  const vat = vats.reduce((s, v) => s.add(v), D(0));
  const { rows } = await sql<{ id: string }>`INSERT INTO purchase_orders
    (number, type, status, supplier_id, warehouse_id, currency, order_date, net_total, vat_total, gross_total, approved_at)
    VALUES (${number}, 'PRIOR_ORDER_PO', 'APPROVED', ${supplierId}, ${warehouseId}, ${opts.currency ?? 'GBP'},
      ${opts.orderDate ?? daysAgo(20)}, ${net.toFixed(2)}, ${vat.toFixed(2)}, ${net.add(vat).toFixed(2)}, now())
    RETURNING id`.execute(ta.t.db);
  const id = rows[0]?.id as string;
  const lineIds: string[] = [];
  for (const [i, l] of lines.entries()) {
    const { rows: r } = await sql<{ id: string }>`INSERT INTO purchase_order_lines
      (order_id, line_no, product_id, quantity, unit_cost, net_amount, vat_amount)
      VALUES (${id}, ${i + 1}, ${l.productId}, ${l.quantity}, ${l.unitCost}, ${nets[i]?.toFixed(2)}, ${vats[i]?.toFixed(2)})
      RETURNING id`.execute(ta.t.db);
    lineIds.push(r[0]?.id as string);
  }
  return { id, number, lineIds };
}
/** Receives through the goods received notes API (draft, then post). */
async function receive(orderId: string, orderLineId: string, quantity: string, receivedDate: string | null = null) {
  const d = await admin.post<GoodReceivedNote>('/api/goods-received-notes', {
    purchaseOrderId: orderId,
    receivedDate,
    lines: [{ orderLineId, receivedQuantity: quantity, acceptedQuantity: quantity }],
  });
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  const p = await admin.post<{ note: GoodReceivedNote }>(`/api/goods-received-notes/${d.body.id}/post`);
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  return p.body.note;
}
/** Units sold: an ISSUE straight through the posting service. */
async function sell(productId: string, warehouseId: string, quantity: string) {
  await ta.t.db.transaction().execute((tx) =>
    post(
      { db: tx, user: null },
      {
        sourceType: 'test',
        sourceId: null,
        lines: [{ productId, warehouseId, kind: 'ISSUE', quantity: D(quantity).neg() }],
      },
    ),
  );
}
async function stockValue(productId: string, warehouseId: string) {
  const l = await ta.t.db
    .selectFrom('stock_levels')
    .select(['on_hand', 'value'])
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();
  return D(l?.value ?? 0).toFixed(2);
}
async function invoicedOf(orderLineId: string) {
  const { rows } = await sql<{ q: string }>`SELECT invoiced_quantity::text AS q FROM purchase_order_lines
    WHERE id = ${orderLineId}`.execute(ta.t.db);
  return D(rows[0]?.q ?? 0).toFixed();
}
async function invoiceCount() {
  const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM purchase_invoices`.execute(ta.t.db);
  return Number(rows[0]?.n);
}

interface LineIn {
  orderLineId: string;
  quantity: string;
  unitPrice: string;
  discountPercent?: string;
}
function create(
  supplierId: string,
  supplierInvoiceNumber: string,
  lines: LineIn[],
  extra: Record<string, unknown> = {},
  client = admin,
  headers?: Record<string, string>,
) {
  return client.post<PurchaseInvoice & ErrorBody>(
    '/api/purchase-invoices',
    { supplierId, supplierInvoiceNumber, invoiceDate: today(), lines, ...extra },
    headers,
  );
}
const book = (id: string, reason?: string, client = admin) =>
  client.post<PurchaseInvoice & ErrorBody>(`/api/purchase-invoices/${id}/book`, reason === undefined ? {} : { reason });
const cancel = (id: string, client = admin) =>
  client.post<PurchaseInvoice & ErrorBody>(`/api/purchase-invoices/${id}/cancel`, { reason: 'entered twice' });
const setTolerances = (quantityPercent: string, pricePercent: string) =>
  admin.put<{ quantityPercent: string; pricePercent: string }>('/api/purchase-invoices/tolerances', {
    quantityPercent,
    pricePercent,
  });

describe('three-way match', () => {
  it('enters an invoice that matches order and receipt, with VAT per line, due date from the terms; books it', async () => {
    const s = await supplier(45);
    const w = await warehouse();
    const a = await product();
    const b = await product();
    const po = await order(s.id, w.id, [
      { productId: a.id, quantity: '10', unitCost: '5.00' },
      { productId: b.id, quantity: '3', unitCost: '0.333' },
    ]);
    await receive(po.id, po.lineIds[0] as string, '10');
    await receive(po.id, po.lineIds[1] as string, '3');

    const offered = await admin.get<{
      items: { orderLineId: string; received: string; invoiced: string; unitNet: string }[];
    }>(`/api/purchase-invoices/invoicable-lines?supplierId=${s.id}`);
    expect(offered.status).toBe(200);
    expect(offered.body.items.map((l) => [l.orderLineId, l.received, l.invoiced, l.unitNet])).toEqual([
      [po.lineIds[0], '10', '0', '5'],
      [po.lineIds[1], '3', '0', '0.333333'],
    ]);

    const res = await create(s.id, 'INV-1001', [
      { orderLineId: po.lineIds[0] as string, quantity: '10', unitPrice: '5.00' },
      { orderLineId: po.lineIds[1] as string, quantity: '3', unitPrice: '0.333333' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.number).toMatch(new RegExp(`^PI-${new Date().getFullYear()}-\\d{5}$`));
    const due = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
    // 50.00 + 20 % = 10.00; 3 × 0.333333 = 1.00 (rounded per line), VAT 0.20.
    expect(res.body).toMatchObject({
      status: 'PENDING',
      supplierInvoiceNumber: 'INV-1001',
      dueDate: due,
      currency: 'GBP',
      netTotal: '51.00',
      vatTotal: '10.20',
      grossTotal: '61.20',
      openAmount: '61.20',
      withinTolerance: false,
    });
    expect(res.body.lines[0]?.match).toMatchObject({
      ordered: '10',
      received: '10',
      invoicedElsewhere: '0',
      orderUnitNet: '5',
      invoiceUnitNet: '5',
      flags: [],
      withinTolerance: true,
    });
    // The order's net per unit is 1.00 / 3 = 0.3333…: 0.333333 is a hair below it, beyond a 0 % tolerance.
    expect(res.body.lines[1]?.match).toMatchObject({ flags: ['PRICE'], priceDifferencePercent: '0.00' });
    expect(await invoicedOf(po.lineIds[0] as string)).toBe('10');

    // Clerk may enter but not book; without a reason a line beyond the tolerance is refused, nothing changes.
    expect((await book(res.body.id, undefined, clerk)).status).toBe(403);
    const refused = await book(res.body.id);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('PURCHASE_INVOICE_DIFFERENCE_REASON_REQUIRED');
    expect(refused.body.message).toContain(b.sku);
    expect((await admin.get<PurchaseInvoice>(`/api/purchase-invoices/${res.body.id}`)).body.status).toBe('PENDING');

    // A 2 % price tolerance takes the penny in: booked without a reason.
    expect((await setTolerances('0', '2')).body).toEqual({ quantityPercent: '0', pricePercent: '2' });
    try {
      const booked = await book(res.body.id);
      expect(booked.status, JSON.stringify(booked.body)).toBe(200);
      expect(booked.body).toMatchObject({ status: 'BOOKED', withinTolerance: true, differenceReason: '' });
      expect(booked.body.approvedBy).not.toBeNull();
      // Booked twice: 409 with the kernel's code.
      const again = await book(res.body.id);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('PURCHASE_INVOICE_STATUS_CONFLICT');
    } finally {
      await setTolerances('0', '0');
    }
    // The list: search by the supplier's number, filter by status and supplier.
    const list = await admin.get<Page<PurchaseInvoiceSummary>>(
      `/api/purchase-invoices?q=INV-1001&status=BOOKED&supplierId=${s.id}`,
    );
    expect(list.body.items.map((i) => [i.id, i.openAmount])).toEqual([[res.body.id, '61.20']]);
    expect((await blind.get('/api/purchase-invoices')).status).toBe(403);
    // The export of the same filter: an .xlsx file.
    const xlsx = await admin.get(`/api/purchase-invoices/export?q=INV-1001&supplierId=${s.id}`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect((await admin.get(`/api/purchase-invoices/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('matches the oldest receipt not yet invoiced first and flags invoicing beyond what was received', async () => {
    const s = await supplier();
    const w = await warehouse();
    const a = await product();
    const po = await order(s.id, w.id, [{ productId: a.id, quantity: '8', unitCost: '2.00' }]);
    const first = await receive(po.id, po.lineIds[0] as string, '3', daysAgo(4));
    const second = await receive(po.id, po.lineIds[0] as string, '5', daysAgo(2));
    const line = po.lineIds[0] as string;
    const one = await create(s.id, 'A-1', [{ orderLineId: line, quantity: '4', unitPrice: '2.00' }]);
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(one.body.lines[0]?.receipts.map((r) => [r.noteNumber, r.quantity])).toEqual([
      [first.number, '3'],
      [second.number, '1'],
    ]);
    const two = await create(s.id, 'A-2', [{ orderLineId: line, quantity: '4', unitPrice: '2.00' }]);
    expect(two.body.lines[0]?.receipts.map((r) => [r.noteNumber, r.quantity])).toEqual([[second.number, '4']]);
    expect(two.body.lines[0]?.match).toMatchObject({ invoicedElsewhere: '4', withinTolerance: true });
    expect(await invoicedOf(line)).toBe('8');
    // One more: 9 invoiced of 8 received.
    const three = await create(s.id, 'A-3', [{ orderLineId: line, quantity: '1', unitPrice: '2.00' }]);
    expect(three.body.lines[0]?.match).toMatchObject({ flags: ['QUANTITY'], quantityDifferencePercent: '12.50' });
    expect(three.body.lines[0]?.receipts).toEqual([]);
    // Cancelling a pending invoice gives its quantity back.
    const canceled = await cancel(three.body.id);
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe('CANCELED');
    expect(await invoicedOf(line)).toBe('8');
    expect((await cancel(three.body.id)).status).toBe(409);
  });

  it('refuses a number the supplier used already, naming the invoice; another supplier may use it', async () => {
    const s = await supplier();
    const other = await supplier();
    const w = await warehouse();
    const a = await product();
    const po = await order(s.id, w.id, [{ productId: a.id, quantity: '4', unitCost: '1.00' }]);
    const po2 = await order(other.id, w.id, [{ productId: a.id, quantity: '4', unitCost: '1.00' }]);
    const line = po.lineIds[0] as string;
    const first = await create(s.id, 'DUP-7', [{ orderLineId: line, quantity: '1', unitPrice: '1.00' }]);
    expect(first.status).toBe(201);
    const before = await invoiceCount();
    const dup = await create(s.id, 'dup-7', [{ orderLineId: line, quantity: '1', unitPrice: '1.00' }]);
    expect(dup.status).toBe(422);
    expect(dup.body.code).toBe('PURCHASE_INVOICE_DUPLICATE_NUMBER');
    expect(dup.body.message).toContain(first.body.number);
    expect(await invoiceCount()).toBe(before);
    expect(await invoicedOf(line)).toBe('1');
    // Another supplier's order line on this supplier's invoice: 422, nothing written.
    const foreign = await create(s.id, 'X-1', [
      { orderLineId: po2.lineIds[0] as string, quantity: '1', unitPrice: '1' },
    ]);
    expect(foreign.status).toBe(422);
    expect(foreign.body.code).toBe('PURCHASE_INVOICE_LINE_UNKNOWN');
    expect(await invoiceCount()).toBe(before);
    const theirs = await create(other.id, 'DUP-7', [
      { orderLineId: po2.lineIds[0] as string, quantity: '1', unitPrice: '1' },
    ]);
    expect(theirs.status).toBe(201);
    // Once cancelled, the number may be entered again.
    expect((await cancel(first.body.id)).status).toBe(200);
    expect((await create(s.id, 'DUP-7', [{ orderLineId: line, quantity: '1', unitPrice: '1.00' }])).status).toBe(201);
  });

  it('replays a repeated create with the same Idempotency-Key', async () => {
    const s = await supplier();
    const w = await warehouse();
    const a = await product();
    const po = await order(s.id, w.id, [{ productId: a.id, quantity: '2', unitCost: '1.00' }]);
    const key = { 'Idempotency-Key': `pi-${uniq()}` };
    const lines = [{ orderLineId: po.lineIds[0] as string, quantity: '2', unitPrice: '1.00' }];
    const one = await create(s.id, 'IDEM-1', lines, {}, admin, key);
    const two = await create(s.id, 'IDEM-1', lines, {}, admin, key);
    expect(one.status).toBe(201);
    expect(two.body.id).toBe(one.body.id);
    expect(await invoicedOf(po.lineIds[0] as string)).toBe('2');
  });
});

describe('price differences', () => {
  it('revalues only the units still in stock, visibly on the stock card; cancelling takes it back', async () => {
    const s = await supplier();
    const w = await warehouse();
    const a = await product();
    const po = await order(s.id, w.id, [{ productId: a.id, quantity: '10', unitCost: '5.00' }]);
    await receive(po.id, po.lineIds[0] as string, '10', daysAgo(3));
    await sell(a.id, w.id, '4');
    expect(await stockValue(a.id, w.id)).toBe('30.00');
    const inv = await create(s.id, 'PD-1', [
      { orderLineId: po.lineIds[0] as string, quantity: '10', unitPrice: '5.50' },
    ]);
    expect(inv.body.lines[0]?.match).toMatchObject({ flags: ['PRICE'], priceDifferencePercent: '10.00' });
    const booked = await book(inv.body.id, 'Supplier raised prices; agreed by phone');
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body).toMatchObject({
      status: 'BOOKED',
      differenceReason: 'Supplier raised prices; agreed by phone',
    });
    // 0.50 × 10 = 5.00: 6 units in stock take 3.00, the 4 sold 2.00 (cost of sales).
    expect(booked.body.lines[0]?.receipts.map((r) => r.priceDifference)).toEqual(['5']);
    expect(await stockValue(a.id, w.id)).toBe('33.00');
    const card = await admin.get<Page<StockMovement>>(
      `/api/inventory/products/${a.id}/movements?kind=PRICE_DIFFERENCE`,
    );
    expect(card.status).toBe(200);
    expect(card.body.items.map((m) => [m.kind, m.value])).toEqual([['PRICE_DIFFERENCE', '3.00']]);
    const { rows: cos } = await sql<{ amount: string }>`SELECT sum(c.amount)::text AS amount
      FROM cost_of_sales_adjustments c JOIN stock_cost_revaluations r ON r.id = c.revaluation_id
      WHERE r.product_id = ${a.id}`.execute(ta.t.db);
    expect(D(cos[0]?.amount ?? 0).toFixed(2)).toBe('2.00');

    // Cancel a booked invoice: the difference is taken back, the quantity freed.
    const canceled = await cancel(booked.body.id);
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(await stockValue(a.id, w.id)).toBe('30.00');
    expect(await invoicedOf(po.lineIds[0] as string)).toBe('0');
  });

  it('translates a foreign-currency difference at the receipt’s rate, not the invoice’s (IAS 21)', async () => {
    await ta.t.db
      .insertInto('exchange_rates')
      .values([
        { currency: 'EUR', effective_date: daysAgo(30), rate: '0.8' },
        { currency: 'EUR', effective_date: daysAgo(1), rate: '0.9' },
      ])
      .execute();
    const s = await supplier();
    const w = await warehouse();
    const a = await product();
    const po = await order(s.id, w.id, [{ productId: a.id, quantity: '4', unitCost: '10.00' }], { currency: 'EUR' });
    await receive(po.id, po.lineIds[0] as string, '4', daysAgo(5));
    expect(await stockValue(a.id, w.id)).toBe('32.00');
    const inv = await create(s.id, 'EUR-1', [
      { orderLineId: po.lineIds[0] as string, quantity: '4', unitPrice: '11.00' },
    ]);
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    expect(inv.body).toMatchObject({ currency: 'EUR', exchangeRate: '0.9', grossTotal: '52.80' });
    const booked = await book(inv.body.id, 'new price list');
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    // 1.00 EUR × 4 × 0.8 (the receipt's rate) = 3.20 GBP; the invoice's rate changes nothing in stock.
    expect(booked.body.lines[0]?.receipts.map((r) => [r.exchangeRate, r.priceDifference])).toEqual([['0.8', '3.2']]);
    expect(await stockValue(a.id, w.id)).toBe('35.20');
    expect(await invoicedOf(po.lineIds[0] as string)).toBe('4');
  });
});

describe('the supplier’s file', () => {
  async function upload(kind: string, userId: string) {
    const fileName = `${uniq()}.${kind}`;
    await sql`INSERT INTO uploaded_files (id, file_name, original_name, content_type, kind, size, sha256, content, uploaded_by)
      VALUES (gen_random_uuid(), ${fileName}, ${`supplier-invoice.${kind}`}, 'application/octet-stream', ${kind}, 3,
        'x', ${Buffer.from('abc')}, ${userId})`.execute(ta.t.db);
    return fileName;
  }
  it('attaches an uploaded PDF to the invoice; another kind, an unknown or a taken file is refused', async () => {
    const s = await supplier();
    const w = await warehouse();
    const a = await product();
    const po = await order(s.id, w.id, [{ productId: a.id, quantity: '5', unitCost: '1.00' }]);
    const line = po.lineIds[0] as string;
    const { rows } = await sql<{ id: string }>`SELECT id FROM users LIMIT 1`.execute(ta.t.db);
    const userId = rows[0]?.id as string;
    const pdf = await upload('pdf', userId);
    const docx = await upload('docx', userId);
    const before = await invoiceCount();
    for (const attachment of [docx, 'no-such-file.pdf']) {
      const res = await create(s.id, `F-${uniq()}`, [{ orderLineId: line, quantity: '1', unitPrice: '1' }], {
        attachment,
      });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('PURCHASE_INVOICE_UPLOAD_UNKNOWN');
    }
    expect(await invoiceCount()).toBe(before);
    const ok = await create(s.id, 'F-1', [{ orderLineId: line, quantity: '1', unitPrice: '1' }], { attachment: pdf });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.attachment).toEqual({ fileName: pdf, originalName: 'supplier-invoice.pdf', kind: 'pdf' });
    const { rows: attached } = await sql<{ attached_entity: string; attached_id: string }>`
      SELECT attached_entity, attached_id FROM uploaded_files WHERE file_name = ${pdf}`.execute(ta.t.db);
    expect(attached[0]).toEqual({ attached_entity: 'purchase_invoice', attached_id: ok.body.id });
    // The same file on a second invoice: refused.
    const again = await create(s.id, 'F-2', [{ orderLineId: line, quantity: '1', unitPrice: '1' }], {
      attachment: pdf,
    });
    expect(again.status).toBe(422);
  });
});
