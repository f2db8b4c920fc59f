import type { BiReport, ErrorBody, Page, VisibleBiReport } from '@backoffice/contracts';
import { embedOriginOf, embedUrlProblem } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAME_SOURCES_MAX_AGE_MS } from '../src/domains/dashboards/bi-report-frames.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let manager: ApiClient;
let managerId: string;
let viewerA: ApiClient;
let viewerB: ApiClient;
let outsider: ApiClient;
let roleA: string;
let roleB: string;

async function roleOf(userId: string): Promise<string> {
  const row = await ta.t.db
    .selectFrom('user_roles')
    .select('role_id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.role_id;
}

beforeAll(async () => {
  ta = await startTestApp();
  const m = await clientWith(ta, ['powerbi_dashboard_flow']);
  manager = m.api;
  managerId = m.user.id;
  const a = await clientWith(ta, ['powerbi_dashboard_view']);
  const b = await clientWith(ta, ['powerbi_dashboard_view']);
  viewerA = a.api;
  viewerB = b.api;
  roleA = await roleOf(a.user.id);
  roleB = await roleOf(b.user.id);
  outsider = (await clientWith(ta, ['view_product'])).api;
});
afterAll(() => ta.close());

const PATH = '/api/bi-reports';

const report = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=0b6c&autoAuth=true',
  description: 'Monthly sales by channel',
  roleIds: [],
  ...extra,
});

async function create(name: string, extra: Record<string, unknown> = {}) {
  const res = await manager.post<BiReport>(PATH, report(name, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The directives of a content security policy, by name. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

async function frameSrc(client: ApiClient = viewerA): Promise<string[]> {
  const res = await client.get(`${PATH}/visible`);
  return directives(res.headers.get('content-security-policy')).get('frame-src') ?? [];
}

async function reportCount() {
  const row = await ta.t.db
    .selectFrom('bi_reports')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('Management Dashboards: the register of BI reports', () => {
  it('registers, reads, changes and removes a report, each change in the system log', async () => {
    const created = await create('Sales overview', { roleIds: [roleA], sortOrder: 5 });
    expect(created).toMatchObject({
      name: 'Sales overview',
      embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=0b6c&autoAuth=true',
      description: 'Monthly sales by channel',
      roles: [{ id: roleA }],
      active: true,
      sortOrder: 5,
    });
    expect((await manager.get<BiReport>(`${PATH}/${created.id}`)).body).toEqual(created);

    const changed = await manager.put<BiReport>(`${PATH}/${created.id}`, {
      ...report('Sales overview (UK)'),
      roleIds: [roleA, roleB, roleA.toUpperCase()],
      active: false,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.name).toBe('Sales overview (UK)');
    expect(changed.body.roles.map((r) => r.id).sort()).toEqual([roleA, roleB].sort());
    expect(changed.body.active).toBe(false);

    const removed = await manager.delete(`${PATH}/${created.id}`);
    expect(removed.status).toBe(200);
    expect((await manager.get<ErrorBody>(`${PATH}/${created.id}`)).status).toBe(404);
    expect(
      await ta.t.db.selectFrom('bi_report_roles').select('role_id').where('report_id', '=', created.id).execute(),
    ).toEqual([]);

    const logs = await ta.t.db
      .selectFrom('system_logs')
      .selectAll()
      .where('entity', '=', 'bi_report')
      .where('entity_id', '=', created.id)
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    expect(logs.every((l) => l.user_id === managerId)).toBe(true);
    expect(logs[1]?.before).toMatchObject({ name: 'Sales overview', active: true });
    expect(logs[1]?.after).toMatchObject({ name: 'Sales overview (UK)', active: false });
  });

  it('lists the register paged, searched, filtered and sorted', async () => {
    await create('Stock turn', { sortOrder: 2, roleIds: [roleB] });
    await create('Returns by reason', { sortOrder: 1, description: 'RMA and return tickets', active: false });
    await create('Margin by brand', { sortOrder: 3 });
    const all = await manager.get<Page<BiReport>>(`${PATH}?pageSize=200`);
    expect(all.status).toBe(200);
    const names = all.body.items.map((r) => r.name);
    expect(names.indexOf('Returns by reason')).toBeLessThan(names.indexOf('Stock turn'));
    expect(names.indexOf('Stock turn')).toBeLessThan(names.indexOf('Margin by brand'));

    const byName = await manager.get<Page<BiReport>>(`${PATH}?sort=-name&pageSize=200`);
    const sorted = byName.body.items.map((r) => r.name.toLowerCase());
    expect(sorted).toEqual([...sorted].sort().reverse());

    const searched = await manager.get<Page<BiReport>>(`${PATH}?q=return%20tickets`);
    expect(searched.body.items.map((r) => r.name)).toEqual(['Returns by reason']);
    const inactive = await manager.get<Page<BiReport>>(`${PATH}?active=false&pageSize=200`);
    expect(inactive.body.items.every((r) => !r.active)).toBe(true);
    const ofRole = await manager.get<Page<BiReport>>(`${PATH}?roleId=${roleB}`);
    expect(ofRole.body.items.map((r) => r.name)).toEqual(['Stock turn']);

    const paged = await manager.get<Page<BiReport>>(`${PATH}?pageSize=1&page=2`);
    expect(paged.body).toMatchObject({ page: 2, pageSize: 1, total: all.body.total });
    expect(paged.body.items).toHaveLength(1);

    const roles = await manager.get<{ items: { id: string; name: string }[] }>(`${PATH}/roles`);
    expect(roles.status).toBe(200);
    expect(roles.body.items.map((r) => r.id)).toEqual(expect.arrayContaining([roleA, roleB]));

    const badSort = await manager.get<ErrorBody>(`${PATH}?sort=embed_url`);
    expect([badSort.status, badSort.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('refuses an address that is not https, not a URL, too long or carries credentials, and an unknown role, in words, changing nothing', async () => {
    const before = await reportCount();
    const cases: [string, RegExp][] = [
      ['http://reports.example.com/embed/1', /https:\/\//],
      ['not a url', /embed address/],
      ['javascript:alert(1)', /https:\/\//],
      ['https://user:secret@reports.example.com/embed', /user name or password/],
      [`https://reports.example.com/${'a'.repeat(2000)}`, /2000 characters/],
      ['https://reports.example.com/a b', /spaces/],
    ];
    for (const [embedUrl, words] of cases) {
      const res = await manager.post<ErrorBody>(PATH, report(`Bad ${embedUrl.slice(0, 20)}`, { embedUrl }));
      expect([res.status, res.body.code], embedUrl).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.body.message, embedUrl).toMatch(words);
    }
    const unknownRole = await manager.post<ErrorBody>(
      PATH,
      report('Unknown role', { roleIds: ['00000000-0000-4000-8000-000000000000'] }),
    );
    expect([unknownRole.status, unknownRole.body.code]).toEqual([422, 'UNKNOWN_ROLE']);
    expect(unknownRole.body.message).toMatch(/role does not exist/);
    const noName = await manager.post<ErrorBody>(PATH, report('   '));
    expect(noName.status).toBe(400);

    await create('Unique name');
    const twice = await manager.post<ErrorBody>(PATH, report('UNIQUE NAME'));
    expect([twice.status, twice.body.code]).toEqual([409, 'BI_REPORT_NAME_TAKEN']);
    expect(await reportCount()).toBe(before + 1);
  });

  it('answers a replayed create with the first answer', async () => {
    const headers = { 'idempotency-key': 'bi-report-create-0001' };
    const first = await manager.post<BiReport>(PATH, report('Once only'), headers);
    const again = await manager.post<BiReport>(PATH, report('Once only'), headers);
    expect([first.status, again.status, again.body.id]).toEqual([201, 201, first.body.id]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('shows each viewer the active reports of their roles, and every active one to whoever keeps the register', async () => {
    const forA = await create('Visible to A', { roleIds: [roleA], sortOrder: 10 });
    const forB = await create('Visible to B', { roleIds: [roleB], sortOrder: 11 });
    const hidden = await create('Inactive for A', { roleIds: [roleA], active: false });
    const names = async (client: ApiClient) => {
      const res = await client.get<{ items: VisibleBiReport[] }>(`${PATH}/visible`);
      expect(res.status).toBe(200);
      return res.body.items.map((r) => r.name);
    };
    const a = await names(viewerA);
    expect(a).toContain(forA.name);
    expect(a).not.toContain(forB.name);
    expect(a).not.toContain(hidden.name);
    const b = await names(viewerB);
    expect(b).toContain(forB.name);
    expect(b).not.toContain(forA.name);
    const m = await names(manager);
    expect(m).toEqual(expect.arrayContaining([forA.name, forB.name]));
    expect(m).not.toContain(hidden.name);

    const item = (await viewerA.get<{ items: VisibleBiReport[] }>(`${PATH}/visible`)).body.items.find(
      (r) => r.id === forA.id,
    );
    expect(item).toEqual({ id: forA.id, name: forA.name, embedUrl: forA.embedUrl, description: forA.description });
  });

  it('answers 403 without the permissions, and viewers cannot change the register', async () => {
    expect((await outsider.get(`${PATH}/visible`)).status).toBe(403);
    expect((await outsider.get(PATH)).status).toBe(403);
    expect((await viewerA.get(PATH)).status).toBe(403);
    expect((await viewerA.get(`${PATH}/roles`)).status).toBe(403);
    const before = await reportCount();
    const res = await viewerA.post<ErrorBody>(PATH, report('By a viewer'));
    expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(await reportCount()).toBe(before);
  });

  it('lets the browser frame only the origins of the active registered reports', async () => {
    expect(await frameSrc()).not.toContain('https://reports.example.com');
    const r = await create('Framed', { embedUrl: 'https://reports.example.com/embed/1' });
    expect(await frameSrc()).toContain('https://reports.example.com');
    expect(await frameSrc()).toContain('https://app.powerbi.com');
    expect(await frameSrc()).not.toContain("'unsafe-inline'");

    const off = await manager.put<BiReport>(`${PATH}/${r.id}`, {
      ...report('Framed'),
      embedUrl: 'https://reports.example.com/embed/1',
      active: false,
    });
    expect(off.status).toBe(200);
    expect(directives(off.headers.get('content-security-policy')).get('frame-src')).not.toContain(
      'https://reports.example.com',
    );
    expect(await frameSrc()).not.toContain('https://reports.example.com');

    await manager.put(`${PATH}/${r.id}`, { ...report('Framed'), embedUrl: 'https://reports.example.com/embed/1' });
    expect(await frameSrc()).toContain('https://reports.example.com');
    await manager.delete(`${PATH}/${r.id}`);
    expect(await frameSrc()).not.toContain('https://reports.example.com');

    const http = await manager.post<ErrorBody>(
      PATH,
      report('Plain', { embedUrl: 'http://reports.example.com/embed/1' }),
    );
    expect(http.status).toBe(400);
    expect(http.body.message).toMatch(/https:\/\//);
    expect(await frameSrc()).not.toContain('http://reports.example.com');
  });

  it('picks up a change made by another server within the cache age', async () => {
    // A change written straight to the database, as another server sharing it would.
    await ta.t.db
      .insertInto('bi_reports')
      .values({ name: 'Written elsewhere', embed_url: 'https://elsewhere.example.org/r/1' })
      .execute();
    expect(await frameSrc()).not.toContain('https://elsewhere.example.org');
    const frames = ta.app.biReportFrames;
    // Age the cache instead of waiting FRAME_SOURCES_MAX_AGE_MS: the next response starts a read in the background.
    expect(FRAME_SOURCES_MAX_AGE_MS).toBeLessThanOrEqual(60_000);
    frames.expire();
    await frameSrc();
    await expect.poll(() => frames.sources(), { timeout: 5000 }).toContain('https://elsewhere.example.org');
    expect(await frameSrc()).toContain('https://elsewhere.example.org');
  });
});

describe('embed addresses', () => {
  it('accepts https addresses only, without credentials, and frames their origin', () => {
    expect(embedUrlProblem('https://app.powerbi.com/view?r=abc')).toBeNull();
    expect(embedUrlProblem('https://reports.example.com:8443/x')).toBeNull();
    expect(embedUrlProblem('http://reports.example.com')).toBe('https');
    expect(embedUrlProblem('ftp://reports.example.com')).toBe('https');
    expect(embedUrlProblem('https://a:b@reports.example.com')).toBe('credentials');
    expect(embedUrlProblem('https://reports.example.com/\n')).toBe('characters');
    expect(embedUrlProblem('//reports.example.com')).toBe('url');
    expect(embedOriginOf('https://reports.example.com:8443/x?y=1')).toBe('https://reports.example.com:8443');
    expect(embedOriginOf('http://reports.example.com')).toBeUndefined();
  });
});
