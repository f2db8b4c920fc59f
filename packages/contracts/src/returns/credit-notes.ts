import Decimal from 'decimal.js';
import { z } from 'zod';
import { PaymentType, SalesChannel } from '../master-data/enumerations.ts';
import { Money } from '../platform/decimal.ts';
import { actionEndpoint, defineDocument, documentStatuses } from '../platform/documents.ts';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate, PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { PdfFile, PrintoutQuery } from '../platform/printouts.ts';
import { VAT_CODE_LIST, VAT_CODES, VatCode } from '../purchasing/vat.ts';
import { type SalesLineAmounts, salesLineAmounts } from '../sales/sales-invoices.ts';
import { PositiveStockQuantity } from '../stock/stock.ts';

/**
 * Credit notes / refunds (DOMAIN.md "Returns" and "Returns rules (decided)"; issue 17): money given back to a
 * customer against a shipped sales invoice, numbered CN-{YYYY}-{SEQ:5} (document kind `creditNote`). Screen: Credit
 * Notes/Refunds /credit-note/credit-note-list (view_credit_note; add_credit_note, approve_credit_note,
 * cancel_credit_note).
 *
 *   create ──► DRAFT ──approve──► APPROVED   (the refund is issued: its day and reference recorded)
 *                │
 *                └──cancel──► CANCELED       (only a DRAFT: an approved credit note is money that has left. It is
 *                                             never cancelled; a mistake is put right by nothing but a new document,
 *                                             e.g. a new sales invoice for what was refunded in error)
 *
 * - Create (add_credit_note, Idempotency-Key honoured) FROM A SALES INVOICE that is PROCESSED (shipped; partly
 *   returned invoices are still PROCESSED), or FROM A RETURN TICKET of such an invoice that is RECEIVED or later
 *   (RECEIVED, INSPECTED, CLOSED): the ticket's invoice is credited and its returned quantities are proposed on the
 *   invoice's lines of the same product (`GET /api/credit-notes/return-tickets/:id`), in line order.
 * - Lines: an invoice line and a quantity, never more than the line's quantity less what the invoice's other credit
 *   notes (not CANCELED) credit of it (422 CREDIT_NOTE_QUANTITY_EXCEEDS). Priced as the invoice priced it: the
 *   line's unit price after its discount, its VAT code, the invoice's price mode (with or without VAT), by the sales
 *   invoice's own `salesLineAmounts`. So that crediting a line in parts adds up to exactly what the line was
 *   invoiced at, a line's amounts are the DIFFERENCE of two cumulative amounts:
 *       amounts(credited before + this quantity) − amounts(credited before)
 *   (with nothing credited before this is simply salesLineAmounts of the quantity). Plus, optionally, a shipping
 *   refund (as the invoice's shipping charge was entered, at its VAT code, never more than the charge less earlier
 *   shipping refunds: 422 CREDIT_NOTE_SHIPPING_EXCEEDS; the same cumulative difference) and a goodwill amount: what
 *   the customer gets back, VAT included, at a VAT code (VAT by the VAT fraction). Totals and VAT per rate are the
 *   sums of the lines, in the invoice's currency at its exchange rate (`grossGbp` = gross × rate, to the penny).
 * - THE MONEY RULE (decided, to the penny): a sales invoice is the customer's order, paid when ordered, so what was
 *   paid is its gross total. A credit note's gross plus the gross of every other credit note of the invoice that is
 *   not CANCELED (drafts included: a draft holds its amount) never exceeds it: 422 CREDIT_NOTE_EXCEEDS_PAID with
 *   `CreditNoteExcessDetails` (paid, refunded before, requested, refundable), nothing written. The invoice row is
 *   locked FOR UPDATE before anything is read, so two credit notes racing for the last pounds are serialised: one
 *   wins, the other is refused with the figures.
 * - Payment type: one of the specification's PAYMENT_TYPES. A channel refund type (EBAY_REFUND, SHOPIFY_REFUND,
 *   AMAZON_REFUND, TIKTOK_REFUND) must be the invoice's channel's (422 CREDIT_NOTE_PAYMENT_TYPE_CHANNEL). Approving
 *   (approve_credit_note) records the refund's day (not before the credit note's day, never a day to come: 422
 *   CREDIT_NOTE_DATE_INVALID) and reference and, for a channel refund type, queues CHANNEL_REFUND_EVENT in the
 *   outbox for that channel's connector (`ChannelRefundPayload`); it waits PENDING until a connector registers a
 *   handler. Other payment types (cash, PayPal, bank transfer…) are paid by a person and queue nothing.
 * - Every step is one transaction, audited (recordStep); an illegal one answers 409 CREDIT_NOTE_STATUS_CONFLICT.
 * - The PDF is a UK VAT credit note: the seller's name, address and VAT number, the credit note's number and date,
 *   the credited invoice's number and date, the lines, VAT per rate and the total credited.
 */
export const CreditNoteErrorCode = {
  /** The credit note's status does not allow this step (details: DocumentStatusConflictDetails). */
  CREDIT_NOTE_STATUS_CONFLICT: 'CREDIT_NOTE_STATUS_CONFLICT',
  /** More than was paid less earlier refunds (422; details: CreditNoteExcessDetails). */
  CREDIT_NOTE_EXCEEDS_PAID: 'CREDIT_NOTE_EXCEEDS_PAID',
  /** A line credits more than the invoice line's quantity less earlier credited (details: CreditNoteQuantityDetails). */
  CREDIT_NOTE_QUANTITY_EXCEEDS: 'CREDIT_NOTE_QUANTITY_EXCEEDS',
  /** The shipping refund exceeds the invoice's shipping charge less earlier shipping refunds. */
  CREDIT_NOTE_SHIPPING_EXCEEDS: 'CREDIT_NOTE_SHIPPING_EXCEEDS',
  /** The invoice is not PROCESSED (shipped): nothing of it can be credited. */
  CREDIT_NOTE_INVOICE_NOT_PROCESSED: 'CREDIT_NOTE_INVOICE_NOT_PROCESSED',
  /** The return ticket is not received, has no invoice, or is not the invoice's; or a line is not the invoice's. */
  CREDIT_NOTE_SOURCE_INVALID: 'CREDIT_NOTE_SOURCE_INVALID',
  /** A channel refund payment type for another channel's invoice. */
  CREDIT_NOTE_PAYMENT_TYPE_CHANNEL: 'CREDIT_NOTE_PAYMENT_TYPE_CHANNEL',
  /** A credit note or refund day to come, or a refund before the credit note's day. */
  CREDIT_NOTE_DATE_INVALID: 'CREDIT_NOTE_DATE_INVALID',
} as const;
export type CreditNoteErrorCode = (typeof CreditNoteErrorCode)[keyof typeof CreditNoteErrorCode];

export const creditNoteDocument = defineDocument({
  name: 'credit_note',
  label: 'Credit note',
  errorPrefix: 'CREDIT_NOTE',
  statuses: {
    DRAFT: { tone: 'neutral', open: true, phrase: 'a draft' },
    APPROVED: { tone: 'success', open: false, phrase: 'approved (refunded)' },
    CANCELED: { tone: 'danger', open: false, phrase: 'cancelled' },
  },
  actions: {
    approve: {
      from: ['DRAFT'],
      to: ['APPROVED'],
      permission: 'approve_credit_note',
      idempotent: true,
      done: 'approved',
    },
    cancel: {
      from: ['DRAFT'],
      to: ['CANCELED'],
      permission: 'cancel_credit_note',
      destructive: true,
      done: 'cancelled',
    },
  },
});

export const CREDIT_NOTE_STATUSES = documentStatuses(creditNoteDocument);
export const CreditNoteStatus = z.enum(CREDIT_NOTE_STATUSES);
export type CreditNoteStatus = z.infer<typeof CreditNoteStatus>;

/** The refund payment types a channel's connector pays, by channel. */
export const CHANNEL_REFUND_TYPES = {
  EBAY_REFUND: 'EBAY',
  SHOPIFY_REFUND: 'SHOPIFY',
  AMAZON_REFUND: 'AMAZON',
  TIKTOK_REFUND: 'TIKTOK',
} as const satisfies Partial<Record<PaymentType, SalesChannel>>;

/** The channel a payment type refunds through, or null when a person pays it. */
export function refundChannelOf(type: PaymentType): SalesChannel | null {
  return (CHANNEL_REFUND_TYPES as Partial<Record<PaymentType, SalesChannel>>)[type] ?? null;
}

/** The outbox event an approved channel refund queues for the channel's connector (kept PENDING until one registers). */
export const CHANNEL_REFUND_EVENT = 'channel.refund_event';

export const CREDIT_NOTE_LINE_KINDS = ['ITEM', 'SHIPPING', 'GOODWILL'] as const;
export const CreditNoteLineKind = z.enum(CREDIT_NOTE_LINE_KINDS);
export type CreditNoteLineKind = z.infer<typeof CreditNoteLineKind>;

export const CREDIT_NOTE_LINES_MAX = 500;
export const CREDIT_NOTE_NOTE_MAX = 2000;
export const CREDIT_NOTE_REASON_MAX = 500;
export const CREDIT_NOTE_REFERENCE_MAX = 100;

// ---------------------------------------------------------------------------------------------
// Amounts

const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

function minus(a: SalesLineAmounts, b: SalesLineAmounts): SalesLineAmounts {
  return {
    net: new D(a.net).minus(b.net).toFixed(2),
    vatRate: a.vatRate,
    vat: new D(a.vat).minus(b.vat).toFixed(2),
    gross: new D(a.gross).minus(b.gross).toFixed(2),
  };
}

/** An invoice line as it was priced. */
export interface CreditableLinePrice {
  unitPrice: string;
  discountPercent: string;
  vatCode: VatCode;
}

/**
 * A credited line's amounts: the invoice's pricing of (before + quantity) less its pricing of (before), so a line
 * credited in parts adds up to exactly what it was invoiced at (see the header).
 */
export function creditLineAmounts(
  line: CreditableLinePrice,
  creditedBefore: string,
  quantity: string,
  pricesIncludeVat: boolean,
): SalesLineAmounts {
  const at = (q: Decimal) =>
    salesLineAmounts(
      { quantity: q, unitPrice: line.unitPrice, discountPercent: line.discountPercent, vatCode: line.vatCode },
      pricesIncludeVat,
    );
  const before = new D(creditedBefore);
  return minus(at(before.plus(quantity)), at(before));
}

/** A shipping refund's amounts: the same cumulative difference on the invoice's shipping charge as entered. */
export function creditShippingAmounts(
  vatCode: VatCode,
  refundedBefore: string,
  amount: string,
  pricesIncludeVat: boolean,
): SalesLineAmounts {
  const at = (x: Decimal) => salesLineAmounts({ quantity: '1', unitPrice: x, vatCode }, pricesIncludeVat);
  const before = new D(refundedBefore);
  return minus(at(before.plus(amount)), at(before));
}

/** A goodwill amount: what the customer gets back, VAT included (VAT by the VAT fraction). */
export function goodwillAmounts(amount: string, vatCode: VatCode): SalesLineAmounts {
  return salesLineAmounts({ quantity: '1', unitPrice: amount, vatCode }, true);
}

export interface CreditNoteTotals {
  perRate: { vatCode: VatCode; vatRate: string; net: string; vat: string }[];
  net: string;
  vat: string;
  gross: string;
}

/** The sums of a credit note's lines: per VAT code (in VAT_CODE_LIST order) and in total. */
export function creditNoteTotals(lines: readonly { vatCode: VatCode; amounts: SalesLineAmounts }[]): CreditNoteTotals {
  const per = new Map<VatCode, { net: Decimal; vat: Decimal }>();
  let net = new D(0);
  let vat = new D(0);
  for (const l of lines) {
    const sum = per.get(l.vatCode) ?? { net: new D(0), vat: new D(0) };
    sum.net = sum.net.plus(l.amounts.net);
    sum.vat = sum.vat.plus(l.amounts.vat);
    per.set(l.vatCode, sum);
    net = net.plus(l.amounts.net);
    vat = vat.plus(l.amounts.vat);
  }
  return {
    perRate: VAT_CODE_LIST.filter((c) => per.has(c)).map((c) => {
      const s = per.get(c) as { net: Decimal; vat: Decimal };
      return { vatCode: c, vatRate: VAT_CODES[c], net: s.net.toFixed(2), vat: s.vat.toFixed(2) };
    }),
    net: net.toFixed(2),
    vat: vat.toFixed(2),
    gross: net.plus(vat).toFixed(2),
  };
}

// ---------------------------------------------------------------------------------------------
// Input

export const CreditNoteLineInput = z.object({
  invoiceLineId: Uuid,
  quantity: PositiveStockQuantity,
});
export type CreditNoteLineInput = z.input<typeof CreditNoteLineInput>;

/** A positive amount at a VAT code, VAT included. */
export const GoodwillInput = z.object({
  // Textual, as every refinement here: a refinement also runs on a value its pattern refused.
  amount: Money.refine((v) => /[1-9]/.test(v), 'a goodwill amount is above zero'),
  vatCode: VatCode,
});

export const CreditNoteInput = z
  .object({
    /** The credited invoice; empty when a return ticket is given (its invoice is credited). */
    invoiceId: Uuid.nullable().default(null),
    returnTicketId: Uuid.nullable().default(null),
    /** The credit note's day (UK); empty: today. */
    creditDate: IsoDate.nullable().default(null),
    paymentType: PaymentType,
    reason: z.string().trim().min(1, 'say why the money is given back').max(CREDIT_NOTE_REASON_MAX),
    note: z.string().trim().max(CREDIT_NOTE_NOTE_MAX).default(''),
    lines: z
      .array(CreditNoteLineInput)
      .max(CREDIT_NOTE_LINES_MAX, `a credit note has at most ${CREDIT_NOTE_LINES_MAX} lines`)
      .default([]),
    /** Shipping refunded, as the invoice's shipping charge was entered (with or without VAT). */
    shippingRefund: Money.default('0'),
    goodwill: GoodwillInput.nullable().default(null),
  })
  .superRefine((o, ctx) => {
    if (!o.invoiceId && !o.returnTicketId)
      ctx.addIssue({
        code: 'custom',
        path: ['invoiceId'],
        message: 'a credit note names an invoice or a return ticket',
      });
    const seen = new Set<string>();
    o.lines.forEach((l, i) => {
      if (seen.has(l.invoiceLineId))
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'invoiceLineId'], message: 'each invoice line once' });
      seen.add(l.invoiceLineId);
    });
    if (!o.lines.length && !/[1-9]/.test(o.shippingRefund) && !o.goodwill)
      ctx.addIssue({
        code: 'custom',
        path: ['lines'],
        message: 'a credit note credits at least one line, shipping or a goodwill amount',
      });
  });
export type CreditNoteInput = z.input<typeof CreditNoteInput>;

export const CreditNoteApproveInput = z.object({
  /** The day the money was refunded (UK); empty: today. */
  refundDate: IsoDate.nullable().default(null),
  /** The refund's reference (bank, PayPal, channel). */
  reference: z.string().trim().max(CREDIT_NOTE_REFERENCE_MAX).default(''),
});
export type CreditNoteApproveInput = z.input<typeof CreditNoteApproveInput>;

export const CreditNoteCancelInput = z.object({ reason: z.string().trim().max(CREDIT_NOTE_REASON_MAX).default('') });
export type CreditNoteCancelInput = z.input<typeof CreditNoteCancelInput>;

// ---------------------------------------------------------------------------------------------
// Output

const UserRef = z.object({ id: Uuid, username: z.string() }).nullable();

export const CreditNoteLine = z
  .object({
    id: Uuid,
    lineNo: z.number().int(),
    kind: CreditNoteLineKind,
    /** ITEM lines: the invoice line credited and its product. */
    invoiceLineId: Uuid.nullable(),
    invoiceLineNo: z.number().int().nullable(),
    product: z.object({ id: Uuid, sku: z.string(), name: z.string(), unit: z.string() }).nullable(),
    quantity: z.string(),
    /** ITEM lines: the invoice's unit price and discount; SHIPPING and GOODWILL: the amount as entered. */
    unitPrice: z.string(),
    discountPercent: z.string(),
    vatCode: VatCode,
    vatRate: z.string(),
    netAmount: z.string(),
    vatAmount: z.string(),
    grossAmount: z.string(),
  })
  .meta({ id: 'CreditNoteLine' });
export type CreditNoteLine = z.infer<typeof CreditNoteLine>;

const noteFields = {
  id: Uuid,
  number: z.string(),
  status: CreditNoteStatus,
  invoice: z.object({
    id: Uuid,
    number: z.string(),
    invoiceDate: z.string(),
    channel: SalesChannel,
    externalOrderId: z.string().nullable(),
  }),
  returnTicket: z.object({ id: Uuid, number: z.string() }).nullable(),
  customer: z.object({ id: Uuid, name: z.string() }),
  channel: SalesChannel,
  creditDate: z.string(),
  paymentType: PaymentType,
  reason: z.string(),
  currency: z.string(),
  exchangeRate: z.string(),
  pricesIncludeVat: z.boolean(),
  netTotal: z.string(),
  vatTotal: z.string(),
  grossTotal: z.string(),
  /** The gross in GBP at the invoice's exchange rate, to the penny. */
  grossGbp: z.string(),
  refundDate: z.string().nullable(),
  refundReference: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const CreditNoteSummary = z
  .object({ ...noteFields, lineCount: z.number().int() })
  .meta({ id: 'CreditNoteSummary' });
export type CreditNoteSummary = z.infer<typeof CreditNoteSummary>;

export const CreditNote = z
  .object({
    ...noteFields,
    note: z.string(),
    cancelReason: z.string(),
    createdBy: UserRef,
    approvedAt: z.string().nullable(),
    approvedBy: UserRef,
    canceledAt: z.string().nullable(),
    canceledBy: UserRef,
    lines: z.array(CreditNoteLine),
    vatPerRate: z.array(z.object({ vatCode: VatCode, vatRate: z.string(), net: z.string(), vat: z.string() })),
    /** Whether approving queued (or queues) a refund for the channel's connector. */
    channelRefund: z.boolean(),
  })
  .meta({ id: 'CreditNote' });
export type CreditNote = z.infer<typeof CreditNote>;

/** The details of CREDIT_NOTE_EXCEEDS_PAID, in the invoice's currency. */
export const CreditNoteExcessDetails = z.object({
  invoiceNumber: z.string(),
  currency: z.string(),
  paid: z.string(),
  refundedBefore: z.string(),
  requested: z.string(),
  refundable: z.string(),
});
export type CreditNoteExcessDetails = z.infer<typeof CreditNoteExcessDetails>;

/** The details of CREDIT_NOTE_QUANTITY_EXCEEDS: each line asking for more than is left to credit. */
export const CreditNoteQuantityDetails = z.object({
  invoiceNumber: z.string(),
  lines: z.array(
    z.object({
      line: z.number().int(),
      lineNo: z.number().int(),
      invoiceLineNo: z.number().int(),
      sku: z.string(),
      invoiced: z.string(),
      credited: z.string(),
      creditable: z.string(),
      requested: z.string(),
    }),
  ),
});
export type CreditNoteQuantityDetails = z.infer<typeof CreditNoteQuantityDetails>;

/** The payload of a CHANNEL_REFUND_EVENT: what the channel's connector refunds. */
export const ChannelRefundPayload = z.object({
  processType: z.literal('REFUND'),
  channel: SalesChannel,
  externalOrderId: z.string().nullable(),
  invoiceId: Uuid,
  invoiceNumber: z.string(),
  creditNoteId: Uuid,
  creditNoteNumber: z.string(),
  paymentType: PaymentType,
  amount: z.string(),
  currency: z.string(),
  refundDate: z.string(),
  reference: z.string(),
  reason: z.string(),
  lines: z.array(
    z.object({
      kind: CreditNoteLineKind,
      sku: z.string().nullable(),
      quantity: z.string(),
      grossAmount: z.string(),
    }),
  ),
});
export type ChannelRefundPayload = z.infer<typeof ChannelRefundPayload>;

/** An invoice line with what can still be credited of it (the form). */
export const CreditableLine = z
  .object({
    invoiceLineId: Uuid,
    lineNo: z.number().int(),
    product: z.object({ id: Uuid, sku: z.string(), name: z.string(), unit: z.string() }),
    quantity: z.string(),
    unitPrice: z.string(),
    discountPercent: z.string(),
    vatCode: VatCode,
    vatRate: z.string(),
    grossAmount: z.string(),
    credited: z.string(),
    creditable: z.string(),
    /** From a return ticket: the quantity the ticket returned on this line (else "0"). */
    proposed: z.string(),
  })
  .meta({ id: 'CreditableLine' });
export type CreditableLine = z.infer<typeof CreditableLine>;

/** A shipped invoice with what was paid, refunded and can still be refunded (the "new credit note" form). */
export const CreditableInvoice = z
  .object({
    id: Uuid,
    number: z.string(),
    status: z.string(),
    invoiceDate: z.string(),
    channel: SalesChannel,
    externalOrderId: z.string().nullable(),
    customer: z.object({ id: Uuid, name: z.string() }),
    currency: z.string(),
    exchangeRate: z.string(),
    pricesIncludeVat: z.boolean(),
    paymentType: PaymentType.nullable(),
    paid: z.string(),
    refunded: z.string(),
    refundable: z.string(),
    shippingCharge: z.string(),
    shippingVatCode: VatCode,
    shippingRefunded: z.string(),
    shippingRefundable: z.string(),
    lines: z.array(CreditableLine),
    /** When asked from a return ticket: the ticket. */
    returnTicket: z.object({ id: Uuid, number: z.string(), status: z.string() }).nullable(),
  })
  .meta({ id: 'CreditableInvoice' });
export type CreditableInvoice = z.infer<typeof CreditableInvoice>;

/** A search result of the form: a shipped invoice or a received return ticket (with its invoice). */
export const CreditSourceOption = z
  .object({
    kind: z.enum(['INVOICE', 'RETURN_TICKET']),
    id: Uuid,
    number: z.string(),
    invoiceNumber: z.string(),
    channel: SalesChannel,
    externalOrderId: z.string().nullable(),
    customerName: z.string(),
    date: z.string(),
  })
  .meta({ id: 'CreditSourceOption' });
export type CreditSourceOption = z.infer<typeof CreditSourceOption>;

export const CREDIT_NOTE_SORTS = ['number', 'status', 'creditDate', 'createdAt', 'customer', 'grossTotal'] as const;

/**
 * Search (`q`: credit note number, invoice number, external order id, customer name), filters and sort: what the
 * list and its export share. Dates are the credit note's day, inclusive.
 */
export const CreditNoteFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  status: CreditNoteStatus.optional(),
  channel: SalesChannel.optional(),
  paymentType: PaymentType.optional(),
  invoiceId: Uuid.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export type CreditNoteFilter = z.infer<typeof CreditNoteFilter>;
export const CreditNoteListQuery = PageQuery.extend(CreditNoteFilter.shape);
export type CreditNoteListQuery = z.infer<typeof CreditNoteListQuery>;

export const CreditNotePage = pageOf(CreditNoteSummary).extend({
  statusCounts: z.object(
    Object.fromEntries(CREDIT_NOTE_STATUSES.map((s) => [s, z.number().int()])) as Record<CreditNoteStatus, z.ZodNumber>,
  ),
});
export type CreditNotePage = z.infer<typeof CreditNotePage>;

const IdParams = z.object({ id: Uuid });
const tag = 'returns';
const LOOKUP = ['add_credit_note', 'view_credit_note'] as const;

export const creditNotesApi = {
  listCreditNotes: endpoint({
    method: 'GET',
    path: '/api/credit-notes',
    permission: 'view_credit_note',
    tag,
    summary:
      'Credit notes, paged, with counts per status for the tabs; search by number, invoice number, external order id or customer; filter by status, channel, payment type and day',
    query: CreditNoteListQuery,
    response: CreditNotePage,
  }),
  exportCreditNotes: endpoint({
    method: 'GET',
    path: '/api/credit-notes/export',
    permission: 'view_credit_note',
    tag,
    summary: 'The credit notes of a filter as an .xlsx file, one row per line',
    query: CreditNoteFilter,
    response: z.unknown(),
  }),
  creditSources: endpoint({
    method: 'GET',
    path: '/api/credit-notes/sources',
    permission: [...LOOKUP],
    tag,
    summary:
      'Shipped invoices and received return tickets matching a number, external order id or customer, newest first',
    query: z.object({ q: z.string().trim().max(100).default('') }),
    response: z.object({ items: z.array(CreditSourceOption) }),
  }),
  creditableInvoice: endpoint({
    method: 'GET',
    path: '/api/credit-notes/invoices/:id',
    permission: [...LOOKUP],
    tag,
    summary: 'A shipped invoice’s lines and shipping with what is credited and still creditable, paid and refundable',
    params: IdParams,
    response: CreditableInvoice,
  }),
  creditableReturnTicket: endpoint({
    method: 'GET',
    path: '/api/credit-notes/return-tickets/:id',
    permission: [...LOOKUP],
    tag,
    summary: 'A received return ticket’s invoice, with the ticket’s returned quantities proposed on its lines',
    params: IdParams,
    response: CreditableInvoice,
  }),
  getCreditNote: endpoint({
    method: 'GET',
    path: '/api/credit-notes/:id',
    permission: 'view_credit_note',
    tag,
    summary: 'One credit note with its lines and VAT per rate',
    params: IdParams,
    response: CreditNote,
  }),
  createCreditNote: endpoint({
    method: 'POST',
    path: '/api/credit-notes',
    permission: 'add_credit_note',
    tag,
    summary:
      'Create a DRAFT credit note against a shipped invoice or a received return ticket (never more than paid less earlier refunds: 422 with the figures)',
    body: CreditNoteInput,
    response: CreditNote,
    status: 201,
    idempotent: true,
  }),
  approveCreditNote: actionEndpoint(creditNoteDocument, 'approve', {
    path: '/api/credit-notes/:id/approve',
    tag,
    summary:
      'Approve: the refund is issued (its day and reference recorded); a channel refund type is queued for the channel’s connector',
    params: IdParams,
    body: CreditNoteApproveInput,
    response: CreditNote,
  }),
  cancelCreditNote: actionEndpoint(creditNoteDocument, 'cancel', {
    path: '/api/credit-notes/:id/cancel',
    tag,
    summary: 'Cancel a DRAFT credit note (its amount is refundable again); an approved one is never cancelled',
    params: IdParams,
    body: CreditNoteCancelInput,
    response: CreditNote,
  }),
  creditNotePdf: endpoint({
    method: 'GET',
    path: '/api/credit-notes/:id/pdf',
    permission: 'view_credit_note',
    tag,
    summary: 'The UK VAT credit note as a PDF (A4, in the language of lang or Accept-Language)',
    params: IdParams,
    query: PrintoutQuery,
    response: PdfFile,
  }),
};
