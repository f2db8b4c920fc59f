import {
  CHANNEL_REFUND_EVENT,
  type ChannelRefundPayload,
  CREDIT_NOTE_STATUSES,
  type CreditableInvoice,
  type CreditNote,
  type CreditNoteApproveInput,
  type CreditNoteCancelInput,
  CreditNoteErrorCode,
  type CreditNoteExcessDetails,
  type CreditNoteFilter,
  type CreditNoteInput,
  type CreditNoteLine,
  type CreditNoteLineKind,
  type CreditNoteListQuery,
  type CreditNotePage,
  type CreditNoteQuantityDetails,
  type CreditNoteStatus,
  type CreditNoteSummary,
  creditLineAmounts,
  creditNoteDocument,
  creditNoteTotals,
  creditShippingAmounts,
  goodwillAmounts,
  type PaymentType,
  refundChannelOf,
  type SalesChannel,
  type SalesInvoice,
  type SalesLineAmounts,
  todayInLondon,
  VAT_CODES,
  type VatCode,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import {
  auditDocument,
  found,
  isoOrNull,
  lockForAction,
  moneyText,
  nextDocumentNumber,
  pageOfDocuments,
  quantityText as qty,
  recordStep,
  userRef,
} from '../../platform/documents.ts';
import { type DocumentLineRow, documentsWithLines, sendDocumentsXlsx } from '../../platform/documents-export.ts';
import { lineDetails } from '../../platform/documents-lines.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/outbox.ts';
import type { Ctx } from '../../platform/routes.ts';
import { ui, type XlsxColumn } from '../../platform/xlsx.ts';
import { getSalesInvoice } from '../sales-invoices/index.ts';
import * as repo from './credit-note.repository.ts';

/**
 * Credit notes: the rules of the contract's header (packages/contracts/src/returns/credit-notes.ts). Creating locks
 * the invoice row before anything of it is read, so what was credited and refunded before cannot change between the
 * check and the insert: two credit notes racing for an invoice's last pounds are taken one after the other.
 */

type Values = z.output<typeof CreditNoteInput>;
type ApproveValues = z.output<typeof CreditNoteApproveInput>;
type CancelValues = z.output<typeof CreditNoteCancelInput>;

const ZERO = new Decimal(0);
const label = creditNoteDocument.label;
const RECEIVED_TICKET: ReadonlySet<string> = new Set(['RECEIVED', 'INSPECTED', 'CLOSED']);

// Reading

function headOf(r: repo.NoteHead) {
  return {
    id: r.id,
    number: r.number,
    status: r.status as CreditNoteStatus,
    invoice: {
      id: r.invoice_id,
      number: r.invoice_number,
      invoiceDate: r.invoice_date,
      channel: r.channel as SalesChannel,
      externalOrderId: r.external_order_id,
    },
    returnTicket:
      r.return_ticket_id && r.return_ticket_number ? { id: r.return_ticket_id, number: r.return_ticket_number } : null,
    customer: { id: r.customer_id, name: r.customer_name },
    channel: r.channel as SalesChannel,
    creditDate: r.credit_date,
    paymentType: r.payment_type as PaymentType,
    reason: r.reason,
    currency: r.currency,
    exchangeRate: new Decimal(r.exchange_rate).toFixed(),
    pricesIncludeVat: r.prices_include_vat,
    netTotal: moneyText(r.net_total),
    vatTotal: moneyText(r.vat_total),
    grossTotal: moneyText(r.gross_total),
    grossGbp: moneyText(r.gross_gbp),
    refundDate: r.refund_date,
    refundReference: r.refund_reference,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

function toLine(l: repo.NoteLineRow): CreditNoteLine {
  return {
    id: l.id,
    lineNo: l.line_no,
    kind: l.kind as CreditNoteLineKind,
    invoiceLineId: l.invoice_line_id,
    invoiceLineNo: l.invoice_line_no,
    product:
      l.product_id && l.sku !== null ? { id: l.product_id, sku: l.sku, name: l.name ?? '', unit: l.unit ?? '' } : null,
    quantity: qty(l.quantity),
    unitPrice: new Decimal(l.unit_price).toFixed(),
    discountPercent: new Decimal(l.discount_percent).toFixed(),
    vatCode: l.vat_code as VatCode,
    vatRate: new Decimal(l.vat_rate).toFixed(),
    netAmount: moneyText(l.net_amount),
    vatAmount: moneyText(l.vat_amount),
    grossAmount: moneyText(l.gross_amount),
  };
}

export async function getCreditNote(db: Kysely<Database>, id: string): Promise<CreditNote> {
  const head = found(await repo.findNote(db, id), label, id);
  const lines = (await repo.findLines(db, [id])).map(toLine);
  const totals = creditNoteTotals(
    lines.map((l) => ({
      vatCode: l.vatCode,
      amounts: { net: l.netAmount, vat: l.vatAmount, gross: l.grossAmount, vatRate: l.vatRate },
    })),
  );
  return {
    ...headOf(head),
    note: head.note,
    cancelReason: head.cancel_reason,
    createdBy: userRef(head.created_by, head.created_by_name),
    approvedAt: isoOrNull(head.approved_at),
    approvedBy: userRef(head.approved_by, head.approved_by_name),
    canceledAt: isoOrNull(head.canceled_at),
    canceledBy: userRef(head.canceled_by, head.canceled_by_name),
    lines,
    vatPerRate: totals.perRate,
    channelRefund: refundChannelOf(head.payment_type as PaymentType) !== null,
  };
}

const toSummary = (r: repo.NoteHead): CreditNoteSummary => ({ ...headOf(r), lineCount: r.line_count });

export async function listCreditNotes(db: Kysely<Database>, q: CreditNoteListQuery): Promise<CreditNotePage> {
  const [page, counts] = await Promise.all([
    pageOfDocuments(
      q,
      (limit, offset) => repo.findNotes(db, q, limit, offset),
      () => repo.countNotes(db, q),
      toSummary,
    ),
    repo.statusCounts(db, q),
  ]);
  const statusCounts = Object.fromEntries(CREDIT_NOTE_STATUSES.map((s) => [s, 0])) as Record<CreditNoteStatus, number>;
  for (const c of counts) statusCounts[c.status as CreditNoteStatus] = Number(c.n);
  return { ...page, statusCounts };
}

type ExportRow = DocumentLineRow<repo.NoteHead, repo.NoteLineRow>;

const EXPORT_COLUMNS: XlsxColumn<ExportRow>[] = [
  { header: ui('creditNotes:fields.number'), width: 18, value: (r) => r.document.number },
  {
    header: ui('creditNotes:fields.status'),
    width: 14,
    type: 'enum',
    labels: 'documents:credit_note.status',
    value: (r) => r.document.status,
  },
  { header: ui('creditNotes:fields.creditDate'), width: 12, type: 'date', value: (r) => r.document.credit_date },
  { header: ui('creditNotes:fields.invoice'), width: 18, value: (r) => r.document.invoice_number },
  { header: ui('creditNotes:fields.externalOrderId'), width: 18, value: (r) => r.document.external_order_id ?? '' },
  { header: ui('creditNotes:fields.customer'), width: 24, value: (r) => r.document.customer_name },
  { header: ui('creditNotes:fields.channel'), width: 10, value: (r) => r.document.channel },
  {
    header: ui('creditNotes:fields.paymentType'),
    width: 16,
    type: 'enum',
    labels: 'creditNotes:paymentType',
    value: (r) => r.document.payment_type,
  },
  { header: ui('creditNotes:fields.currency'), width: 8, value: (r) => r.document.currency },
  { header: ui('creditNotes:fields.lineNo'), width: 6, type: 'number', places: 0, value: (r) => r.line.line_no },
  {
    header: ui('creditNotes:fields.kind'),
    width: 12,
    type: 'enum',
    labels: 'creditNotes:kind',
    value: (r) => r.line.kind,
  },
  { header: ui('products:fields.sku'), width: 20, value: (r) => r.line.sku ?? '' },
  { header: ui('creditNotes:fields.quantity'), width: 10, type: 'quantity', value: (r) => r.line.quantity },
  { header: ui('creditNotes:fields.net'), width: 12, type: 'number', places: 2, value: (r) => r.line.net_amount },
  { header: ui('creditNotes:fields.vat'), width: 12, type: 'number', places: 2, value: (r) => r.line.vat_amount },
  { header: ui('creditNotes:fields.gross'), width: 12, type: 'number', places: 2, value: (r) => r.line.gross_amount },
];

export function exportCreditNotes(ctx: Ctx, f: CreditNoteFilter) {
  const rows = documentsWithLines(
    (offset, limit) => repo.findNotes(ctx.db, f, limit, offset),
    (ids) => repo.findLines(ctx.db, ids),
    (l) => l.credit_note_id,
  );
  return sendDocumentsXlsx(ctx, 'credit-notes', EXPORT_COLUMNS, rows);
}

export async function creditSources(db: Kysely<Database>, q: string) {
  const rows = await repo.creditSources(db, q);
  return {
    items: rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      number: r.number,
      invoiceNumber: r.invoice_number,
      channel: r.channel as SalesChannel,
      externalOrderId: r.external_order_id,
      customerName: r.customer_name,
      date: r.date,
    })),
  };
}

// What an invoice has had credited

interface Credited {
  /** Per invoice line: quantity credited and the gross it came to. */
  lines: Map<string, Decimal>;
  /** The shipping charge refunded (as the charge was entered). */
  shipping: Decimal;
  /** The gross of every credit note not CANCELED: what was refunded (or is held by a draft). */
  gross: Decimal;
}

async function creditedOf(db: Kysely<Database>, invoiceId: string): Promise<Credited> {
  const rows = await repo.creditedOf(db, invoiceId);
  const lines = new Map<string, Decimal>();
  let shipping = ZERO;
  let gross = ZERO;
  for (const r of rows) {
    gross = gross.add(r.gross);
    if (r.kind === 'ITEM' && r.invoice_line_id) lines.set(r.invoice_line_id, new Decimal(r.quantity));
    if (r.kind === 'SHIPPING') shipping = shipping.add(r.quantity);
  }
  return { lines, shipping, gross };
}

function creditable(
  invoice: SalesInvoice,
  credited: Credited,
  proposed: Map<string, Decimal> = new Map(),
): Omit<CreditableInvoice, 'returnTicket'> {
  const paid = new Decimal(invoice.grossTotal);
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    invoiceDate: invoice.invoiceDate,
    channel: invoice.channel,
    externalOrderId: invoice.externalOrderId,
    customer: { id: invoice.customer.id, name: invoice.customer.name },
    currency: invoice.currency,
    exchangeRate: invoice.exchangeRate,
    pricesIncludeVat: invoice.pricesIncludeVat,
    paymentType: invoice.paymentType,
    paid: paid.toFixed(2),
    refunded: credited.gross.toFixed(2),
    refundable: Decimal.max(paid.sub(credited.gross), 0).toFixed(2),
    shippingCharge: invoice.shippingCharge,
    shippingVatCode: invoice.shippingVatCode,
    shippingRefunded: credited.shipping.toFixed(2),
    shippingRefundable: Decimal.max(new Decimal(invoice.shippingCharge).sub(credited.shipping), 0).toFixed(2),
    lines: invoice.lines.map((l) => {
      const done = credited.lines.get(l.id) ?? ZERO;
      return {
        invoiceLineId: l.id,
        lineNo: l.lineNo,
        product: { id: l.product.id, sku: l.product.sku, name: l.product.name, unit: l.product.unit },
        quantity: qty(l.quantity),
        unitPrice: new Decimal(l.unitPrice).toFixed(),
        discountPercent: new Decimal(l.discountPercent).toFixed(),
        vatCode: l.vatCode,
        vatRate: l.vatRate,
        grossAmount: l.grossAmount,
        credited: qty(done),
        creditable: qty(Decimal.max(new Decimal(l.quantity).sub(done), 0)),
        proposed: qty(proposed.get(l.id) ?? ZERO),
      };
    }),
  };
}

export async function creditableInvoice(db: Kysely<Database>, id: string): Promise<CreditableInvoice> {
  const invoice = await getSalesInvoice(db, id);
  return { ...creditable(invoice, await creditedOf(db, id)), returnTicket: null };
}

/** The ticket's returned quantities spread over the invoice's lines of each product, in line order. */
export async function creditableReturnTicket(db: Kysely<Database>, id: string): Promise<CreditableInvoice> {
  const ticket = await receivedTicket(db, id);
  const invoiceId = ticket.invoice_id as string;
  const [invoice, credited, returned] = await Promise.all([
    getSalesInvoice(db, invoiceId),
    creditedOf(db, invoiceId),
    repo.ticketProducts(db, id),
  ]);
  const proposed = new Map<string, Decimal>();
  for (const r of returned) {
    let left = new Decimal(r.quantity);
    for (const l of invoice.lines) {
      if (l.product.id !== r.product_id || left.lte(0)) continue;
      const open = Decimal.max(new Decimal(l.quantity).sub(credited.lines.get(l.id) ?? ZERO), 0);
      const take = Decimal.min(open, left);
      if (take.gt(0)) proposed.set(l.id, take);
      left = left.sub(take);
    }
  }
  return {
    ...creditable(invoice, credited, proposed),
    returnTicket: { id: ticket.id, number: ticket.number, status: ticket.status },
  };
}

const sourceInvalid = (message: string, details: Record<string, unknown>) =>
  unprocessable(CreditNoteErrorCode.CREDIT_NOTE_SOURCE_INVALID, message, details);

/** A return ticket a credit note may start from: received (or later) and from a sales invoice. */
async function receivedTicket(db: Kysely<Database>, id: string): Promise<repo.TicketRow> {
  const ticket = await repo.findTicket(db, id);
  if (!ticket) throw notFound('Return ticket', id);
  if (!ticket.invoice_id)
    throw sourceInvalid(`Return ticket ${ticket.number} is a manual return: credit its customer from an invoice.`, {
      field: 'returnTicketId',
      returnTicketNumber: ticket.number,
    });
  if (!RECEIVED_TICKET.has(ticket.status))
    throw sourceInvalid(
      `Return ticket ${ticket.number} is ${ticket.status.toLowerCase()}: the goods must be received before they are credited.`,
      { field: 'returnTicketId', returnTicketNumber: ticket.number, status: ticket.status },
    );
  return ticket;
}

// Creating

interface PricedLine {
  kind: CreditNoteLineKind;
  invoiceLineId: string | null;
  productId: string | null;
  sku: string | null;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  vatCode: VatCode;
  amounts: SalesLineAmounts;
}

/** The day of a credit note or a refund: today when empty, never a day to come nor before `notBefore`. */
function dayOf(field: string, given: string | null, notBefore: { day: string; what: string }) {
  const today = todayInLondon();
  const day = given ?? today;
  if (day > today)
    throw unprocessable(
      CreditNoteErrorCode.CREDIT_NOTE_DATE_INVALID,
      `${day} is a day still to come. Use ${today} or an earlier day.`,
      { field, date: day, today },
    );
  if (day < notBefore.day)
    throw unprocessable(
      CreditNoteErrorCode.CREDIT_NOTE_DATE_INVALID,
      `${day} is before ${notBefore.what} (${notBefore.day}).`,
      { field, date: day, notBefore: notBefore.day },
    );
  return day;
}

function priceLines(invoice: SalesInvoice, credited: Credited, input: Values): PricedLine[] {
  const lineOf = new Map(invoice.lines.map((l) => [l.id, l]));
  const excess: CreditNoteQuantityDetails['lines'] = [];
  const priced: PricedLine[] = [];
  input.lines.forEach((l, i) => {
    const line = lineOf.get(l.invoiceLineId);
    if (!line)
      throw sourceInvalid(
        `Line ${i + 1} names a line that is not on invoice ${invoice.number}.`,
        lineDetails(i, { field: 'invoiceLineId', invoiceLineId: l.invoiceLineId }),
      );
    const before = credited.lines.get(line.id) ?? ZERO;
    const invoiced = new Decimal(line.quantity);
    const creditableQty = Decimal.max(invoiced.sub(before), 0);
    if (new Decimal(l.quantity).gt(creditableQty)) {
      excess.push({
        ...lineDetails(i),
        invoiceLineNo: line.lineNo,
        sku: line.product.sku,
        invoiced: qty(invoiced),
        credited: qty(before),
        creditable: qty(creditableQty),
        requested: qty(l.quantity),
      });
      return;
    }
    priced.push({
      kind: 'ITEM',
      invoiceLineId: line.id,
      productId: line.product.id,
      sku: line.product.sku,
      quantity: new Decimal(l.quantity).toFixed(),
      unitPrice: line.unitPrice,
      discountPercent: line.discountPercent,
      vatCode: line.vatCode,
      amounts: creditLineAmounts(
        { unitPrice: line.unitPrice, discountPercent: line.discountPercent, vatCode: line.vatCode },
        before.toFixed(),
        l.quantity,
        invoice.pricesIncludeVat,
      ),
    });
  });
  if (excess.length) {
    const first = excess[0] as (typeof excess)[number];
    throw unprocessable(
      CreditNoteErrorCode.CREDIT_NOTE_QUANTITY_EXCEEDS,
      `Invoice ${invoice.number} line ${first.invoiceLineNo} (${first.sku}) was invoiced ${first.invoiced} and ${first.credited} are already credited: ${first.creditable} can still be credited, not ${first.requested}.`,
      { invoiceNumber: invoice.number, lines: excess } satisfies CreditNoteQuantityDetails,
    );
  }
  const shipping = new Decimal(input.shippingRefund);
  if (shipping.gt(0)) {
    const refundable = Decimal.max(new Decimal(invoice.shippingCharge).sub(credited.shipping), 0);
    if (shipping.gt(refundable))
      throw unprocessable(
        CreditNoteErrorCode.CREDIT_NOTE_SHIPPING_EXCEEDS,
        `Invoice ${invoice.number} charged ${invoice.shippingCharge} ${invoice.currency} for shipping and ${credited.shipping.toFixed(2)} is already refunded: at most ${refundable.toFixed(2)} can be refunded, not ${shipping.toFixed(2)}.`,
        {
          field: 'shippingRefund',
          invoiceNumber: invoice.number,
          charge: invoice.shippingCharge,
          refundedBefore: credited.shipping.toFixed(2),
          refundable: refundable.toFixed(2),
          requested: shipping.toFixed(2),
        },
      );
    priced.push({
      kind: 'SHIPPING',
      invoiceLineId: null,
      productId: null,
      sku: null,
      quantity: '1',
      unitPrice: shipping.toFixed(2),
      discountPercent: '0',
      vatCode: invoice.shippingVatCode,
      amounts: creditShippingAmounts(
        invoice.shippingVatCode,
        credited.shipping.toFixed(2),
        shipping.toFixed(2),
        invoice.pricesIncludeVat,
      ),
    });
  }
  if (input.goodwill)
    priced.push({
      kind: 'GOODWILL',
      invoiceLineId: null,
      productId: null,
      sku: null,
      quantity: '1',
      unitPrice: new Decimal(input.goodwill.amount).toFixed(2),
      discountPercent: '0',
      vatCode: input.goodwill.vatCode,
      amounts: goodwillAmounts(input.goodwill.amount, input.goodwill.vatCode),
    });
  return priced;
}

export async function createCreditNote(ctx: Ctx, input: Values): Promise<CreditNote> {
  let invoiceId = input.invoiceId;
  let ticket: repo.TicketRow | null = null;
  if (input.returnTicketId) {
    ticket = await receivedTicket(ctx.db, input.returnTicketId);
    if (invoiceId && invoiceId !== ticket.invoice_id)
      throw sourceInvalid(`Return ticket ${ticket.number} is not of the invoice chosen.`, {
        field: 'returnTicketId',
        returnTicketNumber: ticket.number,
      });
    invoiceId = ticket.invoice_id;
  }
  if (!invoiceId) throw notFound('Sales invoice', '');
  // Locked first: a concurrent credit note of the same invoice waits here, then counts this one.
  if (!(await repo.lockInvoice(ctx.db, invoiceId))) throw notFound('Sales invoice', invoiceId);
  const invoice = await getSalesInvoice(ctx.db, invoiceId);
  if (invoice.status !== 'PROCESSED')
    throw unprocessable(
      CreditNoteErrorCode.CREDIT_NOTE_INVOICE_NOT_PROCESSED,
      `Invoice ${invoice.number} is ${invoice.status.toLowerCase().replaceAll('_', ' ')}, not processed (shipped): nothing of it can be credited.`,
      { field: 'invoiceId', invoiceNumber: invoice.number, status: invoice.status },
    );
  const channel = refundChannelOf(input.paymentType);
  if (channel && channel !== invoice.channel)
    throw unprocessable(
      CreditNoteErrorCode.CREDIT_NOTE_PAYMENT_TYPE_CHANNEL,
      `A ${input.paymentType} refunds a ${channel} order; invoice ${invoice.number} is a ${invoice.channel} order. Choose another payment type.`,
      { field: 'paymentType', paymentType: input.paymentType, channel: invoice.channel, refundChannel: channel },
    );
  const day = dayOf('creditDate', input.creditDate, { day: invoice.invoiceDate, what: `the invoice's date` });
  const credited = await creditedOf(ctx.db, invoice.id);
  const lines = priceLines(invoice, credited, input);
  const totals = creditNoteTotals(lines.map((l) => ({ vatCode: l.vatCode, amounts: l.amounts })));
  const gross = new Decimal(totals.gross);
  if (gross.lte(0))
    throw sourceInvalid('The lines chosen come to nothing: there is nothing to refund.', { field: 'lines' });
  const paid = new Decimal(invoice.grossTotal);
  const refundable = Decimal.max(paid.sub(credited.gross), 0);
  if (gross.gt(refundable))
    throw unprocessable(
      CreditNoteErrorCode.CREDIT_NOTE_EXCEEDS_PAID,
      `Invoice ${invoice.number} was paid ${paid.toFixed(2)} ${invoice.currency} and ${credited.gross.toFixed(2)} is already refunded: at most ${refundable.toFixed(2)} can be refunded, not ${gross.toFixed(2)}.`,
      {
        invoiceNumber: invoice.number,
        currency: invoice.currency,
        paid: paid.toFixed(2),
        refundedBefore: credited.gross.toFixed(2),
        requested: gross.toFixed(2),
        refundable: refundable.toFixed(2),
      } satisfies CreditNoteExcessDetails,
    );
  const number = await nextDocumentNumber(ctx.db, 'creditNote', day);
  const id = await repo.insertNote(
    ctx.db,
    number,
    {
      invoiceId: invoice.id,
      returnTicketId: ticket?.id ?? null,
      customerId: invoice.customer.id,
      channel: invoice.channel,
      creditDate: day,
      paymentType: input.paymentType,
      reason: input.reason,
      note: input.note,
      currency: invoice.currency,
      exchangeRate: invoice.exchangeRate,
      pricesIncludeVat: invoice.pricesIncludeVat,
      netTotal: totals.net,
      vatTotal: totals.vat,
      grossTotal: totals.gross,
      grossGbp: gross.times(invoice.exchangeRate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    },
    lines.map((l, i) => ({
      lineNo: i + 1,
      kind: l.kind,
      invoiceLineId: l.invoiceLineId,
      productId: l.productId,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discountPercent: l.discountPercent,
      vatCode: l.vatCode,
      vatRate: VAT_CODES[l.vatCode],
      net: l.amounts.net,
      vat: l.amounts.vat,
      gross: l.amounts.gross,
    })),
    ctx.user.id,
  );
  const after = await getCreditNote(ctx.db, id);
  await auditDocument(ctx, creditNoteDocument, {
    number,
    action: 'create',
    after: {
      invoice: invoice.number,
      returnTicket: ticket?.number ?? null,
      paymentType: after.paymentType,
      currency: after.currency,
      gross: after.grossTotal,
      lines: after.lines.map((l) => ({ kind: l.kind, sku: l.product?.sku ?? null, quantity: l.quantity })),
    },
  });
  return after;
}

// Steps

const lockFor = (ctx: Ctx, id: string, action: keyof typeof creditNoteDocument.actions) =>
  lockForAction(ctx.db, creditNoteDocument, 'credit_notes', id, action);

export async function approveCreditNote(ctx: Ctx, id: string, input: ApproveValues): Promise<CreditNote> {
  const row = await lockFor(ctx, id, 'approve');
  const before = await getCreditNote(ctx.db, id);
  const refundDate = dayOf('refundDate', input.refundDate, {
    day: before.creditDate,
    what: `the credit note's date`,
  });
  await repo.setApproved(ctx.db, id, ctx.user.id, refundDate, input.reference);
  const note = await getCreditNote(ctx.db, id);
  const channel = refundChannelOf(note.paymentType);
  await recordStep(ctx, creditNoteDocument, row, 'approve', 'APPROVED', {
    after: { refundDate, reference: input.reference, gross: note.grossTotal, channelRefund: channel !== null },
  });
  if (channel) {
    const payload: ChannelRefundPayload = {
      processType: 'REFUND',
      channel,
      externalOrderId: note.invoice.externalOrderId,
      invoiceId: note.invoice.id,
      invoiceNumber: note.invoice.number,
      creditNoteId: note.id,
      creditNoteNumber: note.number,
      paymentType: note.paymentType,
      amount: note.grossTotal,
      currency: note.currency,
      refundDate,
      reference: input.reference,
      reason: note.reason,
      lines: note.lines.map((l) => ({
        kind: l.kind,
        sku: l.product?.sku ?? null,
        quantity: l.quantity,
        grossAmount: l.grossAmount,
      })),
    };
    await emitEvent(ctx.db, {
      type: CHANNEL_REFUND_EVENT,
      key: `${channel}:${note.invoice.externalOrderId ?? note.invoice.number}:${note.number}`,
      payload,
    });
  }
  return note;
}

export async function cancelCreditNote(ctx: Ctx, id: string, input: CancelValues): Promise<CreditNote> {
  const row = await lockFor(ctx, id, 'cancel');
  await repo.setCanceled(ctx.db, id, ctx.user.id, input.reason);
  await recordStep(ctx, creditNoteDocument, row, 'cancel', 'CANCELED', { after: { reason: input.reason } });
  return getCreditNote(ctx.db, id);
}
