import type { BundleAvailability, BundleTask, BundleTaskListItem, ErrorBody, Page } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStock, type PostLine, post } from '../src/domains/stock/index.ts';
import { type ApiClient, apiClient, clientWith, createUser, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let admin: ApiClient;
/** Holds add_bundle_task, view_warehouse and process_bundle_task: a warehouse supervisor. */
let manager: ApiClient;
/** A warehouse operative: process_bundle_task only. */
let worker: { id: string; api: ApiClient };
let otherWorker: { id: string; api: ApiClient };
/** Sees tasks, changes nothing. */
let viewer: ApiClient;
/** Creates and assigns tasks but may not work them. */
let planner: ApiClient;

beforeAll(async () => {
  ta = await startTestApp();
  const [a, m, w1, w2, v, p] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(ta, ['view_warehouse', 'add_bundle_task', 'process_bundle_task']),
    clientWith(ta, ['process_bundle_task']),
    clientWith(ta, ['process_bundle_task']),
    clientWith(ta, ['view_warehouse']),
    clientWith(ta, ['view_warehouse', 'add_bundle_task']),
  ]);
  admin = a.api;
  manager = m.api;
  worker = { id: w1.user.id, api: w1.api };
  otherWorker = { id: w2.user.id, api: w2.api };
  viewer = v.api;
  planner = p.api;
});
afterAll(() => ta.close());

const D = (v: string | number) => new Decimal(v);
const daysFromToday = (d: number) => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + d * 86_400_000),
  );
  return parts;
};

let n = 0;
async function product(extra: { kind?: string; unit?: string; active?: boolean } = {}) {
  n += 1;
  const row = await ta.t.db
    .insertInto('products')
    .values({ sku: `BK-${n}-${Date.now() % 100000}`, name: `Bundle test ${n}`, ...extra })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
  return row;
}
/** A bundle made of these components (per bundle). */
async function bundle(components: { id: string; quantity: string }[], extra: { unit?: string } = {}) {
  const b = await product({ kind: 'BUNDLE', ...extra });
  await ta.t.db
    .insertInto('product_bundle_components')
    .values(components.map((c, position) => ({ bundle_id: b.id, component_id: c.id, position, quantity: c.quantity })))
    .execute();
  return b;
}
async function warehouse(opts: { allowNegative?: boolean; active?: boolean } = {}) {
  n += 1;
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `BW${n}`, name: `Bundling ${n}`, kind: 'OWN', active: opts.active ?? true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: w.id, allow_negative_stock: opts.allowNegative ?? false })
    .execute();
  return w.id;
}
async function bin(warehouseId: string, code: string, active = true) {
  const row = await ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: warehouseId, code, active })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Receives stock in a transaction of its own, one posting per call (so that layers are ordered). */
function receive(
  productId: string,
  warehouseId: string,
  quantity: string,
  unitCost: string,
  locationId?: string,
  postedOn?: string,
) {
  const line: PostLine = {
    productId,
    warehouseId,
    kind: 'RECEIPT',
    quantity: D(quantity),
    unitCost: D(unitCost),
    ...(locationId ? { locationId } : {}),
  };
  return ta.t.db
    .transaction()
    .execute((tx) =>
      post({ db: tx, user: null }, { sourceType: 'test', sourceId: null, postedOn: postedOn ?? null, lines: [line] }),
    );
}

async function level(productId: string, warehouseId: string) {
  const l = await ta.t.db
    .selectFrom('stock_levels')
    .selectAll()
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();
  return { onHand: D(l?.on_hand ?? 0).toFixed(), value: D(l?.value ?? 0).toFixed(8) };
}
async function expectBalanced() {
  const check = await checkStock(ta.t.db);
  expect(check.differences).toEqual([]);
  expect(check.ok).toBe(true);
}
async function counts() {
  const { rows } = await sql<{ movements: string; tasks: string; completions: string; logs: string }>`
    SELECT (SELECT count(*) FROM stock_movements) AS movements, (SELECT count(*) FROM bundle_tasks) AS tasks,
      (SELECT count(*) FROM bundle_task_completions) AS completions,
      (SELECT count(*) FROM system_logs WHERE entity = 'bundle_task') AS logs`.execute(ta.t.db);
  return rows[0];
}
/** The exact ledger rows of a task (8 places), by kind and product. */
async function ledgerOf(taskId: string) {
  const rows = await ta.t.db
    .selectFrom('stock_movements as m')
    .innerJoin('products as p', 'p.id', 'm.product_id')
    .select(['m.kind', 'p.sku', 'm.quantity', 'm.value', 'm.source_id'])
    .where('m.source_type', '=', 'bundle_task')
    .where('m.source_id', 'like', `${taskId}:%`)
    .orderBy('m.id')
    .execute();
  return rows.map((r) => [r.source_id?.split(':')[1], r.kind, r.sku, D(r.quantity).toFixed(), D(r.value).toFixed(8)]);
}

async function createTask(api: ApiClient, body: Record<string, unknown>, headers?: Record<string, string>) {
  return api.post<BundleTask>('/api/bundle-tasks', body, headers);
}

describe('creating a task', () => {
  it('copies the recipe, numbers the task BT-YYYY-NNNNN, shows availability, and is audited', async () => {
    const a = await product();
    const b = await product();
    const k = await bundle([
      { id: a.id, quantity: '2' },
      { id: b.id, quantity: '1' },
    ]);
    const w = await warehouse();
    await receive(a.id, w, '5', '1');
    const res = await createTask(manager, {
      bundleProductId: k.id,
      warehouseId: w,
      quantity: '3',
      assigneeUserId: worker.id,
      dueDate: daysFromToday(2),
      notes: 'for the Christmas promotion',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const t = res.body;
    expect(t.number).toMatch(new RegExp(`^BT-${new Date().getFullYear()}-\\d{5}$`));
    expect(t).toMatchObject({
      status: 'OPEN',
      quantity: '3',
      completedQuantity: '0',
      remainingQuantity: '3',
      assignee: { id: worker.id },
      isOverdue: false,
      bundle: { id: k.id, sku: k.sku },
    });
    expect(t.components.map((c) => [c.product.sku, c.perBundle, c.neededForRemaining])).toEqual([
      [a.sku, '2', '6'],
      [b.sku, '1', '3'],
    ]);
    expect(t.availability?.lines.map((l) => [l.product.sku, l.needed, l.available, l.shortfall])).toEqual([
      [a.sku, '6', '5', '1'],
      [b.sku, '3', '0', '3'],
    ]);
    expect(t.availability).toMatchObject({ canMake: '0', isEnough: false });
    // A later change of the bundle's recipe does not change the task.
    await ta.t.db
      .updateTable('product_bundle_components')
      .set({ quantity: '7' })
      .where('bundle_id', '=', k.id)
      .execute();
    const again = await manager.get<BundleTask>(`/api/bundle-tasks/${t.id}`);
    expect(again.body.components.map((c) => c.perBundle)).toEqual(['2', '1']);
    const log = await ta.t.db
      .selectFrom('system_logs')
      .select(['action', 'after'])
      .where('entity', '=', 'bundle_task')
      .where('entity_id', '=', t.number)
      .execute();
    expect(log.map((l) => l.action)).toEqual(['create']);
    await expectBalanced();
  });

  it('refuses a product that is not a bundle, and every other broken rule, creating nothing', async () => {
    const a = await product();
    const k = await bundle([{ id: a.id, quantity: '3' }]);
    const kg = await bundle([{ id: a.id, quantity: '0.5' }], { unit: 'Kilogram (Kg)' });
    const inactiveBundle = await product({ kind: 'BUNDLE', active: false });
    const empty = await product({ kind: 'BUNDLE' });
    const w = await warehouse();
    const closed = await warehouse({ active: false });
    const elsewhere = await bin(await warehouse(), 'X-1');
    const shut = await bin(w, 'SHUT', false);
    const idle = await createUser(ta.t, ['process_bundle_task'], { isActive: false });
    const before = await counts();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ bundleProductId: a.id }, 422, 'BUNDLE_TASK_NOT_A_BUNDLE'],
      [{ bundleProductId: '6f1c9a3e-0000-4000-8000-000000000000' }, 422, 'BUNDLE_TASK_PRODUCT_UNKNOWN'],
      [{ bundleProductId: inactiveBundle.id }, 422, 'BUNDLE_TASK_PRODUCT_INACTIVE'],
      [{ bundleProductId: empty.id }, 422, 'BUNDLE_TASK_NO_COMPONENTS'],
      [{ quantity: '0' }, 400, 'VALIDATION_FAILED'],
      [{ quantity: '-1' }, 400, 'VALIDATION_FAILED'],
      [{ quantity: '1.5' }, 422, 'BUNDLE_TASK_QUANTITY_NOT_WHOLE'],
      // 0.3 kg of a bundle needing 0.5 unit each would take 0.15 of a component counted in units.
      [{ bundleProductId: kg.id, quantity: '0.3' }, 422, 'BUNDLE_TASK_COMPONENT_QUANTITY_INVALID'],
      [{ warehouseId: closed }, 422, 'WAREHOUSE_INACTIVE'],
      [{ sourceLocationId: elsewhere }, 422, 'LOCATION_NOT_IN_WAREHOUSE'],
      [{ targetLocationId: shut }, 422, 'BUNDLE_TASK_LOCATION_INACTIVE'],
      [{ assigneeUserId: idle.id }, 422, 'BUNDLE_TASK_ASSIGNEE_INVALID'],
      // A viewer does not hold process_bundle_task.
      [{ assigneeUserId: (await createUser(ta.t, ['view_warehouse'])).id }, 422, 'BUNDLE_TASK_ASSIGNEE_INVALID'],
      [{ dueDate: daysFromToday(-1) }, 422, 'BUNDLE_TASK_DUE_DATE_PAST'],
      [{ dueDate: '2026-13-45' }, 400, 'VALIDATION_FAILED'],
      [{ notes: 'x'.repeat(1001) }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [patch, status, code] of cases) {
      const res = await createTask(manager, { bundleProductId: k.id, warehouseId: w, quantity: '2', ...patch });
      expect([res.status, (res.body as unknown as ErrorBody).code], JSON.stringify(patch)).toEqual([status, code]);
      expect((res.body as unknown as ErrorBody).message.length).toBeGreaterThan(10);
    }
    // Half a kilogram of a kilogram bundle is fine when its components come out whole.
    const fine = await createTask(manager, { bundleProductId: kg.id, warehouseId: w, quantity: '2.0000' });
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);
    const after = await counts();
    expect(Number(after?.tasks)).toBe(Number(before?.tasks) + 1);
    await expectBalanced();
  });

  it('an Idempotency-Key makes a retried create one task', async () => {
    const a = await product();
    const k = await bundle([{ id: a.id, quantity: '1' }]);
    const w = await warehouse();
    const body = { bundleProductId: k.id, warehouseId: w, quantity: '4' };
    const key = { 'idempotency-key': `bt-${k.id}` };
    const [first, second] = await Promise.all([createTask(manager, body, key), createTask(manager, body, key)]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.number).toBe(first.body.number);
    const rows = await ta.t.db.selectFrom('bundle_tasks').select('id').where('bundle_product_id', '=', k.id).execute();
    expect(rows).toHaveLength(1);
    const reused = await createTask(manager, { ...body, quantity: '5' }, key);
    expect((reused.body as unknown as ErrorBody).code).toBe('IDEMPOTENCY_KEY_REUSED');
    await expectBalanced();
  });
});

describe('completing a task', () => {
  it('consumes the components at FIFO cost and receives the bundles at exactly their summed cost', async () => {
    const a = await product();
    const b = await product();
    const k = await bundle([
      { id: a.id, quantity: '2' },
      { id: b.id, quantity: '1' },
    ]);
    const w = await warehouse();
    const out = await bin(w, 'ASSEMBLY');
    await receive(a.id, w, '3', '1.1111');
    await receive(a.id, w, '5', '1.3333');
    await receive(b.id, w, '4', '2.05');
    await receive(b.id, w, '4', '2.50');
    const t = (
      await createTask(manager, {
        bundleProductId: k.id,
        warehouseId: w,
        quantity: '4',
        targetLocationId: out,
        assigneeUserId: worker.id,
      })
    ).body;
    const check = await worker.api.get<BundleAvailability>(`/api/bundle-tasks/${t.id}/availability`);
    expect(check.body).toMatchObject({ quantity: '4', canMake: '4', isEnough: true });
    expect(check.body.lines.map((l) => [l.needed, l.available, l.shortfall])).toEqual([
      ['8', '8', '0'],
      ['4', '8', '0'],
    ]);
    const done = await worker.api.post<BundleTask>(`/api/bundle-tasks/${t.id}/complete`, {});
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'COMPLETED', completedQuantity: '4', remainingQuantity: '0' });
    expect(done.body.availability).toBeNull();
    // A: 3 × 1.1111 + 5 × 1.3333 = 9.9998; B: the older 4 × 2.05 = 8.20; the bundles: 18.1998.
    expect(await ledgerOf(t.id)).toEqual([
      ['1', 'BUNDLE_CONSUME', a.sku, '-8', '-9.99980000'],
      ['1', 'BUNDLE_CONSUME', b.sku, '-4', '-8.20000000'],
      ['1', 'BUNDLE_PRODUCE', k.sku, '4', '18.19980000'],
    ]);
    expect(await level(k.id, w)).toEqual({ onHand: '4', value: '18.19980000' });
    expect(await level(a.id, w)).toEqual({ onHand: '0', value: '0.00000000' });
    expect(await level(b.id, w)).toEqual({ onHand: '4', value: '10.00000000' });
    const produced = done.body.movements.find((m) => m.kind === 'BUNDLE_PRODUCE');
    expect(produced).toMatchObject({ quantity: '4', value: '18.20', location: { id: out } });
    expect(done.body.movements.map((m) => m.sourceId)).toEqual(Array(3).fill(`${t.id}:1`));
    expect(done.body.completions).toEqual([
      expect.objectContaining({ seq: 1, quantity: '4', value: '18.20', unitCost: '4.5500' }),
    ]);
    // The bundle's one layer holds the exact cost.
    const layers = await ta.t.db.selectFrom('stock_layers').selectAll().where('product_id', '=', k.id).execute();
    expect(layers.map((l) => [D(l.remaining).toFixed(), D(l.remaining_value).toFixed(8)])).toEqual([
      ['4', '18.19980000'],
    ]);
    const again = await worker.api.post<ErrorBody>(`/api/bundle-tasks/${t.id}/complete`, {});
    expect([again.status, again.body.code]).toEqual([409, 'BUNDLE_TASK_STATUS_CONFLICT']);
    await expectBalanced();
  });

  it('completes part of a task, then the rest; each part at the cost of what it took', async () => {
    const a = await product();
    const b = await product();
    const k = await bundle([
      { id: a.id, quantity: '1' },
      { id: b.id, quantity: '2' },
    ]);
    const w = await warehouse();
    await receive(a.id, w, '2', '1.00');
    await receive(a.id, w, '10', '3.00');
    await receive(b.id, w, '6', '0.50');
    await receive(b.id, w, '10', '0.75');
    const t = (await createTask(manager, { bundleProductId: k.id, warehouseId: w, quantity: '5' })).body;
    const tooMuch = await manager.post<ErrorBody>(`/api/bundle-tasks/${t.id}/complete`, { quantity: '6' });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([409, 'BUNDLE_TASK_QUANTITY_EXCEEDS_REMAINING']);
    const fraction = await manager.post<ErrorBody>(`/api/bundle-tasks/${t.id}/complete`, { quantity: '1.5' });
    expect([fraction.status, fraction.body.code]).toEqual([422, 'BUNDLE_TASK_QUANTITY_NOT_WHOLE']);
    const part = await manager.post<BundleTask>(`/api/bundle-tasks/${t.id}/complete`, { quantity: '3' });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body).toMatchObject({ status: 'IN_PROGRESS', completedQuantity: '3', remainingQuantity: '2' });
    expect(part.body.components.map((c) => [c.consumed, c.neededForRemaining])).toEqual([
      ['3', '2'],
      ['6', '4'],
    ]);
    expect(part.body.availability).toMatchObject({ quantity: '2', isEnough: true });
    const rest = await manager.post<BundleTask>(`/api/bundle-tasks/${t.id}/complete`, {});
    expect(rest.body).toMatchObject({ status: 'COMPLETED', completedQuantity: '5' });
    // First: A 2 × 1 + 1 × 3 = 5, B 6 × 0.50 = 3 → 8. Then: A 2 × 3 = 6, B 4 × 0.75 = 3 → 9.
    expect(await ledgerOf(t.id)).toEqual([
      ['1', 'BUNDLE_CONSUME', a.sku, '-3', '-5.00000000'],
      ['1', 'BUNDLE_CONSUME', b.sku, '-6', '-3.00000000'],
      ['1', 'BUNDLE_PRODUCE', k.sku, '3', '8.00000000'],
      ['2', 'BUNDLE_CONSUME', a.sku, '-2', '-6.00000000'],
      ['2', 'BUNDLE_CONSUME', b.sku, '-4', '-3.00000000'],
      ['2', 'BUNDLE_PRODUCE', k.sku, '2', '9.00000000'],
    ]);
    expect(rest.body.completions.map((c) => [c.seq, c.quantity, c.value])).toEqual([
      [1, '3', '8.00'],
      [2, '2', '9.00'],
    ]);
    expect(rest.body.movements).toHaveLength(6);
    expect(await level(k.id, w)).toEqual({ onHand: '5', value: '17.00000000' });
    // A component received yesterday, found late: each completion's bundles are revalued by what its own
    // components now cost (A: 3 × 0.50 and 2 × 0.50), never by the whole task's.
    await receive(a.id, w, '5', '0.50', undefined, daysFromToday(-1));
    expect(await level(k.id, w)).toEqual({ onHand: '5', value: '8.50000000' });
    const current = await ta.t.db
      .selectFrom('stock_movements as m')
      .select([
        'm.source_id',
        sql<string>`m.value + coalesce((SELECT sum(r.value) FROM stock_movements r
        WHERE r.link_id = m.id AND r.kind = 'REVALUATION'), 0)`.as('v'),
      ])
      .where('m.product_id', '=', k.id)
      .where('m.kind', '=', 'BUNDLE_PRODUCE')
      .orderBy('m.id')
      .execute();
    expect(current.map((r) => [r.source_id, D(r.v).toFixed(2)])).toEqual([
      [`${t.id}:1`, '4.50'],
      [`${t.id}:2`, '4.00'],
    ]);
    await expectBalanced();
  });

  it('refuses a shortage with the component, what is needed and what is available, writing nothing', async () => {
    const a = await product();
    const b = await product();
    const k = await bundle([
      { id: a.id, quantity: '2' },
      { id: b.id, quantity: '1' },
    ]);
    const w = await warehouse();
    await receive(a.id, w, '3', '1.00');
    await receive(b.id, w, '10', '1.00');
    const t = (await createTask(manager, { bundleProductId: k.id, warehouseId: w, quantity: '2' })).body;
    const check = await manager.get<BundleAvailability>(`/api/bundle-tasks/${t.id}/availability`);
    expect(check.body).toMatchObject({ canMake: '1', isEnough: false, allowNegativeStock: false });
    expect(check.body.lines.map((l) => [l.product.sku, l.needed, l.available, l.shortfall])).toEqual([
      [a.sku, '4', '3', '1'],
      [b.sku, '2', '10', '0'],
    ]);
    const forOne = await manager.get<BundleAvailability>(`/api/bundle-tasks/${t.id}/availability?quantity=1`);
    expect(forOne.body).toMatchObject({ quantity: '1', isEnough: true });
    const before = await counts();
    const res = await manager.post<ErrorBody>(`/api/bundle-tasks/${t.id}/complete`, {});
    expect([res.status, res.body.code]).toEqual([409, 'INSUFFICIENT_STOCK']);
    expect(res.body.message).toContain(`${a.sku} needs 4, 3 available`);
    expect(res.body.details).toMatchObject({
      sku: a.sku,
      needed: '4',
      available: '3',
      canMake: '1',
      components: [{ productId: a.id, sku: a.sku, needed: '4', available: '3', shortfall: '1' }],
    });
    expect(await counts()).toEqual(before);
    expect((await manager.get<BundleTask>(`/api/bundle-tasks/${t.id}`)).body).toMatchObject({
      status: 'OPEN',
      completedQuantity: '0',
    });
    expect(await level(a.id, w)).toEqual({ onHand: '3', value: '3.00000000' });
    // What there is makes one.
    const one = await manager.post<BundleTask>(`/api/bundle-tasks/${t.id}/complete`, { quantity: '1' });
    expect(one.body).toMatchObject({ status: 'IN_PROGRESS', completedQuantity: '1' });
    await expectBalanced();
  });

  it('takes the components from the task’s source bin only, and counts reserved stock as not available', async () => {
    const a = await product();
    const k = await bundle([{ id: a.id, quantity: '1' }]);
    const w = await warehouse();
    const shelf = await bin(w, 'SHELF');
    const bench = await bin(w, 'BENCH');
    await receive(a.id, w, '5', '2.00', shelf);
    await receive(a.id, w, '2', '4.00', bench);
    const t = (
      await createTask(manager, { bundleProductId: k.id, warehouseId: w, quantity: '3', sourceLocationId: bench })
    ).body;
    expect(t.availability?.lines.map((l) => [l.needed, l.available])).toEqual([['3', '2']]);
    const res = await manager.post<ErrorBody>(`/api/bundle-tasks/${t.id}/complete`, {});
    expect([res.status, res.body.code]).toEqual([409, 'INSUFFICIENT_STOCK']);
    expect(res.body.message).toContain('bin BENCH');
    const two = await manager.post<BundleTask>(`/api/bundle-tasks/${t.id}/complete`, { quantity: '2' });
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    // The bin says where the units come from; FIFO layers are the warehouse's, so they cost its oldest (2.00).
    expect(
      two.body.movements.filter((m) => m.kind === 'BUNDLE_CONSUME').map((m) => [m.location?.code, m.value]),
    ).toEqual([['BENCH', '-4.00']]);
    // Reserved stock is held for a sale: it does not go into bundles.
    const u = await product();
    const k2 = await bundle([{ id: u.id, quantity: '1' }]);
    await receive(u.id, w, '4', '1.00');
    const r = await admin.post('/api/stock/reservations', { productId: u.id, warehouseId: w, quantity: '3' });
    expect(r.status).toBe(201);
    const t2 = (await createTask(manager, { bundleProductId: k2.id, warehouseId: w, quantity: '2' })).body;
    expect(t2.availability).toMatchObject({ canMake: '1', isEnough: false });
    const refused = await manager.post<ErrorBody>(`/api/bundle-tasks/${t2.id}/complete`, {});
    expect(refused.body.code).toBe('INSUFFICIENT_STOCK');
    await expectBalanced();
  });

  it('two completions racing for the last components: one is served, the other refused; stock never below zero', async () => {
    const a = await product();
    const k = await bundle([{ id: a.id, quantity: '2' }]);
    const w = await warehouse();
    await receive(a.id, w, '4', '1.25');
    const t1 = (await createTask(manager, { bundleProductId: k.id, warehouseId: w, quantity: '2' })).body;
    const t2 = (await createTask(manager, { bundleProductId: k.id, warehouseId: w, quantity: '2' })).body;
    const answers = await Promise.all([
      manager.post<BundleTask | ErrorBody>(`/api/bundle-tasks/${t1.id}/complete`, {}),
      manager.post<BundleTask | ErrorBody>(`/api/bundle-tasks/${t2.id}/complete`, {}),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect((answers.find((x) => x.status === 409)?.body as ErrorBody | undefined)?.code).toBe('INSUFFICIENT_STOCK');
    expect(await level(a.id, w)).toEqual({ onHand: '0', value: '0.00000000' });
    expect(await level(k.id, w)).toEqual({ onHand: '2', value: '5.00000000' });
    // The same task completed twice at once: the second waits for the first, then finds nothing left.
    await receive(a.id, w, '4', '1.50');
    const t3 = (await createTask(manager, { bundleProductId: k.id, warehouseId: w, quantity: '2' })).body;
    const twice = await Promise.all([
      manager.post<BundleTask | ErrorBody>(`/api/bundle-tasks/${t3.id}/complete`, {}),
      manager.post<BundleTask | ErrorBody>(`/api/bundle-tasks/${t3.id}/complete`, {}),
    ]);
    expect(twice.map((x) => x.status).sort()).toEqual([200, 409]);
    expect((twice.find((x) => x.status === 409)?.body as ErrorBody | undefined)?.code).toBe(
      'BUNDLE_TASK_STATUS_CONFLICT',
    );
    expect(await level(k.id, w)).toEqual({ onHand: '4', value: '11.00000000' });
    await expectBalanced();
  });
});

describe('who may work a task', () => {
  it('only the assignee, or a holder of add_bundle_task, starts and completes it; refusals change nothing', async () => {
    const a = await product();
    const k = await bundle([{ id: a.id, quantity: '1' }]);
    const w = await warehouse();
    await receive(a.id, w, '10', '1.00');
    const t = (
      await createTask(manager, { bundleProductId: k.id, warehouseId: w, quantity: '3', assigneeUserId: worker.id })
    ).body;
    const before = await counts();
    for (const [path, body] of [
      ['start', undefined],
      ['complete', { quantity: '1' }],
    ] as const) {
      const res = await otherWorker.api.post<ErrorBody>(`/api/bundle-tasks/${t.id}/${path}`, body);
      expect([res.status, res.body.code], path).toEqual([403, 'BUNDLE_TASK_NOT_ASSIGNEE']);
    }
    // Holding add_bundle_task without process_bundle_task does not complete.
    const byPlanner = await planner.post<ErrorBody>(`/api/bundle-tasks/${t.id}/complete`, {});
    expect(byPlanner.status).toBe(403);
    expect(await counts()).toEqual(before);
    // The assignee sees it (without view_warehouse); the other operative does not.
    expect((await worker.api.get(`/api/bundle-tasks/${t.id}`)).status).toBe(200);
    expect((await otherWorker.api.get(`/api/bundle-tasks/${t.id}`)).status).toBe(403);
    expect((await otherWorker.api.get(`/api/bundle-tasks/${t.id}/availability`)).status).toBe(403);
    const mine = await worker.api.get<Page<BundleTaskListItem>>('/api/bundle-tasks/mine');
    expect(mine.body.items.map((i) => i.id)).toContain(t.id);
    const theirs = await otherWorker.api.get<Page<BundleTaskListItem>>('/api/bundle-tasks/mine');
    expect(theirs.body.items.map((i) => i.id)).not.toContain(t.id);

    const started = await worker.api.post<BundleTask>(`/api/bundle-tasks/${t.id}/start`);
    expect(started.body).toMatchObject({ status: 'IN_PROGRESS' });
    const twice = await worker.api.post<ErrorBody>(`/api/bundle-tasks/${t.id}/start`);
    expect([twice.status, twice.body.code]).toEqual([409, 'BUNDLE_TASK_STATUS_CONFLICT']);
    const one = await worker.api.post<BundleTask>(`/api/bundle-tasks/${t.id}/complete`, { quantity: '1' });
    expect(one.body).toMatchObject({ completedQuantity: '1', status: 'IN_PROGRESS' });
    // A supervisor finishes it for them.
    const rest = await manager.post<BundleTask>(`/api/bundle-tasks/${t.id}/complete`, {});
    expect(rest.body).toMatchObject({ status: 'COMPLETED', completedQuantity: '3' });
    expect(rest.body.completions.map((c) => c.username)).toHaveLength(2);
    // Finished tasks leave My Tasks unless asked for.
    const open = await worker.api.get<Page<BundleTaskListItem>>('/api/bundle-tasks/mine');
    expect(open.body.items.map((i) => i.id)).not.toContain(t.id);
    const all = await worker.api.get<Page<BundleTaskListItem>>('/api/bundle-tasks/mine?openOnly=false');
    expect(all.body.items.map((i) => i.id)).toContain(t.id);
    const completed = await worker.api.get<Page<BundleTaskListItem>>('/api/bundle-tasks/mine?status=COMPLETED');
    expect(completed.body.items.map((i) => i.id)).toContain(t.id);
    expect(completed.body.items.every((i) => i.status === 'COMPLETED')).toBe(true);
    await expectBalanced();
  });

  it('assigns, reassigns and unassigns an open task, refusing users who cannot work it', async () => {
    const a = await product();
    const k = await bundle([{ id: a.id, quantity: '1' }]);
    const w = await warehouse();
    const t = (await createTask(planner, { bundleProductId: k.id, warehouseId: w, quantity: '1' })).body;
    expect(t.assignee).toBeNull();
    // Nobody is assigned: an operative cannot take it on their own.
    const unassigned = await worker.api.post<ErrorBody>(`/api/bundle-tasks/${t.id}/start`);
    expect(unassigned.body.code).toBe('BUNDLE_TASK_NOT_ASSIGNEE');
    const toWorker = await planner.post<BundleTask>(`/api/bundle-tasks/${t.id}/assign`, { assigneeUserId: worker.id });
    expect(toWorker.body.assignee?.id).toBe(worker.id);
    const toOther = await planner.post<BundleTask>(`/api/bundle-tasks/${t.id}/assign`, {
      assigneeUserId: otherWorker.id,
    });
    expect(toOther.body.assignee?.id).toBe(otherWorker.id);
    const bad = await planner.post<ErrorBody>(`/api/bundle-tasks/${t.id}/assign`, {
      assigneeUserId: (await createUser(ta.t, [])).id,
    });
    expect([bad.status, bad.body.code]).toEqual([422, 'BUNDLE_TASK_ASSIGNEE_INVALID']);
    const none = await planner.post<BundleTask>(`/api/bundle-tasks/${t.id}/assign`, { assigneeUserId: null });
    expect(none.body.assignee).toBeNull();
    const log = await ta.t.db
      .selectFrom('system_logs')
      .select('action')
      .where('entity', '=', 'bundle_task')
      .where('entity_id', '=', t.number)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['create', 'assign', 'assign', 'assign']);
    const assignees = await planner.get<{ items: { id: string }[] }>('/api/bundle-tasks/assignees?limit=50');
    const ids = assignees.body.items.map((u) => u.id);
    expect(ids).toContain(worker.id);
    expect(ids).not.toContain((await createUser(ta.t, ['view_warehouse'])).id);
    await expectBalanced();
  });

  it('answers 401 without a session and 403 without the permission, changing nothing', async () => {
    const a = await product();
    const k = await bundle([{ id: a.id, quantity: '1' }]);
    const w = await warehouse();
    const t = (await createTask(manager, { bundleProductId: k.id, warehouseId: w, quantity: '1' })).body;
    const anonymous = apiClient(ta);
    expect((await anonymous.get('/api/bundle-tasks')).status).toBe(401);
    expect((await anonymous.post('/api/bundle-tasks', {})).status).toBe(401);
    const before = await counts();
    const refused: [ApiClient, string, string, unknown?][] = [
      [viewer, 'POST', '/api/bundle-tasks', { bundleProductId: k.id, warehouseId: w, quantity: '1' }],
      [worker.api, 'POST', '/api/bundle-tasks', { bundleProductId: k.id, warehouseId: w, quantity: '1' }],
      [viewer, 'POST', `/api/bundle-tasks/${t.id}/assign`, { assigneeUserId: worker.id }],
      [worker.api, 'POST', `/api/bundle-tasks/${t.id}/cancel`, {}],
      [viewer, 'POST', `/api/bundle-tasks/${t.id}/complete`, {}],
      [viewer, 'POST', `/api/bundle-tasks/${t.id}/start`],
      [worker.api, 'GET', '/api/bundle-tasks'],
      [worker.api, 'GET', '/api/bundle-tasks/export'],
      [viewer, 'GET', '/api/bundle-tasks/mine'],
      [worker.api, 'GET', '/api/bundle-tasks/bundles'],
    ];
    for (const [api, method, path, body] of refused) {
      const res = await api.call<ErrorBody>(method, path, body);
      expect([res.status, res.body.code], `${method} ${path}`).toEqual([403, 'FORBIDDEN']);
    }
    expect(await counts()).toEqual(before);
    expect((await viewer.get(`/api/bundle-tasks/${t.id}`)).status).toBe(200);
    await expectBalanced();
  });
});

describe('canceling, lists and exports', () => {
  it('cancels an open or part-done task: what was assembled stays, nothing is posted for the rest', async () => {
    const a = await product();
    const k = await bundle([{ id: a.id, quantity: '1' }]);
    const w = await warehouse();
    await receive(a.id, w, '10', '2.00');
    const open = (await createTask(manager, { bundleProductId: k.id, warehouseId: w, quantity: '2' })).body;
    const canceled = await manager.post<BundleTask>(`/api/bundle-tasks/${open.id}/cancel`, { reason: 'not needed' });
    expect(canceled.body).toMatchObject({ status: 'CANCELED', cancelReason: 'not needed', availability: null });
    const t = (await createTask(manager, { bundleProductId: k.id, warehouseId: w, quantity: '5' })).body;
    await manager.post(`/api/bundle-tasks/${t.id}/complete`, { quantity: '2' });
    const movements = (await counts())?.movements;
    const res = await manager.post<BundleTask>(`/api/bundle-tasks/${t.id}/cancel`, {});
    expect(res.body).toMatchObject({ status: 'CANCELED', completedQuantity: '2', remainingQuantity: '3' });
    expect(res.body.movements).toHaveLength(2);
    expect((await counts())?.movements).toBe(movements);
    expect(await level(a.id, w)).toEqual({ onHand: '8', value: '16.00000000' });
    for (const [path, body] of [
      ['cancel', {}],
      ['complete', {}],
      ['start', undefined],
      ['assign', { assigneeUserId: worker.id }],
    ] as const) {
      const again = await manager.post<ErrorBody>(`/api/bundle-tasks/${t.id}/${path}`, body);
      expect([again.status, again.body.code], path).toEqual([409, 'BUNDLE_TASK_STATUS_CONFLICT']);
      expect(again.body.details).toMatchObject({ status: 'CANCELED' });
    }
    await expectBalanced();
  });

  it('lists with paging, filters, search and sort, and exports the filter as .xlsx', async () => {
    const a = await product();
    const k = await bundle([{ id: a.id, quantity: '1' }]);
    const other = await bundle([{ id: a.id, quantity: '2' }]);
    const w = await warehouse();
    const w2 = await warehouse();
    await receive(a.id, w, '10', '1.00');
    const t1 = (
      await createTask(manager, { bundleProductId: k.id, warehouseId: w, quantity: '1', assigneeUserId: worker.id })
    ).body;
    const t2 = (
      await createTask(manager, {
        bundleProductId: other.id,
        warehouseId: w2,
        quantity: '2',
        notes: 'urgent gift sets',
      })
    ).body;
    const t3 = (await createTask(manager, { bundleProductId: k.id, warehouseId: w, quantity: '3' })).body;
    await manager.post(`/api/bundle-tasks/${t3.id}/complete`, {});
    await ta.t.db
      .updateTable('bundle_tasks')
      .set({ due_date: daysFromToday(-3) })
      .where('id', '=', t1.id)
      .execute();
    const list = (query: string) =>
      viewer.get<Page<BundleTaskListItem>>(`/api/bundle-tasks?${query}`).then((r) => {
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body;
      });
    const ofMine = (p: Page<BundleTaskListItem>) =>
      p.items.filter((i) => [t1.id, t2.id, t3.id].includes(i.id)).map((i) => i.number);

    expect(ofMine(await list(`warehouseId=${w}&sort=number`))).toEqual([t1.number, t3.number]);
    expect(ofMine(await list(`warehouseId=${w}&sort=-number`))).toEqual([t3.number, t1.number]);
    expect(ofMine(await list(`bundleProductId=${other.id}`))).toEqual([t2.number]);
    expect(ofMine(await list(`assigneeUserId=${worker.id}`))).toEqual([t1.number]);
    expect(ofMine(await list(`status=COMPLETED&warehouseId=${w}`))).toEqual([t3.number]);
    expect(ofMine(await list(`openOnly=true&warehouseId=${w}`))).toEqual([t1.number]);
    expect(ofMine(await list('overdue=true'))).toEqual([t1.number]);
    expect(ofMine(await list(`dueTo=${daysFromToday(-1)}`))).toEqual([t1.number]);
    expect(ofMine(await list('q=urgent+gift'))).toEqual([t2.number]);
    expect(ofMine(await list(`q=${t3.number}`))).toEqual([t3.number]);
    expect(ofMine(await list(`q=${k.sku}&sort=quantity`))).toEqual([t1.number, t3.number]);
    const overdue = (await list(`q=${t1.number}`)).items[0];
    expect(overdue).toMatchObject({ isOverdue: true, assignee: { id: worker.id } });
    const paged = await list(`warehouseId=${w}&pageSize=1&page=2&sort=number`);
    expect([paged.total, paged.items.map((i) => i.number)]).toEqual([2, [t3.number]]);
    const badSort = await viewer.get<ErrorBody>('/api/bundle-tasks?sort=password');
    expect([badSort.status, badSort.body.code]).toEqual([400, 'VALIDATION_FAILED']);

    const file = await viewer.call('GET', `/api/bundle-tasks/export?warehouseId=${w}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');

    const bundles = await planner.get<{ items: { id: string; components: { perBundle: string }[] }[] }>(
      `/api/bundle-tasks/bundles?q=${other.sku}`,
    );
    expect(bundles.body.items.map((b) => [b.id, b.components.map((c) => c.perBundle)])).toEqual([[other.id, ['2']]]);
    const preview = await planner.get<BundleAvailability>(
      `/api/bundle-tasks/availability?bundleProductId=${other.id}&warehouseId=${w}&quantity=4`,
    );
    expect(preview.body).toMatchObject({ canMake: '3', isEnough: false });
    expect(preview.body.lines.map((l) => [l.needed, l.available, l.shortfall])).toEqual([['8', '7', '1']]);
    await expectBalanced();
  });
});
