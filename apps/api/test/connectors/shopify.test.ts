import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeOrderSeed } from '../../fakes/kit/types.ts';
import { SHOPIFY_GRAPHQL_PATH, type ShopifyFake, startShopifyFake } from '../../fakes/shopify/index.ts';
import {
  resetShopifyBuckets,
  SHOP_PLACEHOLDER_URL,
  ShopifyClient,
  shopBaseUrl,
} from '../../src/domains/channels/connectors/shopify/client.ts';
import { shopifyConnector } from '../../src/domains/channels/connectors/shopify/index.ts';
import type { ChannelOrder, ConnectorContext } from '../../src/domains/channels/connectors/types.ts';
import { type CallRecord, ConnectorError } from '../../src/platform/connectors/http.ts';

let fake: ShopifyFake;
let records: CallRecord[];

function context(
  o: { token?: string; locations?: string[]; baseUrl?: string; marketplace?: string } = {},
): ConnectorContext {
  records = [];
  return {
    account: {
      id: 'shopify-account',
      type: 'SHOPIFY',
      name: 'Shop',
      environment: 'PRODUCTION',
      baseUrl: o.baseUrl ?? fake.url,
      marketplace: o.marketplace ?? fake.shop,
      credentials: { accessToken: o.token ?? fake.accessToken },
      locations: o.locations ?? [fake.locationId],
    },
    sink: (r) => records.push(r),
    http: { backoffBaseMs: 1, maxRetries: 2, timeoutMs: 500 },
  };
}
const connector = (o: Parameters<typeof context>[0] = {}) => shopifyConnector.create(context(o));

const seed = (lines: FakeOrderSeed['lines'], extra: Partial<FakeOrderSeed> = {}): FakeOrderSeed => ({
  buyer: { name: 'Ann Smith', email: 'ann@example.com', phone: '07700 900123' },
  shipTo: {
    name: 'Ann Smith',
    line1: '1 High Street',
    city: 'Leeds',
    county: 'West Yorkshire',
    postcode: 'LS1 1AA',
    countryCode: 'GB',
  },
  lines,
  shippingCharge: '3.99',
  ...extra,
});

const window = () => ({ updatedFrom: new Date(Date.now() - 60_000), updatedTo: new Date(Date.now() + 60_000) });

async function allOrders(c: ReturnType<typeof connector>): Promise<{ orders: ChannelOrder[]; pages: number }> {
  const orders: ChannelOrder[] = [];
  let next: string | null = null;
  let pages = 0;
  const w = window();
  do {
    const page = await c.listOrders({ ...w, next });
    orders.push(...page.items);
    next = page.next;
    pages += 1;
  } while (next);
  return { orders, pages };
}

async function failure(p: Promise<unknown>): Promise<ConnectorError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ConnectorError);
  return e as ConnectorError;
}

/** A document sent as is, past the connector, to see what the fake does with it. */
async function post(body: unknown) {
  const res = await fetch(fake.url + SHOPIFY_GRAPHQL_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': fake.accessToken },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { errors?: { message: string; extensions?: { code?: string } }[] },
  };
}

beforeEach(async () => {
  resetShopifyBuckets();
  fake = await startShopifyFake({ restoreRate: 10_000 });
});

afterEach(async () => {
  expect(fake.violations).toEqual([]);
  // No call record carries the access token, whatever the test did.
  expect(JSON.stringify(records)).not.toContain(fake.accessToken);
  await fake.close();
});

describe('Shopify connection', () => {
  it('says which shop and location it reached', async () => {
    await expect(connector().testConnection()).resolves.toBe(
      'Connected to the Shopify shop Fake Shop (fake-shop.myshopify.com, GBP); stock is set at Warehouse.',
    );
    const e = await failure(connector({ locations: ['gid://shopify/Location/404'] }).testConnection());
    expect(e.message).toContain('has no location gid://shopify/Location/404');
  });

  it('says in words that the access token was refused, without retrying', async () => {
    const e = await failure(connector({ token: 'shpat_wrong_token_1234' }).testConnection());
    expect(e.status).toBe(401);
    expect(e.retryable).toBe(false);
    expect(e.message).toContain('Shopify refused the access token for fake-shop.myshopify.com');
    expect(records).toHaveLength(1);
    expect(JSON.stringify(records)).not.toContain('shpat_wrong_token_1234');
  });

  it('builds the address from the shop domain unless the account overrides it', async () => {
    const ctx = context({ baseUrl: SHOP_PLACEHOLDER_URL, marketplace: 'My-Shop.myshopify.com' });
    expect(shopBaseUrl(ctx)).toBe('https://my-shop.myshopify.com');
    expect(shopBaseUrl(context())).toBe(fake.url);
    const bad = context({ baseUrl: SHOP_PLACEHOLDER_URL, marketplace: 'evil.example.com' });
    const e = await failure(shopifyConnector.create(bad).testConnection());
    expect(e.retryable).toBe(false);
    expect(e.message).toContain('is not a myshopify.com domain');
  });
});

describe('Shopify orders', () => {
  it('pages orders changed in the window, oldest change first, with every line', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 11; i++)
      ids.push(fake.seedOrder(seed([{ sku: `SKU-${i}`, title: 'Mug', quantity: 2, unitPrice: '12.5' }])));
    const big = fake.seedOrder(
      seed(Array.from({ length: 30 }, (_, i) => ({ sku: `BIG-${i}`, quantity: 1, unitPrice: '1.00' }))),
    );
    // Cancelled a moment later, it is the order changed last.
    await new Promise((resolve) => setTimeout(resolve, 5));
    fake.cancelOrder(ids[3] ?? '');
    const { orders, pages } = await allOrders(connector());
    expect(pages).toBe(2);
    expect(orders.map((o) => o.externalOrderId)).toEqual([...ids.filter((_, i) => i !== 3), big, ids[3]]);
    expect(orders.find((o) => o.externalOrderId === big)?.lines).toHaveLength(30);
    expect(orders.find((o) => o.externalOrderId === ids[3])?.status).toBe('CANCELLED');
    expect(orders[0]).toEqual({
      externalOrderId: ids[0],
      status: 'UNSHIPPED',
      purchasedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      updatedAt: expect.stringMatching(/Z$/),
      currency: 'GBP',
      pricesIncludeVat: true,
      buyer: { name: 'Ann Smith', email: 'ann@example.com', phone: '07700 900123' },
      shipTo: {
        name: 'Ann Smith',
        company: null,
        line1: '1 High Street',
        line2: null,
        line3: null,
        city: 'Leeds',
        county: 'West Yorkshire',
        postcode: 'LS1 1AA',
        countryCode: 'GB',
        phone: '07700 900123',
        email: 'ann@example.com',
      },
      lines: [
        {
          externalLineId: expect.stringMatching(/^gid:\/\/shopify\/LineItem\//),
          sku: 'SKU-0',
          title: 'Mug',
          quantity: 2,
          unitPrice: '12.50',
        },
      ],
      shippingCharge: '3.99',
      shippingLevel: 'Standard',
    });
  });

  it('leaves out orders not changed in the window', async () => {
    fake.seedOrder(seed([{ sku: 'A', quantity: 1, unitPrice: '1.00' }]));
    const past = {
      updatedFrom: new Date('2024-01-01T00:00:00Z'),
      updatedTo: new Date('2024-02-01T00:00:00Z'),
      next: null,
    };
    await expect(connector().listOrders(past)).resolves.toEqual({ items: [], next: null });
  });
});

describe('Shopify shipments', () => {
  it('fulfils the lines shipped, once, and the rest later', async () => {
    const id = fake.seedOrder(
      seed([
        { sku: 'A', quantity: 2, unitPrice: '5.00' },
        { sku: 'B', quantity: 1, unitPrice: '7.00' },
      ]),
    );
    const c = connector();
    const [a] = (await allOrders(c)).orders[0]?.lines ?? [];
    const shipment = {
      externalOrderId: id,
      lines: [{ externalLineId: a?.externalLineId ?? '', quantity: 2 }],
      carrierCode: 'Royal Mail',
      carrierName: 'Royal Mail',
      serviceName: 'Tracked 48',
      trackingNumber: 'RM123456785GB',
      shippedAt: new Date(),
    };
    await c.confirmShipment(shipment);
    await c.confirmShipment(shipment);
    expect(fake.shipmentsOf(id)).toEqual([
      { trackingNumber: 'RM123456785GB', carrierCode: 'Royal Mail', lineIds: [a?.externalLineId] },
    ]);
    expect((await allOrders(c)).orders[0]?.status).toBe('PARTIALLY_SHIPPED');
    await c.confirmShipment({ ...shipment, lines: [], trackingNumber: 'RM987654321GB' });
    expect(fake.shipmentsOf(id)).toHaveLength(2);
    expect((await allOrders(c)).orders[0]?.status).toBe('SHIPPED');
    // Everything already shipped: a further confirmation changes nothing.
    await c.confirmShipment({ ...shipment, lines: [], trackingNumber: 'RM000000000GB' });
    expect(fake.shipmentsOf(id)).toHaveLength(2);
  });

  it('makes one fulfilment when the first answer is too slow to arrive', async () => {
    const id = fake.seedOrder(seed([{ sku: 'A', quantity: 1, unitPrice: '5.00' }]));
    fake.inject({ operation: 'fulfillmentCreate', delayMs: 700 });
    const c = connector();
    await c.confirmShipment({
      externalOrderId: id,
      lines: [],
      carrierCode: 'DPD UK',
      carrierName: 'DPD',
      serviceName: 'Next Day',
      trackingNumber: '15501234567890',
      shippedAt: new Date(),
    });
    expect(fake.shipmentsOf(id)).toHaveLength(1);
    expect(records.some((r) => r.operation === 'confirmShipment' && r.error?.includes('no answer'))).toBe(true);
  });

  it('refuses to ship a cancelled order', async () => {
    const id = fake.seedOrder(seed([{ sku: 'A', quantity: 1, unitPrice: '5.00' }]));
    fake.cancelOrder(id);
    const e = await failure(
      connector().confirmShipment({
        externalOrderId: id,
        lines: [],
        carrierCode: 'DPD UK',
        carrierName: 'DPD',
        serviceName: 'Next Day',
        trackingNumber: '1',
        shippedAt: new Date(),
      }),
    );
    expect(e.retryable).toBe(false);
    expect(e.message).toContain('was cancelled on Shopify');
  });
});

describe('Shopify stock', () => {
  const level = (sku: string, externalId: string | null, quantity: number, previousQuantity: number | null) => ({
    listing: { sku, externalId, externalRef: null },
    quantity,
    previousQuantity,
  });

  it('sets quantities compare-and-set, reporting each refusal on its own', async () => {
    const a = fake.seedInventoryItem('A', 5);
    const b = fake.seedInventoryItem('B', 7);
    const c = fake.seedInventoryItem('C', 0);
    const done = fake.seedInventoryItem('DONE', 10);
    const results = await connector().pushStock([
      level('A', a, 10, 5),
      level('B', b, 3, 2),
      level('C', c, 4, null),
      level('D', 'gid://shopify/InventoryItem/999999', 1, null),
      level('E', null, 1, null),
      level('DONE', done, 10, 5),
    ]);
    expect(results).toEqual([
      { sku: 'A', ok: true, error: null, retryable: false },
      {
        sku: 'B',
        ok: false,
        error: expect.stringContaining('Shopify holds 7 available for B, not the 2 last pushed'),
        retryable: true,
      },
      { sku: 'C', ok: true, error: null, retryable: false },
      { sku: 'D', ok: false, error: expect.stringContaining('could not be found'), retryable: false },
      { sku: 'E', ok: false, error: 'E has no Shopify inventory item id in its listing.', retryable: false },
      // Already at the quantity asked for (an earlier push whose answer was lost): done.
      { sku: 'DONE', ok: true, error: null, retryable: false },
    ]);
    expect([fake.quantityOf('A'), fake.quantityOf('B'), fake.quantityOf('C'), fake.quantityOf('DONE')]).toEqual([
      10, 7, 4, 10,
    ]);
  });

  it('sends at most 250 quantities a call, and the fake refuses more', async () => {
    const levels = Array.from({ length: 300 }, (_, i) => level(`S${i}`, fake.seedInventoryItem(`S${i}`, 0), i, null));
    const c = connector();
    expect(c.stockBatchSize).toBe(250);
    const results = await c.pushStock(levels);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(fake.state.largestQuantitiesBatch).toBe(250);
    expect(fake.calls.filter((x) => x.operation === 'SetQuantities')).toHaveLength(2);
    expect(fake.quantityOf('S299')).toBe(299);

    const quantities = levels
      .slice(0, 251)
      .map((l) => ({ inventoryItemId: l.listing.externalId, locationId: fake.locationId, quantity: 1 }));
    const refused = await post({
      query:
        'mutation($input: InventorySetQuantitiesInput!) { inventorySetQuantities(input: $input) { userErrors { message } } }',
      variables: { input: { name: 'available', reason: 'correction', ignoreCompareQuantity: true, quantities } },
    });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('MAX_INPUT_SIZE_EXCEEDED');
    expect(fake.violations).toEqual([expect.stringContaining('greater than the maximum allowed of 250')]);
    fake.violations.length = 0;
  });
});

describe('Shopify refunds', () => {
  const creditNote = (id: string, amount: string, reference = 'CN-1') => ({
    externalOrderId: id,
    reference,
    amount,
    currency: 'GBP',
    reason: 'Damaged in transit',
    lines: [{ externalLineId: null, sku: 'A', quantity: '1', grossAmount: amount }],
  });

  it('refunds once per credit note', async () => {
    const id = fake.seedOrder(seed([{ sku: 'A', quantity: 2, unitPrice: '12.50' }]));
    const c = connector();
    const first = await c.refund?.(creditNote(id, '12.50'));
    expect(first?.externalRefundId).toMatch(/^gid:\/\/shopify\/Refund\//);
    await expect(c.refund?.(creditNote(id, '12.50'))).resolves.toEqual(first);
    expect(fake.refundsOf(id)).toEqual([{ amount: '12.50', reference: 'CN-1 — Damaged in transit' }]);
  });

  it('says why Shopify refused a refund, without retrying it', async () => {
    const id = fake.seedOrder(seed([{ sku: 'A', quantity: 1, unitPrice: '10.00' }]));
    const e = await failure(connector().refund!(creditNote(id, '100.00')));
    expect(e.retryable).toBe(false);
    expect(e.message).toContain('Refund amount exceeds the amount that can be refunded');
    expect(fake.refundsOf(id)).toEqual([]);
  });

  it('makes one refund when a try fails or its answer is late', async () => {
    const id = fake.seedOrder(seed([{ sku: 'A', quantity: 2, unitPrice: '10.00' }]));
    fake.inject({ operation: 'refundCreate', status: 502 });
    await connector().refund?.(creditNote(id, '5.00', 'CN-2'));
    fake.inject({ operation: 'refundCreate', delayMs: 700 });
    await connector().refund?.(creditNote(id, '5.00', 'CN-3'));
    expect(fake.refundsOf(id).map((r) => r.amount)).toEqual(['5.00', '5.00']);
  });
});

describe('Shopify returns', () => {
  it('lists the returns of orders changed in the window', async () => {
    const id = fake.seedOrder(seed([{ sku: 'A', quantity: 2, unitPrice: '5.00' }]));
    fake.seedOrder(seed([{ sku: 'B', quantity: 1, unitPrice: '5.00' }]));
    const c = connector();
    await c.confirmShipment({
      externalOrderId: id,
      lines: [],
      carrierCode: 'Royal Mail',
      carrierName: 'Royal Mail',
      serviceName: 'T48',
      trackingNumber: 'RM1',
      shippedAt: new Date(),
    });
    const returnId = fake.seedReturn(id, {
      lines: [{ sku: 'A', quantity: 1, reason: 'DEFECTIVE', note: 'Handle broke' }],
    });
    const page = await c.listReturns!({ ...window(), next: null });
    expect(page).toEqual({
      items: [
        {
          externalReturnId: returnId,
          externalOrderId: id,
          status: 'REQUESTED',
          updatedAt: expect.stringMatching(/Z$/),
          reason: 'defective: Handle broke',
          lines: [{ externalLineId: expect.stringMatching(/LineItem/), sku: 'A', quantity: 1 }],
        },
      ],
      next: null,
    });
  });
});

describe('Shopify limits and failures', () => {
  it('waits out a THROTTLED answer and asks again', async () => {
    await fake.close();
    fake = await startShopifyFake({ restoreRate: 2000 });
    fake.setBucket(0);
    // A page of orders costs 832 points: the empty bucket holds them again after some 400 ms.
    await expect(connector().listOrders({ ...window(), next: null })).resolves.toEqual({ items: [], next: null });
    expect(fake.state.throttled).toBe(1);
  });

  it('waits before a call the cost bucket would not hold', async () => {
    await fake.close();
    fake = await startShopifyFake({ restoreRate: 1000, maximumAvailable: 1000 });
    const c = connector();
    await c.listOrders({ ...window(), next: null });
    const started = Date.now();
    await c.listOrders({ ...window(), next: null });
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(fake.state.throttled).toBe(0);
  });

  it('retries 429 and 5xx answers and says when they do not stop', async () => {
    fake.inject({ operation: 'shop', status: 429, headers: { 'retry-after': '0' } });
    fake.inject({ operation: 'orders', status: 503, times: 2 });
    const c = connector();
    await expect(c.testConnection()).resolves.toContain('Fake Shop');
    await expect(c.listOrders({ ...window(), next: null })).resolves.toEqual({ items: [], next: null });
    fake.inject({ operation: 'orders', hangUp: true });
    await expect(c.listOrders({ ...window(), next: null })).resolves.toEqual({ items: [], next: null });
    fake.inject({ operation: 'orders', status: 500, times: 3 });
    const e = await failure(c.listOrders({ ...window(), next: null }));
    expect(e.retryable).toBe(true);
    expect(e.status).toBe(500);
  });

  it('does not retry a request Shopify refuses', async () => {
    const client = new ShopifyClient(context());
    const e = await failure(client.request('broken', '{ shop { nme } }'));
    expect(e.retryable).toBe(false);
    expect(e.message).toContain('Cannot query field "nme" on type "Shop"');
    expect(records).toHaveLength(1);
    expect(fake.violations).toHaveLength(1);
    fake.violations.length = 0;
  });

  it('validates requests against the schema: fields, variables and scalars', async () => {
    const unknownField = await post({ query: '{ orders(first: 1) { nodes { idd } } }' });
    expect(unknownField.status).toBe(200);
    expect(unknownField.body.errors?.[0]?.message).toContain('Cannot query field "idd"');
    const badVariable = await post({
      query: 'query($n: Int!) { orders(first: $n) { nodes { id } } }',
      variables: { n: 'ten' },
    });
    expect(badVariable.body.errors?.[0]?.message).toContain('Int cannot represent non-integer value');
    const badMoney = await post({
      query: 'mutation($i: RefundInput!) { refundCreate(input: $i) { userErrors { message } } }',
      variables: {
        i: {
          orderId: 'gid://shopify/Order/1',
          transactions: [{ orderId: 'x', gateway: 'g', kind: 'REFUND', amount: 12.5 }],
        },
      },
    });
    expect(badMoney.body.errors?.[0]?.message).toContain('Money must be text');
    const noFirst = await post({ query: '{ orders { nodes { id } } }' });
    expect(noFirst.body.errors?.[0]?.message).toContain('you must provide one of first or last');
    expect(fake.violations).toHaveLength(4);
    fake.violations.length = 0;
  });

  it('checks its own answers against the schema', async () => {
    // The fake does not fill the shop's plan, which the schema says is never null.
    const answer = await post({ query: '{ shop { plan { displayName } } }' });
    expect(answer.body.errors?.[0]?.message).toContain('Cannot return null for non-nullable field Shop.plan');
    expect(fake.violations).toEqual([expect.stringContaining('answer to shop does not fit the schema')]);
    fake.violations.length = 0;
  });
});
