import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EBAY_FAKE_CREDENTIALS, type EbayFake, startEbayFake } from '../../fakes/ebay/index.ts';
import { ebayConnector } from '../../src/domains/channels/connectors/ebay/index.ts';
import type { ChannelOrder, StockLevel } from '../../src/domains/channels/connectors/types.ts';
import { type CallRecord, ConnectorError, resetRateLimits } from '../../src/platform/connectors/http.ts';

let fake: EbayFake;
let records: CallRecord[] = [];
let accounts = 0;

function connect(credentials: Partial<typeof EBAY_FAKE_CREDENTIALS> = {}) {
  accounts += 1;
  return ebayConnector.create({
    account: {
      id: `ebay-${accounts}`,
      type: 'EBAY',
      name: 'eBay UK',
      environment: 'PRODUCTION',
      baseUrl: fake.url,
      marketplace: 'EBAY_GB',
      credentials: { ...EBAY_FAKE_CREDENTIALS, ...credentials },
      locations: [],
    },
    sink: (r) => records.push(r),
    http: { backoffBaseMs: 1, maxRetries: 2, timeoutMs: 500 },
  });
}

const buyer = { name: 'Grace Hopper', email: 'grace@example.co.uk', phone: '07700900456' };
const shipTo = {
  name: 'Grace Hopper',
  line1: '1 Compiler Close',
  city: 'Leeds',
  postcode: 'LS1 4AP',
  countryCode: 'GB',
};
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ConnectorError,
  );
const level = (sku: string, quantity: number, offerId: string | null = null): StockLevel => ({
  listing: { sku, externalId: null, externalRef: offerId },
  quantity,
  previousQuantity: null,
});

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
  fake = await startEbayFake();
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

describe('eBay connector', () => {
  it('tests the connection, and says which credential eBay refused', async () => {
    expect(await connect().testConnection()).toMatch(/^Connected to eBay, marketplace EBAY_GB: /);
    const badToken = await failure(connect({ refreshToken: 'v^1.1#wrong' }).testConnection());
    expect(badToken).toBeInstanceOf(ConnectorError);
    expect(badToken?.message).toBe(
      'eBay refused the refresh token: the provided authorization refresh token is invalid or was issued to another client',
    );
    expect(badToken?.retryable).toBe(false);
    const badSecret = await failure(connect({ clientSecret: 'PRD-wrong' }).testConnection());
    expect(badSecret?.message).toBe('eBay refused the client id and secret: client authentication failed');
  });

  it('lists orders changed in the window, oldest change first, with lines, buyer and address', async () => {
    const since = new Date();
    const first = fake.seedOrder({
      buyer,
      shipTo: { ...shipTo, line2: 'Unit 4', county: 'West Yorkshire' },
      lines: [
        { sku: 'MUG-1', title: 'Mug', quantity: 2, unitPrice: '7.50' },
        { sku: 'TEA-3', title: 'Tea', quantity: 3, unitPrice: '0' },
      ],
      lineTotals: [undefined, '10.00'],
      shippingCharge: '2.99',
    });
    const second = fake.seedOrder({ buyer, shipTo, lines: [{ sku: 'MUG-1', quantity: 1, unitPrice: '7.50' }] });
    const third = fake.seedOrder({ buyer, shipTo, lines: [{ sku: 'PEN-2', quantity: 1, unitPrice: '1.20' }] });
    fake.cancelOrder(second);
    const orders = await listAll(connect(), since);
    expect(orders.map((o) => [o.externalOrderId, o.status])).toEqual([
      [first, 'UNSHIPPED'],
      [third, 'UNSHIPPED'],
      [second, 'CANCELLED'],
    ]);
    expect(orders[0]).toMatchObject({
      currency: 'GBP',
      pricesIncludeVat: true,
      shippingCharge: '2.99',
      shippingLevel: 'UK_RoyalMailSecondClassStandard',
      buyer: { name: 'Grace Hopper', email: 'grace@example.co.uk', phone: '07700900456' },
      shipTo: {
        name: 'Grace Hopper',
        line1: '1 Compiler Close',
        line2: 'Unit 4',
        city: 'Leeds',
        county: 'West Yorkshire',
        postcode: 'LS1 4AP',
        countryCode: 'GB',
      },
    });
    expect(orders[0]?.lines.map((l) => [l.sku, l.quantity, l.unitPrice])).toEqual([
      ['MUG-1', 2, '7.50'],
      ['TEA-3', 2, '3.33'],
      ['TEA-3', 1, '3.34'],
    ]);
  });

  it('pages through more orders than one page holds', async () => {
    const since = new Date();
    for (let i = 0; i < 101; i++)
      fake.seedOrder({ buyer, shipTo, lines: [{ sku: `S-${i}`, quantity: 1, unitPrice: '1.00' }] });
    const c = connect();
    const first = await c.listOrders({ updatedFrom: since, updatedTo: new Date(Date.now() + 60_000), next: null });
    expect([first.items.length, first.next]).toEqual([100, '100']);
    expect((await listAll(c, since)).length).toBe(101);
  });

  it('confirms a shipment once, however often it is sent (409 is success)', async () => {
    const id = fake.seedOrder({
      buyer,
      shipTo,
      lines: [{ sku: 'TEA-3', quantity: 3, unitPrice: '0' }],
      lineTotals: ['10.00'],
    });
    const c = connect();
    const order = (await listAll(c, new Date(Date.now() - 60_000))).find((o) => o.externalOrderId === id)!;
    const shipment = {
      externalOrderId: id,
      lines: order.lines.map((l) => ({ externalLineId: l.externalLineId, quantity: l.quantity })),
      carrierCode: 'Royal Mail',
      carrierName: 'Royal Mail',
      serviceName: 'Tracked 48',
      trackingNumber: 'RM987654321GB',
      shippedAt: new Date(),
    };
    await c.confirmShipment(shipment);
    await c.confirmShipment(shipment);
    expect(fake.shipmentsOf(id)).toEqual([
      { trackingNumber: 'RM987654321GB', carrierCode: 'Royal Mail', lineIds: [order.lines[0]!.externalLineId] },
    ]);
    expect(records.filter((r) => r.operation === 'createShippingFulfillment').map((r) => r.status)).toEqual([201, 409]);
    const after = (await listAll(c, new Date(Date.now() - 60_000))).find((o) => o.externalOrderId === id);
    expect(after?.status).toBe('SHIPPED');
    const cancelled = fake.seedOrder({ buyer, shipTo, lines: [{ sku: 'A', quantity: 1, unitPrice: '1.00' }] });
    fake.cancelOrder(cancelled);
    const e = await failure(c.confirmShipment({ ...shipment, externalOrderId: cancelled, trackingNumber: 'RM1GB' }));
    expect(e?.message).toBe(
      `eBay refused the shipment of order ${cancelled}: Invalid input data: the order is cancelled.`,
    );
    expect(e?.retryable).toBe(false);
  });

  it('pushes stock 25 SKUs a call, and reports per SKU what eBay refused', async () => {
    fake.state.listings = new Map([
      ['MUG-1', ['OFFER-1']],
      ['TEA-3', []],
    ]);
    const c = connect();
    expect(c.stockBatchSize).toBe(25);
    const results = await c.pushStock([
      level('MUG-1', 12, 'OFFER-1'),
      level('TEA-3', 0),
      level('GONE-9', 4),
      level('TEA-3', 5, 'OFFER-X'),
    ]);
    expect(results).toEqual([
      { sku: 'MUG-1', ok: true, error: null, retryable: false },
      { sku: 'TEA-3', ok: false, error: 'Offer OFFER-X is not available.', retryable: false },
      { sku: 'GONE-9', ok: false, error: 'SKU GONE-9 is not available in the system.', retryable: false },
      { sku: 'TEA-3', ok: false, error: 'Offer OFFER-X is not available.', retryable: false },
    ]);
    expect([fake.quantityOf('MUG-1'), fake.offerQuantityOf('OFFER-1'), fake.quantityOf('GONE-9')]).toEqual([
      12,
      12,
      null,
    ]);
    expect(records.find((r) => r.operation === 'bulkUpdatePriceQuantity')?.status).toBe(207);
    const tooMany = Array.from({ length: 26 }, (_, i) => level(`S-${i}`, 1));
    expect((await failure(c.pushStock(tooMany)))?.retryable).toBe(false);
  });

  it('refunds per line or for the order, and a repeat of a full refund is success', async () => {
    const id = fake.seedOrder({
      buyer,
      shipTo,
      lines: [{ sku: 'MUG-1', quantity: 2, unitPrice: '7.50' }],
      shippingCharge: '2.00',
    });
    const c = connect();
    const order = (await listAll(c, new Date(Date.now() - 60_000))).find((o) => o.externalOrderId === id)!;
    const line = { externalLineId: order.lines[0]!.externalLineId, sku: 'MUG-1', quantity: '1', grossAmount: '7.50' };
    const first = await c.refund!({
      externalOrderId: id,
      reference: 'CN-1',
      amount: '7.50',
      currency: 'GBP',
      reason: 'Customer return',
      lines: [line],
    });
    expect(first.externalRefundId).toMatch(/^5\d+$/);
    const rest = { externalOrderId: id, reference: 'CN-2', amount: '9.50', currency: 'GBP', reason: null, lines: [] };
    await c.refund!(rest);
    expect(await c.refund!(rest)).toEqual({ externalRefundId: null });
    expect(fake.refundsOf(id)).toEqual([
      { amount: '7.50', reference: 'CN-1' },
      { amount: '9.50', reference: 'CN-2' },
    ]);
    const e = await failure(c.refund!({ ...rest, externalOrderId: 'NO-SUCH', reference: 'CN-3' }));
    expect(e?.message).toBe('eBay refused the refund CN-3 of order NO-SUCH: Can not find the order.');
  });

  it('lists returns with the line and SKU they are for', async () => {
    const since = new Date();
    const id = fake.seedOrder({
      buyer,
      shipTo,
      lines: [
        { sku: 'MUG-1', quantity: 1, unitPrice: '7.50' },
        { sku: 'TEA-3', quantity: 2, unitPrice: '3.00' },
      ],
    });
    const returnId = fake.seedReturn({ orderId: id, line: 1, quantity: 2, reason: 'DEFECTIVE_ITEM' });
    const c = connect();
    const order = (await listAll(c, since)).find((o) => o.externalOrderId === id)!;
    const page = await c.listReturns!({ updatedFrom: since, updatedTo: new Date(Date.now() + 60_000), next: null });
    expect(page).toEqual({
      items: [
        {
          externalReturnId: returnId,
          externalOrderId: id,
          status: 'REQUESTED',
          updatedAt: expect.any(String),
          reason: 'DEFECTIVE_ITEM',
          lines: [{ externalLineId: order.lines[1]!.externalLineId, sku: 'TEA-3', quantity: 2 }],
        },
      ],
      next: null,
    });
  });
});

describe('eBay connector on a failing service', () => {
  it('waits out a 429 with Retry-After, retries a 5xx, a timeout and a hang-up', async () => {
    const c = connect();
    fake.inject({ operation: 'getOrders', status: 429 });
    fake.inject({ operation: 'bulkUpdatePriceQuantity', status: 500 });
    fake.inject({ operation: 'getOrder', delayMs: 800 });
    fake.inject({ operation: 'search', hangUp: true });
    const started = Date.now();
    await c.testConnection();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect((await c.pushStock([level('A', 1)]))[0]?.ok).toBe(true);
    const id = fake.seedOrder({ buyer, shipTo, lines: [{ sku: 'A', quantity: 1, unitPrice: '1.00' }] });
    fake.seedReturn({ orderId: id });
    await c.listReturns!({
      updatedFrom: new Date(Date.now() - 5_000),
      updatedTo: new Date(Date.now() + 60_000),
      next: null,
    });
    const statuses = (op: string) => records.filter((r) => r.operation === op).map((r) => r.status);
    expect(statuses('getOrders')).toEqual([429, 200]);
    expect(statuses('bulkUpdatePriceQuantity')).toEqual([500, 200]);
    expect(statuses('getOrder').slice(0, 2)).toEqual([null, 200]);
    expect(statuses('search')).toEqual([null, 200]);
  });

  it('does not retry a 400', async () => {
    const c = connect();
    fake.inject({
      operation: 'bulkUpdatePriceQuantity',
      status: 400,
      body: { errors: [{ errorId: 25709, message: 'Invalid value for sku.' }] },
    });
    const e = await failure(c.pushStock([level('A', 1)]));
    expect([e?.message, e?.retryable, e?.status, e?.code]).toEqual([
      'eBay refused the stock update: Invalid value for sku.',
      false,
      400,
      '25709',
    ]);
    expect(fake.calls.filter((x) => x.operation === 'bulkUpdatePriceQuantity')).toHaveLength(1);
  });

  it('keeps its access token, and gets another when eBay refuses it', async () => {
    const c = connect();
    const before = fake.tokensIssued();
    await c.testConnection();
    await c.pushStock([level('A', 2)]);
    expect(fake.tokensIssued()).toBe(before + 1);
    fake.expireTokens();
    await c.pushStock([level('A', 3)]);
    expect(fake.tokensIssued()).toBe(before + 2);
    expect(records.filter((r) => r.status === 401)).toHaveLength(1);
  });

  it('writes no secret into the call records', async () => {
    const c = connect();
    await c.testConnection();
    await c.pushStock([level('A', 1)]);
    const text = JSON.stringify(records);
    const basic = Buffer.from(`${EBAY_FAKE_CREDENTIALS.clientId}:${EBAY_FAKE_CREDENTIALS.clientSecret}`).toString(
      'base64',
    );
    for (const secret of [
      EBAY_FAKE_CREDENTIALS.clientSecret,
      EBAY_FAKE_CREDENTIALS.refreshToken,
      basic,
      'v^1.1#i^1#p^3',
    ])
      expect(text).not.toContain(secret);
    expect(records.some((r) => r.operation === 'ebayToken' && r.responseBody?.includes('"access_token":"***"'))).toBe(
      true,
    );
  });

  it("the fake's contract check refuses a malformed request", async () => {
    const res = await fetch(`${fake.url}/sell/inventory/v1/bulk_update_price_quantity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: 'MUG-1' }),
    });
    expect(res.status).toBe(400);
    const noType = await fetch(`${fake.url}/sell/fulfillment/v1/order/1-2-3/issue_refund`, { method: 'POST' });
    expect(noType.status).toBe(400);
    expect(fake.violations).toEqual([
      'ebay request: bulkUpdatePriceQuantity: body/requests must be array',
      "ebay request: issueRefund: header must have required property 'content-type'",
    ]);
    fake.violations.length = 0;
  });
});
