import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AMAZON_FAKE_CREDENTIALS, type AmazonFake, startAmazonFake, usagePlans } from '../../fakes/amazon/index.ts';
import { contractPath } from '../../fakes/kit/contracts-dir.ts';
import { loadContract } from '../../fakes/kit/openapi.ts';
import { AMAZON_LIMITS } from '../../src/domains/channels/connectors/amazon/client.ts';
import { amazonConnector } from '../../src/domains/channels/connectors/amazon/index.ts';
import type { ChannelOrder } from '../../src/domains/channels/connectors/types.ts';
import { type CallRecord, ConnectorError, resetRateLimits } from '../../src/platform/connectors/http.ts';

const UK = 'A1F83G8C2ARO7P';
let fake: AmazonFake;
let records: CallRecord[] = [];
let accounts = 0;

function connect(credentials: Partial<typeof AMAZON_FAKE_CREDENTIALS> = {}, url = fake.url) {
  accounts += 1;
  return amazonConnector.create({
    account: {
      id: `amazon-${accounts}`,
      type: 'AMAZON',
      name: 'Amazon UK',
      environment: 'PRODUCTION',
      baseUrl: url,
      marketplace: UK,
      credentials: { ...AMAZON_FAKE_CREDENTIALS, ...credentials },
      locations: [],
    },
    sink: (r) => records.push(r),
    http: { backoffBaseMs: 1, maxRetries: 2, timeoutMs: 500 },
  });
}

const buyer = { name: 'Ada Lovelace', email: 'ada@example.co.uk', phone: '07700900123' };
const shipTo = {
  name: 'Ada Lovelace',
  line1: '12 Analytical Row',
  city: 'London',
  postcode: 'N1 9GU',
  countryCode: 'GB',
};
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ConnectorError,
  );

async function listAll(c: ReturnType<typeof connect>, since: Date): Promise<ChannelOrder[]> {
  const out: ChannelOrder[] = [];
  let next: string | null = null;
  do {
    const page = await c.listOrders({ updatedFrom: since, updatedTo: new Date(Date.now() + 60_000), next });
    out.push(...page.items);
    next = page.next;
  } while (next);
  return out;
}

beforeAll(async () => {
  fake = await startAmazonFake({ pageSizes: { orders: 2, orderItems: 1, inventory: 2 } });
});
afterAll(() => fake.close());
beforeEach(() => {
  resetRateLimits();
  records = [];
  fake.state.listings = null;
});
afterEach(() => {
  const violations = [...fake.violations];
  fake.reset();
  expect(violations).toEqual([]);
});

describe('Amazon connector', () => {
  it('uses the usage plans of the model files', async () => {
    const files = ['ordersV0.json', 'feeds_2021-06-30.json', 'fbaInventory.json', 'tokens_2021-03-01.json'];
    const plans = usagePlans(await Promise.all(files.map((f) => loadContract(contractPath('amazon-sp-api', f)))));
    for (const [op, limit] of Object.entries(AMAZON_LIMITS)) expect(plans[op], op).toEqual(limit);
  });

  it('tests the connection, and says which credential Amazon refused', async () => {
    expect(await connect().testConnection()).toMatch(
      /^Connected to Amazon as seller A2FAKESELLER01, marketplace A1F83G8C2ARO7P \(Amazon\.co\.uk\)/,
    );
    const badToken = await failure(connect({ refreshToken: 'Atzr|wrong' }).testConnection());
    expect(badToken).toBeInstanceOf(ConnectorError);
    expect(badToken?.message).toBe(
      'Amazon refused the refresh token: The request has an invalid grant parameter : refresh_token',
    );
    expect(badToken?.retryable).toBe(false);
    const badSecret = await failure(connect({ clientSecret: 'wrong-secret' }).testConnection());
    expect(badSecret?.message).toBe('Amazon refused the client id and secret: Client authentication failed');
  });

  it('lists orders with their items, buyer and address, oldest change first, a page at a time', async () => {
    const since = new Date();
    const first = fake.seedOrder({
      buyer,
      shipTo: { ...shipTo, line2: 'Flat 2', county: 'Greater London' },
      lines: [
        { sku: 'MUG-1', title: 'Mug', quantity: 2, unitPrice: '7.50' },
        { sku: 'TEA-3', title: 'Tea', quantity: 3, unitPrice: '0' },
      ],
      lineTotals: [undefined, '10.00'],
      shippingCharge: '3.99',
    });
    const second = fake.seedOrder({ buyer, shipTo, lines: [{ sku: 'MUG-1', quantity: 1, unitPrice: '7.50' }] });
    const third = fake.seedOrder({
      buyer,
      shipTo,
      status: 'Pending',
      lines: [{ sku: 'X', quantity: 1, unitPrice: '1' }],
    });
    fake.cancelOrder(second);
    const orders = await listAll(connect(), since);
    expect(orders.map((o) => [o.externalOrderId, o.status])).toEqual([
      [first, 'UNSHIPPED'],
      [third, 'PENDING'],
      [second, 'CANCELLED'],
    ]);
    const o = orders[0]!;
    expect(o).toMatchObject({
      currency: 'GBP',
      pricesIncludeVat: true,
      shippingCharge: '3.99',
      shippingLevel: 'Standard',
      buyer: { name: 'Ada Lovelace', email: 'ada@example.co.uk', phone: '07700900123' },
      shipTo: {
        name: 'Ada Lovelace',
        line1: '12 Analytical Row',
        line2: 'Flat 2',
        city: 'London',
        county: 'Greater London',
        postcode: 'N1 9GU',
        countryCode: 'GB',
      },
    });
    // 10.00 for three teas does not divide: two at 3.33 and one at 3.34 keep the total.
    expect(o.lines.map((l) => [l.sku, l.quantity, l.unitPrice])).toEqual([
      ['MUG-1', 2, '7.50'],
      ['TEA-3', 2, '3.33'],
      ['TEA-3', 1, '3.34'],
    ]);
    expect(new Set(o.lines.map((l) => l.externalLineId)).size).toBe(3);
    expect(fake.calls.filter((c) => c.operation === 'createRestrictedDataToken')).toHaveLength(1);
  });

  it('confirms a shipment once, however often it is sent, and names what Amazon refused', async () => {
    const id = fake.seedOrder({
      buyer,
      shipTo,
      lines: [{ sku: 'TEA-3', quantity: 3, unitPrice: '0' }],
      lineTotals: ['10.00'],
    });
    const c = connect();
    const since = new Date(Date.now() - 60_000);
    const order = (await listAll(c, since)).find((x) => x.externalOrderId === id)!;
    const shipment = {
      externalOrderId: id,
      lines: order.lines.map((l) => ({ externalLineId: l.externalLineId, quantity: l.quantity })),
      carrierCode: 'Royal Mail',
      carrierName: 'Royal Mail',
      serviceName: 'Tracked 48',
      trackingNumber: 'RM123456789GB',
      shippedAt: new Date(),
    };
    await c.confirmShipment(shipment);
    await c.confirmShipment(shipment);
    const itemId = order.lines[0]!.externalLineId;
    expect(fake.shipmentsOf(id)).toEqual([
      { trackingNumber: 'RM123456789GB', carrierCode: 'Royal Mail', lineIds: [itemId] },
    ]);
    const cancelled = fake.seedOrder({ buyer, shipTo, lines: [{ sku: 'A', quantity: 1, unitPrice: '1.00' }] });
    fake.cancelOrder(cancelled);
    const e = await failure(
      c.confirmShipment({ ...shipment, externalOrderId: cancelled, lines: [{ externalLineId: '1', quantity: 1 }] }),
    );
    expect(e?.message).toBe(`Amazon refused the shipment of order ${cancelled}: The order is cancelled.`);
    expect(e?.retryable).toBe(false);
  });

  it('pushes stock as one JSON_LISTINGS_FEED checked against the listings feed schemas', async () => {
    fake.state.listings = new Set(['MUG-1', 'TEA-3']);
    const c = connect();
    expect(c.stockBatchSize).toBe(10_000);
    const level = (sku: string, quantity: number) => ({
      listing: { sku, externalId: null, externalRef: null },
      quantity,
      previousQuantity: null,
    });
    const pushed = await c.pushStockFeed([level('MUG-1', 12), level('TEA-3', 0), level('GONE-9', 4)]);
    expect(pushed.results.map((r) => [r.sku, r.ok])).toEqual([
      ['MUG-1', true],
      ['TEA-3', true],
      ['GONE-9', true],
    ]);
    expect([fake.quantityOf('MUG-1'), fake.quantityOf('TEA-3'), fake.quantityOf('GONE-9')]).toEqual([12, 0, null]);
    const result = await c.feedResult(pushed.feedId!);
    expect(result).toEqual({
      status: 'DONE',
      accepted: 2,
      refused: [{ sku: 'GONE-9', ok: false, error: 'SKU GONE-9 is not listed by this seller.', retryable: false }],
    });
    expect(await c.pushStock([level('MUG-1', 5)])).toEqual([{ sku: 'MUG-1', ok: true, error: null, retryable: false }]);
    expect(fake.quantityOf('MUG-1')).toBe(5);
  });

  it('reports a feed still queued, and asks for the seller id it needs', async () => {
    fake.state.holdFeeds = true;
    const c = connect();
    const level = {
      listing: { sku: 'MUG-1', externalId: null, externalRef: 'DRINKING_CUP' },
      quantity: 3,
      previousQuantity: null,
    };
    const { feedId } = await c.pushStockFeed([level]);
    expect((await c.feedResult(feedId!)).status).toBe('IN_QUEUE');
    await fake.processFeeds();
    fake.state.holdFeeds = false;
    expect((await c.feedResult(feedId!)).status).toBe('DONE');
    const e = await failure(connect({ sellerId: '' }).pushStock([level]));
    expect(e?.message).toBe('Amazon needs the seller id (merchant token) of the account for stock feeds.');
  });

  it('reads FBA inventory page by page', async () => {
    fake.seedInventory([
      {
        sku: 'MUG-1',
        asin: 'B000000001',
        fnsku: 'X0001',
        fulfillable: 10,
        inboundWorking: 1,
        inboundShipped: 2,
        inboundReceiving: 3,
        reserved: 4,
        unfulfillable: 5,
      },
      { sku: 'TEA-3', fulfillable: 0 },
      { sku: 'PEN-2', fulfillable: 7 },
    ]);
    const c = connect();
    const first = await c.fbaInventory!({ next: null });
    expect(first.items[0]).toMatchObject({
      sku: 'MUG-1',
      asin: 'B000000001',
      fnsku: 'X0001',
      fulfillable: 10,
      inbound: 6,
      reserved: 4,
      unfulfillable: 5,
    });
    const second = await c.fbaInventory!({ next: first.next });
    expect([...first.items, ...second.items].map((r) => r.sku)).toEqual(['MUG-1', 'TEA-3', 'PEN-2']);
    expect(second.next).toBeNull();
  });

  it('uploads a VAT invoice and refunds by payment adjustment, once per credit note', async () => {
    const id = fake.seedOrder({
      buyer,
      shipTo,
      lines: [{ sku: 'MUG-1', quantity: 2, unitPrice: '7.50' }],
      shippingCharge: '2.00',
    });
    const c = connect();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from([0xe2, 0x82, 0xac, 0xff, 0x00])]);
    await c.uploadInvoice!({
      externalOrderId: id,
      invoiceNumber: 'INV-1001',
      pdf,
      totalAmount: '17.00',
      vatAmount: '2.83',
    });
    expect(fake.invoicesOf(id)).toEqual([
      { orderId: id, invoiceNumber: 'INV-1001', totalAmount: '17.00', vatAmount: '2.83', bytes: pdf.length },
    ]);
    const order = (await listAll(c, new Date(Date.now() - 60_000))).find((o) => o.externalOrderId === id)!;
    const refund = {
      externalOrderId: id,
      reference: 'CN-0001',
      amount: '9.50',
      currency: 'GBP',
      reason: 'Customer return',
      lines: [
        { externalLineId: order.lines[0]!.externalLineId, sku: 'MUG-1', quantity: '1', grossAmount: '7.50' },
        { externalLineId: null, sku: null, quantity: '1', grossAmount: '2.00' },
      ],
    };
    expect((await c.refund!(refund)).externalRefundId).toMatch(/^\d+$/);
    await c.refund!(refund);
    expect(fake.refundsOf(id)).toEqual([{ amount: '9.50', reference: 'CN-0001' }]);
  });
});

describe('Amazon connector on a failing service', () => {
  it('waits out a 429 with Retry-After, retries a 5xx, a timeout and a hang-up', async () => {
    const c = connect();
    fake.inject({ operation: 'getInventorySummaries', status: 429 });
    fake.inject({ operation: 'getOrders', status: 503 });
    fake.inject({ operation: 'getOrderItems', delayMs: 800 });
    fake.inject({ operation: 'createFeedDocument', hangUp: true });
    const started = Date.now();
    await c.fbaInventory!({ next: null });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    fake.seedOrder({ buyer, shipTo, lines: [{ sku: 'A', quantity: 1, unitPrice: '1.00' }] });
    expect((await listAll(c, new Date(Date.now() - 5_000))).length).toBeGreaterThan(0);
    await c.pushStock([
      { listing: { sku: 'A', externalId: null, externalRef: null }, quantity: 1, previousQuantity: null },
    ]);
    const statuses = (op: string) => records.filter((r) => r.operation === op).map((r) => r.status);
    expect(statuses('getInventorySummaries')).toEqual([429, 200]);
    expect(statuses('getOrders').slice(0, 2)).toEqual([503, 200]);
    expect(statuses('getOrderItems').slice(0, 2)).toEqual([null, 200]);
    expect(statuses('createFeedDocument')).toEqual([null, 201]);
  });

  it('does not retry a 400, and gives up after its retries', async () => {
    const c = connect();
    fake.inject({
      operation: 'createFeedDocument',
      status: 400,
      body: { errors: [{ code: 'InvalidInput', message: 'Bad content type' }] },
    });
    const e = await failure(
      c.pushStock([
        { listing: { sku: 'A', externalId: null, externalRef: null }, quantity: 1, previousQuantity: null },
      ]),
    );
    expect(e?.message).toBe('Amazon did not open a JSON_LISTINGS_FEED feed document: Bad content type');
    expect([e?.retryable, e?.status]).toEqual([false, 400]);
    expect(fake.calls.filter((x) => x.operation === 'createFeedDocument')).toHaveLength(1);
    fake.inject({ operation: 'getInventorySummaries', status: 500, times: 3 });
    const down = await failure(c.fbaInventory!({ next: null }));
    expect([down?.retryable, down?.status]).toEqual([true, 500]);
    expect(down?.message).toMatch(/^Amazon did not give the FBA inventory: /);
  });

  it('keeps its access token, and gets another when Amazon revokes it', async () => {
    const c = connect();
    const before = fake.tokensIssued();
    await c.testConnection();
    await c.fbaInventory!({ next: null });
    expect(fake.tokensIssued()).toBe(before + 1);
    fake.expireTokens();
    await c.fbaInventory!({ next: null });
    expect(fake.tokensIssued()).toBe(before + 2);
    expect(records.filter((r) => r.status === 403)).toHaveLength(1);
  });

  it('writes no secret into the call records', async () => {
    const c = connect();
    const since = new Date();
    const id = fake.seedOrder({ buyer, shipTo, lines: [{ sku: 'A', quantity: 1, unitPrice: '1.00' }] });
    await listAll(c, since);
    await c.uploadInvoice!({
      externalOrderId: id,
      invoiceNumber: 'INV-2',
      pdf: Buffer.from('%PDF-1.4'),
      totalAmount: '1.00',
      vatAmount: '0.17',
    });
    const text = JSON.stringify(records);
    for (const secret of [
      AMAZON_FAKE_CREDENTIALS.clientSecret,
      AMAZON_FAKE_CREDENTIALS.refreshToken,
      'Atza|',
      'Atz.sprdt|',
      'X-Amz-Signature=',
    ])
      expect(text).not.toContain(secret);
    expect(records.some((r) => r.operation === 'lwaToken' && r.responseBody?.includes('"access_token":"***"'))).toBe(
      true,
    );
  });

  it("keeps to the fake's usage plans: a client over the bucket gets 429 with Amazon's rate header", async () => {
    const limited = await startAmazonFake({ rateLimits: { getInventorySummaries: { ratePerSecond: 2, burst: 1 } } });
    try {
      const c = connect({}, limited.url);
      await Promise.all([c.fbaInventory!({ next: null }), c.fbaInventory!({ next: null })]);
      const answers = limited.calls.filter((x) => x.operation === 'getInventorySummaries').map((x) => x.status);
      expect(answers.sort()).toEqual([200, 200, 429]);
      expect(limited.violations).toEqual([]);
    } finally {
      await limited.close();
    }
  });

  it("the fake's contract check refuses a malformed request", async () => {
    const res = await fetch(`${fake.url}/orders/v0/orders?MaxResultsPerPage=many`);
    expect(res.status).toBe(400);
    expect(fake.violations).toEqual([
      "amazon request: getOrders: query must have required property 'MarketplaceIds'",
      'amazon request: getOrders: query/MaxResultsPerPage must be integer',
    ]);
    const bad = await fetch(`${fake.url}/feeds/2021-06-30/feeds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ feedType: 'JSON_LISTINGS_FEED', marketplaceIds: UK }),
    });
    expect(bad.status).toBe(400);
    expect(fake.violations).toHaveLength(4);
    fake.violations.length = 0;
  });
});
