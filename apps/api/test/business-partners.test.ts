import type {
  BusinessPartner,
  BusinessPartnerInput,
  BusinessPartnerSummary,
  ErrorBody,
  Page,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_PARTNER_REFERENCES } from '../src/domains/partners/business-partners/business-partner.references.ts';
import type { ReferenceQuery } from '../src/platform/references.ts';
import { XLSX_CONTENT_TYPE } from '../src/platform/xlsx.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

const PATH = '/api/business-partners';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000001';

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

let serial = 0;
/** A valid partner with a fresh code; `extra` overrides fields. */
function partner(extra: Partial<BusinessPartnerInput> = {}): BusinessPartnerInput {
  serial += 1;
  return { code: `BP-${serial}`, name: `Partner ${serial}`, ...extra };
}

const ADDRESS = { kind: 'billing', line1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' } as const;

async function create(extra: Partial<BusinessPartnerInput> = {}) {
  const res = await admin.post<BusinessPartner>(PATH, partner(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Every row of the partner tables and the number of their audit rows, to prove a refused request wrote nothing. */
async function snapshot() {
  const rows = async (table: string) =>
    (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY id`.execute(ta.t.db)).rows;
  const logs = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM system_logs WHERE entity = 'business_partner'`.execute(ta.t.db);
  return {
    partners: await rows('business_partners'),
    contacts: await rows('business_partner_contacts'),
    addresses: await rows('business_partner_addresses'),
    logs: logs.rows[0]?.n,
  };
}

const auditOf = (id: string) =>
  ta.t.db
    .selectFrom('system_logs')
    .selectAll()
    .where('entity', '=', 'business_partner')
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();

async function readSheet(res: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  return sheet;
}

describe('business partners', () => {
  it('creates one with contacts, addresses and late-payment terms, normalising what was typed, and audits it', async () => {
    const res = await admin.post<BusinessPartner>(PATH, {
      code: ' acme-uk ',
      name: '  Acme Supplies Ltd ',
      vatNumber: 'gb 123 4567 89',
      defaultCurrency: 'EUR',
      paymentTermsDays: 45,
      lateInterestRate: '8.5',
      lateInterestType: 'compound_interest',
      isConsignment: true,
      notes: '  Ships on Tuesdays ',
      contacts: [
        { name: 'Ann Accounts', role: 'Accounts', email: ' Ann@Acme.example ', phone: '+44 113  496 0000' },
        { name: 'Sam Sales', email: 'sam@acme.example' },
      ],
      addresses: [
        { kind: 'billing', line1: '1 High Street', line2: 'Unit 4', city: 'Leeds', postcode: 'ls11aa', country: 'gb' },
        { kind: 'billing', line1: '2 Low Road', city: 'York', postcode: 'YO1 7HH', country: 'GB', isDefault: true },
        { kind: 'returns', line1: '9 Rue de Rivoli', city: 'Paris', postcode: '75001', country: 'FR' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const p = res.body;
    expect(p).toMatchObject({
      code: 'ACME-UK',
      name: 'Acme Supplies Ltd',
      vatNumber: 'GB123456789',
      defaultCurrency: 'EUR',
      paymentTermsDays: 45,
      lateInterestRate: '8.50',
      lateInterestType: 'compound_interest',
      isConsignment: true,
      active: true,
      notes: 'Ships on Tuesdays',
    });
    // The first contact is primary when none is marked; e-mail lower-case, phone spaces collapsed.
    expect(p.contacts.map((c) => [c.name, c.role, c.email, c.phone, c.isPrimary])).toEqual([
      ['Ann Accounts', 'Accounts', 'ann@acme.example', '+44 113 496 0000', true],
      ['Sam Sales', null, 'sam@acme.example', null, false],
    ]);
    // The marked default wins for billing; the only returns address is its kind's default.
    expect(p.addresses.map((a) => [a.kind, a.line1, a.line2, a.postcode, a.country, a.isDefault])).toEqual([
      ['billing', '1 High Street', 'Unit 4', 'LS1 1AA', 'GB', false],
      ['billing', '2 Low Road', null, 'YO1 7HH', 'GB', true],
      ['returns', '9 Rue de Rivoli', null, '75001', 'FR', true],
    ]);
    expect((await admin.get<BusinessPartner>(`${PATH}/${p.id}`)).body).toEqual(p);

    const log = await auditOf(p.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'create', user_id: adminId, before: null });
    expect(log[0]?.after).toEqual(JSON.parse(JSON.stringify(p)));
  });

  it('takes the defaults: GBP, 30 days, no interest, not consignment, active, no contacts or addresses', async () => {
    const p = await create();
    expect(p).toMatchObject({
      vatNumber: null,
      defaultCurrency: 'GBP',
      paymentTermsDays: 30,
      lateInterestRate: null,
      lateInterestType: null,
      isConsignment: false,
      active: true,
      notes: null,
      contacts: [],
      addresses: [],
    });
  });

  it('updates it, replacing its contacts and addresses, and audits before and after; then deletes it', async () => {
    const p = await create({
      contacts: [{ name: 'Old One' }, { name: 'Old Two', isPrimary: true }],
      addresses: [ADDRESS],
      lateInterestRate: '5',
      lateInterestType: 'simple_interest',
    });
    const res = await admin.put<BusinessPartner>(`${PATH}/${p.id}`, {
      code: p.code.toLowerCase(),
      name: 'Renamed',
      paymentTermsDays: 0,
      active: false,
      contacts: [{ name: 'New One', email: 'new@example.com' }],
      addresses: [{ ...ADDRESS, kind: 'remittance', city: 'Bradford', postcode: 'BD1 1AA' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: p.id,
      code: p.code,
      name: 'Renamed',
      paymentTermsDays: 0,
      active: false,
      lateInterestRate: null,
      lateInterestType: null,
      createdAt: p.createdAt,
    });
    expect(res.body.updatedAt > p.updatedAt).toBe(true);
    expect(res.body.contacts.map((c) => [c.name, c.isPrimary])).toEqual([['New One', true]]);
    expect(res.body.addresses.map((a) => [a.kind, a.city, a.isDefault])).toEqual([['remittance', 'Bradford', true]]);
    const stored = await ta.t.db
      .selectFrom('business_partner_contacts')
      .select('name')
      .where('partner_id', '=', p.id)
      .execute();
    expect(stored.map((c) => c.name)).toEqual(['New One']);

    const deleted = await admin.delete<{ ok: boolean }>(`${PATH}/${p.id}`);
    expect([deleted.status, deleted.body]).toEqual([200, { ok: true }]);
    expect((await admin.get<ErrorBody>(`${PATH}/${p.id}`)).status).toBe(404);
    // Its contacts and addresses went with it.
    for (const table of ['business_partner_contacts', 'business_partner_addresses'] as const)
      expect(await ta.t.db.selectFrom(table).select('id').where('partner_id', '=', p.id).execute()).toEqual([]);

    const log = await auditOf(p.id);
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    expect(log[1]?.before).toMatchObject({ name: p.name, contacts: [{ name: 'Old One' }, { name: 'Old Two' }] });
    expect(log[1]?.after).toMatchObject({ name: 'Renamed', contacts: [{ name: 'New One' }] });
    expect(log[2]?.before).toMatchObject({ name: 'Renamed' });
    expect(log[2]?.after).toBeNull();
  });

  it.each([
    ['no code', { code: undefined }, 'code'],
    ['a code with a space', { code: 'AB CD' }, 'code'],
    ['a code over 30 characters', { code: 'A'.repeat(31) }, 'code'],
    ['no name', { name: '  ' }, 'name'],
    ['a name over 120 characters', { name: 'n'.repeat(121) }, 'name'],
    ['a GB VAT number of 8 digits', { vatNumber: 'GB12345678' }, 'vatNumber'],
    ['a GB VAT number of 10 digits', { vatNumber: 'GB1234567890' }, 'vatNumber'],
    ['a VAT number without its country prefix', { vatNumber: '123456789' }, 'vatNumber'],
    ['a VAT number with an unknown prefix', { vatNumber: 'ZZ123456789' }, 'vatNumber'],
    ['a German VAT number of 8 digits', { vatNumber: 'DE12345678' }, 'vatNumber'],
    ['a Dutch VAT number without its B', { vatNumber: 'NL12345678901' }, 'vatNumber'],
    ['a currency that is not offered', { defaultCurrency: 'JPY' }, 'defaultCurrency'],
    ['negative payment terms', { paymentTermsDays: -1 }, 'paymentTermsDays'],
    ['payment terms over 365 days', { paymentTermsDays: 366 }, 'paymentTermsDays'],
    ['payment terms in part days', { paymentTermsDays: 1.5 }, 'paymentTermsDays'],
    ['payment terms as text', { paymentTermsDays: '30' }, 'paymentTermsDays'],
    ['an interest rate without its type', { lateInterestRate: '8' }, 'lateInterestType'],
    ['an interest type without its rate', { lateInterestType: 'simple_interest' }, 'lateInterestRate'],
    [
      'an interest rate over 100',
      { lateInterestRate: '100.01', lateInterestType: 'simple_interest' },
      'lateInterestRate',
    ],
    [
      'an interest rate with 3 places',
      { lateInterestRate: '8.125', lateInterestType: 'simple_interest' },
      'lateInterestRate',
    ],
    ['an interest rate of zero', { lateInterestRate: '0', lateInterestType: 'simple_interest' }, 'lateInterestRate'],
    ['a negative interest rate', { lateInterestRate: '-1', lateInterestType: 'simple_interest' }, 'lateInterestRate'],
    ['an interest rate as a number', { lateInterestRate: 8, lateInterestType: 'simple_interest' }, 'lateInterestRate'],
    ['an unknown interest type', { lateInterestRate: '8', lateInterestType: 'daily' }, 'lateInterestType'],
    ['consignment that is not a boolean', { isConsignment: 'yes' }, 'isConsignment'],
    ['notes over 2000 characters', { notes: 'n'.repeat(2001) }, 'notes'],
    ['a contact without a name', { contacts: [{ name: ' ', email: 'a@b.example' }] }, 'contacts.0.name'],
    ['a contact with a bad e-mail', { contacts: [{ name: 'A', email: 'not-an-email' }] }, 'contacts.0.email'],
    ['a contact e-mail without a domain dot', { contacts: [{ name: 'A', email: 'a@localhost' }] }, 'contacts.0.email'],
    ['a contact with a bad phone', { contacts: [{ name: 'A', phone: 'call me' }] }, 'contacts.0.phone'],
    [
      'two primary contacts',
      {
        contacts: [
          { name: 'A', isPrimary: true },
          { name: 'B', isPrimary: true },
        ],
      },
      'contacts.1.isPrimary',
    ],
    ['more than 50 contacts', { contacts: Array.from({ length: 51 }, (_, i) => ({ name: `C${i}` })) }, 'contacts'],
    ['a GB address without a postcode', { addresses: [{ ...ADDRESS, postcode: '' }] }, 'addresses.0.postcode'],
    ['a GB address with a bad postcode', { addresses: [{ ...ADDRESS, postcode: 'LS1 1A' }] }, 'addresses.0.postcode'],
    [
      'a GB postcode with letters where none occur',
      { addresses: [{ ...ADDRESS, postcode: 'QQ1 1AA' }] },
      'addresses.0.postcode',
    ],
    [
      'a postcode with other characters',
      { addresses: [{ ...ADDRESS, country: 'FR', postcode: '75#01' }] },
      'addresses.0.postcode',
    ],
    ['an unknown country', { addresses: [{ ...ADDRESS, country: 'XX' }] }, 'addresses.0.country'],
    ['a three-letter country', { addresses: [{ ...ADDRESS, country: 'GBR' }] }, 'addresses.0.country'],
    ['an unknown address kind', { addresses: [{ ...ADDRESS, kind: 'head_office' }] }, 'addresses.0.kind'],
    ['an address without its first line', { addresses: [{ ...ADDRESS, line1: '' }] }, 'addresses.0.line1'],
    ['an address without a city', { addresses: [{ ...ADDRESS, city: undefined }] }, 'addresses.0.city'],
    [
      'two default billing addresses',
      {
        addresses: [
          { ...ADDRESS, isDefault: true },
          { ...ADDRESS, isDefault: true },
        ],
      },
      'addresses.1.isDefault',
    ],
  ] as [string, Record<string, unknown>, string][])(
    'refuses %s with 400 VALIDATION_FAILED naming the field, writing nothing',
    async (_, extra, field) => {
      const before = await snapshot();
      const res = await admin.post<ErrorBody & { details: { issues: { path: string }[] } }>(PATH, {
        ...partner(),
        ...extra,
      });
      expect([res.status, res.body.code], JSON.stringify(res.body)).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.body.details.issues.map((i) => i.path)).toContain(`body.${field}`);
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each([
    ['GB with 12 digits', 'GB123456789012', 'GB123456789012'],
    ['a GB government department', 'GBGD001', 'GBGD001'],
    ['Northern Ireland', 'xi 123 4567 89', 'XI123456789'],
    ['Germany', 'DE 123456789', 'DE123456789'],
    ['France', 'FR AB 123456789', 'FRAB123456789'],
    ['the Netherlands', 'NL123456789B01', 'NL123456789B01'],
    ['Austria', 'ATU12345678', 'ATU12345678'],
    ['Greece (EL)', 'EL-123.456.789', 'EL123456789'],
    ['Norway (outside the EU, loosely)', 'NO 123456789 MVA', 'NO123456789MVA'],
  ])('accepts a VAT number of %s, normalised', async (_, vatNumber, stored) => {
    expect((await create({ vatNumber })).vatNumber).toBe(stored);
  });

  it('accepts the limits: 0 and 365 days, a 100% rate, a 2000-character note, and postcodes of other countries', async () => {
    expect((await create({ paymentTermsDays: 0 })).paymentTermsDays).toBe(0);
    const p = await create({
      paymentTermsDays: 365,
      lateInterestRate: '100',
      lateInterestType: 'simple_interest',
      notes: 'n'.repeat(2000),
      addresses: [
        { kind: 'shipping', line1: '1 Main St', city: 'Dublin', country: 'IE' },
        { kind: 'shipping', line1: '350 Fifth Ave', city: 'New York', postcode: '10118-0110', country: 'us' },
        { kind: 'billing', line1: 'SW1A 1AA', city: 'London', postcode: 'sw1a1aa', country: 'GB' },
      ],
    });
    expect(p).toMatchObject({ paymentTermsDays: 365, lateInterestRate: '100.00' });
    expect(p.addresses.map((a) => [a.postcode, a.country, a.isDefault])).toEqual([
      [null, 'IE', true],
      ['10118-0110', 'US', false],
      ['SW1A 1AA', 'GB', true],
    ]);
  });

  it('refuses a code already taken, whatever its case, on create and on update (409), changing nothing', async () => {
    await create({ code: 'TAKEN-1' });
    const other = await create({ code: 'TAKEN-2', contacts: [{ name: 'Keep me' }], addresses: [ADDRESS] });
    const before = await snapshot();
    const dup = await admin.post<ErrorBody>(PATH, partner({ code: 'taken-1' }));
    expect([dup.status, dup.body.code]).toEqual([409, 'BUSINESS_PARTNER_CODE_TAKEN']);
    expect(dup.body.message).toBe('A business partner with code "TAKEN-1" already exists.');
    const rename = await admin.put<ErrorBody>(`${PATH}/${other.id}`, {
      code: 'Taken-1',
      name: 'Changed',
      contacts: [],
      addresses: [],
    });
    expect([rename.status, rename.body.code]).toEqual([409, 'BUSINESS_PARTNER_CODE_TAKEN']);
    // Neither the partner nor its contacts and addresses changed.
    expect(await snapshot()).toEqual(before);
    expect((await admin.get<BusinessPartner>(`${PATH}/${other.id}`)).body).toEqual(other);
    // Keeping its own code is no conflict.
    expect((await admin.put(`${PATH}/${other.id}`, { code: 'taken-2', name: 'Same code' })).status).toBe(200);
  });

  it('lets only one of two simultaneous creates with the same code through', async () => {
    const body = partner({ code: 'RACE-1' });
    const answers = await Promise.all([admin.post<ErrorBody>(PATH, body), admin.post<ErrorBody>(PATH, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body.code).toBe('BUSINESS_PARTNER_CODE_TAKEN');
    const rows = await ta.t.db.selectFrom('business_partners').select('id').where('code', '=', 'RACE-1').execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses an update that breaks a rule, keeping the stored contacts and addresses', async () => {
    const p = await create({ contacts: [{ name: 'Kept' }], addresses: [ADDRESS] });
    const before = await snapshot();
    const res = await admin.put<ErrorBody>(`${PATH}/${p.id}`, {
      code: p.code,
      name: p.name,
      contacts: [{ name: 'New', email: 'bad' }],
      addresses: [],
    });
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    for (const res of [
      await admin.get<ErrorBody>(`${PATH}/${UNKNOWN_ID}`),
      await admin.put<ErrorBody>(`${PATH}/${UNKNOWN_ID}`, { code: 'X', name: 'X' }),
      await admin.delete<ErrorBody>(`${PATH}/${UNKNOWN_ID}`),
    ])
      expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await admin.get(`${PATH}/not-a-uuid`)).status).toBe(400);
  });

  it('refuses to delete a partner something refers to (409 IN_USE with the counts), changing nothing', async () => {
    const p = await create({ code: 'USED-1', contacts: [{ name: 'C' }] });
    await sql`CREATE TABLE test_partner_refs (id serial PRIMARY KEY, partner_id uuid NOT NULL REFERENCES business_partners (id))`.execute(
      ta.t.db,
    );
    await sql`INSERT INTO test_partner_refs (partner_id) SELECT ${p.id}::uuid FROM generate_series(1, 2)`.execute(
      ta.t.db,
    );
    const reference: ReferenceQuery = {
      entity: 'purchase_order',
      count: async (db, id) =>
        (
          await sql<{ n: number }>`SELECT count(*)::int AS n FROM test_partner_refs WHERE partner_id = ${id}`.execute(
            db,
          )
        ).rows[0]?.n ?? 0,
    };
    BUSINESS_PARTNER_REFERENCES.push(reference);
    try {
      const before = await snapshot();
      const refused = await admin.delete<ErrorBody>(`${PATH}/${p.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'IN_USE',
        details: { references: [{ entity: 'purchase_order', count: 2 }], count: 2 },
      });
      expect(refused.body.message).toBe(
        'Business partner "USED-1" is used by 2 purchase orders; deactivate it instead.',
      );
      expect(await snapshot()).toEqual(before);
      // Deactivating is what it can do instead.
      const deactivated = await admin.put<BusinessPartner>(`${PATH}/${p.id}`, { ...p, active: false });
      expect([deactivated.status, deactivated.body.active]).toEqual([200, false]);
      await sql`DELETE FROM test_partner_refs`.execute(ta.t.db);
      expect((await admin.delete(`${PATH}/${p.id}`)).status).toBe(200);
    } finally {
      BUSINESS_PARTNER_REFERENCES.splice(BUSINESS_PARTNER_REFERENCES.indexOf(reference), 1);
      await sql`DROP TABLE test_partner_refs`.execute(ta.t.db);
    }
  });

  it('keeps a currency that an active partner defaults to from being deactivated', async () => {
    // USD: no other test gives a partner USD until this one is done with it.
    const p = await create({ code: 'USD-USER', defaultCurrency: 'USD' });
    const deactivate = () =>
      admin.put<ErrorBody>('/api/currencies/USD', { name: 'US Dollar', symbol: '$', active: false });
    const refused = await deactivate();
    expect([refused.status, refused.body.code]).toEqual([409, 'IN_USE']);
    expect(refused.body.details).toMatchObject({ references: [{ entity: 'business_partner', count: 1 }] });
    expect(
      (await admin.put(`${PATH}/${p.id}`, { code: p.code, name: p.name, defaultCurrency: 'USD', active: false }))
        .status,
    ).toBe(200);
    expect((await deactivate()).status).toBe(200);
    expect((await admin.put('/api/currencies/USD', { name: 'US Dollar', symbol: '$', active: true })).status).toBe(200);
  });

  it('answers a replayed create with the first answer, and the same key with another body with 422', async () => {
    const headers = { 'idempotency-key': 'business-partner-create-0001' };
    const body = partner({ code: 'ONCE', contacts: [{ name: 'Once' }] });
    const first = await admin.post<BusinessPartner>(PATH, body, headers);
    const again = await admin.post<BusinessPartner>(PATH, body, headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await admin.post<ErrorBody>(PATH, partner({ code: 'TWICE' }), headers);
    expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const rows = await ta.t.db
      .selectFrom('business_partners')
      .select('id')
      .where('code', 'in', ['ONCE', 'TWICE'])
      .execute();
    expect(rows).toHaveLength(1);
    expect((await auditOf(first.body.id)).length).toBe(1);
  });

  it('searches code, name, VAT number and contact e-mails; filters; sorts by the whitelist; pages', async () => {
    await create({
      code: 'LST-C',
      name: 'Lister Gamma',
      vatNumber: 'GB999000111',
      contacts: [{ name: 'Pat', email: 'pat@gamma-parts.example', isPrimary: true }],
      paymentTermsDays: 10,
    });
    await create({ code: 'LST-A', name: 'Lister Beta', active: false, defaultCurrency: 'USD', paymentTermsDays: 60 });
    await create({
      code: 'LST-B',
      name: 'Lister Alpha',
      isConsignment: true,
      defaultCurrency: 'EUR',
      paymentTermsDays: 30,
    });
    await create({ code: 'PCT-1', name: 'Other: 100% off' });
    const codes = (p: Page<BusinessPartnerSummary>) => p.items.map((i) => i.code);
    const list = async (query: string) => {
      const res = await admin.get<Page<BusinessPartnerSummary>>(`${PATH}?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };

    expect(codes(await list('q=lst-'))).toEqual(['LST-A', 'LST-B', 'LST-C']);
    expect(codes(await list('q=LISTER'))).toEqual(['LST-A', 'LST-B', 'LST-C']);
    // VAT numbers as typed with spaces, and contact e-mails.
    expect(codes(await list(`q=${encodeURIComponent('gb 999 000')}`))).toEqual(['LST-C']);
    expect(codes(await list('q=gamma-parts'))).toEqual(['LST-C']);
    // LIKE wildcards are taken literally.
    expect(codes(await list('q=%25'))).toEqual(['PCT-1']);

    expect(codes(await list('q=lst-&active=false'))).toEqual(['LST-A']);
    expect(codes(await list('q=lst-&active=true'))).toEqual(['LST-B', 'LST-C']);
    expect(codes(await list('q=lst-&consignment=true'))).toEqual(['LST-B']);
    expect(codes(await list('q=lst-&consignment=false'))).toEqual(['LST-A', 'LST-C']);
    expect(codes(await list('q=lst-&currency=USD'))).toEqual(['LST-A']);

    expect(codes(await list('q=lst-&sort=name'))).toEqual(['LST-B', 'LST-A', 'LST-C']);
    expect(codes(await list('q=lst-&sort=-code'))).toEqual(['LST-C', 'LST-B', 'LST-A']);
    expect(codes(await list('q=lst-&sort=paymentTermsDays'))).toEqual(['LST-C', 'LST-B', 'LST-A']);
    expect(codes(await list('q=lst-&sort=-updatedAt'))[0]).toBe('LST-B');

    const page2 = await list('q=lst-&pageSize=2&page=2');
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(codes(page2)).toEqual(['LST-C']);
    // A row carries its primary contact, not its notes, contacts or addresses.
    expect(page2.items[0]).toMatchObject({
      vatNumber: 'GB999000111',
      primaryContact: { name: 'Pat', email: 'pat@gamma-parts.example', phone: null },
    });
    expect(page2.items[0]).not.toHaveProperty('contacts');
    expect((await list('q=lst-a')).items[0]?.primaryContact).toBeNull();

    for (const bad of ['sort=createdAt', 'active=yes', 'consignment=1', 'currency=JPY', 'pageSize=201', 'page=0']) {
      const res = await admin.get<ErrorBody>(`${PATH}?${bad}`);
      expect([res.status, res.body.code], bad).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('exports the filtered partners (every page) as an .xlsx, formula-like text kept as text', async () => {
    await create({
      code: 'XP-2',
      name: 'Export two',
      vatNumber: 'GB123456789',
      lateInterestRate: '4.25',
      lateInterestType: 'simple_interest',
      contacts: [{ name: 'Xavier', email: 'x@export.example' }],
      addresses: [{ ...ADDRESS, line1: '7 Export Way' }],
    });
    await create({ code: 'XP-1', name: '=HYPERLINK("http://x")' });
    await create({ code: 'XP-3', name: 'Export three', active: false });
    const res = await fetch(`${ta.baseUrl}${PATH}/export?q=xp-&active=true&sort=code`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename\*=UTF-8''business-partners-.+\.xlsx$/,
    );
    const sheet = await readSheet(res);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Code',
      'Name',
      'VAT number',
      'Default currency',
      'Payment terms (days)',
      'Interest rate (% a year)',
      'Interest type',
      'Consignment',
      'Status',
      'Primary contact',
      'E-mail',
      'Phone',
      'Billing',
      'Notes',
      'Created',
      'Updated',
    ]);
    expect(sheet.rowCount).toBe(3);
    const hostile = sheet.getRow(2).getCell(2);
    expect(hostile.type).toBe(ExcelJS.ValueType.String);
    expect(hostile.value).toBe('=HYPERLINK("http://x")');
    const row = sheet.getRow(3).values as unknown[];
    expect(row.slice(1, 15)).toEqual([
      'XP-2',
      'Export two',
      'GB123456789',
      'GBP',
      30,
      4.25,
      'Simple interest',
      'No',
      'Active',
      'Xavier',
      'x@export.example',
      undefined,
      '7 Export Way, Leeds, LS1 1AA, GB',
      undefined,
    ]);
    expect(sheet.getRow(3).getCell(16).value).toBeInstanceOf(Date);

    const bad = await admin.get<ErrorBody>(`${PATH}/export?sort=bogus`);
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('exports more than one chunk', async () => {
    const rows = Array.from({ length: 1005 }, (_, i) => ({
      code: `BULK-${String(i).padStart(4, '0')}`,
      name: `Bulk ${i}`,
      default_currency: 'GBP',
      payment_terms_days: 30,
      is_consignment: false,
      active: true,
    }));
    await ta.t.db.insertInto('business_partners').values(rows).execute();
    const res = await fetch(`${ta.baseUrl}${PATH}/export?q=bulk-`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const sheet = await readSheet(res);
    expect(sheet.rowCount).toBe(1006);
    expect(sheet.getRow(1006).getCell(1).value).toBe('BULK-1004');
  });

  it('lets view_supplier read only, and each change needs its own permission; refusals change nothing', async () => {
    const p = await create({ contacts: [{ name: 'Guarded' }] });
    const viewer = (await clientWith(ta, ['view_supplier'])).api;
    expect((await viewer.get(PATH)).status).toBe(200);
    expect((await viewer.get(`${PATH}/${p.id}`)).status).toBe(200);
    expect((await viewer.get(`${PATH}/export`)).status).toBe(200);
    const before = await snapshot();
    for (const res of [
      await viewer.post<ErrorBody>(PATH, partner()),
      await viewer.put<ErrorBody>(`${PATH}/${p.id}`, { code: p.code, name: 'Nope' }),
      await viewer.delete<ErrorBody>(`${PATH}/${p.id}`),
    ])
      expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(await snapshot()).toEqual(before);

    const adder = (await clientWith(ta, ['add_supplier'])).api;
    expect((await adder.get(PATH)).status).toBe(403);
    expect((await adder.post(PATH, partner())).status).toBe(201);
    const editor = (await clientWith(ta, ['edit_supplier'])).api;
    expect((await editor.put(`${PATH}/${p.id}`, { code: p.code, name: 'Edited' })).status).toBe(200);
    expect((await editor.delete(`${PATH}/${p.id}`)).status).toBe(403);
    const deleter = (await clientWith(ta, ['delete_supplier'])).api;
    expect((await deleter.delete(`${PATH}/${p.id}`)).status).toBe(200);
  });
});
