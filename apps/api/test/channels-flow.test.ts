import type {
  Carrier,
  ChannelAccount,
  ChannelListing,
  ChannelMessage,
  Page,
  SalesInvoice,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMAZON_FAKE_CREDENTIALS, type AmazonFake, startAmazonFake } from '../fakes/amazon/index.ts';
import { checkStock } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { receivingWarehouse, settleJobs } from './channels-kit.ts';
import { shipInvoices } from './fulfilment.ts';

/**
 * The channels end to end through the API and the job runner, against the Amazon fake: an order pulled becomes one
 * booked invoice (twice pulled, still one), an unknown SKU fails in words and is retried once mapped, shipping tells
 * Amazon the tracking number and uploads the VAT invoice, and every change of available stock reaches the listing's quantity.
 */

let ta: TestApp;
let admin: ApiClient;
let fake: AmazonFake;
let account: ChannelAccount;
let warehouseId: string;
let product: { id: string; sku: string };
let carrier: Carrier;
let n = 0;
const uniq = () => `${++n}${Date.now() % 100000}`;
const key = () => ({ 'idempotency-key': `cf-${uniq()}` });

const settle = () => settleJobs(ta);

beforeAll(async () => {
  ta = await startTestApp();
  admin = (await clientWith(ta, ALL_PERMISSIONS)).api;
  fake = await startAmazonFake();
  warehouseId = (await receivingWarehouse(ta, `CFW${uniq()}`, 'Channel warehouse')).id;
  product = await ta.t.db
    .insertInto('products')
    .values({ sku: `CF-${uniq()}`, name: 'Channel widget', unit: 'Unit', kind: 'STOCK', sale_price: '12.50' })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
  const stocked = await admin.post('/api/stock/adjustments', {
    reason: 'Opening balance',
    lines: [{ productId: product.id, warehouseId, quantity: '10', unitCost: '4.00' }],
  });
  expect(stocked.status, JSON.stringify(stocked.body)).toBe(201);
  const c = await admin.post<Carrier>(
    '/api/shipping-carriers',
    {
      code: `RM${uniq()}`,
      name: 'Royal Mail',
      integration: 'ROYAL_MAIL',
      services: [{ code: 'TPN24', name: 'Tracked 24', tracked: true }],
    },
    key(),
  );
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  carrier = c.body;
  const a = await admin.post<ChannelAccount>(
    '/api/channel-accounts',
    {
      type: 'AMAZON',
      name: 'Amazon UK',
      environment: 'SANDBOX',
      baseUrl: fake.url,
      credentials: {
        clientId: AMAZON_FAKE_CREDENTIALS.clientId,
        clientSecret: AMAZON_FAKE_CREDENTIALS.clientSecret,
        refreshToken: AMAZON_FAKE_CREDENTIALS.refreshToken,
        sellerId: AMAZON_FAKE_CREDENTIALS.sellerId,
      },
      settings: {
        warehouseIds: [warehouseId],
        carrierCodes: [{ carrierCode: carrier.code, channelCode: 'Royal Mail' }],
        stockBuffer: { mode: 'UNITS', value: 1 },
      },
    },
    key(),
  );
  expect(a.status, JSON.stringify(a.body)).toBe(201);
  account = a.body;
  ta.app.jobs.start();
}, 120_000);
afterAll(async () => {
  await fake?.close();
  await ta?.close();
});

const seed = (sku: string, quantity: number) =>
  fake.seedOrder({
    buyer: { name: 'Ada Buyer', email: `ada${uniq()}@marketplace.example` },
    shipTo: { name: 'Ada Buyer', line1: '1 Market Street', city: 'Leeds', postcode: 'LS1 4AP', countryCode: 'GB' },
    lines: [{ sku, quantity, unitPrice: '12.50', title: 'Channel widget' }],
    shippingCharge: '2.99',
  });

async function runNow(stream: string) {
  const res = await admin.post<{ jobId: string }>(`/api/channel-accounts/${account.id}/run`, { stream });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await settle();
}
const messages = async (query = '') =>
  (await admin.get<Page<ChannelMessage>>(`/api/channel-messages?accountId=${account.id}${query}`)).body.items;

describe('channels end to end (Amazon fake)', () => {
  it('tests the connection in words and logs every call without a secret', async () => {
    const res = await admin.post<{ ok: boolean; message: string }>(`/api/channel-accounts/${account.id}/test`, {});
    expect(res.status).toBe(200);
    expect(res.body.ok, res.body.message).toBe(true);
    const calls = await ta.t.db
      .selectFrom('system_logs')
      .select('after')
      .where('action', '=', 'api_call')
      .where('entity_id', '=', account.id)
      .execute();
    expect(calls.length).toBeGreaterThan(0);
    const text = JSON.stringify(calls);
    for (const secret of [AMAZON_FAKE_CREDENTIALS.clientSecret, AMAZON_FAKE_CREDENTIALS.refreshToken])
      expect(text).not.toContain(secret);
  });

  it('makes a pulled order one booked invoice, also when pulled twice, and fails an unknown SKU in words', async () => {
    const listing = await admin.post<ChannelListing>(
      '/api/channel-listings',
      { accountId: account.id, productId: product.id, sku: `AMZ-${product.sku}`, externalId: 'B0FAKE0001' },
      key(),
    );
    expect(listing.status, JSON.stringify(listing.body)).toBe(201);
    const orderId = seed(`AMZ-${product.sku}`, 2);
    const unknownId = seed('NOT-LISTED-1', 1);
    await runNow('ORDERS');
    await runNow('ORDERS');
    const invoices = await ta.t.db
      .selectFrom('sales_invoices')
      .select(['id', 'status', 'channel', 'channel_account_id', 'gross_total'])
      .where('external_order_id', '=', orderId)
      .execute();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'BOOKED', channel: 'AMAZON', channel_account_id: account.id });
    // 2 × 12.50 + 2.99 shipping, VAT included.
    expect(invoices[0]?.gross_total).toBe('27.99');
    const failed = (await messages('&status=FAILED')).filter((m) => m.externalOrderId === unknownId);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ processType: 'FAILED_CREATE_ORDER', operation: 'ORDER' });
    expect(failed[0]?.lastError).toContain('NOT-LISTED-1');
    const unmapped = await admin.get<Page<{ sku: string }>>(`/api/channel-unmapped-skus?accountId=${account.id}`);
    expect(unmapped.body.items.map((u) => u.sku)).toEqual(['NOT-LISTED-1']);
    const created = (await messages('&status=DONE')).filter((m) => m.externalOrderId === orderId);
    expect(created.map((m) => m.processType)).toEqual(['CREATE_ORDER']);

    // Mapped, then retried: the failed message becomes the order's invoice.
    const other = await ta.t.db
      .insertInto('products')
      .values({ sku: `CF-${uniq()}`, name: 'Other widget', unit: 'Unit', kind: 'STOCK', sale_price: '12.50' })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    await admin.post(
      '/api/channel-listings',
      { accountId: account.id, productId: other.id, sku: 'NOT-LISTED-1' },
      key(),
    );
    const retried = await admin.post<ChannelMessage>(`/api/channel-messages/${failed[0]?.id}/retry`, {});
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ status: 'PENDING', processType: 'CREATE_ORDER' });
    await settle();
    const [again] = (await messages()).filter((m) => m.id === failed[0]?.id);
    expect(again).toMatchObject({ status: 'DONE', processType: 'CREATE_ORDER' });
    expect(again?.salesInvoice?.number).toBeTruthy();
  });

  it('tells Amazon the tracking number once the invoice ships, and pushes the stock left', async () => {
    const orderId = seed(`AMZ-${product.sku}`, 1);
    await runNow('ORDERS');
    const inv = await ta.t.db
      .selectFrom('sales_invoices')
      .select(['id'])
      .where('external_order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const shipped = await shipInvoices(admin, warehouseId, [inv.id], { carrierServiceId: carrier.services[0]?.id });
    await settle();
    const tracking = shipped.trackingNumbers[inv.id]?.[0];
    expect(fake.shipmentsOf(orderId)).toEqual([
      expect.objectContaining({ trackingNumber: tracking, carrierCode: 'Royal Mail' }),
    ]);
    const sent = (await messages('&operation=SHIPMENT')).filter((m) => m.externalOrderId === orderId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ status: 'DONE', processType: 'STATUS_SHIPPED' });
    // UPLOAD_INVOICE: the VAT invoice's PDF goes to Amazon beside the confirmation, with its totals.
    const uploaded = (await messages('&operation=INVOICE')).filter((m) => m.externalOrderId === orderId);
    expect(uploaded.map((m) => [m.status, m.processType])).toEqual([['DONE', 'UPLOAD_INVOICE']]);
    const invoice = await ta.t.db
      .selectFrom('sales_invoices')
      .select(['number', 'gross_total', 'vat_total'])
      .where('id', '=', inv.id)
      .executeTakeFirstOrThrow();
    expect(fake.invoicesOf(orderId)).toEqual([
      expect.objectContaining({
        invoiceNumber: invoice.number,
        totalAmount: invoice.gross_total,
        vatAmount: invoice.vat_total,
      }),
    ]);
    // 10 in, 1 shipped: 9 on hand; the first order's 2 still reserved: 7 available, less the account's 1-unit buffer.
    const detail = await admin.get<SalesInvoice>(`/api/sales-invoices/${inv.id}`);
    expect(detail.body.status).toBe('PROCESSED');
    expect(fake.quantityOf(`AMZ-${product.sku}`)).toBe(6);
    const stock = await checkStock(ta.t.db);
    expect(stock.ok).toBe(true);
  });

  it('fails a shipment confirmation Amazon refuses at once, in FAILED_STATUS_SHIPPED, and retries it', async () => {
    const orderId = seed(`AMZ-${product.sku}`, 1);
    await runNow('ORDERS');
    const inv = await ta.t.db
      .selectFrom('sales_invoices')
      .select(['id'])
      .where('external_order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    fake.inject({ operation: 'confirmShipment', status: 400, times: 1 });
    await shipInvoices(admin, warehouseId, [inv.id], { carrierServiceId: carrier.services[0]?.id });
    await settle();
    const [failed] = (await messages('&operation=SHIPMENT&status=FAILED')).filter((m) => m.externalOrderId === orderId);
    expect(failed).toMatchObject({ processType: 'FAILED_STATUS_SHIPPED', attempts: 1 });
    expect(fake.shipmentsOf(orderId)).toEqual([]);
    const retried = await admin.post<ChannelMessage>(`/api/channel-messages/${failed?.id}/retry`, {});
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ status: 'PENDING', processType: 'STATUS_SHIPPED' });
    await settle();
    const [done] = (await messages('&operation=SHIPMENT')).filter((m) => m.externalOrderId === orderId);
    expect(done).toMatchObject({ status: 'DONE', processType: 'STATUS_SHIPPED' });
    expect(fake.shipmentsOf(orderId)).toHaveLength(1);
    expect(fake.violations).toEqual([]);
  });

  it("reads Amazon's fulfilment-centre stock beside what is in transit, for the FBA screen", async () => {
    fake.seedInventory([
      {
        sku: `AMZ-${product.sku}`,
        asin: 'B0FAKE0001',
        fulfillable: 12,
        inboundShipped: 3,
        reserved: 1,
        unfulfillable: 2,
      },
      { sku: 'FBA-ONLY-1', fulfillable: 5 },
    ]);
    await runNow('FBA_INVENTORY');
    const fbaUser = (await clientWith(ta, ['view_fba_inventory'])).api;
    const res = await fbaUser.get<{
      items: { sku: string; fulfillable: string; inbound: string; product: { id: string } | null }[];
      totals: { fulfillable: string; unfulfillable: string };
    }>('/api/fba-inventory');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.map((r) => [r.sku, r.fulfillable, r.inbound, r.product?.id ?? null])).toEqual([
      [`AMZ-${product.sku}`, '12', '3', product.id],
      ['FBA-ONLY-1', '5', '0', null],
    ]);
    expect(res.body.totals).toMatchObject({ fulfillable: '17', unfulfillable: '2' });
    const nobody = (await clientWith(ta, ['view_sales_invoice'])).api;
    expect((await nobody.get('/api/fba-inventory')).status).toBe(403);
  });

  it('shows each stream and the counts on the screens, for the permissions that open them', async () => {
    const state = await admin.get<{
      items: { account: { id: string }; streams: { stream: string; lastOkAt: string | null }[] }[];
    }>('/api/channel-sync/state?types=AMAZON');
    expect(state.status).toBe(200);
    const mine = state.body.items.find((i) => i.account.id === account.id);
    expect(mine?.streams.find((s) => s.stream === 'ORDERS')?.lastOkAt).toBeTruthy();
    const ebayOnly = (await clientWith(ta, ['ebay_stock_update'])).api;
    expect((await ebayOnly.get<{ items: unknown[] }>('/api/channel-sync/state?types=AMAZON')).body.items).toEqual([]);
    expect((await ebayOnly.get<Page<ChannelMessage>>('/api/channel-messages')).body.items).toEqual([]);
    expect((await ebayOnly.post(`/api/channel-accounts/${account.id}/run`, { stream: 'ORDERS' })).status).toBe(403);
    const amazonFulfilment = (await clientWith(ta, ['amazon_fulfilment'])).api;
    expect((await amazonFulfilment.get<Page<ChannelMessage>>('/api/channel-messages')).body.total).toBeGreaterThan(0);
  });
});
