import { z } from 'zod';
import { Percentage } from '../platform/decimal.ts';
import { actionEndpoint, defineDocument, documentStatuses } from '../platform/documents.ts';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate, PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { singleLine } from '../platform/text.ts';
import { PositiveStockQuantity } from '../stock/stock.ts';
import { DiscountPercent, PurchaseUnitCost } from './purchase-orders.ts';
import { VatCode } from './vat.ts';

/**
 * Supplier invoices ("Client Invoices", DOMAIN.md "Purchasing"): a supplier's invoice against their order lines.
 * Each line is matched three ways (ordered, received and invoiced quantities; order price against invoice
 * price) within the tolerances of the configuration, and to the receipts it pays for, the oldest not yet
 * invoiced first. PENDING → BOOKED → PROCESSING (in a settlement) → PROCESSED (paid), and CANCELED.
 *
 * Booking a price difference revalues the receipt lines matched (PRICE_DIFFERENCE): (invoice unit net − order
 * unit net) × matched quantity, translated at the receipt's rate; exchange differences never change stock value
 * (IAS 21). Cancelling a booked invoice takes that back.
 */
export const PurchaseInvoiceErrorCode = {
  /** The invoice's status does not allow this step (details: DocumentStatusConflictDetails). */
  PURCHASE_INVOICE_STATUS_CONFLICT: 'PURCHASE_INVOICE_STATUS_CONFLICT',
  /** The supplier's invoice number is already on another of their invoices (details: the existing one). */
  PURCHASE_INVOICE_DUPLICATE_NUMBER: 'PURCHASE_INVOICE_DUPLICATE_NUMBER',
  /** A line names an order line that is not one of the supplier's invoicable order lines. */
  PURCHASE_INVOICE_LINE_UNKNOWN: 'PURCHASE_INVOICE_LINE_UNKNOWN',
  /** The lines' orders are in another currency than the invoice. */
  PURCHASE_INVOICE_CURRENCY_MISMATCH: 'PURCHASE_INVOICE_CURRENCY_MISMATCH',
  /** An invoice date after today, or a due date before the invoice date. */
  PURCHASE_INVOICE_DATE_INVALID: 'PURCHASE_INVOICE_DATE_INVALID',
  /** The attached file is not an upload of this installation, not a PDF or .xlsx, or another document's. */
  PURCHASE_INVOICE_UPLOAD_UNKNOWN: 'PURCHASE_INVOICE_UPLOAD_UNKNOWN',
  /** Booking an invoice beyond the tolerances without a reason. */
  PURCHASE_INVOICE_DIFFERENCE_REASON_REQUIRED: 'PURCHASE_INVOICE_DIFFERENCE_REASON_REQUIRED',
} as const;
export type PurchaseInvoiceErrorCode = (typeof PurchaseInvoiceErrorCode)[keyof typeof PurchaseInvoiceErrorCode];

/** The supplier invoice as a document: statuses (the specification's invoice statuses), steps, who may take each. */
export const purchaseInvoiceDocument = defineDocument({
  name: 'purchase_invoice',
  label: 'Supplier invoice',
  errorPrefix: 'PURCHASE_INVOICE',
  statuses: {
    PENDING: { tone: 'neutral', open: true, phrase: 'pending' },
    BOOKED: { tone: 'info', open: true, phrase: 'booked' },
    PROCESSING: { tone: 'progress', open: true, phrase: 'in a settlement' },
    PROCESSED: { tone: 'success', open: false, phrase: 'paid' },
    CANCELED: { tone: 'danger', open: false, phrase: 'cancelled' },
  },
  actions: {
    edit: { from: ['PENDING'], to: [], permission: 'edit_purchase_invoice', done: 'changed' },
    book: {
      from: ['PENDING'],
      to: ['BOOKED'],
      permission: 'approve_purchase_invoice',
      idempotent: true,
      done: 'booked',
    },
    cancel: {
      from: ['PENDING', 'BOOKED'],
      to: ['CANCELED'],
      permission: 'cancel_purchase_invoice',
      destructive: true,
      done: 'cancelled',
    },
    // Taken by settlements (no endpoints here).
    settle: {
      from: ['BOOKED'],
      to: ['PROCESSING'],
      permission: 'add_purchase_invoice_settlement',
      done: 'put in a settlement',
    },
    pay: {
      from: ['PROCESSING'],
      to: ['PROCESSED', 'BOOKED'],
      permission: 'approve_purchase_invoice_settlement',
      done: 'paid',
    },
  },
});

export const PURCHASE_INVOICE_STATUSES = documentStatuses(purchaseInvoiceDocument);
export const PurchaseInvoiceStatus = z.enum(PURCHASE_INVOICE_STATUSES);
export type PurchaseInvoiceStatus = z.infer<typeof PurchaseInvoiceStatus>;

export const PURCHASE_INVOICE_LINES_MAX = 1000;
export const PURCHASE_INVOICE_NUMBER_MAX = 60;

/** What a supplier invoice may differ from order and receipt before booking needs a reason (%, 0: none). */
export const PurchaseInvoiceTolerances = z.object({ quantityPercent: Percentage, pricePercent: Percentage });
export type PurchaseInvoiceTolerances = z.input<typeof PurchaseInvoiceTolerances>;

export const PurchaseInvoiceLineInput = z.object({
  orderLineId: Uuid,
  quantity: PositiveStockQuantity,
  /** Per unit before discount, in the invoice's currency. */
  unitPrice: PurchaseUnitCost,
  discountPercent: DiscountPercent.default('0'),
  /** Empty: the order line's. */
  vatCode: VatCode.optional(),
});
export type PurchaseInvoiceLineInput = z.input<typeof PurchaseInvoiceLineInput>;

export const PurchaseInvoiceInput = z
  .object({
    supplierId: Uuid,
    supplierInvoiceNumber: singleLine(z.string().trim().min(1).max(PURCHASE_INVOICE_NUMBER_MAX)),
    invoiceDate: IsoDate,
    /** Empty: the invoice date plus the supplier's payment terms. */
    dueDate: IsoDate.nullable().default(null),
    /** The supplier's PDF or .xlsx: its file name as the uploads area answered it (POST /api/uploads). */
    attachment: z.string().trim().min(1).max(200).nullable().default(null),
    notes: z.string().trim().max(2000).default(''),
    lines: z.array(PurchaseInvoiceLineInput).min(1, 'an invoice has at least one line').max(PURCHASE_INVOICE_LINES_MAX),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.lines.forEach((l, i) => {
      if (seen.has(l.orderLineId))
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'orderLineId'],
          message: 'an order line is invoiced once per invoice',
        });
      seen.add(l.orderLineId);
    });
  });
export type PurchaseInvoiceInput = z.input<typeof PurchaseInvoiceInput>;

export const MATCH_FLAGS = ['QUANTITY', 'PRICE', 'NOT_RECEIVED'] as const;
export const MatchFlag = z.enum(MATCH_FLAGS);
export type MatchFlag = z.infer<typeof MatchFlag>;

export const PurchaseInvoiceLine = z
  .object({
    id: Uuid,
    lineNo: z.number().int(),
    orderId: Uuid,
    orderNumber: z.string(),
    orderLineId: Uuid,
    orderLineNo: z.number().int(),
    product: z.object({ id: Uuid, sku: z.string(), name: z.string() }),
    quantity: z.string(),
    unitPrice: z.string(),
    discountPercent: z.string(),
    vatCode: VatCode,
    vatRate: z.string(),
    net: z.string(),
    vat: z.string(),
    /** The three-way match: the order line's figures, this line's, and what differs beyond the tolerances. */
    match: z.object({
      ordered: z.string(),
      received: z.string(),
      /** Invoiced on the order line by other invoices not cancelled. */
      invoicedElsewhere: z.string(),
      /** Net per unit after discount, order and invoice (currency of the invoice). */
      orderUnitNet: z.string(),
      invoiceUnitNet: z.string(),
      /** (invoiced in all − received) ÷ received, and (invoice − order) ÷ order unit net, in %. */
      quantityDifferencePercent: z.string(),
      priceDifferencePercent: z.string(),
      flags: z.array(MatchFlag),
      withinTolerance: z.boolean(),
    }),
    /** The receipt lines it pays for, oldest first, and what booking added to their cost (GBP). */
    receipts: z.array(
      z.object({
        receiptLineId: Uuid,
        noteId: Uuid,
        noteNumber: z.string(),
        receivedDate: z.string(),
        exchangeRate: z.string().nullable(),
        quantity: z.string(),
        priceDifference: z.string(),
      }),
    ),
  })
  .meta({ id: 'PurchaseInvoiceLine' });
export type PurchaseInvoiceLine = z.infer<typeof PurchaseInvoiceLine>;

const invoiceFields = {
  id: Uuid,
  number: z.string(),
  status: PurchaseInvoiceStatus,
  supplier: z.object({ id: Uuid, code: z.string(), name: z.string() }),
  supplierInvoiceNumber: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  exchangeRate: z.string(),
  netTotal: z.string(),
  vatTotal: z.string(),
  grossTotal: z.string(),
  openAmount: z.string(),
  createdAt: z.string(),
};

export const PurchaseInvoiceSummary = z.object(invoiceFields).meta({ id: 'PurchaseInvoiceSummary' });
export type PurchaseInvoiceSummary = z.infer<typeof PurchaseInvoiceSummary>;

export const PurchaseInvoice = z
  .object({
    ...invoiceFields,
    /** The supplier's file, uploaded through the uploads area. */
    attachment: z.object({ fileName: z.string(), originalName: z.string(), kind: z.string() }).nullable(),
    notes: z.string(),
    differenceReason: z.string(),
    approvedBy: z.object({ id: Uuid, username: z.string() }).nullable(),
    bookedAt: z.string().nullable(),
    canceledAt: z.string().nullable(),
    cancelReason: z.string(),
    tolerances: z.object({ quantityPercent: z.string(), pricePercent: z.string() }),
    withinTolerance: z.boolean(),
    lines: z.array(PurchaseInvoiceLine),
  })
  .meta({ id: 'PurchaseInvoice' });
export type PurchaseInvoice = z.infer<typeof PurchaseInvoice>;

export const PURCHASE_INVOICE_SORTS = [
  'number',
  'status',
  'invoiceDate',
  'dueDate',
  'createdAt',
  'grossTotal',
] as const;

/** Search (number, the supplier's invoice number, supplier code or name), filters and sort. */
export const PurchaseInvoiceFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  status: PurchaseInvoiceStatus.optional(),
  supplierId: Uuid.optional(),
  /** Due on or after / on or before. */
  dueFrom: IsoDate.optional(),
  dueTo: IsoDate.optional(),
});
export type PurchaseInvoiceFilter = z.infer<typeof PurchaseInvoiceFilter>;
export const PurchaseInvoiceListQuery = PageQuery.extend(PurchaseInvoiceFilter.shape);
export type PurchaseInvoiceListQuery = z.infer<typeof PurchaseInvoiceListQuery>;

export const PurchaseInvoiceBookInput = z.object({
  /** Required when a line differs beyond the tolerances. */
  reason: z.string().trim().max(500).default(''),
});
export type PurchaseInvoiceBookInput = z.input<typeof PurchaseInvoiceBookInput>;
export const PurchaseInvoiceCancelInput = z.object({ reason: z.string().trim().max(500).default('') });
export type PurchaseInvoiceCancelInput = z.input<typeof PurchaseInvoiceCancelInput>;

/** An order line of the supplier that can be invoiced: ordered, received, already invoiced and the price. */
export const InvoicableOrderLine = z
  .object({
    orderId: Uuid,
    orderNumber: z.string(),
    orderDate: z.string(),
    currency: z.string(),
    orderLineId: Uuid,
    lineNo: z.number().int(),
    product: z.object({ id: Uuid, sku: z.string(), name: z.string() }),
    ordered: z.string(),
    received: z.string(),
    invoiced: z.string(),
    unitCost: z.string(),
    discountPercent: z.string(),
    unitNet: z.string(),
    vatCode: VatCode,
  })
  .meta({ id: 'InvoicableOrderLine' });
export type InvoicableOrderLine = z.infer<typeof InvoicableOrderLine>;

const IdParams = z.object({ id: Uuid });
const tag = 'purchasing';

export const purchaseInvoicesApi = {
  listPurchaseInvoices: endpoint({
    method: 'GET',
    path: '/api/purchase-invoices',
    permission: 'view_purchase_invoice',
    tag,
    summary:
      'Supplier invoices, paged; search by number, the supplier’s invoice number or supplier; filter by status, supplier and due date; sort',
    query: PurchaseInvoiceListQuery,
    response: pageOf(PurchaseInvoiceSummary),
  }),
  exportPurchaseInvoices: endpoint({
    method: 'GET',
    path: '/api/purchase-invoices/export',
    permission: 'view_purchase_invoice',
    tag,
    summary: 'The supplier invoices of a filter as an .xlsx file, one row per invoice',
    query: PurchaseInvoiceFilter,
    response: z.unknown(),
  }),
  invoicableOrderLines: endpoint({
    method: 'GET',
    path: '/api/purchase-invoices/invoicable-lines',
    permission: 'view_purchase_invoice',
    tag,
    summary: 'A supplier’s order lines that can be invoiced, oldest order first: ordered, received, invoiced, price',
    query: z.object({ supplierId: Uuid }),
    response: z.object({ items: z.array(InvoicableOrderLine) }),
  }),
  purchaseInvoiceTolerances: endpoint({
    method: 'GET',
    path: '/api/purchase-invoices/tolerances',
    permission: 'view_purchase_invoice',
    tag,
    summary: 'The three-way match tolerances (quantity and price, %)',
    response: z.object({ quantityPercent: z.string(), pricePercent: z.string() }),
  }),
  setPurchaseInvoiceTolerances: endpoint({
    method: 'PUT',
    path: '/api/purchase-invoices/tolerances',
    permission: 'edit_system_configuration',
    tag,
    summary: 'Change the three-way match tolerances (saved in the system configuration)',
    body: PurchaseInvoiceTolerances,
    response: z.object({ quantityPercent: z.string(), pricePercent: z.string() }),
  }),
  getPurchaseInvoice: endpoint({
    method: 'GET',
    path: '/api/purchase-invoices/:id',
    permission: 'view_purchase_invoice',
    tag,
    summary: 'One supplier invoice with its lines, the three-way match line by line and the receipts matched',
    params: IdParams,
    response: PurchaseInvoice,
  }),
  createPurchaseInvoice: endpoint({
    method: 'POST',
    path: '/api/purchase-invoices',
    permission: 'add_purchase_invoice',
    tag,
    summary:
      'Enter a supplier invoice (PENDING) against the supplier’s order lines; a number the supplier used already is refused naming the invoice',
    body: PurchaseInvoiceInput,
    response: PurchaseInvoice,
    status: 201,
    idempotent: true,
  }),
  bookPurchaseInvoice: actionEndpoint(purchaseInvoiceDocument, 'book', {
    path: '/api/purchase-invoices/:id/book',
    tag,
    summary:
      'Book a pending invoice: beyond the tolerances only with a reason; a price difference revalues the receipts matched at their rate',
    params: IdParams,
    body: PurchaseInvoiceBookInput,
    response: PurchaseInvoice,
  }),
  cancelPurchaseInvoice: actionEndpoint(purchaseInvoiceDocument, 'cancel', {
    path: '/api/purchase-invoices/:id/cancel',
    tag,
    summary: 'Cancel a pending or booked invoice (a booked one’s price differences are taken back)',
    params: IdParams,
    body: PurchaseInvoiceCancelInput,
    response: PurchaseInvoice,
  }),
};
