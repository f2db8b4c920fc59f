import type { Job, JobStatus } from '@backoffice/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, JobsTable } from '../../db/schema.ts';

export type JobRow = Selectable<JobsTable>;

/** A job as the runner and the areas see it. */
export interface JobRecord {
  id: string;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  claimedBy: string | null;
  heartbeatAt: Date | null;
  progressDone: number;
  progressTotal: number | null;
  lastError: string | null;
  createdBy: string | null;
  requestId: string | null;
  runAfter: Date;
  createdAt: Date;
  finishedAt: Date | null;
}

export function toRecord(r: JobRow): JobRecord {
  return {
    id: r.id,
    kind: r.kind,
    key: r.key,
    payload: (r.payload as Record<string, unknown> | null) ?? {},
    status: r.status as JobStatus,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    claimedBy: r.claimed_by,
    heartbeatAt: r.heartbeat_at,
    progressDone: Number(r.progress_done),
    progressTotal: r.progress_total === null ? null : Number(r.progress_total),
    lastError: r.last_error,
    createdBy: r.created_by,
    requestId: r.request_id,
    runAfter: new Date(r.run_after),
    createdAt: new Date(r.created_at),
    finishedAt: r.finished_at,
  };
}

export function toJob(r: JobRecord): Job {
  return {
    id: r.id,
    kind: r.kind,
    key: r.key,
    status: r.status,
    attempts: r.attempts,
    maxAttempts: r.maxAttempts,
    progressDone: r.progressDone,
    progressTotal: r.progressTotal,
    lastError: r.lastError,
    runAfter: r.runAfter.toISOString(),
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

export interface NewJob {
  kind: string;
  key: string;
  payload?: Record<string, unknown>;
  maxAttempts: number;
  createdBy?: string | null;
  requestId?: string | null;
  runAfter?: Date;
}

export async function insertJob(db: Kysely<Database>, job: NewJob): Promise<string> {
  const row = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      key: job.key,
      payload: JSON.stringify(job.payload ?? {}),
      max_attempts: job.maxAttempts,
      created_by: job.createdBy ?? null,
      request_id: job.requestId ?? null,
      ...(job.runAfter ? { run_after: job.runAfter } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findJob(db: Kysely<Database>, id: string, lock = false): Promise<JobRecord | undefined> {
  let q = db.selectFrom('jobs').selectAll().where('id', '=', id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row && toRecord(row);
}

export async function findJobByKey(db: Kysely<Database>, kind: string, key: string): Promise<JobRecord | undefined> {
  const row = await db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', kind)
    .where('key', '=', key)
    .executeTakeFirst();
  return row && toRecord(row);
}

/**
 * Takes the oldest waiting job of a kind whose time has come, for this server. SKIP LOCKED: two servers
 * claiming at once never take the same job, and neither waits for the other.
 */
export async function claimJob(db: Kysely<Database>, kind: string, serverId: string): Promise<JobRecord | undefined> {
  const result = await sql<JobRow>`
    UPDATE jobs
    SET status = 'RUNNING', claimed_by = ${serverId}, claimed_at = now(), heartbeat_at = now(),
        attempts = attempts + 1, updated_at = now()
    WHERE id = (
      SELECT id FROM jobs
      WHERE status = 'QUEUED' AND kind = ${kind} AND run_after <= now()
      ORDER BY run_after, created_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING *`.execute(db);
  const row = result.rows[0];
  return row && toRecord(row);
}

/**
 * The running job's sign of life, with its progress. Answers false when this server no longer holds it
 * (it was swept back as stale): the attempt must stop.
 */
export async function beat(
  db: Kysely<Database>,
  id: string,
  serverId: string,
  progress: { done: number; total: number | null } | null,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      heartbeat_at: sql`now()`,
      updated_at: sql`now()`,
      ...(progress ? { progress_done: progress.done, progress_total: progress.total } : {}),
    })
    .where('id', '=', id)
    .where('claimed_by', '=', serverId)
    .where('status', '=', 'RUNNING')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Only the server holding the job may end its attempt: a job swept back meanwhile belongs to someone else. */
function held(db: Kysely<Database>, id: string, serverId: string) {
  return db.updateTable('jobs').where('id', '=', id).where('claimed_by', '=', serverId).where('status', '=', 'RUNNING');
}

export async function completeJob(db: Kysely<Database>, id: string, serverId: string): Promise<boolean> {
  const r = await held(db, id, serverId)
    .set({
      status: 'DONE',
      finished_at: sql`now()`,
      updated_at: sql`now()`,
      last_error: null,
      progress_done: sql`greatest(progress_done, coalesce(progress_total, progress_done))`,
    })
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** A failed attempt with attempts left: waits `delayMs` before it may be claimed again. */
export async function requeueJob(
  db: Kysely<Database>,
  id: string,
  serverId: string,
  error: string,
  delayMs: number,
): Promise<boolean> {
  const r = await held(db, id, serverId)
    .set({
      status: 'QUEUED',
      claimed_by: null,
      last_error: error,
      run_after: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      updated_at: sql`now()`,
    })
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** The server stops before the attempt finished: the job goes back to the queue, the attempt not counted. */
export async function handBackJob(db: Kysely<Database>, id: string, serverId: string): Promise<boolean> {
  const r = await held(db, id, serverId)
    .set({
      status: 'QUEUED',
      claimed_by: null,
      attempts: sql`greatest(attempts - 1, 0)`,
      run_after: sql`now()`,
      updated_at: sql`now()`,
    })
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function failJob(db: Kysely<Database>, id: string, serverId: string, error: string): Promise<boolean> {
  const r = await held(db, id, serverId)
    .set({ status: 'FAILED', last_error: error, finished_at: sql`now()`, updated_at: sql`now()` })
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/**
 * Running jobs of a kind whose heartbeat is older than the limit: their server stopped (or hangs) and nobody
 * finishes them. Locked, so two servers sweeping at once take each one once; a live server beats far more
 * often than the limit, so its jobs are never among them.
 */
export async function lockStaleJobs(db: Kysely<Database>, kind: string, staleAfterMs: number): Promise<JobRecord[]> {
  const result = await sql<JobRow>`
    SELECT * FROM jobs
    WHERE status = 'RUNNING' AND kind = ${kind}
      AND heartbeat_at < now() - make_interval(secs => ${staleAfterMs / 1000})
    ORDER BY heartbeat_at
    LIMIT 100
    FOR UPDATE SKIP LOCKED`.execute(db);
  return result.rows.map(toRecord);
}

/** A stale job taken back: queued again at once, or failed for good when it had no attempt left. */
export async function takeBack(db: Kysely<Database>, id: string, error: string, fail: boolean) {
  await db
    .updateTable('jobs')
    .set({
      status: fail ? 'FAILED' : 'QUEUED',
      // A failed job keeps the name of the server it was lost on.
      ...(fail ? {} : { claimed_by: null }),
      last_error: error,
      run_after: sql`now()`,
      finished_at: fail ? sql`now()` : null,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'RUNNING')
    .execute();
}

/** A failed job started again by a person: a fresh set of attempts. */
export async function requeueFailed(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: 'QUEUED',
      claimed_by: null,
      attempts: 0,
      run_after: sql`now()`,
      finished_at: null,
      progress_done: 0,
      progress_total: null,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'FAILED')
    .execute();
}

/** Jobs done and events delivered long ago: nobody reads them any more (the areas keep their own records). */
export async function pruneFinished(db: Kysely<Database>, days: number) {
  const before = sql<Date>`now() - make_interval(days => ${days})`;
  await db.deleteFrom('jobs').where('status', '=', 'DONE').where('finished_at', '<', before).execute();
  await db.deleteFrom('outbox_events').where('status', '=', 'DELIVERED').where('delivered_at', '<', before).execute();
}
