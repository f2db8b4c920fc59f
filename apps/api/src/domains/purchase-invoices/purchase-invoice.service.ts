import {
  type CurrencyCode,
  GRN_SOURCE_TYPE,
  type MatchFlag,
  PURCHASE_INVOICE_DIFFERENCE_PERMISSION,
  type PurchaseInvoice,
  type PurchaseInvoiceBookInput,
  type PurchaseInvoiceCancelInput,
  type PurchaseInvoiceCharge,
  type PurchaseInvoiceChargeInput,
  type PurchaseInvoiceChargePreviewInput,
  PurchaseInvoiceErrorCode,
  type PurchaseInvoiceFilter,
  type PurchaseInvoiceInput,
  type PurchaseInvoiceKind,
  type PurchaseInvoiceLine,
  type PurchaseInvoiceListQuery,
  type PurchaseInvoiceStatus,
  type PurchaseInvoiceSummary,
  type PurchaseInvoiceTolerances,
  purchaseInvoiceDocument,
  todayInLondon,
  type VatCode,
  vatLineAmounts,
  vatTotals,
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
  quantityText as qty,
  recordStep,
  userRef,
} from '../../platform/documents.ts';
import { documentRows, sendDocumentsXlsx } from '../../platform/documents-export.ts';
import { lineDetails } from '../../platform/documents-lines.ts';
import { AppError, conflict, forbidden, unprocessable } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';
import { ui, type XlsxColumn } from '../../platform/xlsx.ts';
import { bookConsignmentInvoice, cancelConsignmentInvoice } from '../consignment-invoices/index.ts';
import { rateOn } from '../currencies/index.ts';
import {
  applyLandedCharge,
  findInvoiceCharges,
  type LandedChargeSpec,
  planLandedCharge,
  reverseInvoiceLandedCosts,
} from '../goods-received-notes/index.ts';
import { revalueReceipts } from '../stock/index.ts';
import { ATTACHMENT_READERS } from '../uploads/index.ts';
import * as repo from './purchase-invoice.repository.ts';

/**
 * Supplier invoices: entered PENDING against the supplier's order lines (whose invoiced quantity they take at
 * once, so two invoices cannot both take the same units), matched to the receipts of each order line, the oldest
 * not yet invoiced first; booked within the tolerances by anyone who may approve invoices, beyond them only with
 * a reason. Booking revalues the receipt lines matched by the price difference in the invoice's currency at the
 * receipt's rate (IAS 21: the invoice's own rate never reaches stock); cancelling takes it back.
 */

type Values = z.output<typeof PurchaseInvoiceInput>;
type BookValues = z.output<typeof PurchaseInvoiceBookInput>;
type CancelValues = z.output<typeof PurchaseInvoiceCancelInput>;
type ChargeValues = z.output<typeof PurchaseInvoiceChargeInput>;
type Tolerances = { quantityPercent: string; pricePercent: string };

// Readers of the generic file route of an invoice's attached file: those who may see purchase invoices.
ATTACHMENT_READERS.purchase_invoice = 'view_purchase_invoice';

const ZERO = new Decimal(0);
const HUNDRED = new Decimal(100);
const VALUE_PLACES = 8;

/** Net per unit after discount. */
const unitNet = (unitPrice: Decimal.Value, discount: Decimal.Value) =>
  new Decimal(unitPrice).times(HUNDRED.minus(discount)).div(HUNDRED);
/** The order line's net per unit (as its receipts were valued). */
const orderUnitNet = (l: repo.OrderLineRow) => new Decimal(l.net_amount).div(l.quantity);

const percentText = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** The three-way match of one line: figures, flags, whether within the tolerances. */
export function matchLine(
  order: repo.OrderLineRow,
  invoiced: { quantity: string; unitPrice: string; discountPercent: string },
  invoicedElsewhere: Decimal,
  tolerances: Tolerances,
): PurchaseInvoiceLine['match'] {
  const received = new Decimal(order.received_quantity);
  const total = invoicedElsewhere.add(invoiced.quantity);
  const orderNet = orderUnitNet(order);
  const invoiceNet = unitNet(invoiced.unitPrice, invoiced.discountPercent);
  const qtyDiff = received.isZero()
    ? total.isZero()
      ? ZERO
      : HUNDRED
    : total.minus(received).div(received).times(100);
  const priceDiff = orderNet.isZero()
    ? invoiceNet.isZero()
      ? ZERO
      : HUNDRED
    : invoiceNet.minus(orderNet).div(orderNet).times(100);
  const flags: MatchFlag[] = [];
  if (received.isZero()) flags.push('NOT_RECEIVED');
  else if (qtyDiff.gt(tolerances.quantityPercent)) flags.push('QUANTITY');
  if (priceDiff.abs().gt(tolerances.pricePercent)) flags.push('PRICE');
  return {
    ordered: qty(order.quantity),
    received: qty(received),
    invoicedElsewhere: qty(invoicedElsewhere),
    orderUnitNet: orderNet.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(),
    invoiceUnitNet: invoiceNet.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(),
    quantityDifferencePercent: percentText(qtyDiff),
    priceDifferencePercent: percentText(priceDiff),
    flags,
    withinTolerance: flags.length === 0,
  };
}

// Reading

function summaryOf(r: repo.InvoiceRow): PurchaseInvoiceSummary {
  return {
    id: r.id,
    number: r.number,
    kind: r.kind as PurchaseInvoiceKind,
    status: r.status as PurchaseInvoiceStatus,
    supplier: { id: r.supplier_id, code: r.supplier_code, name: r.supplier_name },
    supplierInvoiceNumber: r.supplier_invoice_number,
    invoiceDate: r.invoice_date,
    dueDate: r.due_date,
    currency: r.currency,
    exchangeRate: new Decimal(r.exchange_rate).toFixed(),
    netTotal: money(r.net_total),
    vatTotal: money(r.vat_total),
    grossTotal: money(r.gross_total),
    openAmount: money(r.open_amount),
    createdAt: r.created_at.toISOString(),
  };
}

export async function getInvoice(db: Kysely<Database>, id: string): Promise<PurchaseInvoice> {
  const head = found(await repo.findInvoice(db, id), purchaseInvoiceDocument.label, id);
  const [lines, matches, tolerances, upload, charges] = await Promise.all([
    repo.findLines(db, id),
    repo.findMatches(db, id),
    repo.readTolerances(db),
    head.upload_id ? repo.findUpload(db, { id: head.upload_id }) : undefined,
    chargesOfInvoice(db, head),
  ]);
  const orderLines = new Map(
    (
      await repo.findOrderLines(
        db,
        lines.map((l) => l.order_line_id),
      )
    ).map((l) => [l.id, l]),
  );
  const counted = head.status !== 'CANCELED';
  const answer = lines.map((l): PurchaseInvoiceLine => {
    const o = orderLines.get(l.order_line_id) as repo.OrderLineRow;
    // What other invoices took: the order line's invoiced quantity less this one's while it counts.
    const elsewhere = Decimal.max(new Decimal(o.invoiced_quantity).minus(counted ? l.quantity : 0), ZERO);
    return {
      id: l.id,
      lineNo: l.line_no,
      orderId: o.order_id,
      orderNumber: o.order_number,
      orderLineId: o.id,
      orderLineNo: o.line_no,
      product: { id: o.product_id, sku: o.sku, name: o.name },
      quantity: qty(l.quantity),
      unitPrice: new Decimal(l.unit_price).toFixed(),
      discountPercent: new Decimal(l.discount_percent).toFixed(),
      vatCode: l.vat_code as VatCode,
      vatRate: new Decimal(l.vat_rate).toFixed(),
      net: money(l.net_amount),
      vat: money(l.vat_amount),
      match: matchLine(
        o,
        { quantity: l.quantity, unitPrice: l.unit_price, discountPercent: l.discount_percent },
        elsewhere,
        tolerances,
      ),
      receipts: matches
        .filter((m) => m.invoice_line_id === l.id)
        .map((m) => ({
          receiptLineId: m.receipt_line_id,
          noteId: m.note_id,
          noteNumber: m.note_number,
          receivedDate: m.received_date,
          exchangeRate: m.exchange_rate === null ? null : new Decimal(m.exchange_rate).toFixed(),
          quantity: qty(m.quantity),
          priceDifference: new Decimal(m.price_difference).toFixed(),
        })),
    };
  });
  return {
    ...summaryOf(head),
    attachment: upload ? { fileName: upload.file_name, originalName: upload.original_name, kind: upload.kind } : null,
    notes: head.notes,
    differenceReason: head.difference_reason,
    approvedBy: userRef(head.approved_by, head.approved_by_name),
    bookedAt: isoOrNull(head.booked_at),
    canceledAt: isoOrNull(head.canceled_at),
    cancelReason: head.cancel_reason,
    tolerances,
    withinTolerance: answer.every((l) => l.match.withinTolerance),
    lines: answer,
    charges,
  };
}

/** A landed charge as the landed cost service takes it: the net in the invoice's currency at the invoice's rate. */
const chargeSpec = (
  c: { chargeType: string; description: string; net: string; basis: string },
  invoice: { currency: string; exchangeRate: string; invoiceDate: string },
): LandedChargeSpec => ({
  chargeType: c.chargeType as LandedChargeSpec['chargeType'],
  description: c.description,
  amount: c.net,
  currency: invoice.currency,
  exchangeRate: invoice.exchangeRate,
  basis: c.basis as LandedChargeSpec['basis'],
  chargeDate: invoice.invoiceDate,
});

/** The invoice's landed charges: planned shares while pending, as applied once booked. */
async function chargesOfInvoice(db: Kysely<Database>, head: repo.InvoiceRow): Promise<PurchaseInvoiceCharge[]> {
  const { charges, notes } = await repo.findCharges(db, head.id);
  if (!charges.length) return [];
  const applied = await findInvoiceCharges(db, head.id, true);
  const invoice = {
    currency: head.currency,
    exchangeRate: head.exchange_rate,
    invoiceDate: dayText(head.invoice_date),
  };
  const out: PurchaseInvoiceCharge[] = [];
  for (const c of charges) {
    const mine = notes.filter((n) => n.charge_id === c.id);
    const rows = applied.charges.filter((a) => a.invoice_charge_id === c.id);
    const base = {
      id: c.id,
      chargeNo: c.charge_no,
      chargeType: c.charge_type as PurchaseInvoiceCharge['chargeType'],
      description: c.description,
      net: money(c.net_amount),
      vatCode: c.vat_code as VatCode,
      vatRate: new Decimal(c.vat_rate).toFixed(),
      vat: money(c.vat_amount),
      basis: c.basis as PurchaseInvoiceCharge['basis'],
      notes: mine.map((n) => ({
        id: n.note_id,
        number: n.number,
        status: n.status,
        supplier: n.supplier,
        receivedDate: n.received_date,
      })),
    };
    if (rows.length) {
      const byRow = new Map(rows.map((r) => [r.id, r]));
      out.push({
        ...base,
        amountGbp: rows.reduce((sum, r) => sum.add(r.amount_gbp), ZERO).toFixed(2),
        shares: applied.lines
          .filter((l) => byRow.has(l.charge_id))
          .map((l) => {
            const r = byRow.get(l.charge_id) as (typeof rows)[number];
            return {
              noteId: r.note_id,
              noteNumber: r.note_number,
              lineNo: l.line_no,
              product: { id: l.product_id, sku: l.sku, name: l.name },
              acceptedQuantity: qty(l.accepted_quantity),
              basisValue: new Decimal(l.basis_value).toFixed(),
              share: new Decimal(l.share).toFixed(2),
              inStock: new Decimal(l.in_stock).toFixed(2),
              costOfSales: new Decimal(l.cost_of_sales).toFixed(2),
            };
          })
          .sort((a, b) => a.noteNumber.localeCompare(b.noteNumber) || a.lineNo - b.lineNo),
        problem: null,
        applied: true,
        reversed: rows.every((r) => r.reversed_at !== null),
      });
      continue;
    }
    let planned: Awaited<ReturnType<typeof planLandedCharge>> | null = null;
    let problem: string | null = null;
    if (head.status === 'PENDING') {
      try {
        planned = await planLandedCharge(
          db,
          mine.map((n) => n.note_id),
          chargeSpec({ ...c, chargeType: c.charge_type, net: c.net_amount }, invoice),
        );
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        problem = e.code;
      }
    }
    out.push({
      ...base,
      amountGbp: planned
        ? planned.amountGbp
        : new Decimal(c.net_amount).times(head.exchange_rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      shares: planned?.shares ?? [],
      problem,
      applied: false,
      reversed: false,
    });
  }
  return out;
}

/**
 * Checks the landed charges of an invoice being entered (amount above zero, at least one receipt, receipts known,
 * posted, and shareable by the basis) before anything is written; answers them with their VAT.
 */
async function checkCharges(
  db: Kysely<Database>,
  charges: readonly ChargeValues[],
  invoice: { currency: string; exchangeRate: string; invoiceDate: string },
) {
  const out = [];
  for (const [i, c] of charges.entries()) {
    const chargeNo = i + 1;
    const amount = new Decimal(c.amount);
    if (amount.lte(0))
      throw unprocessable(
        PurchaseInvoiceErrorCode.PURCHASE_INVOICE_CHARGE_AMOUNT_INVALID,
        `Landed charge ${chargeNo} is ${amount.toFixed(2)} ${invoice.currency}: a charge is an amount above zero. A credit from the forwarder is a credit note.`,
        { field: `charges.${i}.amount`, chargeNo, amount: amount.toFixed(2) },
      );
    const noteIds = [...new Set(c.noteIds)];
    if (!noteIds.length)
      throw unprocessable(
        PurchaseInvoiceErrorCode.PURCHASE_INVOICE_CHARGE_NO_RECEIPT,
        `Landed charge ${chargeNo} names no receipt: choose the posted goods received note(s) it is for.`,
        { field: `charges.${i}.noteIds`, chargeNo },
      );
    const known = await repo.notesById(db, noteIds);
    const unknown = noteIds.find((n) => !known.has(n));
    if (unknown)
      throw unprocessable(
        PurchaseInvoiceErrorCode.PURCHASE_INVOICE_CHARGE_RECEIPT_UNKNOWN,
        `Landed charge ${chargeNo} names a receipt that does not exist: choose it again from the list.`,
        { field: `charges.${i}.noteIds`, chargeNo, noteId: unknown },
      );
    const net = amount.toFixed(2);
    // The same plan booking applies: a receipt not posted or a product without weight is refused now.
    await planLandedCharge(db, noteIds, chargeSpec({ ...c, net }, invoice));
    out.push({
      ...c,
      noteIds,
      vatCode: c.vatCode,
      ...vatLineAmounts({ quantity: '1', unitCost: net, vatCode: c.vatCode }),
    });
  }
  return out;
}

/** The shares a landed charge would get (the entry form's preview); writes nothing. */
export async function previewCharge(db: Kysely<Database>, input: z.output<typeof PurchaseInvoiceChargePreviewInput>) {
  const exchangeRate = input.exchangeRate ?? (await rateOn(db, input.currency, input.invoiceDate)).rate;
  const invoice = { currency: input.currency, exchangeRate, invoiceDate: input.invoiceDate };
  const [checked] = await checkCharges(db, [input.charge], invoice);
  const p = await planLandedCharge(
    db,
    checked?.noteIds ?? [],
    chargeSpec({ ...input.charge, net: checked?.net ?? '0' }, invoice),
  );
  return { exchangeRate: p.exchangeRate, amountGbp: p.amountGbp, shares: p.shares };
}

export async function chargeableReceipts(db: Kysely<Database>, q: string) {
  const rows = await repo.chargeableReceipts(db, q);
  return {
    items: rows.map((r) => ({
      id: r.id,
      number: r.number,
      supplier: r.supplier,
      receivedDate: r.received_date,
      warehouse: r.warehouse,
    })),
  };
}

export function listInvoices(db: Kysely<Database>, q: PurchaseInvoiceListQuery) {
  return pageOfDocuments(
    q,
    (limit, offset) => repo.findInvoices(db, q, limit, offset),
    () => repo.countInvoices(db, q),
    summaryOf,
  );
}

const EXPORT_COLUMNS: XlsxColumn<PurchaseInvoiceSummary>[] = [
  { header: ui('purchaseInvoices:fields.number'), width: 18, value: (r) => r.number },
  {
    header: ui('purchaseInvoices:fields.status'),
    width: 14,
    type: 'enum',
    labels: 'documents:purchase_invoice.status',
    value: (r) => r.status,
  },
  { header: ui('purchaseInvoices:fields.supplier'), width: 14, value: (r) => r.supplier.code },
  { header: ui('purchaseInvoices:fields.supplierInvoiceNumber'), width: 20, value: (r) => r.supplierInvoiceNumber },
  { header: ui('purchaseInvoices:fields.invoiceDate'), width: 12, type: 'date', value: (r) => r.invoiceDate },
  { header: ui('purchaseInvoices:fields.dueDate'), width: 12, type: 'date', value: (r) => r.dueDate },
  {
    header: ui('purchaseInvoices:fields.net'),
    width: 14,
    type: 'money',
    currency: (r) => r.currency,
    value: (r) => r.netTotal,
  },
  {
    header: ui('purchaseInvoices:fields.vat'),
    width: 14,
    type: 'money',
    currency: (r) => r.currency,
    value: (r) => r.vatTotal,
  },
  {
    header: ui('purchaseInvoices:fields.grossTotal'),
    width: 14,
    type: 'money',
    currency: (r) => r.currency,
    value: (r) => r.grossTotal,
  },
  {
    header: ui('purchaseInvoices:fields.openAmount'),
    width: 14,
    type: 'money',
    currency: (r) => r.currency,
    value: (r) => r.openAmount,
  },
];

/** The invoices of a filter (every page, in the list's order) as .xlsx. */
export function exportInvoices(ctx: Ctx, f: PurchaseInvoiceFilter) {
  const rows = documentRows((limit, offset) => repo.findInvoices(ctx.db, f, limit, offset), summaryOf);
  return sendDocumentsXlsx(ctx, 'supplier-invoices', EXPORT_COLUMNS, rows);
}

export async function invoicableOrderLines(db: Kysely<Database>, supplierId: string) {
  const rows = await repo.invoicableLines(db, supplierId);
  return {
    items: rows.map((l) => ({
      orderId: l.order_id,
      orderNumber: l.order_number,
      orderDate: l.order_date,
      currency: l.currency,
      orderLineId: l.id,
      lineNo: l.line_no,
      product: { id: l.product_id, sku: l.sku, name: l.name },
      ordered: qty(l.quantity),
      received: qty(l.received_quantity),
      invoiced: qty(l.invoiced_quantity),
      unitCost: new Decimal(l.unit_cost).toFixed(),
      discountPercent: new Decimal(l.discount_percent).toFixed(),
      unitNet: orderUnitNet(l).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(),
      vatCode: l.vat_code as VatCode,
    })),
  };
}

// Tolerances

export async function tolerancesOf(db: Kysely<Database>) {
  const t = await repo.readTolerances(db);
  return {
    quantityPercent: new Decimal(t.quantityPercent).toFixed(),
    pricePercent: new Decimal(t.pricePercent).toFixed(),
  };
}

export async function setTolerances(ctx: Ctx, input: z.output<typeof PurchaseInvoiceTolerances>) {
  const before = await repo.readTolerances(ctx.db);
  await repo.writeTolerance(
    ctx.db,
    repo.TOLERANCE_KEYS.quantityPercent,
    new Decimal(input.quantityPercent).toFixed(),
    ctx.user.id,
  );
  await repo.writeTolerance(
    ctx.db,
    repo.TOLERANCE_KEYS.pricePercent,
    new Decimal(input.pricePercent).toFixed(),
    ctx.user.id,
  );
  const after = await tolerancesOf(ctx.db);
  await ctx.audit({
    action: 'update',
    entity: 'system_configuration',
    entityId: 'purchasing',
    before: { invoiceQuantityTolerance: before.quantityPercent, invoicePriceTolerance: before.pricePercent },
    after: { invoiceQuantityTolerance: after.quantityPercent, invoicePriceTolerance: after.pricePercent },
  });
  return after;
}

// Creating

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function createInvoice(ctx: Ctx, input: Values): Promise<PurchaseInvoice> {
  const db = ctx.db;
  const partner = await repo.partnerTerms(db, input.supplierId);
  if (!partner)
    throw unprocessable(PurchaseInvoiceErrorCode.PURCHASE_INVOICE_LINE_UNKNOWN, 'The chosen supplier does not exist.', {
      field: 'supplierId',
      supplierId: input.supplierId,
    });
  const today = todayInLondon();
  if (input.invoiceDate > today)
    throw unprocessable(
      PurchaseInvoiceErrorCode.PURCHASE_INVOICE_DATE_INVALID,
      `An invoice cannot be dated ${input.invoiceDate}, a day still to come. Use ${today} or an earlier day.`,
      { field: 'invoiceDate', invoiceDate: input.invoiceDate, today },
    );
  const dueDate = input.dueDate ?? addDays(input.invoiceDate, partner.payment_terms_days);
  if (dueDate < input.invoiceDate)
    throw unprocessable(
      PurchaseInvoiceErrorCode.PURCHASE_INVOICE_DATE_INVALID,
      `The due date ${dueDate} is before the invoice date ${input.invoiceDate}.`,
      { field: 'dueDate', dueDate, invoiceDate: input.invoiceDate },
    );
  const existing = await repo.findBySupplierNumber(db, input.supplierId, input.supplierInvoiceNumber);
  if (existing)
    throw unprocessable(
      PurchaseInvoiceErrorCode.PURCHASE_INVOICE_DUPLICATE_NUMBER,
      `${partner.code} already has an invoice numbered ${input.supplierInvoiceNumber}: ${existing.number}.`,
      {
        field: 'supplierInvoiceNumber',
        existingId: existing.id,
        existingNumber: existing.number,
        status: existing.status,
      },
    );
  const upload = input.attachment ? await repo.findUpload(db, { fileName: input.attachment }) : undefined;
  if (input.attachment && (!upload || !['pdf', 'xlsx'].includes(upload.kind) || upload.attached_entity))
    throw unprocessable(
      PurchaseInvoiceErrorCode.PURCHASE_INVOICE_UPLOAD_UNKNOWN,
      upload
        ? upload.attached_entity
          ? `${upload.original_name} is attached to another document already: upload the supplier's file again.`
          : `${upload.original_name} is not a PDF or .xlsx file: attach the supplier's PDF or spreadsheet.`
        : 'The attached file is not among the uploaded files: upload it again.',
      { field: 'attachment', attachment: input.attachment },
    );

  // The order lines, locked: a second invoice of the same lines waits here and then sees this one's quantities.
  const orderLines = new Map(
    (
      await repo.lockOrderLines(
        db,
        input.lines.map((l) => l.orderLineId),
      )
    ).map((l) => [l.id, l]),
  );
  if (!input.lines.length && !input.charges.length)
    throw unprocessable(
      PurchaseInvoiceErrorCode.PURCHASE_INVOICE_EMPTY,
      'The invoice has neither lines nor landed charges: add what the supplier invoiced.',
      { field: 'lines' },
    );
  let currency: string | null = null;
  input.lines.forEach((l, i) => {
    const o = orderLines.get(l.orderLineId);
    if (
      !o ||
      o.supplier_id !== input.supplierId ||
      o.order_type === 'SEND_INVENTORY' ||
      !repo.INVOICABLE_ORDER_STATUSES.includes(o.order_status)
    )
      throw unprocessable(
        PurchaseInvoiceErrorCode.PURCHASE_INVOICE_LINE_UNKNOWN,
        `Line ${i + 1} names an order line that is not one of ${partner.code}’s approved orders.`,
        lineDetails(i, { field: 'orderLineId', orderLineId: l.orderLineId }),
      );
    currency ??= o.currency;
    if (o.currency !== currency)
      throw unprocessable(
        PurchaseInvoiceErrorCode.PURCHASE_INVOICE_CURRENCY_MISMATCH,
        `Line ${i + 1} is from ${o.order_number}, in ${o.currency}; the invoice's other lines are in ${currency}. An invoice is in one currency.`,
        lineDetails(i, { field: 'orderLineId', currency: o.currency, invoiceCurrency: currency }),
      );
  });
  if (currency && input.currency && input.currency !== currency)
    throw unprocessable(
      PurchaseInvoiceErrorCode.PURCHASE_INVOICE_CURRENCY_MISMATCH,
      `The invoice's lines are in ${currency}, not ${input.currency}. An invoice is in one currency.`,
      { field: 'currency', currency: input.currency, invoiceCurrency: currency },
    );
  // Lines: their orders' currency; only charges: the one given, else the supplier's.
  const invoiceCurrency = currency ?? input.currency ?? (await repo.partnerCurrency(db, input.supplierId));
  // The invoice date's rate (or the one typed): for settlements and its landed charges; goods lines never reach
  // stock at it (IAS 21: they are valued at their receipts' rates).
  const rate = input.exchangeRate
    ? { rate: new Decimal(input.exchangeRate).toFixed() }
    : await rateOn(db, invoiceCurrency as CurrencyCode, input.invoiceDate);
  const charges = await checkCharges(db, input.charges, {
    currency: invoiceCurrency,
    exchangeRate: rate.rate,
    invoiceDate: input.invoiceDate,
  });

  const amounts = input.lines.map((l) => {
    const o = orderLines.get(l.orderLineId) as repo.OrderLineRow;
    const vatCode = (l.vatCode ?? o.vat_code) as VatCode;
    return {
      vatCode,
      ...vatLineAmounts({ quantity: l.quantity, unitCost: l.unitPrice, discountPercent: l.discountPercent, vatCode }),
    };
  });
  const totals = vatTotals([...amounts, ...charges.map((c) => ({ ...c, vatCode: c.vatCode }))]);
  const number = await nextDocumentNumber(db, 'purchaseInvoice', input.invoiceDate);
  const id = await repo.insertInvoice(db, {
    number,
    supplierId: input.supplierId,
    supplierInvoiceNumber: input.supplierInvoiceNumber,
    invoiceDate: input.invoiceDate,
    dueDate,
    currency: invoiceCurrency,
    exchangeRate: rate.rate,
    net: totals.net,
    vat: totals.vat,
    gross: totals.gross,
    uploadId: upload?.id ?? null,
    notes: input.notes,
    userId: ctx.user.id,
  });

  if (upload) await repo.attachUpload(db, upload.id, id);
  for (const [i, c] of charges.entries())
    await repo.insertCharge(db, {
      invoiceId: id,
      chargeNo: i + 1,
      chargeType: c.chargeType,
      description: c.description,
      net: c.net,
      vatCode: c.vatCode,
      vatRate: c.vatRate,
      vat: c.vat,
      basis: c.basis,
      noteIds: c.noteIds,
    });

  // Receipts: the oldest not yet invoiced first.
  const receipts = await repo.receiptLinesOf(db, [...orderLines.keys()]);
  const left = new Map(
    receipts.map((r) => [r.id, Decimal.max(new Decimal(r.accepted_quantity).minus(r.invoiced_quantity), ZERO)]),
  );
  for (const [i, l] of input.lines.entries()) {
    const o = orderLines.get(l.orderLineId) as repo.OrderLineRow;
    const a = amounts[i] as (typeof amounts)[number];
    const lineId = await repo.insertLine(db, {
      invoiceId: id,
      lineNo: i + 1,
      orderLineId: o.id,
      productId: o.product_id,
      quantity: new Decimal(l.quantity).toFixed(),
      unitPrice: new Decimal(l.unitPrice).toFixed(),
      discountPercent: new Decimal(l.discountPercent).toFixed(),
      vatCode: a.vatCode,
      vatRate: a.vatRate,
      net: a.net,
      vat: a.vat,
    });
    let toMatch = new Decimal(l.quantity);
    for (const r of receipts) {
      if (toMatch.isZero()) break;
      if (r.order_line_id !== o.id) continue;
      const free = left.get(r.id) ?? ZERO;
      if (free.isZero()) continue;
      const take = Decimal.min(free, toMatch);
      await repo.insertMatch(db, lineId, r.id, take.toFixed());
      left.set(r.id, free.minus(take));
      toMatch = toMatch.minus(take);
    }
  }
  await repo.addInvoiced(
    db,
    input.lines.map((l) => ({ orderLineId: l.orderLineId, quantity: new Decimal(l.quantity).toFixed() })),
  );
  const after = await getInvoice(db, id);
  await auditDocument(ctx, purchaseInvoiceDocument, {
    number,
    action: 'create',
    after: {
      supplier: partner.code,
      supplierInvoiceNumber: input.supplierInvoiceNumber,
      invoiceDate: input.invoiceDate,
      dueDate,
      currency: invoiceCurrency,
      gross: totals.gross,
      attachment: upload?.original_name ?? null,
      lines: after.lines.map((x) => ({
        order: x.orderNumber,
        sku: x.product.sku,
        quantity: x.quantity,
        unitPrice: x.unitPrice,
      })),
      ...(after.charges.length
        ? {
            charges: after.charges.map((c) => ({
              chargeType: c.chargeType,
              net: c.net,
              vatCode: c.vatCode,
              basis: c.basis,
              receipts: c.notes.map((n) => n.number),
            })),
          }
        : {}),
    },
  });
  return after;
}

// Steps

const lockFor = (ctx: Ctx, id: string, action: keyof typeof purchaseInvoiceDocument.actions) =>
  lockForAction(ctx.db, purchaseInvoiceDocument, 'purchase_invoices', id, action);

/** Revalues the receipt lines of the matches by their amounts (GBP), one call per receipt. */
async function revalue(
  ctx: Ctx,
  invoiceNumber: string,
  items: { match: repo.MatchRow; amount: Decimal }[],
  postedOn: string | null,
) {
  const byNote = new Map<string, { number: string; lines: { sourceLine: string; amount: string }[] }>();
  for (const { match, amount } of items) {
    if (amount.isZero()) continue;
    const entry = byNote.get(match.note_id) ?? { number: match.note_number, lines: [] };
    entry.lines.push({ sourceLine: String(match.receipt_line_no), amount: amount.toFixed() });
    byNote.set(match.note_id, entry);
  }
  for (const [noteId, entry] of byNote)
    await revalueReceipts(ctx, {
      source: { type: GRN_SOURCE_TYPE, id: noteId, number: entry.number },
      lines: entry.lines,
      postedOn,
      reason: `Price difference ${invoiceNumber}`,
      kind: 'PRICE_DIFFERENCE',
    });
}

export async function bookInvoice(ctx: Ctx, id: string, input: BookValues): Promise<PurchaseInvoice> {
  const row = await lockFor(ctx, id, 'book');
  // A consignment invoice is booked against what is owed, not order lines (consignment-invoices).
  if (row.kind === 'CONSIGNMENT') {
    await bookConsignmentInvoice(ctx, id, input);
    return getInvoice(ctx.db, id);
  }
  // The order lines, locked as creating does, so the match is read as it is.
  const lines = await repo.findLines(ctx.db, id);
  const orderLines = new Map(
    (
      await repo.lockOrderLines(
        ctx.db,
        lines.map((l) => l.order_line_id),
      )
    ).map((o) => [o.id, o]),
  );
  const before = await getInvoice(ctx.db, id);
  const beyond = before.lines.filter((l) => !l.match.withinTolerance);
  const mismatches = () =>
    beyond.map((l) => `line ${l.lineNo} ${l.product.sku}: ${l.match.flags.join(', ').toLowerCase()}`).join('; ');
  // Past the tolerances only someone who may approve differences books (the reason alone is not enough).
  if (beyond.length && !ctx.user.permissions.has(PURCHASE_INVOICE_DIFFERENCE_PERMISSION))
    throw forbidden(
      `${row.number} differs from its orders and receipts beyond the tolerances (${mismatches()}): booking it needs the permission to approve differences. Ask someone who holds it to book it.`,
      {
        required: PURCHASE_INVOICE_DIFFERENCE_PERMISSION,
        lines: beyond.map((l) => ({ lineNo: l.lineNo, sku: l.product.sku, flags: l.match.flags })),
      },
      PurchaseInvoiceErrorCode.PURCHASE_INVOICE_DIFFERENCE_APPROVAL_REQUIRED,
    );
  if (beyond.length && !input.reason)
    throw unprocessable(
      PurchaseInvoiceErrorCode.PURCHASE_INVOICE_DIFFERENCE_REASON_REQUIRED,
      `${row.number} differs from its orders and receipts beyond the tolerances (${beyond
        .map((l) => `line ${l.lineNo} ${l.product.sku}: ${l.match.flags.join(', ').toLowerCase()}`)
        .join('; ')}): give a reason to book it.`,
      { lines: beyond.map((l) => ({ lineNo: l.lineNo, sku: l.product.sku, flags: l.match.flags })) },
    );

  // The price difference per receipt line matched, in GBP at the receipt's rate.
  const matches = await repo.findMatches(ctx.db, id);
  const byLine = new Map(before.lines.map((l) => [l.id, l]));
  const items = matches.map((m) => {
    const l = byLine.get(m.invoice_line_id) as PurchaseInvoiceLine;
    const perUnit = unitNet(l.unitPrice, l.discountPercent).minus(
      orderUnitNet(orderLines.get(l.orderLineId) as repo.OrderLineRow),
    );
    const amount = perUnit
      .times(m.quantity)
      .times(m.exchange_rate ?? '1')
      .toDecimalPlaces(VALUE_PLACES, Decimal.ROUND_HALF_UP);
    return { match: m, amount };
  });
  await revalue(ctx, row.number, items, dayText(row.invoice_date));
  for (const { match, amount } of items)
    if (!amount.isZero()) await repo.setPriceDifference(ctx.db, match.id, amount.toFixed());
  // Landed charges: applied to their receipts at the invoice's rate, as a charge typed on the receipt is.
  const { charges, notes } = await repo.findCharges(ctx.db, id);
  const invoice = { currency: row.currency, exchangeRate: row.exchange_rate, invoiceDate: dayText(row.invoice_date) };
  for (const c of charges)
    await applyLandedCharge(
      ctx,
      notes.filter((n) => n.charge_id === c.id).map((n) => n.note_id),
      chargeSpec({ ...c, chargeType: c.charge_type, net: c.net_amount }, invoice),
      { invoiceId: id, invoiceNumber: row.number, invoiceChargeId: c.id },
    );
  await repo.markBooked(ctx.db, id, ctx.user.id, input.reason);
  const after = await getInvoice(ctx.db, id);
  await recordStep(ctx, purchaseInvoiceDocument, row, 'book', 'BOOKED', {
    after: {
      reason: input.reason,
      withinTolerance: before.withinTolerance,
      priceDifferences: items
        .filter((x) => !x.amount.isZero())
        .map((x) => ({ receipt: x.match.note_number, line: x.match.receipt_line_no, amount: x.amount.toFixed() })),
      ...(after.charges.length
        ? { landedCharges: after.charges.map((c) => ({ chargeNo: c.chargeNo, amountGbp: c.amountGbp })) }
        : {}),
    },
  });
  return after;
}

/** A date column as YYYY-MM-DD (the driver may answer a Date). */
function dayText(v: unknown): string {
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).slice(0, 10);
}

export async function cancelInvoice(ctx: Ctx, id: string, input: CancelValues): Promise<PurchaseInvoice> {
  const row = await lockFor(ctx, id, 'cancel');
  // A settlement paid part of it: cancelling would lose that payment (open amounts stay exact).
  if (row.status === 'BOOKED' && new Decimal(row.open_amount).lt(row.gross_total))
    throw conflict(
      PurchaseInvoiceErrorCode.PURCHASE_INVOICE_PARTLY_PAID,
      `Supplier invoice ${row.number} is partly paid (${new Decimal(row.gross_total).minus(row.open_amount).toFixed(2)} of ${new Decimal(row.gross_total).toFixed(2)} ${row.currency}): it cannot be cancelled. Settle the rest, or record the supplier's credit note.`,
      {
        number: row.number,
        grossTotal: new Decimal(row.gross_total).toFixed(2),
        openAmount: new Decimal(row.open_amount).toFixed(2),
      },
    );
  if (row.kind === 'CONSIGNMENT') {
    await cancelConsignmentInvoice(ctx, id, input);
    return getInvoice(ctx.db, id);
  }
  const lines = await repo.findLines(ctx.db, id);
  await repo.lockOrderLines(
    ctx.db,
    lines.map((l) => l.order_line_id),
  );
  let reversed: { receipt: string; line: number; amount: string }[] = [];
  let landedReversed: Awaited<ReturnType<typeof reverseInvoiceLandedCosts>> = [];
  if (row.status === 'BOOKED') {
    // What booking added to the receipts' cost is taken back today (past periods are never reposted).
    const matches = await repo.findMatches(ctx.db, id);
    const items = matches.map((m) => ({ match: m, amount: new Decimal(m.price_difference).neg() }));
    await revalue(ctx, row.number, items, null);
    reversed = items
      .filter((x) => !x.amount.isZero())
      .map((x) => ({ receipt: x.match.note_number, line: x.match.receipt_line_no, amount: x.amount.toFixed() }));
    // Its landed charges likewise, today.
    landedReversed = await reverseInvoiceLandedCosts(ctx, id, row.number);
  }
  await repo.addInvoiced(
    ctx.db,
    lines.map((l) => ({ orderLineId: l.order_line_id, quantity: new Decimal(l.quantity).neg().toFixed() })),
  );
  await repo.markCanceled(ctx.db, id, ctx.user.id, input.reason);
  await recordStep(ctx, purchaseInvoiceDocument, row, 'cancel', 'CANCELED', {
    after: { reason: input.reason, reversed, ...(landedReversed.length ? { landedReversed } : {}) },
  });
  return getInvoice(ctx.db, id);
}
