import {
  CHANNEL_ACCOUNT_TYPE_INFO,
  CHANNEL_STREAMS,
  ChannelAccountErrorCode,
  type ChannelAccountState,
  type ChannelAccountType,
  type ChannelArea,
  type ChannelMessage,
  type ChannelMessageListQuery,
  type ChannelStockQuery,
  type ChannelStockRow,
  type ChannelStream,
  ChannelSyncErrorCode,
  channelPermissionsFor,
  type FbaInventoryQuery,
  type FbaInventoryRow,
  type RunNowInput,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import { findJobByKey, requeueFailed } from '../../platform/jobs/index.ts';
import { offsetOf, parseSort, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import type { AccountRow } from './account.repository.ts';
import * as accounts from './account.repository.ts';
import { findAccountRow } from './account.service.ts';
import { DELIVER_JOB, messageRetried } from './messages-out.ts';
import { REAPPLY_JOB } from './orders-in.ts';
import { activePull, PULL_JOB, queuePull, streamOn } from './pull.ts';
import { PUSH_STOCK_JOB } from './stock-out.ts';
import * as repo from './sync.repository.ts';

/** The API area's screens: state per account, messages, Retry, Run now, the stock queue. */

type Db = Kysely<Database>;

export function mayWork(user: AuthUser, type: ChannelAccountType, area: ChannelArea) {
  return channelPermissionsFor(type, area).some((p) => user.permissions.has(p));
}

function requireWork(user: AuthUser, account: AccountRow, area: ChannelArea) {
  const type = account.type as ChannelAccountType;
  if (!mayWork(user, type, area))
    throw forbidden(
      `Your permissions do not open ${account.name}'s ${area === 'STOCK' ? 'stock updates' : 'fulfilment'}.`,
      {
        required: channelPermissionsFor(type, area),
      },
    );
}

const areaOfStream = (s: ChannelStream): ChannelArea =>
  s === 'STOCK' ? 'STOCK' : s === 'TRACKING' ? 'LABELS' : 'MESSAGES';
const areaOfType = (type: ChannelAccountType): ChannelArea =>
  CHANNEL_ACCOUNT_TYPE_INFO[type].kind === 'CARRIER' ? 'LABELS' : 'MESSAGES';

export async function channelState(db: Db, user: AuthUser, types: readonly ChannelAccountType[] | undefined) {
  let q = db.selectFrom('channel_accounts').selectAll();
  if (types?.length) q = q.where('type', 'in', [...types]);
  const rows = (await q.orderBy(sql`lower(name)`).execute()).filter(
    (a) =>
      mayWork(user, a.type as ChannelAccountType, 'MESSAGES') ||
      mayWork(user, a.type as ChannelAccountType, 'STOCK') ||
      mayWork(user, a.type as ChannelAccountType, 'LABELS'),
  );
  const items: ChannelAccountState[] = [];
  for (const a of rows) {
    const cursors = new Map(
      (await db.selectFrom('channel_cursors').selectAll().where('account_id', '=', a.id).execute()).map((c) => [
        c.stream,
        c,
      ]),
    );
    const running = await db
      .selectFrom('jobs')
      .select(['id', 'progress_done', 'progress_total', sql<string>`payload->>'stream'`.as('stream'), 'kind'])
      .where('kind', 'in', [PULL_JOB, PUSH_STOCK_JOB])
      .where('status', 'in', ['QUEUED', 'RUNNING'])
      .where(sql<boolean>`payload->>'accountId' = ${a.id}`)
      .execute();
    const counts = await sql<{ pending: string; failed: string; done_today: string }>`
      SELECT count(*) FILTER (WHERE status = 'PENDING') AS pending, count(*) FILTER (WHERE status = 'FAILED') AS failed,
             count(*) FILTER (WHERE status = 'DONE' AND finished_at >= date_trunc('day', now())) AS done_today
      FROM channel_messages WHERE account_id = ${a.id}`.execute(db);
    const stock = await sql<{ waiting: string; failed: string; listings: string }>`
      SELECT (SELECT count(*) FROM channel_stock_queue WHERE account_id = ${a.id} AND last_error IS NULL) AS waiting,
             (SELECT count(*) FROM channel_stock_queue WHERE account_id = ${a.id} AND last_error IS NOT NULL) AS failed,
             (SELECT count(*) FROM channel_listings WHERE account_id = ${a.id}) AS listings`.execute(db);
    const c = counts.rows[0];
    const s = stock.rows[0];
    items.push({
      account: {
        id: a.id,
        name: a.name,
        type: a.type as ChannelAccountType,
        enabled: a.enabled,
        environment: a.environment,
      },
      streams: CHANNEL_STREAMS.map((stream) => {
        const cur = cursors.get(stream);
        const job = running.find((j) => (j.kind === PUSH_STOCK_JOB ? stream === 'STOCK' : j.stream === stream));
        return {
          stream,
          enabled: streamOn(a, stream),
          lastRunAt: cur?.last_run_at?.toISOString() ?? null,
          lastOkAt: cur?.last_ok_at?.toISOString() ?? null,
          lastError: cur?.last_error ?? null,
          nextRunAt: cur?.next_run_at?.toISOString() ?? null,
          running: job
            ? {
                jobId: job.id,
                progressDone: Number(job.progress_done),
                progressTotal: job.progress_total === null ? null : Number(job.progress_total),
              }
            : null,
        };
      }),
      messages: {
        pending: Number(c?.pending ?? 0),
        failed: Number(c?.failed ?? 0),
        doneToday: Number(c?.done_today ?? 0),
      },
      stock: { waiting: Number(s?.waiting ?? 0), failed: Number(s?.failed ?? 0), listings: Number(s?.listings ?? 0) },
    });
  }
  return { items };
}

export async function runNow(ctx: Ctx, id: string, input: z.output<typeof RunNowInput>) {
  const account = await findAccountRow(ctx.db, id);
  requireWork(ctx.user, account, areaOfStream(input.stream));
  if (!streamOn(account, input.stream))
    throw unprocessable(
      ChannelAccountErrorCode.CHANNEL_ACCOUNT_OPERATION_OFF,
      account.enabled
        ? `${account.name} does not do ${input.stream.toLowerCase().replace('_', ' ')}: switch it on in Api Config.`
        : `${account.name} is disabled: enable it in Api Config first.`,
      { stream: input.stream },
    );
  const active = await activePull(ctx.db, id, input.stream);
  if (active)
    throw conflict(
      ChannelSyncErrorCode.CHANNEL_RUN_ALREADY_QUEUED,
      'A run of this is already waiting or under way: follow its progress.',
      {
        jobId: active.id,
      },
    );
  const jobId = await queuePull(ctx.db, ctx.request.server.jobs, id, input.stream, {
    userId: ctx.user.id,
    requestId: ctx.requestId,
    full: true,
  });
  ctx.reply.raw.once('finish', () => ctx.request.server.jobs.nudge());
  await ctx.audit({
    action: 'run_now',
    entity: 'channel_account',
    entityId: id,
    after: { stream: input.stream, jobId },
  });
  return { jobId };
}

type MessageListRow = repo.MessageRow & {
  account_name: string;
  account_type: string;
  invoice_number: string | null;
  credit_note_number: string | null;
  return_ticket_number: string | null;
  job_id: string | null;
  job_max_attempts: number | null;
  job_run_after: Date | null;
  job_status: string | null;
};

function summaryOf(r: MessageListRow): string {
  const result = (r.result ?? {}) as { summary?: string };
  if (result.summary) return result.summary;
  const p = (r.payload ?? {}) as {
    trackingNumbers?: string[];
    carrier?: { name: string };
    amount?: string;
    currency?: string;
  };
  if (r.operation === 'SHIPMENT' && p.trackingNumbers)
    return `${p.trackingNumbers.join(', ')} via ${p.carrier?.name ?? ''}`.trim();
  if (r.operation === 'REFUND' && p.amount) return `${p.currency ?? ''} ${p.amount} refund`.trim();
  return r.external_order_id ?? '';
}

function toMessage(r: MessageListRow): ChannelMessage {
  return {
    id: r.id,
    account: { id: r.account_id, name: r.account_name, type: r.account_type as ChannelAccountType },
    direction: r.direction as 'IN' | 'OUT',
    operation: r.operation as ChannelMessage['operation'],
    processType: r.process_type,
    status: r.status as ChannelMessage['status'],
    externalOrderId: r.external_order_id,
    salesInvoice: r.sales_invoice_id && r.invoice_number ? { id: r.sales_invoice_id, number: r.invoice_number } : null,
    creditNote:
      r.credit_note_id && r.credit_note_number ? { id: r.credit_note_id, number: r.credit_note_number } : null,
    returnTicket:
      r.return_ticket_id && r.return_ticket_number ? { id: r.return_ticket_id, number: r.return_ticket_number } : null,
    summary: summaryOf(r),
    attempts: r.attempts,
    maxAttempts: r.job_max_attempts,
    lastError: r.last_error,
    nextAttemptAt:
      r.status === 'PENDING' && r.job_status === 'QUEUED' && r.job_run_after ? r.job_run_after.toISOString() : null,
    jobId: r.job_id,
    createdAt: r.created_at.toISOString(),
    finishedAt: r.finished_at?.toISOString() ?? null,
  };
}

function messagesQuery(db: Db) {
  return db
    .selectFrom('channel_messages as m')
    .innerJoin('channel_accounts as a', 'a.id', 'm.account_id')
    .leftJoin('sales_invoices as i', 'i.id', 'm.sales_invoice_id')
    .leftJoin('credit_notes as c', 'c.id', 'm.credit_note_id')
    .leftJoin('return_tickets as rt', 'rt.id', 'm.return_ticket_id')
    .leftJoin('jobs as j', (j) => j.on('j.kind', '=', DELIVER_JOB).on(sql`j.key`, '=', sql`m.id::text`));
}

const messageColumns = [
  'a.name as account_name',
  'a.type as account_type',
  'i.number as invoice_number',
  'c.number as credit_note_number',
  'rt.number as return_ticket_number',
  'j.id as job_id',
  'j.max_attempts as job_max_attempts',
  'j.run_after as job_run_after',
  'j.status as job_status',
] as const;

export async function listMessages(db: Db, user: AuthUser, q: ChannelMessageListQuery) {
  const types = (q.types ?? (Object.keys(CHANNEL_ACCOUNT_TYPE_INFO) as ChannelAccountType[])).filter((t) =>
    mayWork(user, t, areaOfType(t)),
  );
  if (!types.length) return toPage([], '0', q);
  let base = messagesQuery(db).where('a.type', 'in', types);
  if (q.accountId) base = base.where('m.account_id', '=', q.accountId);
  if (q.operation) base = base.where('m.operation', '=', q.operation);
  if (q.status) base = base.where('m.status', '=', q.status);
  if (q.direction) base = base.where('m.direction', '=', q.direction);
  if (q.q)
    base = base.where((eb) =>
      eb.or([eb('m.external_order_id', 'ilike', `%${q.q}%`), eb('i.number', 'ilike', `%${q.q}%`)]),
    );
  const messageSort = parseSort(
    q.sort,
    { createdAt: 'm.created_at', status: 'm.status' },
    {
      column: 'm.created_at',
      direction: 'desc',
    },
  );
  const [rows, count] = await Promise.all([
    base
      .selectAll('m')
      .select(messageColumns)
      .orderBy(sql.ref(messageSort.column), messageSort.direction)
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return toPage((rows as MessageListRow[]).map(toMessage), count.n, q);
}

async function messageById(db: Db, id: string) {
  const r = await messagesQuery(db).selectAll('m').select(messageColumns).where('m.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('Channel message', id);
  return toMessage(r as MessageListRow);
}

export async function retryMessage(ctx: Ctx, id: string): Promise<ChannelMessage> {
  const m = await repo.findMessage(ctx.db, id, true);
  if (!m) throw notFound('Channel message', id);
  const account = await findAccountRow(ctx.db, m.account_id);
  requireWork(ctx.user, account, areaOfType(account.type as ChannelAccountType));
  if (m.status !== 'FAILED')
    throw conflict(ChannelSyncErrorCode.CHANNEL_MESSAGE_NOT_FAILED, 'Only a failed message can be tried again.', {
      status: m.status,
    });
  const before = await messageById(ctx.db, id);
  if (m.direction === 'IN') {
    // Applied again by a job on its own transactions, as a pull applies it (a refusal is recorded, not rolled back).
    const inboxId = (m.payload as { inboxId?: string }).inboxId;
    if (!inboxId)
      throw conflict(ChannelSyncErrorCode.CHANNEL_MESSAGE_NOT_FAILED, 'This message has nothing to apply again.');
    await messageRetried(ctx.db, id);
    await ctx.request.server.jobs.enqueue(
      ctx.db,
      { kind: REAPPLY_JOB, key: `${id}:${Date.now()}`, payload: { messageId: id, inboxId, accountId: account.id } },
      ctx,
    );
  } else {
    const job = await findJobByKey(ctx.db, DELIVER_JOB, id);
    if (job?.status !== 'FAILED')
      throw conflict(ChannelSyncErrorCode.CHANNEL_MESSAGE_NOT_FAILED, 'Its delivery is not failed.');
    await messageRetried(ctx.db, id);
    await requeueFailed(ctx.db, job.id);
    ctx.reply.raw.once('finish', () => ctx.request.server.jobs.nudge());
  }
  const after = await messageById(ctx.db, id);
  await ctx.audit({ action: 'retry', entity: 'channel_message', entityId: id, before, after });
  return after;
}

export async function listStock(db: Db, user: AuthUser, q: ChannelStockQuery) {
  const stockSort = parseSort(q.sort, { sku: 'l.sku', queuedAt: 's.queued_at' }, { column: 'l.sku', direction: 'asc' });
  let accountIds: string[];
  if (q.accountId) {
    const account = await findAccountRow(db, q.accountId);
    requireWork(user, account, 'STOCK');
    accountIds = [account.id];
  } else
    accountIds = (await db.selectFrom('channel_accounts').select(['id', 'type']).execute())
      .filter((a) => mayWork(user, a.type as ChannelAccountType, 'STOCK'))
      .map((a) => a.id);
  if (!accountIds.length) return toPage([], '0', q);
  let base = db
    .selectFrom('channel_listings as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('channel_stock_queue as s', (j) =>
      j.onRef('s.listing_id', '=', 'l.id').onRef('s.account_id', '=', 'l.account_id'),
    )
    .where('l.account_id', 'in', accountIds);
  if (q.state === 'WAITING') base = base.where('s.listing_id', 'is not', null).where('s.last_error', 'is', null);
  if (q.state === 'FAILED') base = base.where('s.last_error', 'is not', null);
  if (q.q) base = base.where((eb) => eb.or([eb('l.sku', 'ilike', `%${q.q}%`), eb('p.name', 'ilike', `%${q.q}%`)]));
  const [rows, count] = await Promise.all([
    base
      .select([
        'l.id',
        'l.sku',
        'p.id as product_id',
        'p.sku as product_sku',
        'p.name as product_name',
        's.quantity',
        's.queued_at',
        's.attempts',
        's.last_error',
        'l.pushed_quantity',
        'l.pushed_at',
      ])
      .orderBy(sql`s.last_error IS NULL`)
      .orderBy(sql`s.queued_at IS NULL`)
      .orderBy(sql.ref(stockSort.column), stockSort.direction)
      .orderBy('l.sku')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const items: ChannelStockRow[] = rows.map((r) => ({
    listingId: r.id,
    sku: r.sku,
    product: { id: r.product_id, sku: r.product_sku, name: r.product_name },
    queuedQuantity: r.quantity ?? null,
    queuedAt: r.queued_at ? new Date(r.queued_at).toISOString() : null,
    attempts: r.attempts ?? 0,
    lastError: r.last_error ?? null,
    pushedQuantity: r.pushed_quantity,
    pushedAt: r.pushed_at ? new Date(r.pushed_at).toISOString() : null,
  }));
  return toPage(items, count.n, q);
}

export { accounts };

export async function listFba(db: Db, user: AuthUser, q: FbaInventoryQuery) {
  const types: ChannelAccountType[] = mayWork(user, 'AMAZON', 'FBA') ? ['AMAZON'] : [];
  if (!types.length)
    throw forbidden('Your permissions do not open the FBA inventory.', {
      required: channelPermissionsFor('AMAZON', 'FBA'),
    });
  let base = db
    .selectFrom('channel_fba_inventory as f')
    .innerJoin('channel_accounts as a', 'a.id', 'f.account_id')
    .leftJoin('channel_listings as l', (j) => j.onRef('l.account_id', '=', 'f.account_id').onRef('l.sku', '=', 'f.sku'))
    .leftJoin('products as p', (j) =>
      j.on(sql<boolean>`p.id = coalesce(l.product_id, (SELECT id FROM products WHERE sku = f.sku))`),
    )
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('stock_levels')
          .select(['product_id', sql<string>`sum(in_transit)`.as('in_transit')])
          .groupBy('product_id')
          .as('t'),
      (j) => j.onRef('t.product_id', '=', 'p.id'),
    );
  if (q.accountId) base = base.where('f.account_id', '=', q.accountId);
  if (q.q)
    base = base.where((eb) =>
      eb.or([
        eb('f.sku', 'ilike', `%${q.q}%`),
        eb('f.asin', 'ilike', `%${q.q}%`),
        eb('f.product_name', 'ilike', `%${q.q}%`),
      ]),
    );
  const fbaSort = parseSort(
    q.sort,
    { sku: 'f.sku', fulfillable: 'f.fulfillable', inbound: 'f.inbound', unfulfillable: 'f.unfulfillable' },
    { column: 'f.sku', direction: 'asc' },
  );
  const [rows, totals] = await Promise.all([
    base
      .select([
        'a.id as account_id',
        'a.name as account_name',
        'a.type as account_type',
        'f.sku',
        'f.asin',
        'f.fnsku',
        'f.product_name',
        'f.fulfillable',
        'f.inbound',
        'f.reserved',
        'f.unfulfillable',
        'f.read_at',
        'p.id as product_id',
        'p.sku as product_sku',
        'p.name as product_full_name',
        sql<string>`coalesce(t.in_transit, 0)`.as('in_transit'),
      ])
      .orderBy(sql.ref(fbaSort.column), fbaSort.direction)
      .orderBy('f.sku')
      .orderBy('a.name')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    base
      .select([
        (eb) => eb.fn.countAll<string>().as('n'),
        sql<string>`coalesce(sum(f.fulfillable), 0)`.as('fulfillable'),
        sql<string>`coalesce(sum(f.inbound), 0)`.as('inbound'),
        sql<string>`coalesce(sum(f.reserved), 0)`.as('reserved'),
        sql<string>`coalesce(sum(f.unfulfillable), 0)`.as('unfulfillable'),
        sql<string>`coalesce(sum(t.in_transit), 0)`.as('in_transit'),
        sql<Date | null>`max(f.read_at)`.as('last_read_at'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const whole = (v: unknown) => new Decimal(String(v ?? 0)).toFixed();
  const items: FbaInventoryRow[] = rows.map((r) => ({
    account: { id: r.account_id, name: r.account_name, type: r.account_type as ChannelAccountType },
    sku: r.sku,
    asin: r.asin,
    fnsku: r.fnsku,
    productName: r.product_name,
    product:
      r.product_id && r.product_sku && r.product_full_name
        ? { id: r.product_id, sku: r.product_sku, name: r.product_full_name }
        : null,
    fulfillable: whole(r.fulfillable),
    inbound: whole(r.inbound),
    reserved: whole(r.reserved),
    unfulfillable: whole(r.unfulfillable),
    inTransit: whole(r.in_transit),
    readAt: new Date(r.read_at).toISOString(),
  }));
  return {
    ...toPage(items, totals.n, q),
    totals: {
      fulfillable: whole(totals.fulfillable),
      inbound: whole(totals.inbound),
      reserved: whole(totals.reserved),
      unfulfillable: whole(totals.unfulfillable),
      inTransit: whole(totals.in_transit),
    },
    lastReadAt: totals.last_read_at ? new Date(totals.last_read_at).toISOString() : null,
  };
}
