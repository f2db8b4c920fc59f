import { CHANNEL_STREAM_OPERATION, type ChannelAccountType, type ChannelStream } from '@backoffice/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobContext, JobRunner } from '../../platform/jobs/index.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import * as accounts from './account.repository.ts';
import { openAccount, settingsOf } from './account.service.ts';
import { callLog } from './call-log.ts';
import { channelModule, connectorModule } from './connectors/registry.ts';
import { applyNewOrders, reasonOf } from './orders-in.ts';
import { applyNewReturns } from './returns-in.ts';
import { produceStockFile } from './stock-file.ts';
import { ensurePush, queueStock } from './stock-out.ts';
import * as repo from './sync.repository.ts';
import { pullTracking } from './tracking.ts';

/**
 * Pulls on a schedule and on demand (`channels.pull`, one job per account and stream at a time): orders and returns
 * by a cursor per account and stream over overlapping windows into the inbox, then applied; FBA quantities; a full stock push. The
 * scheduler is the kind's sweep: every sweep queues the runs that are due (`channel_cursors.next_run_at`).
 */

export const PULL_JOB = 'channels.pull';
/**
 * Each window starts this long before the last one ended: an order changed while a page was read, or that a channel
 * shows only minutes after its change (Amazon answers up to two minutes ago), is seen by the next window.
 */
const OVERLAP_MS = 10 * 60_000;
/** The first pull of an account reaches this far back. */
const FIRST_WINDOW_MS = 3 * 24 * 60 * 60_000;

/** The streams the scheduler runs by itself (a full stock push is Run now only: changes go as they happen). */
const SCHEDULED: ChannelStream[] = ['ORDERS', 'RETURNS', 'FBA_INVENTORY', 'TRACKING', 'STOCK'];

function minutesOf(account: accounts.AccountRow, stream: ChannelStream) {
  const p = settingsOf(account).pollMinutes;
  return stream === 'ORDERS' ? p.orders : stream === 'RETURNS' ? p.returns : stream === 'STOCK' ? p.stock : p.tracking;
}

export function streamOn(account: accounts.AccountRow, stream: ChannelStream) {
  return account.enabled && settingsOf(account).operations.includes(CHANNEL_STREAM_OPERATION[stream]);
}

/** The pull waiting or running for an account's stream, if any. */
export function activePull(db: Db, accountId: string, stream: ChannelStream) {
  return db
    .selectFrom('jobs')
    .select(['id', 'status'])
    .where('kind', '=', PULL_JOB)
    .where('status', 'in', ['QUEUED', 'RUNNING'])
    .where(sql<boolean>`payload->>'accountId' = ${accountId}`)
    .where(sql<boolean>`payload->>'stream' = ${stream}`)
    .executeTakeFirst();
}

export async function queuePull(
  db: Db,
  runner: JobRunner,
  accountId: string,
  stream: ChannelStream,
  by: { userId: string | null; requestId: string | null; full?: boolean },
) {
  return runner.enqueue(db, {
    kind: PULL_JOB,
    key: `${accountId}:${stream}:${Date.now()}:${Math.random().toString(36).slice(2, 8)}`,
    payload: { accountId, stream, full: by.full === true },
    createdBy: by.userId,
    requestId: by.requestId,
  });
}

/** The scheduler: queues each enabled account's due runs. */
export async function scheduleDue(db: Db, runner: JobRunner) {
  for (const account of await accounts.enabledAccounts(db)) {
    for (const stream of SCHEDULED) {
      if (!streamOn(account, stream)) continue;
      if (!connectorModule(account.type as ChannelAccountType)) continue;
      const cursor = await repo.cursorOf(db, account.id, stream);
      if (cursor && cursor.next_run_at.getTime() > Date.now()) continue;
      if (await activePull(db, account.id, stream)) continue;
      await db
        .transaction()
        .execute((tx) => queuePull(tx, runner, account.id, stream, { userId: null, requestId: null }));
    }
  }
}

/**
 * Orders or returns changed since the cursor (less the overlap) into the inbox, a page at a time, then applied.
 * Answers the window's end: the next run starts from there.
 */
async function pullInbox(
  job: JobContext,
  box: SecretBox,
  account: accounts.AccountRow,
  log: ReturnType<typeof callLog>,
  stream: 'ORDERS' | 'RETURNS',
) {
  const module = channelModule(account.type as ChannelAccountType);
  if (!module?.kind || module.kind !== 'CHANNEL') throw new Error(`${account.type} has no orders to pull.`);
  const connector = module.create({ account: openAccount(box, account), sink: log.sink, signal: job.signal });
  const listReturns = connector.listReturns?.bind(connector);
  if (stream === 'RETURNS' && !listReturns)
    throw Object.assign(new Error(`${account.name}'s returns are not read by this product.`), { permanent: true });
  const cursor = await repo.cursorOf(job.db, account.id, stream);
  const now = Date.now();
  const from = new Date(cursor?.cursor_at ? cursor.cursor_at.getTime() - OVERLAP_MS : now - FIRST_WINDOW_MS);
  const to = new Date(now);
  let next: string | null = null;
  let pulled = 0;
  do {
    const q: { updatedFrom: Date; updatedTo: Date; next: string | null } = { updatedFrom: from, updatedTo: to, next };
    const items: { next: string | null; rows: { externalId: string; updatedAt: string; payload: unknown }[] } =
      stream === 'ORDERS'
        ? await connector.listOrders(q).then((p) => ({
            next: p.next,
            rows: p.items.map((o) => ({ externalId: o.externalOrderId, updatedAt: o.updatedAt, payload: o })),
          }))
        : await (listReturns as NonNullable<typeof listReturns>)(q).then((p) => ({
            next: p.next,
            rows: p.items.map((r) => ({ externalId: r.externalReturnId, updatedAt: r.updatedAt, payload: r })),
          }));
    await job.db.transaction().execute(async (tx) => {
      const rows = stream === 'ORDERS' ? items.rows : await repo.returnVersions(tx, account.id, items.rows);
      await repo.insertInbox(tx, account.id, stream === 'ORDERS' ? 'ORDER' : 'RETURN', rows);
      await log.flush(tx, null, job.job.requestId);
    });
    pulled += items.rows.length;
    job.progress(pulled, null);
    next = items.next;
  } while (next);
  const total = pulled;
  const progress = (done: number) => job.progress(Math.min(done, total), Math.max(total, done));
  if (stream === 'ORDERS') await applyNewOrders(job.db, account, progress);
  else await applyNewReturns(job.db, account, progress);
  return to;
}

async function pullFba(job: JobContext, box: SecretBox, account: accounts.AccountRow, log: ReturnType<typeof callLog>) {
  const module = channelModule(account.type as ChannelAccountType);
  const connector = module?.create({ account: openAccount(box, account), sink: log.sink, signal: job.signal });
  if (!connector?.fbaInventory) throw new Error(`${account.type} has no fulfilment-centre stock.`);
  let next: string | null = null;
  let read = 0;
  const startedAt = new Date();
  do {
    const page = await connector.fbaInventory({ next });
    await job.db.transaction().execute(async (tx) => {
      for (const r of page.items)
        await tx
          .insertInto('channel_fba_inventory')
          .values({
            account_id: account.id,
            sku: r.sku,
            asin: r.asin,
            fnsku: r.fnsku,
            product_name: r.productName,
            fulfillable: String(r.fulfillable),
            inbound: String(r.inbound),
            reserved: String(r.reserved),
            unfulfillable: String(r.unfulfillable),
            read_at: startedAt,
          })
          .onConflict((oc) =>
            oc.columns(['account_id', 'sku']).doUpdateSet((eb) => ({
              asin: eb.ref('excluded.asin'),
              fnsku: eb.ref('excluded.fnsku'),
              product_name: eb.ref('excluded.product_name'),
              fulfillable: eb.ref('excluded.fulfillable'),
              inbound: eb.ref('excluded.inbound'),
              reserved: eb.ref('excluded.reserved'),
              unfulfillable: eb.ref('excluded.unfulfillable'),
              read_at: eb.ref('excluded.read_at'),
            })),
          )
          .execute();
      await log.flush(tx, null, job.job.requestId);
    });
    read += page.items.length;
    job.progress(read, null);
    next = page.next;
  } while (next);
  // SKUs Amazon no longer reports hold nothing there now.
  await job.db
    .deleteFrom('channel_fba_inventory')
    .where('account_id', '=', account.id)
    .where('read_at', '<', startedAt)
    .execute();
}

/** The pull job: one run of one stream of one account; the cursor records how it went and when the next is due. */
export function pullJob(box: SecretBox, runner: JobRunner) {
  return async (job: JobContext) => {
    const { accountId, stream } = job.job.payload as { accountId: string; stream: ChannelStream };
    const account = await accounts.findAccount(job.db, accountId);
    if (!account) return;
    const nextRunAt = () => new Date(Date.now() + minutesOf(account, stream) * 60_000);
    if (!streamOn(account, stream)) {
      await repo.saveCursor(job.db, accountId, stream, {
        ok: false,
        error: 'Switched off for this account.',
        nextRunAt: nextRunAt(),
      });
      return;
    }
    const log = callLog(account.id);
    try {
      let cursorAt: Date | undefined;
      if (stream === 'ORDERS' || stream === 'RETURNS') cursorAt = await pullInbox(job, box, account, log, stream);
      else if (stream === 'FBA_INVENTORY') await pullFba(job, box, account, log);
      else if (stream === 'TRACKING') await pullTracking(job, box, account, log);
      else if (stream === 'STOCK') {
        // An account whose stock goes to a file gets the file of every listing's level; the channel is not called.
        if (settingsOf(account).stockDelivery === 'FILE') await produceStockFile(job, account);
        // Run now sends every listing's level; the schedule sends those that differ from what the channel last
        // accepted (a change missed, a level the channel moved itself).
        else if ((await queueStock(job.db, account, null, job.job.payload.full !== true)) > 0)
          await ensurePush(job.db, runner, account.id, 0);
      } else
        throw Object.assign(new Error(`${stream} runs are not available for ${account.type} accounts.`), {
          permanent: true,
        });
      await repo.saveCursor(job.db, accountId, stream, { cursorAt, ok: true, error: null, nextRunAt: nextRunAt() });
    } catch (e) {
      await job.db.transaction().execute(async (tx) => {
        await log.flush(tx, null, job.job.requestId);
        await repo.saveCursor(tx, accountId, stream, { ok: false, error: reasonOf(e), nextRunAt: nextRunAt() });
      });
      // A refused account (credentials missing or unreadable) cannot succeed by trying again.
      if (e instanceof AppError && e.status < 500) throw Object.assign(e, { permanent: true });
      throw e;
    }
  };
}
