import { returnTicketDocument, salesInvoiceDocument } from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addDays } from '../../platform/business-day.ts';
import { DOCUMENT_STATUS_CHANGED } from '../../platform/documents.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import type { DeliveredEvent } from '../../platform/outbox.ts';
import { COST_OF_SALES_POSTED } from '../stock/index.ts';
import * as repo from './analytics.repository.ts';

/**
 * The materialisation of Analytics: `analytics_daily_facts` (migration 0060), one row per London day, channel,
 * warehouse and product. It is kept by the outbox, never by a nightly job: a sales invoice's `ship` step and a return
 * ticket's `receive` step each emit `document.status_changed` in their own transaction, and the handler registered
 * here recomputes the facts of that day and those products from the source rows (invoice lines, the ledger's ISSUE
 * and RETURN rows). A recompute replaces rows, never adds to them, so a redelivered event changes nothing and the
 * incremental result equals a rebuild. A database that had sales before the table existed is filled once at start by
 * the `analytics.backfill` job (queued by its kind's sweep when the table is empty and sources are not).
 *
 * A landed cost or price difference posted after the units sold is a cost of sales adjustment on its own day
 * (DOMAIN.md): the stock core's `stock.cost_of_sales_posted` recomputes that day for the product. A later revaluation
 * of shipped units (a backdated posting before the shipment) reaches the facts of its day at the next recompute of
 * that day and product, or by a rebuild.
 */

export const ANALYTICS_FACTS_HANDLER = 'analytics.daily_facts';
export const ANALYTICS_COST_HANDLER = 'analytics.cost_of_sales';
export const ANALYTICS_BACKFILL_JOB = 'analytics.backfill';

type Db = Kysely<Database>;

/** The handler of document.status_changed: recomputes the facts an invoice's shipment or a ticket's receipt touch. */
export async function onDocumentStatusChanged(tx: Db, event: DeliveredEvent): Promise<void> {
  const p = event.payload as { document?: string; id?: string; to?: string };
  if (!p.id) return;
  let touched: { day: string; productIds: string[] } | undefined;
  if (p.document === salesInvoiceDocument.name && p.to === 'PROCESSED')
    touched = await repo.shippedInvoiceDay(tx, p.id);
  else if (p.document === returnTicketDocument.name && p.to === 'RECEIVED')
    touched = await repo.receivedTicketDay(tx, p.id);
  if (!touched) return;
  await repo.recomputeFacts(tx, touched.day, touched.day, touched.productIds);
}

/** The handler of stock.cost_of_sales_posted: the days of a product's new cost of sales adjustments. */
export async function onCostOfSalesPosted(tx: Db, event: DeliveredEvent): Promise<void> {
  const p = event.payload as { productId?: string; days?: string[] };
  if (!p.productId || !Array.isArray(p.days)) return;
  for (const day of p.days) await repo.recomputeFacts(tx, day, day, [p.productId]);
}

/** Days of a rebuild recomputed per transaction: a long history is rebuilt in short transactions. */
const REBUILD_CHUNK_DAYS = 31;

/**
 * Rebuilds the facts of the London days from..to (both included) from the sources, a month of days per transaction.
 * Without a range, every day any source has. Answers the rows written.
 */
export async function rebuildFacts(db: Db, range?: { from: string; to: string }): Promise<number> {
  const days = range ?? (await repo.sourceDays(db));
  if (!days) return 0;
  let written = 0;
  for (let start = days.from; start <= days.to; start = addDays(start, REBUILD_CHUNK_DAYS)) {
    const end = addDays(start, REBUILD_CHUNK_DAYS - 1);
    // biome-ignore lint/complexity/useMathMinMax: ISO days compare as text; Math.min would make them NaN
    const last = end < days.to ? end : days.to;
    written += await db.transaction().execute((tx) => repo.recomputeFacts(tx, start, last));
  }
  return written;
}

/** Registers the outbox handler and the one-off backfill with the server's job runner. */
export function registerAnalytics(app: FastifyInstance): void {
  const runner = app.jobs;
  runner.on(DOCUMENT_STATUS_CHANGED, ANALYTICS_FACTS_HANDLER, onDocumentStatusChanged);
  runner.on(COST_OF_SALES_POSTED, ANALYTICS_COST_HANDLER, onCostOfSalesPosted);
  runner.register({
    kind: ANALYTICS_BACKFILL_JOB,
    concurrency: 1,
    maxAttempts: 5,
    retryPermission: 'powerbi_dashboard_view',
    run: async (ctx) => {
      await rebuildFacts(ctx.db);
    },
    // Once per database (the job's key is unique): only when the table is empty while sources exist.
    sweep: async (db) => {
      if (!(await repo.factsMissing(db))) return;
      try {
        await runner.enqueue(db, { kind: ANALYTICS_BACKFILL_JOB, key: 'initial' });
      } catch (e) {
        if (!isUniqueViolation(e, 'jobs_kind_key')) throw e;
      }
    },
  });
}
