import { z } from 'zod';
import { UnitCost } from '../platform/decimal.ts';
import { actionEndpoint, defineDocument, documentStatuses } from '../platform/documents.ts';
import { endpoint } from '../platform/endpoint.ts';
import { PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { PdfFile, PrintoutQuery } from '../platform/printouts.ts';
import { singleLine } from '../platform/text.ts';
import { SignedStockQuantity, StockMovement, StockQuantity, StockReversalInput } from './stock.ts';

/**
 * Inventory stock process: counting sessions (cycle counts).
 *
 * OPEN → SUBMITTED → POSTED; OPEN or SUBMITTED → CANCELED; SUBMITTED → OPEN (reopened for more counting)
 * (`stockCountDocument`); a step the status does not allow answers 409 STOCK_COUNT_STATUS_CONFLICT.
 * Starting a session snapshots the book quantity of every product in the warehouse's bins (or one zone's
 * bins) that holds stock. Counters scan codes (SKU or barcode) into bins, or set a line's counted quantity;
 * a product found where none was expected adds a line whose book quantity is 0. In a blind session the
 * counters do not see book quantities, differences or values (those who approve always do).
 * Posting (approve_inventory_stock_process) posts, per line, the difference between the counted quantity
 * and the bin's quantity at that moment (stock may have moved since the snapshot), kind COUNT, in one
 * posting: gains at the cost of found units, losses at FIFO cost. Lines not counted are left as they are,
 * unless `zeroUncounted` says they were looked for and not found.
 */

export const StockCountErrorCode = {
  /**
   * The session's status does not allow this step: counting or submitting a session that is not open, posting
   * or reopening one not submitted, cancelling one posted or cancelled (details: DocumentStatusConflictDetails).
   */
  STOCK_COUNT_STATUS_CONFLICT: 'STOCK_COUNT_STATUS_CONFLICT',
  /** Another open or submitted session counts some of the same bins. */
  STOCK_COUNT_OVERLAP: 'STOCK_COUNT_OVERLAP',
  /** No product has the SKU or barcode scanned. */
  STOCK_COUNT_UNKNOWN_CODE: 'STOCK_COUNT_UNKNOWN_CODE',
  /** No bin of the session's warehouse has the code (or id) given. */
  STOCK_COUNT_UNKNOWN_LOCATION: 'STOCK_COUNT_UNKNOWN_LOCATION',
  /** The bin is not in the zone the session counts. */
  STOCK_COUNT_LOCATION_NOT_IN_ZONE: 'STOCK_COUNT_LOCATION_NOT_IN_ZONE',
  /** The product is in several bins of the session: say which one. */
  STOCK_COUNT_LOCATION_REQUIRED: 'STOCK_COUNT_LOCATION_REQUIRED',
  /** No bin of the warehouse is in that zone. */
  STOCK_COUNT_UNKNOWN_ZONE: 'STOCK_COUNT_UNKNOWN_ZONE',
  /** A scan that takes a counted quantity below zero. */
  STOCK_COUNT_BELOW_ZERO: 'STOCK_COUNT_BELOW_ZERO',
  /** Submitting a session in which nothing has been counted. */
  STOCK_COUNT_NOTHING_COUNTED: 'STOCK_COUNT_NOTHING_COUNTED',
} as const;
export type StockCountErrorCode = (typeof StockCountErrorCode)[keyof typeof StockCountErrorCode];

const READ = ['handle_inventory_stock_process', 'approve_inventory_stock_process'] as const;
const COUNT = 'handle_inventory_stock_process';
const APPROVE = 'approve_inventory_stock_process';

/**
 * The counting session as a document: its statuses and the steps between them, with who may take each. The
 * API's guard, the step endpoints' permissions and the web's status tag and action bar all read this.
 */
export const stockCountDocument = defineDocument({
  name: 'stock_count',
  label: 'Stock count',
  errorPrefix: 'STOCK_COUNT',
  statuses: {
    OPEN: { tone: 'progress', open: true, phrase: 'open' },
    SUBMITTED: { tone: 'warning', open: true, phrase: 'submitted' },
    POSTED: { tone: 'success', open: false, phrase: 'posted' },
    /** Posted, then undone by a reversing posting at the original cost. */
    REVERSED: { tone: 'danger', open: false, phrase: 'reversed' },
    CANCELED: { tone: 'neutral', open: false, phrase: 'cancelled' },
  },
  actions: {
    /** Scans and counted quantities: the session stays open. */
    count: { from: ['OPEN'], to: [], permission: COUNT, idempotent: true, done: 'counted' },
    submit: { from: ['OPEN'], to: ['SUBMITTED'], permission: COUNT, done: 'submitted' },
    reopen: { from: ['SUBMITTED'], to: ['OPEN'], permission: APPROVE, done: 'reopened' },
    post: { from: ['SUBMITTED'], to: ['POSTED'], permission: APPROVE, idempotent: true, done: 'posted' },
    cancel: { from: ['OPEN', 'SUBMITTED'], to: ['CANCELED'], permission: READ, destructive: true, done: 'cancelled' },
    /** Undo a posted session: the opposite of each difference is posted at the original cost. */
    reverse: {
      from: ['POSTED'],
      to: ['REVERSED'],
      permission: 'reverse_stock_adjustment',
      idempotent: true,
      destructive: true,
      done: 'reversed',
    },
  },
});

/** The statuses in the order the definition writes them. */
export const STOCK_COUNT_STATUSES = documentStatuses(stockCountDocument);
export const StockCountStatus = z.enum(STOCK_COUNT_STATUSES);
export type StockCountStatus = z.infer<typeof StockCountStatus>;

/** The source type of the ledger rows a session posts (source id: the session's id, source line: the line's). */
export const STOCK_COUNT_SOURCE = 'stock_count';

export const STOCK_COUNT_ZONE_MAX_LENGTH = 40;
export const STOCK_COUNT_NOTES_MAX_LENGTH = 1000;

/** Starts a session: the warehouse, optionally one zone of its bins, blind or not. */
export const StockCountInput = z.object({
  warehouseId: Uuid,
  /** Only the bins of this zone (as written on the bins, whatever the case); empty: the whole warehouse. */
  zone: z
    .string()
    .trim()
    .max(STOCK_COUNT_ZONE_MAX_LENGTH, `a zone has at most ${STOCK_COUNT_ZONE_MAX_LENGTH} characters`)
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null)),
  blind: z.boolean().default(false),
  notes: z
    .string()
    .trim()
    .max(STOCK_COUNT_NOTES_MAX_LENGTH, `notes have at most ${STOCK_COUNT_NOTES_MAX_LENGTH} characters`)
    .default(''),
});
export type StockCountInput = z.input<typeof StockCountInput>;

const UserRef = z.object({ id: z.string(), username: z.string() });
const Ref = z.object({ id: z.string(), code: z.string(), name: z.string() });

export const StockCount = z
  .object({
    id: z.string(),
    number: z.string(),
    warehouse: Ref,
    zone: z.string().nullable(),
    status: StockCountStatus,
    blind: z.boolean(),
    notes: z.string(),
    /** How it was posted: whether uncounted lines were taken as none there (null until posted). */
    zeroUncounted: z.boolean().nullable(),
    lineCount: z.number().int(),
    countedLineCount: z.number().int(),
    createdBy: UserRef,
    createdAt: z.string(),
    submittedAt: z.string().nullable(),
    submittedBy: UserRef.nullable(),
    postedAt: z.string().nullable(),
    postedBy: UserRef.nullable(),
    canceledAt: z.string().nullable(),
    canceledBy: UserRef.nullable(),
    /** When a posted session was reversed, by whom and why (null until then). */
    reversedAt: z.string().nullable(),
    reversedBy: UserRef.nullable(),
    reversalReason: z.string().nullable(),
    updatedAt: z.string(),
    /** Whether the caller sees book quantities, differences and values (false for counters of a blind session). */
    showsBook: z.boolean(),
  })
  .meta({ id: 'StockCount' });
export type StockCount = z.infer<typeof StockCount>;

export const STOCK_COUNT_SORTS = ['number', 'createdAt', 'status', 'warehouse'] as const;

export const StockCountFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  status: StockCountStatus.optional(),
  warehouseId: Uuid.optional(),
});
export type StockCountFilter = z.infer<typeof StockCountFilter>;
export const StockCountListQuery = PageQuery.extend(StockCountFilter.shape);
export type StockCountListQuery = z.infer<typeof StockCountListQuery>;

/** What posting found and did on a line. */
export const StockCountLinePosting = z.object({
  /** The bin's quantity when posted (the snapshot's may be older). */
  bookQuantity: z.string(),
  /** Posted: counted less that quantity (0: nothing posted). */
  difference: z.string(),
  /** GBP value of the posted row, 2 places. */
  value: z.string(),
  movementId: z.string().nullable(),
});

/**
 * One product in one bin of a session. Book figures (bookQuantity, currentQuantity, difference, unitCost,
 * differenceValue) are null for counters of a blind session. The difference is counted less book (the
 * snapshot); its value: a loss at the FIFO cost of the oldest units on hand in the warehouse, a gain at the
 * cost units found are posted at (the newest layer's, else the product's standard cost); once the session is
 * posted, the value posted for the line.
 */
export const StockCountLine = z
  .object({
    id: z.string(),
    product: z.object({ id: z.string(), sku: z.string(), name: z.string(), unit: z.string() }),
    location: z.object({ id: z.string(), code: z.string(), zone: z.string() }).nullable(),
    /** False: added by a scan of a product not in the snapshot there. */
    expected: z.boolean(),
    bookQuantity: z.string().nullable(),
    /** The bin's quantity now (while the session is open or submitted). */
    currentQuantity: z.string().nullable(),
    countedQuantity: z.string().nullable(),
    difference: z.string().nullable(),
    unitCost: z.string().nullable(),
    differenceValue: z.string().nullable(),
    countedBy: z.string().nullable(),
    countedAt: z.string().nullable(),
    posted: StockCountLinePosting.nullable(),
  })
  .meta({ id: 'StockCountLine' });
export type StockCountLine = z.infer<typeof StockCountLine>;

export const STOCK_COUNT_LINE_VIEWS = ['all', 'counted', 'uncounted', 'variance'] as const;
export const STOCK_COUNT_LINE_SORTS = ['sku', 'location', 'difference', 'value', 'countedAt'] as const;

export const StockCountLineFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  /** counted / uncounted lines, or those whose count differs from the book (variance). */
  view: z.enum(STOCK_COUNT_LINE_VIEWS).default('all'),
});
export type StockCountLineFilter = z.infer<typeof StockCountLineFilter>;
export const StockCountLineQuery = PageQuery.extend(StockCountLineFilter.shape);
export type StockCountLineQuery = z.infer<typeof StockCountLineQuery>;

/** The whole session's totals (every line, whatever the page and filter); book figures null when hidden. */
export const StockCountTotals = z.object({
  lines: z.number().int(),
  counted: z.number().int(),
  uncounted: z.number().int(),
  withVariance: z.number().int().nullable(),
  bookQuantity: z.string().nullable(),
  countedQuantity: z.string(),
  differenceQuantity: z.string().nullable(),
  gainValue: z.string().nullable(),
  lossValue: z.string().nullable(),
  differenceValue: z.string().nullable(),
});
export type StockCountTotals = z.infer<typeof StockCountTotals>;

export const StockCountLinePage = pageOf(StockCountLine).extend({ totals: StockCountTotals });

export const STOCK_COUNT_VARIANCE_GROUPS = ['zone', 'product'] as const;
/** The variance value grouped, for the review's chart: every zone, or the products with the largest. */
export const StockCountVarianceQuery = z.object({
  by: z.enum(STOCK_COUNT_VARIANCE_GROUPS).default('zone'),
  limit: z.coerce.number().int().min(1).max(50).default(15),
});
export const StockCountVariances = z.object({
  by: z.enum(STOCK_COUNT_VARIANCE_GROUPS),
  /** True for counters of a blind session: no figures. */
  hidden: z.boolean(),
  groups: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      differenceQuantity: z.string(),
      gainValue: z.string(),
      lossValue: z.string(),
      differenceValue: z.string(),
    }),
  ),
});
export type StockCountVariances = z.infer<typeof StockCountVariances>;

/**
 * A scan: a product's SKU or barcode, the bin (its code or id; may be left out when the product is in one
 * line of the session only, or the warehouse keeps it in no bin), and how many (default 1; negative takes a
 * mistaken scan back). The quantity adds to what was counted there.
 */
export const StockCountScanInput = z.object({
  code: singleLine(z.string().trim().min(1, 'scan or type a SKU or barcode').max(100)),
  location: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((v) => (v ? v : undefined)),
  quantity: SignedStockQuantity.refine((v) => /[1-9]/.test(v), 'must not be zero').default('1'),
});
export type StockCountScanInput = z.input<typeof StockCountScanInput>;

export const StockCountScanResult = z.object({
  line: StockCountLine,
  /** The line was added by this scan (the product was not expected in that bin). */
  added: z.boolean(),
  quantity: z.string(),
});
export type StockCountScanResult = z.infer<typeof StockCountScanResult>;

/** Sets a line's counted quantity (null: not counted). */
export const StockCountLineInput = z.object({ countedQuantity: StockQuantity.nullable() });
export type StockCountLineInput = z.input<typeof StockCountLineInput>;

export const StockCountPostInput = z.object({
  /** Lines nobody counted are taken as none there (posted out); otherwise they are left as they are. */
  zeroUncounted: z.boolean().default(false),
  /** The cost of units found of products that have none yet (GBP per unit). */
  unitCosts: z
    .array(z.object({ productId: Uuid, unitCost: UnitCost }))
    .max(1000)
    .default([]),
});
export type StockCountPostInput = z.input<typeof StockCountPostInput>;

export const StockCountPostedLine = z.object({
  lineId: z.string(),
  product: z.object({ id: z.string(), sku: z.string(), name: z.string() }),
  location: z.object({ id: z.string(), code: z.string() }).nullable(),
  /** The snapshot's book quantity. */
  bookQuantity: z.string(),
  /** The bin's quantity when posted. */
  currentQuantity: z.string(),
  countedQuantity: z.string(),
  difference: z.string(),
  value: z.string(),
  movementId: z.string().nullable(),
  /** The bin's quantity had changed since the snapshot. */
  moved: z.boolean(),
});
export type StockCountPostedLine = z.infer<typeof StockCountPostedLine>;

export const StockCountPostResult = z.object({
  count: StockCount,
  /** Every line counted (or zeroed), with what was posted for it. */
  lines: z.array(StockCountPostedLine),
  totals: z.object({
    posted: z.number().int(),
    moved: z.number().int(),
    gainValue: z.string(),
    lossValue: z.string(),
    differenceValue: z.string(),
  }),
});
export type StockCountPostResult = z.infer<typeof StockCountPostResult>;

/** A reversed session and the ledger rows of its reversal (each linked to the row it reverses). */
export const StockCountReversalResult = z.object({
  count: StockCount,
  movements: z.array(StockMovement),
});
export type StockCountReversalResult = z.infer<typeof StockCountReversalResult>;

export const StockCountZones = z.object({
  zones: z.array(z.object({ zone: z.string(), binCount: z.number().int() })),
});

const IdParams = z.object({ id: Uuid });
const LineParams = z.object({ id: Uuid, lineId: Uuid });
const actions = stockCountDocument.actions;

export const stockCountsApi = {
  listStockCounts: endpoint({
    method: 'GET',
    path: '/api/stock-counts',
    permission: READ,
    tag: 'inventory',
    summary: 'Counting sessions, newest first; search by number or notes; filter by status and warehouse',
    query: StockCountListQuery,
    response: pageOf(StockCount),
  }),
  exportStockCounts: endpoint({
    method: 'GET',
    path: '/api/stock-counts/export',
    permission: READ,
    tag: 'inventory',
    summary: 'The counting sessions of a filter as an .xlsx file',
    query: StockCountFilter,
    response: z.unknown(),
  }),
  stockCountZones: endpoint({
    method: 'GET',
    path: '/api/stock-counts/zones',
    permission: READ,
    tag: 'inventory',
    summary: "A warehouse's zones (as written on its active bins) with their number of bins, to count one",
    query: z.object({ warehouseId: Uuid }),
    response: StockCountZones,
  }),
  createStockCount: endpoint({
    method: 'POST',
    path: '/api/stock-counts',
    permission: COUNT,
    tag: 'inventory',
    summary:
      "Start a counting session for a warehouse (or one zone): the book quantity of every bin's stock is snapshot",
    body: StockCountInput,
    response: StockCount,
    status: 201,
    idempotent: true,
  }),
  getStockCount: endpoint({
    method: 'GET',
    path: '/api/stock-counts/:id',
    permission: READ,
    tag: 'inventory',
    summary: 'One counting session',
    params: IdParams,
    response: StockCount,
  }),
  listStockCountLines: endpoint({
    method: 'GET',
    path: '/api/stock-counts/:id/lines',
    permission: READ,
    tag: 'inventory',
    summary:
      "A session's lines (book, counted, difference and its value; book figures hidden from counters of a blind session) with the totals of all lines",
    params: IdParams,
    query: StockCountLineQuery,
    response: StockCountLinePage,
  }),
  exportStockCountLines: endpoint({
    method: 'GET',
    path: '/api/stock-counts/:id/lines/export',
    permission: READ,
    tag: 'inventory',
    summary: "A session's lines of a filter as an .xlsx file",
    params: IdParams,
    query: StockCountLineFilter,
    response: z.unknown(),
  }),
  stockCountVariances: endpoint({
    method: 'GET',
    path: '/api/stock-counts/:id/variances',
    permission: READ,
    tag: 'inventory',
    summary: "The value of a session's differences by zone or by product (largest first)",
    params: IdParams,
    query: StockCountVarianceQuery,
    response: StockCountVariances,
  }),
  scanStockCount: actionEndpoint(stockCountDocument, 'count', {
    path: '/api/stock-counts/:id/scans',
    tag: 'inventory',
    summary:
      'Count by scanning: a SKU or barcode into a bin adds the quantity (default 1) to that line, adding the line when the product was not expected there. Send an Idempotency-Key so a retried scan counts once.',
    params: IdParams,
    body: StockCountScanInput,
    response: StockCountScanResult,
    status: 201,
  }),
  setStockCountLine: endpoint({
    method: 'PUT',
    path: '/api/stock-counts/:id/lines/:lineId',
    permission: actions.count.permission,
    tag: 'inventory',
    summary: "Set a line's counted quantity (null: not counted)",
    params: LineParams,
    body: StockCountLineInput,
    response: StockCountLine,
  }),
  submitStockCount: actionEndpoint(stockCountDocument, 'submit', {
    path: '/api/stock-counts/:id/submit',
    tag: 'inventory',
    summary: 'Hand an open session over for review and posting',
    params: IdParams,
    response: StockCount,
  }),
  reopenStockCount: actionEndpoint(stockCountDocument, 'reopen', {
    path: '/api/stock-counts/:id/reopen',
    tag: 'inventory',
    summary: 'Send a submitted session back for more counting',
    params: IdParams,
    response: StockCount,
  }),
  postStockCount: actionEndpoint(stockCountDocument, 'post', {
    path: '/api/stock-counts/:id/post',
    tag: 'inventory',
    summary:
      'Post a submitted session: per counted line, counted less the bin’s quantity now, kind COUNT, in one posting',
    params: IdParams,
    body: StockCountPostInput,
    response: StockCountPostResult,
  }),
  cancelStockCount: actionEndpoint(stockCountDocument, 'cancel', {
    path: '/api/stock-counts/:id/cancel',
    tag: 'inventory',
    summary: 'Cancel an open or submitted session (nothing is posted)',
    params: IdParams,
    response: StockCount,
  }),
  reverseStockCount: actionEndpoint(stockCountDocument, 'reverse', {
    path: '/api/stock-counts/:id/reverse',
    tag: 'inventory',
    summary:
      'Reverse a posted session: the opposite of each difference is posted at the original cost (gains taken back from the layers they made, losses back at the cost they left with)',
    params: IdParams,
    body: StockReversalInput,
    response: StockCountReversalResult,
  }),
  stockCountMovements: endpoint({
    method: 'GET',
    path: '/api/stock-counts/:id/movements',
    permission: READ,
    tag: 'inventory',
    summary: 'The ledger rows a session posted and, once reversed, those of its reversal',
    params: IdParams,
    response: z.object({ posted: z.array(StockMovement), reversal: z.array(StockMovement) }),
  }),
  stockCountPdf: endpoint({
    method: 'GET',
    path: '/api/stock-counts/:id/pdf',
    permission: READ,
    tag: 'inventory',
    summary:
      'The count sheet as a PDF (A4, in the language of lang or Accept-Language): lines in bin order with a column to write the count in; no expected quantities when the session is blind',
    params: IdParams,
    query: PrintoutQuery,
    response: PdfFile,
  }),
};
