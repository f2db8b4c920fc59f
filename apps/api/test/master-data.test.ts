import type { Brand, ErrorBody, Page } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_REFERENCES } from '../src/domains/master-data/brands/brand.references.ts';
import { COST_CENTER_REFERENCES } from '../src/domains/master-data/cost-centers/cost-center.references.ts';
import type { ReferenceQuery } from '../src/platform/references.ts';
import { XLSX_CONTENT_TYPE } from '../src/platform/xlsx.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

/** Brands and cost centres share their shape and rules, so one suite runs against each. */
const AREAS = [
  {
    label: 'brands',
    path: '/api/brands',
    table: 'brands',
    entity: 'brand',
    codeTaken: 'BRAND_CODE_TAKEN',
    references: BRAND_REFERENCES,
    permissions: ['view_brand', 'add_brand', 'edit_brand', 'delete_brand'],
  },
  {
    label: 'cost centres',
    path: '/api/cost-centers',
    table: 'cost_centers',
    entity: 'cost_center',
    codeTaken: 'COST_CENTER_CODE_TAKEN',
    references: COST_CENTER_REFERENCES,
    permissions: ['view_cost_center', 'add_cost_center', 'edit_cost_center', 'delete_cost_center'],
  },
] as const;

/** Brand and cost centre answer the same shape. */
type Item = Brand;

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

async function readSheet(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  return sheet;
}

describe.each(AREAS)('$label', (area) => {
  const { path } = area;
  const count = async () =>
    Number(
      (
        await ta.t.db
          .selectFrom(area.table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const auditOf = (id: string) =>
    ta.t.db
      .selectFrom('system_logs')
      .selectAll()
      .where('entity', '=', area.entity)
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
  const create = async (code: string, name: string, active = true) => {
    const res = await admin.post<Item>(path, { code, name, active });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  it('creates (code upper-cased), reads, updates and deletes, auditing each with before and after', async () => {
    const created = await admin.post<Item>(path, { code: ' acme-1_x ', name: '  Acme  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: 'ACME-1_X', name: 'Acme', active: true });
    const id = created.body.id;
    expect((await admin.get<Item>(`${path}/${id}`)).body).toEqual(created.body);

    const updated = await admin.put<Item>(`${path}/${id}`, { code: 'acme-2', name: 'Acme Ltd', active: false });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, code: 'ACME-2', name: 'Acme Ltd', active: false });
    expect(updated.body.createdAt).toBe(created.body.createdAt);
    expect(updated.body.updatedAt >= created.body.updatedAt).toBe(true);

    const deleted = await admin.delete<{ ok: boolean }>(`${path}/${id}`);
    expect([deleted.status, deleted.body]).toEqual([200, { ok: true }]);
    expect((await admin.get<ErrorBody>(`${path}/${id}`)).status).toBe(404);

    const log = await auditOf(id);
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    expect(log.every((l) => l.user_id === adminId)).toBe(true);
    expect(log[0]?.before).toBeNull();
    expect(log[0]?.after).toMatchObject({ code: 'ACME-1_X', active: true });
    expect(log[1]?.before).toMatchObject({ code: 'ACME-1_X', name: 'Acme', active: true });
    expect(log[1]?.after).toMatchObject({ code: 'ACME-2', name: 'Acme Ltd', active: false });
    expect(log[2]?.before).toMatchObject({ code: 'ACME-2' });
    expect(log[2]?.after).toBeNull();
  });

  it.each([
    ['no code', { name: 'N' }],
    ['an empty code', { code: '   ', name: 'N' }],
    ['a code over 30 characters', { code: 'A'.repeat(31), name: 'N' }],
    ['a code with a space', { code: 'AB CD', name: 'N' }],
    ['a code with other characters', { code: 'ÄB.1', name: 'N' }],
    ['no name', { code: 'OK1' }],
    ['an empty name', { code: 'OK1', name: '   ' }],
    ['a name over 120 characters', { code: 'OK1', name: 'n'.repeat(121) }],
    ['active that is not a boolean', { code: 'OK1', name: 'N', active: 'yes' }],
  ])('refuses %s with 400 VALIDATION_FAILED, creating nothing', async (_, body) => {
    const before = await count();
    const res = await admin.post<ErrorBody>(path, body);
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await count()).toBe(before);
  });

  it('accepts the limits: a 30-character code and a 120-character name', async () => {
    const res = await admin.post<Item>(path, { code: `z${'9'.repeat(29)}`, name: 'n'.repeat(120) });
    expect(res.status).toBe(201);
    expect(res.body.code).toBe(`Z${'9'.repeat(29)}`);
  });

  it('refuses a code already taken, whatever its case, on create and on update (409), changing nothing', async () => {
    await create('DUP-1', 'First');
    const other = await create('DUP-2', 'Second');
    const before = await count();
    const dup = await admin.post<ErrorBody>(path, { code: 'dup-1', name: 'Again' });
    expect([dup.status, dup.body.code]).toEqual([409, area.codeTaken]);
    expect(await count()).toBe(before);
    const rename = await admin.put<ErrorBody>(`${path}/${other.id}`, { code: 'Dup-1', name: 'Second', active: true });
    expect([rename.status, rename.body.code]).toEqual([409, area.codeTaken]);
    expect((await admin.get<Item>(`${path}/${other.id}`)).body.code).toBe('DUP-2');
    // Keeping its own code is no conflict.
    expect((await admin.put(`${path}/${other.id}`, { code: 'dup-2', name: 'Second!', active: true })).status).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = '00000000-0000-4000-8000-000000000001';
    for (const res of [
      await admin.get<ErrorBody>(`${path}/${unknown}`),
      await admin.put<ErrorBody>(`${path}/${unknown}`, { code: 'X', name: 'X' }),
      await admin.delete<ErrorBody>(`${path}/${unknown}`),
    ])
      expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await admin.get(`${path}/not-a-uuid`)).status).toBe(400);
  });

  it('refuses to delete a record something refers to (409 IN_USE with the counts), changing nothing', async () => {
    const item = await create('USED-1', 'Used');
    const refTable = `test_refs_${area.table}`;
    await sql
      .raw(`CREATE TABLE ${refTable} (id serial PRIMARY KEY, ref_id uuid NOT NULL REFERENCES ${area.table} (id))`)
      .execute(ta.t.db);
    await sql.raw(`INSERT INTO ${refTable} (ref_id) SELECT '${item.id}' FROM generate_series(1, 3)`).execute(ta.t.db);
    const reference: ReferenceQuery = {
      entity: 'purchase_order',
      count: async (db, id) =>
        (
          await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(refTable)} WHERE ref_id = ${id}`.execute(
            db,
          )
        ).rows[0]?.n ?? 0,
    };
    const references = area.references as ReferenceQuery[];
    references.push(reference);
    try {
      const logBefore = (await auditOf(item.id)).length;
      const refused = await admin.delete<ErrorBody>(`${path}/${item.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'IN_USE',
        details: { references: [{ entity: 'purchase_order', count: 3 }], count: 3 },
      });
      expect(refused.body.message).toMatch(/is used by 3 purchase orders; deactivate it instead/);
      expect((await admin.get<Item>(`${path}/${item.id}`)).body).toEqual(item);
      expect((await auditOf(item.id)).length).toBe(logBefore);
      // Deactivating is what it can do instead.
      expect((await admin.put(`${path}/${item.id}`, { code: item.code, name: item.name, active: false })).status).toBe(
        200,
      );
      // Once nothing refers to it, it can go.
      await sql.raw(`DELETE FROM ${refTable}`).execute(ta.t.db);
      expect((await admin.delete(`${path}/${item.id}`)).status).toBe(200);
    } finally {
      references.splice(references.indexOf(reference), 1);
      await sql.raw(`DROP TABLE ${refTable}`).execute(ta.t.db);
    }
  });

  it('answers a replayed create with the first answer, and the same key with another body with 422', async () => {
    const headers = { 'idempotency-key': `${area.table}-create-0001` };
    const first = await admin.post<Item>(path, { code: 'ONCE', name: 'Once' }, headers);
    const again = await admin.post<Item>(path, { code: 'ONCE', name: 'Once' }, headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await admin.post<ErrorBody>(path, { code: 'TWICE', name: 'Twice' }, headers);
    expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const rows = await ta.t.db.selectFrom(area.table).select('id').where('code', 'in', ['ONCE', 'TWICE']).execute();
    expect(rows).toHaveLength(1);
  });

  it('filters by active and text (code or name), sorts by the whitelist and pages', async () => {
    await create('LST-C', 'Lister gamma');
    await create('LST-A', 'Lister beta', false);
    await create('LST-B', 'Lister alpha');
    await create('ZZZ-9', 'Other: 100% off');
    const codes = (p: Page<Item>) => p.items.map((i) => i.code);

    const byCode = await admin.get<Page<Item>>(`${path}?q=lst-`);
    expect(codes(byCode.body)).toEqual(['LST-A', 'LST-B', 'LST-C']);
    const byName = await admin.get<Page<Item>>(`${path}?q=LISTER`);
    expect(codes(byName.body)).toEqual(['LST-A', 'LST-B', 'LST-C']);
    // LIKE wildcards in the search are taken literally.
    expect(codes((await admin.get<Page<Item>>(`${path}?q=%25`)).body)).toEqual(['ZZZ-9']);

    const inactive = await admin.get<Page<Item>>(`${path}?q=lst-&active=false`);
    expect(codes(inactive.body)).toEqual(['LST-A']);
    const active = await admin.get<Page<Item>>(`${path}?q=lst-&active=true`);
    expect(codes(active.body)).toEqual(['LST-B', 'LST-C']);

    expect(codes((await admin.get<Page<Item>>(`${path}?q=lst-&sort=name`)).body)).toEqual(['LST-B', 'LST-A', 'LST-C']);
    expect(codes((await admin.get<Page<Item>>(`${path}?q=lst-&sort=-code`)).body)).toEqual(['LST-C', 'LST-B', 'LST-A']);
    expect((await admin.get<Page<Item>>(`${path}?q=lst-&sort=-updatedAt`)).body.items[0]?.code).toBe('LST-B');

    const page2 = await admin.get<Page<Item>>(`${path}?q=lst-&pageSize=2&page=2`);
    expect(page2.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(codes(page2.body)).toEqual(['LST-C']);

    for (const bad of ['sort=createdAt', 'active=yes', 'pageSize=201', 'page=0']) {
      const res = await admin.get<ErrorBody>(`${path}?${bad}`);
      expect([res.status, res.body.code], bad).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('exports the filtered rows (every page) as an .xlsx, formula-like text kept as text', async () => {
    await create('XP-2', 'Export two');
    await create('XP-1', '=HYPERLINK("http://x")');
    await create('XP-3', 'Export three', false);
    const res = await fetch(`${ta.baseUrl}${path}/export?q=xp-&active=true&sort=code`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''.+\.xlsx$/);
    const sheet = await readSheet(Buffer.from(await res.arrayBuffer()));
    expect(sheet.getRow(1).values).toEqual([undefined, 'Code', 'Name', 'Status', 'Created', 'Updated']);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(1).value).toBe('XP-1');
    expect(sheet.getRow(3).getCell(1).value).toBe('XP-2');
    expect(sheet.getRow(3).getCell(3).value).toBe('Active');
    expect(sheet.getRow(3).getCell(5).value).toBeInstanceOf(Date);
    const hostile = sheet.getRow(2).getCell(2);
    expect(hostile.type).toBe(ExcelJS.ValueType.String);
    expect(hostile.value).toBe('=HYPERLINK("http://x")');
    expect(hostile.formula).toBeUndefined();

    const bad = await admin.get<ErrorBody>(`${path}/export?sort=bogus`);
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('exports more than one chunk and more than one page', async () => {
    const rows = Array.from({ length: 1205 }, (_, i) => ({
      code: `BULK-${String(i).padStart(4, '0')}`,
      name: `Bulk ${i}`,
    }));
    await ta.t.db.insertInto(area.table).values(rows).execute();
    const res = await fetch(`${ta.baseUrl}${path}/export?q=bulk-`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const sheet = await readSheet(Buffer.from(await res.arrayBuffer()));
    expect(sheet.rowCount).toBe(1206);
    expect(sheet.getRow(1206).getCell(1).value).toBe('BULK-1204');
  });

  it('answers a user with only the view permission, and refuses them a change', async () => {
    const viewer = (await clientWith(ta, [area.permissions[0]])).api;
    expect((await viewer.get(path)).status).toBe(200);
    expect((await viewer.post<ErrorBody>(path, { code: 'NOPE', name: 'Nope' })).status).toBe(403);
  });
});
