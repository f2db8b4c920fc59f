import {
  type ChannelAccountType,
  CustomerInput,
  type SalesChannel,
  SalesInvoiceCreateInput,
} from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import { ZodError } from 'zod';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { matchOrCreateCustomers } from '../partners/index.ts';
import { cancelSalesInvoice, createSalesInvoice } from '../sales-invoices/index.ts';
import type { AccountRow } from './account.repository.ts';
import { settingsOf } from './account.service.ts';
import { channelCtx } from './channel-user.ts';
import type { ChannelOrder } from './connectors/types.ts';
import * as repo from './sync.repository.ts';

/**
 * Orders in: each pulled version of an order (the inbox) is applied once, oldest first. A new order becomes a sales
 * invoice of its channel, booked at once (kept pending where stock is short), never twice (the invoices' unique
 * channel order id); a cancelled order cancels an invoice not yet picked; anything else is noted and left. Every
 * outcome is a message in the specification's process types (CREATE_ORDER, CANCEL_ORDER, their FAILED_ variants).
 */

/** Applies a failed order's inbox row again (Retry on the screens). */
export const REAPPLY_JOB = 'channels.reapply';

/** The sales channel of an account type. */
export function salesChannelOf(type: ChannelAccountType): SalesChannel {
  return type as SalesChannel;
}

/** Words for a refusal: an AppError's message, a validation's issues, else the error's text. */
export function reasonOf(e: unknown): string {
  if (e instanceof ZodError)
    return e.issues
      .map((i) => `${i.path.join('.') || 'order'}: ${i.message}`)
      .join('; ')
      .slice(0, 1000);
  if (e instanceof Error) return e.message.slice(0, 1000);
  return String(e).slice(0, 1000);
}

/** A refusal of the order itself (bad data, unknown SKU), as opposed to a failure of this server or the database. */
export function isRefusal(e: unknown) {
  return e instanceof ZodError || (e instanceof AppError && e.status < 500);
}

class OrderRefused extends Error {
  constructor(
    message: string,
    /** Order lines whose SKUs nothing maps (kept for Api Config's "sold but not mapped"). */
    readonly unmapped: { sku: string; title: string | null }[] = [],
  ) {
    super(message);
  }
}

async function warehouseOf(db: Kysely<Database>, account: AccountRow): Promise<string> {
  const chosen = settingsOf(account).warehouseIds[0];
  if (chosen) return chosen;
  const active = await db.selectFrom('warehouses').select('id').where('active', '=', true).limit(2).execute();
  if (active.length === 1 && active[0]) return active[0].id;
  throw new OrderRefused(
    `Choose the warehouse that ships ${account.name}'s orders in Api Config (there are ${active.length ? 'several' : 'no'} active warehouses).`,
  );
}

async function createInvoice(db: Kysely<Database>, account: AccountRow, order: ChannelOrder) {
  const channel = salesChannelOf(account.type as ChannelAccountType);
  const skus = [...new Set(order.lines.map((l) => l.sku))];
  const products = await repo.productsForSkus(db, account.id, skus);
  const unmapped = order.lines.filter((l) => !products.has(l.sku));
  if (unmapped.length) {
    throw new OrderRefused(
      `No product is listed under ${unmapped.map((l) => l.sku).join(', ')} for ${account.name}: map ${unmapped.length > 1 ? 'them' : 'it'} in Api Config → Listings, then retry.`,
      unmapped.map((l) => ({ sku: l.sku, title: l.title })),
    );
  }
  const ctx = await channelCtx(db, account, null);
  const address = {
    name: order.shipTo.name || order.buyer.name,
    line1: order.shipTo.line1,
    line2: [order.shipTo.line2, order.shipTo.line3].filter(Boolean).join(', ') || null,
    city: order.shipTo.city,
    county: order.shipTo.county,
    postcode: order.shipTo.postcode,
    country: order.shipTo.countryCode,
  };
  const input = SalesInvoiceCreateInput.parse({
    channel,
    externalOrderId: order.externalOrderId,
    customerId: '00000000-0000-4000-8000-000000000000',
    deliveryAddress: address,
    billingAddress: null,
    email: order.buyer.email,
    warehouseId: await warehouseOf(db, account),
    currency: order.currency,
    invoiceDate: null,
    pricesIncludeVat: order.pricesIncludeVat,
    shippingCharge: order.shippingCharge,
    note: order.shippingLevel ? `${account.name}: ${order.shippingLevel}` : '',
    lines: order.lines.map((l) => ({
      productId: products.get(l.sku),
      quantity: l.quantity.toString(),
      unitPrice: l.unitPrice,
    })),
    book: true,
    onShortage: 'KEEP_PENDING',
  });
  const [customerId] = await matchOrCreateCustomers(ctx, [
    {
      email: input.email,
      values: () =>
        CustomerInput.parse({
          name: order.buyer.name || order.shipTo.name,
          email: input.email,
          phone: order.buyer.phone ?? order.shipTo.phone,
          addresses: [{ kind: 'shipping', ...address, isDefault: true }],
        }),
    },
  ]);
  const invoice = await createSalesInvoice(ctx, { ...input, customerId: customerId as string });
  await repo.setInvoiceAccount(db, invoice.id, account.id);
  await repo.forgetUnmapped(db, account.id, skus);
  return invoice;
}

type Outcome =
  | { status: 'APPLIED'; processType: string; invoiceId: string; summary: string }
  | { status: 'IGNORED'; note: string };

async function applyOrder(db: Kysely<Database>, account: AccountRow, order: ChannelOrder): Promise<Outcome> {
  const channel = salesChannelOf(account.type as ChannelAccountType);
  const existing = await repo.invoiceOfOrder(db, channel, order.externalOrderId);
  if (order.status === 'CANCELLED') {
    if (!existing) return { status: 'IGNORED', note: 'cancelled before it was invoiced' };
    if (existing.status === 'CANCELED')
      return { status: 'IGNORED', note: `invoice ${existing.number} is cancelled already` };
    if (existing.status !== 'PENDING' && existing.status !== 'BOOKED')
      throw new OrderRefused(
        `The buyer cancelled the order, but invoice ${existing.number} is ${existing.status.toLowerCase()} (picked or shipped): stop it by hand.`,
      );
    const ctx = await channelCtx(db, account, null);
    await cancelSalesInvoice(ctx, existing.id, { reason: `Cancelled on ${account.name}` });
    return {
      status: 'APPLIED',
      processType: 'CANCEL_ORDER',
      invoiceId: existing.id,
      summary: `invoice ${existing.number} cancelled`,
    };
  }
  if (existing) return { status: 'IGNORED', note: `already invoice ${existing.number}` };
  if (order.status === 'PENDING')
    return { status: 'IGNORED', note: 'not paid yet: taken when the channel releases it' };
  if (order.status === 'SHIPPED') return { status: 'IGNORED', note: 'shipped by the channel: nothing to pick' };
  const invoice = await createInvoice(db, account, order);
  return {
    status: 'APPLIED',
    processType: 'CREATE_ORDER',
    invoiceId: invoice.id,
    summary: `invoice ${invoice.number}`,
  };
}

/**
 * Applies one inbox row in a transaction of its own; a refusal is recorded (inbox FAILED, a FAILED_ message) in
 * another, so one bad order never stops the others. Answers whether it was applied.
 */
export async function applyInboxOrder(
  pool: Db,
  account: AccountRow,
  inboxId: string,
  retryOf: string | null = null,
): Promise<boolean> {
  let order: ChannelOrder | null = null;
  try {
    return await pool.transaction().execute(async (tx) => {
      const row = await repo.findInbox(tx, inboxId, true);
      if (!row || (row.status !== 'NEW' && row.status !== 'FAILED')) return false;
      order = row.payload as ChannelOrder;
      const outcome = await applyOrder(tx, account, order);
      await repo.settleInbox(tx, inboxId, outcome.status, outcome.status === 'IGNORED' ? outcome.note : null);
      if (outcome.status === 'APPLIED')
        await recordIn(tx, retryOf, {
          accountId: account.id,
          direction: 'IN',
          operation: outcome.processType === 'CANCEL_ORDER' ? 'CANCEL' : 'ORDER',
          processType: outcome.processType,
          status: 'DONE',
          externalOrderId: order.externalOrderId,
          salesInvoiceId: outcome.invoiceId,
          payload: { inboxId, updatedAt: order.updatedAt, status: order.status },
          result: { summary: outcome.summary },
        });
      return outcome.status === 'APPLIED';
    });
  } catch (e) {
    if (!(e instanceof OrderRefused) && !isRefusal(e)) throw e;
    const failed = order as ChannelOrder | null;
    await pool.transaction().execute(async (tx) => {
      await repo.settleInbox(tx, inboxId, 'FAILED', reasonOf(e));
      if (e instanceof OrderRefused && e.unmapped.length) await repo.noteUnmapped(tx, account.id, e.unmapped);
      await recordIn(tx, retryOf, {
        accountId: account.id,
        direction: 'IN',
        operation: failed?.status === 'CANCELLED' ? 'CANCEL' : 'ORDER',
        processType: failed?.status === 'CANCELLED' ? 'FAILED_CANCEL_ORDER' : 'FAILED_CREATE_ORDER',
        status: 'FAILED',
        externalOrderId: failed?.externalOrderId ?? null,
        payload: { inboxId, updatedAt: failed?.updatedAt ?? null, status: failed?.status ?? null },
        lastError: reasonOf(e),
      });
    });
    return false;
  }
}

/** An incoming message: a new one, or the failed one being retried, brought up to date. */
export async function recordIn(db: Kysely<Database>, retryOf: string | null, m: repo.NewMessage) {
  if (!retryOf) return repo.insertMessage(db, m);
  await db
    .updateTable('channel_messages')
    .set({
      status: m.status,
      process_type: m.processType,
      operation: m.operation,
      sales_invoice_id: m.salesInvoiceId ?? null,
      return_ticket_id: m.returnTicketId ?? null,
      result: m.result === undefined ? null : JSON.stringify(m.result),
      last_error: m.lastError ?? null,
      attempts: sql`attempts + 1`,
      updated_at: sql`now()`,
      finished_at: sql`now()`,
    })
    .where('id', '=', retryOf)
    .execute();
  return retryOf;
}

/** Applies the account's new inbox orders, oldest change first; answers how many were applied. */
export async function applyNewOrders(pool: Db, account: AccountRow, progress?: (done: number) => void) {
  let applied = 0;
  let seen = 0;
  for (;;) {
    const rows = await repo.newInbox(pool, account.id, 'ORDER', 200);
    if (!rows.length) return applied;
    for (const r of rows) {
      if (await applyInboxOrder(pool, account, r.id)) applied += 1;
      seen += 1;
      progress?.(seen);
    }
  }
}
