import { z } from 'zod';
import { CurrencyCode, PurchaseOrderType } from '../master-data/enumerations.ts';
import { decimalString, ExchangeRate } from '../platform/decimal.ts';
import { actionEndpoint, defineDocument, documentStatuses } from '../platform/documents.ts';
import { endpoint } from '../platform/endpoint.ts';
import { dayRange, FilterDay, IsoDate, PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { PdfFile, PrintoutQuery } from '../platform/printouts.ts';
import { PositiveStockQuantity } from '../stock/stock.ts';
import { VatCode } from './vat.ts';

/**
 * Purchase orders (DOMAIN.md "Purchasing"): four types (`PurchaseOrderType`, enumerations.ts) in one table,
 * one list per type.
 *
 * PRIOR_ORDER_PO an order placed ahead of delivery; INVOICE_ORDER_PO raised from a supplier invoice already
 * in hand; CONSIGNMENT_PO goods held on consignment (only with a partner flagged consignment), owned by the
 * supplier until sold; SEND_INVENTORY own stock sent from a warehouse to another (an Amazon FBA warehouse,
 * for instance) through in transit: no supplier, a destination warehouse.
 *
 * DRAFT → APPROVED → PARTIALLY_RECEIVED → RECEIVED → CLOSED, and CANCELED before any receipt
 * (`purchaseOrderDocument`). Receiving is the goods received notes' action (`receive`, taken by that area);
 * closing a partly received order cancels what is still to come (each line's canceled quantity). Amounts are
 * in the order's currency, its rate to GBP kept on it. Totals and VAT are computed on the server only
 * (`vat.ts`: per line, rounded half up, summed per rate).
 */

export const PurchaseOrderErrorCode = {
  /** The order's status does not allow this step (details: DocumentStatusConflictDetails). */
  PURCHASE_ORDER_STATUS_CONFLICT: 'PURCHASE_ORDER_STATUS_CONFLICT',
  /** A supplier (business partner) chosen does not exist or is inactive. */
  PURCHASE_ORDER_SUPPLIER_UNKNOWN: 'PURCHASE_ORDER_SUPPLIER_UNKNOWN',
  /** Every type but SEND_INVENTORY orders from a supplier. */
  PURCHASE_ORDER_SUPPLIER_REQUIRED: 'PURCHASE_ORDER_SUPPLIER_REQUIRED',
  /** SEND_INVENTORY sends own stock: it has no supplier. */
  PURCHASE_ORDER_SUPPLIER_NOT_ALLOWED: 'PURCHASE_ORDER_SUPPLIER_NOT_ALLOWED',
  /** A CONSIGNMENT_PO needs a partner flagged as consignment. */
  PURCHASE_ORDER_SUPPLIER_NOT_CONSIGNMENT: 'PURCHASE_ORDER_SUPPLIER_NOT_CONSIGNMENT',
  /** A warehouse chosen does not exist or is inactive. */
  PURCHASE_ORDER_WAREHOUSE_UNKNOWN: 'PURCHASE_ORDER_WAREHOUSE_UNKNOWN',
  /** SEND_INVENTORY needs a destination warehouse. */
  PURCHASE_ORDER_DESTINATION_REQUIRED: 'PURCHASE_ORDER_DESTINATION_REQUIRED',
  /** Only SEND_INVENTORY has a destination warehouse. */
  PURCHASE_ORDER_DESTINATION_NOT_ALLOWED: 'PURCHASE_ORDER_DESTINATION_NOT_ALLOWED',
  /** The destination is the warehouse the stock leaves from. */
  PURCHASE_ORDER_SAME_WAREHOUSE: 'PURCHASE_ORDER_SAME_WAREHOUSE',
  /** A product chosen does not exist. */
  PURCHASE_ORDER_PRODUCT_UNKNOWN: 'PURCHASE_ORDER_PRODUCT_UNKNOWN',
  /** Bundles and services are not bought as such: order their components. */
  PURCHASE_ORDER_PRODUCT_NOT_STOCKED: 'PURCHASE_ORDER_PRODUCT_NOT_STOCKED',
  /** A product counted in units ordered in fractions. */
  PURCHASE_ORDER_QUANTITY_NOT_WHOLE: 'PURCHASE_ORDER_QUANTITY_NOT_WHOLE',
  /** A bin chosen is not one of the warehouse's. */
  PURCHASE_ORDER_LOCATION_UNKNOWN: 'PURCHASE_ORDER_LOCATION_UNKNOWN',
  /** A cost centre chosen does not exist or is inactive. */
  PURCHASE_ORDER_COST_CENTER_UNKNOWN: 'PURCHASE_ORDER_COST_CENTER_UNKNOWN',
  /** An order's type is chosen when it is created and stays. */
  PURCHASE_ORDER_TYPE_FIXED: 'PURCHASE_ORDER_TYPE_FIXED',
  /** Cancelling needs a reason. */
  PURCHASE_ORDER_REASON_REQUIRED: 'PURCHASE_ORDER_REASON_REQUIRED',
  /** Sending needs the mailer's SMTP settings (Configuration, or SMTP_URL and MAIL_FROM). */
  PURCHASE_ORDER_MAIL_NOT_CONFIGURED: 'PURCHASE_ORDER_MAIL_NOT_CONFIGURED',
  /** Sending needs an address: none given and none among the supplier's contacts. */
  PURCHASE_ORDER_NO_RECIPIENT: 'PURCHASE_ORDER_NO_RECIPIENT',
  /** The mail server refused or could not be reached. */
  PURCHASE_ORDER_MAIL_FAILED: 'PURCHASE_ORDER_MAIL_FAILED',
  /** Only a Send Inventory order is dispatched (the others are received from their supplier). */
  PURCHASE_ORDER_NOT_SEND_INVENTORY: 'PURCHASE_ORDER_NOT_SEND_INVENTORY',
  /** A Send Inventory order is dispatched once; its stock is in transit (it is no longer cancelled). */
  PURCHASE_ORDER_ALREADY_DISPATCHED: 'PURCHASE_ORDER_ALREADY_DISPATCHED',
  /** A Send Inventory order with stock still in transit is received, not closed. */
  PURCHASE_ORDER_IN_TRANSIT: 'PURCHASE_ORDER_IN_TRANSIT',
  /** A replenishment suggestion has no supplier and none was chosen. */
  PURCHASE_ORDER_REPLENISHMENT_SUPPLIER_REQUIRED: 'PURCHASE_ORDER_REPLENISHMENT_SUPPLIER_REQUIRED',
} as const;
export type PurchaseOrderErrorCode = (typeof PurchaseOrderErrorCode)[keyof typeof PurchaseOrderErrorCode];

/**
 * The purchase order as a document. `receive` is taken by the goods received notes (each receipt moves the
 * order to PARTIALLY_RECEIVED or RECEIVED); `send` e-mails the PDF to the supplier and keeps the status;
 * `dispatch` (SEND_INVENTORY only) sends the stock from the source into transit to the destination.
 */
export const purchaseOrderDocument = defineDocument({
  name: 'purchase_order',
  label: 'Purchase order',
  errorPrefix: 'PURCHASE_ORDER',
  statuses: {
    DRAFT: { tone: 'neutral', open: true, phrase: 'a draft' },
    APPROVED: { tone: 'info', open: true, phrase: 'approved' },
    PARTIALLY_RECEIVED: { tone: 'warning', open: true, phrase: 'partly received' },
    RECEIVED: { tone: 'success', open: false, phrase: 'received' },
    CLOSED: { tone: 'progress', open: false, phrase: 'closed' },
    CANCELED: { tone: 'danger', open: false, phrase: 'cancelled' },
  },
  actions: {
    edit: { from: ['DRAFT'], to: [], permission: 'edit_purchase_order', done: 'changed' },
    approve: { from: ['DRAFT'], to: ['APPROVED'], permission: 'approve_purchase_order', done: 'approved' },
    send: {
      from: ['APPROVED', 'PARTIALLY_RECEIVED', 'RECEIVED'],
      to: [],
      permission: 'approve_purchase_order',
      done: 'sent to the supplier',
    },
    dispatch: { from: ['APPROVED'], to: [], permission: 'approve_purchase_order', done: 'dispatched' },
    receive: {
      from: ['APPROVED', 'PARTIALLY_RECEIVED'],
      to: ['PARTIALLY_RECEIVED', 'RECEIVED'],
      permission: 'add_good_received_note',
      done: 'received',
    },
    // What is still to come is canceled; a fully received order is closed once it needs nothing more.
    close: {
      from: ['APPROVED', 'PARTIALLY_RECEIVED', 'RECEIVED'],
      to: ['CLOSED'],
      permission: 'approve_purchase_order',
      destructive: true,
      done: 'closed',
    },
    // Before any receipt only: received goods are returned to the supplier (RMA), or the order is closed.
    cancel: {
      from: ['DRAFT', 'APPROVED'],
      to: ['CANCELED'],
      permission: 'cancel_purchase_order',
      destructive: true,
      done: 'cancelled',
    },
  },
});

/** The statuses in the order the definition writes them. */
export const PURCHASE_ORDER_STATUSES = documentStatuses(purchaseOrderDocument);
export const PurchaseOrderStatus = z.enum(PURCHASE_ORDER_STATUSES);
export type PurchaseOrderStatus = z.infer<typeof PurchaseOrderStatus>;

/**
 * The ledger's source_type of the rows a purchase order posts itself (source_id: the order's id, source_line: its
 * line number): a Send Inventory order's dispatch, out of its warehouse into the destination's transit.
 */
export const PURCHASE_ORDER_SOURCE_TYPE = 'purchase_order';

export const PURCHASE_ORDER_LINES_MAX = 500;
export const PURCHASE_ORDER_NOTES_MAX = 2000;
export const PURCHASE_ORDER_REFERENCE_MAX = 100;
export const PURCHASE_ORDER_REASON_MAX = 500;

/** A unit cost in the order's currency: 6 places (suppliers quote fractions of a penny), not negative. */
export const PurchaseUnitCost = decimalString({ scale: 6, precision: 12 });
/** A line discount, 0–100 %, 4 places. */
export const DiscountPercent = decimalString({ scale: 4, precision: 3, max: '100' });

const reference = z
  .string()
  .trim()
  .max(PURCHASE_ORDER_REFERENCE_MAX, `a reference has at most ${PURCHASE_ORDER_REFERENCE_MAX} characters`)
  .default('');
const notes = z
  .string()
  .trim()
  .max(PURCHASE_ORDER_NOTES_MAX, `notes have at most ${PURCHASE_ORDER_NOTES_MAX} characters`)
  .default('');

export const PurchaseOrderLineInput = z.object({
  productId: Uuid,
  quantity: PositiveStockQuantity,
  unitCost: PurchaseUnitCost,
  discountPercent: DiscountPercent.default('0'),
  vatCode: VatCode.default('STANDARD'),
  /** A bin of the warehouse the goods go to when received; empty: its default receiving bin. */
  locationId: Uuid.nullable().default(null),
});
export type PurchaseOrderLineInput = z.input<typeof PurchaseOrderLineInput>;

const orderShape = {
  type: PurchaseOrderType,
  /** The business partner ordered from; null for SEND_INVENTORY. */
  supplierId: Uuid.nullable().default(null),
  /** Where the goods arrive; for SEND_INVENTORY the warehouse they leave from. */
  warehouseId: Uuid,
  /** SEND_INVENTORY only: where the stock goes. */
  destinationWarehouseId: Uuid.nullable().default(null),
  shipmentReference: reference,
  currency: CurrencyCode.default('GBP'),
  /**
   * What one unit of the currency is worth in GBP; null: the rate of the order date (currencies' rates; 422
   * NO_EXCHANGE_RATE when the currency has none that early).
   */
  exchangeRate: ExchangeRate.nullable().default(null),
  costCenterId: Uuid.nullable().default(null),
  /** Null: today (UK). */
  orderDate: IsoDate.nullable().default(null),
  expectedDate: IsoDate.nullable().default(null),
  /** Null: the supplier's payment terms (30 days without a supplier). */
  paymentTermsDays: z.number().int().min(0).max(365).nullable().default(null),
  supplierReference: reference,
  notes,
  lines: z
    .array(PurchaseOrderLineInput)
    .min(1, 'an order has at least one line')
    .max(PURCHASE_ORDER_LINES_MAX, `an order has at most ${PURCHASE_ORDER_LINES_MAX} lines`),
};

/** A draft as written: the lines replace the stored ones; totals and VAT are the server's. */
export const PurchaseOrderInput = z.object(orderShape).superRefine((o, ctx) => {
  const seen = new Set<string>();
  o.lines.forEach((line, i) => {
    if (seen.has(line.productId))
      ctx.addIssue({
        code: 'custom',
        path: ['lines', i, 'productId'],
        message: 'this product is on another line already: change that line’s quantity instead',
      });
    seen.add(line.productId);
  });
  if (o.expectedDate && o.orderDate && o.expectedDate < o.orderDate)
    ctx.addIssue({ code: 'custom', path: ['expectedDate'], message: 'the expected date is not before the order date' });
});
export type PurchaseOrderInput = z.input<typeof PurchaseOrderInput>;

const Ref = z.object({ id: Uuid, code: z.string(), name: z.string() });
const UserRef = z.object({ id: Uuid, username: z.string() }).nullable();

export const PurchaseOrderLine = z
  .object({
    id: Uuid,
    lineNo: z.number().int(),
    product: z.object({ id: Uuid, sku: z.string(), name: z.string(), unit: z.string(), kind: z.string() }),
    location: z.object({ id: Uuid, code: z.string() }).nullable(),
    quantity: z.string(),
    unitCost: z.string(),
    discountPercent: z.string(),
    vatCode: VatCode,
    vatRate: z.string(),
    netAmount: z.string(),
    vatAmount: z.string(),
    grossAmount: z.string(),
    receivedQuantity: z.string(),
    rejectedQuantity: z.string(),
    invoicedQuantity: z.string(),
    canceledQuantity: z.string(),
    /** Still to come: ordered less received less canceled, not below zero. */
    openQuantity: z.string(),
  })
  .meta({ id: 'PurchaseOrderLine' });
export type PurchaseOrderLine = z.infer<typeof PurchaseOrderLine>;

export const VatRateTotalSchema = z.object({
  vatCode: VatCode,
  vatRate: z.string(),
  net: z.string(),
  vat: z.string(),
});

const orderFields = {
  id: Uuid,
  number: z.string(),
  type: PurchaseOrderType,
  status: PurchaseOrderStatus,
  supplier: Ref.nullable(),
  warehouse: Ref,
  destinationWarehouse: Ref.nullable(),
  currency: z.string(),
  exchangeRate: z.string(),
  orderDate: z.string(),
  expectedDate: z.string().nullable(),
  supplierReference: z.string(),
  shipmentReference: z.string(),
  netTotal: z.string(),
  vatTotal: z.string(),
  grossTotal: z.string(),
  /** Sums of the lines' quantities: the received and invoiced progress. */
  orderedQuantity: z.string(),
  receivedQuantity: z.string(),
  invoicedQuantity: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
};

/** A row of a list. */
export const PurchaseOrderSummary = z
  .object({ ...orderFields, lineCount: z.number().int() })
  .meta({ id: 'PurchaseOrderSummary' });
export type PurchaseOrderSummary = z.infer<typeof PurchaseOrderSummary>;

export const PurchaseOrder = z
  .object({
    ...orderFields,
    costCenter: Ref.nullable(),
    paymentTermsDays: z.number().int(),
    notes: z.string(),
    createdBy: UserRef,
    approvedAt: z.string().nullable(),
    approvedBy: UserRef,
    sentTo: z.string(),
    closedAt: z.string().nullable(),
    closedBy: UserRef,
    closeReason: z.string(),
    canceledAt: z.string().nullable(),
    canceledBy: UserRef,
    cancelReason: z.string(),
    /** SEND_INVENTORY: when its stock left the source warehouse. */
    dispatchedAt: z.string().nullable(),
    lines: z.array(PurchaseOrderLine),
    /** Net and VAT per VAT code (the sums of the lines). */
    vatPerRate: z.array(VatRateTotalSchema),
  })
  .meta({ id: 'PurchaseOrder' });
export type PurchaseOrder = z.infer<typeof PurchaseOrder>;

/** Sortable fields of a list. */
export const PURCHASE_ORDER_SORTS = [
  'number',
  'status',
  'orderDate',
  'expectedDate',
  'createdAt',
  'supplier',
  'warehouse',
  'grossTotal',
] as const;

/**
 * One type's list: search (number, supplier name, supplier reference, SKU on a line), filters, sort. `from`/`to` are
 * the order date, `expectedFrom`/`expectedTo` the expected date (real days, both included, the end not before the
 * start, else 400 VALIDATION_FAILED; an order without an expected date is left out by either). `awaitingReceipt`:
 * 'true' only orders waiting for goods (APPROVED or PARTIALLY_RECEIVED: the landing dashboard's orders due and
 * overdue), 'false' only the others.
 */
const PurchaseOrderFilterShape = {
  type: PurchaseOrderType,
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  status: PurchaseOrderStatus.optional(),
  supplierId: Uuid.optional(),
  warehouseId: Uuid.optional(),
  /** Ordered on or after this day. */
  from: IsoDate.optional(),
  /** Ordered on or before this day. */
  to: IsoDate.optional(),
  /** Expected on or after this day. */
  expectedFrom: FilterDay.optional(),
  /** Expected on or before this day. */
  expectedTo: FilterDay.optional(),
  /** 'true': APPROVED or PARTIALLY_RECEIVED only; 'false': any other status. */
  awaitingReceipt: z.enum(['true', 'false'], { error: 'awaitingReceipt is true or false' }).optional(),
};
const expectedRange = dayRange('expectedFrom', 'expectedTo');
export const PurchaseOrderFilter = z.object(PurchaseOrderFilterShape).superRefine(expectedRange);
export type PurchaseOrderFilter = z.infer<typeof PurchaseOrderFilter>;
export const PurchaseOrderListQuery = PageQuery.extend(PurchaseOrderFilterShape).superRefine(expectedRange);
export type PurchaseOrderListQuery = z.infer<typeof PurchaseOrderListQuery>;

const reasonText = z
  .string()
  .trim()
  .max(PURCHASE_ORDER_REASON_MAX, `a reason has at most ${PURCHASE_ORDER_REASON_MAX} characters`);

export const PurchaseOrderCancelInput = z.object({ reason: reasonText.default('') });
export type PurchaseOrderCancelInput = z.input<typeof PurchaseOrderCancelInput>;
export const PurchaseOrderCloseInput = z.object({ reason: reasonText.default('') });
export type PurchaseOrderCloseInput = z.input<typeof PurchaseOrderCloseInput>;

export const PurchaseOrderSendInput = z.object({
  /** Empty: the first of the supplier's contacts with an e-mail. */
  to: z.email('an e-mail address').max(254).nullable().default(null),
  /** A few words above the order in the e-mail. */
  message: z.string().trim().max(2000).default(''),
});
export type PurchaseOrderSendInput = z.input<typeof PurchaseOrderSendInput>;

/** The unit cost a line starts with: this supplier's last price offered, else the product's cost price. */
export const PurchaseProductCostQuery = z.object({
  productId: Uuid,
  supplierId: Uuid.optional(),
  /** The order's currency: the last price offered in it, else the cost price converted at today's rate. */
  currency: CurrencyCode.optional(),
});
export const PurchaseProductCost = z
  .object({
    productId: Uuid,
    unitCost: z.string(),
    /** LAST_ORDER: this supplier's latest non-canceled order; COST_PRICE: the product's cost price. */
    source: z.enum(['LAST_ORDER', 'COST_PRICE']),
    /** The order it came from (LAST_ORDER). */
    orderNumber: z.string().nullable(),
    /** The currency of unitCost: the one asked for, or GBP when the cost price could not be converted. */
    currency: z.string(),
    vatCode: VatCode,
  })
  .meta({ id: 'PurchaseProductCost' });
export type PurchaseProductCost = z.infer<typeof PurchaseProductCost>;

/** "Create purchase orders" from the Replenishment Report: one draft PRIOR_ORDER_PO per supplier × warehouse. */
export const ReplenishmentOrderInput = z.object({
  lines: z
    .array(
      z.object({
        productId: Uuid,
        warehouseId: Uuid,
        quantity: PositiveStockQuantity,
        /** Null: the product's preferred supplier (its supplier on its latest order); refused when it has none. */
        supplierId: Uuid.nullable().default(null),
      }),
    )
    .min(1, 'choose at least one suggestion')
    .max(2000, 'at most 2000 suggestions at once'),
});
export type ReplenishmentOrderInput = z.input<typeof ReplenishmentOrderInput>;
export const ReplenishmentOrderResult = z.object({
  orders: z.array(
    z.object({ id: Uuid, number: z.string(), supplierId: Uuid, warehouseId: Uuid, lineCount: z.number().int() }),
  ),
});
export type ReplenishmentOrderResult = z.infer<typeof ReplenishmentOrderResult>;

const IdParams = z.object({ id: Uuid });

export const purchaseOrdersApi = {
  listPurchaseOrders: endpoint({
    method: 'GET',
    path: '/api/purchase-orders',
    permission: 'view_purchase_order',
    tag: 'purchasing',
    summary:
      'Purchase orders of one type, paged; search by number, supplier name, supplier reference or a SKU on a line; filter by status, supplier, warehouse, order date, expected date and waiting for goods; sort',
    query: PurchaseOrderListQuery,
    response: pageOf(PurchaseOrderSummary),
  }),
  exportPurchaseOrders: endpoint({
    method: 'GET',
    path: '/api/purchase-orders/export',
    permission: 'view_purchase_order',
    tag: 'purchasing',
    summary: 'The purchase orders of a filter as an .xlsx file, one row per line',
    query: PurchaseOrderFilter,
    response: z.unknown(),
  }),
  purchaseProductCost: endpoint({
    method: 'GET',
    path: '/api/purchase-orders/product-cost',
    // The order form's helper: whoever drafts or edits an order reads it, not only who lists orders.
    permission: ['view_purchase_order', 'add_purchase_order', 'edit_purchase_order'],
    tag: 'purchasing',
    summary: 'The unit cost a new line starts with: the supplier’s last price offered, else the product’s cost price',
    query: PurchaseProductCostQuery,
    response: PurchaseProductCost,
  }),
  getPurchaseOrder: endpoint({
    method: 'GET',
    path: '/api/purchase-orders/:id',
    permission: 'view_purchase_order',
    tag: 'purchasing',
    summary: 'One purchase order with its lines, VAT per rate and received/invoiced quantities',
    params: IdParams,
    response: PurchaseOrder,
  }),
  createPurchaseOrder: endpoint({
    method: 'POST',
    path: '/api/purchase-orders',
    permission: 'add_purchase_order',
    tag: 'purchasing',
    summary: 'Create a draft purchase order with its number (totals and VAT computed here)',
    body: PurchaseOrderInput,
    response: PurchaseOrder,
    status: 201,
    idempotent: true,
  }),
  createPurchaseOrdersFromReplenishment: endpoint({
    method: 'POST',
    path: '/api/purchase-orders/from-replenishment',
    permission: 'add_purchase_order',
    tag: 'purchasing',
    summary: 'Turn chosen replenishment suggestions into draft Prior POs, one per supplier and warehouse',
    body: ReplenishmentOrderInput,
    response: ReplenishmentOrderResult,
    status: 201,
    idempotent: true,
  }),
  updatePurchaseOrder: endpoint({
    method: 'PUT',
    path: '/api/purchase-orders/:id',
    permission: purchaseOrderDocument.actions.edit.permission,
    tag: 'purchasing',
    summary: 'Change a draft purchase order (its lines are replaced; its type stays)',
    params: IdParams,
    body: PurchaseOrderInput,
    response: PurchaseOrder,
  }),
  approvePurchaseOrder: actionEndpoint(purchaseOrderDocument, 'approve', {
    path: '/api/purchase-orders/:id/approve',
    tag: 'purchasing',
    summary: 'Approve a draft: it can be sent to the supplier and received',
    params: IdParams,
    response: PurchaseOrder,
  }),
  sendPurchaseOrder: actionEndpoint(purchaseOrderDocument, 'send', {
    path: '/api/purchase-orders/:id/send',
    tag: 'purchasing',
    summary: 'E-mail the order’s PDF to the supplier (its first contact with an e-mail, or the address given)',
    params: IdParams,
    body: PurchaseOrderSendInput,
    response: PurchaseOrder,
  }),
  dispatchPurchaseOrder: actionEndpoint(purchaseOrderDocument, 'dispatch', {
    path: '/api/purchase-orders/:id/dispatch',
    tag: 'purchasing',
    summary:
      'Send Inventory: its stock leaves the warehouse at FIFO cost into the destination’s transit, with the shipment reference; received there by a goods received note',
    params: IdParams,
    response: PurchaseOrder,
  }),
  closePurchaseOrder: actionEndpoint(purchaseOrderDocument, 'close', {
    path: '/api/purchase-orders/:id/close',
    tag: 'purchasing',
    summary: 'Close an order: what is still to come is canceled (its backorder)',
    params: IdParams,
    body: PurchaseOrderCloseInput,
    response: PurchaseOrder,
  }),
  cancelPurchaseOrder: actionEndpoint(purchaseOrderDocument, 'cancel', {
    path: '/api/purchase-orders/:id/cancel',
    tag: 'purchasing',
    summary: 'Cancel an order before any receipt, with a reason (its number stays used)',
    params: IdParams,
    body: PurchaseOrderCancelInput,
    response: PurchaseOrder,
  }),
  purchaseOrderPdf: endpoint({
    method: 'GET',
    path: '/api/purchase-orders/:id/pdf',
    permission: 'view_purchase_order',
    tag: 'purchasing',
    summary:
      'The order as a PDF (A4, in the language of lang or Accept-Language): supplier, delivery address, lines, VAT per rate, totals, payment terms',
    params: IdParams,
    query: PrintoutQuery,
    response: PdfFile,
  }),
};
