import { type FifoDifference, type FifoDifferenceKind, ReportErrorCode } from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { handBack, type JobContext } from '../../platform/jobs/index.ts';
import { allRows, offsetOf, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import { sendXlsx, ui, words, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../platform/xlsx.ts';
import * as repo from './fifo-process.repository.ts';
import { compareProduct, type Difference } from './replay-ledger.ts';

/**
 * The FIFO stock process: every product's valuation replayed from the ledger by the same engine that posts
 * (stock/fifo.ts), compared with the layers and balances the database keeps. It reads every ledger row, so
 * it runs in the background: products in batches in id order (keyset paging), each batch read in one
 * repeatable-read snapshot and replayed while the next is read, so memory holds two batches at most.
 * Progress and findings are saved after every batch; one run at a time. It runs on the platform's job runner:
 * a run whose server stopped is taken back once its heartbeat is stale and run again (or failed after the last
 * attempt); a server starting never fails another server's run.
 */

/** Products per batch: a few thousand ledger rows on average, a fraction of a second of replay. */
const BATCH_PRODUCTS = 250;
/** Replaying is CPU work: the event loop is given back this often so that requests keep being answered. */
const YIELD_EVERY_PRODUCTS = 25;
/** At most this many differences are kept per run (the count goes on); an export holds no more either. */
const MAX_KEPT_DIFFERENCES = XLSX_EXPORT_MAX_ROWS;

const INTERRUPTED = 'The server stopped while the process ran; start it again.';
const UNEXPECTED = 'The process stopped on an unexpected error. It has been logged; start it again.';

/** A RUNNING run without a job, and without news for this long, was left behind. */
const ORPHAN_QUIET_SECONDS = 120;

/** The process runs on the platform's job runner as this kind; the job's key is the run's id. */
export const FIFO_PROCESS_JOB_KIND = 'reports.fifo_process';

type Batch = { ids: string[]; data: repo.ProductBatch | null };

function fetchBatch(db: Db, after: string | null): Promise<Batch> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (tx) => {
      const ids = await repo.nextProducts(tx, after, BATCH_PRODUCTS);
      return { ids, data: ids.length ? await repo.loadBatch(tx, ids) : null };
    });
}

/**
 * One attempt at a run, from the first product (an attempt after a stopped server starts again). When the
 * server stops, the attempt ends between batches and hands the job back: another server, or this one once
 * started again, runs it. An unexpected error is retried by the runner, and fails the run after the last attempt.
 */
async function runProcess(ctx: JobContext) {
  const runId = ctx.job.key;
  const db = ctx.db;
  const run = await repo.findRun(db, runId);
  if (run?.status !== 'RUNNING') return;
  await repo.resetRun(db, runId);
  const total = await repo.countProducts(db);
  const progress = { productsTotal: total, productsDone: 0, movementsDone: 0, differencesFound: 0 };
  await repo.saveProgress(db, runId, progress);
  ctx.progress(0, total);
  let next = fetchBatch(db, null);
  for (;;) {
    const batch = await next;
    if (ctx.signal.aborted) throw handBack();
    const data = batch.data;
    if (!data) break;
    // The next batch is read while this one is replayed.
    next = fetchBatch(db, batch.ids.at(-1) ?? null);
    next.catch(() => undefined);
    const found: (Difference & { productId: string })[] = [];
    for (const [i, productId] of batch.ids.entries()) {
      const differences = compareProduct({
        history: data.history.get(productId) ?? [],
        layers: data.layers.get(productId) ?? [],
        levels: data.levels.get(productId) ?? [],
        allowNegativeStock: (w) => data.allowNegative.has(w),
        assembled: data.assembled,
        costPrice: data.costPrices.get(productId),
        costEvents: data.costEvents.get(productId) ?? [],
      });
      for (const d of differences) found.push({ ...d, productId });
      if ((i + 1) % YIELD_EVERY_PRODUCTS === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const room = Math.max(0, MAX_KEPT_DIFFERENCES - progress.differencesFound);
    await repo.insertDifferences(db, runId, progress.differencesFound + 1, found.slice(0, room));
    progress.productsDone += batch.ids.length;
    progress.productsTotal = Math.max(progress.productsTotal, progress.productsDone);
    progress.movementsDone += data.movementCount;
    progress.differencesFound += found.length;
    await repo.saveProgress(db, runId, progress);
    ctx.progress(progress.productsDone, progress.productsTotal);
  }
  progress.productsTotal = progress.productsDone;
  await repo.saveProgress(db, runId, progress);
  await repo.finishRun(db, runId, 'DONE', null);
}

/** Registers the FIFO stock process with the server's job runner (one at a time per server, and one run at all). */
export function registerFifoProcess(app: FastifyInstance) {
  app.jobs.register({
    kind: FIFO_PROCESS_JOB_KIND,
    concurrency: 1,
    maxAttempts: 3,
    run: runProcess,
    retryPermission: 'stock_and_value_report',
    onFailed: (tx, job, failure) =>
      repo.finishRun(tx, job.key, 'FAILED', failure.interrupted ? INTERRUPTED : UNEXPECTED),
    onRetry: async (ctx, job) => {
      try {
        await repo.reopenRun(ctx.db, job.key);
      } catch (e) {
        if (isUniqueViolation(e, 'fifo_process_runs_one_running'))
          throw conflict(
            ReportErrorCode.FIFO_PROCESS_RUNNING,
            'A FIFO stock process is already running. Follow it until it ends, then start another.',
          );
        throw e;
      }
    },
    // Only runs quiet for a while: a run just inserted with its job is never mistaken for one left behind.
    sweep: async (db) => {
      await failInterruptedFifoRuns(db, ORPHAN_QUIET_SECONDS);
    },
  });
}

/**
 * Runs RUNNING that no job will finish (left by a server of an earlier version, or whose job ended without
 * ending them) are failed; their findings so far are kept. A run whose job is waiting or running is never
 * touched here, whichever server runs it: the runner takes its job back only once its heartbeat is stale.
 */
export async function failInterruptedFifoRuns(db: Db, quietSeconds = 0): Promise<number> {
  return repo.failRunning(db, INTERRUPTED, FIFO_PROCESS_JOB_KIND, quietSeconds);
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
  // The run and its job commit together; the runner is nudged once the answer has gone out.
  await ctx.request.server.jobs.enqueue(
    ctx.db,
    { kind: FIFO_PROCESS_JOB_KIND, key: id, createdBy: ctx.user.id, requestId: ctx.requestId },
    ctx,
  );
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
  { header: '#', width: 8, type: 'number', places: 0, value: (d) => d.seq },
  {
    header: ui('reports:fifoProcess.kind'),
    width: 18,
    type: 'enum',
    labels: 'reports:fifoProcess.kinds',
    value: (d) => d.kind,
  },
  { header: ui('reports:fields.sku'), width: 20, value: (d) => d.product.sku },
  { header: ui('reports:fields.product'), width: 36, value: (d) => d.product.name },
  { header: ui('reports:fields.warehouse'), width: 14, value: (d) => d.warehouse?.code ?? '' },
  {
    header: ui('reports:fields.inTransit'),
    width: 10,
    type: 'boolean',
    value: (d) => (d.bucket ? d.bucket === 'TRANSIT' : null),
  },
  { header: ui('reports:fifoProcess.expected'), width: 28, value: (d) => d.expected },
  { header: ui('reports:fifoProcess.stored'), width: 28, value: (d) => d.stored },
  { header: words('Detail', 'Detalle', 'Detalhe', 'Detail'), width: 48, value: (d) => d.detail },
];

export async function exportDifferences(ctx: Ctx, id: string, kind: FifoDifferenceKind | undefined) {
  await getRun(ctx.db, id);
  const rows = allRows(
    async (offset, limit) => (await repo.findDifferences(ctx.db, id, kind, limit, offset)).items,
    XLSX_EXPORT_MAX_ROWS,
  );
  return sendXlsx(ctx, `fifo-stock-process-${id.slice(0, 8)}.xlsx`, DIFFERENCE_COLUMNS, rows);
}
