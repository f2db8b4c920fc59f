import { z } from 'zod';
import { CalendarDate } from '../currencies/currencies.ts';
import { CurrencyCode, InterestType, PaymentType } from '../master-data/enumerations.ts';
import { decimalString } from '../platform/decimal.ts';
import { actionEndpoint, defineDocument, documentStatuses } from '../platform/documents.ts';
import { endpoint } from '../platform/endpoint.ts';
import { PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { PdfFile, PrintoutQuery } from '../platform/printouts.ts';
import { singleLine } from '../platform/text.ts';
import { PurchaseInvoiceStatus } from './purchase-invoices.ts';
import { SupplierCredit } from './rmas.ts';

/**
 * Settlements of supplier invoices (issue 16, DOMAIN.md "Purchasing"): one payment to one supplier that pays some
 * of their BOOKED invoices, each fully or partly, through a processor and a payment type, less supplier credits
 * (from credited RMAs), plus late-payment interest where chosen. Number PIS-{YYYY}-{SEQ:5}.
 *
 * The flow (for the screens):
 * 1. New Settlement: pick the supplier, the payment date and the processor; `settlementPayables` answers the
 *    supplier's BOOKED invoices with their open amount, due date, days late and the late-payment interest proposal
 *    at that date, and the supplier's open credits. Enter the amount per invoice (full or part), tick "include
 *    interest" (the proposal, or an amount typed), apply credits (each at most its open amount), optionally a cheque.
 * 2. `createSettlement` (Idempotency-Key) makes a DRAFT. The draft HOLDS what it pays: its invoices go BOOKED →
 *    PROCESSING (no other settlement can take them) and their open amounts and the credits' open amounts are
 *    lowered at once, so open amounts are always "what no settlement has taken". `updateSettlement` replaces a
 *    draft's lines and credits (the old holdings released first, then the new ones taken).
 * 3. `completeSettlement` (DRAFT →):
 *    - without a cheque → COMPLETED: each invoice fully paid (open 0) becomes PROCESSED, one partly paid goes back
 *      to BOOKED with its smaller open amount (a later settlement pays the rest). The notification recipients
 *      (Configuration / SETTLEMENT_NOTIFICATION_RECIPIENTS) are e-mailed the remittance advice PDF.
 *    - with a cheque → CHEQUE_ISSUED: the invoices stay PROCESSING (the amounts held) while the cheque clears.
 * 4. Cheques (`changeChequeStatus`, the specification's cheque statuses): issued → collected → send_to_bank →
 *    realized (the settlement becomes COMPLETED, invoices as in 3, the e-mail sent), or returned from any of the
 *    first three (CHEQUE_RETURNED: every amount reopened: invoices back to BOOKED with their open amounts restored,
 *    credits restored). The settlement's status mirrors the cheque's (CHEQUE_ISSUED, CHEQUE_COLLECTED,
 *    CHEQUE_SENT_TO_BANK), so the document's actions say which cheque step is next.
 * 5. `cancelSettlement`: a DRAFT only → CANCELED; invoices released to BOOKED, open amounts and credits restored.
 *
 * Rules (422 with the code, nothing written): only BOOKED invoices of that supplier (SETTLEMENT_INVOICE_NOT_PAYABLE,
 * SETTLEMENT_INVOICE_SUPPLIER_MISMATCH); never above an invoice's open amount (SETTLEMENT_OVERPAYMENT); credits of
 * that supplier in the settlement's currency, each within its open amount (SETTLEMENT_CREDIT_INVALID,
 * SETTLEMENT_CREDIT_EXCEEDED); total = invoices + interest − credits, never negative (SETTLEMENT_NEGATIVE_TOTAL).
 *
 * Currency (decided): all invoices of a settlement are in one currency, the settlement's `currency`; credits must be
 * in it too, and the processor's currency is that currency or GBP (else SETTLEMENT_CURRENCY_MISMATCH). A foreign
 * settlement needs the currency's rate effective on the payment date (NO_EXCHANGE_RATE otherwise): a GBP processor
 * pays `totalPaid × rate`, and every line records its exchange difference in GBP (IAS 21, never a stock value):
 * round(amount × payment-date rate, 2) − round(amount × the invoice's rate, 2); positive is a loss (more GBP paid
 * than booked). Each credit applied likewise: round(amount × the rate of the credit's own day, 2) − round(amount ×
 * payment-date rate, 2) (a credit is money owed to us: positive is a loss). The settlement's exchange difference is
 * the sum of both. A GBP settlement has rate 1 and no differences.
 *
 * Editing a draft: `settlementPayables` with `settlement` lists the draft's own invoices and credits beside the open
 * ones, with the open amounts they had before the draft took its amounts, so the edit screen starts from the draft.
 *
 * Late-payment interest (DOMAIN.md "Late payment"), per invoice line, on the line's amount (the principal paid late):
 * days late = payment date − due date (0 when not late: no interest).
 * - The supplier's contractual rate when set: simple = principal × rate × days / 365; compound = principal ×
 *   ((1 + rate/365)^days − 1); rounded once, half up, to the penny. No fixed sum.
 * - Otherwise UK statutory: simple at 8% + the Bank of England base rate in force on the reference date of the
 *   half-year in which the debt became late (the day after the due date; Jan–Jun → 31 Dec before, Jul–Dec → 30 Jun),
 *   plus a fixed sum by the invoice's gross total in GBP (at the payment date's rate): £40 under £1,000, £70 under
 *   £10,000, £100 from £10,000; converted into the invoice's currency at that rate. The base rates are the table
 *   `bankBaseRates` (seeded 2018–2025, edited under edit_system_configuration); none in force →
 *   SETTLEMENT_NO_BASE_RATE when the interest is included (the proposal then says `basis: 'unavailable'`).
 * The proposal is shown per invoice; it is added only where a line's `includeInterest` is true (its `interestAmount`
 * when given, else the proposal).
 */
export const SettlementErrorCode = {
  /** The settlement's status does not allow this step (details: DocumentStatusConflictDetails). */
  SETTLEMENT_STATUS_CONFLICT: 'SETTLEMENT_STATUS_CONFLICT',
  /** An invoice is not BOOKED (or not held by this draft): pending, in another settlement, paid or cancelled. */
  SETTLEMENT_INVOICE_NOT_PAYABLE: 'SETTLEMENT_INVOICE_NOT_PAYABLE',
  /** An invoice is another supplier's. */
  SETTLEMENT_INVOICE_SUPPLIER_MISMATCH: 'SETTLEMENT_INVOICE_SUPPLIER_MISMATCH',
  /** An amount above the invoice's open amount (details: invoice, openAmount, amount). */
  SETTLEMENT_OVERPAYMENT: 'SETTLEMENT_OVERPAYMENT',
  /** Invoices in several currencies, or a processor or credit in a currency other than the settlement's (or GBP). */
  SETTLEMENT_CURRENCY_MISMATCH: 'SETTLEMENT_CURRENCY_MISMATCH',
  /** A credit that is unknown or another supplier's. */
  SETTLEMENT_CREDIT_INVALID: 'SETTLEMENT_CREDIT_INVALID',
  /** A credit applied above what is left of it (details: credit, openAmount, amount). */
  SETTLEMENT_CREDIT_EXCEEDED: 'SETTLEMENT_CREDIT_EXCEEDED',
  /** Invoices + interest − credits is below zero (details: the totals). */
  SETTLEMENT_NEGATIVE_TOTAL: 'SETTLEMENT_NEGATIVE_TOTAL',
  /** The supplier (unknown, inactive, not a supplier) or the processor (unknown, inactive) cannot take it. */
  SETTLEMENT_PARTY_INVALID: 'SETTLEMENT_PARTY_INVALID',
  /** Statutory interest was included but no Bank of England base rate is in force on its reference date. */
  SETTLEMENT_NO_BASE_RATE: 'SETTLEMENT_NO_BASE_RATE',
  /** A cheque status change that the cheque's status does not allow, or a settlement without a cheque (409). */
  SETTLEMENT_CHEQUE_STATUS_CONFLICT: 'SETTLEMENT_CHEQUE_STATUS_CONFLICT',
} as const;
export type SettlementErrorCode = (typeof SettlementErrorCode)[keyof typeof SettlementErrorCode];

/** The settlement as a document: statuses, steps and who may take each (see the flow above). */
export const settlementDocument = defineDocument({
  name: 'purchase_invoice_settlement',
  label: 'Settlement',
  errorPrefix: 'SETTLEMENT',
  statuses: {
    DRAFT: { tone: 'neutral', open: true, phrase: 'a draft' },
    CHEQUE_ISSUED: { tone: 'info', open: true, phrase: 'waiting for its cheque to be collected' },
    CHEQUE_COLLECTED: { tone: 'progress', open: true, phrase: 'waiting for its cheque to be sent to the bank' },
    CHEQUE_SENT_TO_BANK: { tone: 'progress', open: true, phrase: 'waiting for its cheque to be realized' },
    COMPLETED: { tone: 'success', open: false, phrase: 'completed' },
    CHEQUE_RETURNED: { tone: 'warning', open: false, phrase: 'reopened by a returned cheque' },
    CANCELED: { tone: 'danger', open: false, phrase: 'cancelled' },
  },
  actions: {
    edit: { from: ['DRAFT'], to: [], permission: 'add_purchase_invoice_settlement', done: 'changed' },
    complete: {
      from: ['DRAFT'],
      to: ['COMPLETED', 'CHEQUE_ISSUED'],
      permission: 'approve_purchase_invoice_settlement',
      idempotent: true,
      done: 'completed',
    },
    collect_cheque: {
      from: ['CHEQUE_ISSUED'],
      to: ['CHEQUE_COLLECTED'],
      permission: 'approve_purchase_invoice_settlement',
      done: 'marked as collected',
    },
    send_cheque_to_bank: {
      from: ['CHEQUE_COLLECTED'],
      to: ['CHEQUE_SENT_TO_BANK'],
      permission: 'approve_purchase_invoice_settlement',
      done: 'sent to the bank',
    },
    realize_cheque: {
      from: ['CHEQUE_SENT_TO_BANK'],
      to: ['COMPLETED'],
      permission: 'approve_purchase_invoice_settlement',
      done: 'realized',
    },
    return_cheque: {
      from: ['CHEQUE_ISSUED', 'CHEQUE_COLLECTED', 'CHEQUE_SENT_TO_BANK'],
      to: ['CHEQUE_RETURNED'],
      permission: 'approve_purchase_invoice_settlement',
      destructive: true,
      done: 'marked as returned',
    },
    cancel: {
      from: ['DRAFT'],
      to: ['CANCELED'],
      permission: 'cancel_purchase_invoice_settlement',
      destructive: true,
      done: 'cancelled',
    },
  },
});

export const SETTLEMENT_STATUSES = documentStatuses(settlementDocument);
export const SettlementStatus = z.enum(SETTLEMENT_STATUSES);
export type SettlementStatus = z.infer<typeof SettlementStatus>;

/** The cheque steps after issue (the specification's cheque statuses) and the document action each one is. */
export const CHEQUE_STEP_STATUSES = ['collected', 'send_to_bank', 'realized', 'returned'] as const;
export const ChequeStepStatus = z.enum(CHEQUE_STEP_STATUSES);
export type ChequeStepStatus = z.infer<typeof ChequeStepStatus>;
export const CHEQUE_STEP_ACTIONS = {
  collected: 'collect_cheque',
  send_to_bank: 'send_cheque_to_bank',
  realized: 'realize_cheque',
  returned: 'return_cheque',
} as const satisfies Record<ChequeStepStatus, keyof typeof settlementDocument.actions>;
/** From each cheque status, the ones it may go to. */
export const CHEQUE_NEXT_STATUSES = {
  issued: ['collected', 'returned'],
  collected: ['send_to_bank', 'returned'],
  send_to_bank: ['realized', 'returned'],
  realized: [],
  returned: [],
} as const;

export const SETTLEMENT_LINES_MAX = 200;
export const SETTLEMENT_CREDITS_MAX = 50;
export const SETTLEMENT_REFERENCE_MAX = 100;
export const SETTLEMENT_NOTE_MAX = 2000;
export const CHEQUE_NUMBER_MAX = 40;
export const CHEQUE_BANK_MAX = 120;

/** Money paid or applied: 2 places, above zero. */
const PositiveMoney = decimalString({ scale: 2, positive: true });
/** Money that may be zero (an interest amount typed). */
const MoneyText = decimalString({ scale: 2 });

export const SettlementLineInput = z.object({
  invoiceId: Uuid,
  /** What this settlement pays of the invoice, in its currency: at most its open amount. */
  amount: PositiveMoney,
  /** Add the late-payment interest to the payment. */
  includeInterest: z.boolean().default(false),
  /** The interest added when included; null: the proposal the server computes. */
  interestAmount: MoneyText.nullable().default(null),
});
export type SettlementLineInput = z.input<typeof SettlementLineInput>;

export const SettlementCreditInput = z.object({
  creditId: Uuid,
  /** Applied of the credit, in its currency: at most what is left of it. */
  amount: PositiveMoney,
});
export type SettlementCreditInput = z.input<typeof SettlementCreditInput>;

export const ChequeInput = z.object({
  number: singleLine(z.string().trim().min(1, 'the cheque number is needed').max(CHEQUE_NUMBER_MAX)),
  date: CalendarDate,
  bank: singleLine(z.string().trim().min(1, 'the bank is needed').max(CHEQUE_BANK_MAX)),
});
export type ChequeInput = z.input<typeof ChequeInput>;

export const SettlementInput = z
  .object({
    supplierId: Uuid,
    paymentDate: CalendarDate,
    processorId: Uuid,
    paymentType: PaymentType,
    reference: singleLine(z.string().trim().max(SETTLEMENT_REFERENCE_MAX)).default(''),
    note: z.string().trim().max(SETTLEMENT_NOTE_MAX).default(''),
    lines: z
      .array(SettlementLineInput)
      .min(1, 'a settlement pays at least one invoice')
      .max(SETTLEMENT_LINES_MAX, `a settlement pays at most ${SETTLEMENT_LINES_MAX} invoices`),
    credits: z.array(SettlementCreditInput).max(SETTLEMENT_CREDITS_MAX).default([]),
    /** Paid by cheque: completing issues it, and the amounts are held until it is realized. */
    cheque: ChequeInput.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    const invoices = new Set<string>();
    v.lines.forEach((l, i) => {
      if (invoices.has(l.invoiceId))
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'invoiceId'],
          message: 'an invoice is paid once per settlement',
        });
      invoices.add(l.invoiceId);
    });
    const credits = new Set<string>();
    (v.credits ?? []).forEach((c, i) => {
      if (credits.has(c.creditId))
        ctx.addIssue({
          code: 'custom',
          path: ['credits', i, 'creditId'],
          message: 'a credit is applied once per settlement',
        });
      credits.add(c.creditId);
    });
  });
export type SettlementInput = z.input<typeof SettlementInput>;

/** How a late-payment interest proposal was worked out. */
export const INTEREST_BASES = ['none', 'contractual', 'statutory', 'unavailable'] as const;
export const InterestBasis = z.enum(INTEREST_BASES);
export type InterestBasis = z.infer<typeof InterestBasis>;

/**
 * Late-payment interest on a principal at a payment date. basis 'none': not late; 'unavailable': statutory but no
 * base rate in force on the reference date (interest and fixedSum "0.00").
 */
export const LatePaymentInterest = z
  .object({
    basis: InterestBasis,
    /** Contractual: the supplier's type; statutory: always simple_interest. Null when not late. */
    interestType: InterestType.nullable(),
    /** The yearly rate applied, % (statutory: 8 + base rate). */
    annualRatePercent: z.string().nullable(),
    /** Statutory: the Bank of England base rate and the reference date it was read on. */
    baseRatePercent: z.string().nullable(),
    referenceDate: z.string().nullable(),
    daysLate: z.number().int(),
    principal: z.string(),
    interest: z.string(),
    /** Statutory fixed sum (£40/£70/£100) in the invoice's currency; "0.00" otherwise. */
    fixedSum: z.string(),
    /** interest + fixedSum: what including it adds. */
    total: z.string(),
  })
  .meta({ id: 'LatePaymentInterest' });
export type LatePaymentInterest = z.infer<typeof LatePaymentInterest>;

/** An invoice a settlement can pay (or pays), as the New Settlement screen lists it. */
export const PayableInvoice = z
  .object({
    id: Uuid,
    number: z.string(),
    supplierInvoiceNumber: z.string(),
    status: PurchaseInvoiceStatus,
    invoiceDate: z.string(),
    dueDate: z.string(),
    currency: z.string(),
    /** The invoice's own rate to GBP (what it was booked at). */
    exchangeRate: z.string(),
    grossTotal: z.string(),
    openAmount: z.string(),
    /** Payment date − due date, 0 when not late. */
    daysLate: z.number().int(),
    /** The proposal on the whole open amount at the payment date asked for. */
    interest: LatePaymentInterest,
  })
  .meta({ id: 'PayableInvoice' });
export type PayableInvoice = z.infer<typeof PayableInvoice>;

export const SettlementPayablesQuery = z.object({
  supplierId: Uuid,
  /** The day the payment is made (days late and interest are worked to it); empty: today (UK). */
  paymentDate: CalendarDate.optional(),
  /**
   * A DRAFT settlement of this supplier being edited: its held invoices (PROCESSING) and credits are listed too, with
   * the open amounts they had before the draft took its amounts (404 unknown, 422 another supplier's, 409 not a draft).
   */
  settlement: Uuid.optional(),
});
export type SettlementPayablesQuery = z.infer<typeof SettlementPayablesQuery>;

export const SettlementPayables = z
  .object({
    supplier: z.object({
      id: Uuid,
      code: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      paymentTermsDays: z.number().int(),
      /** The contractual late-payment interest; both null: UK statutory interest applies. */
      lateInterestRate: z.string().nullable(),
      lateInterestType: InterestType.nullable(),
    }),
    paymentDate: z.string(),
    /** The supplier's BOOKED invoices with an open amount, oldest due first. */
    invoices: z.array(PayableInvoice),
    /** The supplier's credits with something left, oldest first. */
    credits: z.array(SupplierCredit),
  })
  .meta({ id: 'SettlementPayables' });
export type SettlementPayables = z.infer<typeof SettlementPayables>;

/** A processor as the New Settlement screen offers it: a settlement in a currency pays through one in it or in GBP. */
export const SettlementProcessor = z
  .object({ id: Uuid, code: z.string(), name: z.string(), type: z.string(), currency: CurrencyCode })
  .meta({ id: 'SettlementProcessor' });
export type SettlementProcessor = z.infer<typeof SettlementProcessor>;

const Ref = z.object({ id: Uuid, code: z.string(), name: z.string() });
const UserRef = z.object({ id: Uuid, username: z.string() }).nullable();

export const SettlementLine = z
  .object({
    id: Uuid,
    lineNo: z.number().int(),
    invoice: z.object({
      id: Uuid,
      number: z.string(),
      supplierInvoiceNumber: z.string(),
      status: PurchaseInvoiceStatus,
      invoiceDate: z.string(),
      dueDate: z.string(),
      currency: z.string(),
      exchangeRate: z.string(),
      grossTotal: z.string(),
      /** The invoice's open amount now. */
      openAmount: z.string(),
    }),
    /** The invoice's open amount before this settlement took its amount. */
    openBefore: z.string(),
    amount: z.string(),
    /** openBefore − amount: what this settlement leaves to pay. */
    openAfter: z.string(),
    daysLate: z.number().int(),
    /** The proposal on this line's amount at the payment date. */
    interestProposal: LatePaymentInterest,
    includeInterest: z.boolean(),
    /** Added to the payment ("0.00" when not included). */
    interestAmount: z.string(),
    /** GBP: the amount at the payment date's rate, at the invoice's rate, and the difference (+: a loss). */
    amountGbp: z.string(),
    bookedGbp: z.string(),
    exchangeDifferenceGbp: z.string(),
  })
  .meta({ id: 'SettlementLine' });
export type SettlementLine = z.infer<typeof SettlementLine>;

export const SettlementCredit = z
  .object({
    id: Uuid,
    creditId: Uuid,
    reference: z.string(),
    sourceType: z.string(),
    sourceNumber: z.string(),
    /** The credit's full amount and what is left of it now. */
    creditAmount: z.string(),
    creditOpenAmount: z.string(),
    /** Applied by this settlement. */
    amount: z.string(),
    /** The day the credit was recorded (London) and its currency's rate to GBP on that day ("1" for GBP). */
    creditDate: z.string(),
    creditRate: z.string(),
    /**
     * GBP (IAS 21): the amount at the payment date's rate, at the credit's own rate, and the difference
     * bookedGbp − amountGbp (+: a loss, the credit offsets fewer pounds than it was booked at).
     */
    amountGbp: z.string(),
    bookedGbp: z.string(),
    exchangeDifferenceGbp: z.string(),
  })
  .meta({ id: 'SettlementCredit' });
export type SettlementCredit = z.infer<typeof SettlementCredit>;

export const Cheque = z
  .object({
    number: z.string(),
    date: z.string(),
    bank: z.string(),
    /** The specification's cheque statuses; 'issued' once the settlement is completed ("issued" on a draft too). */
    status: z.enum(['issued', 'collected', 'send_to_bank', 'realized', 'returned']),
    statusChangedAt: z.string().nullable(),
    /** Each change: status, the day it happened, note, who, when. */
    history: z.array(
      z.object({
        status: z.string(),
        date: z.string(),
        note: z.string(),
        by: UserRef,
        at: z.string(),
      }),
    ),
  })
  .meta({ id: 'Cheque' });
export type Cheque = z.infer<typeof Cheque>;

export const SettlementTotals = z.object({
  /** In the settlement's currency. */
  invoices: z.string(),
  interest: z.string(),
  credits: z.string(),
  /** invoices + interest − credits. */
  totalPaid: z.string(),
  /** totalPaid in the processor's currency (× the payment date's rate when that is GBP). */
  totalPaidProcessor: z.string(),
  /** Sum of the lines' and the credits' exchange differences, GBP (+: a loss). */
  exchangeDifferenceGbp: z.string(),
});
export type SettlementTotals = z.infer<typeof SettlementTotals>;

const settlementFields = {
  id: Uuid,
  number: z.string(),
  status: SettlementStatus,
  supplier: Ref,
  paymentDate: z.string(),
  processor: z.object({ id: Uuid, code: z.string(), name: z.string(), currency: z.string() }),
  paymentType: PaymentType,
  reference: z.string(),
  /** The invoices' currency. */
  currency: CurrencyCode,
  /** The settlement currency's rate to GBP effective on the payment date ("1" for GBP). */
  exchangeRate: z.string(),
  totals: SettlementTotals,
  chequeNumber: z.string().nullable(),
  chequeStatus: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: UserRef,
  completedAt: z.string().nullable(),
};

export const SettlementSummary = z
  .object({ ...settlementFields, lineCount: z.number().int() })
  .meta({ id: 'SettlementSummary' });
export type SettlementSummary = z.infer<typeof SettlementSummary>;

export const Settlement = z
  .object({
    ...settlementFields,
    note: z.string(),
    completedBy: UserRef,
    canceledAt: z.string().nullable(),
    canceledBy: UserRef,
    cancelReason: z.string(),
    lines: z.array(SettlementLine),
    credits: z.array(SettlementCredit),
    cheque: Cheque.nullable(),
    /** The remittance advice e-mail: queued when and to whom; null when none was sent (no recipients, not completed). */
    notification: z.object({ queuedAt: z.string(), recipients: z.array(z.string()) }).nullable(),
  })
  .meta({ id: 'Settlement' });
export type Settlement = z.infer<typeof Settlement>;

export const SETTLEMENT_SORTS = ['number', 'status', 'paymentDate', 'createdAt', 'supplier', 'totalPaid'] as const;

/** Search (settlement number, reference, cheque number, supplier code or name, an invoice's numbers), filters, sort. */
export const SettlementFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  status: SettlementStatus.optional(),
  supplierId: Uuid.optional(),
  paymentType: PaymentType.optional(),
  processorId: Uuid.optional(),
  /** Payment date on or after / on or before. */
  from: CalendarDate.optional(),
  to: CalendarDate.optional(),
});
export type SettlementFilter = z.infer<typeof SettlementFilter>;
export const SettlementListQuery = PageQuery.extend(SettlementFilter.shape);
export type SettlementListQuery = z.infer<typeof SettlementListQuery>;

export const SettlementCancelInput = z.object({ reason: z.string().trim().max(500).default('') });
export type SettlementCancelInput = z.input<typeof SettlementCancelInput>;

export const ChequeStatusInput = z.object({
  status: ChequeStepStatus,
  /** The day it happened; empty: today (UK). */
  date: CalendarDate.nullable().default(null),
  note: z.string().trim().max(500).default(''),
});
export type ChequeStatusInput = z.input<typeof ChequeStatusInput>;

/** A Bank of England base rate (%) in force from its date until the next one. */
export const BankBaseRate = z
  .object({ effectiveDate: z.string(), ratePercent: z.string(), updatedAt: z.string() })
  .meta({ id: 'BankBaseRate' });
export type BankBaseRate = z.infer<typeof BankBaseRate>;
export const BankBaseRateInput = z.object({ ratePercent: decimalString({ scale: 4, precision: 2 }) });
export type BankBaseRateInput = z.input<typeof BankBaseRateInput>;

const IdParams = z.object({ id: Uuid });
const DateParams = z.object({ date: CalendarDate });
const tag = 'purchasing';
const base = '/api/purchase-invoice-settlements';

export const settlementsApi = {
  listSettlements: endpoint({
    method: 'GET',
    path: base,
    permission: 'view_purchase_invoice_settlement',
    tag,
    summary:
      'Settlements, paged; search by number, reference, cheque number, supplier or invoice; filter by status, supplier, payment type, processor and payment date; sort',
    query: SettlementListQuery,
    response: pageOf(SettlementSummary),
  }),
  exportSettlements: endpoint({
    method: 'GET',
    path: `${base}/export`,
    permission: 'view_purchase_invoice_settlement',
    tag,
    summary: 'The settlements of a filter as an .xlsx file, one row per invoice paid',
    query: SettlementFilter,
    response: z.unknown(),
  }),
  settlementPayables: endpoint({
    method: 'GET',
    path: `${base}/payables`,
    permission: ['add_purchase_invoice_settlement', 'view_purchase_invoice_settlement'],
    tag,
    summary:
      'A supplier’s BOOKED invoices with their open amount, due date, days late and late-payment interest proposal at the payment date, and their open credits',
    query: SettlementPayablesQuery,
    response: SettlementPayables,
  }),
  settlementProcessors: endpoint({
    method: 'GET',
    path: `${base}/processors`,
    permission: ['add_purchase_invoice_settlement', 'view_purchase_invoice_settlement'],
    tag,
    summary:
      'The active processors a settlement can pay through (for the New Settlement screen, without view_currency), by code',
    response: z.object({ items: z.array(SettlementProcessor) }),
  }),
  getSettlement: endpoint({
    method: 'GET',
    path: `${base}/:id`,
    permission: 'view_purchase_invoice_settlement',
    tag,
    summary: 'One settlement with the invoices it pays, the credits it applies, its cheque and totals',
    params: IdParams,
    response: Settlement,
  }),
  createSettlement: endpoint({
    method: 'POST',
    path: base,
    permission: 'add_purchase_invoice_settlement',
    tag,
    summary:
      'Create a draft settlement: its invoices are held (PROCESSING) and their open amounts and the credits applied are taken at once',
    body: SettlementInput,
    response: Settlement,
    status: 201,
    idempotent: true,
  }),
  updateSettlement: endpoint({
    method: 'PUT',
    path: `${base}/:id`,
    permission: settlementDocument.actions.edit.permission,
    tag,
    summary: 'Change a draft settlement (lines and credits replaced: what it held released, the new ones taken)',
    params: IdParams,
    body: SettlementInput,
    response: Settlement,
  }),
  completeSettlement: actionEndpoint(settlementDocument, 'complete', {
    path: `${base}/:id/complete`,
    tag,
    summary:
      'Complete a draft: paid (invoices fully paid PROCESSED, partly paid BOOKED) and the remittance advice e-mailed; with a cheque, the cheque is issued and the amounts held until it is realized',
    params: IdParams,
    response: Settlement,
  }),
  changeChequeStatus: endpoint({
    method: 'POST',
    path: `${base}/:id/cheque-status`,
    permission: 'approve_purchase_invoice_settlement',
    tag,
    summary:
      'Move the cheque on: issued → collected → send_to_bank → realized (the settlement completed), or returned (every amount reopened)',
    params: IdParams,
    body: ChequeStatusInput,
    response: Settlement,
  }),
  cancelSettlement: actionEndpoint(settlementDocument, 'cancel', {
    path: `${base}/:id/cancel`,
    tag,
    summary: 'Cancel a draft settlement: its invoices released to BOOKED, open amounts and credits restored',
    params: IdParams,
    body: SettlementCancelInput,
    response: Settlement,
  }),
  settlementPdf: endpoint({
    method: 'GET',
    path: `${base}/:id/pdf`,
    permission: 'view_purchase_invoice_settlement',
    tag,
    summary: 'The remittance advice as a PDF (A4, in the language of lang or Accept-Language)',
    params: IdParams,
    query: PrintoutQuery,
    response: PdfFile,
  }),
  listBankBaseRates: endpoint({
    method: 'GET',
    path: '/api/bank-base-rates',
    permission: ['view_purchase_invoice_settlement', 'view_system_configuration'],
    tag,
    summary: 'The Bank of England base rates statutory late-payment interest reads, latest first',
    response: z.object({ items: z.array(BankBaseRate) }),
  }),
  setBankBaseRate: endpoint({
    method: 'PUT',
    path: '/api/bank-base-rates/:date',
    permission: 'edit_system_configuration',
    tag,
    summary: 'Add or change the Bank of England base rate in force from a date',
    params: DateParams,
    body: BankBaseRateInput,
    response: BankBaseRate,
  }),
  deleteBankBaseRate: endpoint({
    method: 'DELETE',
    path: '/api/bank-base-rates/:date',
    permission: 'edit_system_configuration',
    tag,
    summary: 'Remove the Bank of England base rate of a date',
    params: DateParams,
    response: z.object({ effectiveDate: z.string() }),
  }),
};
