import { z } from 'zod';
import { actionEndpoint, defineDocument, documentStatuses } from '../platform/documents.ts';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate, PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { PdfFile, PrintoutQuery } from '../platform/printouts.ts';
import { PositiveStockQuantity, StockMovement, StockQuantity } from './stock.ts';

/**
 * Inventory transfers (DOMAIN.md "Inventory"): stock moved from one warehouse to another.
 *
 * DRAFT → DISPATCHED → PARTIALLY_RECEIVED → RECEIVED, or DRAFT → CANCELED (`transferDocument`). Each step
 * is one endpoint with its permission; a step the transfer's status does not allow answers 409
 * TRANSFER_STATUS_CONFLICT with the status it has and the steps it allows. Dispatching takes the stock out of the source warehouse (FIFO, the line's
 * bin or the bins in picking order) into the destination's in-transit bucket, where its layers keep
 * their cost and received date; receiving moves what arrived into the destination's bins, in as many
 * receipts as it takes, and writes off what never arrives (a discrepancy, with its reason) at FIFO cost.
 * Numbers come from the document number service and stay gap-free, so a transfer is canceled, never deleted.
 */
export const TransferErrorCode = {
  /** The transfer's status does not allow this step (details: DocumentStatusConflictDetails). */
  TRANSFER_STATUS_CONFLICT: 'TRANSFER_STATUS_CONFLICT',
  /** Source and destination are the same warehouse. */
  TRANSFER_SAME_WAREHOUSE: 'TRANSFER_SAME_WAREHOUSE',
  /** A warehouse chosen does not exist. */
  TRANSFER_WAREHOUSE_UNKNOWN: 'TRANSFER_WAREHOUSE_UNKNOWN',
  /** A product chosen does not exist. */
  TRANSFER_PRODUCT_UNKNOWN: 'TRANSFER_PRODUCT_UNKNOWN',
  /** The same product on two lines. */
  TRANSFER_DUPLICATE_PRODUCT: 'TRANSFER_DUPLICATE_PRODUCT',
  /** A product counted in units moved in fractions. */
  TRANSFER_QUANTITY_NOT_WHOLE: 'TRANSFER_QUANTITY_NOT_WHOLE',
  /** A receipt names a line that is not one of the transfer's. */
  TRANSFER_LINE_UNKNOWN: 'TRANSFER_LINE_UNKNOWN',
  /** A receipt takes into a line that is already closed. */
  TRANSFER_LINE_CLOSED: 'TRANSFER_LINE_CLOSED',
  /** A receipt takes more of a line than is still in transit. */
  TRANSFER_RECEIPT_EXCEEDS_IN_TRANSIT: 'TRANSFER_RECEIPT_EXCEEDS_IN_TRANSIT',
  /** A line closed short of what was dispatched needs the reason of the discrepancy. */
  TRANSFER_DISCREPANCY_REASON_REQUIRED: 'TRANSFER_DISCREPANCY_REASON_REQUIRED',
  /** A receipt that receives nothing and closes nothing. */
  TRANSFER_NOTHING_TO_RECEIVE: 'TRANSFER_NOTHING_TO_RECEIVE',
} as const;
export type TransferErrorCode = (typeof TransferErrorCode)[keyof typeof TransferErrorCode];

/**
 * The transfer as a document: its statuses and the steps between them, with who may take each. The API's
 * guard, the step endpoints' permissions and the web's status tag and action bar all read this.
 */
export const transferDocument = defineDocument({
  name: 'inventory_transfer',
  label: 'Transfer',
  errorPrefix: 'TRANSFER',
  statuses: {
    DRAFT: { tone: 'neutral', open: true, phrase: 'a draft' },
    DISPATCHED: { tone: 'info', open: true, phrase: 'dispatched' },
    PARTIALLY_RECEIVED: { tone: 'warning', open: true, phrase: 'partly received' },
    RECEIVED: { tone: 'success', open: false, phrase: 'received' },
    CANCELED: { tone: 'danger', open: false, phrase: 'cancelled' },
  },
  actions: {
    edit: { from: ['DRAFT'], to: [], permission: 'edit_inventory_transfer', done: 'changed' },
    dispatch: { from: ['DRAFT'], to: ['DISPATCHED'], permission: 'process_inventory_transfer', done: 'dispatched' },
    receive: {
      from: ['DISPATCHED', 'PARTIALLY_RECEIVED'],
      to: ['PARTIALLY_RECEIVED', 'RECEIVED'],
      permission: 'process_inventory_transfer',
      done: 'received',
    },
    // Only a draft: stock already sent is received, or written off as a discrepancy.
    cancel: {
      from: ['DRAFT'],
      to: ['CANCELED'],
      permission: 'cancel_inventory_transfer',
      destructive: true,
      done: 'cancelled',
    },
  },
});

/** The statuses in the order the definition writes them. */
export const TRANSFER_STATUSES = documentStatuses(transferDocument);
export const TransferStatus = z.enum(TRANSFER_STATUSES);
export type TransferStatus = z.infer<typeof TransferStatus>;

/** The ledger's source_type of every row a transfer posts (source_id: the transfer's id, source_line: its line number). */
export const TRANSFER_SOURCE_TYPE = 'inventory_transfer';

export const TRANSFER_LINES_MAX = 500;
export const TRANSFER_NOTES_MAX = 2000;
export const TRANSFER_REASON_MAX = 500;

const WarehouseRef = z.object({ id: Uuid, code: z.string(), name: z.string() });
const LocationRef = z.object({ id: Uuid, code: z.string() });

const notes = z
  .string()
  .trim()
  .max(TRANSFER_NOTES_MAX, `notes have at most ${TRANSFER_NOTES_MAX} characters`)
  .default('');
const reason = z.string().trim().max(TRANSFER_REASON_MAX, `a reason has at most ${TRANSFER_REASON_MAX} characters`);

export const TransferLineInput = z.object({
  productId: Uuid,
  quantity: PositiveStockQuantity,
  /** A bin of the source warehouse; empty: the bins in picking order. */
  fromLocationId: Uuid.nullable().default(null),
  /** A bin of the destination; empty: its default receiving bin. */
  toLocationId: Uuid.nullable().default(null),
});
export type TransferLineInput = z.input<typeof TransferLineInput>;

/** A draft as written: the lines replace the stored ones. */
export const TransferInput = z
  .object({
    fromWarehouseId: Uuid,
    toWarehouseId: Uuid,
    expectedDate: IsoDate.nullable().default(null),
    notes,
    lines: z
      .array(TransferLineInput)
      .min(1, 'a transfer moves at least one product')
      .max(TRANSFER_LINES_MAX, `a transfer has at most ${TRANSFER_LINES_MAX} lines`),
  })
  .superRefine((t, ctx) => {
    if (t.fromWarehouseId === t.toWarehouseId)
      ctx.addIssue({
        code: 'custom',
        path: ['toWarehouseId'],
        message: 'the destination is another warehouse than the source',
      });
    const seen = new Set<string>();
    t.lines.forEach((line, i) => {
      if (seen.has(line.productId))
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'productId'],
          message: 'this product is on another line already: change that line’s quantity instead',
        });
      seen.add(line.productId);
    });
  });
export type TransferInput = z.input<typeof TransferInput>;

/** One line as the detail shows it. Quantities and values (GBP, 2 places) are decimal strings. */
/**
 * FIFO layers a line's receipts took out of transit, one per received date and unit cost: a receipt of 6 at
 * 12.00 and 5 at 13.00 is worth 137.00, which the ledger row shows as 11 at a blended 12.4545.
 */
export const TransferLayer = z
  .object({
    /** When the layer was first received into stock (it keeps its date through transit). */
    receivedAt: z.string(),
    unitCost: z.string(),
    quantity: z.string(),
    /** Quantity × unit cost, as the ledger valued it. */
    value: z.string(),
  })
  .meta({ id: 'TransferLayer' });
export type TransferLayer = z.infer<typeof TransferLayer>;

export const TransferLine = z
  .object({
    id: Uuid,
    lineNo: z.number().int(),
    product: z.object({ id: Uuid, sku: z.string(), name: z.string(), unit: z.string(), kind: z.string() }),
    fromLocation: LocationRef.nullable(),
    toLocation: LocationRef.nullable(),
    quantity: z.string(),
    dispatchedQuantity: z.string(),
    receivedQuantity: z.string(),
    discrepancyQuantity: z.string(),
    /** Dispatched less received less written off. */
    inTransitQuantity: z.string(),
    discrepancyReason: z.string(),
    /** Nothing left in transit after dispatch. */
    closed: z.boolean(),
    /** What the ledger rows of the line are worth now (FIFO cost, revaluations included). */
    dispatchedValue: z.string(),
    receivedValue: z.string(),
    discrepancyValue: z.string(),
    inTransitValue: z.string(),
    /** The FIFO layers received so far (oldest first); empty before any receipt. */
    receivedLayers: z.array(TransferLayer),
  })
  .meta({ id: 'TransferLine' });
export type TransferLine = z.infer<typeof TransferLine>;

const UserRef = z.object({ id: Uuid, username: z.string() }).nullable();

const transferFields = {
  id: Uuid,
  number: z.string(),
  status: TransferStatus,
  fromWarehouse: WarehouseRef,
  toWarehouse: WarehouseRef,
  expectedDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: UserRef,
  dispatchedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
};

/** A row of the list: the transfer with its lines summed. */
export const TransferSummary = z
  .object({
    ...transferFields,
    lineCount: z.number().int(),
    quantity: z.string(),
    dispatchedQuantity: z.string(),
    receivedQuantity: z.string(),
    discrepancyQuantity: z.string(),
  })
  .meta({ id: 'TransferSummary' });
export type TransferSummary = z.infer<typeof TransferSummary>;

export const Transfer = z
  .object({
    ...transferFields,
    notes: z.string(),
    dispatchedBy: UserRef,
    receivedBy: UserRef,
    canceledBy: UserRef,
    cancelReason: z.string(),
    lines: z.array(TransferLine),
    totals: z.object({
      quantity: z.string(),
      dispatchedQuantity: z.string(),
      receivedQuantity: z.string(),
      discrepancyQuantity: z.string(),
      inTransitQuantity: z.string(),
      dispatchedValue: z.string(),
      receivedValue: z.string(),
      discrepancyValue: z.string(),
      inTransitValue: z.string(),
    }),
  })
  .meta({ id: 'Transfer' });
export type Transfer = z.infer<typeof Transfer>;

/** Sortable fields of the list. */
export const TRANSFER_SORTS = [
  'number',
  'status',
  'createdAt',
  'expectedDate',
  'dispatchedAt',
  'receivedAt',
  'fromWarehouse',
  'toWarehouse',
] as const;

/** Search (number, SKU or name of a product on a line), filters and sort: what the list and its export share. */
export const TransferFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  status: TransferStatus.optional(),
  fromWarehouseId: Uuid.optional(),
  toWarehouseId: Uuid.optional(),
  /** Created on or after this day (UK time). */
  from: IsoDate.optional(),
  /** Created on or before this day (UK time). */
  to: IsoDate.optional(),
});
export type TransferFilter = z.infer<typeof TransferFilter>;
export const TransferListQuery = PageQuery.extend(TransferFilter.shape);
export type TransferListQuery = z.infer<typeof TransferListQuery>;

export const TransferCancelInput = z.object({ reason: reason.default('') });
export type TransferCancelInput = z.input<typeof TransferCancelInput>;

/** What arrived of one line in this receipt. */
export const TransferReceiptLineInput = z.object({
  lineId: Uuid,
  /** Received now; zero when only closing the line. */
  quantity: StockQuantity.default('0'),
  /** A bin of the destination; empty: the line's destination bin, else the warehouse's default receiving bin. */
  locationId: Uuid.nullable().default(null),
  /** Close the line with this receipt: what is still in transit after it is written off as a discrepancy. */
  close: z.boolean().default(false),
  /** Why less arrived than was dispatched (needed when closing short). */
  discrepancyReason: reason.default(''),
});
export type TransferReceiptLineInput = z.input<typeof TransferReceiptLineInput>;

export const TransferReceiptInput = z
  .object({
    lines: z.array(TransferReceiptLineInput).max(TRANSFER_LINES_MAX).default([]),
    /**
     * Close with discrepancy: after this receipt every line is closed, whatever is still in transit
     * written off with its line's reason, else this one.
     */
    closeAll: z.boolean().default(false),
    discrepancyReason: reason.default(''),
  })
  .superRefine((r, ctx) => {
    const seen = new Set<string>();
    r.lines.forEach((line, i) => {
      if (seen.has(line.lineId))
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'lineId'], message: 'a line is received once per receipt' });
      seen.add(line.lineId);
    });
    if (!r.closeAll && r.lines.length === 0)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'receive at least one line, or close the transfer' });
  });
export type TransferReceiptInput = z.input<typeof TransferReceiptInput>;

/** A step's answer: the transfer as it is now and the ledger rows the step posted. */
export const TransferStepResult = z.object({ transfer: Transfer, movements: z.array(StockMovement) });
export type TransferStepResult = z.infer<typeof TransferStepResult>;

const IdParams = z.object({ id: Uuid });

export const transfersApi = {
  listTransfers: endpoint({
    method: 'GET',
    path: '/api/inventory-transfers',
    permission: 'view_inventory_transfer',
    tag: 'inventory',
    summary:
      'Inventory transfers, paged; search by number or product SKU; filter by status, warehouses and creation day; sort',
    query: TransferListQuery,
    response: pageOf(TransferSummary),
  }),
  exportTransfers: endpoint({
    method: 'GET',
    path: '/api/inventory-transfers/export',
    permission: 'view_inventory_transfer',
    tag: 'inventory',
    summary: 'The transfers of a filter as an .xlsx file, one row per line',
    query: TransferFilter,
    response: z.unknown(),
  }),
  getTransfer: endpoint({
    method: 'GET',
    path: '/api/inventory-transfers/:id',
    permission: 'view_inventory_transfer',
    tag: 'inventory',
    summary: 'One transfer with its lines: planned, dispatched, received and written-off quantities and values',
    params: IdParams,
    response: Transfer,
  }),
  transferMovements: endpoint({
    method: 'GET',
    path: '/api/inventory-transfers/:id/movements',
    permission: 'view_inventory_transfer',
    tag: 'inventory',
    summary: 'The ledger rows a transfer posted, newest first',
    params: IdParams,
    query: PageQuery.pick({ page: true, pageSize: true }),
    response: pageOf(StockMovement),
  }),
  createTransfer: endpoint({
    method: 'POST',
    path: '/api/inventory-transfers',
    permission: 'add_inventory_transfer',
    tag: 'inventory',
    summary: 'Create a draft transfer with its number',
    body: TransferInput,
    response: Transfer,
    status: 201,
    idempotent: true,
  }),
  updateTransfer: endpoint({
    method: 'PUT',
    path: '/api/inventory-transfers/:id',
    permission: transferDocument.actions.edit.permission,
    tag: 'inventory',
    summary: 'Change a draft transfer (its lines are replaced)',
    params: IdParams,
    body: TransferInput,
    response: Transfer,
  }),
  dispatchTransfer: actionEndpoint(transferDocument, 'dispatch', {
    path: '/api/inventory-transfers/:id/dispatch',
    tag: 'inventory',
    summary: 'Dispatch a draft: its stock leaves the source at FIFO cost and is in transit to the destination',
    params: IdParams,
    response: TransferStepResult,
  }),
  receiveTransfer: actionEndpoint(transferDocument, 'receive', {
    path: '/api/inventory-transfers/:id/receive',
    tag: 'inventory',
    summary: 'Receive what arrived (partly or all) into the destination; close lines short with a discrepancy',
    params: IdParams,
    body: TransferReceiptInput,
    response: TransferStepResult,
  }),
  cancelTransfer: actionEndpoint(transferDocument, 'cancel', {
    path: '/api/inventory-transfers/:id/cancel',
    tag: 'inventory',
    summary: 'Cancel a draft transfer (nothing was posted; its number stays used)',
    params: IdParams,
    body: TransferCancelInput,
    response: Transfer,
  }),
  transferPdf: endpoint({
    method: 'GET',
    path: '/api/inventory-transfers/:id/pdf',
    permission: 'view_inventory_transfer',
    tag: 'inventory',
    summary:
      'The transfer’s dispatch note as a PDF (A4, in the language of lang or Accept-Language): from and to, lines with bins and quantities, boxes to sign',
    params: IdParams,
    query: PrintoutQuery,
    response: PdfFile,
  }),
};
