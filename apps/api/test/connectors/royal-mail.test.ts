import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeCarrierContext, sampleShipment } from '../../fakes/carrier-kit.ts';
import { ROYAL_MAIL_FAKE_API_KEY, startRoyalMailFake } from '../../fakes/royal-mail/index.ts';
import { royalMailConnector } from '../../src/domains/channels/connectors/royal-mail/index.ts';
import { pdfPageCount, pdfText } from '../../src/platform/pdf/pdf-text.ts';

let fake: Awaited<ReturnType<typeof startRoyalMailFake>>;

beforeAll(async () => {
  fake = await startRoyalMailFake();
});
afterAll(() => fake.close());
afterEach(() => {
  expect(fake.violations).toEqual([]);
  fake.reset();
});

function connector(apiKey = ROYAL_MAIL_FAKE_API_KEY) {
  const { ctx, records } = fakeCarrierContext('ROYAL_MAIL', fake.url, { apiKey });
  return { rm: royalMailConnector.create(ctx), records };
}

const shipment = (reference: string, over: Parameters<typeof sampleShipment>[1] = {}) =>
  sampleShipment(reference, { serviceCode: 'TOLP24', ...over });
const statusesOf = (operation: string) => fake.calls.filter((c) => c.operation === operation).map((c) => c.status);
const ordersOf = (reference: string) => fake.state.orders.filter((o) => o.orderReference === reference);

describe('Royal Mail Click & Drop connector', () => {
  it('tests the connection with an authenticated list of orders, and names a refused key', async () => {
    expect(await connector().rm.testConnection()).toMatch(/accepted the API key/);
    expect(statusesOf('GetOrdersAsync')).toEqual([200]);
    const wrong = connector('not-the-key').rm.testConnection();
    await expect(wrong).rejects.toThrow(/refused the API key of ROYAL_MAIL \(fake\) \(401\)/);
    await expect(wrong).rejects.toMatchObject({ retryable: false });
  });

  it('creates an order, prints its PDF label with tracking numbers, and keeps the key out of the call log', async () => {
    const { rm, records } = connector();
    const made = await rm.createShipment(shipment('INV-RM-1'));
    expect(made.labelPdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(made.labelPdf)).toBe(2);
    expect(made.trackingNumbers).toHaveLength(2);
    for (const t of made.trackingNumbers) expect(pdfText(made.labelPdf)).toContain(t);
    expect(made.labelZpl).toBeNull();
    expect(ordersOf('INV-RM-1').map((o) => String(o.orderIdentifier))).toEqual([made.externalId]);
    expect(records.map((r) => r.operation)).toEqual([
      'GetSpecificOrdersAsync',
      'CreateOrdersAsync',
      'GetOrdersLabelAsync',
      'GetSpecificOrdersAsync',
    ]);
    expect(records[0]?.url).toBe('/api/v1/orders/%22INV-RM-1%22');
    for (const r of records) expect(JSON.stringify(r)).not.toContain(ROYAL_MAIL_FAKE_API_KEY);
  });

  it('makes one order per reference: a second request finds the first, a create in doubt is not posted twice', async () => {
    const { rm } = connector();
    const first = await rm.createShipment(shipment('INV-RM-2'));
    const again = await rm.createShipment(shipment('INV-RM-2'));
    expect(again.externalId).toBe(first.externalId);
    expect(again.trackingNumbers).toEqual(first.trackingNumbers);

    // The fake makes the order after the connector gave up waiting: the connector does not post again at once,
    // and the next attempt finds the order.
    fake.inject({ operation: 'CreateOrdersAsync', delayMs: 700 });
    await expect(rm.createShipment(shipment('INV-RM-3'))).rejects.toMatchObject({ retryable: true });
    await expect.poll(() => ordersOf('INV-RM-3').length).toBe(1);
    const late = await rm.createShipment(shipment('INV-RM-3'));
    expect(ordersOf('INV-RM-3').map((o) => String(o.orderIdentifier))).toEqual([late.externalId]);

    // A 5xx made nothing: the look-up after it finds nothing, and the error says a later attempt may succeed.
    fake.inject({ operation: 'CreateOrdersAsync', status: 503 });
    await expect(rm.createShipment(shipment('INV-RM-3B'))).rejects.toMatchObject({ retryable: true, status: 503 });
    await rm.createShipment(shipment('INV-RM-3B'));
    expect(ordersOf('INV-RM-3B')).toHaveLength(1);
    expect(statusesOf('CreateOrdersAsync')).toEqual([200, 200, 503, 200]);
  });

  it('reports the failed orders of a 200 answer in words, and does not retry them', async () => {
    const { rm } = connector();
    const bad = rm.createShipment(shipment('INV-RM-4', { serviceCode: 'XYZ' }));
    await expect(bad).rejects.toThrow(
      'CreateOrdersAsync: Click & Drop refused order INV-RM-4: The service XYZ is not available on this account (postageDetails.serviceCode: XYZ).',
    );
    await expect(bad).rejects.toMatchObject({ retryable: false });
    fake.state.refuse.set('INV-RM-5', 'The recipient address could not be validated');
    await expect(rm.createShipment(shipment('INV-RM-5'))).rejects.toThrow(
      /refused order INV-RM-5: The recipient address could not be validated/,
    );
    expect(statusesOf('CreateOrdersAsync')).toEqual([200, 200]);
    expect(ordersOf('INV-RM-4')).toEqual([]);
  });

  it('waits out a 429 with its Retry-After, retries a 5xx, and does not retry a 400', async () => {
    const { rm } = connector();
    fake.inject({ operation: 'CreateOrdersAsync', status: 429, headers: { 'retry-after': '0.05' } });
    const started = Date.now();
    await rm.createShipment(shipment('INV-RM-6'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(statusesOf('CreateOrdersAsync')).toEqual([429, 200]);
    expect(ordersOf('INV-RM-6')).toHaveLength(1);

    fake.inject({ operation: 'GetOrdersLabelAsync', status: 503, times: 2 });
    await rm.createShipment(shipment('INV-RM-7'));
    expect(statusesOf('GetOrdersLabelAsync').slice(-3)).toEqual([503, 503, 200]);

    fake.inject({ operation: 'CreateOrdersAsync', status: 400 });
    const refused = rm.createShipment(shipment('INV-RM-8'));
    await expect(refused).rejects.toMatchObject({ retryable: false, status: 400 });
    expect(statusesOf('CreateOrdersAsync').slice(-1)).toEqual([400]);
  });

  it('cancels by deleting the order, twice without harm', async () => {
    const { rm } = connector();
    const made = await rm.createShipment(shipment('INV-RM-9'));
    await rm.cancelShipment(made.externalId);
    await rm.cancelShipment(made.externalId);
    expect(fake.shipments().find((s) => s.externalId === made.externalId)?.cancelled).toBe(true);
    expect(statusesOf('DeleteOrdersAsync')).toEqual([200, 404]);
    const rebooked = await rm.createShipment(shipment('INV-RM-9'));
    expect(rebooked.externalId).not.toBe(made.externalId);
  });

  it('tracks from the orders: printed, despatched, delivered, unknown', async () => {
    const { rm } = connector();
    const a = await rm.createShipment(shipment('INV-RM-10'));
    const b = await rm.createShipment(shipment('INV-RM-11'));
    const c = await rm.createShipment(shipment('INV-RM-12'));
    fake.despatch(Number(b.externalId));
    fake.deliver(c.trackingNumbers[0] ?? '', new Date('2026-03-03T10:00:00Z'));
    const states = await rm.track([
      a.trackingNumbers[0] ?? '',
      b.trackingNumbers[0] ?? '',
      c.trackingNumbers[0] ?? '',
      'RM000GB',
    ]);
    expect(states.map((s) => s.status)).toEqual(['UNKNOWN', 'IN_TRANSIT', 'DELIVERED', 'UNKNOWN']);
    expect(states[0]?.lastEvent).toMatch(/^Label printed/);
    expect(states[2]?.deliveredAt).toBe('2026-03-03T10:00:00.000Z');
  });

  it("has a fake that refuses a request breaking the contract with Click & Drop's 400", async () => {
    const res = await fetch(`${fake.url}/api/v1/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ROYAL_MAIL_FAKE_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ orderReference: 'X', packages: [{ weightInGrams: 40_000 }] }] }),
    });
    expect(res.status).toBe(400);
    expect(fake.violations.join('\n')).toMatch(/must have required property 'recipient'/);
    expect(fake.violations.join('\n')).toMatch(/weightInGrams must be <= 30000/);
    fake.violations.length = 0;
  });
});
