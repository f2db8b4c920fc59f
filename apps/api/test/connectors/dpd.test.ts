import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeCarrierContext, sampleShipment } from '../../fakes/carrier-kit.ts';
import { DPD_FAKE_LOGIN, type DpdFake, startDpdFake } from '../../fakes/dpd/index.ts';
import { dpdConnector } from '../../src/domains/channels/connectors/dpd/index.ts';
import { pdfPageCount, pdfText } from '../../src/platform/pdf/pdf-text.ts';

let fake: DpdFake;

beforeAll(async () => {
  fake = await startDpdFake();
});
afterAll(() => fake.close());
afterEach(() => {
  expect(fake.violations).toEqual([]);
  fake.reset();
});

function connector(credentials: Partial<typeof DPD_FAKE_LOGIN> = {}) {
  const { ctx, records } = fakeCarrierContext('DPD', fake.url, { ...DPD_FAKE_LOGIN, ...credentials });
  return { dpd: dpdConnector.create(ctx), records };
}

const shipment = (reference: string, over: Parameters<typeof sampleShipment>[1] = {}) =>
  sampleShipment(reference, { serviceCode: '1^12', ...over });
const statusesOf = (operation: string) => fake.calls.filter((c) => c.operation === operation).map((c) => c.status);

describe('DPD UK connector (modelled)', () => {
  it('is marked modelled, logs in for a GeoSession, and names a refused login', async () => {
    expect(dpdConnector.modelledOnly).toBe(true);
    expect(await connector().dpd.testConnection()).toBe('DPD accepted the user dpd-fake-user for account/1234567.');
    const wrong = connector({ password: 'wrong-password' }).dpd.testConnection();
    await expect(wrong).rejects.toThrow(/DPD refused the user name, password or account number/);
    await expect(wrong).rejects.toMatchObject({ retryable: false, status: 401 });
  });

  it('books a shipment with its PDF label, reusing its session, and keeps secrets out of the call log', async () => {
    const { dpd, records } = connector();
    const made = await dpd.createShipment(shipment('INV-DPD-1'));
    expect(made.labelPdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(made.labelPdf)).toBe(2);
    expect(pdfText(made.labelPdf)).toContain(made.trackingNumbers[0]);
    expect(made.labelZpl).toBeNull();
    await dpd.createShipment(shipment('INV-DPD-2'));
    expect(statusesOf('login')).toEqual([200]);
    expect(records.map((r) => r.operation)).toEqual([
      'login',
      'createShipment',
      'getLabel',
      'createShipment',
      'getLabel',
    ]);
    const log = JSON.stringify(records);
    expect(log).not.toContain(DPD_FAKE_LOGIN.password);
    for (const session of fake.state.issued) expect(log).not.toContain(session);
    expect(records[1]?.requestBody).toContain('"totalWeight":2.25');
  });

  it('opens a new session when DPD forgot the old one', async () => {
    const { dpd } = connector();
    await dpd.createShipment(shipment('INV-DPD-3'));
    fake.state.sessions.expireAll();
    await dpd.createShipment(shipment('INV-DPD-4'));
    expect(statusesOf('login')).toEqual([200, 200]);
    expect(statusesOf('createShipment')).toEqual([200, 401, 200]);
  });

  it('makes one shipment per reference, also after a failed label', async () => {
    const { dpd } = connector();
    fake.inject({ operation: 'getLabel', status: 503, times: 3 });
    await expect(dpd.createShipment(shipment('INV-DPD-5'))).rejects.toMatchObject({ retryable: true });
    const made = await dpd.createShipment(shipment('INV-DPD-5'));
    expect(
      fake
        .shipments()
        .filter((s) => s.reference === 'INV-DPD-5')
        .map((s) => s.externalId),
    ).toEqual([made.externalId]);
  });

  it('waits out a 429, reports a refusal in words without retrying it', async () => {
    const { dpd } = connector();
    fake.inject({ operation: 'createShipment', status: 429, headers: { 'retry-after': '0' } });
    await dpd.createShipment(shipment('INV-DPD-6'));
    expect(statusesOf('createShipment')).toEqual([429, 200]);
    const bad = dpd.createShipment(shipment('INV-DPD-7', { serviceCode: '9^99' }));
    await expect(bad).rejects.toThrow(
      'createShipment: DPD refused shipment INV-DPD-7: Network code 9^99 is not available to this account (consignment[0].networkCode)',
    );
    await expect(bad).rejects.toMatchObject({ retryable: false });
  });

  it('cancels and tracks', async () => {
    const { dpd } = connector();
    const a = await dpd.createShipment(shipment('INV-DPD-8'));
    const b = await dpd.createShipment(shipment('INV-DPD-9'));
    await dpd.cancelShipment(a.externalId);
    await dpd.cancelShipment(a.externalId);
    expect(fake.shipments().find((s) => s.externalId === a.externalId)?.cancelled).toBe(true);
    fake.deliver(b.trackingNumbers[0] ?? '', new Date('2026-03-03T12:00:00Z'));
    const states = await dpd.track([...a.trackingNumbers, ...b.trackingNumbers, '0000000000']);
    expect(states.map((s) => s.status)).toEqual(['UNKNOWN', 'DELIVERED', 'UNKNOWN']);
    expect(states[1]?.deliveredAt).toBe('2026-03-03T12:00:00.000Z');
  });

  it('has a fake that refuses a shipment breaking the modelled schema', async () => {
    const login = await fetch(`${fake.url}/user/?action=login`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${DPD_FAKE_LOGIN.username}:${DPD_FAKE_LOGIN.password}`).toString('base64')}`,
        geoclient: `account/${DPD_FAKE_LOGIN.accountNumber}`,
      },
    });
    const { data } = (await login.json()) as { data: { geoSession: string } };
    const res = await fetch(`${fake.url}/shipping/shipment`, {
      method: 'POST',
      headers: { geosession: data.geoSession, geoclient: 'account/1234567', 'content-type': 'application/json' },
      body: JSON.stringify({ collectionOnDelivery: false, consolidate: false, consignment: [{ networkCode: '1-12' }] }),
    });
    expect(res.status).toBe(400);
    expect(fake.violations.join('\n')).toMatch(/must have required property 'collectionDate'/);
    expect(fake.violations.join('\n')).toMatch(/networkCode must match pattern/);
    fake.violations.length = 0;
  });
});
