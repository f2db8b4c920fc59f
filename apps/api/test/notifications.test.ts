import type {
  ActivityPage,
  ErrorBody,
  NotificationPreferences,
  Page,
  Product,
  SystemLog,
  Transfer,
  Warehouse,
} from '@backoffice/contracts';
import { ACTIVITY_KINDS, ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let ta: TestApp;
let admin: ApiClient;
let adminId: string;
/** Sees warehouses only. */
let keeper: ApiClient;
let keeperId: string;
/** Sees transfers only. */
let planner: ApiClient;
/** Holds no permission at all. */
let nobody: ApiClient;
let logViewer: ApiClient;

beforeAll(async () => {
  ta = await startTestApp();
  const [a, k, p, n, v] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(ta, ['view_warehouse']),
    clientWith(ta, ['view_inventory_transfer']),
    clientWith(ta, []),
    clientWith(ta, ['view_system_logs']),
  ]);
  admin = a.api;
  adminId = a.user.id;
  await ta.t.db.updateTable('users').set({ name: 'Anna Admin' }).where('id', '=', adminId).execute();
  keeper = k.api;
  keeperId = k.user.id;
  planner = p.api;
  nobody = n.api;
  logViewer = v.api;
}, 120_000);
afterAll(() => ta.close());

let serial = 0;
async function newWarehouse() {
  serial += 1;
  const res = await admin.post<Warehouse>('/api/warehouses', { code: `NTF-W${serial}`, name: `Notify ${serial}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
async function newProduct() {
  serial += 1;
  const res = await admin.post<Product>('/api/products', {
    sku: `NTF-SKU-${serial}`,
    name: `Notify product ${serial}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A dispatched transfer of one unit between two new warehouses. */
async function dispatchedTransfer() {
  const p = await newProduct();
  const from = await newWarehouse();
  const to = await newWarehouse();
  await ta.t.db.transaction().execute((tx) =>
    post(
      { db: tx, user: null },
      {
        sourceType: 'test',
        sourceId: null,
        postedOn: null,
        lines: [
          {
            productId: p.id,
            warehouseId: from.id,
            kind: 'RECEIPT',
            quantity: new Decimal(5),
            unitCost: new Decimal('2.50'),
          },
        ],
      },
    ),
  );
  const draft = await admin.post<Transfer>('/api/inventory-transfers', {
    fromWarehouseId: from.id,
    toWarehouseId: to.id,
    lines: [{ productId: p.id, quantity: '1' }],
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const step = await admin.post(`/api/inventory-transfers/${draft.body.id}/dispatch`);
  expect(step.status, JSON.stringify(step.body)).toBe(200);
  return draft.body;
}

const logs = (client: ApiClient, query: string) => client.get<Page<SystemLog>>(`/api/system-logs?${query}`);
const activity = (client: ApiClient, query = '') => client.get<ActivityPage>(`/api/me/activity${query}`);

describe('the system log names records by number or code', () => {
  it('stores the readable reference when a row is written, and resolves it for rows written before', async () => {
    const w = await newWarehouse();
    const p = await newProduct();
    const t = await dispatchedTransfer();
    const warehouseRows = await logs(logViewer, `entity=warehouse&q=${w.code}`);
    expect(warehouseRows.body.items.map((r) => r.action)).toContain('create');
    for (const r of warehouseRows.body.items) expect([r.entityId, r.reference]).toEqual([w.id, w.code]);
    const productRows = await logs(logViewer, `entity=product&q=${p.sku}`);
    expect(productRows.body.items.map((r) => r.reference)).toEqual([p.sku]);
    const transferRows = await logs(logViewer, `entity=inventory_transfer&q=${t.number}`);
    expect(transferRows.body.items.map((r) => [r.action, r.reference])).toEqual([
      ['dispatch', t.number],
      ['create', t.number],
    ]);
    // Written with the row, not worked out on reading.
    const stored = await ta.t.db
      .selectFrom('system_logs')
      .select('reference')
      .where('entity', '=', 'warehouse')
      .where('entity_id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(stored.reference).toBe(w.code);

    // A row from before the reference was kept (none stored, and nothing in its payload names it).
    await ta.t.db
      .insertInto('system_logs')
      .values({ action: 'update', entity: 'warehouse', entity_id: w.id, username: 'old', after: null })
      .execute();
    await ta.t.db
      .updateTable('system_logs')
      .set({ reference: null })
      .where('entity_id', '=', w.id)
      .where('username', '=', 'old')
      .execute();
    const old = await logs(logViewer, 'entity=warehouse&action=update&q=old');
    expect(old.body.items.map((r) => r.reference)).toEqual([w.code]);

    // The log's business rows for records that still exist: none is named by a bare id.
    const all = await logs(logViewer, 'pageSize=200');
    const unnamed = all.body.items.filter(
      (r) => ['warehouse', 'product', 'inventory_transfer', 'role'].includes(r.entity) && !r.reference,
    );
    expect(unnamed).toEqual([]);
    for (const r of all.body.items) expect(r.reference ?? '').not.toMatch(UUID);
  });

  it('names changes of stock by their products', async () => {
    const [a, b] = [await newProduct(), await newProduct()];
    const w = await newWarehouse();
    const rows = await ta.t.db.transaction().execute((tx) =>
      post(
        { db: tx, user: null },
        {
          sourceType: 'test',
          sourceId: null,
          postedOn: null,
          lines: [a, b].map((p) => ({
            productId: p.id,
            warehouseId: w.id,
            kind: 'RECEIPT' as const,
            quantity: new Decimal(1),
            unitCost: new Decimal(1),
          })),
        },
      ),
    );
    const movementId = String(rows[0]?.id);
    await ta.t.db
      .insertInto('system_logs')
      .values([
        {
          action: 'adjust',
          entity: 'stock',
          entity_id: movementId,
          after: JSON.stringify({ movements: [{ productId: b.id }, { productId: a.id }] }),
        },
        { action: 'override', entity: 'stock', entity_id: a.id, after: JSON.stringify({ productId: a.id }) },
        { action: 'reverse', entity: 'stock_override', entity_id: movementId },
      ])
      .execute();
    const stored = await ta.t.db
      .selectFrom('system_logs')
      .select(['entity', 'action', 'reference'])
      .where('entity', 'in', ['stock', 'stock_override'])
      .orderBy('id')
      .execute();
    expect(stored.map((r) => [r.entity, r.action, r.reference])).toEqual([
      ['stock', 'adjust', [a.sku, b.sku].sort().join(', ')],
      ['stock', 'override', a.sku],
      ['stock_override', 'reverse', a.sku],
    ]);
  });

  it('finds rows by their reference', async () => {
    const w = await newWarehouse();
    const found = await logs(logViewer, `q=${encodeURIComponent(w.code)}`);
    expect(found.body.items.length).toBeGreaterThan(0);
    for (const r of found.body.items) expect(r.reference).toBe(w.code);
  });
});

describe('sign-ins are a filter away', () => {
  it('lists business changes by default, sign-ins when asked, and everything with kind=all', async () => {
    const business = await logs(logViewer, 'pageSize=200');
    expect(business.status).toBe(200);
    expect(business.body.items.length).toBeGreaterThan(0);
    expect(business.body.items.filter((r) => r.action.startsWith('sign_in'))).toEqual([]);
    const signIns = await logs(logViewer, 'kind=signIns&pageSize=200');
    expect(signIns.body.total).toBeGreaterThanOrEqual(5);
    expect(new Set(signIns.body.items.map((r) => r.action))).toEqual(new Set(['sign_in']));
    // A sign-in names its user by username.
    const own = signIns.body.items.find((r) => r.userId === keeperId);
    expect(own?.reference).toMatch(/^user\d+_/);
    const all = await logs(logViewer, 'kind=all&pageSize=1');
    expect(all.body.total).toBe(business.body.total + signIns.body.total);
    const bad = await logs(logViewer, 'kind=everything');
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as ErrorBody).code).toBe('VALIDATION_FAILED');
  });
});

describe('activity', () => {
  it('shows each user only the records of the areas they may see, in words a person reads', async () => {
    const w = await newWarehouse();
    const t = await dispatchedTransfer();

    const keeperSees = await activity(keeper, '?pageSize=50');
    expect(keeperSees.status).toBe(200);
    expect(new Set(keeperSees.body.items.map((i) => i.kind))).toEqual(new Set(['warehouses']));
    expect(keeperSees.body.items.find((i) => i.entity === 'warehouse')).toMatchObject({
      entity: 'warehouse',
      kind: 'warehouses',
      action: 'create',
      isOwn: false,
      actor: { id: adminId, name: 'Anna Admin' },
    });
    expect(keeperSees.body.items.map((i) => i.reference)).toContain(w.code);
    expect(keeperSees.body.items.find((i) => i.reference === w.code)?.recordId).toBe(w.id);

    const plannerSees = await activity(planner, '?pageSize=50');
    expect(new Set(plannerSees.body.items.map((i) => i.entity))).toEqual(new Set(['inventory_transfer']));
    expect(plannerSees.body.items[0]).toMatchObject({
      action: 'dispatch',
      reference: t.number,
      recordId: t.id,
      actor: { name: 'Anna Admin' },
    });

    // No area, no activity; and never a sign-in, not even one's own.
    const none = await activity(nobody);
    expect(none.body).toMatchObject({ items: [], total: 0, unread: 0 });
    const everything = await activity(admin, '?pageSize=50');
    expect(everything.body.items.filter((i) => i.action.startsWith('sign_in'))).toEqual([]);
    expect(everything.body.items.filter((i) => i.isOwn).length).toBeGreaterThan(0);
    for (const i of everything.body.items) expect(i.isOwn).toBe(i.actor?.id === adminId);
  });

  it('pages newest first and counts what others did since the user last looked', async () => {
    await newWarehouse();
    const first = await activity(keeper, '?pageSize=2');
    expect(first.body.items).toHaveLength(2);
    expect(first.body.unread).toBe(first.body.total);
    const second = await activity(keeper, '?pageSize=2&page=2');
    const ids = [...first.body.items, ...second.body.items].map((i) => BigInt(i.id));
    expect([...ids].sort((a, b) => (a < b ? 1 : -1))).toEqual(ids);

    const seen = await keeper.put<{ unread: number; seenUpTo: string }>('/api/me/activity/seen', {
      upTo: first.body.items[0]?.id,
    });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ unread: 0, seenUpTo: first.body.items[0]?.id });
    const w = await newWarehouse();
    const after = await activity(keeper);
    const newer = (page: ActivityPage, than: string) => page.items.filter((i) => BigInt(i.id) > BigInt(than)).length;
    const seenId = first.body.items[0]?.id ?? '0';
    expect(after.body.unread).toBeGreaterThanOrEqual(1);
    expect(after.body.unread).toBe(newer(after.body, seenId));
    expect(after.body.items.map((i) => i.reference)).toContain(w.code);
    // The mark never moves back, nor past the newest row there is.
    await keeper.put('/api/me/activity/seen', { upTo: '1' });
    expect((await activity(keeper)).body.unread).toBe(after.body.unread);
    const far = await keeper.put<{ seenUpTo: string; unread: number }>('/api/me/activity/seen', {
      upTo: '999999999999',
    });
    expect(far.body.unread).toBe(0);
    expect(BigInt(far.body.seenUpTo)).toBeLessThan(999999999999n);
    await newWarehouse();
    const later = await activity(keeper);
    expect(later.body.unread).toBeGreaterThanOrEqual(1);
    expect(later.body.unread).toBe(newer(later.body, far.body.seenUpTo));

    for (const body of [{}, { upTo: 'newest' }, { upTo: '-1' }, { upTo: '1', extra: true }]) {
      const res = await keeper.put<ErrorBody>('/api/me/activity/seen', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await activity(keeper, '?pageSize=51')).status).toBe(400);
  });
});

describe('notification preferences', () => {
  it('starts with everything on, and saves each user their own, audited', async () => {
    const { api: me, user } = await clientWith(ta, ['view_warehouse']);
    const defaults = await me.get<NotificationPreferences>('/api/me/preferences');
    expect(defaults.status).toBe(200);
    expect(defaults.body).toEqual({
      notifications: Object.fromEntries(ACTIVITY_KINDS.map((k) => [k, true])),
      emailOnTaskAssignment: true,
    });

    const changed = await me.put<NotificationPreferences>('/api/me/preferences', {
      notifications: { warehouses: false },
      emailOnTaskAssignment: false,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.notifications.warehouses).toBe(false);
    expect(changed.body.notifications.transfers).toBe(true);
    expect(changed.body.emailOnTaskAssignment).toBe(false);
    expect((await me.get<NotificationPreferences>('/api/me/preferences')).body).toEqual(changed.body);

    // Someone else's stay as they were: a user changes only their own.
    expect((await keeper.get<NotificationPreferences>('/api/me/preferences')).body).toEqual(defaults.body);

    const audit = await ta.t.db
      .selectFrom('system_logs')
      .selectAll()
      .where('entity', '=', 'user_preferences')
      .where('entity_id', '=', user.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'update', user_id: user.id, reference: user.username });
    expect(audit[0]?.before).toMatchObject({ emailOnTaskAssignment: true });
    expect(audit[0]?.after).toMatchObject({ emailOnTaskAssignment: false });

    // Saving the same again changes nothing and logs nothing.
    await me.put('/api/me/preferences', { emailOnTaskAssignment: false });
    expect(
      await ta.t.db
        .selectFrom('system_logs')
        .select('id')
        .where('entity', '=', 'user_preferences')
        .where('entity_id', '=', user.id)
        .execute(),
    ).toHaveLength(1);
  });

  it('refuses what is not a preference, and changes nothing', async () => {
    const { api: me } = await clientWith(ta, []);
    await me.put('/api/me/preferences', { emailOnTaskAssignment: false });
    const before = await me.get<NotificationPreferences>('/api/me/preferences');
    for (const body of [
      { notifications: { chat: true } },
      { notifications: { warehouses: 'no' } },
      { emailOnTaskAssignment: 'yes' },
      { emailOnTaskAssignment: true, userId: adminId },
      { notifications: [] },
    ]) {
      const res = await me.put<ErrorBody>('/api/me/preferences', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.message).toBeTruthy();
    }
    expect((await me.get<NotificationPreferences>('/api/me/preferences')).body).toEqual(before.body);
  });

  it('hides the kinds of activity a user turned off, from the list and from the unread count', async () => {
    const { api: me } = await clientWith(ta, ['view_warehouse', 'view_inventory_transfer']);
    await newWarehouse();
    await dispatchedTransfer();
    const on = await activity(me, '?pageSize=50');
    expect(new Set(on.body.items.map((i) => i.kind))).toEqual(new Set(['warehouses', 'transfers']));
    await me.put('/api/me/preferences', { notifications: { warehouses: false } });
    const off = await activity(me, '?pageSize=50');
    expect(new Set(off.body.items.map((i) => i.kind))).toEqual(new Set(['transfers']));
    expect(off.body.unread).toBeLessThan(on.body.unread);
    expect(off.body.unread).toBe(off.body.total);
  });
});
