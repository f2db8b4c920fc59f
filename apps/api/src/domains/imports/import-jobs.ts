import type { ImportKind } from '@backoffice/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import { AppError, fromDatabaseError } from '../../platform/errors.ts';
import { type ClaimedRun, claimNextRun, failStaleRuns, finishRun, saveProgress } from './import-run.repository.ts';

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

const PROGRESS_EVERY_MS = 250;
const HEARTBEAT_EVERY_MS = 5_000;
/** A run under way whose heartbeat is older than this was interrupted (server stopped mid-way). */
const STALE_SECONDS = 120;
const SWEEP_EVERY_MS = 15_000;

/**
 * The import job runner of one server: runs waiting imports one at a time (they are heavy, and the
 * machine small), oldest first, claimed from the database so several servers can share the queue.
 * A request that queues a run nudges it after its transaction commits; a slow sweep catches the rest.
 */
export class ImportJobs {
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly handlers: Partial<Record<ImportKind, ImportJobHandler>>,
  ) {}

  async start() {
    await failStaleRuns(this.db, STALE_SECONDS).catch((e) => this.log.error({ err: e }, 'import sweep failed'));
    this.nudge();
    this.timer = setInterval(() => {
      void failStaleRuns(this.db, STALE_SECONDS)
        .catch((e) => this.log.error({ err: e }, 'import sweep failed'))
        .then(() => this.nudge());
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  /** Looks for waiting runs now (after a request queued one). */
  nudge() {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((e) => this.log.error({ err: e }, 'import runner failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** Waits for the run under way (its transaction commits or rolls back) and takes no more. */
  async close() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Resolves once no run is waiting or under way in this server (tests and the benchmark wait on it). */
  async idle() {
    while (this.running) await this.running;
  }

  private async drain() {
    const kinds = Object.keys(this.handlers);
    while (!this.closed) {
      const run = await claimNextRun(this.db, kinds);
      if (!run) return;
      await this.execute(run);
    }
  }

  private async execute(run: ClaimedRun) {
    const handler = this.handlers[run.kind];
    let state: { status: 'VALIDATING' | 'APPLYING'; rowsDone: number; rowsTotal: number | null } = {
      status: 'VALIDATING',
      rowsDone: 0,
      rowsTotal: null,
    };
    let dirty = false;
    let saving: Promise<void> | null = null;
    let lastSaved = Date.now();
    const save = () => {
      if (saving) return saving;
      dirty = false;
      lastSaved = Date.now();
      saving = saveProgress(this.db, run.id, { ...state })
        .catch((e) => this.log.warn({ err: e, runId: run.id }, 'import progress not saved'))
        .finally(() => {
          saving = null;
        });
      return saving;
    };
    const ticker = setInterval(() => {
      if (dirty || Date.now() - lastSaved >= HEARTBEAT_EVERY_MS) void save();
    }, PROGRESS_EVERY_MS);
    const job: ImportJob = {
      db: this.db,
      run,
      log: this.log,
      progress: (rowsDone, rowsTotal) => {
        state = { ...state, rowsDone, rowsTotal: rowsTotal === undefined ? state.rowsTotal : rowsTotal };
        dirty = true;
      },
      applying: async (rowsTotal) => {
        await saving;
        state = { status: 'APPLYING', rowsDone: 0, rowsTotal };
        await save();
      },
    };
    try {
      if (!handler) throw new AppError(422, 'IMPORT_FAILED', 'This kind of file cannot be imported yet.');
      await handler(job);
    } catch (e) {
      const known = e instanceof AppError ? e : fromDatabaseError(e);
      if (!known) this.log.error({ err: e, runId: run.id }, 'import failed');
      const failure =
        known && known.status < 500
          ? {
              code: known.code === 'ALREADY_EXISTS' || known.code === 'IN_USE' ? 'IMPORT_CONFLICT' : known.code,
              message: conflictMessage(known),
            }
          : {
              code: 'IMPORT_FAILED',
              message: 'The import stopped on an unexpected error; nothing was imported. It has been logged.',
            };
      await finishRun(this.db, run.id, { status: 'FAILED', failure }).catch((err) =>
        this.log.error({ err, runId: run.id }, 'import failure not saved'),
      );
    } finally {
      clearInterval(ticker);
      await saving;
    }
  }
}

function conflictMessage(e: AppError) {
  if (e.code === 'ALREADY_EXISTS' || e.code === 'IN_USE')
    return 'Someone changed the same products or brands while the file was imported; nothing was imported. Upload it again.';
  return e.message;
}

declare module 'fastify' {
  interface FastifyInstance {
    importJobs: ImportJobs;
  }
}

/** Gives the server its import runner: started when the server is ready, stopped (after the run under way) when it closes. */
export function registerImportJobs(
  app: FastifyInstance,
  db: Db,
  handlers: Partial<Record<ImportKind, ImportJobHandler>>,
) {
  const jobs = new ImportJobs(db, app.log, handlers);
  app.decorate('importJobs', jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.close());
}
