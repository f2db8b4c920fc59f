import type { TestApp } from './app.ts';

/**
 * What the channels' API tests share: a warehouse that can receive, and running the job runner until nothing is
 * left (an outbox event may queue a job gathered for a moment, a job may emit an event).
 */

/** A warehouse with a receiving bin and its configuration, as Warehouses makes one. */
export async function receivingWarehouse(ta: TestApp, code: string, name: string) {
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code, name, kind: 'OWN' })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  const receiving = await ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: w.id, code: 'RECV' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: w.id, default_receiving_location_id: receiving.id, over_receipt_tolerance: '0' })
    .execute();
  return w;
}

/** Runs queued jobs and pending outbox events now, until none is left (at most 20 rounds). */
export async function settleJobs(ta: TestApp) {
  for (let i = 0; i < 20; i++) {
    ta.app.jobs.nudge();
    await ta.app.jobs.idle();
    const waiting = await ta.t.db
      .selectFrom('jobs')
      .select('id')
      .where('status', 'in', ['QUEUED', 'RUNNING'])
      .execute();
    const events = await ta.t.db.selectFrom('outbox_events').select('id').where('status', '=', 'PENDING').execute();
    if (!waiting.length && !events.length) return;
    await ta.t.db.updateTable('jobs').set({ run_after: new Date() }).where('status', '=', 'QUEUED').execute();
    await ta.t.db
      .updateTable('outbox_events')
      .set({ deliver_after: new Date() })
      .where('status', '=', 'PENDING')
      .execute();
  }
}
