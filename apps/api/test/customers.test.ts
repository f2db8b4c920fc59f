import type { Customer, CustomerInput, CustomerSummary, ErrorBody, Page } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_REFERENCES } from '../src/domains/partners/customers/customer.references.ts';
import type { ReferenceQuery } from '../src/platform/references.ts';
import { XLSX_CONTENT_TYPE } from '../src/platform/xlsx.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

const PATH = '/api/customers';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000001';
const SHIPPING = {
  kind: 'shipping',
  line1: '10 Downing Street',
  city: 'London',
  postcode: 'SW1A 2AA',
  country: 'GB',
} as const;

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
function customer(extra: Partial<CustomerInput> = {}): CustomerInput {
  serial += 1;
  return { name: `Customer ${serial}`, ...extra };
}

async function create(extra: Partial<CustomerInput> = {}) {
  const res = await admin.post<Customer>(PATH, customer(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Every row of the customer tables and the number of their audit rows, to prove a refused request wrote nothing. */
async function snapshot() {
  const rows = async (table: string, order: string) =>
    (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY ${sql.raw(order)}`.execute(ta.t.db))
      .rows;
  const logs = await sql<{ n: number }>`SELECT count(*)::int AS n FROM system_logs WHERE entity = 'customer'`.execute(
    ta.t.db,
  );
  return {
    customers: await rows('customers', 'id'),
    addresses: await rows('customer_addresses', 'id'),
    channelIds: await rows('customer_channel_ids', 'customer_id, position'),
    logs: logs.rows[0]?.n,
  };
}

const auditOf = (id: string) =>
  ta.t.db
    .selectFrom('system_logs')
    .selectAll()
    .where('entity', '=', 'customer')
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

describe('customers', () => {
  it('creates one with addresses and channel ids, normalising what was typed, and audits it', async () => {
    const res = await admin.post<Customer>(PATH, {
      name: '  Jane Buyer ',
      email: ' Jane.Buyer@Example.COM ',
      phone: '07700  900123',
      notes: ' Prefers evening delivery ',
      addresses: [
        { kind: 'billing', line1: '1 Card Lane', city: 'Bristol', postcode: 'bs1 4dj', country: 'gb' },
        { ...SHIPPING },
        { kind: 'shipping', line1: 'Hauptstraße 5', city: 'Berlin', postcode: '10115', country: 'DE', isDefault: true },
      ],
      channelIds: [
        { channel: 'EBAY', externalId: ' jane_b ' },
        { channel: 'AMAZON', externalId: 'A1B2C3D4E5' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const c = res.body;
    expect(c).toMatchObject({
      name: 'Jane Buyer',
      email: 'jane.buyer@example.com',
      phone: '07700 900123',
      notes: 'Prefers evening delivery',
      active: true,
      channelIds: [
        { channel: 'EBAY', externalId: 'jane_b' },
        { channel: 'AMAZON', externalId: 'A1B2C3D4E5' },
      ],
    });
    expect(c.addresses.map((a) => [a.kind, a.postcode, a.country, a.isDefault])).toEqual([
      ['billing', 'BS1 4DJ', 'GB', true],
      ['shipping', 'SW1A 2AA', 'GB', false],
      ['shipping', '10115', 'DE', true],
    ]);
    expect((await admin.get<Customer>(`${PATH}/${c.id}`)).body).toEqual(c);
    const log = await auditOf(c.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'create', user_id: adminId, before: null });
    expect(log[0]?.after).toEqual(JSON.parse(JSON.stringify(c)));
  });

  it('needs only a name', async () => {
    const c = await create();
    expect(c).toMatchObject({ email: null, phone: null, notes: null, active: true, addresses: [], channelIds: [] });
  });

  it('updates one, replacing addresses and channel ids, audits before and after, then deletes it', async () => {
    const c = await create({ addresses: [SHIPPING], channelIds: [{ channel: 'SHOPIFY', externalId: '100200' }] });
    const res = await admin.put<Customer>(`${PATH}/${c.id}`, {
      name: 'Renamed',
      email: 'new@example.com',
      active: false,
      addresses: [{ ...SHIPPING, kind: 'billing' }],
      channelIds: [{ channel: 'TIKTOK', externalId: 'tt-1' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: c.id,
      name: 'Renamed',
      email: 'new@example.com',
      active: false,
      createdAt: c.createdAt,
      channelIds: [{ channel: 'TIKTOK', externalId: 'tt-1' }],
    });
    expect(res.body.updatedAt > c.updatedAt).toBe(true);
    expect(res.body.addresses.map((a) => [a.kind, a.isDefault])).toEqual([['billing', true]]);
    // The old channel id is free again.
    expect((await create({ channelIds: [{ channel: 'SHOPIFY', externalId: '100200' }] })).channelIds).toHaveLength(1);

    expect((await admin.delete(`${PATH}/${c.id}`)).status).toBe(200);
    expect((await admin.get(`${PATH}/${c.id}`)).status).toBe(404);
    expect(
      await ta.t.db.selectFrom('customer_channel_ids').select('channel').where('customer_id', '=', c.id).execute(),
    ).toEqual([]);
    const log = await auditOf(c.id);
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    expect(log[1]?.before).toMatchObject({ name: c.name, channelIds: [{ channel: 'SHOPIFY' }] });
    expect(log[1]?.after).toMatchObject({ name: 'Renamed', channelIds: [{ channel: 'TIKTOK' }] });
    expect(log[2]?.after).toBeNull();
  });

  it.each([
    ['no name', { name: undefined }, 'name'],
    ['an empty name', { name: '   ' }, 'name'],
    ['a name over 120 characters', { name: 'n'.repeat(121) }, 'name'],
    ['a bad e-mail', { email: 'jane@' }, 'email'],
    ['an e-mail over 254 characters', { email: `${'a'.repeat(250)}@example.com` }, 'email'],
    ['a bad phone', { phone: '12' }, 'phone'],
    ['active that is not a boolean', { active: 'no' }, 'active'],
    ['notes over 2000 characters', { notes: 'n'.repeat(2001) }, 'notes'],
    [
      'a returns address (customers have billing and shipping only)',
      { addresses: [{ ...SHIPPING, kind: 'returns' }] },
      'addresses.0.kind',
    ],
    ['a GB address without a postcode', { addresses: [{ ...SHIPPING, postcode: null }] }, 'addresses.0.postcode'],
    ['a GB address with a bad postcode', { addresses: [{ ...SHIPPING, postcode: '12345' }] }, 'addresses.0.postcode'],
    ['an unknown country', { addresses: [{ ...SHIPPING, country: 'UK' }] }, 'addresses.0.country'],
    [
      'two default shipping addresses',
      {
        addresses: [
          { ...SHIPPING, isDefault: true },
          { ...SHIPPING, isDefault: true },
        ],
      },
      'addresses.1.isDefault',
    ],
    ['more than 20 addresses', { addresses: Array.from({ length: 21 }, () => SHIPPING) }, 'addresses'],
    ['an unknown channel', { channelIds: [{ channel: 'ETSY', externalId: 'x' }] }, 'channelIds.0.channel'],
    ['an empty external id', { channelIds: [{ channel: 'EBAY', externalId: '  ' }] }, 'channelIds.0.externalId'],
    [
      'an external id over 100 characters',
      { channelIds: [{ channel: 'EBAY', externalId: 'x'.repeat(101) }] },
      'channelIds.0.externalId',
    ],
    [
      'the same channel id twice',
      {
        channelIds: [
          { channel: 'EBAY', externalId: 'dup' },
          { channel: 'EBAY', externalId: 'dup ' },
        ],
      },
      'channelIds.1.externalId',
    ],
  ] as [string, Record<string, unknown>, string][])(
    'refuses %s with 400 VALIDATION_FAILED naming the field, writing nothing',
    async (_, extra, field) => {
      const before = await snapshot();
      const res = await admin.post<ErrorBody & { details: { issues: { path: string }[] } }>(PATH, {
        ...customer(),
        ...extra,
      });
      expect([res.status, res.body.code], JSON.stringify(res.body)).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.body.details.issues.map((i) => i.path)).toContain(`body.${field}`);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('lets customers share an e-mail address (marketplaces relay or hide them)', async () => {
    await create({ email: 'household@example.com' });
    expect((await create({ email: 'HOUSEHOLD@example.com' })).email).toBe('household@example.com');
  });

  it('refuses a channel id another customer holds (409), on create and on update, changing nothing', async () => {
    const holder = await create({ channelIds: [{ channel: 'EBAY', externalId: 'taken_user' }] });
    const other = await create({ addresses: [SHIPPING], channelIds: [{ channel: 'AMAZON', externalId: 'AMZ-OTHER' }] });
    const before = await snapshot();
    const dup = await admin.post<ErrorBody>(
      PATH,
      customer({
        channelIds: [
          { channel: 'SHOPIFY', externalId: 'fresh' },
          { channel: 'EBAY', externalId: 'taken_user' },
        ],
      }),
    );
    expect([dup.status, dup.body.code]).toEqual([409, 'CUSTOMER_CHANNEL_ID_TAKEN']);
    expect(dup.body).toMatchObject({
      message: 'The EBAY id "taken_user" already belongs to another customer.',
      details: { channel: 'EBAY', externalId: 'taken_user', customerId: holder.id },
    });
    const update = await admin.put<ErrorBody>(`${PATH}/${other.id}`, {
      name: 'Changed',
      addresses: [],
      channelIds: [{ channel: 'EBAY', externalId: 'taken_user' }],
    });
    expect([update.status, update.body.code]).toEqual([409, 'CUSTOMER_CHANNEL_ID_TAKEN']);
    expect(await snapshot()).toEqual(before);
    // The same id on another channel is another customer's id; keeping one's own ids is no conflict.
    expect((await create({ channelIds: [{ channel: 'TIKTOK', externalId: 'taken_user' }] })).channelIds).toHaveLength(
      1,
    );
    const kept = await admin.put<Customer>(`${PATH}/${holder.id}`, {
      name: 'Holder',
      channelIds: [{ channel: 'EBAY', externalId: 'taken_user' }],
    });
    expect(kept.status).toBe(200);
  });

  it('lets only one of two simultaneous creates with the same channel id through', async () => {
    const body = customer({ channelIds: [{ channel: 'SAMSUNG', externalId: 'race-1' }] });
    const [a, b] = await Promise.all([admin.post<ErrorBody>(PATH, body), admin.post<ErrorBody>(PATH, body)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((a.status === 409 ? a : b).body.code).toBe('CUSTOMER_CHANNEL_ID_TAKEN');
    const rows = await ta.t.db
      .selectFrom('customer_channel_ids')
      .select('customer_id')
      .where('external_id', '=', 'race-1')
      .execute();
    expect(rows).toHaveLength(1);
    const customers = await ta.t.db.selectFrom('customers').select('id').where('name', '=', body.name).execute();
    expect(customers).toHaveLength(1);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    for (const res of [
      await admin.get<ErrorBody>(`${PATH}/${UNKNOWN_ID}`),
      await admin.put<ErrorBody>(`${PATH}/${UNKNOWN_ID}`, { name: 'X' }),
      await admin.delete<ErrorBody>(`${PATH}/${UNKNOWN_ID}`),
    ])
      expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await admin.get(`${PATH}/42`)).status).toBe(400);
  });

  it('refuses to delete a customer something refers to (409 IN_USE with the counts), changing nothing', async () => {
    const c = await create({ name: 'Loyal Buyer', channelIds: [{ channel: 'EBAY', externalId: 'loyal' }] });
    await sql`CREATE TABLE test_customer_refs (id serial PRIMARY KEY, customer_id uuid NOT NULL REFERENCES customers (id))`.execute(
      ta.t.db,
    );
    await sql`INSERT INTO test_customer_refs (customer_id) VALUES (${c.id})`.execute(ta.t.db);
    const reference: ReferenceQuery = {
      entity: 'sales_invoice',
      count: async (db, id) =>
        (
          await sql<{ n: number }>`SELECT count(*)::int AS n FROM test_customer_refs WHERE customer_id = ${id}`.execute(
            db,
          )
        ).rows[0]?.n ?? 0,
    };
    CUSTOMER_REFERENCES.push(reference);
    try {
      const before = await snapshot();
      const refused = await admin.delete<ErrorBody>(`${PATH}/${c.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'IN_USE',
        message: 'Customer "Loyal Buyer" is used by 1 sales invoice; deactivate it instead.',
        details: { references: [{ entity: 'sales_invoice', count: 1 }], count: 1 },
      });
      expect(await snapshot()).toEqual(before);
      await sql`DELETE FROM test_customer_refs`.execute(ta.t.db);
      expect((await admin.delete(`${PATH}/${c.id}`)).status).toBe(200);
    } finally {
      CUSTOMER_REFERENCES.splice(CUSTOMER_REFERENCES.indexOf(reference), 1);
      await sql`DROP TABLE test_customer_refs`.execute(ta.t.db);
    }
  });

  it('answers a replayed create with the first answer, and the same key with another body with 422', async () => {
    const headers = { 'idempotency-key': 'customer-create-0001' };
    const body = customer({ name: 'Once Only', channelIds: [{ channel: 'EBAY', externalId: 'once' }] });
    const first = await admin.post<Customer>(PATH, body, headers);
    const again = await admin.post<Customer>(PATH, body, headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await admin.post<ErrorBody>(PATH, customer({ name: 'Twice' }), headers);
    expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const rows = await ta.t.db
      .selectFrom('customers')
      .select('id')
      .where('name', 'in', ['Once Only', 'Twice'])
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('searches name, e-mail, phone and external ids; filters by channel and active; sorts; pages', async () => {
    await create({
      name: 'Srch Carol',
      email: 'carol@shop.example',
      phone: '+44 7700 900456',
      addresses: [SHIPPING],
      channelIds: [{ channel: 'AMAZON', externalId: 'AMZ-CAROL-77' }],
    });
    await create({ name: 'Srch Alice', email: 'alice@shop.example', active: false });
    await create({ name: 'Srch Bob', channelIds: [{ channel: 'EBAY', externalId: 'bob_ebay' }] });
    const names = (p: Page<CustomerSummary>) => p.items.map((i) => i.name);
    const list = async (query: string) => {
      const res = await admin.get<Page<CustomerSummary>>(`${PATH}?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };

    expect(names(await list('q=srch'))).toEqual(['Srch Alice', 'Srch Bob', 'Srch Carol']);
    expect(names(await list('q=ALICE@SHOP'))).toEqual(['Srch Alice']);
    expect(names(await list('q=900456'))).toEqual(['Srch Carol']);
    expect(names(await list('q=amz-carol'))).toEqual(['Srch Carol']);
    expect(names(await list('q=srch&channel=EBAY'))).toEqual(['Srch Bob']);
    expect(names(await list('q=srch&active=false'))).toEqual(['Srch Alice']);
    expect(names(await list('q=srch&active=true&sort=-name'))).toEqual(['Srch Carol', 'Srch Bob']);
    expect(names(await list('q=srch&sort=email'))).toEqual(['Srch Alice', 'Srch Carol', 'Srch Bob']);
    expect(names(await list('q=srch&sort=-createdAt'))).toEqual(['Srch Bob', 'Srch Alice', 'Srch Carol']);
    expect(names(await list('q=srch&sort=-updatedAt'))[0]).toBe('Srch Bob');

    const page = await list('q=srch&pageSize=2&page=2');
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items[0]).toMatchObject({
      name: 'Srch Carol',
      channelIds: [{ channel: 'AMAZON', externalId: 'AMZ-CAROL-77' }],
      city: 'London',
      postcode: 'SW1A 2AA',
      country: 'GB',
    });
    expect(page.items[0]).not.toHaveProperty('addresses');

    for (const bad of ['sort=phone', 'channel=ETSY', 'active=maybe', 'pageSize=0']) {
      const res = await admin.get<ErrorBody>(`${PATH}?${bad}`);
      expect([res.status, res.body.code], bad).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('exports the filtered customers as an .xlsx, formula-like text kept as text', async () => {
    await create({
      name: 'Xprt Ann',
      email: 'ann@xprt.example',
      addresses: [SHIPPING],
      channelIds: [
        { channel: 'EBAY', externalId: 'ann1' },
        { channel: 'AMAZON', externalId: 'ann2' },
      ],
    });
    await create({ name: 'Xprt =1+1', notes: '@SUM(A1)' });
    await create({ name: 'Xprt Gone', active: false });
    const res = await fetch(`${ta.baseUrl}${PATH}/export?q=xprt&active=true&sort=name`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''customers-.+\.xlsx$/);
    const sheet = await readSheet(res);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Name',
      'E-mail',
      'Phone',
      'Channel ids',
      'Shipping / delivery',
      'Status',
      'Notes',
      'Created',
      'Updated',
    ]);
    expect(sheet.rowCount).toBe(3);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 8)).toEqual([
      'Xprt =1+1',
      undefined,
      undefined,
      undefined,
      undefined,
      'Active',
      '@SUM(A1)',
    ]);
    expect(sheet.getRow(2).getCell(7).formula).toBeUndefined();
    expect((sheet.getRow(3).values as unknown[]).slice(1, 7)).toEqual([
      'Xprt Ann',
      'ann@xprt.example',
      undefined,
      'EBAY: ann1; AMAZON: ann2',
      '10 Downing Street, London, SW1A 2AA, GB',
      'Active',
    ]);
  });

  it('exports more than one chunk, in the order of the list', async () => {
    await sql`INSERT INTO customers (name) SELECT 'Bulk ' || lpad(i::text, 4, '0') FROM generate_series(1, 1005) i`.execute(
      ta.t.db,
    );
    const res = await fetch(`${ta.baseUrl}${PATH}/export?q=bulk&sort=-name`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const sheet = await readSheet(res);
    expect(sheet.rowCount).toBe(1006);
    expect(sheet.getRow(2).getCell(1).value).toBe('Bulk 1005');
    expect(sheet.getRow(1006).getCell(1).value).toBe('Bulk 0001');
  });

  it('lets view_customer read only, and each change needs its own permission; refusals change nothing', async () => {
    const c = await create({ channelIds: [{ channel: 'EBAY', externalId: 'guarded' }] });
    const viewer = (await clientWith(ta, ['view_customer'])).api;
    expect((await viewer.get(PATH)).status).toBe(200);
    expect((await viewer.get(`${PATH}/${c.id}`)).status).toBe(200);
    expect((await viewer.get(`${PATH}/export`)).status).toBe(200);
    const before = await snapshot();
    for (const res of [
      await viewer.post<ErrorBody>(PATH, customer()),
      await viewer.put<ErrorBody>(`${PATH}/${c.id}`, { name: 'Nope' }),
      await viewer.delete<ErrorBody>(`${PATH}/${c.id}`),
    ])
      expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(await snapshot()).toEqual(before);

    // Without view_customer the list is refused (the web app shows what is missing).
    const stranger = (await clientWith(ta, ['view_supplier'])).api;
    const refused = await stranger.get<ErrorBody>(PATH);
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(refused.body.details).toEqual({ required: ['view_customer'] });

    const adder = (await clientWith(ta, ['add_customer'])).api;
    expect((await adder.post(PATH, customer())).status).toBe(201);
    const editor = (await clientWith(ta, ['edit_customer'])).api;
    expect((await editor.put(`${PATH}/${c.id}`, { name: 'Edited' })).status).toBe(200);
    expect((await editor.delete(`${PATH}/${c.id}`)).status).toBe(403);
    const deleter = (await clientWith(ta, ['delete_customer'])).api;
    expect((await deleter.delete(`${PATH}/${c.id}`)).status).toBe(200);
  });
});
