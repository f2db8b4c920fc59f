import {
  CONSIGNMENT_INVOICE_IMPORT_KIND,
  type ConsignmentComparison,
  type ConsignmentComparisonLine,
  type ConsignmentInvoice,
  ConsignmentInvoiceErrorCode,
  type ConsignmentInvoiceInput,
  type ConsignmentOwed,
  type ConsignmentOwedProduct,
  type ConsignmentPeriod,
  type ConsignmentSheet,
  type ConsignmentSheetInput,
  type CurrencyCode,
  type PurchaseInvoiceBookInput,
  type PurchaseInvoiceCancelInput,
  PurchaseInvoiceErrorCode,
  type PurchaseInvoiceStatus,
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
  lockForAction,
  moneyText as money,
  nextDocumentNumber,
  quantityText as qty,
  recordStep,
} from '../../platform/documents.ts';
import { lineDetails } from '../../platform/documents-lines.ts';
import { unprocessable } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';
import { rateOn } from '../currencies/index.ts';
import { decimalCell, readMappedRows } from '../imports/index.ts';
import { type OwedGroup, owedGroups, releaseOwed, settledQuantity, settleOwed } from '../stock/index.ts';
import * as repo from './consignment-invoice.repository.ts';

/**
 * Consignment invoices: a supplier's invoice for their consignment units sold in a period, checked per product
 * against what the stock core recorded as owed (units sold net of returns × the agreed cost) and not yet invoiced.
 * It is a supplier invoice (purchase_invoices, kind CONSIGNMENT) with the supplier invoices' number, statuses and
 * steps: PENDING when entered; booking (a reason when it differs) settles the period's owed rows, and it is then
 * payable as any booked invoice; cancelling releases them.
 */

type Values = z.output<typeof ConsignmentInvoiceInput>;
type BookValues = z.output<typeof PurchaseInvoiceBookInput>;
type CancelValues = z.output<typeof PurchaseInvoiceCancelInput>;
type CheckValues = Pick<Values, 'supplierId' | 'periodFrom' | 'periodTo' | 'currency' | 'lines'>;

const ZERO = new Decimal(0);
const pennies = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const label = 'Consignment invoice';

// What is owed

interface ProductOwed {
  product: { id: string; sku: string; name: string };
  currency: string;
  quantity: Decimal;
  amount: Decimal;
  invoicedQuantity: Decimal;
  invoicedAmount: Decimal;
  costs: Set<string>;
  /** Some rows found no agreed cost (owed at zero). */
  costMissing: boolean;
}

/** Owed groups (per product, currency and agreed cost) summed per product and currency: amounts exact, then pennies. */
function perProduct(groups: OwedGroup[]): ProductOwed[] {
  const byKey = new Map<string, ProductOwed>();
  for (const g of groups) {
    const key = `${g.productId}|${g.currency}`;
    const had = byKey.get(key) ?? {
      product: { id: g.productId, sku: g.sku, name: g.name },
      currency: g.currency,
      quantity: ZERO,
      amount: ZERO,
      invoicedQuantity: ZERO,
      invoicedAmount: ZERO,
      costs: new Set<string>(),
      costMissing: false,
    };
    had.quantity = had.quantity.add(g.quantity);
    had.amount = had.amount.add(g.quantity.times(g.unitCost));
    had.invoicedQuantity = had.invoicedQuantity.add(g.invoicedQuantity);
    had.invoicedAmount = had.invoicedAmount.add(g.invoicedQuantity.times(g.unitCost));
    if (!g.quantity.isZero()) had.costs.add(g.unitCost.toFixed());
    if (g.costMissing && !g.quantity.isZero()) had.costMissing = true;
    byKey.set(key, had);
  }
  return [...byKey.values()];
}

/** The agreed cost per unit: the one cost, else the average (6 places). */
function unitCostOf(p: ProductOwed): string | null {
  if (p.costs.size === 1) return new Decimal([...p.costs][0] as string).toFixed();
  if (p.quantity.isZero()) return null;
  return p.amount.div(p.quantity).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed();
}

function checkPeriod(from: string, to: string) {
  const today = todayInLondon();
  if (to < from)
    throw unprocessable(
      ConsignmentInvoiceErrorCode.CONSIGNMENT_INVOICE_PERIOD_INVALID,
      `The period ends on ${to}, before it starts on ${from}.`,
      { field: 'periodTo', from, to },
    );
  if (to > today)
    throw unprocessable(
      ConsignmentInvoiceErrorCode.CONSIGNMENT_INVOICE_PERIOD_INVALID,
      `The period ends on ${to}, a day still to come: a period can be invoiced once it is over (today is ${today}).`,
      { field: 'periodTo', from, to, today },
    );
}

async function supplierOf(db: Kysely<Database>, id: string) {
  const s = await repo.supplier(db, id);
  if (!s)
    throw unprocessable(
      ConsignmentInvoiceErrorCode.CONSIGNMENT_INVOICE_SUPPLIER_UNKNOWN,
      'The chosen supplier does not exist.',
      { field: 'supplierId', supplierId: id },
    );
  return s;
}

export async function suppliers(db: Kysely<Database>) {
  return {
    items: (await repo.suppliers(db)).map((s) => ({
      id: s.id,
      code: s.code,
      name: s.name,
      currency: s.default_currency,
      isConsignment: s.is_consignment,
    })),
  };
}

export async function owed(db: Kysely<Database>, q: ConsignmentPeriod): Promise<ConsignmentOwed> {
  const s = await supplierOf(db, q.supplierId);
  if (q.to < q.from)
    throw unprocessable(
      ConsignmentInvoiceErrorCode.CONSIGNMENT_INVOICE_PERIOD_INVALID,
      `The period ends on ${q.to}, before it starts on ${q.from}.`,
      { field: 'to', from: q.from, to: q.to },
    );
  const items = perProduct(await owedGroups(db, { partnerId: s.id, from: q.from, to: q.to })).map(
    (p): ConsignmentOwedProduct => ({
      product: p.product,
      currency: p.currency,
      sold: qty(p.quantity),
      unitCost: unitCostOf(p) ?? '0',
      amount: money(pennies(p.amount)),
      invoicedQuantity: qty(p.invoicedQuantity),
      invoicedAmount: money(pennies(p.invoicedAmount)),
      openQuantity: qty(p.quantity.sub(p.invoicedQuantity)),
      openAmount: money(pennies(p.amount).sub(pennies(p.invoicedAmount))),
      noAgreedCost: p.costMissing,
    }),
  );
  const totals = new Map<string, { amount: Decimal; openAmount: Decimal }>();
  for (const i of items) {
    const t = totals.get(i.currency) ?? { amount: ZERO, openAmount: ZERO };
    totals.set(i.currency, { amount: t.amount.add(i.amount), openAmount: t.openAmount.add(i.openAmount) });
  }
  return {
    supplier: { id: s.id, code: s.code, name: s.name },
    from: q.from,
    to: q.to,
    items,
    totals: [...totals].map(([currency, t]) => ({
      currency,
      amount: money(t.amount),
      openAmount: money(t.openAmount),
    })),
  };
}

// The comparison

interface InvoiceLineFigures {
  product: { id: string; sku: string; name: string };
  quantity: Decimal;
  unitPrice: Decimal;
  net: Decimal;
}

/** Per product, what is owed (in the invoice's currency) against what is invoiced, invoiced − owed. */
export function compare(
  owedGroupsOfPeriod: OwedGroup[],
  lines: InvoiceLineFigures[],
  currency: string,
): ConsignmentComparison {
  const products = perProduct(owedGroupsOfPeriod);
  const inCurrency = new Map(products.filter((p) => p.currency === currency).map((p) => [p.product.id, p]));
  const others = new Map<string, Decimal>();
  for (const p of products)
    if (p.currency !== currency && !p.quantity.isZero())
      others.set(p.currency, (others.get(p.currency) ?? ZERO).add(pennies(p.amount)));
  const byProduct = new Map(lines.map((l) => [l.product.id, l]));
  const ids = [...new Set([...lines.map((l) => l.product.id), ...inCurrency.keys()])];
  const answer: ConsignmentComparisonLine[] = [];
  for (const id of ids) {
    const o = inCurrency.get(id);
    const l = byProduct.get(id);
    if (o?.quantity.isZero() && !l) continue;
    const soldQuantity = o?.quantity ?? ZERO;
    const soldAmount = pennies(o?.amount ?? ZERO);
    const invoicedQuantity = l?.quantity ?? ZERO;
    const invoicedAmount = l?.net ?? ZERO;
    const quantityDifference = invoicedQuantity.sub(soldQuantity);
    const amountDifference = invoicedAmount.sub(soldAmount);
    answer.push({
      product: (o?.product ?? l?.product) as { id: string; sku: string; name: string },
      soldQuantity: qty(soldQuantity),
      agreedUnitCost: o ? unitCostOf(o) : null,
      soldAmount: money(soldAmount),
      invoicedQuantity: qty(invoicedQuantity),
      invoicedUnitPrice: l ? l.unitPrice.toFixed() : null,
      invoicedAmount: money(invoicedAmount),
      quantityDifference: qty(quantityDifference),
      amountDifference: money(amountDifference),
      differs: !quantityDifference.isZero() || !amountDifference.isZero(),
      noAgreedCost: o?.costMissing ?? false,
    });
  }
  answer.sort((a, b) => (a.product.sku < b.product.sku ? -1 : a.product.sku > b.product.sku ? 1 : 0));
  const sold = answer.reduce((s, l) => s.add(l.soldAmount), ZERO);
  const invoiced = answer.reduce((s, l) => s.add(l.invoicedAmount), ZERO);
  return {
    lines: answer,
    soldAmount: money(sold),
    invoicedAmount: money(invoiced),
    amountDifference: money(invoiced.sub(sold)),
    differs: answer.some((l) => l.differs),
    otherCurrencies: [...others].map(([c, amount]) => ({ currency: c, amount: money(amount) })),
  };
}

/** The lines with their products and amounts (VAT per line, HMRC's line rounding), unknown products refused. */
async function figuresOf(db: Kysely<Database>, lines: Values['lines']) {
  const products = new Map(
    (
      await repo.productsByIds(
        db,
        lines.map((l) => l.productId),
      )
    ).map((p) => [p.id, p]),
  );
  return lines.map((l, i) => {
    const p = products.get(l.productId);
    if (!p)
      throw unprocessable(
        ConsignmentInvoiceErrorCode.CONSIGNMENT_INVOICE_PRODUCT_UNKNOWN,
        `Line ${i + 1} names a product that does not exist.`,
        lineDetails(i, { field: 'productId', productId: l.productId }),
      );
    const vatCode = l.vatCode as VatCode;
    const amounts = vatLineAmounts({ quantity: l.quantity, unitCost: l.unitPrice, discountPercent: '0', vatCode });
    return {
      product: { id: p.id, sku: p.sku, name: p.name },
      quantity: new Decimal(l.quantity),
      unitPrice: new Decimal(l.unitPrice),
      net: new Decimal(amounts.net),
      vatCode,
      amounts,
    };
  });
}

export async function check(db: Kysely<Database>, input: CheckValues): Promise<ConsignmentComparison> {
  await supplierOf(db, input.supplierId);
  checkPeriod(input.periodFrom, input.periodTo);
  const lines = await figuresOf(db, input.lines);
  const groups = await owedGroups(db, {
    partnerId: input.supplierId,
    from: input.periodFrom,
    to: input.periodTo,
    open: true,
  });
  return compare(groups, lines, input.currency);
}

function nothingOwed(code: string, from: string, to: string, currency: string, comparison?: ConsignmentComparison) {
  const other = comparison?.otherCurrencies.length
    ? ` (what is owed there is in ${comparison.otherCurrencies.map((c) => c.currency).join(', ')})`
    : '';
  return unprocessable(
    ConsignmentInvoiceErrorCode.CONSIGNMENT_INVOICE_NOTHING_OWED,
    `Nothing is owed to ${code} in ${currency} for ${from} to ${to}${other}: no consignment units of theirs were sold in that period, or they are invoiced already.`,
    { field: 'periodFrom', from, to, currency },
  );
}

// Reading

function ownLineFigures(lines: repo.LineRow[]): InvoiceLineFigures[] {
  return lines.map((l) => ({
    product: { id: l.product_id, sku: l.sku, name: l.name },
    quantity: new Decimal(l.quantity),
    unitPrice: new Decimal(l.unit_price),
    net: new Decimal(l.net_amount),
  }));
}

function requireConsignment(head: repo.HeadRow | undefined, id: string): repo.HeadRow {
  const h = found(head, label, id);
  if (h.kind !== 'CONSIGNMENT')
    throw unprocessable(
      ConsignmentInvoiceErrorCode.CONSIGNMENT_INVOICE_NOT_CONSIGNMENT,
      `${h.number} is a supplier invoice of order lines, not a consignment invoice: open it in Client Invoices.`,
      { id, number: h.number },
    );
  return h;
}

export async function getInvoice(db: Kysely<Database>, id: string): Promise<ConsignmentInvoice> {
  const head = requireConsignment(await repo.findHead(db, id), id);
  const [lines, upload, settled] = await Promise.all([
    repo.findLines(db, id),
    head.upload_id ? repo.findUpload(db, { id: head.upload_id }) : undefined,
    settledQuantity(db, id),
  ]);
  const from = head.period_from as string;
  const to = head.period_to as string;
  // Pending: against what is open now; booked or paid: against what it settled; cancelled: against nothing.
  const groups =
    head.status === 'PENDING'
      ? await owedGroups(db, { partnerId: head.supplier_id, from, to, open: true })
      : head.status === 'CANCELED'
        ? []
        : await owedGroups(db, { invoiceId: id });
  return {
    id: head.id,
    number: head.number,
    kind: 'CONSIGNMENT',
    status: head.status as PurchaseInvoiceStatus,
    supplier: { id: head.supplier_id, code: head.supplier_code, name: head.supplier_name },
    supplierInvoiceNumber: head.supplier_invoice_number,
    invoiceDate: head.invoice_date,
    dueDate: head.due_date,
    periodFrom: from,
    periodTo: to,
    currency: head.currency,
    netTotal: money(head.net_total),
    vatTotal: money(head.vat_total),
    grossTotal: money(head.gross_total),
    openAmount: money(head.open_amount),
    attachment: upload ? { fileName: upload.file_name, originalName: upload.original_name, kind: upload.kind } : null,
    notes: head.notes,
    differenceReason: head.difference_reason,
    cancelReason: head.cancel_reason,
    lines: lines.map((l) => ({
      lineNo: l.line_no,
      product: { id: l.product_id, sku: l.sku, name: l.name },
      quantity: qty(l.quantity),
      unitPrice: new Decimal(l.unit_price).toFixed(),
      vatCode: l.vat_code as VatCode,
      net: money(l.net_amount),
      vat: money(l.vat_amount),
    })),
    comparison: compare(groups, ownLineFigures(lines), head.currency),
    settledQuantity: qty(settled),
    createdAt: head.created_at.toISOString(),
  };
}

// Creating

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function createInvoice(ctx: Ctx, input: Values): Promise<ConsignmentInvoice> {
  const db = ctx.db;
  const partner = await supplierOf(db, input.supplierId);
  checkPeriod(input.periodFrom, input.periodTo);
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
  // The supplier invoices' rule: a supplier's number once among their invoices not cancelled, of either kind.
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
  const lines = await figuresOf(db, input.lines);
  const groups = await owedGroups(db, {
    partnerId: input.supplierId,
    from: input.periodFrom,
    to: input.periodTo,
    open: true,
  });
  const comparison = compare(groups, lines, input.currency);
  if (!groups.some((g) => g.currency === input.currency && !g.quantity.isZero()))
    throw nothingOwed(partner.code, input.periodFrom, input.periodTo, input.currency, comparison);
  // The invoice date's rate, for information (settlements): it never reaches stock.
  const rate = await rateOn(db, input.currency as CurrencyCode, input.invoiceDate);
  const totals = vatTotals(lines.map((l) => ({ vatCode: l.vatCode, ...l.amounts })));
  const number = await nextDocumentNumber(db, 'purchaseInvoice', input.invoiceDate);
  const id = await repo.insertInvoice(db, {
    number,
    supplierId: input.supplierId,
    supplierInvoiceNumber: input.supplierInvoiceNumber,
    invoiceDate: input.invoiceDate,
    dueDate,
    periodFrom: input.periodFrom,
    periodTo: input.periodTo,
    currency: input.currency,
    exchangeRate: rate.rate,
    net: totals.net,
    vat: totals.vat,
    gross: totals.gross,
    uploadId: upload?.id ?? null,
    notes: input.notes,
    userId: ctx.user.id,
  });
  if (upload) await repo.attachUpload(db, upload.id, id);
  await repo.insertLines(
    db,
    id,
    lines.map((l) => ({
      productId: l.product.id,
      quantity: l.quantity.toFixed(),
      unitPrice: l.unitPrice.toFixed(),
      vatCode: l.vatCode,
      vatRate: l.amounts.vatRate,
      net: l.amounts.net,
      vat: l.amounts.vat,
    })),
  );
  await auditDocument(ctx, purchaseInvoiceDocument, {
    number,
    action: 'create',
    after: {
      kind: 'CONSIGNMENT',
      supplier: partner.code,
      supplierInvoiceNumber: input.supplierInvoiceNumber,
      period: `${input.periodFrom}..${input.periodTo}`,
      invoiceDate: input.invoiceDate,
      dueDate,
      currency: input.currency,
      gross: totals.gross,
      attachment: upload?.original_name ?? null,
      differs: comparison.differs,
      lines: lines.map((l) => ({
        sku: l.product.sku,
        quantity: l.quantity.toFixed(),
        unitPrice: l.unitPrice.toFixed(),
      })),
    },
  });
  return getInvoice(db, id);
}

// Steps

const lockFor = async (ctx: Ctx, id: string, action: keyof typeof purchaseInvoiceDocument.actions) => {
  const row = await lockForAction(ctx.db, purchaseInvoiceDocument, 'purchase_invoices', id, action);
  if (row.kind !== 'CONSIGNMENT')
    throw unprocessable(
      ConsignmentInvoiceErrorCode.CONSIGNMENT_INVOICE_NOT_CONSIGNMENT,
      `${row.number} is a supplier invoice of order lines, not a consignment invoice: book or cancel it in Client Invoices.`,
      { id, number: row.number },
    );
  return row;
};

/**
 * Books a pending consignment invoice: compared with what is owed and not yet invoiced in its period (a reason when
 * they differ), the owed rows are marked settled by it, and it is payable (BOOKED with its open amount).
 */
export async function bookInvoice(ctx: Ctx, id: string, input: BookValues): Promise<ConsignmentInvoice> {
  const row = await lockFor(ctx, id, 'book');
  // One booking per supplier at a time: a second one reads what is owed once the first has settled its part.
  await repo.lockSupplierBookings(ctx.db, row.supplier_id);
  const before = await getInvoice(ctx.db, id);
  const from = before.periodFrom;
  const to = before.periodTo;
  if (!before.comparison.lines.some((l) => !new Decimal(l.soldQuantity).isZero()))
    throw nothingOwed(before.supplier.code, from, to, before.currency, before.comparison);
  const differing = before.comparison.lines.filter((l) => l.differs);
  if (differing.length && !input.reason)
    throw unprocessable(
      PurchaseInvoiceErrorCode.PURCHASE_INVOICE_DIFFERENCE_REASON_REQUIRED,
      `${row.number} differs from what was sold in ${from} to ${to} (${differing
        .map((l) => `${l.product.sku}: invoiced ${l.invoicedQuantity}, sold ${l.soldQuantity}`)
        .join('; ')}): give a reason to book it.`,
      {
        lines: differing.map((l) => ({
          sku: l.product.sku,
          quantityDifference: l.quantityDifference,
          amountDifference: l.amountDifference,
        })),
      },
    );
  const settled = await settleOwed(ctx.db, {
    partnerId: before.supplier.id,
    from,
    to,
    currency: before.currency,
    invoiceId: id,
  });
  if (!settled.rows) throw nothingOwed(before.supplier.code, from, to, before.currency);
  await repo.markBooked(ctx.db, id, ctx.user.id, input.reason);
  await recordStep(ctx, purchaseInvoiceDocument, row, 'book', 'BOOKED', {
    after: {
      kind: 'CONSIGNMENT',
      reason: input.reason,
      differs: before.comparison.differs,
      settledRows: settled.rows,
      settledQuantity: settled.quantity.toFixed(),
    },
  });
  return getInvoice(ctx.db, id);
}

/** Cancels a pending or booked consignment invoice: the owed rows it settled are owed again. */
export async function cancelInvoice(ctx: Ctx, id: string, input: CancelValues): Promise<ConsignmentInvoice> {
  const row = await lockFor(ctx, id, 'cancel');
  const released = await releaseOwed(ctx.db, id);
  await repo.markCanceled(ctx.db, id, ctx.user.id, input.reason);
  await recordStep(ctx, purchaseInvoiceDocument, row, 'cancel', 'CANCELED', {
    after: { kind: 'CONSIGNMENT', reason: input.reason, releasedQuantity: released.toFixed() },
  });
  return getInvoice(ctx.db, id);
}

// The supplier's sheet

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * Reads the lines of the supplier's .xlsx through a saved mapping of invoice lines (kind purchase_invoices: SKU or
 * barcode, quantity, unit price), or one proposed from its headers. Every row's problem is listed; nothing is
 * written. Rows of one product are added up (an invoice line per product).
 */
export async function readSheet(ctx: Ctx, input: z.output<typeof ConsignmentSheetInput>): Promise<ConsignmentSheet> {
  const file = await repo.uploadContent(ctx.db, input.fileName);
  if (file?.kind !== 'xlsx' || file.attached_entity)
    throw unprocessable(
      PurchaseInvoiceErrorCode.PURCHASE_INVOICE_UPLOAD_UNKNOWN,
      file
        ? file.attached_entity
          ? 'That file is attached to another document already: upload the supplier’s spreadsheet again.'
          : 'That file is not an .xlsx spreadsheet: upload the supplier’s .xlsx to read its lines.'
        : 'The file is not among the uploaded files: upload it again.',
      { field: 'fileName', fileName: input.fileName },
    );
  let columns: { field: string; header: string }[] | null = null;
  if (input.mappingId) {
    columns = (await repo.mappingColumns(ctx.db, input.mappingId, CONSIGNMENT_INVOICE_IMPORT_KIND)) ?? null;
    if (!columns)
      throw unprocessable(
        ConsignmentInvoiceErrorCode.CONSIGNMENT_INVOICE_MAPPING_UNKNOWN,
        'The chosen Excel mapping does not exist, or it is not a mapping of purchase invoice lines.',
        { field: 'mappingId', mappingId: input.mappingId },
      );
  }
  type Field = 'sku' | 'barcode' | 'quantity' | 'unitCost';
  const wanted = new Set<string>(['sku', 'barcode', 'quantity', 'unitCost']);
  const rows: { rowNumber: number; code: string; quantity: Decimal; unitPrice: Decimal }[] = [];
  const problems: ConsignmentSheet['problems'] = [];
  for await (const row of readMappedRows<Field, Partial<Record<Field, string>>>(file.content, {
    kind: CONSIGNMENT_INVOICE_IMPORT_KIND,
    columns,
    checkCell: (field, text) => {
      if (!wanted.has(field)) return { ok: true, value: text };
      if (field === 'quantity' || field === 'unitCost') {
        const t = String(decimalCell(text));
        if (!DECIMAL.test(t)) return { ok: false, messages: [`"${text}" is not a number of at least zero`] };
        return { ok: true, value: t };
      }
      return { ok: true, value: text.trim() };
    },
    requiredMessages: { quantity: 'the quantity is empty', unitCost: 'the unit price is empty' },
  })) {
    for (const e of row.errors) problems.push({ rowNumber: e.rowNumber, field: e.field ?? null, message: e.message });
    const v = row.value;
    const code = v.sku || v.barcode;
    if (!code) {
      if (!row.errors.length && (v.quantity || v.unitCost))
        problems.push({ rowNumber: row.rowNumber, field: 'sku', message: 'the row names no SKU or barcode' });
      continue;
    }
    if (row.errors.length || !v.quantity || !v.unitCost) continue;
    if (new Decimal(v.quantity).isZero()) continue;
    rows.push({
      rowNumber: row.rowNumber,
      code,
      quantity: new Decimal(v.quantity),
      unitPrice: new Decimal(v.unitCost),
    });
  }
  const found = await repo.productsByCodes(ctx.db, [...new Set(rows.map((r) => r.code))]);
  const byCode = new Map(found.map((p) => [p.code, p]));
  const lines = new Map<string, ConsignmentSheet['lines'][number] & { amount: Decimal; q: Decimal }>();
  for (const r of rows) {
    const p =
      byCode.get(r.code.toUpperCase()) ??
      (/^\d{8,14}$/.test(r.code) ? byCode.get(r.code.padStart(14, '0')) : undefined);
    if (!p) {
      problems.push({ rowNumber: r.rowNumber, field: 'sku', message: `no product has the SKU or barcode ${r.code}` });
      continue;
    }
    const had = lines.get(p.id);
    if (had) {
      had.q = had.q.add(r.quantity);
      had.amount = had.amount.add(r.quantity.times(r.unitPrice));
    } else
      lines.set(p.id, {
        rowNumber: r.rowNumber,
        product: { id: p.id, sku: p.sku, name: p.name },
        quantity: '',
        unitPrice: '',
        q: r.quantity,
        amount: r.quantity.times(r.unitPrice),
      });
  }
  return {
    lines: [...lines.values()].map((l) => ({
      rowNumber: l.rowNumber,
      product: l.product,
      quantity: l.q.toFixed(),
      // Rows of one product at several prices: the average (6 places), so the line's amount is kept.
      unitPrice: l.amount.div(l.q).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(),
    })),
    problems: problems.sort((a, b) => a.rowNumber - b.rowNumber),
  };
}
