import { type FifoDifference, type FifoDifferenceKind, ReportErrorCode } from '@backoffice/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { allRows, offsetOf, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import { sendXlsx, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../platform/xlsx.ts';
import * as repo from './fifo-process.repository.ts';
import { compareProduct, type Difference } from './replay-ledger.ts';

/**
 * The FIFO stock process: every product's valuation replayed from the ledger by the same engine that posts
 * (stock/fifo.ts), compared with the layers and balances the database keeps. It reads every ledger row, so
 * it runs in the background: products in batches in id order (keyset paging), each batch read in one
 * repeatable-read snapshot and replayed while the next is read, so memory holds two batches at most.
 * Progress and findings are saved after every batch; one run at a time.
 */

/** Products per batch: a few thousand ledger rows on average, a fraction of a second of replay. */
const BATCH_PRODUCTS = 250;
/** Replaying is CPU work: the event loop is given back this often so that requests keep being answered. */
const YIELD_EVERY_PRODUCTS = 25;
/** At most this many differences are kept per run (the count goes on); an export holds no more either. */
const MAX_KEPT_DIFFERENCES = XLSX_EXPORT_MAX_ROWS;

const INTERRUPTED = 'The server stopped while the process ran; start it again.';

type Batch = { ids: string[]; data: repo.ProductBatch | null };

/** The server's runner of FIFO stock processes (one at a time). */
export class FifoProcessRunner {
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs the process of a run just committed as RUNNING. */
  start(runId: string) {
    if (this.closed) return;
    const previous = this.running ?? Promise.resolve();
    const run: Promise<void> = previous
      .then(() => this.execute(runId))
      .catch((e) => this.log.error({ err: e, runId }, 'FIFO stock process failed'))
      .finally(() => {
        if (this.running === run) this.running = null;
      });
    this.running = run;
  }

  /** Stops between batches; the run under way is marked failed (it can be started again). */
  async close() {
    this.closed = true;
    await this.running;
  }

  /** Resolves once no run is under way in this server. */
  async idle() {
    while (this.running) await this.running;
  }

  private async fetch(after: string | null): Promise<Batch> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (tx) => {
        const ids = await repo.nextProducts(tx, after, BATCH_PRODUCTS);
        return { ids, data: ids.length ? await repo.loadBatch(tx, ids) : null };
      });
  }

  private async execute(runId: string) {
    const run = await repo.findRun(this.db, runId);
    if (run?.status !== 'RUNNING') return;
    try {
      const total = await repo.countProducts(this.db);
      const progress = { productsTotal: total, productsDone: 0, movementsDone: 0, differencesFound: 0 };
      await repo.saveProgress(this.db, runId, progress);
      let next = this.fetch(null);
      for (;;) {
        const batch = await next;
        if (this.closed) {
          await repo.finishRun(this.db, runId, 'FAILED', INTERRUPTED);
          return;
        }
        const data = batch.data;
        if (!data) break;
        // The next batch is read while this one is replayed.
        next = this.fetch(batch.ids.at(-1) ?? null);
        next.catch(() => undefined);
        const found: (Difference & { productId: string })[] = [];
        for (const [i, productId] of batch.ids.entries()) {
          const differences = compareProduct({
            history: data.history.get(productId) ?? [],
            layers: data.layers.get(productId) ?? [],
            levels: data.levels.get(productId) ?? [],
            allowNegativeStock: (w) => data.allowNegative.has(w),
            assembled: data.assembled,
          });
          for (const d of differences) found.push({ ...d, productId });
          if ((i + 1) % YIELD_EVERY_PRODUCTS === 0) await new Promise((resolve) => setImmediate(resolve));
        }
        const room = Math.max(0, MAX_KEPT_DIFFERENCES - progress.differencesFound);
        await repo.insertDifferences(this.db, runId, progress.differencesFound + 1, found.slice(0, room));
        progress.productsDone += batch.ids.length;
        progress.productsTotal = Math.max(progress.productsTotal, progress.productsDone);
        progress.movementsDone += data.movementCount;
        progress.differencesFound += found.length;
        await repo.saveProgress(this.db, runId, progress);
      }
      progress.productsTotal = progress.productsDone;
      await repo.saveProgress(this.db, runId, progress);
      await repo.finishRun(this.db, runId, 'DONE', null);
    } catch (e) {
      this.log.error({ err: e, runId }, 'FIFO stock process failed');
      await repo.finishRun(
        this.db,
        runId,
        'FAILED',
        'The process stopped on an unexpected error. It has been logged; start it again.',
      );
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    fifoProcess: FifoProcessRunner;
  }
}

/** Gives the server its FIFO stock process runner, stopped (between batches) when the server closes. */
export function registerFifoProcess(app: FastifyInstance, db: Db) {
  const runner = new FifoProcessRunner(db, app.log);
  app.decorate('fifoProcess', runner);
  app.addHook('onClose', () => runner.close());
}

/**
 * At start-up, before anything runs: a run still RUNNING was left by a server that stopped mid-way; nobody
 * will finish it, so it is failed (its findings so far are kept).
 */
export async function failInterruptedFifoRuns(db: Db): Promise<number> {
  return repo.failRunning(db, INTERRUPTED);
}

export async function startFifoProcess(ctx: Ctx) {
  const refuse = (runId: string | undefined) =>
    conflict(
      ReportErrorCode.FIFO_PROCESS_RUNNING,
      'A FIFO stock process is already running. Follow it until it ends, then start another.',
      runId ? { runId } : undefined,
    );
  const running = await repo.findRunning(ctx.db);
  if (running) throw refuse(running.id);
  let id: string;
  try {
    id = await repo.insertRun(ctx.db, ctx.user.id, ctx.requestId);
  } catch (e) {
    if (isUniqueViolation(e, 'fifo_process_runs_one_running')) throw refuse(undefined);
    throw e;
  }
  const run = await repo.findRun(ctx.db, id);
  if (!run) throw notFound('FIFO stock process run', id);
  await ctx.audit({ action: 'start', entity: 'fifo_process_run', entityId: id, after: { status: run.status } });
  // The run exists for the runner once this request's transaction has committed, i.e. once the answer is sent.
  const runner = ctx.request.server.fifoProcess;
  ctx.reply.raw.once('finish', () => runner.start(id));
  return run;
}

export async function getRun(db: Db, id: string) {
  const run = await repo.findRun(db, id);
  if (!run) throw notFound('FIFO stock process run', id);
  return run;
}

export async function listRuns(db: Db, q: { page: number; pageSize: number }) {
  const { items, total } = await repo.listRuns(db, q.pageSize, offsetOf(q));
  return toPage(items, total, q);
}

export async function differences(
  db: Db,
  id: string,
  q: { page: number; pageSize: number; kind?: FifoDifferenceKind | undefined },
) {
  await getRun(db, id);
  const { items, total } = await repo.findDifferences(db, id, q.kind, q.pageSize, offsetOf(q));
  return toPage(items, total, q);
}

const DIFFERENCE_COLUMNS: XlsxColumn<FifoDifference>[] = [
  { header: '#', width: 8, value: (d) => d.seq },
  { header: 'What', width: 18, value: (d) => d.kind },
  { header: 'SKU', width: 20, value: (d) => d.product.sku },
  { header: 'Product', width: 36, value: (d) => d.product.name },
  { header: 'Warehouse', width: 14, value: (d) => d.warehouse?.code ?? '' },
  { header: 'Bucket', width: 10, value: (d) => d.bucket ?? '' },
  { header: 'Replayed from the ledger', width: 28, value: (d) => d.expected },
  { header: 'Stored', width: 28, value: (d) => d.stored },
  { header: 'Detail', width: 48, value: (d) => d.detail },
];

export async function exportDifferences(ctx: Ctx, id: string, kind: FifoDifferenceKind | undefined) {
  await getRun(ctx.db, id);
  const rows = allRows(
    async (offset, limit) => (await repo.findDifferences(ctx.db, id, kind, limit, offset)).items,
    XLSX_EXPORT_MAX_ROWS,
  );
  return sendXlsx(ctx, `fifo-stock-process-${id.slice(0, 8)}.xlsx`, DIFFERENCE_COLUMNS, rows);
}
