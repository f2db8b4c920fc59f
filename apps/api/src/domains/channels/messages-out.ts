import {
  CHANNEL_ACCOUNT_TYPE_INFO,
  type ChannelAccountType,
  type ChannelRefundPayload,
  type ChannelShippedPayload,
  FAILED_PROCESS_TYPE,
  SALES_CHANNEL_ACCOUNT_TYPES,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import { ConnectorError } from '../../platform/connectors/http.ts';
import type { JobContext, JobRunner } from '../../platform/jobs/index.ts';
import type { DeliveredEvent } from '../../platform/outbox.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { getSalesInvoice, salesInvoicePdfBody } from '../sales-invoices/index.ts';
import * as accounts from './account.repository.ts';
import { openAccount, settingsOf } from './account.service.ts';
import { callLog } from './call-log.ts';
import { channelModule } from './connectors/registry.ts';
import type { ChannelOrder } from './connectors/types.ts';
import * as repo from './sync.repository.ts';

/**
 * Messages out: a shipped channel invoice (CHANNEL_ORDER_EVENT: STATUS_SHIPPED, and UPLOAD_INVOICE where the channel
 * takes the seller's VAT invoices) and an approved channel refund
 * (CHANNEL_REFUND_EVENT) each become a message of the account the order came from, written in the outbox handler's
 * transaction (once per event and account), and a `channels.deliver` job sends it: retried with backoff (a
 * provider's Retry-After respected), FAILED_ at once on a refusal or after the last attempt, Retry from the screens.
 */

export const DELIVER_JOB = 'channels.deliver';
export const DELIVER_MAX_ATTEMPTS = 6;

/** The account of a channel invoice: the one it was pulled from, else the one enabled account of its channel. */
async function accountForInvoice(db: Kysely<Database>, invoiceId: string, channel: string) {
  const inv = await db
    .selectFrom('sales_invoices')
    .select('channel_account_id')
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  if (inv?.channel_account_id) return accounts.findAccount(db, inv.channel_account_id);
  if (!(SALES_CHANNEL_ACCOUNT_TYPES as readonly string[]).includes(channel)) return undefined;
  const enabled = await accounts.enabledAccounts(db, [channel]);
  return enabled.length === 1 ? enabled[0] : undefined;
}

export async function queueShipped(tx: Transaction<Database>, runner: JobRunner, event: DeliveredEvent) {
  const p = event.payload as unknown as ChannelShippedPayload;
  const account = await accountForInvoice(tx, p.invoiceId, p.channel);
  if (!account || !p.externalOrderId) return;
  const on = account.enabled && settingsOf(account).operations.includes('SHIPMENTS');
  const id = await repo.insertMessage(tx, {
    accountId: account.id,
    direction: 'OUT',
    operation: 'SHIPMENT',
    processType: 'STATUS_SHIPPED',
    status: on ? 'PENDING' : 'SKIPPED',
    externalOrderId: p.externalOrderId,
    salesInvoiceId: p.invoiceId,
    sourceEventId: event.id,
    payload: p,
    lastError: on ? null : 'Shipment confirmations are switched off for this account.',
  });
  if (id && on) await runner.enqueue(tx, { kind: DELIVER_JOB, key: id, payload: { messageId: id } });
  await queueInvoiceUpload(tx, runner, event, account);
}

/**
 * UPLOAD_INVOICE: a channel that takes the seller's VAT invoices (Amazon's VAT Calculation Service off) gets the
 * shipped invoice's PDF, as a message of its own beside the shipment's.
 */
async function queueInvoiceUpload(
  tx: Transaction<Database>,
  runner: JobRunner,
  event: DeliveredEvent,
  account: accounts.AccountRow,
) {
  const p = event.payload as unknown as ChannelShippedPayload;
  const type = account.type as ChannelAccountType;
  if (!CHANNEL_ACCOUNT_TYPE_INFO[type].operations.includes('INVOICES')) return;
  const on = account.enabled && settingsOf(account).operations.includes('INVOICES');
  const id = await repo.insertMessage(tx, {
    accountId: account.id,
    direction: 'OUT',
    operation: 'INVOICE',
    processType: 'UPLOAD_INVOICE',
    status: on ? 'PENDING' : 'SKIPPED',
    externalOrderId: p.externalOrderId,
    salesInvoiceId: p.invoiceId,
    sourceEventId: event.id,
    payload: { invoiceId: p.invoiceId, invoiceNumber: p.invoiceNumber, externalOrderId: p.externalOrderId },
    lastError: on ? null : 'Invoice uploads are switched off for this account.',
  });
  if (id && on) await runner.enqueue(tx, { kind: DELIVER_JOB, key: id, payload: { messageId: id } });
}

export async function queueRefund(tx: Transaction<Database>, runner: JobRunner, event: DeliveredEvent) {
  const p = event.payload as unknown as ChannelRefundPayload;
  const account = await accountForInvoice(tx, p.invoiceId, p.channel);
  if (!account || !p.externalOrderId) return;
  const on = account.enabled && settingsOf(account).operations.includes('REFUNDS');
  const id = await repo.insertMessage(tx, {
    accountId: account.id,
    direction: 'OUT',
    operation: 'REFUND',
    processType: null,
    status: on ? 'PENDING' : 'SKIPPED',
    externalOrderId: p.externalOrderId,
    salesInvoiceId: p.invoiceId,
    creditNoteId: p.creditNoteId,
    sourceEventId: event.id,
    payload: p,
    lastError: on ? null : 'Refunds are switched off for this account.',
  });
  if (id && on) await runner.enqueue(tx, { kind: DELIVER_JOB, key: id, payload: { messageId: id } });
}

/** The order's lines as the channel sent them (its latest applied version), for line ids. */
async function orderLines(db: Kysely<Database>, accountId: string, externalOrderId: string) {
  const row = await db
    .selectFrom('channel_inbox')
    .select('payload')
    .where('account_id', '=', accountId)
    .where('kind', '=', 'ORDER')
    .where('external_id', '=', externalOrderId)
    .orderBy('external_updated_at', 'desc')
    .executeTakeFirst();
  return row ? (row.payload as ChannelOrder).lines : [];
}

/** The lines shipped: the order's lines whose SKUs are the shipped invoice's products, at most its quantities. */
async function shippedLines(db: Kysely<Database>, accountId: string, p: ChannelShippedPayload) {
  const lines = await orderLines(db, accountId, p.externalOrderId as string);
  if (!lines.length) return [];
  const products = await repo.productsForSkus(db, accountId, [...new Set(lines.map((l) => l.sku))]);
  const invoiced = new Map<string, number>();
  for (const l of await db
    .selectFrom('sales_invoice_lines')
    .select(['product_id', 'quantity'])
    .where('invoice_id', '=', p.invoiceId)
    .execute())
    invoiced.set(l.product_id, (invoiced.get(l.product_id) ?? 0) + new Decimal(l.quantity).floor().toNumber());
  const out: { externalLineId: string; quantity: number }[] = [];
  for (const l of lines) {
    const product = products.get(l.sku);
    const left = product ? (invoiced.get(product) ?? 0) : 0;
    const quantity = Math.min(left, l.quantity);
    if (quantity <= 0 || !product) continue;
    invoiced.set(product, left - quantity);
    out.push({ externalLineId: l.externalLineId, quantity });
  }
  return out;
}

async function send(
  db: Kysely<Database>,
  account: accounts.AccountRow,
  box: SecretBox,
  message: repo.MessageRow,
  sink: ReturnType<typeof callLog>['sink'],
  signal: AbortSignal,
) {
  const module = channelModule(account.type as ChannelAccountType);
  if (!module)
    throw new ConnectorError(`No connector for ${account.type} is installed in this server.`, { retryable: false });
  const connector = module.create({ account: openAccount(box, account), sink, signal });
  if (message.operation === 'SHIPMENT') {
    const p = message.payload as ChannelShippedPayload;
    const ours = p.carrier.code;
    const mapped = settingsOf(account).carrierCodes.find((m) => m.carrierCode.toLowerCase() === ours.toLowerCase());
    const trackingNumber = p.trackingNumbers[0];
    if (!trackingNumber)
      throw new ConnectorError('The shipment has no tracking number to confirm with.', { retryable: false });
    await connector.confirmShipment({
      externalOrderId: p.externalOrderId as string,
      lines: await shippedLines(db, account.id, p),
      carrierCode: mapped?.channelCode ?? ours,
      carrierName: p.carrier.name,
      serviceName: p.service.name,
      trackingNumber,
      shippedAt: new Date(p.shippedAt),
    });
    return { summary: `${p.trackingNumbers.join(', ')} via ${p.carrier.name} ${p.service.name}` };
  }
  if (message.operation === 'REFUND') {
    const p = message.payload as ChannelRefundPayload;
    if (!connector.refund)
      throw new ConnectorError(`${account.type} refunds are not sent by this product.`, { retryable: false });
    const r = await connector.refund({
      externalOrderId: p.externalOrderId as string,
      reference: p.creditNoteNumber,
      amount: p.amount,
      currency: p.currency,
      reason: p.reason,
      lines: p.lines.map((l) => ({
        externalLineId: null,
        sku: l.sku,
        quantity: l.quantity,
        grossAmount: l.grossAmount,
      })),
    });
    return { summary: `${p.currency} ${p.amount} refund`, externalRefundId: r.externalRefundId };
  }
  if (message.operation === 'INVOICE') {
    const p = message.payload as { invoiceId: string; externalOrderId: string };
    if (!connector.uploadInvoice)
      throw new ConnectorError(`${account.type} takes no invoices from this product.`, { retryable: false });
    const invoice = await getSalesInvoice(db, p.invoiceId);
    const pdf = await salesInvoicePdfBody({ db }, invoice, 'en');
    await connector.uploadInvoice({
      externalOrderId: p.externalOrderId,
      invoiceNumber: invoice.number,
      pdf,
      totalAmount: invoice.grossTotal,
      vatAmount: invoice.vatTotal,
    });
    return { summary: `invoice ${invoice.number} (${invoice.currency} ${invoice.grossTotal}) uploaded` };
  }
  throw new ConnectorError(`A ${message.operation} message is not sent.`, { retryable: false });
}

/** The delivery job: one attempt at sending one message; its calls logged whatever the outcome. */
export function deliverJob(box: SecretBox) {
  return async (job: JobContext) => {
    const id = job.job.payload.messageId as string;
    const message = await repo.findMessage(job.db, id);
    if (message?.status !== 'PENDING') return;
    const account = await accounts.findAccount(job.db, message.account_id);
    if (!account) return;
    const log = callLog(account.id);
    try {
      const result = await send(job.db, account, box, message, log.sink, job.signal);
      await job.db.transaction().execute(async (tx) => {
        await repo.finishMessage(tx, id, { status: 'DONE', result });
        await log.flush(tx, null, job.job.requestId);
      });
    } catch (e) {
      await job.db.transaction().execute(async (tx) => {
        await tx
          .updateTable('channel_messages')
          .set((eb) => ({
            attempts: eb('attempts', '+', 1),
            last_error: e instanceof Error ? e.message.slice(0, 1000) : String(e),
          }))
          .where('id', '=', id)
          .execute();
        await log.flush(tx, null, job.job.requestId);
      });
      // Account problems (credentials missing or unreadable) are refusals: no later attempt can succeed by itself.
      if (
        e instanceof Error &&
        'status' in e &&
        !(e instanceof ConnectorError) &&
        (e as { status: number }).status < 500
      )
        throw Object.assign(e, { permanent: true });
      throw e;
    }
  };
}

/** The message failed for good: FAILED, in the failed variant of its process type. */
export async function messageFailed(db: Kysely<Database>, messageId: string, error: string) {
  const m = await repo.findMessage(db, messageId);
  if (!m) return;
  await db
    .updateTable('channel_messages')
    .set({
      status: 'FAILED',
      process_type: m.process_type ? (FAILED_PROCESS_TYPE[m.process_type] ?? m.process_type) : null,
      last_error: error,
      finished_at: new Date(),
      updated_at: new Date(),
    })
    .where('id', '=', messageId)
    .execute();
}

/** Back to PENDING in its own process type, for the job to send again. */
export async function messageRetried(db: Kysely<Database>, messageId: string) {
  const m = await repo.findMessage(db, messageId);
  if (!m) return;
  const original = Object.entries(FAILED_PROCESS_TYPE).find(([, f]) => f === m.process_type)?.[0] ?? m.process_type;
  await db
    .updateTable('channel_messages')
    .set({ status: 'PENDING', process_type: original, finished_at: null, updated_at: new Date() })
    .where('id', '=', messageId)
    .execute();
}

export type { Db };
