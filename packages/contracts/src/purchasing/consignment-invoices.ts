import { z } from 'zod';
import { CurrencyCode } from '../master-data/enumerations.ts';
import { actionEndpoint } from '../platform/documents.ts';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate, Uuid } from '../platform/pagination.ts';
import { singleLine } from '../platform/text.ts';
import { PositiveStockQuantity } from '../stock/stock.ts';
import {
  PURCHASE_INVOICE_NUMBER_MAX,
  PurchaseInvoiceBookInput,
  PurchaseInvoiceCancelInput,
  PurchaseInvoiceStatus,
  purchaseInvoiceDocument,
} from './purchase-invoices.ts';
import { PurchaseUnitCost } from './purchase-orders.ts';
import { VatCode } from './vat.ts';

/**
 * Consignment invoices (Consignment Invoice Upload, DOMAIN.md "Consignment settlement for a period: units sold net
 * of returns in that period × the agreed cost"). Every sale of a supplier's consignment units records what is owed
 * at the agreed cost (the consignment order line's net per unit, in the order's currency), a return the opposite.
 * The supplier's invoice for a period is checked against what is owed and not yet invoiced in that period, per
 * product: sold and invoiced quantity and amount, and the difference. It is a supplier invoice of kind CONSIGNMENT
 * (the same numbers, statuses and steps, payable by settlements like any other): booking it, with a reason when it
 * differs, marks the period's owed rows as settled by it; cancelling it releases them.
 */
export const ConsignmentInvoiceErrorCode = {
  /** Nothing is owed to the supplier in the period (no consignment units sold there, or all already invoiced). */
  CONSIGNMENT_INVOICE_NOTHING_OWED: 'CONSIGNMENT_INVOICE_NOTHING_OWED',
  /** The period ends before it starts, or ends on a day still to come. */
  CONSIGNMENT_INVOICE_PERIOD_INVALID: 'CONSIGNMENT_INVOICE_PERIOD_INVALID',
  /** A line names a product that does not exist, or a sheet row names no known product. */
  CONSIGNMENT_INVOICE_PRODUCT_UNKNOWN: 'CONSIGNMENT_INVOICE_PRODUCT_UNKNOWN',
  /** The supplier does not exist. */
  CONSIGNMENT_INVOICE_SUPPLIER_UNKNOWN: 'CONSIGNMENT_INVOICE_SUPPLIER_UNKNOWN',
  /** The invoice asked for is a supplier invoice of order lines, not a consignment invoice. */
  CONSIGNMENT_INVOICE_NOT_CONSIGNMENT: 'CONSIGNMENT_INVOICE_NOT_CONSIGNMENT',
  /** The chosen Excel mapping does not exist or is not a mapping of invoice lines. */
  CONSIGNMENT_INVOICE_MAPPING_UNKNOWN: 'CONSIGNMENT_INVOICE_MAPPING_UNKNOWN',
} as const;
export type ConsignmentInvoiceErrorCode =
  (typeof ConsignmentInvoiceErrorCode)[keyof typeof ConsignmentInvoiceErrorCode];

/** The Excel mapping kind whose fields a consignment invoice's sheet is read with (SKU or barcode, quantity, price). */
export const CONSIGNMENT_INVOICE_IMPORT_KIND = 'purchase_invoices' as const;
export const CONSIGNMENT_INVOICE_LINES_MAX = 1000;

export const ConsignmentPeriod = z.object({ supplierId: Uuid, from: IsoDate, to: IsoDate });
export type ConsignmentPeriod = z.infer<typeof ConsignmentPeriod>;

/** What is owed to a supplier for one product in a period. */
export const ConsignmentOwedProduct = z
  .object({
    product: z.object({ id: Uuid, sku: z.string(), name: z.string() }),
    currency: z.string(),
    /** Units sold net of returns in the period. */
    sold: z.string(),
    /** The agreed cost per unit (the average when the units came at several). */
    unitCost: z.string(),
    /** sold × agreed cost, to the penny. */
    amount: z.string(),
    /** Of those, settled by booked consignment invoices. */
    invoicedQuantity: z.string(),
    invoicedAmount: z.string(),
    /** Still to invoice. */
    openQuantity: z.string(),
    openAmount: z.string(),
    /** Some units sold found no agreed cost (their receipt had none, nor the supplier for the product): owed at zero. */
    noAgreedCost: z.boolean(),
  })
  .meta({ id: 'ConsignmentOwedProduct' });
export type ConsignmentOwedProduct = z.infer<typeof ConsignmentOwedProduct>;

export const ConsignmentOwed = z
  .object({
    supplier: z.object({ id: Uuid, code: z.string(), name: z.string() }),
    from: z.string(),
    to: z.string(),
    items: z.array(ConsignmentOwedProduct),
    /** Open amounts per currency. */
    totals: z.array(z.object({ currency: z.string(), amount: z.string(), openAmount: z.string() })),
  })
  .meta({ id: 'ConsignmentOwed' });
export type ConsignmentOwed = z.infer<typeof ConsignmentOwed>;

export const ConsignmentInvoiceLineInput = z.object({
  productId: Uuid,
  quantity: PositiveStockQuantity,
  /** Per unit, in the invoice's currency. */
  unitPrice: PurchaseUnitCost,
  vatCode: VatCode.default('STANDARD'),
});
export type ConsignmentInvoiceLineInput = z.input<typeof ConsignmentInvoiceLineInput>;

const periodIssues = (v: { periodFrom: string; periodTo: string }, ctx: z.RefinementCtx) => {
  if (v.periodTo < v.periodFrom)
    ctx.addIssue({ code: 'custom', path: ['periodTo'], message: 'the period ends before it starts' });
};

const lineIssues = (v: { lines: { productId: string }[] }, ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  v.lines.forEach((l, i) => {
    if (seen.has(l.productId))
      ctx.addIssue({ code: 'custom', path: ['lines', i, 'productId'], message: 'a product is invoiced on one line' });
    seen.add(l.productId);
  });
};

const checkFields = {
  supplierId: Uuid,
  periodFrom: IsoDate,
  periodTo: IsoDate,
  currency: CurrencyCode,
  lines: z.array(ConsignmentInvoiceLineInput).max(CONSIGNMENT_INVOICE_LINES_MAX),
};

/** The lines against what is owed, without writing anything (the screen's comparison before saving). */
export const ConsignmentInvoiceCheckInput = z.object(checkFields).superRefine((v, ctx) => {
  periodIssues(v, ctx);
  lineIssues(v, ctx);
});
export type ConsignmentInvoiceCheckInput = z.input<typeof ConsignmentInvoiceCheckInput>;

export const ConsignmentInvoiceInput = z
  .object({
    ...checkFields,
    supplierInvoiceNumber: singleLine(z.string().trim().min(1).max(PURCHASE_INVOICE_NUMBER_MAX)),
    invoiceDate: IsoDate,
    /** Empty: the invoice date plus the supplier's payment terms. */
    dueDate: IsoDate.nullable().default(null),
    /** The supplier's PDF or .xlsx, as the uploads area answered it (POST /api/uploads). */
    attachment: z.string().trim().min(1).max(200).nullable().default(null),
    notes: z.string().trim().max(2000).default(''),
    lines: z
      .array(ConsignmentInvoiceLineInput)
      .min(1, 'an invoice has at least one line')
      .max(CONSIGNMENT_INVOICE_LINES_MAX),
  })
  .superRefine((v, ctx) => {
    periodIssues(v, ctx);
    lineIssues(v, ctx);
  });
export type ConsignmentInvoiceInput = z.input<typeof ConsignmentInvoiceInput>;

/** One product compared: what is owed (sold in the period, not yet invoiced) against what the invoice says. */
export const ConsignmentComparisonLine = z
  .object({
    product: z.object({ id: Uuid, sku: z.string(), name: z.string() }),
    /** Owed: units sold net of returns, the agreed cost and amount (in the invoice's currency). */
    soldQuantity: z.string(),
    agreedUnitCost: z.string().nullable(),
    soldAmount: z.string(),
    /** Invoiced: the line's quantity, price and net. */
    invoicedQuantity: z.string(),
    invoicedUnitPrice: z.string().nullable(),
    invoicedAmount: z.string(),
    /** Invoiced − sold. */
    quantityDifference: z.string(),
    amountDifference: z.string(),
    differs: z.boolean(),
    /** Some of the units owed found no agreed cost: owed at zero, so the difference is not a real one. */
    noAgreedCost: z.boolean(),
  })
  .meta({ id: 'ConsignmentComparisonLine' });
export type ConsignmentComparisonLine = z.infer<typeof ConsignmentComparisonLine>;

export const ConsignmentComparison = z
  .object({
    lines: z.array(ConsignmentComparisonLine),
    soldAmount: z.string(),
    invoicedAmount: z.string(),
    amountDifference: z.string(),
    differs: z.boolean(),
    /** Owed in the period in other currencies than the invoice's (not compared). */
    otherCurrencies: z.array(z.object({ currency: z.string(), amount: z.string() })),
  })
  .meta({ id: 'ConsignmentComparison' });
export type ConsignmentComparison = z.infer<typeof ConsignmentComparison>;

export const ConsignmentInvoice = z
  .object({
    id: Uuid,
    number: z.string(),
    kind: z.literal('CONSIGNMENT'),
    status: PurchaseInvoiceStatus,
    supplier: z.object({ id: Uuid, code: z.string(), name: z.string() }),
    supplierInvoiceNumber: z.string(),
    invoiceDate: z.string(),
    dueDate: z.string(),
    periodFrom: z.string(),
    periodTo: z.string(),
    currency: z.string(),
    netTotal: z.string(),
    vatTotal: z.string(),
    grossTotal: z.string(),
    openAmount: z.string(),
    attachment: z.object({ fileName: z.string(), originalName: z.string(), kind: z.string() }).nullable(),
    notes: z.string(),
    differenceReason: z.string(),
    cancelReason: z.string(),
    lines: z.array(
      z.object({
        lineNo: z.number().int(),
        product: z.object({ id: Uuid, sku: z.string(), name: z.string() }),
        quantity: z.string(),
        unitPrice: z.string(),
        vatCode: VatCode,
        net: z.string(),
        vat: z.string(),
      }),
    ),
    /**
     * Pending: against what is owed and not yet invoiced now. Booked or paid: against the owed rows it settled.
     * Cancelled: against nothing.
     */
    comparison: ConsignmentComparison,
    /** Owed units settled by it. */
    settledQuantity: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'ConsignmentInvoice' });
export type ConsignmentInvoice = z.infer<typeof ConsignmentInvoice>;

/** Lines read from the supplier's .xlsx through a saved Excel mapping (or one proposed from its headers). */
export const ConsignmentSheetInput = z.object({
  /** The uploaded file's name, as the uploads area answered it. */
  fileName: z.string().trim().min(1).max(200),
  /** A saved mapping of kind purchase_invoices; null: proposed from the headers. */
  mappingId: Uuid.nullable().default(null),
});
export type ConsignmentSheetInput = z.input<typeof ConsignmentSheetInput>;

export const ConsignmentSheet = z
  .object({
    lines: z.array(
      z.object({
        rowNumber: z.number().int(),
        product: z.object({ id: Uuid, sku: z.string(), name: z.string() }),
        quantity: z.string(),
        unitPrice: z.string(),
      }),
    ),
    problems: z.array(z.object({ rowNumber: z.number().int(), field: z.string().nullable(), message: z.string() })),
  })
  .meta({ id: 'ConsignmentSheet' });
export type ConsignmentSheet = z.infer<typeof ConsignmentSheet>;

/** Suppliers to choose from: consignment partners first. */
export const ConsignmentSupplier = z.object({
  id: Uuid,
  code: z.string(),
  name: z.string(),
  currency: z.string().nullable(),
  isConsignment: z.boolean(),
});

const IdParams = z.object({ id: Uuid });
const tag = 'purchasing';

export const consignmentInvoicesApi = {
  consignmentSuppliers: endpoint({
    method: 'GET',
    path: '/api/consignment-invoices/suppliers',
    permission: 'view_purchase_invoice',
    tag,
    summary: 'Active suppliers to invoice consignment sales of: consignment partners first, then by code',
    response: z.object({ items: z.array(ConsignmentSupplier) }),
  }),
  consignmentOwed: endpoint({
    method: 'GET',
    path: '/api/consignment-invoices/owed',
    permission: 'view_purchase_invoice',
    tag,
    summary:
      'What a supplier is owed for a period, per product: units sold net of returns, the agreed cost, the amount and what is already invoiced',
    query: ConsignmentPeriod,
    response: ConsignmentOwed,
  }),
  readConsignmentSheet: endpoint({
    method: 'POST',
    path: '/api/consignment-invoices/sheet',
    permission: 'add_purchase_invoice',
    tag,
    summary:
      'Read the lines of a supplier’s consignment invoice from an uploaded .xlsx through a saved Excel mapping (nothing is written)',
    body: ConsignmentSheetInput,
    response: ConsignmentSheet,
  }),
  checkConsignmentInvoice: endpoint({
    method: 'POST',
    path: '/api/consignment-invoices/check',
    permission: 'add_purchase_invoice',
    tag,
    summary: 'Compare lines with what is owed in the period, per product (nothing is written)',
    body: ConsignmentInvoiceCheckInput,
    response: ConsignmentComparison,
  }),
  createConsignmentInvoice: endpoint({
    method: 'POST',
    path: '/api/consignment-invoices',
    permission: 'add_purchase_invoice',
    tag,
    summary:
      'Enter a supplier’s consignment invoice for a period (PENDING), checked against what is owed; a number the supplier used already is refused',
    body: ConsignmentInvoiceInput,
    response: ConsignmentInvoice,
    status: 201,
    idempotent: true,
  }),
  getConsignmentInvoice: endpoint({
    method: 'GET',
    path: '/api/consignment-invoices/:id',
    permission: 'view_purchase_invoice',
    tag,
    summary: 'One consignment invoice with its lines and the comparison per product',
    params: IdParams,
    response: ConsignmentInvoice,
  }),
  bookConsignmentInvoice: actionEndpoint(purchaseInvoiceDocument, 'book', {
    path: '/api/consignment-invoices/:id/book',
    tag,
    summary:
      'Book a pending consignment invoice (with a reason when it differs from what is owed): it settles the period’s owed units and becomes payable',
    params: IdParams,
    body: PurchaseInvoiceBookInput,
    response: ConsignmentInvoice,
  }),
  cancelConsignmentInvoice: actionEndpoint(purchaseInvoiceDocument, 'cancel', {
    path: '/api/consignment-invoices/:id/cancel',
    tag,
    summary: 'Cancel a pending or booked consignment invoice: the owed units it settled are owed again',
    params: IdParams,
    body: PurchaseInvoiceCancelInput,
    response: ConsignmentInvoice,
  }),
};
