import { type Kysely, type Selectable, sql } from 'kysely';
import type { ChannelMessagesTable, Database } from '../../db/schema.ts';

export type MessageRow = Selectable<ChannelMessagesTable>;

/** SQL of the channels' runs: cursors, the inbox, messages, the stock queue. */

type Db = Kysely<Database>;

export function cursorOf(db: Db, accountId: string, stream: string) {
  return db
    .selectFrom('channel_cursors')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('stream', '=', stream)
    .executeTakeFirst();
}

/** A run ended: where it got to (when it got on), its error in words, and when the next is due. */
export async function saveCursor(
  db: Db,
  accountId: string,
  stream: string,
  r: { cursorAt?: Date | null; ok: boolean; error: string | null; nextRunAt: Date },
) {
  await db
    .insertInto('channel_cursors')
    .values({
      account_id: accountId,
      stream,
      cursor_at: r.cursorAt ?? null,
      last_run_at: sql`now()`,
      last_ok_at: r.ok ? sql`now()` : null,
      last_error: r.error,
      next_run_at: r.nextRunAt,
    })
    .onConflict((oc) =>
      oc.columns(['account_id', 'stream']).doUpdateSet({
        cursor_at: r.cursorAt === undefined ? sql`channel_cursors.cursor_at` : (r.cursorAt ?? null),
        last_run_at: sql`now()`,
        last_ok_at: r.ok ? sql`now()` : sql`channel_cursors.last_ok_at`,
        last_error: r.error,
        next_run_at: r.nextRunAt,
      }),
    )
    .execute();
}

/** Keeps each version of each pulled record once (account, kind, external id, update time). */
export async function insertInbox(
  db: Db,
  accountId: string,
  kind: 'ORDER' | 'RETURN',
  items: readonly { externalId: string; updatedAt: string; payload: unknown }[],
) {
  if (!items.length) return 0;
  const r = await db
    .insertInto('channel_inbox')
    .values(
      items.map((i) => ({
        account_id: accountId,
        kind,
        external_id: i.externalId,
        external_updated_at: i.updatedAt,
        payload: JSON.stringify(i.payload),
      })),
    )
    .onConflict((oc) => oc.columns(['account_id', 'kind', 'external_id', 'external_updated_at']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Returns as versions: a channel that dates a return by its opening (eBay's search) gives every state of it the same
 * time, so a return whose status differs from its last version kept is a newer version (a millisecond after it), and
 * one whose status has not changed is no new version at all.
 */
export async function returnVersions<T extends { externalId: string; updatedAt: string; payload: unknown }>(
  db: Db,
  accountId: string,
  items: readonly T[],
): Promise<T[]> {
  if (!items.length) return [];
  const last = new Map(
    (
      await db
        .selectFrom('channel_inbox')
        .distinctOn('external_id')
        .select(['external_id', 'external_updated_at', sql<string>`payload->>'status'`.as('status')])
        .where('account_id', '=', accountId)
        .where('kind', '=', 'RETURN')
        .where(
          'external_id',
          'in',
          items.map((i) => i.externalId),
        )
        .orderBy('external_id')
        .orderBy('external_updated_at', 'desc')
        .execute()
    ).map((r) => [r.external_id, r]),
  );
  const out: T[] = [];
  for (const item of items) {
    const before = last.get(item.externalId);
    const status = (item.payload as { status?: string }).status;
    if (!before) {
      out.push(item);
      continue;
    }
    if (before.status === status) continue;
    const at = Math.max(Date.parse(item.updatedAt), before.external_updated_at.getTime() + 1);
    out.push({ ...item, updatedAt: new Date(at).toISOString() });
  }
  return out;
}

export function newInbox(db: Db, accountId: string, kind: 'ORDER' | 'RETURN', limit: number) {
  return db
    .selectFrom('channel_inbox')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('status', '=', 'NEW')
    .orderBy('external_updated_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function findInbox(db: Db, id: string, forUpdate = false) {
  const q = db.selectFrom('channel_inbox').selectAll().where('id', '=', id);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
}

export async function settleInbox(db: Db, id: string, status: 'APPLIED' | 'IGNORED' | 'FAILED', error: string | null) {
  await db.updateTable('channel_inbox').set({ status, error, applied_at: sql`now()` }).where('id', '=', id).execute();
}

export interface NewMessage {
  accountId: string;
  direction: 'IN' | 'OUT';
  operation: string;
  processType: string | null;
  status: 'PENDING' | 'DONE' | 'FAILED' | 'SKIPPED';
  externalOrderId: string | null;
  salesInvoiceId?: string | null;
  creditNoteId?: string | null;
  returnTicketId?: string | null;
  sourceEventId?: string | null;
  payload: unknown;
  result?: unknown;
  lastError?: string | null;
}

/** A message; with a source event, at most one per event and account (a redelivered event makes none). */
export async function insertMessage(db: Db, m: NewMessage): Promise<string | null> {
  const done = m.status !== 'PENDING';
  const r = await db
    .insertInto('channel_messages')
    .values({
      account_id: m.accountId,
      direction: m.direction,
      operation: m.operation,
      process_type: m.processType,
      status: m.status,
      external_order_id: m.externalOrderId,
      sales_invoice_id: m.salesInvoiceId ?? null,
      credit_note_id: m.creditNoteId ?? null,
      return_ticket_id: m.returnTicketId ?? null,
      source_event_id: m.sourceEventId ?? null,
      payload: JSON.stringify(m.payload),
      result: m.result === undefined ? null : JSON.stringify(m.result),
      attempts: m.direction === 'IN' ? 1 : 0,
      last_error: m.lastError ?? null,
      finished_at: done ? sql`now()` : null,
    })
    .onConflict((oc) =>
      oc.columns(['source_event_id', 'account_id', 'operation']).where('source_event_id', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return r?.id ?? null;
}

export function findMessage(db: Db, id: string, forUpdate = false) {
  const q = db.selectFrom('channel_messages').selectAll().where('id', '=', id);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
}

export async function finishMessage(
  db: Db,
  id: string,
  r: {
    status: 'DONE' | 'FAILED' | 'SKIPPED' | 'PENDING';
    processType?: string | null;
    result?: unknown;
    error?: string | null;
  },
) {
  await db
    .updateTable('channel_messages')
    .set({
      status: r.status,
      ...(r.processType !== undefined ? { process_type: r.processType } : {}),
      ...(r.result !== undefined ? { result: JSON.stringify(r.result) } : {}),
      last_error: r.error ?? null,
      attempts: sql`attempts + 1`,
      updated_at: sql`now()`,
      finished_at: r.status === 'PENDING' ? null : sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** A product by a channel SKU: the account's listing first, else a product with that SKU. */
export async function productsForSkus(db: Db, accountId: string, skus: readonly string[]) {
  const out = new Map<string, string>();
  if (!skus.length) return out;
  const listed = await db
    .selectFrom('channel_listings')
    .select(['sku', 'product_id'])
    .where('account_id', '=', accountId)
    .where('sku', 'in', [...skus])
    .execute();
  for (const l of listed) out.set(l.sku, l.product_id);
  const rest = skus.filter((s) => !out.has(s));
  if (rest.length) {
    const products = await db.selectFrom('products').select(['id', 'sku']).where('sku', 'in', rest).execute();
    for (const p of products) out.set(p.sku, p.id);
  }
  return out;
}

export async function noteUnmapped(db: Db, accountId: string, lines: readonly { sku: string; title: string | null }[]) {
  for (const l of lines)
    await db
      .insertInto('channel_unmapped_skus')
      .values({ account_id: accountId, sku: l.sku, title: l.title })
      .onConflict((oc) =>
        oc.columns(['account_id', 'sku']).doUpdateSet({
          orders: sql`channel_unmapped_skus.orders + 1`,
          last_seen_at: sql`now()`,
          title: sql`coalesce(excluded.title, channel_unmapped_skus.title)`,
        }),
      )
      .execute();
}

export async function forgetUnmapped(db: Db, accountId: string, skus: readonly string[]) {
  if (skus.length)
    await db
      .deleteFrom('channel_unmapped_skus')
      .where('account_id', '=', accountId)
      .where('sku', 'in', [...skus])
      .execute();
}

export function invoiceOfOrder(db: Db, channel: string, externalOrderId: string) {
  return db
    .selectFrom('sales_invoices')
    .select(['id', 'number', 'status', 'channel_account_id'])
    .where('channel', '=', channel)
    .where('external_order_id', '=', externalOrderId)
    .executeTakeFirst();
}

export async function setInvoiceAccount(db: Db, invoiceId: string, accountId: string) {
  await db.updateTable('sales_invoices').set({ channel_account_id: accountId }).where('id', '=', invoiceId).execute();
}
