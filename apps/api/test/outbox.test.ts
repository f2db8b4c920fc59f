import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../src/domains/stock/index.ts';
import { type DeliveredEvent, emitEvent } from '../src/platform/outbox.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { eventually, startJobServer } from './job-servers.ts';

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  // What the test handlers do: one row per (handler, event) they handled, so a double effect shows.
  await sql`CREATE TABLE test_effects (handler text NOT NULL, event_id bigint NOT NULL, at timestamptz DEFAULT now())`.execute(
    t.db,
  );
}, 60_000);
afterAll(() => t.drop());

const effects = async (eventId: string) =>
  (
    await sql<{
      handler: string;
    }>`SELECT handler FROM test_effects WHERE event_id = ${eventId} ORDER BY handler`.execute(t.db)
  ).rows.map((r) => r.handler);
const eventRow = (id: string) =>
  t.db.selectFrom('outbox_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
async function emitted(type: string, key: string) {
  const row = await t.db
    .selectFrom('outbox_events')
    .select('id')
    .where('type', '=', type)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A handler that writes its effect in the transaction it is given. */
const recorder = (name: string) => async (tx: Parameters<typeof emitEvent>[0], e: DeliveredEvent) => {
  await sql`INSERT INTO test_effects (handler, event_id) VALUES (${name}, ${e.id})`.execute(tx);
};

describe('emitting', () => {
  it('writes the event in the change’s transaction: a rolled-back change emits nothing', async () => {
    await expect(
      t.db.transaction().execute(async (tx) => {
        await emitEvent(tx, { type: 'test.rolled_back', key: 'r-1', payload: { n: 1 } });
        throw new Error('the change fails after emitting');
      }),
    ).rejects.toThrow('the change fails after emitting');
    const rows = await t.db.selectFrom('outbox_events').select('id').where('type', '=', 'test.rolled_back').execute();
    expect(rows).toEqual([]);
    // Outside a transaction the event would commit on its own: refused.
    await expect(emitEvent(t.db, { type: 'test.pool', key: 'p', payload: {} })).rejects.toThrow(/transaction/);
  });

  it('emits stock.level_changed once per product × warehouse a posting touches', async () => {
    const [p1, p2] = await t.db
      .insertInto('products')
      .values([
        { sku: 'OUTBOX-1', name: 'Outbox one' },
        { sku: 'OUTBOX-2', name: 'Outbox two' },
      ])
      .returning('id')
      .execute();
    const [w1, w2] = await t.db
      .insertInto('warehouses')
      .values([
        { code: 'OBX1', name: 'Outbox A', kind: 'OWN' },
        { code: 'OBX2', name: 'Outbox B', kind: 'OWN' },
      ])
      .returning('id')
      .execute();
    if (!p1 || !p2 || !w1 || !w2) throw new Error('fixtures missing');
    const receipt = (productId: string, warehouseId: string, q: number) => ({
      productId,
      warehouseId,
      kind: 'RECEIPT' as const,
      quantity: new Decimal(q),
      unitCost: new Decimal('1.50'),
    });
    await t.db.transaction().execute((tx) =>
      post(
        { db: tx, user: null },
        {
          sourceType: 'test',
          sourceId: 'outbox',
          postedOn: null,
          lines: [
            receipt(p1.id, w1.id, 2),
            receipt(p1.id, w1.id, 3),
            receipt(p1.id, w2.id, 1),
            receipt(p2.id, w1.id, 4),
          ],
        },
      ),
    );
    const events = await t.db
      .selectFrom('outbox_events')
      .select(['key', 'payload'])
      .where('type', '=', 'stock.level_changed')
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.payload)).toEqual([
      { productId: p1.id, warehouseId: w1.id },
      { productId: p1.id, warehouseId: w2.id },
      { productId: p2.id, warehouseId: w1.id },
    ]);
    expect(events.map((e) => e.key)).toEqual([`${p1.id}:${w1.id}`, `${p1.id}:${w2.id}`, `${p2.id}:${w1.id}`]);

    // A posting refused half-way (a service holds no stock) emits nothing.
    const service = await t.db
      .insertInto('products')
      .values({ sku: 'OUTBOX-SVC', name: 'A service', kind: 'SERVICE' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      t.db
        .transaction()
        .execute((tx) =>
          post(
            { db: tx, user: null },
            { sourceType: 'test', sourceId: null, postedOn: null, lines: [receipt(service.id, w1.id, 1)] },
          ),
        ),
    ).rejects.toThrow();
    const after = await t.db
      .selectFrom('outbox_events')
      .select('id')
      .where('type', '=', 'stock.level_changed')
      .execute();
    expect(after).toHaveLength(3);
  });
});

describe('delivering', () => {
  it('loses nothing when the server stops between commit and delivery: the next one delivers it once', async () => {
    // The first server's runner never gets to deliver: it stops right after the change commits.
    const first = await startJobServer(t, 'outbox-first', { autoStart: false });
    first.app.jobs.on('test.crash', 'effects', recorder('effects'));
    await first.db
      .transaction()
      .execute((tx) => emitEvent(tx, { type: 'test.crash', key: 'c-1', payload: { order: 'SO-1' } }));
    await first.close();
    const id = await emitted('test.crash', 'c-1');
    expect(await eventRow(id)).toMatchObject({ status: 'PENDING', attempts: 0 });

    const second = await startJobServer(t, 'outbox-second');
    const seen: DeliveredEvent[] = [];
    second.app.jobs.on('test.crash', 'effects', async (tx, e) => {
      seen.push(e);
      await recorder('effects')(tx, e);
    });
    await eventually(async () => (await eventRow(id)).status === 'DELIVERED');
    expect(seen.map((e) => [e.type, e.key, e.payload])).toEqual([['test.crash', 'c-1', { order: 'SO-1' }]]);
    // Later rounds deliver nothing again.
    second.app.jobs.nudge();
    await second.app.jobs.idle();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await effects(id)).toEqual(['effects']);
    const pairs = await t.db.selectFrom('outbox_deliveries').select('handler').where('event_id', '=', id).execute();
    expect(pairs).toEqual([{ handler: 'effects' }]);
    await second.close();
  });

  it('retries a failing handler alone; every handler’s effect happens once', async () => {
    const server = await startJobServer(t, 'outbox-retry', { autoStart: false });
    let calls = { steady: 0, flaky: 0 };
    server.app.jobs.on('test.flaky', 'steady', async (tx, e) => {
      calls = { ...calls, steady: calls.steady + 1 };
      await recorder('steady')(tx, e);
    });
    server.app.jobs.on('test.flaky', 'flaky', async (tx, e) => {
      calls = { ...calls, flaky: calls.flaky + 1 };
      // Its effect is written, then it fails: the effect must be rolled back with it.
      await recorder('flaky')(tx, e);
      if (calls.flaky < 3) throw new Error(`flaky failure ${calls.flaky}`);
    });
    await server.db.transaction().execute((tx) => emitEvent(tx, { type: 'test.flaky', key: 'f-1', payload: {} }));
    const id = await emitted('test.flaky', 'f-1');
    server.app.jobs.start();
    const failedOnce = await eventually(async () => {
      const r = await eventRow(id);
      return r.attempts >= 1 && r;
    });
    expect(failedOnce.last_error).toMatch(/^flaky: flaky failure/);
    const delivered = await eventually(async () => {
      const r = await eventRow(id);
      return r.status === 'DELIVERED' && r;
    });
    expect(delivered).toMatchObject({ attempts: 3, last_error: null });
    expect(calls).toEqual({ steady: 1, flaky: 3 });
    expect(await effects(id)).toEqual(['flaky', 'steady']);
    await server.close();
  });

  it('delivers to nobody, at once, the events of a type whose handlers have nothing to do now', async () => {
    const server = await startJobServer(t, 'outbox-idle', { autoStart: false });
    let active = false;
    server.app.jobs.on('test.idle', 'idle', recorder('idle'), { activeWhen: async () => active });
    await server.db.transaction().execute((tx) => emitEvent(tx, { type: 'test.idle', key: 'i-1', payload: {} }));
    const first = await emitted('test.idle', 'i-1');
    server.app.jobs.start();
    await eventually(async () => (await eventRow(first)).status === 'DELIVERED');
    // Delivered in the one statement for unheard types: no attempt counted, no effect, no delivery record.
    expect(await eventRow(first)).toMatchObject({ attempts: 0 });
    expect(await effects(first)).toEqual([]);
    active = true;
    await server.db.transaction().execute((tx) => emitEvent(tx, { type: 'test.idle', key: 'i-2', payload: {} }));
    const second = await emitted('test.idle', 'i-2');
    server.app.jobs.nudge();
    await eventually(async () => (await eventRow(second)).status === 'DELIVERED');
    expect(await effects(second)).toEqual(['idle']);
    await server.close();
  });

  it('delivers each event once when two servers deliver at the same time', async () => {
    const [a, b] = await Promise.all([
      startJobServer(t, 'outbox-a', { autoStart: false }),
      startJobServer(t, 'outbox-b', { autoStart: false }),
    ]);
    for (const s of [a, b]) s.app.jobs.on('test.shared', 'shared', recorder('shared'));
    await a.db.transaction().execute(async (tx) => {
      for (let i = 0; i < 40; i += 1) await emitEvent(tx, { type: 'test.shared', key: `s-${i}`, payload: { i } });
    });
    a.app.jobs.start();
    b.app.jobs.start();
    await eventually(async () => {
      const pending = await t.db
        .selectFrom('outbox_events')
        .select('id')
        .where('type', '=', 'test.shared')
        .where('status', '<>', 'DELIVERED')
        .execute();
      return pending.length === 0;
    });
    const counts = await sql<{ n: string; events: string }>`
      SELECT count(*)::text AS n, count(DISTINCT event_id)::text AS events FROM test_effects WHERE handler = 'shared'`.execute(
      t.db,
    );
    expect(counts.rows[0]).toEqual({ n: '40', events: '40' });
    await Promise.all([a.close(), b.close()]);
  });
});
