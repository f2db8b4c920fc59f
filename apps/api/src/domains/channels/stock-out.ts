import type { ChannelAccountType } from '@backoffice/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ConnectorError } from '../../platform/connectors/http.ts';
import type { JobContext, JobRunner } from '../../platform/jobs/index.ts';
import type { DeliveredEvent } from '../../platform/outbox.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import * as accounts from './account.repository.ts';
import { openAccount, settingsOf } from './account.service.ts';
import { callLog } from './call-log.ts';
import { channelModule } from './connectors/registry.ts';
import type { StockLevel } from './connectors/types.ts';
import * as repo from './sync.repository.ts';

/**
 * Stock out: every change of available stock (on hand less reserved: `stock.level_changed`, from postings and
 * reservations) queues, per account that sells from that warehouse and per listing of the product, the new absolute
 * quantity: what the account's warehouses have available, less its buffer (N units, or a percentage rounded so the
 * channel never sees more), never below 0. A newer quantity replaces a pending one (one queue row per listing). A
 * `channels.push_stock` job per account drains the queue in the connector's batch size; an item the channel refused
 * stays with its error (retried up to STOCK_MAX_ATTEMPTS, or by Run now).
 */

export const PUSH_STOCK_JOB = 'channels.push_stock';
export const STOCK_MAX_ATTEMPTS = 5;
/** Changes gathered for this long before a push, so a busy minute is one call, not hundreds. */
const GATHER_MS = 2_000;

type Db = Kysely<Database>;

/** Whether the account's stock goes to a file to download rather than to the channel's API. */
export const deliversStockByFile = (account: accounts.AccountRow) => settingsOf(account).stockDelivery === 'FILE';

/**
 * Each listing of the account (of these products, or all) with the quantity to list as the warehouses have it now:
 * available (on hand less reserved) in the account's warehouses, less its buffer, never below 0. Columns:
 * `listing_id`, `account_id`, `product_id`, `quantity` (whole units), `pushed_quantity`. Both the API push and the
 * stock file read it, so the channel is told the same figure either way.
 */
export function listingLevelsSql(account: accounts.AccountRow, productIds: readonly string[] | null) {
  const s = settingsOf(account);
  const warehouses = s.warehouseIds;
  const keep =
    s.stockBuffer.mode === 'UNITS'
      ? sql`greatest(0, a.available - ${s.stockBuffer.value})`
      : s.stockBuffer.mode === 'PERCENT'
        ? sql`greatest(0, floor(a.available * ${100 - s.stockBuffer.value} / 100))`
        : sql`greatest(0, a.available)`;
  return sql`
    SELECT l.id AS listing_id, l.account_id, l.product_id, floor(${keep})::bigint AS quantity, l.pushed_quantity
    FROM channel_listings l
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(greatest(s.available, 0)), 0) AS available
      FROM stock_levels s
      WHERE s.product_id = l.product_id
        AND (${warehouses.length === 0} OR s.warehouse_id = ANY(${sql.val(warehouses)}::uuid[]))
    ) a
    WHERE l.account_id = ${account.id}
      ${productIds ? sql`AND l.product_id = ANY(${sql.val([...productIds])}::uuid[])` : sql``}`;
}

/**
 * Queues the quantities of an account's listings (of these products, or all) as the warehouses have them now;
 * `onlyChanged`: only where it differs from what the channel last accepted. Answers how many were queued. An
 * account whose stock goes to a file queues nothing: its runs produce the file instead.
 */
export async function queueStock(
  db: Db,
  account: accounts.AccountRow,
  productIds: readonly string[] | null,
  onlyChanged: boolean,
): Promise<number> {
  if (deliversStockByFile(account)) return 0;
  const r = await sql`
    INSERT INTO channel_stock_queue (account_id, listing_id, quantity)
    SELECT v.account_id, v.listing_id, v.quantity
    FROM (${listingLevelsSql(account, productIds)}) v
    ${onlyChanged ? sql`WHERE v.quantity IS DISTINCT FROM v.pushed_quantity` : sql``}
    ON CONFLICT (account_id, listing_id) DO UPDATE
      SET quantity = excluded.quantity, queued_at = now(), attempts = 0, last_error = NULL`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** Makes sure a push is queued for the account (one waiting at a time). */
export async function ensurePush(db: Db, runner: JobRunner, accountId: string, delayMs = GATHER_MS) {
  const waiting = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', PUSH_STOCK_JOB)
    .where('status', '=', 'QUEUED')
    .where(sql<boolean>`payload->>'accountId' = ${accountId}`)
    .executeTakeFirst();
  if (waiting) return waiting.id;
  return runner.enqueue(db, {
    kind: PUSH_STOCK_JOB,
    key: `${accountId}:${Date.now()}:${Math.random().toString(36).slice(2, 8)}`,
    payload: { accountId },
    runAfter: new Date(Date.now() + delayMs),
  });
}

/**
 * Whether any enabled account whose stock goes to the channel's API has a listing: else a change of stock has nobody
 * to reach (see the outbox); an account whose stock goes to a file is reached by its runs only.
 */
export async function anyListingToUpdate(db: Db): Promise<boolean> {
  const r = await sql<{ any: boolean }>`
    SELECT EXISTS (SELECT 1 FROM channel_listings l JOIN channel_accounts a ON a.id = l.account_id
                   WHERE a.enabled AND a.settings->>'stockDelivery' IS DISTINCT FROM 'FILE') AS any`.execute(db);
  return r.rows[0]?.any === true;
}

/** The outbox handler of `stock.level_changed`. */
export async function onLevelChanged(tx: Transaction<Database>, runner: JobRunner, event: DeliveredEvent) {
  const { productId, warehouseId } = event.payload as { productId: string; warehouseId: string };
  const listed = await tx
    .selectFrom('channel_listings as l')
    .innerJoin('channel_accounts as a', 'a.id', 'l.account_id')
    .selectAll('a')
    .distinct()
    .where('l.product_id', '=', productId)
    .where('a.enabled', '=', true)
    .execute();
  for (const account of listed) {
    const s = settingsOf(account);
    if (!s.operations.includes('STOCK') || s.stockDelivery === 'FILE') continue;
    if (s.warehouseIds.length && !s.warehouseIds.includes(warehouseId)) continue;
    if ((await queueStock(tx, account, [productId], true)) > 0) await ensurePush(tx, runner, account.id);
  }
}

interface Waiting {
  listing_id: string;
  sku: string;
  external_id: string | null;
  external_ref: string | null;
  quantity: string;
  pushed_quantity: string | null;
}

/** The push job: the account's queue in batches; progress is items sent of items waiting. */
export function pushStockJob(box: SecretBox) {
  return async (job: JobContext) => {
    const account = await accounts.findAccount(job.db, job.job.payload.accountId as string);
    if (!account?.enabled || !settingsOf(account).operations.includes('STOCK') || deliversStockByFile(account)) return;
    const module = channelModule(account.type as ChannelAccountType);
    if (!module)
      throw new ConnectorError(`No connector for ${account.type} is installed in this server.`, { retryable: false });
    const log = callLog(account.id);
    const connector = module.create({ account: openAccount(box, account), sink: log.sink, signal: job.signal });
    const waiting = await sql<Waiting>`
      SELECT q.listing_id, l.sku, l.external_id, l.external_ref, q.quantity, l.pushed_quantity
      FROM channel_stock_queue q JOIN channel_listings l ON l.id = q.listing_id
      WHERE q.account_id = ${account.id} AND q.attempts < ${STOCK_MAX_ATTEMPTS}
      ORDER BY q.queued_at, q.listing_id`.execute(job.db);
    const rows = waiting.rows;
    let done = 0;
    job.progress(0, rows.length);
    let failure: unknown = null;
    for (let i = 0; i < rows.length; i += connector.stockBatchSize) {
      const batch = rows.slice(i, i + connector.stockBatchSize);
      const levels: StockLevel[] = batch.map((r) => ({
        listing: { sku: r.sku, externalId: r.external_id, externalRef: r.external_ref },
        quantity: Number(r.quantity),
        previousQuantity: r.pushed_quantity === null ? null : Number(r.pushed_quantity),
      }));
      let results: { sku: string; ok: boolean; error: string | null }[];
      try {
        results = await connector.pushStock(levels);
      } catch (e) {
        // The whole call failed: every item of the batch keeps waiting with the reason; the job tries again later.
        const reason = e instanceof Error ? e.message : String(e);
        results = batch.map((r) => ({ sku: r.sku, ok: false, error: reason }));
        failure = e;
      }
      const bySku = new Map(results.map((r) => [r.sku, r]));
      await job.db.transaction().execute(async (tx) => {
        for (const r of batch) {
          const result = bySku.get(r.sku);
          if (result?.ok) {
            await tx
              .updateTable('channel_listings')
              .set({ pushed_quantity: r.quantity, pushed_at: sql`now()` })
              .where('id', '=', r.listing_id)
              .execute();
            // A newer quantity queued meanwhile stays for the next push.
            await tx
              .deleteFrom('channel_stock_queue')
              .where('account_id', '=', account.id)
              .where('listing_id', '=', r.listing_id)
              .where('quantity', '=', r.quantity)
              .execute();
          } else
            await tx
              .updateTable('channel_stock_queue')
              .set((eb) => ({
                attempts: eb('attempts', '+', 1),
                last_error: (result?.error ?? 'The channel did not answer for this SKU.').slice(0, 1000),
              }))
              .where('account_id', '=', account.id)
              .where('listing_id', '=', r.listing_id)
              .where('quantity', '=', r.quantity)
              .execute();
        }
        await log.flush(tx, null, job.job.requestId);
      });
      done += batch.length;
      job.progress(done, rows.length);
      if (failure instanceof ConnectorError && !failure.retryable) break;
      if (failure) break;
    }
    // The Stock Update screens show when the account's stock last went out, and how.
    await repo.saveCursor(job.db, account.id, 'STOCK', {
      ok: !failure,
      error: failure ? (failure instanceof Error ? failure.message : String(failure)).slice(0, 1000) : null,
      nextRunAt: new Date(Date.now() + settingsOf(account).pollMinutes.stock * 60_000),
    });
    if (failure) throw failure;
  };
}
