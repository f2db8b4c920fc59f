import type { Draft, DraftListItem, ErrorBody, Page } from '@backoffice/contracts';
import { ALL_PERMISSIONS, DRAFT_PAYLOAD_MAX_BYTES, DRAFT_RETENTION_DAYS } from '@backoffice/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_PURGE_JOB_KIND } from '../src/domains/drafts/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
/** Every permission: an administrator. */
let admin: ApiClient;
/** The list screen's permission only. */
let keeper: ApiClient;
let keeperId: string;
/** May create purchase orders, and so keep drafts of that form only. */
let buyer: ApiClient;
let buyerId: string;
/** Neither. */
let nobody: ApiClient;

beforeAll(async () => {
  ta = await startTestApp();
  const [a, k, b, n] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(ta, ['view_draft']),
    clientWith(ta, ['view_purchase_order', 'add_purchase_order']),
    clientWith(ta, ['view_purchase_order']),
  ]);
  admin = a.api;
  keeper = k.api;
  keeperId = k.user.id;
  buyer = b.api;
  buyerId = b.user.id;
  nobody = n.api;
}, 120_000);
afterAll(() => ta.close());

const key = () => crypto.randomUUID();
const poDraft = (title = 'PO for Acme, 2 lines') => ({
  kind: 'PURCHASE_ORDER',
  route: '/purchase-order/purchase-order/PRIOR_ORDER_PO/new',
  title,
  summary: { lines: 2, units: 15 },
  payload: {
    supplierId: null,
    lines: [
      { sku: 'A-1', quantity: '10.5' },
      { sku: 'B-2', quantity: '4.5' },
    ],
  },
});
const draftRow = (id: string) => ta.t.db.selectFrom('drafts').selectAll().where('id', '=', id).executeTakeFirst();
const draftCount = async () =>
  Number(
    (
      await ta.t.db
        .selectFrom('drafts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const logsOf = (id: string) =>
  ta.t.db
    .selectFrom('system_logs')
    .select(['action', 'entity', 'username', 'before', 'after'])
    .where('entity', '=', 'draft')
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();

describe('drafts', () => {
  it('creates a draft of a form once per idempotency key, owned by its user and audited without its payload', async () => {
    const k = key();
    const created = await buyer.post<Draft>('/api/drafts', poDraft(), { 'idempotency-key': k });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'PURCHASE_ORDER',
      route: '/purchase-order/purchase-order/PRIOR_ORDER_PO/new',
      title: 'PO for Acme, 2 lines',
      summary: { lines: 2, units: 15 },
      version: 1,
      payload: poDraft().payload,
    });
    expect(created.body.size).toBe(Buffer.byteLength(JSON.stringify(poDraft().payload)));
    expect(created.body.savedAt).toBe(created.body.createdAt);
    const before = await draftCount();
    const replay = await buyer.post<Draft>('/api/drafts', poDraft(), { 'idempotency-key': k });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(created.body.id);
    expect(await draftCount()).toBe(before);
    expect((await draftRow(created.body.id))?.owner_id).toBe(buyerId);
    const logs = await logsOf(created.body.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ action: 'create', entity: 'draft' });
    expect(JSON.stringify(logs[0]?.after)).not.toContain('A-1');
    expect(logs[0]?.after).toMatchObject({ title: 'PO for Acme, 2 lines', summary: { lines: 2, units: 15 } });

    const read = await buyer.get<Draft>(`/api/drafts/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.payload).toEqual(poDraft().payload);
  });

  it("answers another user's draft with 404, administrators included, and changes nothing", async () => {
    const { body: mine } = await buyer.post<Draft>('/api/drafts', poDraft('Mine'), { 'idempotency-key': key() });
    const before = await draftRow(mine.id);
    for (const other of [admin, keeper]) {
      const read = await other.get<ErrorBody>(`/api/drafts/${mine.id}`);
      expect(read.status).toBe(404);
      expect(read.body.code).toBe('NOT_FOUND');
      const save = await other.put<ErrorBody>(`/api/drafts/${mine.id}`, { ...poDraft('Taken over'), version: 1 });
      expect(save.status).toBe(404);
      expect((await other.delete<ErrorBody>(`/api/drafts/${mine.id}`)).status).toBe(404);
      const list = await other.get<Page<DraftListItem>>('/api/drafts?pageSize=200');
      expect(list.body.items.map((d) => d.id)).not.toContain(mine.id);
    }
    expect(await draftRow(mine.id)).toEqual(before);
    expect((await logsOf(mine.id)).map((l) => l.action)).toEqual(['create']);
  });

  it('lets a form user keep drafts of that form only; view_draft keeps any kind; neither is refused', async () => {
    const before = await draftCount();
    const ship = { ...poDraft('Ship list for today'), kind: 'SHIP_LIST' };
    const refused = await buyer.post<ErrorBody>('/api/drafts', ship, { 'idempotency-key': key() });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect((await nobody.post('/api/drafts', poDraft(), { 'idempotency-key': key() })).status).toBe(403);
    expect((await nobody.get('/api/drafts')).status).toBe(403);
    expect(await draftCount()).toBe(before);

    const kept = await keeper.post<Draft>('/api/drafts', ship, { 'idempotency-key': key() });
    expect(kept.status).toBe(201);
    expect((await keeper.post<Draft>('/api/drafts', poDraft('PO kept'), { 'idempotency-key': key() })).status).toBe(
      201,
    );
    // The buyer lists only purchase order drafts, and only their own.
    const buyers = await buyer.get<Page<DraftListItem>>('/api/drafts?pageSize=200');
    expect(buyers.status).toBe(200);
    expect(new Set(buyers.body.items.map((d) => d.kind))).toEqual(new Set(['PURCHASE_ORDER']));
    expect(buyers.body.items.some((d) => d.title === 'PO kept')).toBe(false);
    expect(buyers.body.items[0]).not.toHaveProperty('payload');
  });

  it('lists newest save first, filters by kind and searches the title', async () => {
    const { api } = await clientWith(ta, ['view_draft']);
    const titles = ['Ship list north', 'Purchase order Acme', 'Ship list south'];
    const kinds = ['SHIP_LIST', 'PURCHASE_ORDER', 'SHIP_LIST'];
    const ids: string[] = [];
    for (const [i, title] of titles.entries()) {
      const { body } = await api.post<Draft>(
        '/api/drafts',
        { ...poDraft(title), kind: kinds[i] },
        { 'idempotency-key': key() },
      );
      ids.push(body.id);
      await ta.t.db
        .updateTable('drafts')
        .set({ saved_at: sql`now() - make_interval(mins => ${10 - i})` })
        .where('id', '=', body.id)
        .execute();
    }
    const all = await api.get<Page<DraftListItem>>('/api/drafts');
    expect(all.body.total).toBe(3);
    expect(all.body.items.map((d) => d.title)).toEqual([...titles].reverse());
    const ships = await api.get<Page<DraftListItem>>('/api/drafts?kind=SHIP_LIST');
    expect(ships.body.items.map((d) => d.title)).toEqual(['Ship list south', 'Ship list north']);
    const search = await api.get<Page<DraftListItem>>('/api/drafts?q=acme');
    expect(search.body.items.map((d) => d.id)).toEqual([ids[1]]);
    const byTitle = await api.get<Page<DraftListItem>>('/api/drafts?sort=title&pageSize=2');
    expect(byTitle.body.items.map((d) => d.title)).toEqual(['Purchase order Acme', 'Ship list north']);
    expect(byTitle.body.total).toBe(3);
    const badSort = await api.get<ErrorBody>('/api/drafts?sort=payload');
    expect(badSort.status).toBe(400);
    expect((await api.get<ErrorBody>('/api/drafts?kind=GOODS')).status).toBe(400);
  });

  it('saves over a draft from its version and refuses a stale version with 409, changing nothing', async () => {
    const { body: created } = await buyer.post<Draft>('/api/drafts', poDraft(), { 'idempotency-key': key() });
    const saved = await buyer.put<Draft>(`/api/drafts/${created.id}`, {
      title: 'PO for Acme, 3 lines',
      summary: { lines: 3 },
      payload: { lines: [1, 2, 3] },
      version: 1,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ version: 2, title: 'PO for Acme, 3 lines', summary: { lines: 3 } });
    expect(saved.body.payload).toEqual({ lines: [1, 2, 3] });
    expect(Date.parse(saved.body.savedAt)).toBeGreaterThanOrEqual(Date.parse(created.savedAt));
    const before = await draftRow(created.id);
    const stale = await buyer.put<ErrorBody>(`/api/drafts/${created.id}`, {
      title: 'Other tab',
      summary: {},
      payload: { lines: [] },
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('DRAFT_VERSION_CONFLICT');
    expect(stale.body.details).toMatchObject({ version: 2, sentVersion: 1 });
    expect(stale.body.message).toMatch(/saved elsewhere/);
    expect(await draftRow(created.id)).toEqual(before);
    const logs = await logsOf(created.id);
    expect(logs.map((l) => l.action)).toEqual(['create', 'update']);
    expect(logs[1]?.before).toMatchObject({ version: 1, title: 'PO for Acme, 2 lines' });
    expect(logs[1]?.after).toMatchObject({ version: 2, title: 'PO for Acme, 3 lines' });
  });

  it('refuses a payload over the limit (413 with a code) and one that is not an object, writing nothing', async () => {
    const before = await draftCount();
    const big = { ...poDraft(), payload: { text: 'x'.repeat(DRAFT_PAYLOAD_MAX_BYTES) } };
    const tooLarge = await buyer.post<ErrorBody>('/api/drafts', big, { 'idempotency-key': key() });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.code).toBe('DRAFT_TOO_LARGE');
    expect(tooLarge.body.details).toMatchObject({ max: DRAFT_PAYLOAD_MAX_BYTES });
    const huge = { ...poDraft(), payload: { text: 'x'.repeat(2 * 1024 * 1024) } };
    const beyond = await buyer.post<ErrorBody>('/api/drafts', huge, { 'idempotency-key': key() });
    expect(beyond.status).toBe(413);
    expect(beyond.body.code).toBe('PAYLOAD_TOO_LARGE');
    for (const route of ['https://evil.example/x', 'javascript:alert(1)', '/a/../b', '']) {
      const wrong = await buyer.post<ErrorBody>('/api/drafts', { ...poDraft(), route }, { 'idempotency-key': key() });
      expect(wrong.status).toBe(400);
    }
    for (const payload of [[1, 2], 'text', null, 3]) {
      const wrong = await buyer.post<ErrorBody>('/api/drafts', { ...poDraft(), payload }, { 'idempotency-key': key() });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('VALIDATION_FAILED');
    }
    expect(
      (await buyer.post<ErrorBody>('/api/drafts', { ...poDraft(), title: ' ' }, { 'idempotency-key': key() })).status,
    ).toBe(400);
    expect(await draftCount()).toBe(before);

    const { body: created } = await buyer.post<Draft>('/api/drafts', poDraft(), { 'idempotency-key': key() });
    const saveBig = await buyer.put<ErrorBody>(`/api/drafts/${created.id}`, { ...big, version: 1 });
    expect(saveBig.status).toBe(413);
    expect(saveBig.body.code).toBe('DRAFT_TOO_LARGE');
    expect((await draftRow(created.id))?.version).toBe(1);
  });

  it('deletes a draft of its owner, audited; then it is gone', async () => {
    const { body: created } = await buyer.post<Draft>('/api/drafts', poDraft(), { 'idempotency-key': key() });
    const deleted = await buyer.delete(`/api/drafts/${created.id}`);
    expect(deleted.status).toBe(200);
    expect(await draftRow(created.id)).toBeUndefined();
    expect((await buyer.get(`/api/drafts/${created.id}`)).status).toBe(404);
    expect((await buyer.delete(`/api/drafts/${created.id}`)).status).toBe(404);
    const logs = await logsOf(created.id);
    expect(logs.map((l) => l.action)).toEqual(['create', 'delete']);
    expect(logs[1]?.before).toMatchObject({ id: created.id, title: created.title });
  });

  it(`purges drafts not saved for ${DRAFT_RETENTION_DAYS} days with the daily job, each logged`, async () => {
    const { body: old } = await keeper.post<Draft>('/api/drafts', poDraft('Old'), { 'idempotency-key': key() });
    const { body: recent } = await keeper.post<Draft>('/api/drafts', poDraft('Recent'), { 'idempotency-key': key() });
    await ta.t.db
      .updateTable('drafts')
      .set({ saved_at: sql`now() - make_interval(days => ${DRAFT_RETENTION_DAYS + 1})` })
      .where('id', '=', old.id)
      .execute();
    await ta.t.db
      .updateTable('drafts')
      .set({ saved_at: sql`now() - make_interval(days => ${DRAFT_RETENTION_DAYS - 1})` })
      .where('id', '=', recent.id)
      .execute();
    // The runner queued today's job at its first sweep; run the day again as a new day would.
    await ta.t.db.deleteFrom('jobs').where('kind', '=', DRAFT_PURGE_JOB_KIND).execute();
    await ta.app.jobs.sweep();
    const queued = await ta.t.db.selectFrom('jobs').selectAll().where('kind', '=', DRAFT_PURGE_JOB_KIND).execute();
    expect(queued).toHaveLength(1);
    // A second sweep the same day queues nothing more.
    await ta.app.jobs.sweep();
    ta.app.jobs.nudge();
    await expect
      .poll(
        async () =>
          (await ta.t.db.selectFrom('jobs').select('status').where('kind', '=', DRAFT_PURGE_JOB_KIND).execute()).map(
            (j) => j.status,
          ),
        { timeout: 10_000 },
      )
      .toEqual(['DONE']);
    expect(await draftRow(old.id)).toBeUndefined();
    expect(await draftRow(recent.id)).toBeDefined();
    const logs = await logsOf(old.id);
    expect(logs.map((l) => l.action)).toEqual(['create', 'purge']);
    expect(logs[1]).toMatchObject({ username: null });
    expect(logs[1]?.before).toMatchObject({ ownerId: keeperId, title: 'Old', retentionDays: DRAFT_RETENTION_DAYS });
  });
});
