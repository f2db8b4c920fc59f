import { type ImportKind, ImportRunErrorCode, type PermissionName } from '@backoffice/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, conflict, fromDatabaseError, isUniqueViolation } from '../../platform/errors.ts';
import type { JobContext, JobRunner } from '../../platform/jobs/index.ts';
import type { Ctx } from '../../platform/routes.ts';
import {
  type ClaimedRun,
  failStaleRuns,
  finishRun,
  reopenRun,
  requeueRun,
  saveProgress,
  startRun,
} from './import-run.repository.ts';

/** What a kind's job gets: the pool (it opens its own transaction to apply), the run, and a progress reporter. */
export interface ImportJob {
  db: Db;
  run: ClaimedRun;
  log: FastifyBaseLogger;
  /** Rows read or written so far, and of how many; kept in memory and saved a few times a second. */
  progress(rowsDone: number, rowsTotal?: number | null): void;
  /** Switches the run to APPLYING (saved at once). */
  applying(rowsTotal: number): Promise<void>;
}

/**
 * A kind's import: reads and checks every row, then either writes everything in one transaction that
 * also marks the run APPLIED (`finishRun` with that transaction), or answers the run's failure.
 * Throwing fails the run too (an AppError with its own code and message).
 */
export type ImportJobHandler = (job: ImportJob) => Promise<void>;

/** Imports run on the platform's job runner as this kind; the job's key is the run's id. */
export const IMPORT_JOB_KIND = 'imports.run';

/** Who may start a failed import again: whoever may start an import of its kind. */
const RETRY_PERMISSION: Record<ImportKind, PermissionName> = {
  products: 'add_product',
  inventory: 'edit_manual_stock',
  sales_invoices: 'add_sales_invoice',
  purchase_invoices: 'add_product',
  channel_listings: 'edit_api_configuration',
};

const PROGRESS_EVERY_MS = 250;
/** A run of an earlier version left under way this long ago, with no job, was interrupted. */
const ORPHAN_STALE_SECONDS = 120;

const INTERRUPTED = {
  code: 'IMPORT_INTERRUPTED',
  message: 'The server stopped while this file was being imported; nothing was imported. Upload it again.',
};
const UNEXPECTED = {
  code: 'IMPORT_FAILED',
  message: 'The import stopped on an unexpected error; nothing was imported. It has been logged.',
};

/** Queues the job of a run just inserted, in the request's transaction; it starts once the answer is sent. */
export async function queueImportJob(ctx: Ctx, runId: string, kind: ImportKind) {
  await ctx.request.server.jobs.enqueue(
    ctx.db,
    {
      kind: IMPORT_JOB_KIND,
      key: runId,
      payload: { importKind: kind },
      createdBy: ctx.user.id,
      requestId: ctx.requestId,
    },
    ctx,
  );
}

/**
 * One attempt at a run: imports are heavy and the machine small, so one at a time per server (the runner's
 * concurrency); several servers share the queue through the runner's claims. An import is all or nothing,
 * so a failed attempt wrote nothing and the next one starts from the first row.
 */
async function runImport(ctx: JobContext, handlers: Partial<Record<ImportKind, ImportJobHandler>>) {
  const run = await startRun(ctx.db, ctx.job.key);
  // Already ended: an earlier attempt committed just before its server stopped.
  if (!run) return;
  const handler = handlers[run.kind];
  let state: { status: 'VALIDATING' | 'APPLYING'; rowsDone: number; rowsTotal: number | null } = {
    status: 'VALIDATING',
    rowsDone: 0,
    rowsTotal: null,
  };
  let dirty = false;
  let saving: Promise<void> | null = null;
  const save = () => {
    if (saving) return saving;
    dirty = false;
    saving = saveProgress(ctx.db, run.id, { ...state })
      .catch((e) => ctx.log.warn({ err: e, runId: run.id }, 'import progress not saved'))
      .finally(() => {
        saving = null;
      });
    return saving;
  };
  const ticker = setInterval(() => {
    if (dirty) void save();
  }, PROGRESS_EVERY_MS);
  const job: ImportJob = {
    db: ctx.db,
    run,
    log: ctx.log,
    progress: (rowsDone, rowsTotal) => {
      state = { ...state, rowsDone, rowsTotal: rowsTotal === undefined ? state.rowsTotal : rowsTotal };
      dirty = true;
      ctx.progress(rowsDone, state.rowsTotal);
    },
    applying: async (rowsTotal) => {
      await saving;
      state = { status: 'APPLYING', rowsDone: 0, rowsTotal };
      ctx.progress(0, rowsTotal);
      await save();
    },
  };
  try {
    if (!handler) throw new AppError(422, 'IMPORT_FAILED', 'This kind of file cannot be imported yet.');
    await handler(job);
  } catch (e) {
    const known = e instanceof AppError ? e : fromDatabaseError(e);
    clearInterval(ticker);
    await saving;
    // A problem with the file or with what it meets: the run's outcome, not the job's failure.
    if (known && known.status < 500) {
      await finishRun(ctx.db, run.id, {
        status: 'FAILED',
        failure: {
          code: known.code === 'ALREADY_EXISTS' || known.code === 'IN_USE' ? 'IMPORT_CONFLICT' : known.code,
          message: conflictMessage(known),
        },
      });
      return;
    }
    // Unexpected: the runner tries again (with backoff) and, after the last attempt, fails the run (onFailed).
    if (ctx.job.attempts < ctx.job.maxAttempts) await requeueRun(ctx.db, run.id);
    throw e;
  } finally {
    clearInterval(ticker);
    await saving;
  }
}

function conflictMessage(e: AppError) {
  if (e.code === 'ALREADY_EXISTS' || e.code === 'IN_USE')
    return 'Someone changed the same products or brands while the file was imported; nothing was imported. Upload it again.';
  return e.message;
}

async function failRun(db: Kysely<Database>, runId: string, interrupted: boolean) {
  const result = await db
    .selectFrom('import_runs')
    .select('status')
    .where('id', '=', runId)
    .forUpdate()
    .executeTakeFirst();
  if (!result || result.status === 'APPLIED' || result.status === 'FAILED') return;
  await finishRun(db, runId, { status: 'FAILED', failure: interrupted ? INTERRUPTED : UNEXPECTED });
}

/** Registers imports with the server's job runner, with each kind's job. */
export function registerImportJobs(
  app: FastifyInstance,
  handlers: Partial<Record<ImportKind, ImportJobHandler>>,
): JobRunner {
  const runner = app.jobs;
  runner.register({
    kind: IMPORT_JOB_KIND,
    concurrency: 1,
    maxAttempts: 3,
    // Imports are not stopped half-way: the one under way finishes before the server closes.
    run: (ctx) => runImport(ctx, handlers),
    retryPermission: (job) => RETRY_PERMISSION[job.payload.importKind as ImportKind] ?? 'add_product',
    onFailed: (tx, job, failure) => failRun(tx, job.key, failure.interrupted),
    onRetry: async (ctx, job) => {
      try {
        await reopenRun(ctx.db, job.key);
      } catch (e) {
        if (isUniqueViolation(e, 'import_runs_file_key'))
          throw conflict(
            ImportRunErrorCode.IMPORT_FILE_USED,
            'This upload has been imported again since, or is being imported. Wait for it to finish.',
          );
        throw e;
      }
    },
    sweep: (db) => failStaleRuns(db, ORPHAN_STALE_SECONDS, IMPORT_JOB_KIND),
  });
  return runner;
}
