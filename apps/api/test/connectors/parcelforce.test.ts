import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeCarrierContext, sampleShipment } from '../../fakes/carrier-kit.ts';
import { PARCELFORCE_FAKE_LOGIN, type ParcelforceFake, startParcelforceFake } from '../../fakes/parcelforce/index.ts';
import { parcelforceConnector } from '../../src/domains/channels/connectors/parcelforce/index.ts';
import { ConnectorError } from '../../src/platform/connectors/http.ts';
import { pdfPageCount, pdfText } from '../../src/platform/pdf/pdf-text.ts';

let fake: ParcelforceFake;

beforeAll(async () => {
  fake = await startParcelforceFake();
});
afterAll(() => fake.close());
afterEach(() => {
  expect(fake.violations).toEqual([]);
  fake.reset();
});

function connector(credentials: Partial<typeof PARCELFORCE_FAKE_LOGIN> = {}) {
  const { ctx, records } = fakeCarrierContext('PARCELFORCE', fake.url, { ...PARCELFORCE_FAKE_LOGIN, ...credentials });
  return { pf: parcelforceConnector.create(ctx), records };
}

const callsOf = (operation: string) => fake.calls.filter((c) => c.operation === operation);

describe('Parcelforce ExpressLink connector', () => {
  it('tests the connection with an authenticated Find, and names a refused login', async () => {
    expect(await connector().pf.testConnection()).toMatch(/accepted the user expresslink-fake .*4 safe places/);
    const wrong = connector({ password: 'not-the-password' }).pf.testConnection();
    await expect(wrong).rejects.toThrow(/refused the ExpressLink user name or password/);
    await expect(wrong).rejects.toMatchObject({ retryable: false, status: 401 });
  });

  it('books a shipment, prints its PDF label, and keeps secrets out of the call log', async () => {
    const { pf, records } = connector();
    const shipment = await pf.createShipment(sampleShipment('INV-PF-1'));
    expect(shipment.trackingNumbers).toEqual([shipment.externalId]);
    expect(shipment.labelPdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(shipment.labelPdf)).toContain(shipment.externalId);
    expect(pdfPageCount(shipment.labelPdf)).toBe(2);
    expect(shipment.labelZpl).toBeNull();
    const made = fake.state.shipments.get(shipment.externalId);
    expect(made).toMatchObject({ reference: 'INV-PF-1', serviceCode: 'SND', parcels: 2, postcode: 'N1 9GU' });
    expect(records.map((r) => r.operation)).toEqual(['createShipment', 'printLabel']);
    for (const r of records) expect(JSON.stringify(r)).not.toContain(PARCELFORCE_FAKE_LOGIN.password);
    expect(records[0]?.requestBody).toContain('<Password>***</Password>');
  });

  it('books a shipment abroad with its parcels and contents described', async () => {
    const abroad = sampleShipment('INV-PF-2', {
      serviceCode: 'GPR',
      shipTo: { ...sampleShipment('x').shipTo, countryCode: 'FR', postcode: '75001', city: 'Paris', county: null },
    });
    const shipment = await connector().pf.createShipment(abroad);
    expect(fake.state.shipments.get(shipment.externalId)?.reference).toBe('INV-PF-2');
  });

  it('makes one shipment per reference, also when a label failed after the booking', async () => {
    const { pf } = connector();
    const first = await pf.createShipment(sampleShipment('INV-PF-3'));
    const again = await pf.createShipment(sampleShipment('INV-PF-3'));
    expect(again.externalId).toBe(first.externalId);

    fake.inject({ operation: 'printLabel', status: 503, times: 3 });
    const failed = pf.createShipment(sampleShipment('INV-PF-4'));
    await expect(failed).rejects.toMatchObject({ retryable: true, status: 503 });
    const retried = await pf.createShipment(sampleShipment('INV-PF-4'));
    const byReference = fake.shipments().filter((s) => s.reference === 'INV-PF-4');
    expect(byReference.map((s) => s.externalId)).toEqual([retried.externalId]);

    // A booking whose answer did not come in time may have been made: it is not sent again within the call.
    fake.inject({ operation: 'createShipment', delayMs: 700 });
    await expect(pf.createShipment(sampleShipment('INV-PF-4B'))).rejects.toMatchObject({ retryable: true });
    await expect.poll(() => callsOf('createShipment').filter((c) => c.status === 200).length).toBe(3);
    expect(fake.shipments().filter((s) => s.reference === 'INV-PF-4B')).toHaveLength(1);
  });

  it('waits out a 429 with its Retry-After, retries a 5xx and a timeout', async () => {
    const { pf } = connector();
    fake.inject({ operation: 'createShipment', status: 429, headers: { 'retry-after': '0.05' } });
    const started = Date.now();
    await pf.createShipment(sampleShipment('INV-PF-5'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(callsOf('createShipment').map((c) => c.status)).toEqual([429, 200]);

    fake.inject({ operation: 'Find', status: 502, times: 2 });
    await pf.testConnection();
    expect(callsOf('Find').map((c) => c.status)).toEqual([502, 502, 200]);

    fake.inject({ operation: 'printLabel', delayMs: 700 });
    await pf.createShipment(sampleShipment('INV-PF-6'));
    expect(callsOf('printLabel').length).toBeGreaterThanOrEqual(2);
  });

  it('does not retry what Parcelforce refused, and says why', async () => {
    const { pf } = connector();
    const refused = pf.createShipment(sampleShipment('INV-PF-7', { serviceCode: 'XYZ' }));
    await expect(refused).rejects.toThrow(/createShipment: Parcelforce refused it: Service code XYZ is not valid/);
    await expect(refused).rejects.toMatchObject({ retryable: false });
    const contract = connector({ contractNumber: 'P000000' }).pf.createShipment(sampleShipment('INV-PF-8'));
    await expect(contract).rejects.toThrow(/Contract number P000000 is not valid/);
    expect(callsOf('createShipment')).toHaveLength(2);
    const bad = connector().pf.createShipment(
      sampleShipment('INV-PF-9', { parcels: [{ weightKg: 'heavy' } as never] }),
    );
    await expect(bad).rejects.toBeInstanceOf(ConnectorError);
  });

  it('cancels a shipment, whose label is then refused; a new booking follows for its reference', async () => {
    const { pf } = connector();
    const shipment = await pf.createShipment(sampleShipment('INV-PF-10'));
    await pf.cancelShipment(shipment.externalId);
    expect(fake.shipments().find((s) => s.externalId === shipment.externalId)?.cancelled).toBe(true);
    const rebooked = await pf.createShipment(sampleShipment('INV-PF-10'));
    expect(rebooked.externalId).not.toBe(shipment.externalId);
    await expect(pf.cancelShipment('PB00000000')).rejects.toThrow(/Shipment PB00000000 was not found/);
  });

  it('answers tracking as unknown: ExpressLink has no tracking call', async () => {
    const { pf } = connector();
    const shipment = await pf.createShipment(sampleShipment('INV-PF-11'));
    fake.deliver(shipment.externalId);
    const [state] = await pf.track(shipment.trackingNumbers);
    expect(state).toMatchObject({ trackingNumber: shipment.externalId, status: 'UNKNOWN', deliveredAt: null });
    expect(state?.lastEvent).toMatch(/no tracking call/);
  });

  it("has a fake that refuses a request breaking the WSDL's schema with a Client fault", async () => {
    const envelope = (inner: string) =>
      `<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>${inner}</s:Body></s:Envelope>`;
    const request = `<CreateShipmentRequest xmlns="http://www.parcelforce.net/ws/ship/v14"><Authentication><UserName>u</UserName><Password>p</Password></Authentication><RequestedShipment><ShipmentType>DELIVERY</ShipmentType><ContractNumber>P1</ContractNumber><TotalNumberOfParcels>two</TotalNumberOfParcels></RequestedShipment></CreateShipmentRequest>`;
    const res = await fetch(fake.url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml', soapaction: 'createShipment' },
      body: envelope(request),
    });
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('<faultcode>soap:Client</faultcode>');
    expect(fake.violations).toEqual(
      expect.arrayContaining([
        'createShipment request: CreateShipmentRequest/RequestedShipment: ServiceCode is required',
        'createShipment request: CreateShipmentRequest/RequestedShipment: RecipientContact is required',
        'createShipment request: CreateShipmentRequest/RequestedShipment/TotalNumberOfParcels: "two" is not an xs:integer',
      ]),
    );
    fake.violations.length = 0;
  });
});
