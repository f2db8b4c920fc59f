import type { Carrier, CarrierSummary, ErrorBody, Page } from '@backoffice/contracts';
import { ALL_PERMISSIONS, trackingUrlFor } from '@backoffice/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIER_REFERENCES, CARRIER_SERVICE_REFERENCES } from '../src/domains/carriers/carrier.references.ts';
import type { ReferenceQuery } from '../src/platform/references.ts';
import { XLSX_CONTENT_TYPE } from '../src/platform/xlsx.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let admin: ApiClient;
let adminId: string;
let adminToken: string;
beforeAll(async () => {
  ta = await startTestApp();
  const a = await clientWith(ta, ALL_PERMISSIONS);
  admin = a.api;
  adminId = a.user.id;
  adminToken = a.tokens.accessToken;
});
afterAll(() => ta.close());

const PATH = '/api/shipping-carriers';
const TEMPLATE = 'https://track.example.com/parcel/{trackingNumber}?lang=en';

const countOf = async (table: 'shipping_carriers' | 'carrier_services') =>
  Number(
    (
      await ta.t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const auditOf = (id: string) =>
  ta.t.db
    .selectFrom('system_logs')
    .selectAll()
    .where('entity', '=', 'shipping_carrier')
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();

const carrier = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `Carrier ${code}`,
  trackingUrlTemplate: TEMPLATE,
  integration: 'DPD',
  services: [
    { code: 'next-day', name: 'Next day', tracked: true, signature: false, deliveryDays: 1 },
    { code: 'TWO-DAY', name: 'Two day', tracked: true, signature: true, deliveryDays: 2 },
  ],
  ...extra,
});
const create = async (code: string, extra: Record<string, unknown> = {}) => {
  const res = await admin.post<Carrier>(PATH, carrier(code, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
/** The body that saves a carrier as it is. */
const asInput = (c: Carrier) => ({
  code: c.code,
  name: c.name,
  trackingUrlTemplate: c.trackingUrlTemplate,
  integration: c.integration,
  active: c.active,
  services: c.services,
});

describe('shipping carriers', () => {
  it('are seeded with Royal Mail and Parcelforce, their services and public tracking pages', async () => {
    const list = (await admin.get<Page<CarrierSummary>>(`${PATH}?sort=code`)).body;
    const rm = list.items.find((c) => c.code === 'ROYAL_MAIL');
    const pf = list.items.find((c) => c.code === 'PARCELFORCE');
    expect(rm).toMatchObject({ integration: 'ROYAL_MAIL', serviceCount: 5, activeServiceCount: 5 });
    expect(pf).toMatchObject({ integration: 'PARCELFORCE', serviceCount: 4 });
    const royalMail = (await admin.get<Carrier>(`${PATH}/${rm?.id}`)).body;
    expect(royalMail.services.map((s) => s.code)).toEqual(['TPN24', 'TPS48', 'CRL24', 'CRL48', 'SD1']);
    expect(royalMail.services[0]).toMatchObject({
      name: 'Tracked 24',
      tracked: true,
      signature: false,
      deliveryDays: 1,
    });
    expect(trackingUrlFor(royalMail.trackingUrlTemplate ?? '', 'AB123456789GB')).toBe(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
    expect(trackingUrlFor(pf?.trackingUrlTemplate ?? '', 'PB1234567')).toBe(
      'https://www.parcelforce.com/track-trace?trackNumber=PB1234567',
    );
  });

  it('creates a carrier with its services (codes upper-cased), reads, updates and deletes it, auditing each', async () => {
    const created = await admin.post<Carrier>(PATH, carrier(' dpd-uk '));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: 'DPD-UK',
      integration: 'DPD',
      trackingUrlTemplate: TEMPLATE,
      active: true,
      services: [
        { code: 'NEXT-DAY', name: 'Next day', tracked: true, signature: false, deliveryDays: 1, active: true },
        { code: 'TWO-DAY', name: 'Two day', tracked: true, signature: true, deliveryDays: 2, active: true },
      ],
    });
    const id = created.body.id;
    expect((await admin.get<Carrier>(`${PATH}/${id}`)).body).toEqual(created.body);

    const [nextDay, twoDay] = created.body.services;
    const updated = await admin.put<Carrier>(`${PATH}/${id}`, {
      ...asInput(created.body),
      name: 'DPD Local',
      trackingUrlTemplate: '',
      integration: 'NONE',
      // Two-day renamed and moved first, next-day removed, a new one added.
      services: [
        { ...twoDay, name: 'Two day (signed)', deliveryDays: null },
        { code: 'sat', name: 'Saturday', active: false },
      ],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ name: 'DPD Local', trackingUrlTemplate: null, integration: 'NONE' });
    expect(updated.body.services.map((s) => [s.code, s.name, s.deliveryDays, s.active])).toEqual([
      ['TWO-DAY', 'Two day (signed)', null, true],
      ['SAT', 'Saturday', null, false],
    ]);
    expect(updated.body.services[0]?.id).toBe(twoDay?.id);
    expect(
      await ta.t.db
        .selectFrom('carrier_services')
        .where('id', '=', nextDay?.id ?? '')
        .select('id')
        .execute(),
    ).toEqual([]);

    expect((await admin.delete(`${PATH}/${id}`)).status).toBe(200);
    expect((await admin.get(`${PATH}/${id}`)).status).toBe(404);
    expect(await ta.t.db.selectFrom('carrier_services').where('carrier_id', '=', id).select('id').execute()).toEqual(
      [],
    );

    const log = await auditOf(id);
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    expect(log.every((l) => l.user_id === adminId)).toBe(true);
    expect(log[0]?.after).toMatchObject({ code: 'DPD-UK', services: [{ code: 'NEXT-DAY' }, { code: 'TWO-DAY' }] });
    expect(log[1]?.before).toMatchObject({ name: 'Carrier  dpd-uk', integration: 'DPD', services: [{}, {}] });
    expect(log[1]?.after).toMatchObject({ name: 'DPD Local', services: [{ code: 'TWO-DAY' }, { code: 'SAT' }] });
    expect(log[2]?.before).toMatchObject({ code: 'DPD-UK' });
  });

  it('swaps two services’ codes in one save', async () => {
    const c = await create('SWAP');
    const [a, b] = c.services;
    const res = await admin.put<Carrier>(`${PATH}/${c.id}`, {
      ...asInput(c),
      services: [
        { ...a, code: b?.code },
        { ...b, code: a?.code },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.services.map((s) => [s.id, s.code])).toEqual([
      [a?.id, 'TWO-DAY'],
      [b?.id, 'NEXT-DAY'],
    ]);
  });

  it.each([
    ['no code', { code: '' }],
    ['a code with a space', { code: 'A B' }],
    ['no name', { name: ' ' }],
    ['a name over 120 characters', { name: 'n'.repeat(121) }],
    ['a tracking URL without the placeholder', { trackingUrlTemplate: 'https://track.example.com/parcel/' }],
    ['a tracking URL over http', { trackingUrlTemplate: 'http://track.example.com/{trackingNumber}' }],
    ['a tracking URL that is not an address', { trackingUrlTemplate: 'track {trackingNumber}' }],
    ['a tracking URL without a host', { trackingUrlTemplate: 'https:///{trackingNumber}' }],
    ['a tracking URL with spaces', { trackingUrlTemplate: 'https://track.example.com/a b/{trackingNumber}' }],
    [
      'a tracking URL over 500 characters',
      { trackingUrlTemplate: `https://track.example.com/${'a'.repeat(480)}/{trackingNumber}` },
    ],
    ['an unknown integration', { integration: 'PIGEON' }],
    ['active that is not a boolean', { active: 'yes' }],
    ['services that are not a list', { services: 'TPN24' }],
    ['a service without a code', { services: [{ name: 'X' }] }],
    ['a service without a name', { services: [{ code: 'X' }] }],
    [
      'the same service code twice, whatever the case',
      {
        services: [
          { code: 'a1', name: 'A' },
          { code: 'A1', name: 'B' },
        ],
      },
    ],
    ['negative delivery days', { services: [{ code: 'A', name: 'A', deliveryDays: -1 }] }],
    ['delivery days over 60', { services: [{ code: 'A', name: 'A', deliveryDays: 61 }] }],
    ['fractional delivery days', { services: [{ code: 'A', name: 'A', deliveryDays: 1.5 }] }],
    ['delivery days as text', { services: [{ code: 'A', name: 'A', deliveryDays: '2' }] }],
    ['a tracked flag that is not a boolean', { services: [{ code: 'A', name: 'A', tracked: 'yes' }] }],
    ['a service id that is not a UUID', { services: [{ id: 'x', code: 'A', name: 'A' }] }],
    ['over 50 services', { services: Array.from({ length: 51 }, (_, i) => ({ code: `S${i}`, name: `S${i}` })) }],
  ])('refuses %s with 400 VALIDATION_FAILED, creating nothing', async (_, extra) => {
    const [carriers, services] = [await countOf('shipping_carriers'), await countOf('carrier_services')];
    const res = await admin.post<ErrorBody>(PATH, carrier('VALID-1', extra));
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect([await countOf('shipping_carriers'), await countOf('carrier_services')]).toEqual([carriers, services]);
  });

  it('names the service at fault, and accepts the limits', async () => {
    const res = await admin.post<ErrorBody & { details: { issues: { path: string }[] } }>(
      PATH,
      carrier('DUPS', {
        services: [
          { code: 'x', name: 'X' },
          { code: 'y', name: 'Y' },
          { code: 'X', name: 'Z' },
        ],
      }),
    );
    expect(res.body.details.issues.map((i) => i.path)).toEqual(['body.services.2.code']);
    expect(res.body.message).toMatch(/a service code is used once per carrier/);
    const limits = await admin.post<Carrier>(
      PATH,
      carrier('LIMITS', {
        trackingUrlTemplate: `https://track.example.com/${'a'.repeat(450)}/{trackingNumber}`,
        services: Array.from({ length: 50 }, (_, i) => ({ code: `S${i}`, name: `S${i}`, deliveryDays: i % 61 })),
      }),
    );
    expect([limits.status, limits.body.services.length]).toEqual([201, 50]);
    const bare = await admin.post<Carrier>(PATH, { code: 'BARE', name: 'Own van' });
    expect(bare.body).toMatchObject({ trackingUrlTemplate: null, integration: 'NONE', active: true, services: [] });
  });

  it('refuses a carrier code already taken, whatever its case (409 CARRIER_CODE_TAKEN), on create and update', async () => {
    await create('DUP-C1');
    const other = await create('DUP-C2');
    const before = await countOf('shipping_carriers');
    const dup = await admin.post<ErrorBody>(PATH, carrier('dup-c1'));
    expect([dup.status, dup.body.code]).toEqual([409, 'CARRIER_CODE_TAKEN']);
    expect(await countOf('shipping_carriers')).toBe(before);
    const rename = await admin.put<ErrorBody>(`${PATH}/${other.id}`, { ...asInput(other), code: 'Dup-C1' });
    expect([rename.status, rename.body.code]).toEqual([409, 'CARRIER_CODE_TAKEN']);
    expect((await admin.get<Carrier>(`${PATH}/${other.id}`)).body).toEqual(other);
    // The same service code on two carriers is no conflict.
    expect(other.services[0]?.code).toBe('NEXT-DAY');
  });

  it('refuses a service id that is not one of the carrier’s (422 CARRIER_SERVICE_NOT_FOUND), changing nothing', async () => {
    const a = await create('OWN-A');
    const b = await create('OWN-B');
    const foreign = { ...b.services[0], code: 'STOLEN', name: 'Stolen' };
    const res = await admin.put<ErrorBody>(`${PATH}/${a.id}`, { ...asInput(a), services: [...a.services, foreign] });
    expect([res.status, res.body.code]).toEqual([422, 'CARRIER_SERVICE_NOT_FOUND']);
    expect((await admin.get<Carrier>(`${PATH}/${a.id}`)).body).toEqual(a);
    expect((await admin.get<Carrier>(`${PATH}/${b.id}`)).body).toEqual(b);
    const onCreate = await admin.post<ErrorBody>(PATH, carrier('OWN-C', { services: [foreign] }));
    expect([onCreate.status, onCreate.body.code]).toEqual([422, 'CARRIER_SERVICE_NOT_FOUND']);
  });

  it('answers a replayed create with the first answer, and the same key with another body with 422', async () => {
    const headers = { 'idempotency-key': 'carrier-create-0001' };
    const first = await admin.post<Carrier>(PATH, carrier('ONCE-C'), headers);
    const again = await admin.post<Carrier>(PATH, carrier('ONCE-C'), headers);
    expect([first.status, again.status, again.body.id]).toEqual([201, 201, first.body.id]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await admin.post<ErrorBody>(PATH, carrier('TWICE-C'), headers);
    expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const rows = await ta.t.db
      .selectFrom('shipping_carriers')
      .select('id')
      .where('code', 'in', ['ONCE-C', 'TWICE-C'])
      .execute();
    expect(rows).toHaveLength(1);
    expect(
      await ta.t.db.selectFrom('carrier_services').where('carrier_id', '=', first.body.id).select('id').execute(),
    ).toHaveLength(2);
  });

  it('refuses to delete a carrier in use, or one whose service is in use, or to remove a service in use (409 IN_USE)', async () => {
    const c = await create('USED-C');
    const [used, spare] = c.services;
    const carrierRef: ReferenceQuery = { entity: 'ship_list', count: async (_db, id) => (id === c.id ? 1 : 0) };
    const serviceRef: ReferenceQuery = {
      entity: 'sales_invoice',
      count: async (_db, id) => (id === used?.id ? 3 : 0),
    };
    CARRIER_SERVICE_REFERENCES.push(serviceRef);
    try {
      const logs = (await auditOf(c.id)).length;
      const removeUsed = await admin.put<ErrorBody>(`${PATH}/${c.id}`, { ...asInput(c), services: [spare] });
      expect(removeUsed.status).toBe(409);
      expect(removeUsed.body).toMatchObject({
        code: 'IN_USE',
        details: { references: [{ entity: 'sales_invoice', count: 3 }] },
      });
      expect(removeUsed.body.message).toMatch(/Service NEXT-DAY of carrier "USED-C" is used by 3 sales invoices/);
      const deleteWithUsedService = await admin.delete<ErrorBody>(`${PATH}/${c.id}`);
      expect([deleteWithUsedService.status, deleteWithUsedService.body.code]).toEqual([409, 'IN_USE']);
      CARRIER_REFERENCES.push(carrierRef);
      const refused = await admin.delete<ErrorBody>(`${PATH}/${c.id}`);
      expect(refused.body).toMatchObject({
        code: 'IN_USE',
        details: {
          references: [
            { entity: 'ship_list', count: 1 },
            { entity: 'sales_invoice', count: 3 },
          ],
          count: 4,
        },
      });
      expect(refused.body.message).toMatch(
        /Carrier "USED-C" is used by 1 ship list and 3 sales invoices; deactivate it instead/,
      );
      expect((await admin.get<Carrier>(`${PATH}/${c.id}`)).body).toEqual(c);
      expect((await auditOf(c.id)).length).toBe(logs);
      // The unused service can go, and the used one be deactivated.
      const kept = await admin.put<Carrier>(`${PATH}/${c.id}`, {
        ...asInput(c),
        active: false,
        services: [{ ...used, active: false }],
      });
      expect([kept.status, kept.body.services.map((s) => [s.code, s.active])]).toEqual([200, [['NEXT-DAY', false]]]);
    } finally {
      CARRIER_SERVICE_REFERENCES.splice(CARRIER_SERVICE_REFERENCES.indexOf(serviceRef), 1);
      if (CARRIER_REFERENCES.includes(carrierRef)) CARRIER_REFERENCES.splice(CARRIER_REFERENCES.indexOf(carrierRef), 1);
    }
    expect((await admin.delete(`${PATH}/${c.id}`)).status).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = '00000000-0000-4000-8000-000000000001';
    for (const res of [
      await admin.get<ErrorBody>(`${PATH}/${unknown}`),
      await admin.put<ErrorBody>(`${PATH}/${unknown}`, carrier('NOPE')),
      await admin.delete<ErrorBody>(`${PATH}/${unknown}`),
    ])
      expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await admin.get(`${PATH}/not-a-uuid`)).status).toBe(400);
  });

  it('searches code, name and service, filters by active and integration, sorts and pages; exports a row per service', async () => {
    await create('LC-A', {
      name: 'lister alpha',
      integration: 'DHL',
      services: [{ code: 'EXP', name: 'Express worldwide' }],
    });
    await create('LC-B', { name: 'Lister beta', integration: 'NONE', services: [] });
    await create('LC-C', { name: '=Lister gamma', integration: 'DHL', active: false });
    const codes = async (query: string) =>
      (await admin.get<Page<CarrierSummary>>(`${PATH}?${query}`)).body.items.map((c) => c.code);
    expect(await codes('q=lc-')).toEqual(['LC-A', 'LC-B', 'LC-C']);
    expect(await codes('q=lister')).toEqual(['LC-A', 'LC-B', 'LC-C']);
    expect(await codes('q=express%20worldwide')).toEqual(['LC-A']);
    expect(await codes('q=lc-&integration=DHL')).toEqual(['LC-A', 'LC-C']);
    expect(await codes('q=lc-&active=false')).toEqual(['LC-C']);
    expect(await codes('q=lc-&sort=-code')).toEqual(['LC-C', 'LC-B', 'LC-A']);
    expect(await codes('q=lc-&sort=name')).toEqual(['LC-C', 'LC-A', 'LC-B']);
    expect(await codes('q=lc-&sort=-integration')).toEqual(['LC-B', 'LC-A', 'LC-C']);
    const page = (await admin.get<Page<CarrierSummary>>(`${PATH}?q=lc-&pageSize=2&page=2`)).body;
    expect([page.total, page.items.map((c) => [c.code, c.serviceCount, c.activeServiceCount])]).toEqual([
      3,
      [['LC-C', 2, 2]],
    ]);
    for (const bad of ['sort=trackingUrlTemplate', 'integration=PIGEON', 'active=maybe'])
      expect((await admin.get(`${PATH}?${bad}`)).status, bad).toBe(400);

    const res = await fetch(`${ta.baseUrl}${PATH}/export?q=lc-&sort=code`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.getRow(1).getCell(1).value).toBe('Code');
    expect(sheet.getRow(1).getCell(6).value).toBe('Service code');
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => [
      sheet.getRow(i + 2).getCell(1).value,
      sheet.getRow(i + 2).getCell(6).value ?? null,
    ]);
    expect(rows).toEqual([
      ['LC-A', 'EXP'],
      ['LC-B', null],
      ['LC-C', 'NEXT-DAY'],
      ['LC-C', 'TWO-DAY'],
    ]);
    const hostile = sheet.getRow(4).getCell(2);
    expect([hostile.type, hostile.value]).toEqual([ExcelJS.ValueType.String, '=Lister gamma']);
  });

  it('answers a user with handle_shipping_carriers only, and refuses them every change', async () => {
    const viewer = (await clientWith(ta, ['handle_shipping_carriers'])).api;
    const list = await viewer.get<Page<CarrierSummary>>(PATH);
    expect(list.status).toBe(200);
    const id = list.body.items[0]?.id ?? '';
    expect((await viewer.get(`${PATH}/${id}`)).status).toBe(200);
    const before = await countOf('shipping_carriers');
    for (const res of [
      await viewer.post<ErrorBody>(PATH, carrier('NOPE')),
      await viewer.put<ErrorBody>(`${PATH}/${id}`, carrier('NOPE')),
      await viewer.delete<ErrorBody>(`${PATH}/${id}`),
    ])
      expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(await countOf('shipping_carriers')).toBe(before);
    expect((await (await clientWith(ta, ['view_currency'])).api.get(PATH)).status).toBe(403);
  });
});
