import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import { makeCheckpoint, missingCuts } from './checkpoint.repository.ts';

/**
 * Makes the month-start checkpoints that are missing (after a month has begun, or on a ledger that never had
 * any), oldest first, each from the one before in a short transaction of its own: a posting waits at most for
 * one month's rows to be summed. Cheap when nothing is missing (one indexed query). Answers how many it made.
 */
export async function ensureCheckpoints(db: Kysely<Database>): Promise<number> {
  let made = 0;
  for (const cut of await missingCuts(db)) if (await db.transaction().execute((tx) => makeCheckpoint(tx, cut))) made++;
  return made;
}

/** The job that makes missing checkpoints, keyed by the newest month start it brings in (so once per month). */
export const CHECKPOINT_JOB_KIND = 'stock.checkpoints';

/** Registers the checkpoint job with the server's job runner. */
export function registerCheckpoints(app: FastifyInstance): void {
  app.jobs.register({
    kind: CHECKPOINT_JOB_KIND,
    concurrency: 1,
    maxAttempts: 5,
    retryPermission: 'stock_and_value_report',
    run: async (ctx) => {
      await ensureCheckpoints(ctx.db);
    },
  });
}

/**
 * Asks the job runner for the checkpoints that are missing, without waiting for them: an as-at is exact from
 * whatever checkpoints exist (they only make it cheaper), so a report never waits while a month, or on a long
 * ledger that never had any, every month, is summed. One job per newest missing month start.
 */
export async function requestCheckpoints(app: FastifyInstance, db: Kysely<Database>): Promise<void> {
  const cuts = await missingCuts(db);
  const newest = cuts.at(-1);
  if (!newest) return;
  try {
    await app.jobs.enqueue(db, { kind: CHECKPOINT_JOB_KIND, key: newest.toISOString().slice(0, 10) });
    app.jobs.nudge();
  } catch (e) {
    if (!isUniqueViolation(e, 'jobs_kind_key')) throw e;
  }
}
