import { z } from 'zod';
import { decimalString } from '../platform/decimal.ts';
import { actionEndpoint, defineDocument, documentStatuses } from '../platform/documents.ts';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate, PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { PdfFile, PrintoutQuery } from '../platform/printouts.ts';
import { singleLine } from '../platform/text.ts';
import { PositiveStockQuantity, StockMovement } from '../stock/stock.ts';

/**
 * Returns to supplier (RMA, DOMAIN.md "Purchasing"): DRAFT → APPROVED (the supplier's RMA number) → SHIPPED (stock
 * out) → CREDITED (the supplier's credit note: an open supplier credit that later settlements offset) or REPLACED
 * (the replacement units received back at the cost they left with); CANCELED before shipping (`rmaDocument`).
 *
 * Shipping posts ISSUE rows (source `rma`). The decided rule: a line naming the goods received note line its units
 * came from takes them from that receipt's layers in the warehouse, at that receipt's cost, and is refused with the
 * figures when fewer of them are left than asked; a line naming none takes FIFO.
 */
export const RmaErrorCode = {
  /** The RMA's status does not allow this step (details: DocumentStatusConflictDetails). */
  RMA_STATUS_CONFLICT: 'RMA_STATUS_CONFLICT',
  /** A line's receipt is not a posted receipt of this supplier, product and warehouse. */
  RMA_RECEIPT_MISMATCH: 'RMA_RECEIPT_MISMATCH',
  /** Fewer units of the named receipt are left in the warehouse than the RMA sends back (details: the figures). */
  RMA_RECEIPT_STOCK_SHORT: 'RMA_RECEIPT_STOCK_SHORT',
  /** The supplier or the warehouse cannot take an RMA (unknown, inactive, not a supplier). */
  RMA_PARTY_INVALID: 'RMA_PARTY_INVALID',
  /** A product counted in units returned in fractions. */
  RMA_QUANTITY_NOT_WHOLE: 'RMA_QUANTITY_NOT_WHOLE',
} as const;
export type RmaErrorCode = (typeof RmaErrorCode)[keyof typeof RmaErrorCode];

/** The RMA as a document: statuses, steps and who may take each. */
export const rmaDocument = defineDocument({
  name: 'rma',
  label: 'RMA',
  errorPrefix: 'RMA',
  statuses: {
    DRAFT: { tone: 'neutral', open: true, phrase: 'a draft' },
    APPROVED: { tone: 'info', open: true, phrase: 'approved' },
    SHIPPED: { tone: 'progress', open: true, phrase: 'shipped' },
    CREDITED: { tone: 'success', open: false, phrase: 'credited' },
    REPLACED: { tone: 'success', open: false, phrase: 'replaced' },
    CANCELED: { tone: 'danger', open: false, phrase: 'cancelled' },
  },
  actions: {
    edit: { from: ['DRAFT'], to: [], permission: 'edit_rma', done: 'edited' },
    approve: { from: ['DRAFT'], to: ['APPROVED'], permission: 'approve_rma', idempotent: true, done: 'approved' },
    ship: { from: ['APPROVED'], to: ['SHIPPED'], permission: 'process_rma', idempotent: true, done: 'shipped' },
    credit: { from: ['SHIPPED'], to: ['CREDITED'], permission: 'process_rma', idempotent: true, done: 'credited' },
    replace: { from: ['SHIPPED'], to: ['REPLACED'], permission: 'process_rma', idempotent: true, done: 'replaced' },
    cancel: {
      from: ['DRAFT', 'APPROVED'],
      to: ['CANCELED'],
      permission: 'cancel_rma',
      destructive: true,
      done: 'cancelled',
    },
  },
});

export const RMA_STATUSES = documentStatuses(rmaDocument);
export const RmaStatus = z.enum(RMA_STATUSES);
export type RmaStatus = z.infer<typeof RmaStatus>;

/** The ledger's source_type of every row an RMA posts (source_id: its id, source_line: its line_no). */
export const RMA_SOURCE_TYPE = 'rma';

export const RMA_LINES_MAX = 500;
export const RMA_NOTE_MAX = 2000;
export const RMA_REASON_MAX = 500;
export const RMA_REFERENCE_MAX = 100;

const Ref = z.object({ id: Uuid, code: z.string(), name: z.string() });
const UserRef = z.object({ id: Uuid, username: z.string() }).nullable();
/** A credit amount in the supplier's currency: 2 places, above zero. */
const CreditAmount = decimalString({ scale: 2, positive: true });

export const RmaLineInput = z.object({
  productId: Uuid,
  quantity: PositiveStockQuantity,
  reason: z.string().trim().max(RMA_REASON_MAX).default(''),
  /** The goods received note line the units came from: they go out at that receipt's cost. Empty: FIFO. */
  receiptLineId: Uuid.nullable().default(null),
  /** The bin they are taken from; empty: the bins in picking order. */
  locationId: Uuid.nullable().default(null),
});
export type RmaLineInput = z.input<typeof RmaLineInput>;

export const RmaInput = z.object({
  supplierId: Uuid,
  warehouseId: Uuid,
  /** The RMA's day (UK); empty: today. */
  rmaDate: IsoDate.nullable().default(null),
  note: z.string().trim().max(RMA_NOTE_MAX).default(''),
  lines: z
    .array(RmaLineInput)
    .min(1, 'an RMA returns at least one line')
    .max(RMA_LINES_MAX, `an RMA has at most ${RMA_LINES_MAX} lines`),
});
export type RmaInput = z.input<typeof RmaInput>;

export const RmaLine = z
  .object({
    id: Uuid,
    lineNo: z.number().int(),
    product: z.object({ id: Uuid, sku: z.string(), name: z.string(), unit: z.string() }),
    quantity: z.string(),
    reason: z.string(),
    receipt: z
      .object({ lineId: Uuid, noteId: Uuid, number: z.string(), lineNo: z.number().int(), receivedDate: z.string() })
      .nullable(),
    location: z.object({ id: Uuid, code: z.string() }).nullable(),
    /** GBP per unit and value the units left with; null before shipping. */
    unitCost: z.string().nullable(),
    value: z.string().nullable(),
  })
  .meta({ id: 'RmaLine' });
export type RmaLine = z.infer<typeof RmaLine>;

const rmaFields = {
  id: Uuid,
  number: z.string(),
  status: RmaStatus,
  supplier: Ref,
  warehouse: Ref,
  rmaDate: z.string(),
  currency: z.string(),
  supplierRmaNumber: z.string(),
  creditAmount: z.string().nullable(),
  creditReference: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: UserRef,
  approvedAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
};

export const RmaSummary = z
  .object({ ...rmaFields, lineCount: z.number().int(), quantity: z.string(), value: z.string().nullable() })
  .meta({ id: 'RmaSummary' });
export type RmaSummary = z.infer<typeof RmaSummary>;

export const Rma = z
  .object({
    ...rmaFields,
    note: z.string(),
    cancelReason: z.string(),
    approvedBy: UserRef,
    shippedBy: UserRef,
    closedBy: UserRef,
    canceledBy: UserRef,
    lines: z.array(RmaLine),
    totals: z.object({ quantity: z.string(), value: z.string().nullable() }),
  })
  .meta({ id: 'Rma' });
export type Rma = z.infer<typeof Rma>;

export const RMA_SORTS = ['number', 'status', 'rmaDate', 'createdAt', 'supplier', 'warehouse'] as const;

/** Search (RMA number, the supplier's RMA number, supplier code or name, SKU on a line), filters and sort. */
export const RmaFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  status: RmaStatus.optional(),
  supplierId: Uuid.optional(),
  warehouseId: Uuid.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export type RmaFilter = z.infer<typeof RmaFilter>;
export const RmaListQuery = PageQuery.extend(RmaFilter.shape);
export type RmaListQuery = z.infer<typeof RmaListQuery>;

export const RmaApproveInput = z.object({
  supplierRmaNumber: singleLine(z.string().trim().min(1, 'the supplier’s RMA number is needed').max(RMA_REFERENCE_MAX)),
});
export type RmaApproveInput = z.input<typeof RmaApproveInput>;

export const RmaCreditInput = z.object({
  /** In the supplier's currency (the RMA's currency). */
  amount: CreditAmount,
  reference: singleLine(z.string().trim().min(1, 'the credit note’s reference is needed').max(RMA_REFERENCE_MAX)),
});
export type RmaCreditInput = z.input<typeof RmaCreditInput>;

export const RmaCancelInput = z.object({ reason: z.string().trim().max(500).default('') });
export type RmaCancelInput = z.input<typeof RmaCancelInput>;

export const RmaStepResult = z.object({ rma: Rma, movements: z.array(StockMovement) });
export type RmaStepResult = z.infer<typeof RmaStepResult>;

/** A posted receipt line of a supplier that units can be returned against, with what is left of it there. */
export const RmaReceiptOption = z
  .object({
    lineId: Uuid,
    noteId: Uuid,
    number: z.string(),
    lineNo: z.number().int(),
    receivedDate: z.string(),
    acceptedQuantity: z.string(),
    /** GBP per unit it came in at. */
    unitCostGbp: z.string().nullable(),
    /** Units of that receipt's layers still in the warehouse. */
    remaining: z.string(),
  })
  .meta({ id: 'RmaReceiptOption' });
export type RmaReceiptOption = z.infer<typeof RmaReceiptOption>;

export const RmaReceiptQuery = z.object({ supplierId: Uuid, warehouseId: Uuid, productId: Uuid });
export type RmaReceiptQuery = z.infer<typeof RmaReceiptQuery>;

export const SupplierCredit = z
  .object({
    id: Uuid,
    supplier: Ref,
    currency: z.string(),
    amount: z.string(),
    openAmount: z.string(),
    reference: z.string(),
    sourceType: z.string(),
    sourceId: Uuid,
    sourceNumber: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'SupplierCredit' });
export type SupplierCredit = z.infer<typeof SupplierCredit>;

const IdParams = z.object({ id: Uuid });
const tag = 'purchasing';

export const rmasApi = {
  listRmas: endpoint({
    method: 'GET',
    path: '/api/rmas',
    permission: 'view_rma',
    tag,
    summary:
      'Returns to supplier, paged; search by number, the supplier’s RMA number, supplier or SKU; filter by status, supplier, warehouse and day; sort',
    query: RmaListQuery,
    response: pageOf(RmaSummary),
  }),
  exportRmas: endpoint({
    method: 'GET',
    path: '/api/rmas/export',
    permission: 'view_rma',
    tag,
    summary: 'The RMAs of a filter as an .xlsx file, one row per line',
    query: RmaFilter,
    response: z.unknown(),
  }),
  rmaReceipts: endpoint({
    method: 'GET',
    path: '/api/rmas/receipts',
    permission: 'view_rma',
    tag,
    summary:
      'The posted receipts of a product from a supplier into a warehouse, newest first, with what is left of each there',
    query: RmaReceiptQuery,
    response: z.array(RmaReceiptOption),
  }),
  supplierCredits: endpoint({
    method: 'GET',
    path: '/api/rmas/supplier-credits',
    permission: 'view_rma',
    tag,
    summary: 'A supplier’s open credits (from credited RMAs), oldest first, for settlements to offset',
    query: z.object({ supplierId: Uuid }),
    response: z.array(SupplierCredit),
  }),
  getRma: endpoint({
    method: 'GET',
    path: '/api/rmas/:id',
    permission: 'view_rma',
    tag,
    summary: 'One RMA with its lines',
    params: IdParams,
    response: Rma,
  }),
  createRma: endpoint({
    method: 'POST',
    path: '/api/rmas',
    permission: 'add_rma',
    tag,
    summary: 'Create a draft RMA',
    body: RmaInput,
    response: Rma,
    status: 201,
    idempotent: true,
  }),
  updateRma: endpoint({
    method: 'PUT',
    path: '/api/rmas/:id',
    permission: rmaDocument.actions.edit.permission,
    tag,
    summary: 'Change a draft RMA (its lines replaced)',
    params: IdParams,
    body: RmaInput,
    response: Rma,
  }),
  approveRma: actionEndpoint(rmaDocument, 'approve', {
    path: '/api/rmas/:id/approve',
    tag,
    summary: 'Approve a draft with the supplier’s RMA number',
    params: IdParams,
    body: RmaApproveInput,
    response: Rma,
  }),
  shipRma: actionEndpoint(rmaDocument, 'ship', {
    path: '/api/rmas/:id/ship',
    tag,
    summary:
      'Ship an approved RMA: stock out at the cost of the receipt each line names (refused with the figures when too few of it are left), else FIFO',
    params: IdParams,
    response: RmaStepResult,
  }),
  creditRma: actionEndpoint(rmaDocument, 'credit', {
    path: '/api/rmas/:id/credit',
    tag,
    summary: 'Record the supplier’s credit note for a shipped RMA: an open supplier credit for settlements to offset',
    params: IdParams,
    body: RmaCreditInput,
    response: Rma,
  }),
  replaceRma: actionEndpoint(rmaDocument, 'replace', {
    path: '/api/rmas/:id/replace',
    tag,
    summary: 'Receive the replacement of a shipped RMA: the units back into stock at the cost they left with',
    params: IdParams,
    response: RmaStepResult,
  }),
  cancelRma: actionEndpoint(rmaDocument, 'cancel', {
    path: '/api/rmas/:id/cancel',
    tag,
    summary: 'Cancel an RMA before it is shipped',
    params: IdParams,
    body: RmaCancelInput,
    response: Rma,
  }),
  rmaPdf: endpoint({
    method: 'GET',
    path: '/api/rmas/:id/pdf',
    permission: 'view_rma',
    tag,
    summary: 'The RMA as a PDF (A4, in the language of lang or Accept-Language)',
    params: IdParams,
    query: PrintoutQuery,
    response: PdfFile,
  }),
};
