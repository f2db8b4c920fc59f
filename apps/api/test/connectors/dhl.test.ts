import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeCarrierContext, sampleShipment } from '../../fakes/carrier-kit.ts';
import { DHL_FAKE_LOGIN, type DhlFake, startDhlFake } from '../../fakes/dhl/index.ts';
import { dhlConnector } from '../../src/domains/channels/connectors/dhl/index.ts';
import { pdfPageCount, pdfText } from '../../src/platform/pdf/pdf-text.ts';

let fake: DhlFake;

beforeAll(async () => {
  fake = await startDhlFake();
});
afterAll(() => fake.close());
afterEach(() => {
  expect(fake.violations).toEqual([]);
  fake.reset();
});

function connector(credentials: Partial<typeof DHL_FAKE_LOGIN> = {}) {
  const { ctx, records } = fakeCarrierContext('DHL', fake.url, { ...DHL_FAKE_LOGIN, ...credentials });
  return { dhl: dhlConnector.create(ctx), records };
}

const shipment = (reference: string, over: Parameters<typeof sampleShipment>[1] = {}) =>
  sampleShipment(reference, { serviceCode: 'ND', ...over });
const statusesOf = (operation: string) => fake.calls.filter((c) => c.operation === operation).map((c) => c.status);

describe('DHL eCommerce UK connector (modelled)', () => {
  it('is marked modelled, gets a token, and names refused credentials', async () => {
    expect(dhlConnector.modelledOnly).toBe(true);
    expect(await connector().dhl.testConnection()).toBe('DHL accepted the client dhl-fake-client (account A100200).');
    const wrong = connector({ clientSecret: 'wrong-secret' }).dhl.testConnection();
    await expect(wrong).rejects.toThrow(/DHL refused the client id or secret/);
    await expect(wrong).rejects.toMatchObject({ retryable: false, status: 401 });
  });

  it('books a shipment with PDF and ZPL labels, and keeps secrets and tokens out of the call log', async () => {
    const { dhl, records } = connector();
    const made = await dhl.createShipment(shipment('INV-DHL-1'));
    expect(made.trackingNumbers).toHaveLength(2);
    expect(made.labelPdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(made.labelPdf)).toBe(2);
    expect(pdfText(made.labelPdf)).toContain(made.trackingNumbers[1]);
    expect(made.labelZpl).toContain(`^FD${made.trackingNumbers[0]}^FS`);
    expect(records.map((r) => r.operation)).toEqual([
      'getToken',
      'findShipments',
      'createShipment',
      'getLabel',
      'getLabel',
    ]);
    const log = JSON.stringify(records);
    expect(log).not.toContain(DHL_FAKE_LOGIN.clientSecret);
    for (const token of fake.state.issued) expect(log).not.toContain(token);
  });

  it('makes one shipment per reference: found again by reference, also after a create in doubt', async () => {
    const { dhl } = connector();
    const first = await dhl.createShipment(shipment('INV-DHL-2'));
    expect((await dhl.createShipment(shipment('INV-DHL-2'))).externalId).toBe(first.externalId);
    fake.inject({ operation: 'createShipment', delayMs: 700 });
    await expect(dhl.createShipment(shipment('INV-DHL-3'))).rejects.toMatchObject({ retryable: true });
    await expect.poll(() => fake.shipments().filter((s) => s.reference === 'INV-DHL-3').length).toBe(1);
    const late = await dhl.createShipment(shipment('INV-DHL-3'));
    expect(
      fake
        .shipments()
        .filter((s) => s.reference === 'INV-DHL-3')
        .map((s) => s.externalId),
    ).toEqual([late.externalId]);
  });

  it('waits out a 429, retries a 5xx, and does not retry a refusal', async () => {
    const { dhl } = connector();
    fake.inject({ operation: 'createShipment', status: 429, headers: { 'retry-after': '0' } });
    fake.inject({ operation: 'getLabel', status: 502 });
    await dhl.createShipment(shipment('INV-DHL-4'));
    expect(statusesOf('createShipment')).toEqual([429, 201]);
    expect(statusesOf('getLabel')).toEqual([502, 200, 200]);
    const bad = dhl.createShipment(shipment('INV-DHL-5', { serviceCode: 'XX' }));
    await expect(bad).rejects.toThrow('createShipment: Service XX is not on this account');
    await expect(bad).rejects.toMatchObject({ retryable: false, status: 422 });
    expect(statusesOf('createShipment')).toEqual([429, 201, 422]);
  });

  it('cancels and tracks', async () => {
    const { dhl } = connector();
    const a = await dhl.createShipment(shipment('INV-DHL-6'));
    const b = await dhl.createShipment(shipment('INV-DHL-7'));
    await dhl.cancelShipment(a.externalId);
    expect(fake.shipments().find((s) => s.externalId === a.externalId)?.cancelled).toBe(true);
    fake.deliver(b.trackingNumbers[0] ?? '', new Date('2026-03-04T08:30:00Z'));
    const states = await dhl.track([a.trackingNumbers[0] ?? '', b.trackingNumbers[0] ?? '', 'JD0000']);
    expect(states.map((s) => s.status)).toEqual(['UNKNOWN', 'DELIVERED', 'UNKNOWN']);
    expect(states[0]?.lastEvent).toBe('Shipment cancelled');
    expect(states[1]?.deliveredAt).toBe('2026-03-04T08:30:00.000Z');
  });

  it('has a fake that refuses a shipment breaking the modelled schema', async () => {
    const { token } = fake.state.tokens.issue();
    const res = await fetch(`${fake.url}/shipping/v1/shipments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ accountNumber: 'A100200', reference: 'X', parcels: [{ weightGrams: 1.5 }] }),
    });
    expect(res.status).toBe(400);
    expect(fake.violations.join('\n')).toMatch(/must have required property 'receiver'/);
    expect(fake.violations.join('\n')).toMatch(/weightGrams must be integer/);
    fake.violations.length = 0;
  });
});
