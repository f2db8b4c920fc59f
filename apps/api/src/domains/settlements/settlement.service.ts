import {
  BASE_CURRENCY,
  type BankBaseRate,
  CHEQUE_STEP_ACTIONS,
  type ChequeStatusInput,
  type CurrencyCode,
  type LatePaymentInterest,
  type PayableInvoice,
  type PaymentType,
  purchaseInvoiceDocument,
  type Settlement,
  type SettlementCancelInput,
  SettlementErrorCode,
  type SettlementFilter,
  type SettlementInput,
  type SettlementLine,
  type SettlementListQuery,
  type SettlementPayables,
  type SettlementPayablesQuery,
  type SettlementStatus,
  type SettlementSummary,
  settlementDocument,
  todayInLondon,
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
  moneyText as money,
  nextDocumentNumber,
  pageOfDocuments,
  recordStep,
  requireAction,
  userRef,
} from '../../platform/documents.ts';
import { type DocumentLineRow, documentsWithLines, sendDocumentsXlsx } from '../../platform/documents-export.ts';
import { lineDetails } from '../../platform/documents-lines.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';
import { words, type XlsxColumn } from '../../platform/xlsx.ts';
import { convertToBase, rateOn } from '../currencies/index.ts';
import { supplierCredits } from '../rmas/index.ts';
import { baseRateLookup, daysLate, latePaymentInterest } from './settlement.interest.ts';
import * as repo from './settlement.repository.ts';

/**
 * Settlements of supplier invoices (contracts/purchasing/settlements.ts has the flow and the rules). A draft holds
 * what it pays: its invoices go BOOKED → PROCESSING (the invoice document's `settle`) and their open amounts and
 * the credits' open amounts are lowered in the same transaction, so an open amount is always what no settlement
 * has taken and two settlements can never pay the same amount (the invoices are locked, in id order, before any
 * check). Completing (or realizing its cheque) pays: `pay` → PROCESSED when nothing is left open, else BOOKED.
 * Cancelling a draft or a returned cheque gives everything back (`release` → BOOKED, open amounts and credits
 * restored). Every step is one transaction; a refused one writes nothing.
 */

type Values = z.output<typeof SettlementInput>;
type CancelValues = z.output<typeof SettlementCancelInput>;
type ChequeValues = z.output<typeof ChequeStatusInput>;

const ZERO = new Decimal(0);
const label = settlementDocument.label;
const penny = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

// Reading

function headOf(r: repo.SettlementHead) {
  return {
    id: r.id,
    number: r.number,
    status: r.status as SettlementStatus,
    supplier: { id: r.supplier_id, code: r.supplier_code, name: r.supplier_name },
    paymentDate: r.payment_date,
    processor: { id: r.processor_id, code: r.processor_code, name: r.processor_name, currency: r.processor_currency },
    paymentType: r.payment_type as PaymentType,
    reference: r.reference,
    currency: r.currency as CurrencyCode,
    exchangeRate: new Decimal(r.exchange_rate).toFixed(),
    totals: {
      invoices: money(r.invoices_total),
      interest: money(r.interest_total),
      credits: money(r.credits_total),
      totalPaid: money(r.total_paid),
      totalPaidProcessor: money(r.total_paid_processor),
      exchangeDifferenceGbp: money(r.exchange_difference_gbp),
    },
    chequeNumber: r.cheque_number,
    chequeStatus: r.cheque_status,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    createdBy: userRef(r.created_by, r.created_by_name),
    completedAt: isoOrNull(r.completed_at),
  };
}

function interestOf(l: repo.LineRow): LatePaymentInterest {
  return {
    basis: l.interest_basis as LatePaymentInterest['basis'],
    interestType: l.interest_type,
    annualRatePercent: l.interest_rate === null ? null : new Decimal(l.interest_rate).toFixed(),
    baseRatePercent: l.base_rate === null ? null : new Decimal(l.base_rate).toFixed(),
    referenceDate: l.interest_reference_date,
    daysLate: l.days_late,
    principal: money(l.amount),
    interest: money(new Decimal(l.interest_proposal).minus(l.fixed_sum)),
    fixedSum: money(l.fixed_sum),
    total: money(l.interest_proposal),
  };
}

function toLine(l: repo.LineRow): SettlementLine {
  return {
    id: l.id,
    lineNo: l.line_no,
    invoice: {
      id: l.invoice_id,
      number: l.invoice_number,
      supplierInvoiceNumber: l.supplier_invoice_number,
      status: l.invoice_status as SettlementLine['invoice']['status'],
      invoiceDate: l.invoice_date,
      dueDate: l.due_date,
      currency: l.invoice_currency,
      exchangeRate: new Decimal(l.invoice_rate).toFixed(),
      grossTotal: money(l.gross_total),
      openAmount: money(l.invoice_open),
    },
    openBefore: money(l.open_before),
    amount: money(l.amount),
    openAfter: money(new Decimal(l.open_before).minus(l.amount)),
    daysLate: l.days_late,
    interestProposal: interestOf(l),
    includeInterest: l.include_interest,
    interestAmount: money(l.interest_amount),
    amountGbp: money(l.amount_gbp),
    bookedGbp: money(l.booked_gbp),
    exchangeDifferenceGbp: money(l.exchange_difference_gbp),
  };
}

export async function getSettlement(db: Kysely<Database>, id: string): Promise<Settlement> {
  const head = found(await repo.findSettlement(db, id), label, id);
  const [lines, credits, events] = await Promise.all([
    repo.findLines(db, [id]),
    repo.findCredits(db, id),
    repo.chequeEvents(db, id),
  ]);
  return {
    ...headOf(head),
    note: head.note,
    completedBy: userRef(head.completed_by, head.completed_by_name),
    canceledAt: isoOrNull(head.canceled_at),
    canceledBy: userRef(head.canceled_by, head.canceled_by_name),
    cancelReason: head.cancel_reason,
    lines: lines.map(toLine),
    credits: credits.map((c) => ({
      id: c.id,
      creditId: c.credit_id,
      reference: c.reference,
      sourceType: c.source_type,
      sourceNumber: c.source_number ?? '',
      creditAmount: money(c.credit_amount),
      creditOpenAmount: money(c.credit_open),
      amount: money(c.amount),
      creditDate: c.credit_date,
      creditRate: new Decimal(c.credit_rate).toFixed(),
      amountGbp: money(c.amount_gbp),
      bookedGbp: money(c.booked_gbp),
      exchangeDifferenceGbp: money(c.exchange_difference_gbp),
    })),
    cheque:
      head.cheque_number && head.cheque_status
        ? {
            number: head.cheque_number,
            date: head.cheque_date ?? '',
            bank: head.cheque_bank ?? '',
            status: head.cheque_status as NonNullable<Settlement['cheque']>['status'],
            statusChangedAt: isoOrNull(head.cheque_status_at),
            history: events.map((e) => ({
              status: e.status,
              date: e.event_date,
              note: e.note,
              by: userRef(e.created_by, e.username),
              at: e.created_at.toISOString(),
            })),
          }
        : null,
    notification: head.notified_at
      ? { queuedAt: head.notified_at.toISOString(), recipients: head.notified_recipients ?? [] }
      : null,
  };
}

const toSummary = (r: repo.SettlementListRow): SettlementSummary => ({
  ...headOf(r),
  lineCount: Number(r.line_count ?? 0),
});

export function listSettlements(db: Kysely<Database>, q: SettlementListQuery) {
  return pageOfDocuments(
    q,
    (limit, offset) => repo.findSettlements(db, q, limit, offset),
    () => repo.countSettlements(db, q),
    toSummary,
  );
}

type ExportRow = DocumentLineRow<repo.SettlementListRow, repo.LineRow>;

const EXPORT_COLUMNS: XlsxColumn<ExportRow>[] = [
  { header: words('Number', 'Número', 'Número', 'Nummer'), width: 18, value: (r) => r.document.number },
  {
    header: words('Status', 'Estado', 'Estado', 'Status'),
    width: 16,
    type: 'enum',
    labels: 'documents:purchase_invoice_settlement.status',
    value: (r) => r.document.status,
  },
  {
    header: words('Supplier', 'Proveedor', 'Fornecedor', 'Lieferant'),
    width: 14,
    value: (r) => r.document.supplier_code,
  },
  {
    header: words('Payment date', 'Fecha de pago', 'Data de pagamento', 'Zahlungsdatum'),
    width: 12,
    type: 'date',
    value: (r) => r.document.payment_date,
  },
  {
    header: words('Processor', 'Procesador', 'Processador', 'Zahlungsweg'),
    width: 14,
    value: (r) => r.document.processor_code,
  },
  {
    header: words('Payment type', 'Tipo de pago', 'Tipo de pagamento', 'Zahlungsart'),
    width: 16,
    value: (r) => r.document.payment_type,
  },
  { header: words('Reference', 'Referencia', 'Referência', 'Referenz'), width: 18, value: (r) => r.document.reference },
  { header: words('Cheque', 'Cheque', 'Cheque', 'Scheck'), width: 12, value: (r) => r.document.cheque_number ?? '' },
  { header: words('Invoice', 'Factura', 'Fatura', 'Rechnung'), width: 18, value: (r) => r.line.invoice_number },
  {
    header: words('Supplier’s invoice', 'Factura del proveedor', 'Fatura do fornecedor', 'Lieferantenrechnung'),
    width: 18,
    value: (r) => r.line.supplier_invoice_number,
  },
  {
    header: words('Amount paid', 'Importe pagado', 'Montante pago', 'Gezahlter Betrag'),
    width: 14,
    type: 'money',
    currency: (r) => r.document.currency,
    value: (r) => r.line.amount,
  },
  {
    header: words('Interest', 'Intereses', 'Juros', 'Zinsen'),
    width: 12,
    type: 'money',
    currency: (r) => r.document.currency,
    value: (r) => r.line.interest_amount,
  },
  {
    header: words('Days late', 'Días de retraso', 'Dias de atraso', 'Tage verspätet'),
    width: 10,
    type: 'number',
    places: 0,
    value: (r) => r.line.days_late,
  },
  {
    header: words(
      'Exchange difference (GBP)',
      'Diferencia de cambio (GBP)',
      'Diferença cambial (GBP)',
      'Kursdifferenz (GBP)',
    ),
    width: 14,
    type: 'money',
    value: (r) => r.line.exchange_difference_gbp,
  },
  {
    header: words('Settlement total', 'Total de la liquidación', 'Total da liquidação', 'Summe des Ausgleichs'),
    width: 14,
    type: 'money',
    currency: (r) => r.document.currency,
    value: (r) => r.document.total_paid,
  },
];

export function exportSettlements(ctx: Ctx, f: SettlementFilter) {
  const rows = documentsWithLines(
    (offset, limit) => repo.findSettlements(ctx.db, f, limit, offset),
    (ids) => repo.findLines(ctx.db, ids),
    (l) => l.settlement_id,
  );
  return sendDocumentsXlsx(ctx, 'settlements', EXPORT_COLUMNS, rows);
}

// Payables

const invalidParty = (message: string, details: Record<string, unknown>) =>
  unprocessable(SettlementErrorCode.SETTLEMENT_PARTY_INVALID, message, details);

async function activeSupplier(db: Kysely<Database>, id: string) {
  const supplier = await repo.findSupplier(db, id);
  if (!supplier?.active)
    throw invalidParty(supplier ? `Supplier ${supplier.code} is inactive.` : 'The chosen supplier does not exist.', {
      field: 'supplierId',
      supplierId: id,
    });
  return supplier;
}

/** The rate of the payment date, or null where a foreign currency has none (the proposal then leaves it out). */
async function rateOrNull(db: Kysely<Database>, currency: string, date: string): Promise<string | null> {
  try {
    return (await rateOn(db, currency as CurrencyCode, date)).rate;
  } catch {
    return null;
  }
}

/**
 * What a draft being edited holds, given back on paper: its invoices and credits with the open amounts they had
 * before it took its amounts. Only a DRAFT (409 otherwise) of the supplier asked about (422 otherwise).
 */
async function draftHoldings(db: Kysely<Database>, supplierId: string, settlementId: string) {
  const head = found(await repo.findSettlement(db, settlementId), label, settlementId);
  if (head.supplier_id !== supplierId)
    throw invalidParty(
      `Settlement ${head.number} pays ${head.supplier_code}, not the supplier asked about: choose ${head.supplier_code} to edit it.`,
      { field: 'settlement', settlement: head.number, supplier: head.supplier_code },
    );
  requireAction(settlementDocument, head, 'edit');
  const [invoices, credits] = await Promise.all([repo.heldInvoices(db, head.id), repo.heldCredits(db, head.id)]);
  return {
    invoices: invoices.map(({ held, ...i }) => ({
      ...i,
      open_amount: new Decimal(i.open_amount).plus(held).toFixed(2),
    })),
    credits: credits.map(({ held, ...c }) => ({
      id: c.id,
      supplier: { id: c.supplier_id, code: c.supplier_code, name: c.supplier_name },
      currency: c.currency,
      amount: money(c.amount),
      openAmount: money(new Decimal(c.open_amount).plus(held)),
      reference: c.reference,
      sourceType: c.source_type,
      sourceId: c.source_id,
      sourceNumber: c.source_number ?? '',
      createdAt: c.created_at.toISOString(),
    })),
  };
}

export async function payables(db: Kysely<Database>, q: SettlementPayablesQuery): Promise<SettlementPayables> {
  const supplier = await activeSupplier(db, q.supplierId);
  const paymentDate = q.paymentDate ?? todayInLondon();
  const held = q.settlement ? await draftHoldings(db, q.supplierId, q.settlement) : null;
  const [open, openCredits, rates] = await Promise.all([
    repo.payableInvoices(db, q.supplierId),
    supplierCredits(db, q.supplierId),
    repo.baseRates(db),
  ]);
  // The draft's own first where both list one (a credit it took part of is still open to others).
  const heldInvoiceIds = new Set(held?.invoices.map((i) => i.id));
  const invoices = [...(held?.invoices ?? []), ...open.filter((i) => !heldInvoiceIds.has(i.id))].sort(
    (a, b) => a.due_date.localeCompare(b.due_date) || a.number.localeCompare(b.number),
  );
  const heldCreditIds = new Set(held?.credits.map((c) => c.id));
  const credits = [...(held?.credits ?? []), ...openCredits.filter((c) => !heldCreditIds.has(c.id))].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
  const claimed = await repo.fixedSumClaimed(
    db,
    invoices.map((i) => i.id),
    q.settlement ?? null,
  );
  const lookup = baseRateLookup(rates);
  const rateOf = new Map<string, string | null>();
  for (const c of new Set(invoices.map((i) => i.currency))) rateOf.set(c, await rateOrNull(db, c, paymentDate));
  const terms = { lateInterestRate: supplier.late_interest_rate, lateInterestType: supplier.late_interest_type };
  const items: PayableInvoice[] = invoices.map((i) => ({
    id: i.id,
    number: i.number,
    supplierInvoiceNumber: i.supplier_invoice_number,
    status: i.status as PayableInvoice['status'],
    invoiceDate: i.invoice_date,
    dueDate: i.due_date,
    currency: i.currency,
    exchangeRate: new Decimal(i.exchange_rate).toFixed(),
    grossTotal: money(i.gross_total),
    openAmount: money(i.open_amount),
    daysLate: daysLate(i.due_date, paymentDate),
    interest: latePaymentInterest(
      terms,
      {
        principal: i.open_amount,
        dueDate: i.due_date,
        paymentDate,
        debt: i.gross_total,
        // Without the day's rate the fixed sum is sized at the invoice's own rate.
        rateToGbp: rateOf.get(i.currency) ?? i.exchange_rate,
        fixedSumDue: !claimed.has(i.id),
      },
      lookup,
    ),
  }));
  return {
    supplier: {
      id: supplier.id,
      code: supplier.code,
      name: supplier.name,
      email: supplier.email,
      paymentTermsDays: supplier.payment_terms_days,
      lateInterestRate:
        supplier.late_interest_rate === null ? null : new Decimal(supplier.late_interest_rate).toFixed(),
      lateInterestType: supplier.late_interest_type,
    },
    paymentDate,
    invoices: items,
    credits,
  };
}

export async function processors(db: Kysely<Database>) {
  const rows = await repo.activeProcessors(db);
  return { items: rows.map((p) => ({ ...p, currency: p.currency as CurrencyCode })) };
}

// Drafts

interface Checked {
  head: repo.NewHead;
  lines: repo.NewLine[];
  credits: repo.NewCredit[];
  invoices: repo.InvoiceRow[];
}

/**
 * The rules of a settlement's content, against invoices and credits locked here (in id order). `heldBy`: the draft
 * being changed, whose own invoices (PROCESSING) may stay and whose amounts were given back before this runs.
 */
async function checkSettlement(
  db: Kysely<Database>,
  input: Values,
  heldBy: Set<string>,
  settlementId: string | null,
): Promise<Checked> {
  const supplier = await activeSupplier(db, input.supplierId);
  const processor = await repo.findProcessor(db, input.processorId);
  if (!processor?.active)
    throw invalidParty(
      processor ? `Processor ${processor.code} is inactive.` : 'The chosen processor does not exist.',
      { field: 'processorId', processorId: input.processorId },
    );

  const invoices = await repo.lockInvoices(
    db,
    input.lines.map((l) => l.invoiceId),
  );
  const invoiceOf = new Map(invoices.map((i) => [i.id, i]));
  input.lines.forEach((l, i) => {
    const inv = invoiceOf.get(l.invoiceId);
    if (!inv)
      throw unprocessable(
        SettlementErrorCode.SETTLEMENT_INVOICE_NOT_PAYABLE,
        `Line ${i + 1}: no such supplier invoice.`,
        lineDetails(i, { field: 'invoiceId', invoiceId: l.invoiceId, invoice: l.invoiceId }),
      );
    if (inv.supplier_id !== input.supplierId)
      throw unprocessable(
        SettlementErrorCode.SETTLEMENT_INVOICE_SUPPLIER_MISMATCH,
        `Line ${i + 1}: invoice ${inv.number} is another supplier’s, not ${supplier.code}’s.`,
        lineDetails(i, { field: 'invoiceId', invoice: inv.number }),
      );
    const held = inv.status === 'PROCESSING' && heldBy.has(inv.id);
    if (inv.status !== 'BOOKED' && !held)
      throw unprocessable(
        SettlementErrorCode.SETTLEMENT_INVOICE_NOT_PAYABLE,
        inv.status === 'PROCESSING'
          ? `Line ${i + 1}: invoice ${inv.number} is in another settlement; it can be paid here once that one is completed or cancelled.`
          : `Line ${i + 1}: invoice ${inv.number} is ${purchaseInvoiceDocument.statuses[inv.status as 'BOOKED']?.phrase ?? inv.status.toLowerCase()}; only booked invoices can be paid.`,
        lineDetails(i, { field: 'invoiceId', invoice: inv.number, status: inv.status }),
      );
    if (new Decimal(l.amount).gt(inv.open_amount))
      throw unprocessable(
        SettlementErrorCode.SETTLEMENT_OVERPAYMENT,
        `Line ${i + 1}: invoice ${inv.number} has ${money(inv.open_amount)} ${inv.currency} open; ${money(l.amount)} is more than that.`,
        lineDetails(i, {
          field: 'amount',
          invoice: inv.number,
          openAmount: money(inv.open_amount),
          amount: money(l.amount),
          currency: inv.currency,
        }),
      );
  });

  const currencies = [...new Set(invoices.map((i) => i.currency))];
  const currency = currencies[0] as CurrencyCode;
  if (currencies.length > 1)
    throw unprocessable(
      SettlementErrorCode.SETTLEMENT_CURRENCY_MISMATCH,
      `The invoices are in ${currencies.join(' and ')}: a settlement pays invoices of one currency. Settle each currency separately.`,
      { field: 'lines', currency, other: currencies[1] },
    );
  if (processor.currency !== currency && processor.currency !== BASE_CURRENCY)
    throw unprocessable(
      SettlementErrorCode.SETTLEMENT_CURRENCY_MISMATCH,
      `Processor ${processor.code} pays in ${processor.currency}; these invoices are in ${currency}. Choose a processor in ${currency} or GBP.`,
      { field: 'processorId', currency, other: processor.currency },
    );
  const rate = (await rateOn(db, currency, input.paymentDate)).rate;

  const creditRows = await repo.lockCredits(
    db,
    input.credits.map((c) => c.creditId),
  );
  const creditOf = new Map(creditRows.map((c) => [c.id, c]));
  input.credits.forEach((c, i) => {
    const row = creditOf.get(c.creditId);
    const at = (d: Record<string, unknown>) => ({ index: i, path: ['credits', i, 'creditId'], ...d });
    if (!row || row.supplier_id !== input.supplierId)
      throw unprocessable(
        SettlementErrorCode.SETTLEMENT_CREDIT_INVALID,
        row
          ? `Credit ${row.source_number ?? row.reference} is another supplier’s, not ${supplier.code}’s.`
          : 'No such supplier credit.',
        at({ field: 'creditId', creditId: c.creditId }),
      );
    const name = row.source_number ?? row.reference;
    if (row.currency !== currency)
      throw unprocessable(
        SettlementErrorCode.SETTLEMENT_CURRENCY_MISMATCH,
        `Credit ${name} is in ${row.currency}; the invoices are in ${currency}.`,
        at({ field: 'creditId', currency, other: row.currency }),
      );
    if (new Decimal(c.amount).gt(row.open_amount))
      throw unprocessable(
        SettlementErrorCode.SETTLEMENT_CREDIT_EXCEEDED,
        `Credit ${name} has ${money(row.open_amount)} ${row.currency} left; ${money(c.amount)} is more than that.`,
        at({ field: 'amount', credit: name, openAmount: money(row.open_amount), amount: money(c.amount) }),
      );
  });

  // Each credit at the rate of its own day (IAS 21: recorded then, offset at the payment date's rate).
  const creditRates = new Map<string, string>();
  for (const day of new Set(creditRows.map((c) => c.credit_date)))
    creditRates.set(day, (await rateOn(db, currency, day)).rate);
  const credits: repo.NewCredit[] = input.credits.map((c) => {
    const row = creditOf.get(c.creditId) as repo.CreditRow;
    const creditRate = creditRates.get(row.credit_date) as string;
    const amountGbp = convertToBase(c.amount, rate);
    const bookedGbp = convertToBase(c.amount, creditRate);
    return {
      creditId: c.creditId,
      amount: money(c.amount),
      creditDate: row.credit_date,
      creditRate,
      amountGbp,
      bookedGbp,
      exchangeDifferenceGbp: new Decimal(bookedGbp).minus(amountGbp).toFixed(2),
    };
  });

  // Interest, exchange differences and totals.
  const lookup = baseRateLookup(await repo.baseRates(db));
  const claimed = await repo.fixedSumClaimed(
    db,
    invoices.map((i) => i.id),
    settlementId,
  );
  const terms = { lateInterestRate: supplier.late_interest_rate, lateInterestType: supplier.late_interest_type };
  const lines: repo.NewLine[] = input.lines.map((l, i) => {
    const inv = invoiceOf.get(l.invoiceId) as repo.InvoiceRow;
    const proposal = latePaymentInterest(
      terms,
      {
        principal: l.amount,
        dueDate: inv.due_date,
        paymentDate: input.paymentDate,
        debt: inv.gross_total,
        rateToGbp: rate,
        fixedSumDue: !claimed.has(inv.id),
      },
      lookup,
    );
    if (l.includeInterest && l.interestAmount === null && proposal.basis === 'unavailable')
      throw unprocessable(
        SettlementErrorCode.SETTLEMENT_NO_BASE_RATE,
        `Line ${i + 1}: no Bank of England base rate is recorded on or before ${proposal.referenceDate}, so the statutory interest of ${inv.number} cannot be worked out. Add the rate, or type the interest amount.`,
        lineDetails(i, { field: 'interestAmount', invoice: inv.number, referenceDate: proposal.referenceDate }),
      );
    const interest = l.includeInterest ? penny(l.interestAmount ?? proposal.total) : ZERO;
    const amountGbp = convertToBase(l.amount, rate);
    const bookedGbp = convertToBase(l.amount, inv.exchange_rate);
    return {
      lineNo: i + 1,
      invoiceId: inv.id,
      openBefore: money(inv.open_amount),
      amount: money(l.amount),
      daysLate: proposal.daysLate,
      interestBasis: proposal.basis,
      interestType: proposal.interestType,
      interestRate: proposal.annualRatePercent,
      baseRate: proposal.baseRatePercent,
      referenceDate: proposal.referenceDate,
      interestProposal: proposal.total,
      fixedSum: proposal.fixedSum,
      includeInterest: l.includeInterest,
      interestAmount: interest.toFixed(2),
      amountGbp,
      bookedGbp,
      exchangeDifferenceGbp: new Decimal(amountGbp).minus(bookedGbp).toFixed(2),
    };
  });
  const sum = (values: Decimal.Value[]) => values.reduce<Decimal>((s, v) => s.plus(v), ZERO);
  const invoicesTotal = sum(lines.map((l) => l.amount));
  const interestTotal = sum(lines.map((l) => l.interestAmount));
  const creditsTotal = sum(input.credits.map((c) => c.amount));
  const totalPaid = invoicesTotal.plus(interestTotal).minus(creditsTotal);
  if (totalPaid.isNegative())
    throw unprocessable(
      SettlementErrorCode.SETTLEMENT_NEGATIVE_TOTAL,
      `The credits applied (${money(creditsTotal)} ${currency}) are more than the invoices and interest paid (${money(invoicesTotal.plus(interestTotal))} ${currency}): apply at most that much credit.`,
      {
        field: 'credits',
        invoices: money(invoicesTotal),
        interest: money(interestTotal),
        credits: money(creditsTotal),
        invoicesAndInterest: money(invoicesTotal.plus(interestTotal)),
        total: money(totalPaid),
      },
    );
  return {
    head: {
      supplierId: input.supplierId,
      paymentDate: input.paymentDate,
      processorId: input.processorId,
      paymentType: input.paymentType,
      reference: input.reference,
      note: input.note,
      currency,
      exchangeRate: rate,
      processorCurrency: processor.currency,
      invoicesTotal: money(invoicesTotal),
      interestTotal: money(interestTotal),
      creditsTotal: money(creditsTotal),
      totalPaid: money(totalPaid),
      totalPaidProcessor: processor.currency === currency ? money(totalPaid) : convertToBase(totalPaid, rate),
      exchangeDifferenceGbp: money(
        sum([...lines.map((l) => l.exchangeDifferenceGbp), ...credits.map((c) => c.exchangeDifferenceGbp)]),
      ),
      cheque: input.cheque,
    },
    lines,
    credits,
    invoices,
  };
}

/** Takes what a settlement pays: invoices' open amounts lowered (BOOKED ones put in it), credits' lowered. */
async function take(ctx: Ctx, checked: Checked) {
  const invoiceOf = new Map(checked.invoices.map((i) => [i.id, i]));
  for (const l of checked.lines) {
    const inv = invoiceOf.get(l.invoiceId) as repo.InvoiceRow;
    await repo.adjustInvoiceOpen(ctx.db, inv.id, new Decimal(l.amount).neg().toFixed(2));
    if (inv.status === 'BOOKED') {
      const row = await lockForAction(ctx.db, purchaseInvoiceDocument, 'purchase_invoices', inv.id, 'settle');
      await repo.setInvoiceStatus(ctx.db, inv.id, 'PROCESSING');
      await recordStep(ctx, purchaseInvoiceDocument, row, 'settle', 'PROCESSING', {
        before: { openAmount: money(inv.open_amount) },
        after: { openAmount: money(new Decimal(inv.open_amount).minus(l.amount)) },
      });
    }
  }
  for (const c of checked.credits)
    await repo.adjustCreditOpen(ctx.db, c.creditId, new Decimal(c.amount).neg().toFixed(2));
}

/** Gives back the amounts a settlement took (invoices' and credits' open amounts); statuses are the caller's. */
async function giveBackAmounts(ctx: Ctx, settlementId: string) {
  const held = await repo.holdings(ctx.db, settlementId);
  await repo.lockInvoices(
    ctx.db,
    held.lines.map((l) => l.invoice_id),
  );
  await repo.lockCredits(
    ctx.db,
    held.credits.map((c) => c.credit_id),
  );
  for (const l of held.lines) await repo.adjustInvoiceOpen(ctx.db, l.invoice_id, money(l.amount));
  for (const c of held.credits) await repo.adjustCreditOpen(ctx.db, c.credit_id, money(c.amount));
  return held;
}

/** Invoices held by the settlement go back to BOOKED (`release`), except those in `keep`. */
async function releaseInvoices(ctx: Ctx, invoiceIds: string[], settlementNumber: string) {
  for (const id of [...invoiceIds].sort()) {
    const row = await lockForAction(ctx.db, purchaseInvoiceDocument, 'purchase_invoices', id, 'release');
    await repo.setInvoiceStatus(ctx.db, id, 'BOOKED');
    await recordStep(ctx, purchaseInvoiceDocument, row, 'release', 'BOOKED', {
      after: { settlement: settlementNumber, openAmount: money(row.open_amount) },
    });
  }
}

const auditContent = (s: Settlement) => ({
  supplier: s.supplier.code,
  paymentDate: s.paymentDate,
  processor: s.processor.code,
  paymentType: s.paymentType,
  currency: s.currency,
  lines: s.lines.map((l) => ({ invoice: l.invoice.number, amount: l.amount, interest: l.interestAmount })),
  credits: s.credits.map((c) => ({
    credit: c.sourceNumber || c.reference,
    amount: c.amount,
    exchangeDifferenceGbp: c.exchangeDifferenceGbp,
  })),
  exchangeDifferenceGbp: s.totals.exchangeDifferenceGbp,
  totalPaid: s.totals.totalPaid,
  cheque: s.cheque ? { number: s.cheque.number, date: s.cheque.date, bank: s.cheque.bank } : null,
});

export async function createSettlement(ctx: Ctx, input: Values): Promise<Settlement> {
  const checked = await checkSettlement(ctx.db, input, new Set(), null);
  const number = await nextDocumentNumber(ctx.db, 'purchaseInvoiceSettlement', input.paymentDate);
  const id = await repo.insertSettlement(ctx.db, number, checked.head, ctx.user.id);
  await repo.replaceLines(ctx.db, id, checked.lines);
  await repo.replaceCredits(ctx.db, id, checked.credits);
  await auditDocument(ctx, settlementDocument, {
    number,
    action: 'create',
    after: auditContent(await getSettlement(ctx.db, id)),
  });
  await take(ctx, checked);
  return getSettlement(ctx.db, id);
}

const lockFor = (ctx: Ctx, id: string, action: keyof typeof settlementDocument.actions) =>
  lockForAction(ctx.db, settlementDocument, 'purchase_invoice_settlements', id, action);

export async function updateSettlement(ctx: Ctx, id: string, input: Values): Promise<Settlement> {
  const row = await lockFor(ctx, id, 'edit');
  const before = await getSettlement(ctx.db, id);
  const held = await giveBackAmounts(ctx, id);
  const heldIds = new Set(held.lines.map((l) => l.invoice_id));
  const checked = await checkSettlement(ctx.db, input, heldIds, id);
  await repo.updateSettlement(ctx.db, id, checked.head);
  await repo.replaceLines(ctx.db, id, checked.lines);
  await repo.replaceCredits(ctx.db, id, checked.credits);
  await take(ctx, checked);
  const kept = new Set(checked.lines.map((l) => l.invoiceId));
  await releaseInvoices(
    ctx,
    [...heldIds].filter((i) => !kept.has(i)),
    row.number,
  );
  const after = await getSettlement(ctx.db, id);
  await auditDocument(ctx, settlementDocument, {
    number: row.number,
    action: 'update',
    before: auditContent(before),
    after: auditContent(after),
  });
  return after;
}

export async function cancelSettlement(ctx: Ctx, id: string, input: CancelValues): Promise<Settlement> {
  const row = await lockFor(ctx, id, 'cancel');
  const held = await giveBackAmounts(ctx, id);
  await releaseInvoices(
    ctx,
    held.lines.map((l) => l.invoice_id),
    row.number,
  );
  await repo.setStatus(ctx.db, id, 'CANCELED', ctx.user.id, { cancelReason: input.reason });
  await recordStep(ctx, settlementDocument, row, 'cancel', 'CANCELED', { after: { reason: input.reason } });
  return getSettlement(ctx.db, id);
}

// Completion

/** Queues the remittance advice to the notification recipients in the request's transaction; answers them. */
export type SettlementNotifier = (ctx: Ctx, settlement: Settlement) => Promise<string[]>;

/** Pays the held invoices: nothing left open → PROCESSED, else back to BOOKED with what is left. */
async function payInvoices(ctx: Ctx, settlementId: string, settlementNumber: string) {
  const held = await repo.holdings(ctx.db, settlementId);
  for (const l of held.lines) {
    const row = await lockForAction(ctx.db, purchaseInvoiceDocument, 'purchase_invoices', l.invoice_id, 'pay');
    const to = new Decimal(row.open_amount).isZero() ? 'PROCESSED' : 'BOOKED';
    await repo.setInvoiceStatus(ctx.db, l.invoice_id, to);
    await recordStep(ctx, purchaseInvoiceDocument, row, 'pay', to, {
      after: { settlement: settlementNumber, paid: money(l.amount), openAmount: money(row.open_amount) },
    });
  }
}

async function notify(ctx: Ctx, id: string, notifier: SettlementNotifier) {
  const settlement = await getSettlement(ctx.db, id);
  const recipients = await notifier(ctx, settlement);
  if (recipients.length) await repo.markNotified(ctx.db, id, recipients);
}

export async function completeSettlement(ctx: Ctx, id: string, notifier: SettlementNotifier): Promise<Settlement> {
  const row = await lockFor(ctx, id, 'complete');
  if (row.cheque_number) {
    await repo.addChequeEvent(ctx.db, {
      settlementId: id,
      status: 'issued',
      date: row.cheque_date ?? todayInLondon(),
      note: '',
      userId: ctx.user.id,
    });
    await repo.setStatus(ctx.db, id, 'CHEQUE_ISSUED', ctx.user.id, { chequeStatus: 'issued' });
    await recordStep(ctx, settlementDocument, row, 'complete', 'CHEQUE_ISSUED', {
      after: { cheque: row.cheque_number, chequeStatus: 'issued', totalPaid: money(row.total_paid) },
    });
    return getSettlement(ctx.db, id);
  }
  await payInvoices(ctx, id, row.number);
  await repo.setStatus(ctx.db, id, 'COMPLETED', ctx.user.id);
  await recordStep(ctx, settlementDocument, row, 'complete', 'COMPLETED', {
    after: { totalPaid: money(row.total_paid), currency: row.currency },
  });
  await notify(ctx, id, notifier);
  return getSettlement(ctx.db, id);
}

export async function changeChequeStatus(
  ctx: Ctx,
  id: string,
  input: ChequeValues,
  notifier: SettlementNotifier,
): Promise<Settlement> {
  const current = await repo.findSettlement(ctx.db, id);
  if (!current) throw notFound(label, id);
  if (!current.cheque_number)
    throw conflict(
      SettlementErrorCode.SETTLEMENT_CHEQUE_STATUS_CONFLICT,
      `Settlement ${current.number} is not paid by cheque: it has no cheque status to change.`,
      { number: current.number, status: current.status },
    );
  const action = CHEQUE_STEP_ACTIONS[input.status];
  const row = await lockFor(ctx, id, action);
  const date = input.date ?? todayInLondon();
  await repo.addChequeEvent(ctx.db, {
    settlementId: id,
    status: input.status,
    date,
    note: input.note,
    userId: ctx.user.id,
  });
  const before = { chequeStatus: row.cheque_status };
  const after = { chequeStatus: input.status, date, note: input.note };
  switch (input.status) {
    case 'collected':
    case 'send_to_bank': {
      const to = input.status === 'collected' ? 'CHEQUE_COLLECTED' : 'CHEQUE_SENT_TO_BANK';
      await repo.setStatus(ctx.db, id, to, ctx.user.id, { chequeStatus: input.status });
      await recordStep(ctx, settlementDocument, row, action, to, { before, after });
      return getSettlement(ctx.db, id);
    }
    case 'realized': {
      await payInvoices(ctx, id, row.number);
      await repo.setStatus(ctx.db, id, 'COMPLETED', ctx.user.id, { chequeStatus: 'realized' });
      await recordStep(ctx, settlementDocument, row, action, 'COMPLETED', { before, after });
      await notify(ctx, id, notifier);
      return getSettlement(ctx.db, id);
    }
    case 'returned': {
      const held = await giveBackAmounts(ctx, id);
      await releaseInvoices(
        ctx,
        held.lines.map((l) => l.invoice_id),
        row.number,
      );
      await repo.setStatus(ctx.db, id, 'CHEQUE_RETURNED', ctx.user.id, { chequeStatus: 'returned' });
      await recordStep(ctx, settlementDocument, row, action, 'CHEQUE_RETURNED', { before, after });
      return getSettlement(ctx.db, id);
    }
  }
}

// Bank of England base rates

const toBaseRate = (r: { effective_date: string; rate_percent: string; updated_at: Date }): BankBaseRate => ({
  effectiveDate: r.effective_date,
  ratePercent: new Decimal(r.rate_percent).toFixed(),
  updatedAt: r.updated_at.toISOString(),
});

export async function listBaseRates(db: Kysely<Database>) {
  return { items: (await repo.baseRates(db)).map(toBaseRate) };
}

export async function setBaseRate(ctx: Ctx, date: string, ratePercent: string): Promise<BankBaseRate> {
  const before = await repo.findBaseRate(ctx.db, date);
  const saved = toBaseRate(await repo.upsertBaseRate(ctx.db, date, new Decimal(ratePercent).toFixed()));
  await ctx.audit({
    action: before ? 'update' : 'create',
    entity: 'bank_base_rate',
    entityId: date,
    ...(before ? { before: { ratePercent: new Decimal(before.rate_percent).toFixed() } } : {}),
    after: { ratePercent: saved.ratePercent },
  });
  return saved;
}

export async function deleteBaseRate(ctx: Ctx, date: string) {
  const before = await repo.findBaseRate(ctx.db, date);
  if (!before) throw notFound('Bank of England base rate', date);
  await repo.deleteBaseRate(ctx.db, date);
  await ctx.audit({
    action: 'delete',
    entity: 'bank_base_rate',
    entityId: date,
    before: { ratePercent: new Decimal(before.rate_percent).toFixed() },
  });
  return { effectiveDate: date };
}
