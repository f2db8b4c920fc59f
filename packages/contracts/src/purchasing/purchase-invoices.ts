import { z } from 'zod';
import { CurrencyCode } from '../master-data/enumerations.ts';
import { decimalString, ExchangeRate, Percentage } from '../platform/decimal.ts';
import { actionEndpoint, defineDocument, documentStatuses } from '../platform/documents.ts';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate, PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { PdfFile, PrintoutQuery } from '../platform/printouts.ts';
import { singleLine } from '../platform/text.ts';
import { PositiveStockQuantity } from '../stock/stock.ts';
import type { PermissionName } from '../users/permissions.ts';
import { LandedCostBasis, LandedCostShare, LandedCostType } from './goods-received-notes.ts';
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
 *
 * Landed charges (issue 16, "later, from an invoice"): freight, duty, insurance or other charges the invoice carries
 * for posted goods received notes of any supplier (a forwarder bills for someone else's goods). Each is part of the
 * invoice's net, VAT and gross (so its open amount and settlements pay it). An invoice may hold only charges (no
 * goods lines, no order): its currency is then the one given, else the supplier's. Booking applies each charge as
 * landed costs through the receipts' landed cost service: in GBP at the invoice's rate (the invoice date's, or the
 * rate typed), shared over the accepted lines of all the receipts named by its basis (to the penny), raising the
 * layers still in stock, the share of units gone to cost of sales; each receipt's landed costs show the invoice.
 * Cancelling a booked invoice takes its charges back on the day of cancelling (the layers still in stock lowered,
 * the rest a negative cost of sales adjustment), as its price differences are; a partly paid one is refused.
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
  /** Cancelling a booked invoice that settlements have partly paid (409; details: number, grossTotal, openAmount). */
  PURCHASE_INVOICE_PARTLY_PAID: 'PURCHASE_INVOICE_PARTLY_PAID',
  /** Booking an invoice beyond the tolerances without a reason. */
  PURCHASE_INVOICE_DIFFERENCE_REASON_REQUIRED: 'PURCHASE_INVOICE_DIFFERENCE_REASON_REQUIRED',
  /** Booking an invoice beyond the tolerances without the permission to approve differences (403). */
  PURCHASE_INVOICE_DIFFERENCE_APPROVAL_REQUIRED: 'PURCHASE_INVOICE_DIFFERENCE_APPROVAL_REQUIRED',
  /** The mapping chosen to read a supplier's .xlsx is not a saved purchase invoice mapping. */
  PURCHASE_INVOICE_MAPPING_UNKNOWN: 'PURCHASE_INVOICE_MAPPING_UNKNOWN',
  /** The supplier's .xlsx cannot give invoice lines: no product column, no lines, or too many. */
  PURCHASE_INVOICE_SHEET_INVALID: 'PURCHASE_INVOICE_SHEET_INVALID',
  /** A landed charge names no receipt (details: chargeNo). */
  PURCHASE_INVOICE_CHARGE_NO_RECEIPT: 'PURCHASE_INVOICE_CHARGE_NO_RECEIPT',
  /** A landed charge's amount is zero or negative (details: chargeNo, amount). */
  PURCHASE_INVOICE_CHARGE_AMOUNT_INVALID: 'PURCHASE_INVOICE_CHARGE_AMOUNT_INVALID',
  /** A landed charge names a receipt that does not exist (details: chargeNo, noteId). */
  PURCHASE_INVOICE_CHARGE_RECEIPT_UNKNOWN: 'PURCHASE_INVOICE_CHARGE_RECEIPT_UNKNOWN',
  /** An invoice with neither lines nor landed charges. */
  PURCHASE_INVOICE_EMPTY: 'PURCHASE_INVOICE_EMPTY',
  // A receipt not posted is GoodReceivedNoteErrorCode.LANDED_COST_NOTE_NOT_POSTED (409); a weight basis with a
  // product without weight LANDED_COST_WEIGHT_MISSING (422), as for a charge typed on the receipt.
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
    // A settlement cancelled or a cheque returned gives the invoice back, its open amount restored.
    release: {
      from: ['PROCESSING'],
      to: ['BOOKED'],
      permission: ['cancel_purchase_invoice_settlement', 'approve_purchase_invoice_settlement'],
      done: 'released from its settlement',
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

export const PURCHASE_INVOICE_CHARGES_MAX = 50;
export const PURCHASE_INVOICE_CHARGE_NOTES_MAX = 100;

/** A landed charge on the invoice (see the top of this file). */
export const PurchaseInvoiceChargeInput = z.object({
  chargeType: LandedCostType,
  description: z.string().trim().max(200).default(''),
  /** Net, in the invoice's currency, 2 places; above zero (else PURCHASE_INVOICE_CHARGE_AMOUNT_INVALID). */
  amount: decimalString({ scale: 2, signed: true }),
  vatCode: VatCode,
  basis: LandedCostBasis,
  /** The posted goods received notes it is for (any supplier's); at least one (else PURCHASE_INVOICE_CHARGE_NO_RECEIPT). */
  noteIds: z.array(Uuid).max(PURCHASE_INVOICE_CHARGE_NOTES_MAX).default([]),
});
export type PurchaseInvoiceChargeInput = z.input<typeof PurchaseInvoiceChargeInput>;

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
    /** Goods lines; may be empty when the invoice carries landed charges (else PURCHASE_INVOICE_EMPTY). */
    lines: z.array(PurchaseInvoiceLineInput).max(PURCHASE_INVOICE_LINES_MAX).default([]),
    charges: z.array(PurchaseInvoiceChargeInput).max(PURCHASE_INVOICE_CHARGES_MAX).default([]),
    /** The invoice's currency: empty, its orders' (lines) or else the supplier's; lines in another are refused. */
    currency: CurrencyCode.nullable().default(null),
    /** The invoice's rate to GBP (its landed charges are converted at it); empty: the invoice date's rate. */
    exchangeRate: ExchangeRate.nullable().default(null),
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

/** A landed charge as entered, the receipts it is for, and its shares per receipt line (see the top of the file). */
export const PurchaseInvoiceChargeShare = LandedCostShare.extend({ noteId: Uuid, noteNumber: z.string() }).meta({
  id: 'PurchaseInvoiceChargeShare',
});
export type PurchaseInvoiceChargeShare = z.infer<typeof PurchaseInvoiceChargeShare>;

export const PurchaseInvoiceCharge = z
  .object({
    id: Uuid,
    chargeNo: z.number().int(),
    chargeType: LandedCostType,
    description: z.string(),
    net: z.string(),
    vatCode: VatCode,
    vatRate: z.string(),
    vat: z.string(),
    basis: LandedCostBasis,
    notes: z.array(
      z.object({
        id: Uuid,
        number: z.string(),
        status: z.string(),
        supplier: z.string().nullable(),
        receivedDate: z.string(),
      }),
    ),
    /** In GBP at the invoice's rate, 2 places. */
    amountGbp: z.string(),
    /**
     * PENDING: what booking would apply (inStock/costOfSales null), or empty with `problem` (the error code booking
     * would answer); booked: as applied, with what went to the layers and to cost of sales.
     */
    shares: z.array(PurchaseInvoiceChargeShare),
    problem: z.string().nullable(),
    applied: z.boolean(),
    /** Once the booked invoice was cancelled: the charge taken back. */
    reversed: z.boolean(),
  })
  .meta({ id: 'PurchaseInvoiceCharge' });
export type PurchaseInvoiceCharge = z.infer<typeof PurchaseInvoiceCharge>;

/** The shares a landed charge would get, before the invoice exists (the entry form's preview). */
export const PurchaseInvoiceChargePreviewInput = z.object({
  invoiceDate: IsoDate,
  currency: CurrencyCode.default('GBP'),
  exchangeRate: ExchangeRate.nullable().default(null),
  charge: PurchaseInvoiceChargeInput,
});
export type PurchaseInvoiceChargePreviewInput = z.input<typeof PurchaseInvoiceChargePreviewInput>;
export const PurchaseInvoiceChargePreview = z
  .object({ exchangeRate: z.string(), amountGbp: z.string(), shares: z.array(PurchaseInvoiceChargeShare) })
  .meta({ id: 'PurchaseInvoiceChargePreview' });
export type PurchaseInvoiceChargePreview = z.infer<typeof PurchaseInvoiceChargePreview>;

/** A posted receipt a landed charge can be for (the entry form's picker): any supplier's. */
export const ChargeableReceipt = z
  .object({
    id: Uuid,
    number: z.string(),
    supplier: z.string().nullable(),
    receivedDate: z.string(),
    warehouse: z.string(),
  })
  .meta({ id: 'ChargeableReceipt' });
export type ChargeableReceipt = z.infer<typeof ChargeableReceipt>;

/** STANDARD: against order lines; CONSIGNMENT: for consignment units sold in a period (consignment-invoices.ts). */
export const PURCHASE_INVOICE_KINDS = ['STANDARD', 'CONSIGNMENT'] as const;
export const PurchaseInvoiceKind = z.enum(PURCHASE_INVOICE_KINDS);
export type PurchaseInvoiceKind = z.infer<typeof PurchaseInvoiceKind>;

const invoiceFields = {
  id: Uuid,
  number: z.string(),
  kind: PurchaseInvoiceKind,
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
    charges: z.array(PurchaseInvoiceCharge),
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

/**
 * Booking an invoice that differs beyond the tolerances needs, besides the book step's own permission and a
 * reason, the permission to approve differences (DOMAIN.md: "booking past the tolerance needs a reason and the
 * permission to approve differences"). Within the tolerances approve_purchase_invoice alone books.
 */
export const PURCHASE_INVOICE_DIFFERENCE_PERMISSION =
  'approve_purchase_invoice_difference' as const satisfies PermissionName;

/** The lines of a supplier's .xlsx read through a saved mapping (kind purchase_invoices), at most this many rows. */
export const PURCHASE_INVOICE_SHEET_ROWS_MAX = 5000;

/** Read a supplier's .xlsx (uploaded through the uploads area) through a saved mapping, against their open orders. */
export const PurchaseInvoiceSheetInput = z.object({
  supplierId: Uuid,
  /** The .xlsx's file name as the uploads area answered it. */
  attachment: z.string().trim().min(1).max(200),
  mappingId: Uuid,
  /** The orders whose lines the rows are matched to; empty: every open order of the supplier. */
  orderIds: z.array(Uuid).max(200).default([]),
});
export type PurchaseInvoiceSheetInput = z.input<typeof PurchaseInvoiceSheetInput>;

/** Why a row of the sheet gives no invoice line. */
export const SHEET_PROBLEMS = [
  /** A cell's value is not what its field takes (message: what is wrong). */
  'CELL',
  /** The row names no product (neither SKU nor barcode). */
  'NO_PRODUCT_CODE',
  /** No product has this SKU or barcode. */
  'UNKNOWN_PRODUCT',
  /** The product is on none of the supplier's open orders (or of the orders chosen). */
  'NOT_ORDERED',
  /** The row's order number is not one of the supplier's open orders (or of those chosen). */
  'UNKNOWN_ORDER',
  /** The row's supplier column names another supplier. */
  'OTHER_SUPPLIER',
  /** The row's currency is not its order's. */
  'OTHER_CURRENCY',
  /** Another row already invoices the same order line at another price, discount or VAT. */
  'CONFLICTING_ROWS',
] as const;
export const SheetProblemKind = z.enum(SHEET_PROBLEMS);
export type SheetProblemKind = z.infer<typeof SheetProblemKind>;

export const PurchaseInvoiceSheetProblem = z.object({
  rowNumber: z.number().int(),
  problem: SheetProblemKind,
  /** The mapped field concerned (CELL). */
  field: z.string().optional(),
  /** The SKU, barcode, order number, supplier or currency the row names; for CELL, what is wrong with the cell. */
  value: z.string().optional(),
  /** The other row (CONFLICTING_ROWS). */
  otherRow: z.number().int().optional(),
  /** In English, for the log and as the fallback text. */
  message: z.string(),
});
export type PurchaseInvoiceSheetProblem = z.infer<typeof PurchaseInvoiceSheetProblem>;

/** One invoice line proposed from the sheet: the order line it was matched to, beside the sheet's figures. */
export const PurchaseInvoiceSheetLine = z.object({
  /** The sheet's rows it comes from (rows of one product may share an order line; one row may span lines). */
  rowNumbers: z.array(z.number().int()),
  orderLine: InvoicableOrderLine,
  quantity: z.string(),
  /** Per unit before discount, in the order's currency. */
  unitPrice: z.string(),
  discountPercent: z.string(),
  /** The sheet's VAT, else the order line's. */
  vatCode: VatCode,
  /** What was still open on the order line before this sheet: ordered or received (the larger) less invoiced. */
  openQuantity: z.string(),
});
export type PurchaseInvoiceSheetLine = z.infer<typeof PurchaseInvoiceSheetLine>;

export const PurchaseInvoiceSheet = z
  .object({
    mapping: z.object({ id: Uuid, name: z.string() }),
    fileName: z.string(),
    /** Data rows read (empty rows left out). */
    rowsRead: z.number().int(),
    /** The invoice's own facts when the sheet carries them (the first row that has each). */
    invoice: z.object({
      supplierInvoiceNumber: z.string().nullable(),
      invoiceDate: z.string().nullable(),
      dueDate: z.string().nullable(),
    }),
    lines: z.array(PurchaseInvoiceSheetLine),
    problems: z.array(PurchaseInvoiceSheetProblem),
  })
  .meta({ id: 'PurchaseInvoiceSheet' });
export type PurchaseInvoiceSheet = z.infer<typeof PurchaseInvoiceSheet>;

export const PurchaseInvoiceSheetMapping = z.object({
  id: Uuid,
  name: z.string(),
  isDefault: z.boolean(),
  columns: z.array(z.object({ header: z.string(), field: z.string() })),
});
export type PurchaseInvoiceSheetMapping = z.infer<typeof PurchaseInvoiceSheetMapping>;

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
    // Read by the invoices and by the Configuration screen.
    permission: ['view_purchase_invoice', 'view_system_configuration'],
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
  chargeableReceipts: endpoint({
    method: 'GET',
    path: '/api/purchase-invoices/chargeable-receipts',
    permission: 'add_purchase_invoice',
    tag,
    summary:
      'Posted goods received notes of any supplier a landed charge can be for, newest first; search by number or supplier (at most 50)',
    query: z.object({ q: z.string().trim().max(100).default('') }),
    response: z.object({ items: z.array(ChargeableReceipt) }),
  }),
  previewPurchaseInvoiceCharge: endpoint({
    method: 'POST',
    path: '/api/purchase-invoices/charge-preview',
    permission: 'add_purchase_invoice',
    tag,
    summary:
      'The shares per receipt line a landed charge would get when its invoice is booked, in GBP to the penny (changes nothing)',
    body: PurchaseInvoiceChargePreviewInput,
    response: PurchaseInvoiceChargePreview,
  }),
  createPurchaseInvoice: endpoint({
    method: 'POST',
    path: '/api/purchase-invoices',
    permission: 'add_purchase_invoice',
    tag,
    summary:
      'Enter a supplier invoice (PENDING) against the supplier’s order lines and/or with landed charges for posted receipts; a number the supplier used already is refused naming the invoice',
    body: PurchaseInvoiceInput,
    response: PurchaseInvoice,
    status: 201,
    idempotent: true,
  }),
  bookPurchaseInvoice: actionEndpoint(purchaseInvoiceDocument, 'book', {
    path: '/api/purchase-invoices/:id/book',
    tag,
    summary:
      'Book a pending invoice: beyond the tolerances only with a reason; a price difference revalues the receipts matched at their rate; landed charges are applied to their receipts',
    params: IdParams,
    body: PurchaseInvoiceBookInput,
    response: PurchaseInvoice,
  }),
  cancelPurchaseInvoice: actionEndpoint(purchaseInvoiceDocument, 'cancel', {
    path: '/api/purchase-invoices/:id/cancel',
    tag,
    summary:
      'Cancel a pending or booked invoice (a booked one’s price differences and landed charges are taken back on the day)',
    params: IdParams,
    body: PurchaseInvoiceCancelInput,
    response: PurchaseInvoice,
  }),
  purchaseInvoiceSheetMappings: endpoint({
    method: 'GET',
    path: '/api/purchase-invoices/sheet-mappings',
    permission: 'add_purchase_invoice',
    tag,
    summary:
      'The saved Excel mappings a supplier’s .xlsx can be read through (kind purchase_invoices), the default first',
    response: z.object({ items: z.array(PurchaseInvoiceSheetMapping) }),
  }),
  readPurchaseInvoiceSheet: endpoint({
    method: 'POST',
    path: '/api/purchase-invoices/sheet-lines',
    permission: 'add_purchase_invoice',
    tag,
    summary:
      'Read the lines of a supplier’s uploaded .xlsx through a saved mapping and match them to their open order lines, oldest first (writes nothing); rows that match nothing are listed as problems',
    body: PurchaseInvoiceSheetInput,
    response: PurchaseInvoiceSheet,
  }),
  purchaseInvoicePdf: endpoint({
    method: 'GET',
    path: '/api/purchase-invoices/:id/pdf',
    permission: 'view_purchase_invoice',
    tag,
    summary:
      'The supplier invoice as a PDF (A4, in the language of lang or Accept-Language): supplier, lines with their orders, VAT per rate, totals, open amount',
    params: IdParams,
    query: PrintoutQuery,
    response: PdfFile,
  }),
};
