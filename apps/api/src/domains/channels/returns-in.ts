import { type ChannelAccountType, type ReturnReason, ReturnTicketInput } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import { cancelReturnTicket, closeReturnTicket, createReturnTicket } from '../return-tickets/index.ts';
import type { AccountRow } from './account.repository.ts';
import { channelCtx } from './channel-user.ts';
import type { ChannelReturn } from './connectors/types.ts';
import { isRefusal, reasonOf, recordIn, salesChannelOf } from './orders-in.ts';
import * as repo from './sync.repository.ts';

/**
 * Returns in: each pulled version of a channel's return (the inbox, kind RETURN) is applied once, oldest first, in
 * the specification's process types:
 * - CREATE_RETURN_ORDER: a return the buyer opened becomes a return ticket of the invoice its order became (that
 *   invoice must be shipped), one line per returned SKU, reason from the channel's words, condition resaleable until
 *   the warehouse inspects it; never twice (channel_returns keys the ticket by account and return id).
 * - CANCEL_RETURN_ORDER: the buyer withdrew it: an OPEN ticket is cancelled; a received one is left and said.
 * - COMPLETE_RETURN_ORDER: the channel closed it (refunded): an INSPECTED ticket is closed; one not yet received or
 *   inspected stays for the warehouse, and the message says so. A completed return never seen before is raised first.
 * A return that cannot be applied (no invoice, not shipped, more than was shipped) is a FAILED message with its
 * reason, Retry on the screens; the others go on.
 */

class ReturnRefused extends Error {}

/** The ticket line's reason from the channel's own words (eBay's and Shopify's reason codes and notes). */
export function reasonFromChannel(words: string | null): ReturnReason {
  const w = (words ?? '').toLowerCase();
  if (/damag|broken|crack/.test(w) && /transit|arriv|deliver|ship/.test(w)) return 'DAMAGED_IN_TRANSIT';
  if (/defect|faulty|not[ _]?work|doesn.?t work|broken|stopped/.test(w)) return 'DEFECTIVE';
  if (/wrong|not[ _]as[ _]described|different|missing|incorrect|not_as_described|size|colou?r/.test(w))
    return 'WRONG_ITEM';
  if (/damag/.test(w)) return 'DAMAGED_IN_TRANSIT';
  if (/mind|no[ _]longer|unwanted|remorse|mistake|better[ _]price|not[ _]needed|ordered[ _]by/.test(w))
    return 'CHANGED_MIND';
  return 'OTHER';
}

function linkOf(db: Kysely<Database>, accountId: string, externalReturnId: string) {
  return db
    .selectFrom('channel_returns as r')
    .innerJoin('return_tickets as t', 't.id', 'r.return_ticket_id')
    .select(['r.return_ticket_id as ticketId', 'r.status', 't.number', 't.status as ticketStatus'])
    .where('r.account_id', '=', accountId)
    .where('r.external_return_id', '=', externalReturnId)
    .forUpdate()
    .executeTakeFirst();
}

async function setLink(db: Kysely<Database>, account: AccountRow, ret: ChannelReturn, ticketId: string) {
  await db
    .insertInto('channel_returns')
    .values({
      account_id: account.id,
      external_return_id: ret.externalReturnId,
      external_order_id: ret.externalOrderId,
      return_ticket_id: ticketId,
      status: ret.status,
    })
    .onConflict((oc) =>
      oc.columns(['account_id', 'external_return_id']).doUpdateSet({ status: ret.status, updated_at: sql`now()` }),
    )
    .execute();
}

async function raiseTicket(db: Kysely<Database>, account: AccountRow, ret: ChannelReturn) {
  const channel = salesChannelOf(account.type as ChannelAccountType);
  const invoice = await repo.invoiceOfOrder(db, channel, ret.externalOrderId);
  if (!invoice)
    throw new ReturnRefused(
      `No invoice was made from ${account.name} order ${ret.externalOrderId}: a return needs the shipped invoice of its order.`,
    );
  const skus = [...new Set(ret.lines.map((l) => l.sku).filter(Boolean))];
  const products = await repo.productsForSkus(db, account.id, skus);
  const unknown = ret.lines.filter((l) => !products.has(l.sku));
  if (!ret.lines.length || unknown.length)
    throw new ReturnRefused(
      ret.lines.length
        ? `No product is listed under ${unknown.map((l) => l.sku || '(no SKU)').join(', ')} for ${account.name}: map it in Api Config → Listings, then retry.`
        : `${account.name} return ${ret.externalReturnId} names no item.`,
    );
  // One line per product: a channel may list the same SKU twice (two order lines of one product).
  const quantities = new Map<string, number>();
  for (const l of ret.lines) {
    const product = products.get(l.sku) as string;
    quantities.set(product, (quantities.get(product) ?? 0) + l.quantity);
  }
  const reason = reasonFromChannel(ret.reason);
  const input = ReturnTicketInput.parse({
    invoiceId: invoice.id,
    returnDate: null,
    note: `${account.name} return ${ret.externalReturnId}${ret.reason ? `: ${ret.reason}` : ''}`.slice(0, 1000),
    lines: [...quantities].map(([productId, quantity]) => ({
      productId,
      quantity: String(quantity),
      reason,
      condition: 'RESALEABLE',
      note: 'Condition to be checked when it arrives.',
    })),
  });
  const ctx = await channelCtx(db, account, null);
  const ticket = await createReturnTicket(ctx, input);
  await setLink(db, account, ret, ticket.id);
  return { ticketId: ticket.id, number: ticket.number, invoiceId: invoice.id };
}

type Outcome =
  | { status: 'APPLIED'; processType: string; ticketId: string; invoiceId: string | null; summary: string }
  | { status: 'IGNORED'; note: string };

const processTypeOf = (s: ChannelReturn['status']) =>
  s === 'CANCELLED' ? 'CANCEL_RETURN_ORDER' : s === 'COMPLETED' ? 'COMPLETE_RETURN_ORDER' : 'CREATE_RETURN_ORDER';

async function applyReturn(db: Kysely<Database>, account: AccountRow, ret: ChannelReturn): Promise<Outcome[]> {
  const link = await linkOf(db, account.id, ret.externalReturnId);
  if (ret.status === 'CANCELLED') {
    if (!link) return [{ status: 'IGNORED', note: 'withdrawn before a ticket was raised' }];
    await setLink(db, account, ret, link.ticketId);
    if (link.ticketStatus === 'CANCELED')
      return [{ status: 'IGNORED', note: `ticket ${link.number} is cancelled already` }];
    if (link.ticketStatus !== 'OPEN')
      throw new ReturnRefused(
        `The buyer withdrew the return, but ticket ${link.number} is ${link.ticketStatus.toLowerCase()} (the goods came back): settle it by hand.`,
      );
    const ctx = await channelCtx(db, account, null);
    await cancelReturnTicket(ctx, link.ticketId, { reason: `Withdrawn on ${account.name}` });
    return [
      {
        status: 'APPLIED',
        processType: 'CANCEL_RETURN_ORDER',
        ticketId: link.ticketId,
        invoiceId: null,
        summary: `ticket ${link.number} cancelled`,
      },
    ];
  }
  const out: Outcome[] = [];
  let ticket = link ? { ticketId: link.ticketId, number: link.number, status: link.ticketStatus } : null;
  if (!ticket) {
    const raised = await raiseTicket(db, account, ret);
    ticket = { ...raised, status: 'OPEN' };
    out.push({
      status: 'APPLIED',
      processType: 'CREATE_RETURN_ORDER',
      ticketId: raised.ticketId,
      invoiceId: raised.invoiceId,
      summary: `ticket ${raised.number}`,
    });
  } else if (ret.status === 'REQUESTED') {
    return [{ status: 'IGNORED', note: `already ticket ${ticket.number}` }];
  }
  if (ret.status !== 'COMPLETED') return out;
  if (link?.status === 'COMPLETED') return [{ status: 'IGNORED', note: `ticket ${ticket.number} completed already` }];
  await setLink(db, account, ret, ticket.ticketId);
  let summary: string;
  if (ticket.status === 'INSPECTED') {
    const ctx = await channelCtx(db, account, null);
    await closeReturnTicket(ctx, ticket.ticketId);
    summary = `ticket ${ticket.number} closed`;
  } else if (ticket.status === 'CLOSED' || ticket.status === 'CANCELED') {
    summary = `ticket ${ticket.number} is ${ticket.status.toLowerCase()} already`;
  } else {
    summary = `completed on ${account.name}; ticket ${ticket.number} stays ${ticket.status.toLowerCase()} until the warehouse ${ticket.status === 'OPEN' ? 'receives' : 'inspects'} it`;
  }
  out.push({
    status: 'APPLIED',
    processType: 'COMPLETE_RETURN_ORDER',
    ticketId: ticket.ticketId,
    invoiceId: null,
    summary,
  });
  return out;
}

/**
 * Applies one inbox return in a transaction of its own; a refusal is recorded (inbox FAILED, a FAILED message of its
 * process type) in another, so one bad return never stops the others. Answers whether it was applied.
 */
export async function applyInboxReturn(
  pool: Db,
  account: AccountRow,
  inboxId: string,
  retryOf: string | null = null,
): Promise<boolean> {
  let ret: ChannelReturn | null = null;
  try {
    return await pool.transaction().execute(async (tx) => {
      const row = await repo.findInbox(tx, inboxId, true);
      if (!row || (row.status !== 'NEW' && row.status !== 'FAILED')) return false;
      ret = row.payload as ChannelReturn;
      const outcomes = await applyReturn(tx, account, ret);
      const applied = outcomes.filter((o) => o.status === 'APPLIED');
      const ignored = outcomes.find((o) => o.status === 'IGNORED');
      await repo.settleInbox(tx, inboxId, applied.length ? 'APPLIED' : 'IGNORED', ignored ? ignored.note : null);
      let retried = retryOf;
      for (const o of applied) {
        await recordIn(tx, retried, {
          accountId: account.id,
          direction: 'IN',
          operation: 'RETURN',
          processType: o.processType,
          status: 'DONE',
          externalOrderId: ret.externalOrderId,
          salesInvoiceId: o.invoiceId,
          returnTicketId: o.ticketId,
          payload: { inboxId, returnId: ret.externalReturnId, updatedAt: ret.updatedAt, status: ret.status },
          result: { summary: o.summary },
        });
        retried = null;
      }
      return applied.length > 0;
    });
  } catch (e) {
    if (!(e instanceof ReturnRefused) && !isRefusal(e)) throw e;
    const failed = ret as ChannelReturn | null;
    await pool.transaction().execute(async (tx) => {
      await repo.settleInbox(tx, inboxId, 'FAILED', reasonOf(e));
      await recordIn(tx, retryOf, {
        accountId: account.id,
        direction: 'IN',
        operation: 'RETURN',
        // The specification has no FAILED_ variant of the return process types: the message's status says it failed.
        processType: processTypeOf(failed?.status ?? 'REQUESTED'),
        status: 'FAILED',
        externalOrderId: failed?.externalOrderId ?? null,
        payload: {
          inboxId,
          returnId: failed?.externalReturnId ?? null,
          updatedAt: failed?.updatedAt ?? null,
          status: failed?.status ?? null,
        },
        lastError: reasonOf(e),
      });
    });
    return false;
  }
}

/** Applies the account's new inbox returns, oldest change first; answers how many were applied. */
export async function applyNewReturns(pool: Db, account: AccountRow, progress?: (done: number) => void) {
  let applied = 0;
  let seen = 0;
  for (;;) {
    const rows = await repo.newInbox(pool, account.id, 'RETURN', 200);
    if (!rows.length) return applied;
    for (const r of rows) {
      if (await applyInboxReturn(pool, account, r.id)) applied += 1;
      seen += 1;
      progress?.(seen);
    }
  }
}
