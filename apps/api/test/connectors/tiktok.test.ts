import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeOrderSeed } from '../../fakes/kit/types.ts';
import { startTiktokFake, type TiktokFake } from '../../fakes/tiktok/index.ts';
import { tiktokSign } from '../../src/domains/channels/connectors/tiktok/client.ts';
import { tiktokConnector } from '../../src/domains/channels/connectors/tiktok/index.ts';
import type { ChannelOrder, ShipmentConfirmation } from '../../src/domains/channels/connectors/types.ts';
import { type CallRecord, ConnectorError } from '../../src/platform/connectors/http.ts';

let fake: TiktokFake;
let records: CallRecord[] = [];

function connector(
  o: { accessToken?: string; appSecret?: string; marketplace?: string | null; backoffBaseMs?: number } = {},
) {
  records = [];
  return tiktokConnector.create({
    account: {
      id: 'tiktok-account',
      type: 'TIKTOK',
      name: 'TikTok',
      environment: 'PRODUCTION',
      baseUrl: fake.url,
      marketplace: o.marketplace === undefined ? fake.shopCipher : o.marketplace,
      credentials: {
        appKey: fake.login.appKey,
        appSecret: o.appSecret ?? fake.login.appSecret,
        accessToken: o.accessToken ?? fake.login.accessToken,
      },
      locations: [fake.warehouseId],
    },
    sink: (r) => records.push(r),
    http: { backoffBaseMs: o.backoffBaseMs ?? 1, maxRetries: 2, timeoutMs: 500 },
  });
}

const seed = (lines: FakeOrderSeed['lines']): FakeOrderSeed => ({
  buyer: { name: 'Bea Jones', email: 'bea@example.com', phone: '07700 900456' },
  shipTo: {
    name: 'Bea Jones',
    line1: '2 Mill Lane',
    city: 'York',
    county: 'North Yorkshire',
    postcode: 'YO1 7HH',
    countryCode: 'GB',
  },
  lines,
  shippingCharge: '2.5',
});

const window = { updatedFrom: new Date(Date.now() - 3_600_000), updatedTo: new Date(Date.now() + 3_600_000) };

async function allOrders(c: ReturnType<typeof connector>) {
  const orders: ChannelOrder[] = [];
  let next: string | null = null;
  let pages = 0;
  do {
    const page = await c.listOrders({ ...window, next });
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

const shipment = (o: Partial<ShipmentConfirmation> & { externalOrderId: string }): ShipmentConfirmation => ({
  lines: [],
  carrierCode: fake.providerId('Royal Mail'),
  carrierName: 'Royal Mail',
  serviceName: 'Tracked 24',
  trackingNumber: 'RM100000001GB',
  shippedAt: new Date(),
  ...o,
});

beforeEach(async () => {
  fake = await startTiktokFake();
});
afterEach(async () => {
  expect(fake.violations).toEqual([]);
  const log = JSON.stringify(records);
  expect(log).not.toContain(fake.login.accessToken);
  expect(log).not.toContain(fake.login.appSecret);
  await fake.close();
});

describe('TikTok Shop connection', () => {
  it('says which shop it reached, finding the shop cipher when the account has none', async () => {
    await expect(connector().testConnection()).resolves.toBe(
      'Connected to the TikTok shop Fake TikTok Shop (GB, local seller).',
    );
    await expect(connector({ marketplace: null }).testConnection()).resolves.toContain('Fake TikTok Shop');
  });

  it('says in words that the credentials were refused, without retrying', async () => {
    const token = await failure(connector({ accessToken: 'TTP_wrong_token_000' }).testConnection());
    expect(token.status).toBe(401);
    expect(token.retryable).toBe(false);
    expect(token.message).toContain('The access token is invalid or expired.');
    expect(records).toHaveLength(1);
    const secret = await failure(connector({ appSecret: 'not-the-secret-000' }).testConnection());
    expect(secret.message).toContain('The sign is invalid.');
    expect(JSON.stringify(records)).not.toContain('not-the-secret-000');
  });

  it('signs as TikTok documents: path, sorted parameters, body, wrapped in the secret', () => {
    // HMAC-SHA256("s", "s/p" + "a1b2" + "{}" + "s"), with sign and access_token left out.
    expect(tiktokSign('/p', { b: '2', a: '1', sign: 'x', access_token: 'y' }, '{}', 's')).toBe(
      tiktokSign('/p', { a: '1', b: '2' }, '{}', 's'),
    );
    expect(tiktokSign('/p', { a: '1' }, '', 's')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('TikTok Shop orders', () => {
  it('pages orders changed in the window, a line per SKU and price', async () => {
    const ids = Array.from({ length: 52 }, (_, i) =>
      fake.seedOrder(seed([{ sku: `T-${i % 3}`, title: 'Lamp', quantity: 1, unitPrice: '9.99' }])),
    );
    const multi = fake.seedOrder(seed([{ sku: 'MULTI', title: 'Cup', quantity: 3, unitPrice: '4.5' }]));
    const { orders, pages } = await allOrders(connector());
    expect(pages).toBe(2);
    expect(new Set(orders.map((o) => o.externalOrderId))).toEqual(new Set([...ids, multi]));
    const m = orders.find((o) => o.externalOrderId === multi);
    expect(m).toMatchObject({
      status: 'UNSHIPPED',
      currency: 'GBP',
      pricesIncludeVat: true,
      buyer: { name: 'Bea Jones', email: 'bea@example.com', phone: '07700 900456' },
      shipTo: { line1: '2 Mill Lane', city: 'York', county: 'North Yorkshire', postcode: 'YO1 7HH', countryCode: 'GB' },
      shippingCharge: '2.50',
      shippingLevel: 'Standard shipping',
    });
    expect(m?.lines).toEqual([
      {
        externalLineId: expect.stringMatching(/^\d+,\d+,\d+$/),
        sku: 'MULTI',
        title: 'Cup',
        quantity: 3,
        unitPrice: '4.50',
      },
    ]);
    fake.cancelOrder(multi);
    const after = await allOrders(connector());
    expect(after.orders.find((o) => o.externalOrderId === multi)?.status).toBe('CANCELLED');
  });
});

describe('TikTok Shop shipments', () => {
  it('ships the units named, once, and the rest under another number', async () => {
    const id = fake.seedOrder(
      seed([
        { sku: 'A', quantity: 3, unitPrice: '1.00' },
        { sku: 'B', quantity: 1, unitPrice: '2.00' },
      ]),
    );
    const c = connector();
    const [order] = (await allOrders(c)).orders.filter((o) => o.externalOrderId === id);
    const a = order?.lines.find((l) => l.sku === 'A');
    const first = shipment({ externalOrderId: id, lines: [{ externalLineId: a?.externalLineId ?? '', quantity: 2 }] });
    await c.confirmShipment(first);
    await c.confirmShipment(first);
    expect(fake.shipmentsOf(id)).toEqual([
      {
        trackingNumber: 'RM100000001GB',
        carrierCode: first.carrierCode,
        lineIds: a?.externalLineId.split(',').slice(0, 2),
      },
    ]);
    await c.confirmShipment(shipment({ externalOrderId: id, trackingNumber: 'RM100000002GB' }));
    expect(fake.shipmentsOf(id).map((s) => s.lineIds.length)).toEqual([2, 2]);
    expect((await c.listOrders({ ...window, next: null })).items.find((o) => o.externalOrderId === id)?.status).toBe(
      'SHIPPED',
    );
  });

  it('corrects the tracking number of a package shipped under another', async () => {
    const id = fake.seedOrder(seed([{ sku: 'A', quantity: 1, unitPrice: '1.00' }]));
    const c = connector();
    await c.confirmShipment(shipment({ externalOrderId: id }));
    await c.confirmShipment(
      shipment({ externalOrderId: id, trackingNumber: 'RM100000009GB', carrierCode: fake.providerId('DPD UK') }),
    );
    expect(fake.shipmentsOf(id)).toEqual([
      { trackingNumber: 'RM100000009GB', carrierCode: fake.providerId('DPD UK'), lineIds: [expect.any(String)] },
    ]);
  });

  it('makes one package when the first answer is lost', async () => {
    const id = fake.seedOrder(seed([{ sku: 'A', quantity: 1, unitPrice: '1.00' }]));
    fake.inject({ operation: 'markPackageAsShipped', delayMs: 700 });
    await connector().confirmShipment(shipment({ externalOrderId: id }));
    expect(fake.shipmentsOf(id)).toHaveLength(1);
    // The slow first try goes through before the retry, which TikTok then refuses: the order shows it shipped.
    const late = fake.seedOrder(seed([{ sku: 'A', quantity: 1, unitPrice: '1.00' }]));
    fake.inject({ operation: 'markPackageAsShipped', delayMs: 600 });
    await connector({ backoffBaseMs: 400 }).confirmShipment(shipment({ externalOrderId: late }));
    expect(fake.shipmentsOf(late)).toHaveLength(1);
    expect(records.filter((r) => r.operation === 'getOrderDetail')).toHaveLength(2);
  });

  it('says why TikTok refused a shipment, without retrying it', async () => {
    const id = fake.seedOrder(seed([{ sku: 'A', quantity: 1, unitPrice: '1.00' }]));
    const unknownCarrier = await failure(
      connector().confirmShipment(shipment({ externalOrderId: id, carrierCode: '42' })),
    );
    expect(unknownCarrier.retryable).toBe(false);
    expect(unknownCarrier.message).toContain('Shipping provider 42 is not available to the shop');
    expect(records.filter((r) => r.operation === 'confirmShipment')).toHaveLength(1);
    fake.cancelOrder(id);
    const cancelled = await failure(connector().confirmShipment(shipment({ externalOrderId: id })));
    expect(cancelled.message).toContain('was cancelled on TikTok Shop');
  });
});

describe('TikTok Shop stock', () => {
  const level = (sku: string, ids: { productId: string; skuId: string } | null, quantity: number) => ({
    listing: { sku, externalId: ids?.productId ?? null, externalRef: ids?.skuId ?? null },
    quantity,
    previousQuantity: null,
  });

  it('sets stock per product, reporting a refused product on its SKUs only', async () => {
    const red = fake.seedProduct('SHIRT-RED', { productId: '1729000000000000001' });
    const blue = fake.seedProduct('SHIRT-BLUE', { productId: '1729000000000000001' });
    const mug = fake.seedProduct('MUG');
    const results = await connector().pushStock([
      level('SHIRT-RED', red, 5),
      level('GONE', { productId: '1729000000000000999', skuId: '1' }, 1),
      level('SHIRT-BLUE', blue, 0),
      level('MUG', mug, 12),
      level('NOID', null, 3),
    ]);
    expect(results).toEqual([
      { sku: 'SHIRT-RED', ok: true, error: null, retryable: false },
      {
        sku: 'GONE',
        ok: false,
        error: expect.stringContaining('Product 1729000000000000999 was not found'),
        retryable: false,
      },
      { sku: 'SHIRT-BLUE', ok: true, error: null, retryable: false },
      { sku: 'MUG', ok: true, error: null, retryable: false },
      { sku: 'NOID', ok: false, error: 'NOID has no TikTok product id and SKU id in its listing.', retryable: false },
    ]);
    expect([fake.quantityOf('SHIRT-RED'), fake.quantityOf('SHIRT-BLUE'), fake.quantityOf('MUG')]).toEqual([5, 0, 12]);
    expect(fake.calls.filter((x) => x.operation === 'updateInventory')).toHaveLength(3);
  });

  it('sends at most 100 SKUs a request', async () => {
    const levels = Array.from({ length: 150 }, (_, i) =>
      level(`V${i}`, fake.seedProduct(`V${i}`, { productId: '1729000000000000777' }), i),
    );
    const c = connector();
    expect(c.stockBatchSize).toBe(100);
    expect((await c.pushStock(levels)).every((r) => r.ok)).toBe(true);
    expect(fake.calls.filter((x) => x.operation === 'updateInventory')).toHaveLength(2);
    expect(fake.quantityOf('V149')).toBe(149);
  });
});

describe('TikTok Shop limits and failures', () => {
  it('retries 429 and 5xx answers and hang-ups', async () => {
    fake.inject({ operation: 'getAuthorizedShops', status: 429 });
    fake.inject({ operation: 'searchOrders', status: 503, times: 2 });
    const c = connector();
    await expect(c.testConnection()).resolves.toContain('Fake TikTok Shop');
    await expect(c.listOrders({ ...window, next: null })).resolves.toMatchObject({ next: null });
    fake.inject({ operation: 'searchOrders', hangUp: true });
    await expect(c.listOrders({ ...window, next: null })).resolves.toMatchObject({ next: null });
    fake.inject({ operation: 'searchOrders', status: 500, times: 3 });
    const e = await failure(c.listOrders({ ...window, next: null }));
    expect(e.retryable).toBe(true);
  });

  it('does not retry a bad request', async () => {
    fake.inject({ operation: 'searchOrders', status: 400 });
    const e = await failure(connector().listOrders({ ...window, next: null }));
    expect(e.retryable).toBe(false);
    expect(records).toHaveLength(1);
  });

  it('checks requests against the modelled schemas', async () => {
    const c = {
      app_key: fake.login.appKey,
      timestamp: String(Math.floor(Date.now() / 1000)),
      shop_cipher: fake.shopCipher,
    };
    const body = JSON.stringify({ update_time_ge: 'yesterday' });
    const query = { ...c, page_size: '500' };
    const sign = tiktokSign('/order/202309/orders/search', query, body, fake.login.appSecret);
    const res = await fetch(`${fake.url}/order/202309/orders/search?${new URLSearchParams({ ...query, sign })}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tts-access-token': fake.login.accessToken },
      body,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: number }).code).not.toBe(0);
    expect(fake.violations.join('\n')).toMatch(/page_size[\s\S]*update_time_ge|update_time_ge[\s\S]*page_size/);
    fake.violations.length = 0;
  });
});
