import { z } from 'zod';
import { SalesChannel } from '../master-data/enumerations.ts';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate, PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { AgeBucket } from '../reports/stock-reports.ts';

/**
 * Analytics (/dashboard/management-dashboard, powerbi_dashboard_view): sales, cost of goods sold, margin, returns
 * and stock turn by period, channel, brand, warehouse and product, each against the previous period of equal length.
 *
 * The rule of what counts:
 * - A sale is a sales invoice once shipped (PROCESSED), on the London day of its shipment: that is when its units
 *   leave at FIFO cost (the ledger's ISSUE rows), so sales and their cost fall on the same day. Booked or packed
 *   invoices are orders, not sales. Sales are net of VAT, in GBP (each line's net × the invoice's rate, to the
 *   penny); shipping charges are not product sales and are left out. Credit notes do not reduce sales here.
 * - Cost of goods sold is the value of the invoices' ISSUE rows (revaluations of those rows included), less the
 *   value of the RETURN rows of return tickets received (the cost the units come back at), on the day received,
 *   plus the sold units' share of landed costs and price differences posted after they left (cost of sales
 *   adjustments, on the day of the change, split over the invoices' ISSUE rows it names by their quantities).
 * - Returns rate: units returned (tickets received in the period) ÷ units shipped in the period.
 * - Stock turn: cost of goods sold ÷ the average of the stock value at the period's start and end (the ledger's
 *   as-at value, over the warehouse and brand filter: stock belongs to no channel).
 * - Ageing: the FIFO layers on hand now by age (as the FIFO stock value report), over warehouse and brand.
 * Figures are read from `analytics_daily_facts` and its totals without the product (`analytics_daily_totals`), kept
 * by the outbox as invoices ship and tickets are received.
 */

export const ANALYTICS_PERIODS = ['day', 'week', 'month'] as const;
export const AnalyticsPeriod = z.enum(ANALYTICS_PERIODS);
export type AnalyticsPeriod = z.infer<typeof AnalyticsPeriod>;

export const ANALYTICS_DIMENSIONS = ['channel', 'brand', 'warehouse', 'product'] as const;
export const AnalyticsDimension = z.enum(ANALYTICS_DIMENSIONS);
export type AnalyticsDimension = z.infer<typeof AnalyticsDimension>;

/** The longest range, in days (both ends included). */
export const ANALYTICS_MAX_DAYS = 731;
/** How many products the top and bottom lists hold. */
export const ANALYTICS_TOP_PRODUCTS = 10;

/**
 * The filter every analytics endpoint takes. `period` is the grain of the series; without `from` and `to` the range
 * is the current period to today (today, this week from Monday, this month). The previous period is the range of
 * equal length that ends the day before `from`. A range that ends before it starts, is longer than ANALYTICS_MAX_DAYS
 * or names a day the calendar lacks is refused with 400 VALIDATION_FAILED.
 */
export const AnalyticsFilter = z.object({
  period: AnalyticsPeriod.default('month'),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  channel: SalesChannel.optional(),
  brandId: Uuid.optional(),
  warehouseId: Uuid.optional(),
});
export type AnalyticsFilter = z.infer<typeof AnalyticsFilter>;

/** The tables of the summary, each exported on its own. */
export const ANALYTICS_TABLES = ['byChannel', 'ageing', 'topProducts', 'bottomProducts'] as const;
export const AnalyticsTable = z.enum(ANALYTICS_TABLES);
export type AnalyticsTable = z.infer<typeof AnalyticsTable>;
export const AnalyticsTableFilter = AnalyticsFilter.extend({ table: AnalyticsTable });
export type AnalyticsTableFilter = z.infer<typeof AnalyticsTableFilter>;

/** The figures of one range. Money GBP with 2 places; rates and percentages decimal text; null where ÷ 0. */
export const AnalyticsFigures = z.object({
  salesNet: z.string(),
  vat: z.string(),
  /** Value of the units shipped (ISSUE rows), with the later cost adjustments of units sold. */
  issuedCost: z.string(),
  /** Value of the units returned (RETURN rows). */
  returnedCost: z.string(),
  /** issuedCost − returnedCost. */
  cogs: z.string(),
  /** salesNet − cogs. */
  margin: z.string(),
  /** margin ÷ salesNet × 100, 2 places. */
  marginPercent: z.string().nullable(),
  unitsShipped: z.string(),
  unitsReturned: z.string(),
  /** unitsReturned ÷ unitsShipped × 100, 2 places. */
  returnsRate: z.string().nullable(),
  openingStockValue: z.string(),
  closingStockValue: z.string(),
  averageStockValue: z.string(),
  /** cogs ÷ averageStockValue, 2 places. */
  stockTurn: z.string().nullable(),
});
export type AnalyticsFigures = z.infer<typeof AnalyticsFigures>;

/** One point of the series (a day, an ISO week from its Monday, a month), clipped to the range. */
export const AnalyticsPoint = z.object({
  start: IsoDate,
  end: IsoDate,
  salesNet: z.string(),
  cogs: z.string(),
  margin: z.string(),
  marginPercent: z.string().nullable(),
  unitsShipped: z.string(),
  unitsReturned: z.string(),
});
export type AnalyticsPoint = z.infer<typeof AnalyticsPoint>;

/**
 * What the list screens need to open the records behind a row: the sales invoice list's filters (shipped invoices;
 * its dates are invoice days, which may precede the shipping day) and the analytics filter narrowed to the row.
 */
export const AnalyticsDrill = z.object({
  salesInvoices: z.object({
    status: z.literal('PROCESSED'),
    channel: SalesChannel.optional(),
    warehouseId: Uuid.optional(),
    from: IsoDate,
    to: IsoDate,
  }),
  filter: z.object({
    channel: SalesChannel.optional(),
    brandId: Uuid.optional(),
    warehouseId: Uuid.optional(),
  }),
  productId: Uuid.optional(),
});
export type AnalyticsDrill = z.infer<typeof AnalyticsDrill>;

export const AnalyticsRow = z.object({
  dimension: AnalyticsDimension,
  /** The channel's code, or the brand's, warehouse's or product's id ('' for products without a brand). */
  key: z.string(),
  /** Channel code, brand or warehouse code, SKU. */
  code: z.string(),
  name: z.string(),
  salesNet: z.string(),
  vat: z.string(),
  cogs: z.string(),
  margin: z.string(),
  marginPercent: z.string().nullable(),
  unitsShipped: z.string(),
  unitsReturned: z.string(),
  returnsRate: z.string().nullable(),
  previousSalesNet: z.string(),
  previousMargin: z.string(),
  drill: AnalyticsDrill,
});
export type AnalyticsRow = z.infer<typeof AnalyticsRow>;

export const AnalyticsAgeing = z.object({
  bucket: AgeBucket,
  quantity: z.string(),
  value: z.string(),
});

export const AnalyticsSummary = z.object({
  period: AnalyticsPeriod,
  from: IsoDate,
  to: IsoDate,
  previousFrom: IsoDate,
  previousTo: IsoDate,
  current: AnalyticsFigures,
  previous: AnalyticsFigures,
  series: z.array(AnalyticsPoint),
  byChannel: z.array(AnalyticsRow),
  ageing: z.array(AnalyticsAgeing),
  /** Top and bottom products by margin in the range (at most ANALYTICS_TOP_PRODUCTS each). */
  topProducts: z.array(AnalyticsRow),
  bottomProducts: z.array(AnalyticsRow),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummary>;

export const AnalyticsBreakdownFilter = AnalyticsFilter.extend({
  dimension: AnalyticsDimension.default('channel'),
  /** code, name, salesNet, cogs, margin, marginPercent, unitsShipped, unitsReturned, returnsRate (or -field). */
  sort: PageQuery.shape.sort,
});
export type AnalyticsBreakdownFilter = z.infer<typeof AnalyticsBreakdownFilter>;
export const AnalyticsBreakdownQuery = PageQuery.omit({ q: true }).extend(AnalyticsBreakdownFilter.shape);
export type AnalyticsBreakdownQuery = z.infer<typeof AnalyticsBreakdownQuery>;
export const AnalyticsBreakdownPage = pageOf(AnalyticsRow).extend({
  from: IsoDate,
  to: IsoDate,
  previousFrom: IsoDate,
  previousTo: IsoDate,
});
export type AnalyticsBreakdownPage = z.infer<typeof AnalyticsBreakdownPage>;

const file = z.unknown();

export const analyticsApi = {
  analyticsSummary: endpoint({
    method: 'GET',
    path: '/api/analytics/summary',
    permission: 'powerbi_dashboard_view',
    tag: 'dashboards',
    summary: 'Sales, cost of goods sold, margin, returns and stock turn of a range against the previous one',
    query: AnalyticsFilter,
    response: AnalyticsSummary,
  }),
  analyticsBreakdown: endpoint({
    method: 'GET',
    path: '/api/analytics/breakdown',
    permission: 'powerbi_dashboard_view',
    tag: 'dashboards',
    summary: 'The figures by channel, brand, warehouse or product, sortable and paged',
    query: AnalyticsBreakdownQuery,
    response: AnalyticsBreakdownPage,
  }),
  exportAnalyticsBreakdown: endpoint({
    method: 'GET',
    path: '/api/analytics/breakdown/export',
    permission: 'powerbi_dashboard_view',
    tag: 'dashboards',
    summary: 'A breakdown as an .xlsx file',
    query: AnalyticsBreakdownFilter,
    response: file,
  }),
  exportAnalyticsTable: endpoint({
    method: 'GET',
    path: '/api/analytics/tables/export',
    permission: 'powerbi_dashboard_view',
    tag: 'dashboards',
    summary: 'One of the summary’s tables (by channel, ageing, top or bottom products) as an .xlsx file',
    query: AnalyticsTableFilter,
    response: file,
  }),
  exportAnalyticsSeries: endpoint({
    method: 'GET',
    path: '/api/analytics/series/export',
    permission: 'powerbi_dashboard_view',
    tag: 'dashboards',
    summary: 'The figures per day, week or month of a range as an .xlsx file',
    query: AnalyticsFilter,
    response: file,
  }),
};
