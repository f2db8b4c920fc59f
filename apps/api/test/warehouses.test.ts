import type { ErrorBody, Page, Warehouse, WarehouseConfig, WarehouseLocation } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWarehouseConfig, maxReceivableQuantity } from '../src/domains/warehouses/index.ts';
import { LOCATION_REFERENCES } from '../src/domains/warehouses/location.references.ts';
import { WAREHOUSE_REFERENCES } from '../src/domains/warehouses/warehouse.references.ts';
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

const UNKNOWN = '00000000-0000-4000-8000-000000000001';

const countOf = async (table: 'warehouses' | 'warehouse_locations' | 'warehouse_configs') =>
  Number(
    (
      await ta.t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const auditOf = (entity: string, id: string) =>
  ta.t.db
    .selectFrom('system_logs')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();

async function createWarehouse(code: string, extra: Record<string, unknown> = {}) {
  const res = await admin.post<Warehouse>('/api/warehouses', { code, name: `Warehouse ${code}`, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
async function createBin(warehouseId: string, code: string, extra: Record<string, unknown> = {}) {
  const res = await admin.post<WarehouseLocation>(`/api/warehouses/${warehouseId}/locations`, { code, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
async function download(path: string) {
  const res = await fetch(`${ta.baseUrl}${path}`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return { sheet, disposition: res.headers.get('content-disposition') ?? '' };
}
/** A reference from another area, counted the way a later area's ReferenceQuery would. */
async function withReference<T>(list: ReferenceQuery[], id: string, run: () => Promise<T>) {
  const reference: ReferenceQuery = { entity: 'stock_movement', count: async (_db, x) => (x === id ? 2 : 0) };
  list.push(reference);
  try {
    return await run();
  } finally {
    list.splice(list.indexOf(reference), 1);
  }
}

describe('warehouses', () => {
  it('creates with its address and a default configuration, reads, updates and deletes, auditing each', async () => {
    const created = await admin.post<Warehouse>('/api/warehouses', {
      code: ' main-1 ',
      name: '  Main warehouse ',
      kind: 'THIRD_PARTY',
      address: { line1: '1 Dock Road', city: 'Leeds', postcode: 'ls11ab', country: 'gb' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: 'MAIN-1',
      name: 'Main warehouse',
      kind: 'THIRD_PARTY',
      active: true,
      // Its receiving bin, made with it.
      locationCount: 1,
      address: { line1: '1 Dock Road', line2: '', city: 'Leeds', postcode: 'LS1 1AB', country: 'GB' },
    });
    const id = created.body.id;
    expect((await admin.get<Warehouse>(`/api/warehouses/${id}`)).body).toEqual(created.body);
    const config = await admin.get<WarehouseConfig>(`/api/warehouses/${id}/config`);
    expect(config.body).toMatchObject({
      warehouseId: id,
      allowNegativeStock: false,
      defaultReceivingLocation: { code: 'RECEIVING', active: true },
      defaultReturnsLocation: null,
      overReceiptTolerance: '0.00',
      pickingOrder: 'PICK_SEQUENCE',
    });

    const updated = await admin.put<Warehouse>(`/api/warehouses/${id}`, {
      code: 'main-2',
      name: 'Main',
      kind: 'OWN',
      address: { line1: 'Rue 1', city: 'Lyon', postcode: '69001', country: 'FR' },
      active: false,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ code: 'MAIN-2', kind: 'OWN', active: false, address: { country: 'FR' } });

    const deleted = await admin.delete(`/api/warehouses/${id}`);
    expect([deleted.status, deleted.body]).toEqual([200, { ok: true }]);
    expect((await admin.get<ErrorBody>(`/api/warehouses/${id}`)).status).toBe(404);

    const log = await auditOf('warehouse', id);
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    expect(log.every((l) => l.user_id === adminId)).toBe(true);
    expect(log[0]?.after).toMatchObject({ code: 'MAIN-1' });
    expect(log[1]?.before).toMatchObject({ code: 'MAIN-1', kind: 'THIRD_PARTY' });
    expect(log[1]?.after).toMatchObject({ code: 'MAIN-2', kind: 'OWN' });
    expect(log[2]?.before).toMatchObject({ code: 'MAIN-2' });
  });

  it('defaults the kind to OWN and the country to GB', async () => {
    const w = await createWarehouse('DEFAULTS');
    expect(w).toMatchObject({ kind: 'OWN', address: { country: 'GB', postcode: '' } });
  });

  it.each([
    ['no code', { name: 'N' }],
    ['a code with a space', { code: 'A B', name: 'N' }],
    ['a code over 30 characters', { code: 'A'.repeat(31), name: 'N' }],
    ['no name', { code: 'V1' }],
    ['a name over 120 characters', { code: 'V1', name: 'n'.repeat(121) }],
    ['an unknown kind', { code: 'V1', name: 'N', kind: 'SHED' }],
    ['an unknown country', { code: 'V1', name: 'N', address: { country: 'XX' } }],
    ['a UK postcode that is not one', { code: 'V1', name: 'N', address: { postcode: '12345' } }],
    ['an address line over 120 characters', { code: 'V1', name: 'N', address: { line1: 'x'.repeat(121) } }],
    ['a city over 80 characters', { code: 'V1', name: 'N', address: { city: 'x'.repeat(81) } }],
    ['active that is not a boolean', { code: 'V1', name: 'N', active: 'yes' }],
  ])('refuses %s with 400 VALIDATION_FAILED, creating nothing', async (_, body) => {
    const before = await countOf('warehouses');
    const res = await admin.post<ErrorBody>('/api/warehouses', body);
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await countOf('warehouses')).toBe(before);
  });

  it('refuses a code already taken, whatever its case, on create and update (409), changing nothing', async () => {
    await createWarehouse('DUP-W1');
    const other = await createWarehouse('DUP-W2');
    const before = await countOf('warehouses');
    const dup = await admin.post<ErrorBody>('/api/warehouses', { code: 'dup-w1', name: 'Again' });
    expect([dup.status, dup.body.code]).toEqual([409, 'WAREHOUSE_CODE_TAKEN']);
    expect(await countOf('warehouses')).toBe(before);
    const rename = await admin.put<ErrorBody>(`/api/warehouses/${other.id}`, { code: 'Dup-W1', name: 'Second' });
    expect([rename.status, rename.body.code]).toEqual([409, 'WAREHOUSE_CODE_TAKEN']);
    expect((await admin.get<Warehouse>(`/api/warehouses/${other.id}`)).body.code).toBe('DUP-W2');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    for (const res of [
      await admin.get<ErrorBody>(`/api/warehouses/${UNKNOWN}`),
      await admin.put<ErrorBody>(`/api/warehouses/${UNKNOWN}`, { code: 'X', name: 'X' }),
      await admin.delete<ErrorBody>(`/api/warehouses/${UNKNOWN}`),
      await admin.get<ErrorBody>(`/api/warehouses/${UNKNOWN}/config`),
      await admin.get<ErrorBody>(`/api/warehouses/${UNKNOWN}/locations`),
      await admin.post<ErrorBody>(`/api/warehouses/${UNKNOWN}/locations`, { code: 'A' }),
    ])
      expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await admin.get('/api/warehouses/not-a-uuid')).status).toBe(400);
  });

  it('answers a replayed create with the first answer, and the same key with another body with 422', async () => {
    const headers = { 'idempotency-key': 'warehouse-create-0001' };
    const first = await admin.post<Warehouse>('/api/warehouses', { code: 'ONCE-W', name: 'Once' }, headers);
    const again = await admin.post<Warehouse>('/api/warehouses', { code: 'ONCE-W', name: 'Once' }, headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await admin.post<ErrorBody>('/api/warehouses', { code: 'TWICE-W', name: 'Twice' }, headers);
    expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const rows = await ta.t.db
      .selectFrom('warehouses')
      .select('id')
      .where('code', 'in', ['ONCE-W', 'TWICE-W'])
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('deletes a warehouse with its bins and configuration when nothing refers to them', async () => {
    const w = await createWarehouse('GOES');
    const bin = await createBin(w.id, 'G-1');
    await admin.put(`/api/warehouses/${w.id}/config`, {
      allowNegativeStock: true,
      defaultReceivingLocationId: bin.id,
      defaultReturnsLocationId: null,
      overReceiptTolerance: '5',
      pickingOrder: 'LOCATION_CODE',
    });
    expect((await admin.delete(`/api/warehouses/${w.id}`)).status).toBe(200);
    expect(
      await ta.t.db.selectFrom('warehouse_locations').where('warehouse_id', '=', w.id).selectAll().execute(),
    ).toEqual([]);
    expect(
      await ta.t.db.selectFrom('warehouse_configs').where('warehouse_id', '=', w.id).selectAll().execute(),
    ).toEqual([]);
  });

  it('refuses to delete a warehouse that is the default warehouse or that another area uses (409 IN_USE), changing nothing', async () => {
    const w = await createWarehouse('USED-W');
    await createBin(w.id, 'U-1');
    const setDefault = await admin.call('PATCH', '/api/system-configuration/inventory', { defaultWarehouseId: w.id });
    expect(setDefault.status).toBe(200);
    const refused = await admin.delete<ErrorBody>(`/api/warehouses/${w.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'IN_USE',
      details: { references: [{ entity: 'system_configuration', count: 1 }], count: 1 },
    });
    expect(refused.body.message).toMatch(/Warehouse "USED-W" is used by 1 system configuration; deactivate it instead/);
    expect((await admin.get<Warehouse>(`/api/warehouses/${w.id}`)).body).toMatchObject({ locationCount: 2 });
    expect((await auditOf('warehouse', w.id)).map((l) => l.action)).toEqual(['create']);

    expect(
      (await admin.call('PATCH', '/api/system-configuration/inventory', { defaultWarehouseId: null })).status,
    ).toBe(200);
    await withReference(WAREHOUSE_REFERENCES, w.id, async () => {
      const again = await admin.delete<ErrorBody>(`/api/warehouses/${w.id}`);
      expect([again.status, again.body.code]).toEqual([409, 'IN_USE']);
      expect(again.body.details).toMatchObject({ references: [{ entity: 'stock_movement', count: 2 }] });
    });
    // Deactivating is what it can do instead; once nothing refers to it, it can go.
    expect((await admin.put(`/api/warehouses/${w.id}`, { code: 'USED-W', name: 'Used', active: false })).status).toBe(
      200,
    );
    expect((await admin.delete(`/api/warehouses/${w.id}`)).status).toBe(200);
  });

  it('searches code, name and city, filters by active and kind, sorts by the whitelist and pages', async () => {
    await createWarehouse('LW-C', { name: 'Lister gamma', address: { city: 'York' } });
    await createWarehouse('LW-A', { name: 'Lister beta', kind: 'AMAZON_FBA', active: false });
    await createWarehouse('LW-B', { name: 'Lister alpha', kind: 'CONSIGNMENT', address: { city: 'Bath' } });
    const codes = (p: Page<Warehouse>) => p.items.map((i) => i.code);
    const list = (query: string) => admin.get<Page<Warehouse>>(`/api/warehouses?${query}`).then((r) => r.body);

    expect(codes(await list('q=lw-'))).toEqual(['LW-A', 'LW-B', 'LW-C']);
    expect(codes(await list('q=lister'))).toEqual(['LW-A', 'LW-B', 'LW-C']);
    expect(codes(await list('q=york'))).toEqual(['LW-C']);
    expect(codes(await list('q=lw-&active=false'))).toEqual(['LW-A']);
    expect(codes(await list('q=lw-&kind=CONSIGNMENT'))).toEqual(['LW-B']);
    expect(codes(await list('q=lw-&sort=name'))).toEqual(['LW-B', 'LW-A', 'LW-C']);
    expect(codes(await list('q=lw-&sort=-code'))).toEqual(['LW-C', 'LW-B', 'LW-A']);
    expect(codes(await list('q=lw-&sort=kind'))).toEqual(['LW-A', 'LW-B', 'LW-C']);
    expect(codes(await list('q=lw-&sort=-city'))).toEqual(['LW-C', 'LW-B', 'LW-A']);
    const page2 = await list('q=lw-&pageSize=2&page=2');
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(codes(page2)).toEqual(['LW-C']);
    for (const bad of ['sort=createdAt', 'active=yes', 'kind=SHED', 'pageSize=201', 'page=0']) {
      const res = await admin.get<ErrorBody>(`/api/warehouses?${bad}`);
      expect([res.status, res.body.code], bad).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('exports the filtered warehouses as an .xlsx, formula-like text kept as text', async () => {
    await createWarehouse('XW-2', { name: 'Export two' });
    await createWarehouse('XW-1', { name: '=HYPERLINK("http://x")', kind: 'AMAZON_FBA' });
    await createWarehouse('XW-3', { name: 'Export three', active: false });
    const { sheet, disposition } = await download('/api/warehouses/export?q=xw-&active=true');
    expect(disposition).toMatch(/warehouses-\d{4}-\d{2}-\d{2}\.xlsx/);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(1).value).toBe('Code');
    expect(sheet.getRow(2).getCell(1).value).toBe('XW-1');
    expect(sheet.getRow(2).getCell(2).value).toBe('=HYPERLINK("http://x")');
    expect(sheet.getRow(2).getCell(3).value).toBe('Amazon FBA');
    expect(sheet.getRow(3).getCell(1).value).toBe('XW-2');
  });

  it('lets a viewer read but not change; add_warehouse creates but does not edit or delete', async () => {
    const w = await createWarehouse('PERM-W');
    const viewer = (await clientWith(ta, ['view_warehouse'])).api;
    expect((await viewer.get('/api/warehouses')).status).toBe(200);
    expect((await viewer.get(`/api/warehouses/${w.id}/config`)).status).toBe(200);
    expect((await viewer.get('/api/warehouse-configs')).status).toBe(200);
    expect((await viewer.post('/api/warehouses', { code: 'NOPE', name: 'Nope' })).status).toBe(403);
    expect((await viewer.post(`/api/warehouses/${w.id}/locations`, { code: 'NOPE' })).status).toBe(403);
    const adder = (await clientWith(ta, ['view_warehouse', 'add_warehouse'])).api;
    expect((await adder.post('/api/warehouses', { code: 'ADDED-W', name: 'Added' })).status).toBe(201);
    expect((await adder.put(`/api/warehouses/${w.id}`, { code: 'PERM-W', name: 'Changed' })).status).toBe(403);
    expect((await adder.delete(`/api/warehouses/${w.id}`)).status).toBe(403);
    expect((await admin.get<Warehouse>(`/api/warehouses/${w.id}`)).body.name).toBe('Warehouse PERM-W');
  });
});

describe('locations (bins)', () => {
  it('adds, changes and deletes a bin, its code unique within its warehouse only, auditing each', async () => {
    const w = await createWarehouse('BINS-1');
    const other = await createWarehouse('BINS-2');
    const created = await admin.post<WarehouseLocation>(`/api/warehouses/${w.id}/locations`, {
      code: ' a-01-01 ',
      zone: ' Ambient ',
      pickSequence: 10,
      pickable: false,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      warehouseId: w.id,
      code: 'A-01-01',
      zone: 'Ambient',
      pickSequence: 10,
      pickable: false,
      active: true,
    });
    // With the receiving bin every warehouse starts with.
    expect((await admin.get<Warehouse>(`/api/warehouses/${w.id}`)).body.locationCount).toBe(2);

    const dup = await admin.post<ErrorBody>(`/api/warehouses/${w.id}/locations`, { code: 'A-01-01' });
    expect([dup.status, dup.body.code]).toEqual([409, 'LOCATION_CODE_TAKEN']);
    expect(dup.body.details).toMatchObject({ code: 'A-01-01' });
    // The same code in another warehouse is another bin.
    await createBin(other.id, 'A-01-01');

    const id = created.body.id;
    const updated = await admin.put<WarehouseLocation>(`/api/warehouses/${w.id}/locations/${id}`, {
      code: 'A-01-02',
      zone: 'Chilled',
      pickSequence: 20,
      pickable: true,
      active: false,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ code: 'A-01-02', zone: 'Chilled', pickSequence: 20, active: false });
    // A bin is reached through its own warehouse only.
    const wrong = await admin.put<ErrorBody>(`/api/warehouses/${other.id}/locations/${id}`, { code: 'X' });
    expect([wrong.status, wrong.body.code]).toEqual([404, 'NOT_FOUND']);

    expect((await admin.delete(`/api/warehouses/${w.id}/locations/${id}`)).status).toBe(200);
    const log = await auditOf('warehouse_location', id);
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    expect(log[1]?.before).toMatchObject({ code: 'A-01-01' });
    expect(log[1]?.after).toMatchObject({ code: 'A-01-02' });
  });

  it.each([
    ['no code', {}],
    ['a code with a dot', { code: 'A.1' }],
    ['a negative pick sequence', { code: 'B1', pickSequence: -1 }],
    ['a fractional pick sequence', { code: 'B1', pickSequence: 1.5 }],
    ['a pick sequence over 999999', { code: 'B1', pickSequence: 1_000_000 }],
    ['a pick sequence as text', { code: 'B1', pickSequence: '3' }],
    ['a zone over 40 characters', { code: 'B1', zone: 'z'.repeat(41) }],
    ['pickable that is not a boolean', { code: 'B1', pickable: 'no' }],
  ])('refuses a bin with %s (400), adding nothing', async (_, body) => {
    const w = await createWarehouse(`BV-${Math.random().toString(36).slice(2, 8)}`);
    const res = await admin.post<ErrorBody>(`/api/warehouses/${w.id}/locations`, body);
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    // Only the receiving bin it was made with.
    expect((await admin.get<Warehouse>(`/api/warehouses/${w.id}`)).body.locationCount).toBe(1);
  });

  it('gives one of two simultaneous adds of the same code the bin and the other a 409, never a 500', async () => {
    const w = await createWarehouse('RACE-1');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => admin.post<ErrorBody>(`/api/warehouses/${w.id}/locations`, { code: 'SAME' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe('LOCATION_CODE_TAKEN');
    expect((await admin.get<Warehouse>(`/api/warehouses/${w.id}`)).body.locationCount).toBe(2);
  });

  it('adds a range of bins at once with stepped pick sequences, replaying a retried request', async () => {
    const w = await createWarehouse('RANGE-1');
    const headers = { 'idempotency-key': 'range-create-0001' };
    const body = { from: 'a-01-01', to: 'A-01-20', zone: 'A', pickSequenceStart: 100, pickSequenceStep: 10 };
    const res = await admin.post<{ created: number; items: WarehouseLocation[] }>(
      `/api/warehouses/${w.id}/locations/range`,
      body,
      headers,
    );
    expect(res.status).toBe(201);
    expect(res.body.created).toBe(20);
    expect(res.body.items[0]).toMatchObject({ code: 'A-01-01', zone: 'A', pickSequence: 100, pickable: true });
    expect(res.body.items[19]).toMatchObject({ code: 'A-01-20', pickSequence: 290 });
    const again = await admin.post<{ created: number }>(`/api/warehouses/${w.id}/locations/range`, body, headers);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await admin.get<Warehouse>(`/api/warehouses/${w.id}`)).body.locationCount).toBe(21);
    const log = await auditOf('warehouse', w.id);
    expect(log.map((l) => l.action)).toEqual(['create', 'create_locations']);
    expect(log[1]?.after).toMatchObject({ warehouse: 'RANGE-1', codes: expect.arrayContaining(['A-01-20']) });
  });

  it('refuses a whole range when one of its codes exists (409 with the codes), adding none', async () => {
    const w = await createWarehouse('RANGE-2');
    await createBin(w.id, 'B-05');
    await createBin(w.id, 'B-07');
    const res = await admin.post<ErrorBody>(`/api/warehouses/${w.id}/locations/range`, { from: 'B-01', to: 'B-10' });
    expect([res.status, res.body.code]).toEqual([409, 'LOCATION_CODE_TAKEN']);
    expect(res.body.details).toMatchObject({ codes: ['B-05', 'B-07'] });
    expect((await admin.get<Warehouse>(`/api/warehouses/${w.id}`)).body.locationCount).toBe(3);
  });

  it.each([
    ['ends without a number', { from: 'A-01', to: 'A-XX' }],
    ['ends that start differently', { from: 'A-01', to: 'B-05' }],
    ['a range that counts down', { from: 'A-10', to: 'A-01' }],
    ['more than 500 codes', { from: 'A-0001', to: 'A-0501' }],
    ['pick sequences beyond 999999', { from: 'A-1', to: 'A-9', pickSequenceStart: 999_995, pickSequenceStep: 1 }],
  ])('refuses a range with %s (400)', async (_, body) => {
    const w = await createWarehouse(`RV-${Math.random().toString(36).slice(2, 8)}`);
    const res = await admin.post<ErrorBody>(`/api/warehouses/${w.id}/locations/range`, body);
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await admin.get<Warehouse>(`/api/warehouses/${w.id}`)).body.locationCount).toBe(1);
  });

  it('lists a warehouse’s bins: search, zone, pickable and active filters, sort and paging; exports them', async () => {
    const w = await createWarehouse('LIST-B');
    await createBin(w.id, 'C-2', { zone: 'Cold', pickSequence: 1 });
    await createBin(w.id, 'C-1', { zone: 'Cold', pickSequence: 3, pickable: false });
    await createBin(w.id, 'D-1', { zone: 'Dry', pickSequence: 2, active: false });
    const other = await createWarehouse('LIST-B2');
    await createBin(other.id, 'C-9', { zone: 'Cold' });
    const list = (query: string) =>
      admin.get<Page<WarehouseLocation>>(`/api/warehouses/${w.id}/locations?${query}`).then((r) => r.body);
    const codes = (p: Page<WarehouseLocation>) => p.items.map((i) => i.code);

    // RECEIVING is the receiving bin the warehouse was made with (zone Receiving, pick sequence 0).
    expect(codes(await list(''))).toEqual(['C-1', 'C-2', 'D-1', 'RECEIVING']);
    expect(codes(await list('q=c-'))).toEqual(['C-1', 'C-2']);
    expect(codes(await list('q=dry'))).toEqual(['D-1']);
    expect(codes(await list('zone=cold'))).toEqual(['C-1', 'C-2']);
    expect(codes(await list('pickable=false'))).toEqual(['C-1']);
    expect(codes(await list('active=false'))).toEqual(['D-1']);
    expect(codes(await list('sort=pickSequence'))).toEqual(['RECEIVING', 'C-2', 'D-1', 'C-1']);
    expect(codes(await list('sort=-zone'))).toEqual(['RECEIVING', 'D-1', 'C-1', 'C-2']);
    expect(await list('pageSize=2&page=2')).toMatchObject({
      total: 4,
      items: [{ code: 'D-1' }, { code: 'RECEIVING' }],
    });
    expect((await admin.get<ErrorBody>(`/api/warehouses/${w.id}/locations?sort=name`)).status).toBe(400);

    const { sheet, disposition } = await download(
      `/api/warehouses/${w.id}/locations/export?zone=Cold&sort=pickSequence`,
    );
    expect(disposition).toMatch(/locations-LIST-B-/);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(1).value).toBe('C-2');
    // Pickable: a word, as the screen says it.
    expect(sheet.getRow(3).getCell(4).value).toBe('No');
  });

  it('refuses to delete a default bin (409 in words) or a bin in use (409 IN_USE), or to deactivate a default bin, changing nothing', async () => {
    const w = await createWarehouse('INUSE-B');
    const bin = await createBin(w.id, 'R-1');
    const spare = await createBin(w.id, 'R-2');
    await admin.put(`/api/warehouses/${w.id}/config`, {
      allowNegativeStock: false,
      defaultReceivingLocationId: null,
      defaultReturnsLocationId: bin.id,
      overReceiptTolerance: '0',
      pickingOrder: 'PICK_SEQUENCE',
    });
    const refused = await admin.delete<ErrorBody>(`/api/warehouses/${w.id}/locations/${bin.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'LOCATION_IS_DEFAULT', details: { code: 'R-1', default: 'returns' } });
    expect(refused.body.message).toBe(
      'Bin "R-1" is this warehouse\'s default returns bin; choose another default in Advanced Config before deleting it.',
    );
    const deactivate = await admin.put<ErrorBody>(`/api/warehouses/${w.id}/locations/${bin.id}`, {
      code: 'R-1',
      active: false,
    });
    expect([deactivate.status, deactivate.body.code]).toEqual([409, 'LOCATION_IS_DEFAULT']);
    expect((await admin.get<Page<WarehouseLocation>>(`/api/warehouses/${w.id}/locations?q=R-1`)).body.items[0]).toEqual(
      bin,
    );
    expect((await auditOf('warehouse_location', bin.id)).map((l) => l.action)).toEqual(['create']);

    await withReference(LOCATION_REFERENCES, spare.id, async () => {
      const res = await admin.delete<ErrorBody>(`/api/warehouses/${w.id}/locations/${spare.id}`);
      expect(res.body.details).toMatchObject({ references: [{ entity: 'stock_movement', count: 2 }] });
    });
    expect((await admin.delete(`/api/warehouses/${w.id}/locations/${spare.id}`)).status).toBe(200);
  });
});

describe('advanced configuration', () => {
  const configOf = (overrides: Record<string, unknown> = {}) => ({
    allowNegativeStock: true,
    defaultReceivingLocationId: null,
    defaultReturnsLocationId: null,
    overReceiptTolerance: '5',
    pickingOrder: 'FIFO_OLDEST_FIRST',
    ...overrides,
  });

  it('sets default bins, tolerance and picking order, audited; the service later areas use reads it', async () => {
    const w = await createWarehouse('CFG-1');
    const dock = await createBin(w.id, 'DOCK', { pickable: false });
    const returns = await createBin(w.id, 'RET');
    const res = await admin.put<WarehouseConfig>(
      `/api/warehouses/${w.id}/config`,
      configOf({
        defaultReceivingLocationId: dock.id,
        defaultReturnsLocationId: returns.id,
        overReceiptTolerance: '2.5',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      warehouseId: w.id,
      warehouseCode: 'CFG-1',
      allowNegativeStock: true,
      defaultReceivingLocation: { id: dock.id, code: 'DOCK', active: true },
      defaultReturnsLocation: { id: returns.id, code: 'RET' },
      overReceiptTolerance: '2.50',
      pickingOrder: 'FIFO_OLDEST_FIRST',
    });
    const log = await auditOf('warehouse_configuration', w.id);
    expect(log).toHaveLength(1);
    expect(log[0]?.before).toMatchObject({
      overReceiptTolerance: '0.00',
      defaultReceivingLocation: { code: 'RECEIVING' },
    });
    expect(log[0]?.after).toMatchObject({ overReceiptTolerance: '2.50', defaultReceivingLocation: { code: 'DOCK' } });

    const config = await getWarehouseConfig(ta.t.db, w.id);
    expect(config).toEqual(res.body);
    expect(maxReceivableQuantity(config, '40')).toBe('41');
    await expect(getWarehouseConfig(ta.t.db, UNKNOWN)).rejects.toMatchObject({ status: 404 });
  });

  it('refuses a bin of another warehouse, an unknown bin and an inactive bin (422), changing nothing', async () => {
    const w = await createWarehouse('CFG-2');
    const other = await createWarehouse('CFG-3');
    const foreign = await createBin(other.id, 'F-1');
    const inactive = await createBin(w.id, 'I-1', { active: false });
    const before = (await admin.get<WarehouseConfig>(`/api/warehouses/${w.id}/config`)).body;
    for (const [body, code] of [
      [configOf({ defaultReceivingLocationId: foreign.id }), 'LOCATION_NOT_IN_WAREHOUSE'],
      [configOf({ defaultReturnsLocationId: UNKNOWN }), 'LOCATION_NOT_IN_WAREHOUSE'],
      [configOf({ defaultReceivingLocationId: inactive.id }), 'LOCATION_INACTIVE'],
    ] as const) {
      const res = await admin.put<ErrorBody>(`/api/warehouses/${w.id}/config`, body);
      expect([res.status, res.body.code]).toEqual([422, code]);
    }
    expect((await admin.get<WarehouseConfig>(`/api/warehouses/${w.id}/config`)).body).toEqual(before);
    expect(await auditOf('warehouse_configuration', w.id)).toHaveLength(0);
  });

  it.each([
    ['a tolerance over 100', { overReceiptTolerance: '100.01' }],
    ['a negative tolerance', { overReceiptTolerance: '-1' }],
    ['a tolerance with 3 decimal places', { overReceiptTolerance: '1.125' }],
    ['a tolerance as a number', { overReceiptTolerance: 5 }],
    ['an unknown picking order', { pickingOrder: 'RANDOM' }],
    ['a malformed bin id', { defaultReceivingLocationId: 'bin-1' }],
    ['no negative stock flag', { allowNegativeStock: undefined }],
  ])('refuses %s (400)', async (_, overrides) => {
    const w = await createWarehouse(`CV-${Math.random().toString(36).slice(2, 8)}`);
    const res = await admin.put<ErrorBody>(`/api/warehouses/${w.id}/config`, configOf(overrides));
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('accepts a tolerance of exactly 100 and of 0', async () => {
    const w = await createWarehouse('CFG-LIM');
    for (const [given, stored] of [
      ['100', '100.00'],
      ['0', '0.00'],
    ]) {
      const res = await admin.put<WarehouseConfig>(
        `/api/warehouses/${w.id}/config`,
        configOf({ overReceiptTolerance: given }),
      );
      expect(res.body.overReceiptTolerance).toBe(stored);
    }
  });

  it('needs edit_warehouse to change a configuration', async () => {
    const w = await createWarehouse('CFG-PERM');
    const viewer = (await clientWith(ta, ['view_warehouse', 'add_warehouse'])).api;
    expect((await viewer.put(`/api/warehouses/${w.id}/config`, configOf())).status).toBe(403);
    expect((await admin.get<WarehouseConfig>(`/api/warehouses/${w.id}/config`)).body.pickingOrder).toBe(
      'PICK_SEQUENCE',
    );
  });

  it("lists every warehouse's configuration with its bins' codes, searchable, and exports it", async () => {
    const w = await createWarehouse('VIEW-1', { name: 'Viewed one' });
    const dock = await createBin(w.id, 'V-DOCK');
    await admin.put(`/api/warehouses/${w.id}/config`, configOf({ defaultReceivingLocationId: dock.id }));
    await createWarehouse('VIEW-2', { name: 'Viewed two', active: false });
    const page = (await admin.get<Page<WarehouseConfig>>('/api/warehouse-configs?q=view-')).body;
    expect(page.total).toBe(2);
    expect(page.items.map((c) => [c.warehouseCode, c.defaultReceivingLocation?.code ?? null, c.pickingOrder])).toEqual([
      ['VIEW-1', 'V-DOCK', 'FIFO_OLDEST_FIRST'],
      ['VIEW-2', 'RECEIVING', 'PICK_SEQUENCE'],
    ]);
    expect((await admin.get<Page<WarehouseConfig>>('/api/warehouse-configs?q=view-&active=false')).body.total).toBe(1);
    expect(
      (await admin.get<Page<WarehouseConfig>>('/api/warehouse-configs?q=view-&sort=-name')).body.items[0]
        ?.warehouseCode,
    ).toBe('VIEW-2');

    const { sheet } = await download('/api/warehouse-configs/export?q=view-');
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(1).value).toBe('VIEW-1');
    expect(sheet.getRow(2).getCell(5).value).toBe('V-DOCK');
    expect(sheet.getRow(2).getCell(8).value).toBe('Oldest stock first (FIFO)');
  });

  it('keeps the database from pointing a configuration at another warehouse’s bin', async () => {
    const w = await createWarehouse('FK-1');
    const other = await createWarehouse('FK-2');
    const foreign = await createBin(other.id, 'FK-BIN');
    await expect(
      sql`UPDATE warehouse_configs SET default_receiving_location_id = ${foreign.id} WHERE warehouse_id = ${w.id}`.execute(
        ta.t.db,
      ),
    ).rejects.toThrow(/foreign key/);
  });
});
