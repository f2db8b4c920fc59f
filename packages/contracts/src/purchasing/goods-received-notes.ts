import { z } from 'zod';
import { CurrencyCode } from '../master-data/enumerations.ts';
import { decimalString, ExchangeRate } from '../platform/decimal.ts';
import { actionEndpoint, defineDocument, documentStatuses } from '../platform/documents.ts';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate, PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { PdfFile, PrintoutQuery } from '../platform/printouts.ts';
import { singleLine } from '../platform/text.ts';
import { PositiveStockQuantity, StockMovement, StockQuantity } from '../stock/stock.ts';

/**
 * Goods received notes (DOMAIN.md "Purchasing"): what arrived against an approved purchase order, all or part,
 * several per order. DRAFT → POSTED, or a draft CANCELED (`goodReceivedNoteDocument`).
 *
 * Posting puts the accepted units into stock as RECEIPT rows (the line's bin, else the order line's location,
 * else the warehouse's default receiving bin) at the order line's unit cost after discount converted to GBP at
 * the received date's rate; a CONSIGNMENT_PO receipt comes in supplier-owned, valued at zero. Rejected units
 * are recorded, not stocked. The order's lines count what was accepted and rejected, and the order moves to
 * PARTIALLY_RECEIVED or RECEIVED (its `receive` step). Accepted units beyond ordered × (1 + the warehouse's
 * over-receipt tolerance %), across all receipts of an order line, are refused.
 *
 * Fast receiving (the "new" screen): scanned codes and quantities for a supplier and warehouse are matched
 * across that supplier's open orders there, oldest first, then posted as one note per order.
 */
export const GoodReceivedNoteErrorCode = {
  /** The note's status does not allow this step (details: DocumentStatusConflictDetails). */
  GRN_STATUS_CONFLICT: 'GRN_STATUS_CONFLICT',
  /** The order is not one that can be received (not approved or partly received, or a send-inventory order). */
  GRN_ORDER_NOT_RECEIVABLE: 'GRN_ORDER_NOT_RECEIVABLE',
  /** A line names an order line that is not one of the order's. */
  GRN_LINE_UNKNOWN: 'GRN_LINE_UNKNOWN',
  /** Accepted plus rejected is not what was received. */
  GRN_QUANTITIES_MISMATCH: 'GRN_QUANTITIES_MISMATCH',
  /** A product counted in units received in fractions. */
  GRN_QUANTITY_NOT_WHOLE: 'GRN_QUANTITY_NOT_WHOLE',
  /** Accepted units beyond the order line's quantity and the warehouse's tolerance (details: the figures). */
  OVER_RECEIPT: 'OVER_RECEIPT',
  /** Fast receiving: a scanned code is no product's barcode or SKU. */
  GRN_UNKNOWN_CODE: 'GRN_UNKNOWN_CODE',
  /** Fast receiving: a product on none of the supplier's open orders at the warehouse. */
  GRN_UNEXPECTED_PRODUCT: 'GRN_UNEXPECTED_PRODUCT',
  /** A received date after today. */
  GRN_DATE_IN_FUTURE: 'GRN_DATE_IN_FUTURE',
  /** Send Inventory: units beyond what is still in transit on the order line (dispatched less received). */
  GRN_EXCEEDS_IN_TRANSIT: 'GRN_EXCEEDS_IN_TRANSIT',
  /** Landed costs go on a posted note only (its stock is in). */
  LANDED_COST_NOTE_NOT_POSTED: 'LANDED_COST_NOTE_NOT_POSTED',
  /** A landed cost shared by weight, and a product of the note has no weight (details: the SKUs). */
  LANDED_COST_WEIGHT_MISSING: 'LANDED_COST_WEIGHT_MISSING',
  /** A note whose accepted lines carry nothing to share over (no accepted units, or no value by this basis). */
  LANDED_COST_NOTHING_TO_SHARE: 'LANDED_COST_NOTHING_TO_SHARE',
} as const;
export type GoodReceivedNoteErrorCode = (typeof GoodReceivedNoteErrorCode)[keyof typeof GoodReceivedNoteErrorCode];

/** The goods received note as a document: statuses, steps and who may take each. */
export const goodReceivedNoteDocument = defineDocument({
  name: 'good_received_note',
  label: 'Goods received note',
  errorPrefix: 'GRN',
  statuses: {
    DRAFT: { tone: 'neutral', open: true, phrase: 'a draft' },
    POSTED: { tone: 'success', open: false, phrase: 'posted' },
    CANCELED: { tone: 'danger', open: false, phrase: 'cancelled' },
  },
  actions: {
    // Posting moves stock: the same permission as approving the receipt.
    post: {
      from: ['DRAFT'],
      to: ['POSTED'],
      permission: 'approve_good_received_note',
      idempotent: true,
      done: 'posted',
    },
    cancel: {
      from: ['DRAFT'],
      to: ['CANCELED'],
      permission: 'cancel_good_received_note',
      destructive: true,
      done: 'cancelled',
    },
  },
});

export const GRN_STATUSES = documentStatuses(goodReceivedNoteDocument);
export const GoodReceivedNoteStatus = z.enum(GRN_STATUSES);
export type GoodReceivedNoteStatus = z.infer<typeof GoodReceivedNoteStatus>;

/** The ledger's source_type of every row a note posts (source_id: the note's id, source_line: its line_no). */
export const GRN_SOURCE_TYPE = 'goods_received_note';

export const GRN_LINES_MAX = 1000;
export const GRN_NOTE_MAX = 2000;
export const GRN_LINE_NOTE_MAX = 500;
export const GRN_REFERENCE_MAX = 100;
export const GRN_SCAN_LINES_MAX = 2000;

const Ref = z.object({ id: Uuid, code: z.string(), name: z.string() });
const UserRef = z.object({ id: Uuid, username: z.string() }).nullable();

export const GoodReceivedNoteLineInput = z.object({
  orderLineId: Uuid,
  receivedQuantity: PositiveStockQuantity,
  acceptedQuantity: StockQuantity,
  rejectedQuantity: StockQuantity.default('0'),
  /** A bin of the warehouse; empty: the order line's location, else the default receiving bin. */
  locationId: Uuid.nullable().default(null),
  note: z.string().trim().max(GRN_LINE_NOTE_MAX).default(''),
});
export type GoodReceivedNoteLineInput = z.input<typeof GoodReceivedNoteLineInput>;

export const GoodReceivedNoteInput = z
  .object({
    purchaseOrderId: Uuid,
    /** The day the goods arrived (UK); empty: today. The rate to GBP is this day's. */
    receivedDate: IsoDate.nullable().default(null),
    deliveryReference: z.string().trim().max(GRN_REFERENCE_MAX).default(''),
    note: z.string().trim().max(GRN_NOTE_MAX).default(''),
    lines: z
      .array(GoodReceivedNoteLineInput)
      .min(1, 'a receipt receives at least one line')
      .max(GRN_LINES_MAX, `a receipt has at most ${GRN_LINES_MAX} lines`),
  })
  .superRefine((g, ctx) => {
    const seen = new Set<string>();
    g.lines.forEach((l, i) => {
      if (seen.has(l.orderLineId))
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'orderLineId'],
          message: 'an order line is received once per note',
        });
      seen.add(l.orderLineId);
    });
  });
export type GoodReceivedNoteInput = z.input<typeof GoodReceivedNoteInput>;

export const GoodReceivedNoteLine = z
  .object({
    id: Uuid,
    lineNo: z.number().int(),
    orderLineId: Uuid,
    orderLineNo: z.number().int(),
    product: z.object({ id: Uuid, sku: z.string(), name: z.string(), unit: z.string() }),
    location: z.object({ id: Uuid, code: z.string() }).nullable(),
    receivedQuantity: z.string(),
    acceptedQuantity: z.string(),
    rejectedQuantity: z.string(),
    note: z.string(),
    /** The order line's quantity and what its receipts have accepted and rejected so far (all notes posted). */
    orderedQuantity: z.string(),
    orderReceivedQuantity: z.string(),
    orderRejectedQuantity: z.string(),
    /** Per unit after discount in the order's currency (decimal text, as exact as the division gives). */
    unitCost: z.string(),
    /** In GBP at the rate used; null before posting. */
    unitCostGbp: z.string().nullable(),
    /** Accepted × unit cost in GBP (2 places): zero for consigned stock; null before posting. */
    value: z.string().nullable(),
  })
  .meta({ id: 'GoodReceivedNoteLine' });
export type GoodReceivedNoteLine = z.infer<typeof GoodReceivedNoteLine>;

const noteFields = {
  id: Uuid,
  number: z.string(),
  status: GoodReceivedNoteStatus,
  purchaseOrder: z.object({ id: Uuid, number: z.string(), type: z.string(), status: z.string() }),
  /** Null for a Send Inventory order received at its destination (own stock, no supplier). */
  supplier: Ref.nullable(),
  warehouse: Ref,
  receivedDate: z.string(),
  deliveryReference: z.string(),
  currency: z.string(),
  consigned: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: UserRef,
  postedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
};

export const GoodReceivedNoteSummary = z
  .object({
    ...noteFields,
    lineCount: z.number().int(),
    receivedQuantity: z.string(),
    acceptedQuantity: z.string(),
    rejectedQuantity: z.string(),
  })
  .meta({ id: 'GoodReceivedNoteSummary' });
export type GoodReceivedNoteSummary = z.infer<typeof GoodReceivedNoteSummary>;

export const GoodReceivedNote = z
  .object({
    ...noteFields,
    note: z.string(),
    exchangeRate: z.string().nullable(),
    rateDate: z.string().nullable(),
    postedBy: UserRef,
    canceledBy: UserRef,
    cancelReason: z.string(),
    lines: z.array(GoodReceivedNoteLine),
    totals: z.object({
      receivedQuantity: z.string(),
      acceptedQuantity: z.string(),
      rejectedQuantity: z.string(),
      /** GBP; null before posting. */
      value: z.string().nullable(),
    }),
  })
  .meta({ id: 'GoodReceivedNote' });
export type GoodReceivedNote = z.infer<typeof GoodReceivedNote>;

export const GRN_SORTS = ['number', 'status', 'receivedDate', 'createdAt', 'supplier', 'warehouse', 'order'] as const;

/** Search (note number, order number, supplier code or name, SKU on a line), filters and sort. */
export const GoodReceivedNoteFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  status: GoodReceivedNoteStatus.optional(),
  supplierId: Uuid.optional(),
  warehouseId: Uuid.optional(),
  purchaseOrderId: Uuid.optional(),
  /** Received on or after this day. */
  from: IsoDate.optional(),
  /** Received on or before this day. */
  to: IsoDate.optional(),
});
export type GoodReceivedNoteFilter = z.infer<typeof GoodReceivedNoteFilter>;
export const GoodReceivedNoteListQuery = PageQuery.extend(GoodReceivedNoteFilter.shape);
export type GoodReceivedNoteListQuery = z.infer<typeof GoodReceivedNoteListQuery>;

export const GoodReceivedNoteCancelInput = z.object({ reason: z.string().trim().max(500).default('') });
export type GoodReceivedNoteCancelInput = z.input<typeof GoodReceivedNoteCancelInput>;

export const GoodReceivedNoteStepResult = z.object({
  note: GoodReceivedNote,
  movements: z.array(StockMovement),
});
export type GoodReceivedNoteStepResult = z.infer<typeof GoodReceivedNoteStepResult>;

// Orders that can be received

/** An approved or partly received order of a supplier, with what is still to come. */
export const ReceivableOrder = z
  .object({
    id: Uuid,
    number: z.string(),
    type: z.string(),
    status: z.string(),
    /** Null for a Send Inventory order (own stock; `warehouse` is then its destination). */
    supplier: Ref.nullable(),
    warehouse: Ref,
    currency: z.string(),
    orderDate: z.string(),
    expectedDate: z.string().nullable(),
    /** Ordered less accepted less canceled over its lines (never below zero per line). */
    outstandingQuantity: z.string(),
  })
  .meta({ id: 'ReceivableOrder' });
export type ReceivableOrder = z.infer<typeof ReceivableOrder>;

export const ReceivableOrderLine = z
  .object({
    id: Uuid,
    lineNo: z.number().int(),
    product: z.object({ id: Uuid, sku: z.string(), name: z.string(), unit: z.string() }),
    location: z.object({ id: Uuid, code: z.string() }).nullable(),
    quantity: z.string(),
    receivedQuantity: z.string(),
    rejectedQuantity: z.string(),
    canceledQuantity: z.string(),
    outstandingQuantity: z.string(),
    /** The most that may still be accepted: ordered × (1 + tolerance %) less accepted. */
    maxAcceptable: z.string(),
    unitCost: z.string(),
  })
  .meta({ id: 'ReceivableOrderLine' });
export type ReceivableOrderLine = z.infer<typeof ReceivableOrderLine>;

export const ReceivableOrderDetail = ReceivableOrder.extend({
  overReceiptTolerance: z.string(),
  lines: z.array(ReceivableOrderLine),
}).meta({ id: 'ReceivableOrderDetail' });
export type ReceivableOrderDetail = z.infer<typeof ReceivableOrderDetail>;

export const ReceivableOrderQuery = PageQuery.pick({ page: true, pageSize: true, q: true }).extend({
  supplierId: Uuid.optional(),
  warehouseId: Uuid.optional(),
});
export type ReceivableOrderQuery = z.infer<typeof ReceivableOrderQuery>;

// Fast receiving

export const ScanLineInput = z.object({
  /** A barcode or a SKU, as the scanner typed it. */
  code: singleLine(z.string().trim().min(1).max(100)),
  quantity: PositiveStockQuantity,
});
export type ScanLineInput = z.input<typeof ScanLineInput>;

export const FastReceiptInput = z.object({
  supplierId: Uuid,
  warehouseId: Uuid,
  lines: z.array(ScanLineInput).min(1, 'scan at least one item').max(GRN_SCAN_LINES_MAX),
});
export type FastReceiptInput = z.input<typeof FastReceiptInput>;

export const FastReceiptPostInput = FastReceiptInput.extend({
  receivedDate: IsoDate.nullable().default(null),
  deliveryReference: z.string().trim().max(GRN_REFERENCE_MAX).default(''),
  note: z.string().trim().max(GRN_NOTE_MAX).default(''),
});
export type FastReceiptPostInput = z.input<typeof FastReceiptPostInput>;

export const FAST_MATCH_FLAGS = ['UNKNOWN_CODE', 'UNEXPECTED', 'OVER_RECEIPT'] as const;
export const FastMatchFlag = z.enum(FAST_MATCH_FLAGS);
export type FastMatchFlag = z.infer<typeof FastMatchFlag>;

/** One product scanned (its codes' quantities summed), where it goes and what is wrong with it. */
export const FastMatchLine = z
  .object({
    /** The codes scanned for it, in the order first scanned. */
    codes: z.array(z.string()),
    product: z.object({ id: Uuid, sku: z.string(), name: z.string(), unit: z.string() }).nullable(),
    quantity: z.string(),
    /** What goes to which order line, oldest order first. */
    allocations: z.array(
      z.object({
        orderId: Uuid,
        orderNumber: z.string(),
        orderLineId: Uuid,
        lineNo: z.number().int(),
        ordered: z.string(),
        alreadyReceived: z.string(),
        quantity: z.string(),
      }),
    ),
    /** Still to come of it on the supplier's open orders before this receipt. */
    outstanding: z.string(),
    /** What no order line can take, even with the tolerance. */
    excess: z.string(),
    flags: z.array(FastMatchFlag),
  })
  .meta({ id: 'FastMatchLine' });
export type FastMatchLine = z.infer<typeof FastMatchLine>;

export const FastMatch = z
  .object({
    lines: z.array(FastMatchLine),
    /** The orders the receipt goes to, oldest first, with how much of it each takes. */
    orders: z.array(z.object({ id: Uuid, number: z.string(), orderDate: z.string(), quantity: z.string() })),
    /** Nothing flagged: it can be posted. */
    ready: z.boolean(),
  })
  .meta({ id: 'FastMatch' });
export type FastMatch = z.infer<typeof FastMatch>;

export const FastReceiptResult = z.object({ notes: z.array(GoodReceivedNote) });
export type FastReceiptResult = z.infer<typeof FastReceiptResult>;

// Landed costs

/**
 * Landed costs (DOMAIN.md "Purchasing rules … (decided)"): freight, duty, insurance or another charge on a posted
 * note, in GBP at the charge date's rate (or a typed rate), apportioned over the note's accepted lines by value
 * (GBP at receipt), quantity, weight (the products' weight × accepted) or equally, to the penny, the residual
 * penny to the largest line. Applying adds each share to the layers of that line still in stock; the share of
 * units already gone is a cost of sales adjustment on the charge's date.
 */
export const LANDED_COST_TYPES = ['FREIGHT', 'DUTY', 'INSURANCE', 'OTHER'] as const;
export const LandedCostType = z.enum(LANDED_COST_TYPES);
export type LandedCostType = z.infer<typeof LandedCostType>;
export const LANDED_COST_BASES = ['VALUE', 'QUANTITY', 'WEIGHT', 'EQUAL'] as const;
export const LandedCostBasis = z.enum(LANDED_COST_BASES);
export type LandedCostBasis = z.infer<typeof LandedCostBasis>;

export const LandedCostInput = z.object({
  chargeType: LandedCostType,
  description: z.string().trim().max(200).default(''),
  /** In `currency`, above zero, 2 places. */
  amount: decimalString({ scale: 2, positive: true }),
  currency: CurrencyCode.default('GBP'),
  /** The rate to GBP; empty: the charge date's rate (GBP: 1). */
  exchangeRate: ExchangeRate.nullable().default(null),
  basis: LandedCostBasis,
  /** The day of the charge (the cost of sales share's day); empty: today. Never before the receipt's day. */
  chargeDate: IsoDate.nullable().default(null),
});
export type LandedCostInput = z.input<typeof LandedCostInput>;

export const LandedCostShare = z
  .object({
    lineNo: z.number().int(),
    product: z.object({ id: Uuid, sku: z.string(), name: z.string() }),
    acceptedQuantity: z.string(),
    /** What the line weighs in the split: its GBP value, quantity, weight (kg) or 1. */
    basisValue: z.string(),
    /** GBP, 2 places. */
    share: z.string(),
    /** Once applied: what went to the layers still in stock and what to cost of sales (GBP). */
    inStock: z.string().nullable(),
    costOfSales: z.string().nullable(),
  })
  .meta({ id: 'LandedCostShare' });
export type LandedCostShare = z.infer<typeof LandedCostShare>;

export const LandedCostPreview = z
  .object({
    chargeType: LandedCostType,
    amount: z.string(),
    currency: z.string(),
    exchangeRate: z.string(),
    /** The amount in GBP (2 places): the shares add up to it exactly. */
    amountGbp: z.string(),
    basis: LandedCostBasis,
    chargeDate: z.string(),
    shares: z.array(LandedCostShare),
  })
  .meta({ id: 'LandedCostPreview' });
export type LandedCostPreview = z.infer<typeof LandedCostPreview>;

export const LandedCostCharge = LandedCostPreview.extend({
  id: Uuid,
  description: z.string(),
  createdAt: z.string(),
  createdBy: UserRef,
  inStock: z.string(),
  costOfSales: z.string(),
  /** The supplier invoice it came from (a landed charge booked on an invoice); null: typed on the receipt. */
  sourceInvoice: z.object({ id: Uuid, number: z.string() }).nullable(),
  /** When the invoice was cancelled and the charge taken back (ISO), with what went back (GBP). */
  reversedAt: z.string().nullable(),
  reversedInStock: z.string(),
  reversedCostOfSales: z.string(),
}).meta({ id: 'LandedCostCharge' });
export type LandedCostCharge = z.infer<typeof LandedCostCharge>;

const IdParams = z.object({ id: Uuid });
const tag = 'purchasing';

export const goodsReceivedNotesApi = {
  listGoodsReceivedNotes: endpoint({
    method: 'GET',
    path: '/api/goods-received-notes',
    permission: 'view_good_received_note',
    tag,
    summary:
      'Goods received notes, paged; search by number, order number, supplier or SKU; filter by status, supplier, warehouse, order and received day; sort',
    query: GoodReceivedNoteListQuery,
    response: pageOf(GoodReceivedNoteSummary),
  }),
  exportGoodsReceivedNotes: endpoint({
    method: 'GET',
    path: '/api/goods-received-notes/export',
    permission: 'view_good_received_note',
    tag,
    summary: 'The goods received notes of a filter as an .xlsx file, one row per line',
    query: GoodReceivedNoteFilter,
    response: z.unknown(),
  }),
  receivableOrders: endpoint({
    method: 'GET',
    path: '/api/goods-received-notes/receivable-orders',
    permission: 'view_good_received_note',
    tag,
    summary:
      'Approved and partly received purchase orders that can be received, oldest first; search by number or supplier',
    query: ReceivableOrderQuery,
    response: pageOf(ReceivableOrder),
  }),
  receivableOrder: endpoint({
    method: 'GET',
    path: '/api/goods-received-notes/receivable-orders/:id',
    permission: 'view_good_received_note',
    tag,
    summary: 'One order to receive with its lines: ordered, accepted, rejected, still to come and the most acceptable',
    params: IdParams,
    response: ReceivableOrderDetail,
  }),
  matchFastReceipt: endpoint({
    method: 'POST',
    path: '/api/goods-received-notes/fast/match',
    permission: 'view_good_received_note',
    tag,
    summary:
      'Fast receiving: match scanned codes and quantities across the supplier’s open orders at the warehouse, oldest first, with unknown, unexpected and over-received items flagged (changes nothing)',
    body: FastReceiptInput,
    response: FastMatch,
  }),
  postFastReceipt: endpoint({
    method: 'POST',
    path: '/api/goods-received-notes/fast/post',
    permission: goodReceivedNoteDocument.actions.post.permission,
    tag,
    summary:
      'Fast receiving: create and post one goods received note per order matched; refused when anything is flagged',
    body: FastReceiptPostInput,
    response: FastReceiptResult,
    status: 201,
    idempotent: true,
  }),
  getGoodsReceivedNote: endpoint({
    method: 'GET',
    path: '/api/goods-received-notes/:id',
    permission: 'view_good_received_note',
    tag,
    summary: 'One goods received note with its lines, the order line figures and, once posted, the GBP values',
    params: IdParams,
    response: GoodReceivedNote,
  }),
  goodsReceivedNoteMovements: endpoint({
    method: 'GET',
    path: '/api/goods-received-notes/:id/movements',
    permission: 'view_good_received_note',
    tag,
    summary: 'The ledger rows a goods received note posted, newest first',
    params: IdParams,
    query: PageQuery.pick({ page: true, pageSize: true }),
    response: pageOf(StockMovement),
  }),
  createGoodsReceivedNote: endpoint({
    method: 'POST',
    path: '/api/goods-received-notes',
    permission: 'add_good_received_note',
    tag,
    summary: 'Create a draft goods received note against an approved order (all or part of it)',
    body: GoodReceivedNoteInput,
    response: GoodReceivedNote,
    status: 201,
    idempotent: true,
  }),
  postGoodsReceivedNote: actionEndpoint(goodReceivedNoteDocument, 'post', {
    path: '/api/goods-received-notes/:id/post',
    tag,
    summary:
      'Post a draft: accepted units into stock at the order’s unit cost in GBP at the received date’s rate, the order’s received quantities and status updated',
    params: IdParams,
    response: GoodReceivedNoteStepResult,
  }),
  cancelGoodsReceivedNote: actionEndpoint(goodReceivedNoteDocument, 'cancel', {
    path: '/api/goods-received-notes/:id/cancel',
    tag,
    summary: 'Cancel a draft (nothing was posted; its number stays used)',
    params: IdParams,
    body: GoodReceivedNoteCancelInput,
    response: GoodReceivedNote,
  }),
  landedCosts: endpoint({
    method: 'GET',
    path: '/api/goods-received-notes/:id/landed-costs',
    permission: 'view_good_received_note',
    tag,
    summary: 'The landed costs applied to a goods received note, oldest first, with their shares per line',
    params: IdParams,
    response: z.array(LandedCostCharge),
  }),
  previewLandedCost: endpoint({
    method: 'POST',
    path: '/api/goods-received-notes/:id/landed-costs/preview',
    permission: 'add_good_received_note',
    tag,
    summary: 'The shares per line a landed cost would get on a posted note, exact to the penny (changes nothing)',
    params: IdParams,
    body: LandedCostInput,
    response: LandedCostPreview,
  }),
  applyLandedCost: endpoint({
    method: 'POST',
    path: '/api/goods-received-notes/:id/landed-costs',
    permission: 'approve_good_received_note',
    tag,
    summary:
      'Apply a landed cost to a posted note: its shares revalue the layers still in stock, the share of units gone is cost of sales',
    params: IdParams,
    body: LandedCostInput,
    response: LandedCostCharge,
    status: 201,
    idempotent: true,
  }),
  goodsReceivedNotePdf: endpoint({
    method: 'GET',
    path: '/api/goods-received-notes/:id/pdf',
    permission: 'view_good_received_note',
    tag,
    summary: 'The goods received note as a PDF (A4, in the language of lang or Accept-Language)',
    params: IdParams,
    query: PrintoutQuery,
    response: PdfFile,
  }),
};
