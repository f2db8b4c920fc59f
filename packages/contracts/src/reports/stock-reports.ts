import { z } from 'zod';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate, PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import type { PermissionName } from '../users/permissions.ts';

/**
 * Stock reports: read-only views of the stock ledger (stock_movements), its balances (stock_levels,
 * stock_bin_balances) and FIFO layers (stock_layers). Money is GBP with 2 places, quantities exact
 * decimal text; every figure and total is computed by the database over the whole filter, never
 * over the page shown. Every list has an `…/export` answering its filter as .xlsx.
 */
export const ReportErrorCode = {
  /** A FIFO stock process is already running: one at a time. */
  FIFO_PROCESS_RUNNING: 'FIFO_PROCESS_RUNNING',
} as const;
export type ReportErrorCode = (typeof ReportErrorCode)[keyof typeof ReportErrorCode];

/** The longest range of the daily inventory level, in days (both ends included). */
export const DAILY_LEVEL_MAX_DAYS = 366;

const boolText = z.enum(['true', 'false']);
const Ref = z.object({ id: z.string(), code: z.string(), name: z.string() });
export type ReportRef = z.infer<typeof Ref>;
const ProductRef = z.object({ id: z.string(), sku: z.string(), name: z.string() });

/** Days between two YYYY-MM-DD dates (calendar arithmetic), negative when `to` is before `from`. */
function daysBetween(from: string, to: string): number {
  const day = (d: string) => {
    const [y = 1970, m = 1, dd = 1] = d.split('-').map((p) => Number.parseInt(p, 10));
    return Date.UTC(y, m - 1, dd) / 86_400_000;
  };
  return day(to) - day(from);
}

/** A real calendar day (not 2025-02-30). */
const CalendarDay = IsoDate.refine((d) => {
  const [y = 0, m = 0, dd = 0] = d.split('-').map((p) => Number.parseInt(p, 10));
  const date = new Date(Date.UTC(y, m - 1, dd));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === dd;
}, 'not a day of the calendar');

/** The product filters most reports share: free text (SKU, name or barcode), warehouse, brand. */
const ProductFilter = z.object({
  q: z.string().trim().max(200).optional(),
  warehouseId: Uuid.optional(),
  brandId: Uuid.optional(),
});

// ── 1. Stock and value as at a date ────────────────────────────────────────────────────────────

export const STOCK_VALUE_GROUPINGS = ['none', 'warehouse', 'brand'] as const;
export const StockValueGrouping = z.enum(STOCK_VALUE_GROUPINGS);

export const StockAndValueFilter = ProductFilter.extend({
  /** The day (Europe/London) whose end the figures are taken at; today when empty. */
  asAt: CalendarDay.optional(),
  /** Rows ordered by warehouse or brand first, with the totals of each group. */
  groupBy: StockValueGrouping.optional(),
  sort: PageQuery.shape.sort,
});
export type StockAndValueFilter = z.infer<typeof StockAndValueFilter>;
export const StockAndValueQuery = PageQuery.extend(StockAndValueFilter.shape);
export type StockAndValueQuery = z.infer<typeof StockAndValueQuery>;

/** One product in one warehouse as at the date: on hand (shelves), in transit to it, FIFO value of both. */
export const StockAndValueRow = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  unit: z.string(),
  brand: Ref.nullable(),
  warehouse: Ref,
  onHand: z.string(),
  inTransit: z.string(),
  value: z.string(),
});
export type StockAndValueRow = z.infer<typeof StockAndValueRow>;

export const StockTotals = z.object({ onHand: z.string(), inTransit: z.string(), value: z.string() });
export type StockTotals = z.infer<typeof StockTotals>;

/** A group's totals (warehouse or brand; a null id is "no brand"). */
export const StockValueGroup = StockTotals.extend({
  id: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  rows: z.number().int(),
});
export type StockValueGroup = z.infer<typeof StockValueGroup>;

export const StockAndValuePage = pageOf(StockAndValueRow).extend({
  asAt: z.string(),
  totals: StockTotals,
  /** Every group of the filter with its totals (when grouped), largest value first. */
  groups: z.array(StockValueGroup),
});
export type StockAndValuePage = z.infer<typeof StockAndValuePage>;

// ── 2. FIFO stock process (the valuation replayed from the ledger) ──────────────────────────────

export const FIFO_RUN_STATUSES = ['RUNNING', 'DONE', 'FAILED'] as const;
export const FifoRunStatus = z.enum(FIFO_RUN_STATUSES);
export type FifoRunStatus = z.infer<typeof FifoRunStatus>;

export const FifoProcessRun = z.object({
  id: z.string(),
  status: FifoRunStatus,
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  startedBy: z.string().nullable(),
  productsTotal: z.number().int(),
  productsDone: z.number().int(),
  movementsDone: z.number().int(),
  differencesFound: z.number().int(),
  /** Why a run failed (server stopped, an unexpected error). */
  failure: z.string().nullable(),
});
export type FifoProcessRun = z.infer<typeof FifoProcessRun>;

/**
 * What a difference is about: levels and ledger per product × warehouse against the replay, the open
 * layers (sums and each layer), one ledger row's value, or a history the engine cannot replay.
 */
export const FIFO_DIFFERENCE_KINDS = [
  'LEVEL_ON_HAND',
  'LEVEL_IN_TRANSIT',
  'LEVEL_VALUE',
  'LEVEL_CONSIGNED',
  'LEDGER_VALUE',
  'LAYER_QUANTITY',
  'LAYER_VALUE',
  'LAYER',
  'ROW_VALUE',
  'REPLAY_FAILED',
] as const;
export const FifoDifferenceKind = z.enum(FIFO_DIFFERENCE_KINDS);
export type FifoDifferenceKind = z.infer<typeof FifoDifferenceKind>;

export const FifoDifference = z.object({
  seq: z.number().int(),
  kind: FifoDifferenceKind,
  product: ProductRef,
  warehouse: Ref.nullable(),
  /** STOCK or TRANSIT where the figure is a bucket's. */
  bucket: z.string().nullable(),
  /** What the replay of the ledger says. */
  expected: z.string(),
  /** What the database keeps. */
  stored: z.string(),
  /** Which layer or ledger row, or why the replay failed. */
  detail: z.string(),
});
export type FifoDifference = z.infer<typeof FifoDifference>;

export const FifoRunQuery = PageQuery.pick({ page: true, pageSize: true });
export const FifoDifferenceFilter = z.object({ kind: FifoDifferenceKind.optional() });
export const FifoDifferenceQuery = PageQuery.pick({ page: true, pageSize: true }).extend(FifoDifferenceFilter.shape);
export type FifoDifferenceQuery = z.infer<typeof FifoDifferenceQuery>;

// ── 3. FIFO stock value (open layers with their age) ─────────────────────────────────────────────

/** Age buckets in days since the layer was received (Europe/London days). */
export const AGE_BUCKETS = ['D0_30', 'D31_60', 'D61_90', 'D91_180', 'D181_365', 'D366_PLUS'] as const;
export const AgeBucket = z.enum(AGE_BUCKETS);
export type AgeBucket = z.infer<typeof AgeBucket>;
/** Each bucket's first and last age in days (null: no upper end). */
export const AGE_BUCKET_DAYS: Record<AgeBucket, readonly [number, number | null]> = {
  D0_30: [0, 30],
  D31_60: [31, 60],
  D61_90: [61, 90],
  D91_180: [91, 180],
  D181_365: [181, 365],
  D366_PLUS: [366, null],
};

/** own: our stock only; consigned: supplier-owned only (valued at zero); empty: both. */
export const OwnershipFilter = z.enum(['own', 'consigned']);

export const FifoValueFilter = ProductFilter.extend({
  productId: Uuid.optional(),
  ageBucket: AgeBucket.optional(),
  ownership: OwnershipFilter.optional(),
  sort: PageQuery.shape.sort,
});
export type FifoValueFilter = z.infer<typeof FifoValueFilter>;
export const FifoValueQuery = PageQuery.extend(FifoValueFilter.shape);
export type FifoValueQuery = z.infer<typeof FifoValueQuery>;

/**
 * One open layer: what is left of one receipt (or of what a transfer or return brought back), or a deficit:
 * units an outbound row took beyond the stock where negative stock is allowed, with a negative quantity and its
 * provisional value (negative) until a receipt settles it, aged from the day it arose. With deficits listed,
 * the layers add up to the stock value (stock_levels, the ledger) everywhere.
 */
export const FifoLayerRow = z.object({
  movementId: z.string(),
  seq: z.number().int(),
  product: ProductRef,
  unit: z.string(),
  brand: Ref.nullable(),
  warehouse: Ref,
  bucket: z.string(),
  /** The supplier owning the stock (consignment), else null. */
  owner: Ref.nullable(),
  receivedAt: z.string(),
  ageDays: z.number().int(),
  ageBucket: AgeBucket,
  quantity: z.string(),
  unitCost: z.string(),
  value: z.string(),
  /** A deficit (negative quantity, provisional value). */
  isDeficit: z.boolean(),
});
export type FifoLayerRow = z.infer<typeof FifoLayerRow>;

export const AgeBucketTotal = z.object({
  bucket: AgeBucket,
  layers: z.number().int(),
  quantity: z.string(),
  value: z.string(),
});
export type AgeBucketTotal = z.infer<typeof AgeBucketTotal>;

export const FifoValueTotals = z.object({
  /** Our stock per age bucket (every bucket, zeros included, in age order), deficits included. */
  buckets: z.array(AgeBucketTotal),
  /** Our stock, deficits included: the stock value of the filter. */
  own: z.object({ layers: z.number().int(), quantity: z.string(), value: z.string() }),
  /** Supplier-owned stock: quantity only, worth nothing to us. */
  consigned: z.object({ layers: z.number().int(), quantity: z.string(), value: z.string() }),
  /** The deficits within `own` (negative quantity and provisional value). */
  deficits: z.object({ layers: z.number().int(), quantity: z.string(), value: z.string() }),
});
export type FifoValueTotals = z.infer<typeof FifoValueTotals>;

export const FifoValuePage = pageOf(FifoLayerRow).extend({ today: z.string(), totals: FifoValueTotals });
export type FifoValuePage = z.infer<typeof FifoValuePage>;

/** The beta view: the same layers summed by warehouse and brand, then by product. */
export const FIFO_GROUP_LEVELS = ['warehouseBrand', 'product'] as const;
export const FifoGroupFilter = FifoValueFilter.omit({ productId: true }).extend({
  level: z.enum(FIFO_GROUP_LEVELS).optional(),
  /** With level=product: products without a brand (brandId empty). */
  noBrand: boolText.optional(),
});
export type FifoGroupFilter = z.infer<typeof FifoGroupFilter>;
export const FifoGroupQuery = PageQuery.extend(FifoGroupFilter.shape);
export type FifoGroupQuery = z.infer<typeof FifoGroupQuery>;

export const FifoGroupRow = z.object({
  warehouse: Ref,
  brand: Ref.nullable(),
  /** level=product only. */
  product: ProductRef.nullable(),
  products: z.number().int(),
  layers: z.number().int(),
  quantity: z.string(),
  consignedQuantity: z.string(),
  /** The deficits within `quantity` (negative, or zero). */
  deficitQuantity: z.string(),
  value: z.string(),
  oldestReceivedAt: z.string(),
  /** Value per age bucket, in age order. */
  bucketValues: z.array(z.object({ bucket: AgeBucket, value: z.string() })),
});
export type FifoGroupRow = z.infer<typeof FifoGroupRow>;
export const FifoGroupPage = pageOf(FifoGroupRow).extend({ today: z.string(), totals: FifoValueTotals });
export type FifoGroupPage = z.infer<typeof FifoGroupPage>;

// ── 4. Daily inventory level ─────────────────────────────────────────────────────────────────────

export const DailyLevelFilter = ProductFilter.extend({
  from: CalendarDay,
  to: CalendarDay,
  productId: Uuid.optional(),
});
const checkRange = (f: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const days = daysBetween(f.from, f.to);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'the range ends before it starts' });
  else if (days + 1 > DAILY_LEVEL_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `a range of at most ${DAILY_LEVEL_MAX_DAYS} days` });
};
export const DailyLevelExportQuery = DailyLevelFilter.superRefine(checkRange);
export type DailyLevelFilter = z.infer<typeof DailyLevelFilter>;
/**
 * The days of the table oldest first (`date`) or newest first (`-date`, what the screen opens on); the series
 * stays in date order. Any other field is refused like every list's sort, naming the one it takes.
 */
export const DailyLevelQuery = PageQuery.pick({ page: true, pageSize: true, sort: true })
  .extend(DailyLevelFilter.shape)
  .superRefine(checkRange);
export type DailyLevelQuery = z.infer<typeof DailyLevelQuery>;

/** One day: the balances at its end (Europe/London) and what came in and went out during it. */
export const DailyLevelRow = z.object({
  date: z.string(),
  onHand: z.string(),
  inTransit: z.string(),
  value: z.string(),
  /** Quantity into the shelves that day (receipts, returns, transfers arriving…). */
  received: z.string(),
  /** Quantity off the shelves that day (positive). */
  issued: z.string(),
});
export type DailyLevelRow = z.infer<typeof DailyLevelRow>;

export const DailyLevelPage = pageOf(DailyLevelRow).extend({
  /** Every day of the range in order, for the chart (at most 366). */
  series: z.array(z.object({ date: z.string(), quantity: z.string(), value: z.string() })),
  totals: z.object({
    openingQuantity: z.string(),
    openingValue: z.string(),
    closingQuantity: z.string(),
    closingValue: z.string(),
    received: z.string(),
    issued: z.string(),
  }),
});
export type DailyLevelPage = z.infer<typeof DailyLevelPage>;

// ── 5. Warehouse reports: replenishment, stock quantity (pivot), inventory detail ───────────────

export const ReplenishmentFilter = ProductFilter.extend({
  /** Days of sales the velocity is measured over (today included); 30 when empty. */
  days: z.coerce.number().int().min(1).max(365).optional(),
  /** Days a purchase takes to arrive; 14 when empty. */
  leadDays: z.coerce.number().int().min(0).max(365).optional(),
  sort: PageQuery.shape.sort,
});
export type ReplenishmentFilter = z.infer<typeof ReplenishmentFilter>;
export const ReplenishmentQuery = PageQuery.extend(ReplenishmentFilter.shape);
export type ReplenishmentQuery = z.infer<typeof ReplenishmentQuery>;

/** A product at or below its reorder point in a warehouse, with what to order. */
export const ReplenishmentRow = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  unit: z.string(),
  brand: Ref.nullable(),
  warehouse: Ref,
  available: z.string(),
  inTransit: z.string(),
  reorderPoint: z.string(),
  reorderQuantity: z.string(),
  /** Issued over the period. */
  sold: z.string(),
  /** Units issued per day over the period (4 places). */
  velocity: z.string(),
  /** Days the available and in-transit stock lasts at that velocity (1 place); null: nothing sells. */
  daysOfCover: z.string().nullable(),
  suggestedQuantity: z.string(),
  /** The suggestion at the last unit cost (GBP). */
  suggestedValue: z.string(),
});
export type ReplenishmentRow = z.infer<typeof ReplenishmentRow>;
export const ReplenishmentPage = pageOf(ReplenishmentRow).extend({
  days: z.number().int(),
  leadDays: z.number().int(),
  totals: z.object({ suggestedQuantity: z.string(), suggestedValue: z.string() }),
});
export type ReplenishmentPage = z.infer<typeof ReplenishmentPage>;

export const StockQuantityFilter = z.object({
  q: z.string().trim().max(200).optional(),
  brandId: Uuid.optional(),
  /** Include products whose quantity is zero everywhere (default false). */
  withZero: boolText.optional(),
  sort: PageQuery.shape.sort,
});
export type StockQuantityFilter = z.infer<typeof StockQuantityFilter>;
export const StockQuantityQuery = PageQuery.extend(StockQuantityFilter.shape);
export type StockQuantityQuery = z.infer<typeof StockQuantityQuery>;

/** One product: on hand per warehouse (by warehouse id; absent = none), in total and in transit. */
export const StockQuantityRow = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  unit: z.string(),
  brand: Ref.nullable(),
  quantities: z.record(z.string(), z.string()),
  total: z.string(),
  inTransit: z.string(),
});
export type StockQuantityRow = z.infer<typeof StockQuantityRow>;
export const StockQuantityPage = pageOf(StockQuantityRow).extend({
  /** The pivot's columns: warehouses holding stock of the filter (or every active one), with their totals. */
  warehouses: z.array(Ref.extend({ total: z.string() })),
  totals: z.object({ total: z.string(), inTransit: z.string() }),
});
export type StockQuantityPage = z.infer<typeof StockQuantityPage>;

export const InventoryDetailFilter = ProductFilter.extend({
  locationId: Uuid.optional(),
  productId: Uuid.optional(),
  sort: PageQuery.shape.sort,
});
export type InventoryDetailFilter = z.infer<typeof InventoryDetailFilter>;
export const InventoryDetailQuery = PageQuery.extend(InventoryDetailFilter.shape);
export type InventoryDetailQuery = z.infer<typeof InventoryDetailQuery>;

/**
 * One product in one bin. Layers are kept per warehouse, not per bin, so the bin's value is its share
 * of the warehouse's FIFO value by quantity; ages are those of the warehouse's open layers, deficits
 * included (a warehouse below zero has a deficit and a negative value), so the bins add up to the stock value.
 */
export const InventoryDetailRow = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  unit: z.string(),
  brand: Ref.nullable(),
  warehouse: Ref,
  location: z.object({ id: z.string(), code: z.string(), zone: z.string() }).nullable(),
  onHand: z.string(),
  /** The bin's share of the warehouse's value. */
  value: z.string(),
  warehouseOnHand: z.string(),
  warehouseValue: z.string(),
  consigned: z.string(),
  /** The warehouse's deficit: units owed (negative, or zero) at a provisional value until settled. */
  deficit: z.string(),
  layers: z.number().int(),
  oldestReceivedAt: z.string().nullable(),
  oldestAgeDays: z.number().int().nullable(),
  /** Age of the warehouse's stock weighted by quantity (1 place). */
  averageAgeDays: z.string().nullable(),
  oldestAgeBucket: AgeBucket.nullable(),
});
export type InventoryDetailRow = z.infer<typeof InventoryDetailRow>;
export const InventoryDetailPage = pageOf(InventoryDetailRow).extend({
  totals: z.object({ onHand: z.string(), value: z.string() }),
});
export type InventoryDetailPage = z.infer<typeof InventoryDetailPage>;

export const InventoryDetailLayersQuery = PageQuery.pick({ page: true, pageSize: true }).extend({
  productId: Uuid,
  warehouseId: Uuid,
});

// ── Filter options: warehouses, brands and products for whoever may see a report ───────────────

export const REPORT_OPTION_KINDS = ['warehouses', 'brands', 'products'] as const;
export const ReportOptionsQuery = z.object({
  q: z.string().trim().max(200).optional(),
  /** Look one up by id (a filter's value read from the URL). */
  id: Uuid.optional(),
});
export const ReportOption = z.object({ id: z.string(), code: z.string(), name: z.string() });
export type ReportOption = z.infer<typeof ReportOption>;

/** Every report's permission: whoever may open one may fill in its filters. */
export const REPORT_PERMISSIONS: readonly PermissionName[] = [
  'stock_and_value_report',
  'daily_inventory_level_report',
  'daily_control_and_ship_list_report',
  'handle_replenishment_report',
  'view_warehouse',
];

const IdParams = z.object({ id: Uuid });
const file = z.unknown();

export const stockReportsApi = {
  stockAndValue: endpoint({
    method: 'GET',
    path: '/api/reports/stock-and-value',
    permission: 'stock_and_value_report',
    tag: 'reports',
    summary: 'Quantity and FIFO value per product and warehouse at the end of a day, with totals and group totals',
    query: StockAndValueQuery,
    response: StockAndValuePage,
  }),
  exportStockAndValue: endpoint({
    method: 'GET',
    path: '/api/reports/stock-and-value/export',
    permission: 'stock_and_value_report',
    tag: 'reports',
    summary: 'The stock and value report of a filter as an .xlsx file',
    query: StockAndValueFilter,
    response: file,
  }),
  startFifoProcess: endpoint({
    method: 'POST',
    path: '/api/reports/fifo-stock-process/runs',
    permission: 'stock_and_value_report',
    tag: 'reports',
    summary: 'Start replaying the FIFO valuation of every product from the ledger (runs in the background)',
    response: FifoProcessRun,
    status: 201,
    idempotent: true,
  }),
  listFifoProcessRuns: endpoint({
    method: 'GET',
    path: '/api/reports/fifo-stock-process/runs',
    permission: 'stock_and_value_report',
    tag: 'reports',
    summary: 'FIFO stock process runs, newest first',
    query: FifoRunQuery,
    response: pageOf(FifoProcessRun),
  }),
  getFifoProcessRun: endpoint({
    method: 'GET',
    path: '/api/reports/fifo-stock-process/runs/:id',
    permission: 'stock_and_value_report',
    tag: 'reports',
    summary: "A run's status and progress: products done of the total, differences found",
    params: IdParams,
    response: FifoProcessRun,
  }),
  fifoProcessDifferences: endpoint({
    method: 'GET',
    path: '/api/reports/fifo-stock-process/runs/:id/differences',
    permission: 'stock_and_value_report',
    tag: 'reports',
    summary: 'The differences a run found between the replayed valuation and what is stored',
    params: IdParams,
    query: FifoDifferenceQuery,
    response: pageOf(FifoDifference),
  }),
  exportFifoProcessDifferences: endpoint({
    method: 'GET',
    path: '/api/reports/fifo-stock-process/runs/:id/differences/export',
    permission: 'stock_and_value_report',
    tag: 'reports',
    summary: "A run's differences as an .xlsx file",
    params: IdParams,
    query: FifoDifferenceFilter,
    response: file,
  }),
  fifoStockValue: endpoint({
    method: 'GET',
    path: '/api/reports/fifo-stock-value',
    permission: 'stock_and_value_report',
    tag: 'reports',
    summary: 'Open FIFO layers with quantity, unit cost, value and age, with totals per age bucket',
    query: FifoValueQuery,
    response: FifoValuePage,
  }),
  exportFifoStockValue: endpoint({
    method: 'GET',
    path: '/api/reports/fifo-stock-value/export',
    permission: 'stock_and_value_report',
    tag: 'reports',
    summary: 'The FIFO stock value of a filter as an .xlsx file',
    query: FifoValueFilter,
    response: file,
  }),
  fifoStockValueGroups: endpoint({
    method: 'GET',
    path: '/api/reports/fifo-stock-value/groups',
    permission: 'stock_and_value_report',
    tag: 'reports',
    summary: 'Open FIFO layers summed by warehouse and brand, or by product, with value per age bucket',
    query: FifoGroupQuery,
    response: FifoGroupPage,
  }),
  exportFifoStockValueGroups: endpoint({
    method: 'GET',
    path: '/api/reports/fifo-stock-value/groups/export',
    permission: 'stock_and_value_report',
    tag: 'reports',
    summary: 'The grouped FIFO stock value of a filter as an .xlsx file',
    query: FifoGroupFilter,
    response: file,
  }),
  dailyInventoryLevel: endpoint({
    method: 'GET',
    path: '/api/reports/daily-inventory-level',
    permission: 'daily_inventory_level_report',
    tag: 'reports',
    summary: 'Quantity and value at the end of each day of a range (at most 366 days)',
    query: DailyLevelQuery,
    response: DailyLevelPage,
  }),
  exportDailyInventoryLevel: endpoint({
    method: 'GET',
    path: '/api/reports/daily-inventory-level/export',
    permission: 'daily_inventory_level_report',
    tag: 'reports',
    summary: 'The daily inventory level of a filter as an .xlsx file',
    query: DailyLevelExportQuery,
    response: file,
  }),
  replenishment: endpoint({
    method: 'GET',
    path: '/api/warehouse-reports/replenishment',
    permission: 'handle_replenishment_report',
    tag: 'reports',
    summary: 'Products at or below their reorder point per warehouse, with sales velocity and what to order',
    query: ReplenishmentQuery,
    response: ReplenishmentPage,
  }),
  exportReplenishment: endpoint({
    method: 'GET',
    path: '/api/warehouse-reports/replenishment/export',
    permission: 'handle_replenishment_report',
    tag: 'reports',
    summary: 'The replenishment report of a filter as an .xlsx file',
    query: ReplenishmentFilter,
    response: file,
  }),
  stockQuantity: endpoint({
    method: 'GET',
    path: '/api/warehouse-reports/stock-quantity',
    permission: 'view_warehouse',
    tag: 'reports',
    summary: 'On hand per product with a column per warehouse, and the totals of each',
    query: StockQuantityQuery,
    response: StockQuantityPage,
  }),
  exportStockQuantity: endpoint({
    method: 'GET',
    path: '/api/warehouse-reports/stock-quantity/export',
    permission: 'view_warehouse',
    tag: 'reports',
    summary: 'The inventory report (a column per warehouse) of a filter as an .xlsx file',
    query: StockQuantityFilter,
    response: file,
  }),
  inventoryDetail: endpoint({
    method: 'GET',
    path: '/api/warehouse-reports/inventory-detail',
    permission: 'view_warehouse',
    tag: 'reports',
    summary: 'Stock per product, warehouse and bin with the age and value of the FIFO layers',
    query: InventoryDetailQuery,
    response: InventoryDetailPage,
  }),
  exportInventoryDetail: endpoint({
    method: 'GET',
    path: '/api/warehouse-reports/inventory-detail/export',
    permission: 'view_warehouse',
    tag: 'reports',
    summary: 'The inventory detail report of a filter as an .xlsx file',
    query: InventoryDetailFilter,
    response: file,
  }),
  inventoryDetailLayers: endpoint({
    method: 'GET',
    path: '/api/warehouse-reports/inventory-detail/layers',
    permission: 'view_warehouse',
    tag: 'reports',
    summary: 'The open FIFO layers of one product in one warehouse',
    query: InventoryDetailLayersQuery,
    response: FifoValuePage,
  }),
  reportOptions: endpoint({
    method: 'GET',
    path: '/api/reports/options/:kind',
    permission: REPORT_PERMISSIONS,
    tag: 'reports',
    summary: "A report filter's choices: warehouses, brands or products found by code or name (at most 20)",
    params: z.object({ kind: z.enum(REPORT_OPTION_KINDS) }),
    query: ReportOptionsQuery,
    response: z.object({ items: z.array(ReportOption) }),
  }),
};
