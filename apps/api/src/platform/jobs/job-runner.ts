import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PermissionName } from '@backoffice/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import { isDatabaseUnavailable } from '../errors.ts';
import { type EventHandler, EventHandlers } from '../outbox.ts';
import type { Ctx } from '../routes.ts';
import { backoffDelay, errorText } from './backoff.ts';
import * as repo from './jobs.repository.ts';
import { deliverPendingEvents } from './outbox-delivery.ts';

export type { JobRecord } from './jobs.repository.ts';

/** What a job's attempt gets from the runner. */
export interface JobContext {
  job: repo.JobRecord;
  /** The pool: the job opens its own transactions. */
  db: Db;
  log: FastifyBaseLogger;
  serverId: string;
  /**
   * Aborted when the server stops (reason 'stopping') or the job was taken from this server (reason 'lost').
   * A long job looks at it between steps and throws `handBack()` to give the job back to the queue.
   */
  signal: AbortSignal;
  /** Work done of how much; saved with the next heartbeat (a few times a second at most). */
  progress(done: number, total?: number | null): void;
}

/** Thrown by a job that stops because the server stops: the job is queued again, the attempt not counted. */
export class HandBack extends Error {
  constructor() {
    super('The server stopped before the job finished; it was handed back.');
    this.name = 'HandBack';
  }
}
export const handBack = () => new HandBack();

export interface JobKind {
  /** Unique, dotted: '<area>.<what>'. */
  kind: string;
  run(ctx: JobContext): Promise<void>;
  /** Attempts of this kind under way at once in one server (default 1). */
  concurrency?: number;
  /** Attempts before the job is FAILED for good (default 3). */
  maxAttempts?: number;
  /** First wait after a failed attempt, doubled each time (default 2 s, at most 5 minutes). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Who may start a failed job of this kind again (POST /api/jobs/:id/retry). */
  retryPermission: PermissionName | ((job: repo.JobRecord) => PermissionName);
  /**
   * The job failed for good (in the transaction that marks it FAILED): the area records the failure on its
   * own record. `interrupted`: its server stopped answering while it ran, rather than an error.
   */
  onFailed?(
    db: Transaction<Database>,
    job: repo.JobRecord,
    failure: { error: string; interrupted: boolean },
  ): Promise<void>;
  /** A person starts the failed job again (in the request's transaction, before it is queued): reset the area's record, or throw to refuse. */
  onRetry?(ctx: Ctx, job: repo.JobRecord): Promise<void>;
  /** Called with every sweep: the area's own housekeeping (e.g. its records left without a job). */
  sweep?(db: Db): Promise<void>;
}

export interface JobRunnerOptions {
  /** This server's name in claims; unique per process. */
  serverId: string;
  /** How often the queue and the outbox are looked at when nothing nudges the runner. */
  pollMs: number;
  heartbeatMs: number;
  /** A running job whose heartbeat is older than this is taken back (its server stopped). */
  staleAfterMs: number;
  sweepMs: number;
  /** False: nothing is claimed or delivered until `start()` is called (tests that stage a crash). */
  autoStart: boolean;
  eventMaxAttempts: number;
  eventBackoffBaseMs: number;
  eventBackoffMaxMs: number;
  /** Jobs done and events delivered are deleted this many days later (failed ones are kept for a person). */
  keepFinishedDays: number;
}

export const DEFAULT_JOB_RUNNER_OPTIONS: Omit<JobRunnerOptions, 'serverId'> = {
  pollMs: 1_000,
  heartbeatMs: 5_000,
  staleAfterMs: 120_000,
  sweepMs: 15_000,
  autoStart: true,
  eventMaxAttempts: 10,
  eventBackoffBaseMs: 1_000,
  eventBackoffMaxMs: 10 * 60_000,
  keepFinishedDays: 30,
};

/** Progress is saved at most this often; the heartbeat carries it otherwise. */
const PROGRESS_EVERY_MS = 250;

interface Running {
  job: repo.JobRecord;
  controller: AbortController;
  done: Promise<void>;
}

/**
 * The job runner of one server. Areas register their job kinds and event handlers with it at start-up; the
 * platform never knows them otherwise. Jobs live in the `jobs` table: a server claims one with FOR UPDATE SKIP
 * LOCKED under its id, keeps a heartbeat on it while it runs, and ends the attempt (done, queued again with
 * backoff, failed for good). A sweep takes back only jobs whose heartbeat is older than `staleAfterMs`, so
 * several servers share the queue and none takes a live server's job. The same loop delivers the outbox.
 */
export class JobRunner {
  readonly options: JobRunnerOptions;
  readonly events = new EventHandlers();
  private readonly kinds = new Map<string, JobKind>();
  private readonly running = new Map<string, Running>();
  private started = false;
  private closed = false;
  private ticking: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private lastSweep = 0;
  /** The database stopped answering: said once in the log, and again when it is back. */
  private databaseAway = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: Partial<JobRunnerOptions> = {},
  ) {
    this.options = {
      ...DEFAULT_JOB_RUNNER_OPTIONS,
      serverId: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
      ...options,
    };
  }

  get serverId() {
    return this.options.serverId;
  }

  /** An area's kind of job. */
  register(kind: JobKind): void {
    if (this.kinds.has(kind.kind)) throw new Error(`Job kind ${kind.kind} is registered twice.`);
    this.kinds.set(kind.kind, kind);
  }

  kind(name: string): JobKind | undefined {
    return this.kinds.get(name);
  }

  /**
   * An area's handler of an event type (see platform/outbox.ts): delivered at least once, in a transaction with
   * the record of its delivery, so its effect happens once. `name` must be unique and never change.
   */
  on(
    type: string,
    name: string,
    handle: EventHandler,
    options: { activeWhen?: (db: Kysely<Database>) => Promise<boolean> } = {},
  ): void {
    this.events.register({ type, name, handle, ...options });
  }

  /**
   * Queues a job in the caller's transaction (it exists once that commits). With a request's `ctx`, the runner
   * is nudged when the answer has gone out, so the job starts at once rather than at the next poll.
   */
  async enqueue(
    db: Kysely<Database>,
    job: {
      kind: string;
      key: string;
      payload?: Record<string, unknown>;
      createdBy?: string | null;
      requestId?: string | null;
      /** Not before this instant (work gathered for a moment, a run scheduled). */
      runAfter?: Date;
    },
    ctx?: Pick<Ctx, 'reply'>,
  ): Promise<string> {
    const kind = this.kinds.get(job.kind);
    if (!kind) throw new Error(`Job kind ${job.kind} is not registered.`);
    const id = await repo.insertJob(db, { ...job, maxAttempts: kind.maxAttempts ?? 3 });
    if (ctx) ctx.reply.raw.once('finish', () => this.nudge());
    return id;
  }

  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    this.lastSweep = 0;
    this.timer = setInterval(() => this.nudge(), this.options.pollMs);
    this.timer.unref();
    this.nudge();
  }

  /** Looks for work now (after a request queued some). */
  nudge(): void {
    if (!this.started || this.closed) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = this.tick()
      .then(() => {
        if (!this.databaseAway) return;
        this.databaseAway = false;
        this.log.info('job runner: the database answers again');
      })
      .catch((e) => {
        if (!isDatabaseUnavailable(e)) return this.log.error({ err: e }, 'job runner round failed');
        // The runner keeps polling through an outage; one line rather than one a second.
        if (!this.databaseAway)
          this.log.warn({ err: { message: errorText(e) } }, 'job runner: the database does not answer; waiting for it');
        this.databaseAway = true;
      })
      .finally(() => {
        this.ticking = null;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /**
   * Stops taking work; jobs under way are told (signal 'stopping') and either finish or hand themselves back;
   * resolves when they have.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    for (const r of this.running.values()) r.controller.abort('stopping');
    await this.ticking;
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  /** Resolves once this server runs no job and delivers nothing (tests). */
  async idle(): Promise<void> {
    for (;;) {
      if (this.ticking) await this.ticking;
      else if (this.running.size) await Promise.all([...this.running.values()].map((r) => r.done));
      else return;
    }
  }

  /** The jobs under way here (tests, diagnostics). */
  runningJobs(): repo.JobRecord[] {
    return [...this.running.values()].map((r) => r.job);
  }

  private async tick() {
    const now = Date.now();
    if (now - this.lastSweep >= this.options.sweepMs) {
      this.lastSweep = now;
      await this.sweep();
    }
    for (const kind of this.kinds.values()) {
      const limit = kind.concurrency ?? 1;
      while (!this.closed && this.countRunning(kind.kind) < limit) {
        const job = await repo.claimJob(this.db, kind.kind, this.serverId);
        if (!job) break;
        this.launch(kind, job);
      }
    }
    while (!this.closed) {
      const handled = await deliverPendingEvents(this.db, this.events, this.log, {
        maxAttempts: this.options.eventMaxAttempts,
        backoffBaseMs: this.options.eventBackoffBaseMs,
        backoffMaxMs: this.options.eventBackoffMaxMs,
        batch: 50,
      });
      if (handled < 50) break;
    }
  }

  private countRunning(kind: string) {
    let n = 0;
    for (const r of this.running.values()) if (r.job.kind === kind) n += 1;
    return n;
  }

  /**
   * Runs `write` (the end of an attempt), trying again while the database does not answer, so an outage does
   * not leave the job RUNNING until it goes stale. A server that stops meanwhile gives up: the sweep of the
   * next one takes the job back.
   */
  private async whenDatabaseAnswers<T>(write: () => Promise<T>): Promise<T> {
    for (let wait = 250; ; wait = Math.min(wait * 2, 5_000)) {
      try {
        return await write();
      } catch (e) {
        if (!isDatabaseUnavailable(e) || this.closed) throw e;
        await sleep(wait);
      }
    }
  }

  private databaseAnswers(): Promise<boolean> {
    return sql`SELECT 1`.execute(this.db).then(
      () => true,
      () => false,
    );
  }

  /** Takes back the stale jobs of the kinds this server knows (it can record their failure), then each kind's own sweep. */
  async sweep(): Promise<void> {
    for (const kind of this.kinds.values()) {
      try {
        await this.db.transaction().execute(async (tx) => {
          const takeBack = async (job: repo.JobRecord) => {
            const fail = job.attempts >= job.maxAttempts;
            const error = `The server running it (${job.claimedBy ?? 'unknown'}) stopped answering.`;
            await repo.takeBack(tx, job.id, error, fail);
            this.log.warn({ jobId: job.id, kind: job.kind, server: job.claimedBy, fail }, 'stale job taken back');
            if (fail) await kind.onFailed?.(tx, job, { error, interrupted: true });
          };
          for (const job of await repo.lockStaleJobs(tx, kind.kind, this.options.staleAfterMs)) await takeBack(job);
          // A server of this machine whose process is gone was killed: its jobs are taken back once they have
          // missed two heartbeats, so a restart after a crash resumes them within seconds, not minutes.
          for (const job of await repo.lockStaleJobs(tx, kind.kind, this.options.heartbeatMs * 2))
            if (isDeadLocalServer(job.claimedBy)) await takeBack(job);
        });
        await kind.sweep?.(this.db);
      } catch (e) {
        this.log.error({ err: e, kind: kind.kind }, 'job sweep failed');
      }
    }
    await repo
      .pruneFinished(this.db, this.options.keepFinishedDays)
      .catch((e) => this.log.error({ err: e }, 'pruning finished jobs and events failed'));
  }

  private launch(kind: JobKind, job: repo.JobRecord) {
    const controller = new AbortController();
    const entry: Running = { job, controller, done: Promise.resolve() };
    entry.done = this.execute(kind, job, controller)
      .catch((e) => this.log.error({ err: e, jobId: job.id }, 'job runner failed'))
      .finally(() => {
        this.running.delete(job.id);
        this.nudge();
      });
    this.running.set(job.id, entry);
  }

  private async execute(kind: JobKind, job: repo.JobRecord, controller: AbortController) {
    let progress: { done: number; total: number | null } = { done: job.progressDone, total: job.progressTotal };
    let dirty = false;
    let lastBeat = Date.now();
    let beating: Promise<void> | null = null;
    const beat = () => {
      if (beating) return beating;
      const sent = dirty ? progress : null;
      dirty = false;
      lastBeat = Date.now();
      beating = repo
        .beat(this.db, job.id, this.serverId, sent)
        .then((held) => {
          if (!held) controller.abort('lost');
        })
        .catch((e) => this.log.warn({ err: e, jobId: job.id }, 'job heartbeat not saved'))
        .finally(() => {
          beating = null;
        });
      return beating;
    };
    const ticker = setInterval(
      () => {
        if ((dirty && Date.now() - lastBeat >= PROGRESS_EVERY_MS) || Date.now() - lastBeat >= this.options.heartbeatMs)
          void beat();
      },
      Math.min(PROGRESS_EVERY_MS, this.options.heartbeatMs),
    );
    const ctx: JobContext = {
      job,
      db: this.db,
      log: this.log,
      serverId: this.serverId,
      signal: controller.signal,
      progress: (done, total) => {
        progress = { done, total: total === undefined ? progress.total : total };
        dirty = true;
      },
    };
    let outcome: { ok: true } | { ok: false; error: unknown };
    try {
      await kind.run(ctx);
      outcome = { ok: true };
    } catch (e) {
      outcome = { ok: false, error: e };
    } finally {
      clearInterval(ticker);
      await beating;
    }
    if (controller.signal.reason === 'lost') {
      this.log.warn({ jobId: job.id, kind: job.kind }, 'job was taken back from this server; its attempt is dropped');
      return;
    }
    if (outcome.ok) {
      if (dirty) await repo.beat(this.db, job.id, this.serverId, progress).catch(() => false);
      await this.whenDatabaseAnswers(() => repo.completeJob(this.db, job.id, this.serverId));
      return;
    }
    const error = outcome.error;
    // The database went away under the job (its transaction was rolled back): like a stopping server, the job
    // is given back without counting the attempt, once the database answers again. The database is asked, since
    // a job's own calls elsewhere (a refused connection to a marketplace) fail alike and must count.
    if (error instanceof HandBack || (isDatabaseUnavailable(error) && !(await this.databaseAnswers()))) {
      if (!(error instanceof HandBack))
        this.log.warn(
          { jobId: job.id, kind: job.kind },
          'the database stopped answering during a job; it is handed back',
        );
      await this.whenDatabaseAnswers(() => repo.handBackJob(this.db, job.id, this.serverId));
      return;
    }
    const text = errorText(error);
    // An error may say that no later attempt can succeed (`permanent`: a refused request), or how long to wait
    // before the next (`retryAfterMs`: a provider's Retry-After); the backoff is never shorter than that.
    const hint = (error ?? {}) as { permanent?: unknown; retryAfterMs?: unknown };
    const permanent = hint.permanent === true;
    if (!permanent && job.attempts < job.maxAttempts) {
      this.log.warn({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job attempt failed');
      const delay = Math.max(
        backoffDelay(job.attempts, kind.backoffBaseMs ?? 2_000, kind.backoffMaxMs ?? 5 * 60_000),
        typeof hint.retryAfterMs === 'number' && Number.isFinite(hint.retryAfterMs) ? hint.retryAfterMs : 0,
      );
      await this.whenDatabaseAnswers(() => repo.requeueJob(this.db, job.id, this.serverId, text, delay));
      return;
    }
    this.log.error(
      { err: error, jobId: job.id, kind: job.kind },
      permanent ? 'job failed: no attempt can succeed' : 'job failed after its last attempt',
    );
    await this.db.transaction().execute(async (tx) => {
      if (await repo.failJob(tx, job.id, this.serverId, text))
        await kind.onFailed?.(tx, { ...job, status: 'FAILED', lastError: text }, { error: text, interrupted: false });
    });
  }
}

/**
 * Whether a server id (`host:pid:random`, see the constructor) names a process of this machine that is gone.
 * Another runner of this very process is alive; an id of another form (tests name theirs) is never judged.
 */
function isDeadLocalServer(serverId: string | null): boolean {
  const m = serverId ? /^(.+):(\d+):[0-9a-f]{8}$/.exec(serverId) : null;
  if (!m || m[1] !== hostname()) return false;
  const pid = Number(m[2]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
