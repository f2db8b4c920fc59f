import { z } from 'zod';
import { decimalString, UnitCost } from '../platform/decimal.ts';
import { actionEndpoint, defineDocument, documentStatuses } from '../platform/documents.ts';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate, PageQuery, pageOf, Uuid } from '../platform/pagination.ts';

/**
 * Stock: the append-only ledger, its balances and FIFO layers. Every change of stock is a ledger row
 * written through the one posting service of the API; the lists here read what it keeps.
 */
export const StockErrorCode = {
  /** Not enough available stock (on hand less reserved) for an issue or a reservation. */
  INSUFFICIENT_STOCK: 'INSUFFICIENT_STOCK',
  /** An increase of stock needs a unit cost and none could be found. */
  UNIT_COST_REQUIRED: 'UNIT_COST_REQUIRED',
  /** The product is a service or a bundle kit that holds no stock of its own where this needs one. */
  PRODUCT_NOT_STOCKED: 'PRODUCT_NOT_STOCKED',
  PRODUCT_INACTIVE: 'PRODUCT_INACTIVE',
  WAREHOUSE_INACTIVE: 'WAREHOUSE_INACTIVE',
  /** A return or a mirrored movement asks for more than its original movement gave. */
  RETURN_EXCEEDS_ISSUE: 'RETURN_EXCEEDS_ISSUE',
  /** A posting date in the future. */
  POSTING_DATE_IN_FUTURE: 'POSTING_DATE_IN_FUTURE',
  RESERVATION_NOT_OPEN: 'RESERVATION_NOT_OPEN',
  RESERVATION_EXCEEDED: 'RESERVATION_EXCEEDED',
  /**
   * A reservation is short (a physical loss took the stock it held) and more was asked of it than is there:
   * issuing it without a quantity issues what is there; asking for more is refused before anything moves.
   */
  RESERVATION_SHORT: 'RESERVATION_SHORT',
  /** The same product, warehouse and bin twice in one request. */
  DUPLICATE_LINE: 'DUPLICATE_LINE',
  NOTHING_TO_POST: 'NOTHING_TO_POST',
  /** The override or count has been reversed already (details: when and by whom). */
  ALREADY_REVERSED: 'ALREADY_REVERSED',
  /**
   * What the original added has since been taken out (issued, moved, counted away), so it can no longer be taken
   * back whole (details: added, still there).
   */
  REVERSAL_STOCK_CONSUMED: 'REVERSAL_STOCK_CONSUMED',
  /** A reversal is not reversed in turn: post a new override instead. */
  NOT_REVERSIBLE: 'NOT_REVERSIBLE',
  /** An amount to share out (a landed cost) is not in pounds and pence. */
  APPORTION_AMOUNT_INVALID: 'APPORTION_AMOUNT_INVALID',
  /** The lines' value, quantity or weight adds up to zero: nothing to share an amount by. */
  APPORTION_BASIS_ZERO: 'APPORTION_BASIS_ZERO',
  /** A line has no weight (or value) to share an amount by. */
  APPORTION_BASIS_UNKNOWN: 'APPORTION_BASIS_UNKNOWN',
  /** A landed cost or price difference names a receipt line that posted no stock. */
  REVALUATION_RECEIPT_NOT_FOUND: 'REVALUATION_RECEIPT_NOT_FOUND',
  /** A landed cost or price difference with more than 8 decimal places, or none at all. */
  REVALUATION_AMOUNT_INVALID: 'REVALUATION_AMOUNT_INVALID',
} as const;
export type StockErrorCode = (typeof StockErrorCode)[keyof typeof StockErrorCode];

/** A stock quantity: up to 4 places (kilograms, litres), never negative on input. */
export const StockQuantity = decimalString({ scale: 4, precision: 12 });
/** A signed stock quantity, as a change (+ in, − out). */
export const SignedStockQuantity = decimalString({ scale: 4, precision: 12, signed: true });
/** Quantities are above zero where they move stock. */
export const PositiveStockQuantity = decimalString({ scale: 4, precision: 12, positive: true });

/**
 * Why a ledger row exists. Inbound rows with their own cost: RECEIPT, OPENING, ADJUSTMENT (+), COUNT (+),
 * BUNDLE_PRODUCE (the cost of its components). Outbound rows consume FIFO layers: ISSUE, ADJUSTMENT (−),
 * COUNT (−), BUNDLE_CONSUME, WRITE_OFF, TRANSFER_OUT, TRANSIT_OUT. Rows that bring back layers another row
 * took, at their original cost and date: TRANSFER_IN (into in transit), TRANSIT_IN (from in transit into the
 * destination), RETURN. REVALUATION changes the value of an earlier row (a backdated posting or a
 * negative balance settled by a later receipt) and moves no quantity; so do LANDED_COST and PRICE_DIFFERENCE,
 * which add a receipt's landed cost or invoice price difference to its layers still in stock.
 */
export const MOVEMENT_KINDS = [
  'RECEIPT',
  'OPENING',
  'ADJUSTMENT',
  'COUNT',
  'ISSUE',
  'RETURN',
  'TRANSFER_OUT',
  'TRANSFER_IN',
  'TRANSIT_OUT',
  'TRANSIT_IN',
  'BUNDLE_CONSUME',
  'BUNDLE_PRODUCE',
  'WRITE_OFF',
  'REVALUATION',
  'LANDED_COST',
  'PRICE_DIFFERENCE',
] as const;
/**
 * Rows that move no quantity, only value: REVALUATION (an earlier row's value corrected), LANDED_COST and
 * PRICE_DIFFERENCE (the layers of a receipt still in stock revalued; the share already sold is a cost of sales
 * adjustment instead). They are not postings of their own: a document's movements and its reversal leave them out.
 */
export const VALUE_ONLY_KINDS = ['REVALUATION', 'LANDED_COST', 'PRICE_DIFFERENCE'] as const;
export const MovementKind = z.enum(MOVEMENT_KINDS);
export type MovementKind = z.infer<typeof MovementKind>;

/** Where in a warehouse a quantity is: on its shelves (STOCK) or on its way to it (TRANSIT). */
export const STOCK_BUCKETS = ['STOCK', 'TRANSIT'] as const;
export const StockBucket = z.enum(STOCK_BUCKETS);
export type StockBucket = z.infer<typeof StockBucket>;

const Ref = z.object({ id: z.string(), code: z.string(), name: z.string() });

/** One ledger row as lists show it. Quantities and money are decimal strings; value is in GBP. */
export const StockMovement = z.object({
  id: z.string(),
  postedAt: z.string(),
  createdAt: z.string(),
  kind: MovementKind,
  bucket: StockBucket,
  product: z.object({ id: z.string(), sku: z.string(), name: z.string() }),
  warehouse: Ref,
  location: z.object({ id: z.string(), code: z.string() }).nullable(),
  quantity: z.string(),
  /**
   * The unit cost this row has now: its current value ÷ its quantity (4 places), so that unit cost, quantity
   * and value always agree on screen and in exports; null for a revaluation (it moves no quantity).
   */
  unitCost: z.string().nullable(),
  /** The unit cost it was posted at; differs from `unitCost` once a later posting revalued the row. */
  postedUnitCost: z.string().nullable(),
  /** The value it was posted at. */
  value: z.string(),
  /** The value this row has now: its own plus any revaluation of it. */
  currentValue: z.string(),
  ownerPartnerId: z.string().nullable(),
  linkId: z.string().nullable(),
  sourceType: z.string(),
  sourceId: z.string().nullable(),
  sourceLine: z.string().nullable(),
  /**
   * A landed cost or price difference (LANDED_COST, PRICE_DIFFERENCE): its receipt's document number as people
   * know it (GRN-2026-00003), when the caller gave one.
   */
  sourceNumber: z.string().nullable().optional(),
  reason: z.string(),
  username: z.string().nullable(),
  /** In a product's history: the balance (quantity on hand plus in transit) and value after this row. */
  runningQuantity: z.string().optional(),
  runningValue: z.string().optional(),
});
export type StockMovement = z.infer<typeof StockMovement>;

const boolText = z.enum(['true', 'false']);

export const InventorySummaryFilter = z.object({
  q: z.string().trim().max(200).optional(),
  warehouseId: Uuid.optional(),
  brandId: Uuid.optional(),
  /** Only products with stock (on hand or in transit not zero). */
  inStock: boolText.optional(),
  /** Only products at or below their reorder point in at least one warehouse (REORDER_RULE). */
  belowReorder: boolText.optional(),
  sort: PageQuery.shape.sort,
});
export type InventorySummaryFilter = z.infer<typeof InventorySummaryFilter>;
export const InventorySummaryQuery = PageQuery.extend(InventorySummaryFilter.shape);
export type InventorySummaryQuery = z.infer<typeof InventorySummaryQuery>;

/** One product's stock over the warehouses of the filter. */
export const InventorySummaryRow = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  brand: Ref.nullable(),
  unit: z.string(),
  onHand: z.string(),
  reserved: z.string(),
  /** Reserved units a physical loss left without stock (the reservations are marked short); 0 normally. */
  short: z.string(),
  available: z.string(),
  inTransit: z.string(),
  /** The supplier-owned (consignment) part of on hand, valued at zero. */
  consigned: z.string(),
  /** FIFO value in GBP, 2 places: on-hand value + in-transit value. */
  value: z.string(),
  /** The FIFO value of the stock on hand (the STOCK bucket), GBP. */
  onHandValue: z.string(),
  /** The FIFO value of the stock in transit to these warehouses (the TRANSIT bucket), GBP. */
  inTransitValue: z.string(),
  reorderPoint: z.string(),
});
export type InventorySummaryRow = z.infer<typeof InventorySummaryRow>;

export const InventoryTotals = z.object({
  onHand: z.string(),
  reserved: z.string(),
  short: z.string(),
  available: z.string(),
  inTransit: z.string(),
  /** On-hand value + in-transit value. */
  value: z.string(),
  onHandValue: z.string(),
  inTransitValue: z.string(),
});
export const InventorySummaryPage = pageOf(InventorySummaryRow);
/** The figures of a whole summary filter, every page: a request of its own, so that a page is answered fast. */
export const InventorySummaryTotals = InventoryTotals.extend({ products: z.number().int() });

export const InventoryListFilter = z.object({
  q: z.string().trim().max(200).optional(),
  warehouseId: Uuid.optional(),
  locationId: Uuid.optional(),
  productId: Uuid.optional(),
  brandId: Uuid.optional(),
  /** Hide rows whose quantity is zero (default true). */
  nonZero: boolText.optional(),
  sort: PageQuery.shape.sort,
});
export type InventoryListFilter = z.infer<typeof InventoryListFilter>;
export const InventoryListQuery = PageQuery.extend(InventoryListFilter.shape);
export type InventoryListQuery = z.infer<typeof InventoryListQuery>;

/** One product in one bin of one warehouse (location null: not in a bin); reserved and in transit are the warehouse's. */
/** The list's total is counted up to a cap: beyond it, `totalCapped` says there are more. */
export const INVENTORY_LIST_COUNT_CAP = 10_000;

export const InventoryListRow = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  brand: Ref.nullable(),
  warehouse: Ref,
  location: z.object({ id: z.string(), code: z.string(), zone: z.string() }).nullable(),
  onHand: z.string(),
  warehouseOnHand: z.string(),
  warehouseReserved: z.string(),
  /** Reserved units of the warehouse a physical loss left without stock. */
  warehouseShort: z.string(),
  warehouseAvailable: z.string(),
  warehouseInTransit: z.string(),
});
export type InventoryListRow = z.infer<typeof InventoryListRow>;

export const MovementFilter = z.object({
  warehouseId: Uuid.optional(),
  kind: MovementKind.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export type MovementFilter = z.infer<typeof MovementFilter>;
export const MovementQuery = PageQuery.pick({ page: true, pageSize: true }).extend(MovementFilter.shape);
export type MovementQuery = z.infer<typeof MovementQuery>;

/** A product's stock per warehouse, for the head of its movement history. */
export const ProductStock = z.object({
  product: z.object({
    id: z.string(),
    sku: z.string(),
    name: z.string(),
    unit: z.string(),
    kind: z.string(),
    reorderPoint: z.string(),
  }),
  warehouses: z.array(
    z.object({
      warehouse: Ref,
      onHand: z.string(),
      reserved: z.string(),
      short: z.string(),
      available: z.string(),
      inTransit: z.string(),
      consigned: z.string(),
      value: z.string(),
      allowNegativeStock: z.boolean(),
    }),
  ),
});
export type ProductStock = z.infer<typeof ProductStock>;

/** A posting date: a day (YYYY-MM-DD) no later than today; empty means now. */
export const PostingDate = IsoDate.optional();

/** Manual stock override: set what was counted; the difference from the book quantity is posted. */
export const StockOverrideInput = z.object({
  productId: Uuid,
  warehouseId: Uuid,
  /** The bin counted; null for stock not in a bin. */
  locationId: Uuid.nullable().default(null),
  countedQuantity: StockQuantity,
  /** Cost of units found beyond the book quantity; the latest layer's cost when empty. */
  unitCost: UnitCost.optional(),
  reason: z.string().trim().min(3, 'say why, in at least 3 characters').max(500),
  postedOn: PostingDate,
});
export type StockOverrideInput = z.input<typeof StockOverrideInput>;

export const StockPostingResult = z.object({
  movements: z.array(StockMovement),
});
export type StockPostingResult = z.infer<typeof StockPostingResult>;

export const StockOverrideResult = StockPostingResult.extend({
  bookQuantity: z.string(),
  countedQuantity: z.string(),
  difference: z.string(),
});

/** A stock adjustment: signed changes per product and bin with a reason (damaged, found, opening…). */
export const StockAdjustmentLine = z.object({
  productId: Uuid,
  warehouseId: Uuid,
  /** The bin; omitted: outbound takes from bins in picking order, inbound goes to the default receiving bin. */
  locationId: Uuid.nullable().optional(),
  quantity: SignedStockQuantity.refine((v) => /[1-9]/.test(v), 'must not be zero'),
  /** GBP per unit for increases; the latest layer's (or the product's standard) cost when empty. */
  unitCost: UnitCost.optional(),
});
export const StockAdjustmentInput = z.object({
  reason: z.string().trim().min(3, 'say why, in at least 3 characters').max(500),
  postedOn: PostingDate,
  lines: z.array(StockAdjustmentLine).min(1, 'at least one line').max(500, 'at most 500 lines'),
});
export type StockAdjustmentInput = z.input<typeof StockAdjustmentInput>;

/** Reversing a posted override or count: why. */
export const StockReversalInput = z.object({
  reason: z.string().trim().min(3, 'say why, in at least 3 characters').max(500),
});
export type StockReversalInput = z.input<typeof StockReversalInput>;

/** A reversal: when, by whom, why, and the ledger rows of its posting (each linked to the row it reverses). */
export const StockReversal = z.object({
  reversedAt: z.string(),
  reversedBy: z.object({ id: z.string(), username: z.string() }),
  reason: z.string(),
  movements: z.array(StockMovement),
});
export type StockReversal = z.infer<typeof StockReversal>;

/**
 * A manual override as a document for the kernel: posted when written, reversed once (a reversal itself is not
 * reversed again). Its number is its ledger row's id.
 */
export const stockOverrideDocument = defineDocument({
  name: 'stock_override',
  label: 'Manual override',
  errorPrefix: 'STOCK_OVERRIDE',
  statuses: {
    POSTED: { tone: 'success', open: false, phrase: 'posted' },
    REVERSED: { tone: 'danger', open: false, phrase: 'reversed' },
  },
  actions: {
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
export const STOCK_OVERRIDE_STATUSES = documentStatuses(stockOverrideDocument);

/** One manual override (a ledger row) with its reversal links both ways. */
export const StockOverrideDetail = z.object({
  /** The ledger row's id, as its number. */
  number: z.string(),
  status: z.enum(STOCK_OVERRIDE_STATUSES),
  /** Whether it can be reversed at all (a reversal cannot). */
  isReversal: z.boolean(),
  movement: StockMovement,
  /** The override this row reverses, when it is a reversal. */
  reversalOf: StockMovement.nullable(),
  /** Its reversal, once reversed. */
  reversal: StockReversal.nullable(),
});
export type StockOverrideDetail = z.infer<typeof StockOverrideDetail>;

/** Holding stock for a sales document: available goes down, on hand stays until it is issued. */
export const ReservationInput = z.object({
  productId: Uuid,
  warehouseId: Uuid,
  quantity: PositiveStockQuantity,
  sourceType: z.string().trim().min(1).max(40).default('manual'),
  sourceId: z.string().trim().max(100).nullable().default(null),
});
export type ReservationInput = z.input<typeof ReservationInput>;

export const RESERVATION_STATUSES = ['OPEN', 'RELEASED', 'ISSUED'] as const;
export const Reservation = z.object({
  id: z.string(),
  productId: z.string(),
  warehouseId: z.string(),
  quantity: z.string(),
  openQuantity: z.string(),
  issuedQuantity: z.string(),
  /**
   * Of the open quantity, the units a physical loss (count, override, write-off, negative adjustment or import)
   * left without stock. Issuing the reservation issues the rest; incoming stock makes it whole again.
   */
  shortQuantity: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  sourceType: z.string(),
  sourceId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Reservation = z.infer<typeof Reservation>;

export const ReservationIssueInput = z.object({
  /**
   * How much of the open quantity to issue; when empty, all of it that is there (a short reservation keeps its
   * short units open). More than is there is refused with RESERVATION_SHORT.
   */
  quantity: PositiveStockQuantity.optional(),
  locationId: Uuid.nullable().default(null),
  postedOn: PostingDate,
});

export const ReservationIssueResult = z.object({ reservation: Reservation, movements: z.array(StockMovement) });

/** What the balances check found: every kept figure against the figure rebuilt from the ledger and layers. */
export const StockCheckResult = z.object({
  checkedAt: z.string(),
  movementCount: z.number().int(),
  levelCount: z.number().int(),
  ok: z.boolean(),
  differences: z.array(
    z.object({
      what: z.string(),
      productId: z.string(),
      sku: z.string(),
      warehouseId: z.string(),
      locationId: z.string().nullable(),
      kept: z.string(),
      rebuilt: z.string(),
    }),
  ),
});
export type StockCheckResult = z.infer<typeof StockCheckResult>;

const IdParams = z.object({ id: Uuid });
/** A ledger row's id (a whole number). */
const MovementIdParams = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'a ledger row number') });

export const stockApi = {
  inventorySummary: endpoint({
    method: 'GET',
    path: '/api/inventory/summary',
    permission: 'view_inventory_summary',
    tag: 'inventory',
    summary: 'Stock per product over the filtered warehouses: on hand, reserved, available, in transit, value',
    query: InventorySummaryQuery,
    response: InventorySummaryPage,
  }),
  inventorySummaryTotals: endpoint({
    method: 'GET',
    path: '/api/inventory/summary/totals',
    permission: 'view_inventory_summary',
    tag: 'inventory',
    summary: 'The totals of an inventory summary filter over every page',
    query: InventorySummaryFilter,
    response: InventorySummaryTotals,
  }),
  exportInventorySummary: endpoint({
    method: 'GET',
    path: '/api/inventory/summary/export',
    permission: 'view_inventory_summary',
    tag: 'inventory',
    summary: 'The inventory summary of a filter as an .xlsx file',
    query: InventorySummaryFilter,
    response: z.unknown(),
  }),
  inventoryList: endpoint({
    method: 'GET',
    path: '/api/inventory/list',
    permission: 'view_inventory_list',
    tag: 'inventory',
    summary: 'Stock per product, warehouse and bin',
    query: InventoryListQuery,
    response: pageOf(InventoryListRow).extend({ totalCapped: z.boolean() }),
  }),
  exportInventoryList: endpoint({
    method: 'GET',
    path: '/api/inventory/list/export',
    permission: 'view_inventory_list',
    tag: 'inventory',
    summary: 'The inventory list of a filter as an .xlsx file',
    query: InventoryListFilter,
    response: z.unknown(),
  }),
  productStock: endpoint({
    method: 'GET',
    path: '/api/inventory/products/:id',
    permission: ['view_inventory_summary', 'view_inventory_list', 'view_manual_stock'],
    tag: 'inventory',
    summary: "A product's stock per warehouse",
    params: IdParams,
    response: ProductStock,
  }),
  productMovements: endpoint({
    method: 'GET',
    path: '/api/inventory/products/:id/movements',
    permission: ['view_inventory_summary', 'view_inventory_list', 'view_manual_stock'],
    tag: 'inventory',
    summary: "A product's ledger rows, newest first, with the running balance and value after each",
    params: IdParams,
    query: MovementQuery,
    response: pageOf(StockMovement),
  }),
  exportProductMovements: endpoint({
    method: 'GET',
    path: '/api/inventory/products/:id/movements/export',
    permission: ['view_inventory_summary', 'view_inventory_list', 'view_manual_stock'],
    tag: 'inventory',
    summary: "A product's ledger rows of a filter as an .xlsx file: unit cost and value now and as posted",
    params: IdParams,
    query: MovementFilter,
    response: z.unknown(),
  }),
  overrideStock: endpoint({
    method: 'POST',
    path: '/api/manual-stock/overrides',
    permission: 'edit_manual_stock',
    tag: 'inventory',
    summary: 'Set the counted quantity of a product in a bin; the difference is posted with the reason',
    body: StockOverrideInput,
    response: StockOverrideResult,
    status: 201,
    idempotent: true,
  }),
  adjustStock: endpoint({
    method: 'POST',
    path: '/api/stock/adjustments',
    permission: 'edit_manual_stock',
    tag: 'inventory',
    summary: 'Post signed stock changes with a reason; increases at the given or latest cost, decreases at FIFO cost',
    body: StockAdjustmentInput,
    response: StockPostingResult,
    status: 201,
    idempotent: true,
  }),
  listOverrides: endpoint({
    method: 'GET',
    path: '/api/manual-stock/overrides',
    permission: 'view_manual_stock',
    tag: 'inventory',
    summary: 'The manual stock overrides posted, newest first',
    query: PageQuery.extend({ warehouseId: Uuid.optional() }),
    response: pageOf(StockMovement),
  }),
  getOverride: endpoint({
    method: 'GET',
    path: '/api/manual-stock/overrides/:id',
    permission: 'view_manual_stock',
    tag: 'inventory',
    summary: 'One manual override (its ledger row), the override it reverses and its reversal, if any',
    params: MovementIdParams,
    response: StockOverrideDetail,
  }),
  reverseOverride: actionEndpoint(stockOverrideDocument, 'reverse', {
    path: '/api/manual-stock/overrides/:id/reverse',
    tag: 'inventory',
    summary:
      'Reverse a manual override: the opposite difference is posted at the original cost (the layers it made are taken back; units it took come back at the cost they left with)',
    params: MovementIdParams,
    body: StockReversalInput,
    response: StockOverrideDetail,
  }),
  createReservation: endpoint({
    method: 'POST',
    path: '/api/stock/reservations',
    permission: 'approve_sales_invoice',
    tag: 'inventory',
    summary: 'Reserve available stock (never more than is available, also under concurrency)',
    body: ReservationInput,
    response: Reservation,
    status: 201,
    idempotent: true,
  }),
  getReservation: endpoint({
    method: 'GET',
    path: '/api/stock/reservations/:id',
    permission: ['approve_sales_invoice', 'cancel_sales_invoice', 'ship_list'],
    tag: 'inventory',
    summary: 'One reservation',
    params: IdParams,
    response: Reservation,
  }),
  releaseReservation: endpoint({
    method: 'POST',
    path: '/api/stock/reservations/:id/release',
    permission: ['cancel_sales_invoice', 'approve_sales_invoice'],
    tag: 'inventory',
    summary: "Give back a reservation's open quantity",
    params: IdParams,
    response: Reservation,
  }),
  issueReservation: endpoint({
    method: 'POST',
    path: '/api/stock/reservations/:id/issue',
    permission: 'ship_list',
    tag: 'inventory',
    summary: 'Issue reserved stock: on hand goes down at FIFO cost',
    params: IdParams,
    body: ReservationIssueInput,
    response: ReservationIssueResult,
  }),
  checkStock: endpoint({
    method: 'GET',
    path: '/api/stock/check',
    permission: 'stock_and_value_report',
    tag: 'inventory',
    summary: 'Rebuild every balance and value from the ledger and layers and list any difference from the kept ones',
    response: StockCheckResult,
  }),
};
