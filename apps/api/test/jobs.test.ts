import type { ErrorBody, Job } from '@backoffice/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffDelay } from '../src/platform/jobs/backoff.ts';
import { findJob, handBack, type JobContext, type JobRunner } from '../src/platform/jobs/index.ts';
import { apiClient, createUser, signIn } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { eventually, type JobServer, startJobServer } from './job-servers.ts';

let t: TestDatabase;
let server: JobServer;
let runner: JobRunner;

/** What the test kinds did, by job key. */
const ran = new Map<string, number>();
let concurrent = 0;
let mostConcurrent = 0;
/** Keys whose job fails until taken out of here. */
const failing = new Set<string>();
const failedFor = new Map<string, string>();

beforeAll(async () => {
  t = await createTestDatabase();
  server = await startJobServer(t, 'server-a');
  runner = server.app.jobs;
  runner.register({
    kind: 'test.count',
    retryPermission: 'add_product',
    maxAttempts: 3,
    backoffBaseMs: 100,
    backoffMaxMs: 400,
    run: async (ctx: JobContext) => {
      concurrent += 1;
      mostConcurrent = Math.max(mostConcurrent, concurrent);
      try {
        ran.set(ctx.job.key, (ran.get(ctx.job.key) ?? 0) + 1);
        ctx.progress(3, 10);
        await new Promise((resolve) => setTimeout(resolve, Number(ctx.job.payload.ms ?? 20)));
        if (failing.has(ctx.job.key)) throw new Error(`attempt ${ctx.job.attempts} of ${ctx.job.key} failed`);
      } finally {
        concurrent -= 1;
      }
    },
    onFailed: async (_tx, job, failure) => {
      failedFor.set(job.key, `${failure.interrupted ? 'interrupted' : 'error'}: ${failure.error}`);
    },
  });
}, 60_000);
afterAll(async () => {
  await server.close();
  await t.drop();
});

async function enqueue(kind: string, key: string, payload: Record<string, unknown> = {}) {
  const id = await t.db.transaction().execute((tx) => runner.enqueue(tx, { kind, key, payload }));
  runner.nudge();
  return id;
}
const jobRow = (id: string) => t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the job runner', () => {
  it('claims a job for this server, beats while it runs, saves its progress and ends it DONE', async () => {
    const id = await enqueue('test.count', 'claim-1', { ms: 600 });
    const running = await eventually(async () => {
      const r = await jobRow(id);
      return r.status === 'RUNNING' && r;
    });
    expect(running).toMatchObject({ claimed_by: 'server-a', attempts: 1 });
    const firstBeat = running.heartbeat_at?.getTime() ?? 0;
    const beaten = await eventually(async () => {
      const r = await jobRow(id);
      return (r.heartbeat_at?.getTime() ?? 0) > firstBeat && r;
    });
    // Progress is readable by the area while the job runs.
    expect([beaten.progress_done, beaten.progress_total]).toEqual(['3', '10']);
    const done = await eventually(async () => {
      const j = await findJob(t.db, id);
      return j?.status === 'DONE' && j;
    });
    expect(done).toMatchObject({ attempts: 1, claimedBy: 'server-a', lastError: null, progressDone: 10 });
    expect(done.finishedAt).toBeInstanceOf(Date);
  });

  it('runs one job of a kind at a time per server, each once', async () => {
    mostConcurrent = 0;
    const ids = await Promise.all(['c-1', 'c-2', 'c-3', 'c-4'].map((k) => enqueue('test.count', k, { ms: 60 })));
    await eventually(async () => {
      const rows = await t.db.selectFrom('jobs').select('status').where('id', 'in', ids).execute();
      return rows.every((r) => r.status === 'DONE');
    });
    expect(mostConcurrent).toBe(1);
    expect(['c-1', 'c-2', 'c-3', 'c-4'].map((k) => ran.get(k))).toEqual([1, 1, 1, 1]);
  });

  it('retries a failing job with growing, jittered waits, then fails it for good with the error', async () => {
    failing.add('fail-1');
    const id = await enqueue('test.count', 'fail-1');
    const waiting = await eventually(async () => {
      const r = await jobRow(id);
      return r.status === 'QUEUED' && r.attempts === 1 && r;
    });
    expect(waiting.last_error).toBe('attempt 1 of fail-1 failed');
    // Backoff: the next attempt is not before half the base wait.
    const wait = new Date(waiting.run_after).getTime() - new Date(waiting.updated_at).getTime();
    expect(wait).toBeGreaterThanOrEqual(45);
    expect(wait).toBeLessThanOrEqual(110);
    const failed = await eventually(async () => {
      const j = await findJob(t.db, id);
      return j?.status === 'FAILED' && j;
    });
    expect(failed).toMatchObject({ attempts: 3, lastError: 'attempt 3 of fail-1 failed' });
    expect(ran.get('fail-1')).toBe(3);
    // The area heard of it, in the transaction that failed the job.
    expect(failedFor.get('fail-1')).toBe('error: attempt 3 of fail-1 failed');
  });

  it('waits exponentially longer after each failure, capped, with jitter between half and all of it', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffDelay(n, 1000, 5000, () => 1))).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect([1, 2, 3].map((n) => backoffDelay(n, 1000, 5000, () => 0))).toEqual([500, 1000, 2000]);
  });

  it('takes back only stale jobs: queued again with attempts left, failed for good without', async () => {
    const insert = (key: string, claimedBy: string, beatAgoMs: number, attempts: number) =>
      t.db
        .insertInto('jobs')
        .values({
          kind: 'test.count',
          key,
          status: 'RUNNING',
          claimed_by: claimedBy,
          claimed_at: new Date(Date.now() - beatAgoMs),
          heartbeat_at: new Date(Date.now() - beatAgoMs),
          attempts,
          max_attempts: 3,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const live = await insert('sweep-live', 'server-live', 500, 1);
    const dead = await insert('sweep-dead', 'server-dead', 600_000, 1);
    const spent = await insert('sweep-spent', 'server-dead', 600_000, 3);
    await runner.sweep();
    // A live server's job (heartbeat younger than the limit) is left alone.
    expect(await jobRow(live.id)).toMatchObject({ status: 'RUNNING', claimed_by: 'server-live' });
    const rerun = await eventually(async () => {
      const j = await findJob(t.db, dead.id);
      return j?.status === 'DONE' && j;
    });
    expect(rerun).toMatchObject({ attempts: 2, claimedBy: 'server-a' });
    expect(ran.get('sweep-dead')).toBe(1);
    expect(await findJob(t.db, spent.id)).toMatchObject({
      status: 'FAILED',
      lastError: 'The server running it (server-dead) stopped answering.',
    });
    expect(failedFor.get('sweep-spent')).toMatch(/^interrupted: /);
    expect(ran.get('sweep-spent')).toBeUndefined();
    await t.db.deleteFrom('jobs').where('id', '=', live.id).execute();
  });

  it('hands the job under way back when its server stops, without counting the attempt', async () => {
    // A kind only the stopping server and its successor know, so that this file's server never takes it.
    const longKind = (ctx: JobContext) =>
      (async () => {
        ran.set(ctx.job.key, (ran.get(ctx.job.key) ?? 0) + 1);
        while (!ctx.signal.aborted) await new Promise((resolve) => setTimeout(resolve, 20));
        throw handBack();
      })();
    const stopping = await startJobServer(t, 'server-stopping');
    stopping.app.jobs.register({ kind: 'test.long', retryPermission: 'add_product', run: longKind });
    const id = await t.db
      .transaction()
      .execute((tx) => stopping.app.jobs.enqueue(tx, { kind: 'test.long', key: 'long-1' }));
    stopping.app.jobs.nudge();
    await eventually(async () => {
      const r = await jobRow(id);
      return r.status === 'RUNNING' && r.claimed_by === 'server-stopping';
    });
    await stopping.close();
    expect(await jobRow(id)).toMatchObject({ status: 'QUEUED', claimed_by: null, attempts: 0 });
    const next = await startJobServer(t, 'server-next');
    next.app.jobs.register({ kind: 'test.long', retryPermission: 'add_product', run: longKind });
    next.app.jobs.nudge();
    await eventually(async () => (await jobRow(id)).claimed_by === 'server-next');
    expect((await jobRow(id)).attempts).toBe(1);
    expect(ran.get('long-1')).toBe(2);
    await next.close();
  });
});

describe('starting a failed job again', () => {
  it('needs the permission of the job’s area, only for a failed job, and is audited', async () => {
    failing.add('retry-1');
    const id = await enqueue('test.count', 'retry-1');
    await eventually(async () => (await findJob(t.db, id))?.status === 'FAILED');
    failing.delete('retry-1');

    const importer = await createUser(t, ['add_product']);
    const reporter = await createUser(t, ['stock_and_value_report']);
    const nobody = await createUser(t, ['view_product']);
    const as = async (u: { username: string; password: string }) =>
      apiClient(server, (await signIn(server, u.username, u.password)).accessToken);
    const [withArea, otherArea, without] = await Promise.all([as(importer), as(reporter), as(nobody)]);

    expect((await without.post(`/api/jobs/${id}/retry`)).status).toBe(403);
    // The route admits any area's permission; the job's kind then asks for its own.
    const wrongArea = await otherArea.post<ErrorBody>(`/api/jobs/${id}/retry`);
    expect([wrongArea.status, wrongArea.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await findJob(t.db, id))?.status).toBe('FAILED');
    const missing = await withArea.post(`/api/jobs/00000000-0000-4000-8000-000000000000/retry`);
    expect(missing.status).toBe(404);

    const retried = await withArea.post<Job>(`/api/jobs/${id}/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ id, status: 'QUEUED', attempts: 0, key: 'retry-1' });
    const done = await eventually(async () => {
      const j = await findJob(t.db, id);
      return j?.status === 'DONE' && j;
    });
    expect(done.attempts).toBe(1);
    expect(ran.get('retry-1')).toBe(4);

    const again = await withArea.post<ErrorBody>(`/api/jobs/${id}/retry`);
    expect([again.status, again.body.code]).toEqual([409, 'JOB_NOT_FAILED']);
    const log = await t.db
      .selectFrom('system_logs')
      .select(['action', 'user_id', sql<string>`after->>'status'`.as('status')])
      .where('entity', '=', 'job')
      .where('entity_id', '=', id)
      .execute();
    expect(log).toEqual([{ action: 'retry', user_id: importer.id, status: 'QUEUED' }]);
  });
});
