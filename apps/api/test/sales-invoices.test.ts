import type {
  Customer,
  ErrorBody,
  SalesChannelSettings,
  SalesInvoice,
  SalesInvoiceCreateInput,
  SalesInvoiceExistsDetails,
  SalesInvoiceFilter,
  SalesInvoicePage,
  SalesInvoiceShortageDetails,
  SalesProductAvailability,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isLateShipment } from '../src/domains/sales-invoices/sales-invoice.late.ts';
import { countByStatus, findInvoices, searchProbe } from '../src/domains/sales-invoices/sales-invoice.repository.ts';
import { checkStock } from '../src/domains/stock/index.ts';
import { pdfText } from '../src/platform/pdf/pdf-text.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let admin: ApiClient;
let adminToken: string;
/** Creates, edits and cancels invoices but may not book them, nor add customers. */
let clerk: ApiClient;
/** Sees invoices only. */
let viewer: ApiClient;
/** Everything but view_sales_invoice. */
let blind: ApiClient;
/** Views and books invoices only. */
let booker: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  const others = ALL_PERMISSIONS.filter((p) => !p.endsWith('_sales_invoice') && p !== 'add_customer');
  const [a, c, v, b, k] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(ta, [
      ...others,
      'view_sales_invoice',
      'add_sales_invoice',
      'edit_sales_invoice',
      'cancel_sales_invoice',
    ]),
    clientWith(ta, ['view_sales_invoice']),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((p) => p !== 'view_sales_invoice'),
    ),
    clientWith(ta, ['view_sales_invoice', 'approve_sales_invoice']),
  ]);
  admin = a.api;
  adminToken = a.tokens.accessToken;
  clerk = c.api;
  viewer = v.api;
  blind = b.api;
  booker = k.api;
}, 120_000);
afterAll(() => ta.close());
// Every scenario leaves the ledger, levels, layers, reservations and read models agreeing.
afterEach(async () => {
  const check = await checkStock(ta.t.db);
  expect(check.differences).toEqual([]);
  expect(check.ok).toBe(true);
});

let n = 0;
const uniq = () => {
  n += 1;
  return `${n}${Date.now() % 100000}`;
};
let keys = 0;
const key = () => ({ 'idempotency-key': `si-${Date.now()}-${++keys}` });

async function product(unit = 'Unit', kind = 'STOCK') {
  const sku = `SI-${uniq()}`;
  return ta.t.db
    .insertInto('products')
    .values({ sku, name: `Sold thing ${sku}`, unit, kind, sale_price: '9.99' })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}
async function warehouse() {
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `SW${uniq()}`, name: 'Sales warehouse', kind: 'OWN' })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  const receiving = await ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: w.id, code: 'RECV' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: w.id, default_receiving_location_id: receiving.id, over_receipt_tolerance: '0' })
    .execute();
  return w;
}
async function stockIn(productId: string, warehouseId: string, quantity: string, unitCost = '2.00') {
  const res = await admin.post('/api/stock/adjustments', {
    reason: 'Opening balance',
    lines: [{ productId, warehouseId, quantity, unitCost }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}
async function customer(name = `Jane Buyer ${uniq()}`) {
  const res = await admin.post<Customer>(
    '/api/customers',
    {
      name,
      email: `buyer${uniq()}@example.com`,
      addresses: [
        { kind: 'shipping', line1: '1 High Street', city: 'Leeds', postcode: 'ls1 1aa', country: 'GB' },
        { kind: 'billing', line1: '2 Bill Road', city: 'York', postcode: 'YO1 7HH', country: 'GB' },
      ],
    },
    key(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
async function level(productId: string, warehouseId: string) {
  const row = await ta.t.db
    .selectFrom('stock_levels')
    .select(['on_hand', 'reserved'])
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();
  return { onHand: new Decimal(row?.on_hand ?? 0).toFixed(), reserved: new Decimal(row?.reserved ?? 0).toFixed() };
}
async function reservationsOf(invoiceId: string) {
  return ta.t.db
    .selectFrom('stock_reservations')
    .select(['status', 'quantity', 'open_quantity', 'source_type'])
    .where('source_id', '=', invoiceId)
    .orderBy('created_at')
    .execute();
}
async function invoiceCount() {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM sales_invoices`.execute(ta.t.db);
  return Number(rows[0]?.n);
}

type Body = Partial<SalesInvoiceCreateInput> & { warehouseId: string; lines: SalesInvoiceCreateInput['lines'] };
const create = (body: Body, client = admin, headers: Record<string, string> = key()) =>
  client.post<SalesInvoice>('/api/sales-invoices', body, headers);
async function pending(customerId: string, warehouseId: string, lines: Body['lines'], more: Partial<Body> = {}) {
  const res = await create({ customerId, warehouseId, lines, ...more });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('sales invoices', () => {
  it('computes totals and VAT exactly, with prices entered without VAT', async () => {
    const w = await warehouse();
    const c = await customer();
    const [p, q, r] = await Promise.all([product(), product(), product()]);
    const inv = await pending(
      c.id,
      w.id,
      [
        { productId: p.id, quantity: '3', unitPrice: '9.99', discountPercent: '10', vatCode: 'STANDARD' },
        { productId: q.id, quantity: '2', unitPrice: '4.175', vatCode: 'REDUCED' },
        { productId: r.id, quantity: '1', unitPrice: '10', vatCode: 'EXEMPT' },
      ],
      { shippingCharge: '4.99', shippingVatCode: 'STANDARD' },
    );
    // MANUAL's setting: prices without VAT.
    expect(inv.pricesIncludeVat).toBe(false);
    expect(inv.number).toMatch(/^SI-\d{4}-\d{5}$/);
    expect(inv.status).toBe('PENDING');
    // 3 × 9.99 × 0.9 = 26.973 → 26.97; VAT 5.394 → 5.39. 2 × 4.175 = 8.35; VAT 0.4175 → 0.42. Shipping VAT 0.998 → 1.00.
    expect(inv.lines.map((l) => [l.netAmount, l.vatAmount, l.grossAmount])).toEqual([
      ['26.97', '5.39', '32.36'],
      ['8.35', '0.42', '8.77'],
      ['10.00', '0.00', '10.00'],
    ]);
    expect([inv.shippingNet, inv.shippingVat, inv.shippingGross]).toEqual(['4.99', '1.00', '5.99']);
    expect([inv.goodsNet, inv.netTotal, inv.vatTotal, inv.grossTotal]).toEqual(['45.32', '50.31', '6.81', '57.12']);
    expect(inv.vatPerRate).toEqual([
      { vatCode: 'STANDARD', vatRate: '20', net: '31.96', vat: '6.39' },
      { vatCode: 'REDUCED', vatRate: '5', net: '8.35', vat: '0.42' },
      { vatCode: 'EXEMPT', vatRate: '0', net: '10.00', vat: '0.00' },
    ]);
    // The customer's addresses are copied onto the invoice.
    expect(inv.deliveryAddress).toMatchObject({ line1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA' });
    expect(inv.billingAddress).toMatchObject({ line1: '2 Bill Road', city: 'York' });
    expect(inv.customer.id).toBe(c.id);
    expect(inv.taxPointDate).toBe(inv.invoiceDate);
  });

  it('derives the net from VAT-inclusive prices so that net + VAT is the gross entered, to the penny', async () => {
    const w = await warehouse();
    const c = await customer();
    const [p, q] = await Promise.all([product(), product()]);
    const settings = await admin.get<SalesChannelSettings>('/api/sales-invoices/channel-settings');
    expect(settings.body.items.find((s) => s.channel === 'AMAZON')?.pricesIncludeVat).toBe(true);
    const inv = await pending(
      c.id,
      w.id,
      [
        { productId: p.id, quantity: '3', unitPrice: '9.99', vatCode: 'STANDARD' },
        { productId: q.id, quantity: '1', unitPrice: '10.50', vatCode: 'REDUCED' },
      ],
      { channel: 'AMAZON', externalOrderId: `206-${uniq()}`, shippingCharge: '3.99' },
    );
    expect(inv.pricesIncludeVat).toBe(true);
    // 29.97 gross: VAT = 29.97 × 20/120 = 4.995 → 5.00, net 24.97. 10.50: VAT 0.50, net 10.00. 3.99: VAT 0.665 → 0.67.
    expect(inv.lines.map((l) => [l.netAmount, l.vatAmount, l.grossAmount])).toEqual([
      ['24.97', '5.00', '29.97'],
      ['10.00', '0.50', '10.50'],
    ]);
    expect([inv.shippingNet, inv.shippingVat, inv.shippingGross]).toEqual(['3.32', '0.67', '3.99']);
    expect([inv.netTotal, inv.vatTotal, inv.grossTotal]).toEqual(['38.29', '6.17', '44.46']);
    for (const l of inv.lines)
      expect(new Decimal(l.netAmount).add(l.vatAmount).toFixed(2)).toBe(
        new Decimal(l.quantity).times(l.unitPrice).toFixed(2),
      );
    // The flag on the request beats the channel's setting.
    const net = await pending(c.id, w.id, [{ productId: p.id, quantity: '3', unitPrice: '9.99' }], {
      channel: 'AMAZON',
      pricesIncludeVat: false,
    });
    expect([net.pricesIncludeVat, net.grossTotal]).toEqual([false, '35.96']);
    // The channel setting is configuration: changed, new invoices follow it.
    const changed = await admin.put<SalesChannelSettings>('/api/sales-invoices/channel-settings', {
      items: [{ channel: 'SAMSUNG', pricesIncludeVat: false }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.items.find((s) => s.channel === 'SAMSUNG')?.pricesIncludeVat).toBe(false);
    const denied = await viewer.put<ErrorBody>('/api/sales-invoices/channel-settings', {
      items: [{ channel: 'SAMSUNG', pricesIncludeVat: true }],
    });
    expect(denied.status).toBe(403);
  });

  it('channel settings: System Config readers see them, only its editors change them, within 0 to 30 days, audited', async () => {
    const path = '/api/sales-invoices/channel-settings';
    const reader = (await clientWith(ta, ['view_system_configuration'])).api;
    const logRows = () =>
      ta.t.db
        .selectFrom('system_logs')
        .select(['action', 'before', 'after'])
        .where('entity', '=', 'sales_channel_setting')
        .orderBy('id')
        .execute();
    const before = await admin.get<SalesChannelSettings>(path);
    const logged = await logRows();

    // A read-only System Config user reads every channel, and may change none.
    const read = await reader.get<SalesChannelSettings>(path);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(before.body);
    expect(read.body.items.map((s) => s.channel)).toEqual(['MANUAL', 'AMAZON', 'EBAY', 'SHOPIFY', 'TIKTOK', 'SAMSUNG']);
    const denied = await reader.put<ErrorBody>(path, { items: [{ channel: 'TIKTOK', dispatchDays: 3 }] });
    expect(denied.status).toBe(403);

    // Out of range, not a whole number, or a channel there is not: 400, naming the field, nothing written.
    for (const items of [
      [{ channel: 'TIKTOK', dispatchDays: 31 }],
      [{ channel: 'TIKTOK', dispatchDays: -1 }],
      [{ channel: 'TIKTOK', dispatchDays: 1.5 }],
      [
        { channel: 'EBAY', dispatchDays: 3 },
        { channel: 'TIKTOK', dispatchDays: 31 },
      ],
      [{ channel: 'ETSY', dispatchDays: 1 }],
      [{ channel: 'TIKTOK' }],
    ]) {
      const refused = await admin.put<ErrorBody>(path, { items });
      expect([refused.status, refused.body.code], JSON.stringify(items)).toEqual([400, 'VALIDATION_FAILED']);
      expect(JSON.stringify(refused.body.details)).toMatch(/body\.items\.\d\.(dispatchDays|channel)/);
    }
    const tooLong = await admin.put<ErrorBody>(path, { items: [{ channel: 'AMAZON', dispatchDays: 31 }] });
    expect(tooLong.body.message).toBe(
      'Some values are not valid: items.0.dispatchDays: a dispatch promise is a whole number of working days from 0 to 30',
    );
    expect((await admin.get<SalesChannelSettings>(path)).body).toEqual(before.body);
    expect(await logRows()).toEqual(logged);

    // A change is one system-log row with the settings before and after.
    const changed = await admin.put<SalesChannelSettings>(path, { items: [{ channel: 'TIKTOK', dispatchDays: 3 }] });
    expect(changed.status).toBe(200);
    expect(changed.body.items.find((s) => s.channel === 'TIKTOK')).toEqual({
      channel: 'TIKTOK',
      pricesIncludeVat: true,
      dispatchDays: 3,
    });
    const rows = await logRows();
    expect(rows).toHaveLength(logged.length + 1);
    expect(rows.at(-1)).toMatchObject({ action: 'update', before: before.body, after: changed.body });
    await admin.put(path, { items: [{ channel: 'TIKTOK', dispatchDays: 1 }] });
  });

  it('invoices a channel order once: a second create names the first; a retry with the same key replays it', async () => {
    const w = await warehouse();
    const c = await customer();
    const p = await product();
    const orderId = `ORD-${uniq()}`;
    const body = {
      customerId: c.id,
      warehouseId: w.id,
      channel: 'EBAY' as const,
      externalOrderId: orderId,
      lines: [{ productId: p.id, quantity: '1', unitPrice: '5' }],
    };
    const headers = key();
    const first = await create(body, admin, headers);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const before = await invoiceCount();
    // The same request again (a retry): the first answer, no second invoice, no second number.
    const retry = await create(body, admin, headers);
    expect([retry.status, retry.body.id, retry.body.number]).toEqual([201, first.body.id, first.body.number]);
    // Another request for the same order: 409 naming the invoice it already is.
    const again = await admin.post<ErrorBody>('/api/sales-invoices', body, key());
    expect([again.status, again.body.code]).toEqual([409, 'SALES_INVOICE_EXTERNAL_ORDER_EXISTS']);
    expect(again.body.details as SalesInvoiceExistsDetails).toMatchObject({
      invoiceId: first.body.id,
      number: first.body.number,
      channel: 'EBAY',
      externalOrderId: orderId,
    });
    expect(await invoiceCount()).toBe(before);
    // Two at once: one invoice, the other told so.
    const raced = `ORD-${uniq()}`;
    const both = await Promise.all(
      [1, 2].map(() => admin.post<ErrorBody>('/api/sales-invoices', { ...body, externalOrderId: raced }, key())),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    // The same order id on another channel is another order.
    const other = await create({ ...body, channel: 'SHOPIFY' });
    expect(other.status).toBe(201);
    // An edit cannot take another invoice's order id either.
    const edit = await admin.put<ErrorBody>(`/api/sales-invoices/${other.body.id}`, {
      ...body,
      externalOrderId: orderId,
    });
    expect([edit.status, edit.body.code]).toEqual([409, 'SALES_INVOICE_EXTERNAL_ORDER_EXISTS']);
    // The next number follows without a gap.
    const next = await create({ ...body, externalOrderId: null });
    const seq = (s: string) => Number(s.slice(-5));
    expect(seq(next.body.number)).toBe(seq(other.body.number) + 1);
  });

  it('books by reserving every line in the warehouse, and cancelling releases them', async () => {
    const w = await warehouse();
    const c = await customer();
    const [p, q, s] = await Promise.all([product(), product(), product('Unit', 'SERVICE')]);
    await stockIn(p.id, w.id, '10');
    await stockIn(q.id, w.id, '4');
    const inv = await pending(c.id, w.id, [
      { productId: p.id, quantity: '3', unitPrice: '5' },
      { productId: q.id, quantity: '4', unitPrice: '5' },
      { productId: p.id, quantity: '2', unitPrice: '0' },
      { productId: s.id, quantity: '1', unitPrice: '15' },
    ]);
    expect(inv.lines.map((l) => l.availability && [l.availability.available, l.availability.shortage])).toEqual([
      ['10', '0'],
      ['4', '0'],
      ['10', '0'],
      null,
    ]);
    const booked = await admin.post<SalesInvoice>(`/api/sales-invoices/${inv.id}/book`, {});
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.status).toBe('BOOKED');
    expect(booked.body.bookedAt).not.toBeNull();
    expect(booked.body.lines.map((l) => l.reservedQuantity)).toEqual(['3', '4', '2', '0']);
    expect(await level(p.id, w.id)).toEqual({ onHand: '10', reserved: '5' });
    expect(await level(q.id, w.id)).toEqual({ onHand: '4', reserved: '4' });
    const held = await reservationsOf(inv.id);
    expect(held.map((r) => [r.status, new Decimal(r.open_quantity).toFixed(), r.source_type])).toEqual([
      ['OPEN', '3', 'sales_invoice'],
      ['OPEN', '4', 'sales_invoice'],
      ['OPEN', '2', 'sales_invoice'],
    ]);
    // The log has the step under the invoice's number.
    const log = await ta.t.db
      .selectFrom('system_logs')
      .select('action')
      .where('entity', '=', 'sales_invoice')
      .where('entity_id', '=', inv.number)
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['create', 'book']);
    const events = await ta.t.db
      .selectFrom('outbox_events')
      .select(['type', 'payload'])
      .where('key', '=', `sales_invoice:${inv.id}`)
      .execute();
    expect(events.map((e) => [e.type, (e.payload as { to: string }).to])).toEqual([
      ['document.status_changed', 'BOOKED'],
    ]);

    const noReason = await admin.post<ErrorBody>(`/api/sales-invoices/${inv.id}/cancel`, {});
    expect([noReason.status, noReason.body.code]).toEqual([422, 'SALES_INVOICE_REASON_REQUIRED']);
    expect(await level(p.id, w.id)).toEqual({ onHand: '10', reserved: '5' });
    const canceled = await admin.post<SalesInvoice>(`/api/sales-invoices/${inv.id}/cancel`, {
      reason: 'Customer changed their mind',
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect([canceled.body.status, canceled.body.cancelReason]).toEqual(['CANCELED', 'Customer changed their mind']);
    expect(canceled.body.lines.map((l) => l.reservedQuantity)).toEqual(['0', '0', '0', '0']);
    expect(await level(p.id, w.id)).toEqual({ onHand: '10', reserved: '0' });
    expect(await level(q.id, w.id)).toEqual({ onHand: '4', reserved: '0' });
    expect((await reservationsOf(inv.id)).map((r) => r.status)).toEqual(['RELEASED', 'RELEASED', 'RELEASED']);
  });

  it('refuses a booking with too little available, naming each short line, and changes nothing', async () => {
    const w = await warehouse();
    const c = await customer();
    const [p, q] = await Promise.all([product(), product()]);
    await stockIn(p.id, w.id, '5');
    await stockIn(q.id, w.id, '1');
    // Another invoice holds 2 of p already.
    const other = await pending(c.id, w.id, [{ productId: p.id, quantity: '2', unitPrice: '1' }]);
    expect((await admin.post(`/api/sales-invoices/${other.id}/book`, {})).status).toBe(200);
    const inv = await pending(c.id, w.id, [
      { productId: p.id, quantity: '2', unitPrice: '1' },
      { productId: q.id, quantity: '3', unitPrice: '1' },
      { productId: p.id, quantity: '2', unitPrice: '1' },
    ]);
    const before = await admin.get<SalesInvoice>(`/api/sales-invoices/${inv.id}`);
    // Line 3 lacks 1 (3 left for p after the other invoice, line 1 takes 2); line 2 lacks 2.
    expect(before.body.lines.map((l) => l.availability?.shortage)).toEqual(['0', '2', '1']);
    const refused = await admin.post<ErrorBody>(`/api/sales-invoices/${inv.id}/book`, { onShortage: 'REFUSE' });
    expect([refused.status, refused.body.code]).toEqual([422, 'SALES_INVOICE_INSUFFICIENT_STOCK']);
    const details = refused.body.details as SalesInvoiceShortageDetails;
    expect(details.warehouseCode).toBe(w.code);
    expect(details.lines.map((l) => [l.lineNo, l.sku, l.requested, l.available, l.shortage])).toEqual([
      [2, q.sku, '3', '1', '2'],
      [3, p.sku, '2', '1', '1'],
    ]);
    const after = await admin.get<SalesInvoice>(`/api/sales-invoices/${inv.id}`);
    expect({ ...after.body, lines: after.body.lines.map((l) => ({ ...l, availability: null })) }).toEqual({
      ...before.body,
      lines: before.body.lines.map((l) => ({ ...l, availability: null })),
    });
    expect(await level(p.id, w.id)).toEqual({ onHand: '5', reserved: '2' });
    expect(await level(q.id, w.id)).toEqual({ onHand: '1', reserved: '0' });
    expect(await reservationsOf(inv.id)).toEqual([]);

    // Create-and-book refused: no invoice, no customer, no number taken.
    const count = await invoiceCount();
    const customers = await ta.t.db.selectFrom('customers').select(sql<string>`count(*)`.as('n')).executeTakeFirst();
    const whole = await admin.post<ErrorBody>(
      '/api/sales-invoices',
      {
        newCustomer: {
          name: 'Never Made',
          addresses: [{ kind: 'shipping', line1: 'x', city: 'y', postcode: 'M1 1AE', country: 'GB' }],
        },
        warehouseId: w.id,
        lines: [{ productId: q.id, quantity: '2', unitPrice: '1' }],
        book: true,
      },
      key(),
    );
    expect([whole.status, whole.body.code]).toEqual([422, 'SALES_INVOICE_INSUFFICIENT_STOCK']);
    expect(await invoiceCount()).toBe(count);
    expect((await ta.t.db.selectFrom('customers').select(sql<string>`count(*)`.as('n')).executeTakeFirst())?.n).toBe(
      customers?.n,
    );
    const next = await pending(c.id, w.id, [{ productId: q.id, quantity: '1', unitPrice: '1' }]);
    expect(Number(next.number.slice(-5))).toBe(Number(inv.number.slice(-5)) + 1);
  });

  it('keeps a short invoice PENDING with the shortage recorded per line when asked, and books it once stock comes', async () => {
    const w = await warehouse();
    const c = await customer();
    const [p, q] = await Promise.all([product(), product()]);
    await stockIn(p.id, w.id, '1');
    await stockIn(q.id, w.id, '5');
    const created = await create({
      customerId: c.id,
      warehouseId: w.id,
      lines: [
        { productId: p.id, quantity: '3', unitPrice: '1' },
        { productId: q.id, quantity: '2', unitPrice: '1' },
      ],
      book: true,
      onShortage: 'KEEP_PENDING',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect([created.body.status, created.body.shortQuantity]).toEqual(['PENDING', '2']);
    expect(created.body.lines.map((l) => [l.shortQuantity, l.reservedQuantity])).toEqual([
      ['2', '0'],
      ['0', '0'],
    ]);
    // Nothing is held for a waiting invoice.
    expect(await level(q.id, w.id)).toEqual({ onHand: '5', reserved: '0' });
    expect(await reservationsOf(created.body.id)).toEqual([]);
    const short = await admin.get<SalesInvoicePage>(`/api/sales-invoices?shortage=true&warehouseId=${w.id}`);
    expect(short.body.items.map((i) => i.number)).toEqual([created.body.number]);
    // Stock arrives: booking again holds everything and clears the shortage.
    await stockIn(p.id, w.id, '2');
    const booked = await admin.post<SalesInvoice>(`/api/sales-invoices/${created.body.id}/book`, {
      onShortage: 'KEEP_PENDING',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect([booked.body.status, booked.body.shortQuantity]).toEqual(['BOOKED', '0']);
    expect(booked.body.lines.map((l) => [l.shortQuantity, l.reservedQuantity])).toEqual([
      ['0', '3'],
      ['0', '2'],
    ]);
    expect(await level(p.id, w.id)).toEqual({ onHand: '3', reserved: '3' });
    const none = await admin.get<SalesInvoicePage>(`/api/sales-invoices?shortage=true&warehouseId=${w.id}`);
    expect(none.body.items).toEqual([]);
  });

  it('answers 409 with the status conflict for steps the status does not allow, changing nothing', async () => {
    const w = await warehouse();
    const c = await customer();
    const p = await product();
    await stockIn(p.id, w.id, '3');
    const inv = await pending(c.id, w.id, [{ productId: p.id, quantity: '1', unitPrice: '1' }]);
    expect((await admin.post(`/api/sales-invoices/${inv.id}/book`, {})).status).toBe(200);
    const again = await admin.post<ErrorBody>(`/api/sales-invoices/${inv.id}/book`, {});
    expect([again.status, again.body.code]).toEqual([409, 'SALES_INVOICE_STATUS_CONFLICT']);
    expect(again.body.details).toMatchObject({ number: inv.number, status: 'BOOKED', action: 'book' });
    const edit = await admin.put<ErrorBody>(`/api/sales-invoices/${inv.id}`, {
      customerId: c.id,
      warehouseId: w.id,
      lines: [{ productId: p.id, quantity: '2', unitPrice: '1' }],
    });
    expect([edit.status, edit.body.code]).toEqual([409, 'SALES_INVOICE_STATUS_CONFLICT']);
    expect(await level(p.id, w.id)).toEqual({ onHand: '3', reserved: '1' });
    expect((await admin.post(`/api/sales-invoices/${inv.id}/cancel`, { reason: 'x' })).status).toBe(200);
    const twice = await admin.post<ErrorBody>(`/api/sales-invoices/${inv.id}/cancel`, { reason: 'x' });
    expect([twice.status, twice.body.code]).toEqual([409, 'SALES_INVOICE_STATUS_CONFLICT']);
    const book = await admin.post<ErrorBody>(`/api/sales-invoices/${inv.id}/book`, {});
    expect([book.status, book.body.code]).toEqual([409, 'SALES_INVOICE_STATUS_CONFLICT']);
    expect(await level(p.id, w.id)).toEqual({ onHand: '3', reserved: '0' });
  });

  it('edits a PENDING invoice: lines replaced and totals recomputed', async () => {
    const w = await warehouse();
    const c = await customer();
    const [p, q] = await Promise.all([product(), product()]);
    const inv = await pending(c.id, w.id, [{ productId: p.id, quantity: '1', unitPrice: '10' }]);
    const edited = await admin.put<SalesInvoice>(`/api/sales-invoices/${inv.id}`, {
      customerId: c.id,
      warehouseId: w.id,
      deliveryAddress: {
        name: 'Gift for Sam',
        line1: '9 Other Lane',
        city: 'Hull',
        postcode: 'HU1 1AA',
        country: 'GB',
      },
      paymentType: 'PAYPAL',
      paymentReference: 'PP-123',
      lines: [
        { productId: q.id, quantity: '2', unitPrice: '7.50' },
        { productId: p.id, quantity: '1', unitPrice: '10', discountPercent: '50' },
      ],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.number).toBe(inv.number);
    expect(edited.body.lines.map((l) => [l.product.sku, l.netAmount])).toEqual([
      [q.sku, '15.00'],
      [p.sku, '5.00'],
    ]);
    expect([edited.body.netTotal, edited.body.vatTotal, edited.body.grossTotal]).toEqual(['20.00', '4.00', '24.00']);
    expect(edited.body.deliveryAddress).toMatchObject({ name: 'Gift for Sam', city: 'Hull' });
    expect([edited.body.paymentType, edited.body.paymentReference]).toEqual(['PAYPAL', 'PP-123']);
  });

  it('refuses bad references with their codes, writing nothing', async () => {
    const w = await warehouse();
    const c = await customer();
    const p = await product();
    const count = await invoiceCount();
    const noRate = await create({
      customerId: c.id,
      warehouseId: w.id,
      currency: 'EUR',
      lines: [{ productId: p.id, quantity: '1', unitPrice: '1' }],
    });
    expect([noRate.status, (noRate.body as unknown as ErrorBody).code]).toEqual([422, 'NO_EXCHANGE_RATE']);
    const half = await create({
      customerId: c.id,
      warehouseId: w.id,
      lines: [{ productId: p.id, quantity: '1.5', unitPrice: '1' }],
    });
    expect([half.status, (half.body as unknown as ErrorBody).code]).toEqual([422, 'SALES_INVOICE_QUANTITY_NOT_WHOLE']);
    const noCustomer = await create({
      customerId: p.id,
      warehouseId: w.id,
      lines: [{ productId: p.id, quantity: '1', unitPrice: '1' }],
    });
    expect([noCustomer.status, (noCustomer.body as unknown as ErrorBody).code]).toEqual([
      422,
      'SALES_INVOICE_CUSTOMER_UNKNOWN',
    ]);
    const noWarehouse = await create({
      customerId: c.id,
      warehouseId: p.id,
      lines: [{ productId: p.id, quantity: '1', unitPrice: '1' }],
    });
    expect([noWarehouse.status, (noWarehouse.body as unknown as ErrorBody).code]).toEqual([
      422,
      'SALES_INVOICE_WAREHOUSE_UNKNOWN',
    ]);
    const bare = await admin.post<Customer>('/api/customers', { name: `No Address ${uniq()}` }, key());
    const noAddress = await create({
      customerId: bare.body.id,
      warehouseId: w.id,
      lines: [{ productId: p.id, quantity: '1', unitPrice: '1' }],
    });
    expect([noAddress.status, (noAddress.body as unknown as ErrorBody).code]).toEqual([
      422,
      'SALES_INVOICE_ADDRESS_REQUIRED',
    ]);
    const neither = await create({ warehouseId: w.id, lines: [{ productId: p.id, quantity: '1', unitPrice: '1' }] });
    expect([neither.status, (neither.body as unknown as ErrorBody).code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await invoiceCount()).toBe(count);
  });

  it('checks permissions: 403 without them, nothing written', async () => {
    const w = await warehouse();
    const c = await customer();
    const p = await product();
    await stockIn(p.id, w.id, '2');
    const count = await invoiceCount();
    const lines = [{ productId: p.id, quantity: '1', unitPrice: '1' }];
    expect((await blind.get('/api/sales-invoices')).status).toBe(403);
    expect((await viewer.get('/api/sales-invoices')).status).toBe(200);
    expect((await create({ customerId: c.id, warehouseId: w.id, lines }, viewer)).status).toBe(403);
    // The clerk may create, not book: create-and-book is refused whole, with its own code.
    const book = await create({ customerId: c.id, warehouseId: w.id, lines, book: true }, clerk);
    expect([book.status, (book.body as unknown as ErrorBody).code]).toEqual([403, 'SALES_INVOICE_BOOK_NOT_PERMITTED']);
    // … nor add a customer inline.
    const inline = await create(
      {
        newCustomer: {
          name: 'Inline',
          addresses: [{ kind: 'shipping', line1: 'a', city: 'b', postcode: 'M1 1AE', country: 'GB' }],
        },
        warehouseId: w.id,
        lines,
      },
      clerk,
    );
    expect([inline.status, (inline.body as unknown as ErrorBody).code]).toEqual([
      403,
      'SALES_INVOICE_CUSTOMER_CREATE_NOT_PERMITTED',
    ]);
    expect(await invoiceCount()).toBe(count);
    const inv = await create({ customerId: c.id, warehouseId: w.id, lines }, clerk);
    expect(inv.status).toBe(201);
    expect((await clerk.post(`/api/sales-invoices/${inv.body.id}/book`, {})).status).toBe(403);
    expect((await viewer.post(`/api/sales-invoices/${inv.body.id}/cancel`, { reason: 'x' })).status).toBe(403);
    expect(await level(p.id, w.id)).toEqual({ onHand: '2', reserved: '0' });
    expect((await clerk.post(`/api/sales-invoices/${inv.body.id}/cancel`, { reason: 'x' })).status).toBe(200);
  });

  it('makes a new customer inline in the same request, with the addresses copied', async () => {
    const w = await warehouse();
    const p = await product();
    const name = `Inline Buyer ${uniq()}`;
    const res = await create({
      newCustomer: {
        name,
        email: 'Inline.Buyer@Example.com',
        addresses: [{ kind: 'shipping', line1: '5 New Road', city: 'Bristol', postcode: 'BS1 4DJ', country: 'GB' }],
        channelIds: [{ channel: 'TIKTOK', externalId: `tt-${uniq()}` }],
      },
      channel: 'TIKTOK',
      warehouseId: w.id,
      lines: [{ productId: p.id, quantity: '1', unitPrice: '12' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.customer).toMatchObject({ name, email: 'inline.buyer@example.com' });
    expect(res.body.deliveryAddress).toMatchObject({ name, line1: '5 New Road', city: 'Bristol' });
    expect(res.body.billingAddress).toEqual(res.body.deliveryAddress);
    const made = await admin.get<Customer>(`/api/customers/${res.body.customer.id}`);
    expect(made.status).toBe(200);
    const log = await ta.t.db
      .selectFrom('system_logs')
      .select('action')
      .where('entity', '=', 'customer')
      .where('entity_id', '=', res.body.customer.id)
      .execute();
    expect(log.map((l) => l.action)).toEqual(['create']);
  });

  it('lists with counts per status, filters, searches and sorts; exports .xlsx; prints the VAT invoice', async () => {
    const w = await warehouse();
    const c = await customer(`Zed Searchable ${uniq()}`);
    const [p, q] = await Promise.all([product(), product()]);
    await stockIn(p.id, w.id, '5');
    const a = await pending(c.id, w.id, [{ productId: p.id, quantity: '1', unitPrice: '3' }], {
      channel: 'SHOPIFY',
      externalOrderId: `SHOP-${uniq()}`,
    });
    const b = await pending(c.id, w.id, [{ productId: q.id, quantity: '1', unitPrice: '100' }]);
    const d = await pending(c.id, w.id, [{ productId: p.id, quantity: '2', unitPrice: '1' }]);
    expect((await admin.post(`/api/sales-invoices/${a.id}/book`, {})).status).toBe(200);
    expect((await admin.post(`/api/sales-invoices/${d.id}/cancel`, { reason: 'dup' })).status).toBe(200);

    const all = await viewer.get<SalesInvoicePage>(`/api/sales-invoices?warehouseId=${w.id}`);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.statusCounts).toEqual({
      PENDING: 1,
      BOOKED: 1,
      PROCESSING: 0,
      READY_FOR_DELIVERY: 0,
      PROCESSED: 0,
      CANCELED: 1,
    });
    // Newest first by default.
    expect(all.body.items.map((i) => i.number)).toEqual([d.number, b.number, a.number]);
    // A status tab keeps the counts of the other tabs.
    const booked = await viewer.get<SalesInvoicePage>(`/api/sales-invoices?warehouseId=${w.id}&status=BOOKED`);
    expect([booked.body.items.map((i) => i.number), booked.body.statusCounts.PENDING]).toEqual([[a.number], 1]);
    const search = async (qs: string) =>
      (await viewer.get<SalesInvoicePage>(`/api/sales-invoices?warehouseId=${w.id}&${qs}`)).body.items
        .map((i) => i.number)
        .sort();
    expect(await search(`q=${encodeURIComponent(a.externalOrderId as string)}`)).toEqual([a.number]);
    expect(await search(`q=${encodeURIComponent(b.number)}`)).toEqual([b.number]);
    expect(await search(`q=${encodeURIComponent(q.sku)}`)).toEqual([b.number]);
    expect(await search(`q=${encodeURIComponent('zed searchable')}`)).toEqual([a.number, b.number, d.number].sort());
    expect(await search(`q=${encodeURIComponent(c.email as string)}`)).toEqual([a.number, b.number, d.number].sort());
    expect(await search('channel=SHOPIFY')).toEqual([a.number]);
    expect(await search(`customerId=${c.id}&from=2000-01-01&to=2999-12-31`)).toHaveLength(3);
    expect(await search('from=2999-01-01')).toEqual([]);
    const byTotal = await viewer.get<SalesInvoicePage>(`/api/sales-invoices?warehouseId=${w.id}&sort=-grossTotal`);
    expect(byTotal.body.items.map((i) => i.number)).toEqual([b.number, a.number, d.number]);
    const bad = await viewer.get<ErrorBody>('/api/sales-invoices?sort=nonsense');
    expect(bad.status).toBe(400);

    const xlsx = await viewer.get(`/api/sales-invoices/export?warehouseId=${w.id}`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');

    // The UK VAT invoice: the seller's VAT number, the number, date and tax point, VAT per rate, the total.
    const company = await admin.call('PATCH', '/api/system-configuration/company', {
      name: 'Acme Trading Ltd',
      addressLine1: '1 High Street',
      city: 'Leeds',
      postcode: 'LS1 1AB',
      vatNumber: 'GB123456789',
    });
    expect(company.status, JSON.stringify(company.body)).toBe(200);
    const pdf = await fetch(`${ta.baseUrl}/api/sales-invoices/${a.id}/pdf?lang=en`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const words of [
      'Acme Trading Ltd',
      'GB123456789',
      a.number,
      'VAT invoice',
      'Tax point',
      'VAT at 20%',
      'Total payable',
      p.sku,
    ])
      expect(text).toContain(words);

    const avail = await admin.get<{ items: SalesProductAvailability[] }>(
      `/api/sales-invoices/availability?warehouseId=${w.id}&productIds=${p.id},${q.id}`,
    );
    expect(avail.body.items.map((i) => [i.sku, i.onHand, i.reserved, i.available, i.salePrice, i.vatCode])).toEqual([
      [p.sku, '5', '1', '4', '9.99', 'STANDARD'],
      [q.sku, '0', '0', '0', '9.99', 'STANDARD'],
    ]);
  });

  it('filters by London shipping days and by late dispatch (the dashboard’s rule), refusing bad values', async () => {
    const w = await warehouse();
    const c = await customer();
    const p = await product();
    const make = () => pending(c.id, w.id, [{ productId: p.id, quantity: '1', unitPrice: '5' }]);
    /** An instant of a London day at a London time of day. */
    const london = (day: string, time: string) => sql`((${day}::date + ${time}::time) AT TIME ZONE 'Europe/London')`;
    const setState = async (
      id: string,
      status: string,
      created: ReturnType<typeof london>,
      shipped?: ReturnType<typeof london>,
    ) =>
      sql`UPDATE sales_invoices SET status = ${status}, created_at = ${created},
          booked_at = CASE WHEN ${status} IN ('PENDING', 'CANCELED') THEN NULL ELSE now() END,
          shipped_at = ${shipped ?? null}
        WHERE id = ${id}`.execute(ta.t.db);
    // Shipped around London midnights in summer time (an hour ahead of UTC): 1 July 23:30 is 22:30 UTC.
    const [s1, s2, s3] = [await make(), await make(), await make()];
    await setState(s1.id, 'PROCESSED', london('2026-06-20', '10:00'), london('2026-07-01', '23:30'));
    await setState(s2.id, 'PROCESSED', london('2026-06-20', '10:00'), london('2026-07-02', '00:30'));
    await setState(s3.id, 'PROCESSED', london('2026-06-20', '10:00'), london('2026-07-03', '12:00'));

    // MANUAL promises 2 working days: the last day received that is late today, and the day after it (not late).
    const { rows } = await sql<{ last: string; today: string }>`
      SELECT to_char(max(d), 'YYYY-MM-DD') AS last, to_char(max(t), 'YYYY-MM-DD') AS today
      FROM (SELECT (now() AT TIME ZONE 'Europe/London')::date AS t) x,
           generate_series((x.t - 20)::timestamp, (x.t - 1)::timestamp, interval '1 day') d
      WHERE add_working_days(d::date, 2) < x.t`.execute(ta.t.db);
    const lastLate = rows[0]?.last as string;
    const today = rows[0]?.today as string;
    const dayAfter = new Date(Date.parse(`${lastLate}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const [lateBooked, lateReady, lateProcessing, onTime, oldPending, oldShipped, fresh] = [
      await make(),
      await make(),
      await make(),
      await make(),
      await make(),
      await make(),
      await make(),
    ];
    await setState(lateBooked.id, 'BOOKED', london(lastLate, '23:59'));
    await setState(lateReady.id, 'READY_FOR_DELIVERY', london(lastLate, '00:01'));
    await setState(lateProcessing.id, 'PROCESSING', london('2026-01-05', '09:00'));
    await setState(onTime.id, 'BOOKED', london(dayAfter, '00:01'));
    await setState(oldPending.id, 'PENDING', london('2026-01-05', '09:00'));
    await setState(oldShipped.id, 'PROCESSED', london('2026-01-05', '09:00'), london(today, '00:00'));
    await setState(fresh.id, 'READY_FOR_DELIVERY', london(today, '08:00'));

    const list = async (q: string) => {
      const res = await viewer.get<SalesInvoicePage>(`/api/sales-invoices?warehouseId=${w.id}&${q}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.total).toBe(res.body.items.length);
      return res.body;
    };
    const numbers = async (q: string) => (await list(q)).items.map((i) => i.number).sort();
    const sorted = (...xs: { number: string }[]) => xs.map((x) => x.number).sort();
    expect(await numbers('shippedFrom=2026-07-02&shippedTo=2026-07-02')).toEqual(sorted(s2));
    expect(await numbers('shippedFrom=2026-07-01&shippedTo=2026-07-01')).toEqual(sorted(s1));
    expect(await numbers('shippedFrom=2026-07-02')).toEqual(sorted(s2, s3, oldShipped));
    expect(await numbers('shippedTo=2026-07-02')).toEqual(sorted(s1, s2));
    expect(await numbers(`status=PROCESSED&shippedFrom=${today}&shippedTo=${today}`)).toEqual(sorted(oldShipped));

    const late = await list('late=true&sort=invoiceDate');
    expect(late.items.map((i) => i.number).sort()).toEqual(sorted(lateBooked, lateReady, lateProcessing));
    expect(late.statusCounts).toEqual({
      PENDING: 0,
      BOOKED: 1,
      PROCESSING: 1,
      READY_FOR_DELIVERY: 1,
      PROCESSED: 0,
      CANCELED: 0,
    });
    expect(await numbers('late=true&status=BOOKED')).toEqual(sorted(lateBooked));
    expect(await numbers('late=true&status=PENDING')).toEqual([]);
    expect(await numbers('late=false')).toEqual(sorted(s1, s2, s3, onTime, oldPending, oldShipped, fresh));
    // The repository's rule for the count and the list is the one the dashboard uses (dashboard-summary.test.ts).
    const { rows: counted } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM sales_invoices i WHERE i.warehouse_id = ${w.id} AND ${isLateShipment('i')}`.execute(
      ta.t.db,
    );
    expect(Number(counted[0]?.n)).toBe(3);

    type Refusal = ErrorBody & { details: { issues: { path: string; message: string }[] } };
    for (const [q, path] of [
      ['shippedFrom=2026-02-30', 'querystring.shippedFrom'],
      ['shippedTo=2026-7-1', 'querystring.shippedTo'],
      ['shippedFrom=2026-07-02&shippedTo=2026-07-01', 'querystring.shippedTo'],
      ['late=yes', 'querystring.late'],
      ['late=1', 'querystring.late'],
    ] as const) {
      for (const route of ['/api/sales-invoices', '/api/sales-invoices/export']) {
        const bad = await viewer.get<Refusal>(`${route}?${q}`);
        expect([bad.status, bad.body.code], `${route} ${q}`).toEqual([400, 'VALIDATION_FAILED']);
        expect(bad.body.details.issues.map((i) => i.path)).toEqual([path]);
      }
    }
    const refusal = await viewer.get<Refusal>('/api/sales-invoices?shippedFrom=2026-07-02&shippedTo=2026-07-01');
    expect(refusal.body.message).toContain('shippedTo (2026-07-01) is before shippedFrom (2026-07-02)');
    const xlsx = await viewer.get(`/api/sales-invoices/export?warehouseId=${w.id}&late=true&shippedFrom=2026-07-01`);
    expect(xlsx.status).toBe(200);
  });

  it('finds a renamed customer by the new name; a search broader than the cap walks the list to the same pages, counted as "at least"', async () => {
    const w = await warehouse();
    const tag = `Walker${uniq()}`;
    const c = await customer(`Ann ${tag}`);
    const [p, q] = await Promise.all([product(), product()]);
    for (let i = 0; i < 5; i++)
      await pending(c.id, w.id, [
        { productId: p.id, quantity: '1', unitPrice: String(7 - i) },
        { productId: q.id, quantity: '1', unitPrice: '1' },
      ]);
    const db = ta.t.db;
    const numbers = async (qs: string) =>
      (await viewer.get<SalesInvoicePage>(`/api/sales-invoices?warehouseId=${w.id}&${qs}`)).body;
    await sql`UPDATE customers SET name = ${`Bea ${tag}renamed`} WHERE id = ${c.id}`.execute(db);
    expect((await numbers(`q=${encodeURIComponent(`bea ${tag}renamed`)}`)).items).toHaveLength(5);
    // The names printed on the invoices stay searchable too.
    expect((await numbers(`q=${encodeURIComponent(`ann ${tag}`)}`)).items).toHaveLength(5);
    // Two letters have no trigram: the planner reads the table instead of the indexes, with the same answer.
    expect((await numbers('q=aL')).items).toHaveLength(5);
    const narrow = await numbers(`q=${tag}`);
    expect([narrow.statusCounts.PENDING, narrow.countsCapped]).toEqual([5, []]);

    // With a cap of 2 the probe calls both searches broad; walking gives the very pages taking every match first gives.
    for (const [text, skus] of [
      [tag, false],
      [p.sku, true],
    ] as const) {
      const probe = await searchProbe(db, text, 2);
      expect([probe.broad, probe.skus]).toEqual([true, skus]);
      for (const sort of [undefined, 'number', '-grossTotal', 'customer', '-createdAt']) {
        const f = { q: text, warehouseId: w.id, sort } as SalesInvoiceFilter;
        for (const offset of [0, 2, 4]) {
          const walked = await findInvoices(db, f, 2, offset, { walk: text, skus: probe.skus });
          const first = await findInvoices(db, f, 2, offset);
          expect(walked.map((r) => r.number)).toEqual(first.map((r) => r.number));
        }
      }
      const filter = { q: text, warehouseId: w.id } as SalesInvoiceFilter;
      expect((await countByStatus(db, filter, 2, probe.ids)).get('PENDING')).toBe(probe.ids.length);
    }
  });

  it('32 clients booking invoices for the last units never reserve more than is available', async () => {
    const w = await warehouse();
    const c = await customer();
    const p = await product();
    await stockIn(p.id, w.id, '10');
    const invoices = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        pending(c.id, w.id, [{ productId: p.id, quantity: i % 2 ? '1' : '2', unitPrice: '1' }]),
      ),
    );
    // 32 requests at once from two signed-in users, each request booking its own invoice.
    const clients = [admin, booker];
    const answers = await Promise.all(
      invoices.map((inv, i) => clients[i % 2]?.post<SalesInvoice>(`/api/sales-invoices/${inv.id}/book`, {})),
    );
    const ok = answers.filter((a) => a?.status === 200);
    expect(answers.every((a) => a?.status === 200 || a?.status === 422)).toBe(true);
    const reserved = ok.reduce((s, a) => s.add(a?.body.totalQuantity ?? 0), new Decimal(0));
    const lvl = await level(p.id, w.id);
    expect(new Decimal(lvl.reserved).toFixed()).toBe(reserved.toFixed());
    expect(reserved.lte(10)).toBe(true);
    // The units were all given out: what is left cannot serve any refused invoice (each wants 1 or 2).
    expect(new Decimal(10).sub(reserved).lt(2)).toBe(true);
    const { rows } = await sql<{ n: string }>`SELECT coalesce(sum(open_quantity), 0) AS n FROM stock_reservations
      WHERE product_id = ${p.id} AND status = 'OPEN'`.execute(ta.t.db);
    expect(new Decimal(rows[0]?.n ?? 0).toFixed()).toBe(reserved.toFixed());
  }, 120_000);
});
