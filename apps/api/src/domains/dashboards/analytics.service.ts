import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_TOP_PRODUCTS,
  type AnalyticsBreakdownFilter,
  type AnalyticsBreakdownPage,
  type AnalyticsBreakdownQuery,
  type AnalyticsDimension,
  type AnalyticsFigures,
  type AnalyticsFilter,
  type AnalyticsPeriod,
  type AnalyticsPoint,
  type AnalyticsRow,
  type AnalyticsSummary,
  type AnalyticsTableFilter,
  type SalesChannel,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addDays, todayInLondon } from '../../platform/business-day.ts';
import { badRequest } from '../../platform/errors.ts';
import { offsetOf, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import { type UiLanguage, uiText } from '../../platform/ui-words.ts';
import { exportLanguage, sendXlsx, ui, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../platform/xlsx.ts';
import { layerAges } from '../reports/index.ts';
import * as repo from './analytics.repository.ts';
import { reused } from './reuse.ts';

/** Analytics: the figures of a range against the previous one, the series, the breakdowns, ageing and exports. */

type Db = Kysely<Database>;

// ── Days and ranges ──────────────────────────────────────────────────────────────────────────────

const toUtc = (day: string) => {
  const [y = 0, m = 0, d = 0] = day.split('-').map((part) => Number.parseInt(part, 10));
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date : undefined;
};
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  ((toUtc(to) as Date).getTime() - (toUtc(from) as Date).getTime()) / 86_400_000;

/** The first day of the day's period: itself, its ISO week's Monday, its month's first. */
function periodStart(period: AnalyticsPeriod, day: string): string {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 8)}01`;
  const weekday = ((toUtc(day) as Date).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}
function periodEnd(period: AnalyticsPeriod, start: string): string {
  if (period === 'day') return start;
  if (period === 'week') return addDays(start, 6);
  const date = toUtc(start) as Date;
  return dayOf(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)));
}

export interface AnalyticsRange {
  period: AnalyticsPeriod;
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

const invalid = (path: string, message: string) =>
  badRequest('VALIDATION_FAILED', message, { issues: [{ path: `query.${path}`, message }] });

/** The range of a filter (the current period to today when none is given) and the previous one of equal length. */
export function rangeOf(f: AnalyticsFilter): AnalyticsRange {
  const period = f.period ?? 'month';
  for (const key of ['from', 'to'] as const) {
    const value = f[key];
    if (value !== undefined && !toUtc(value)) throw invalid(key, `${value} is not a day of the calendar.`);
  }
  const today = todayInLondon();
  const to = f.to ?? (f.from && f.from > today ? f.from : today);
  const from = f.from ?? periodStart(period, to);
  const length = daysBetween(from, to) + 1;
  if (length < 1) throw invalid('to', `The range ends (${to}) before it starts (${from}).`);
  if (length > ANALYTICS_MAX_DAYS)
    throw invalid('from', `A range covers at most ${ANALYTICS_MAX_DAYS} days; ${from} to ${to} is ${length}.`);
  const previousTo = addDays(from, -1);
  return { period, from, to, previousFrom: addDays(previousTo, -(length - 1)), previousTo };
}

// ── Figures ──────────────────────────────────────────────────────────────────────────────────────

const ZERO = new Decimal(0);
const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);
const percent = (part: Decimal, whole: Decimal) => (whole.isZero() ? null : part.div(whole).mul(100).toFixed(2));

function marginOf(s: { sales_net: string; cogs: string; returned_cost: string }) {
  const sales = new Decimal(s.sales_net);
  const cogs = new Decimal(s.cogs).sub(s.returned_cost);
  return { sales, cogs, margin: sales.sub(cogs) };
}

function figuresOf(s: repo.FactSums, opening: string, closing: string): AnalyticsFigures {
  const { sales, cogs, margin } = marginOf(s);
  const shipped = new Decimal(s.units_shipped);
  const returned = new Decimal(s.units_returned);
  const average = new Decimal(opening).add(closing).div(2);
  return {
    salesNet: money(sales),
    vat: money(s.vat),
    issuedCost: money(s.cogs),
    returnedCost: money(s.returned_cost),
    cogs: money(cogs),
    margin: money(margin),
    marginPercent: percent(margin, sales),
    unitsShipped: shipped.toFixed(),
    unitsReturned: returned.toFixed(),
    returnsRate: percent(returned, shipped),
    openingStockValue: money(opening),
    closingStockValue: money(closing),
    averageStockValue: money(average),
    stockTurn: average.isZero() ? null : cogs.div(average).toFixed(2),
  };
}

function drillOf(
  dimension: AnalyticsDimension,
  key: string,
  range: AnalyticsRange,
  f: AnalyticsFilter,
): AnalyticsRow['drill'] {
  const filter = {
    ...(f.channel ? { channel: f.channel } : {}),
    ...(f.brandId ? { brandId: f.brandId } : {}),
    ...(f.warehouseId ? { warehouseId: f.warehouseId } : {}),
  };
  if (dimension === 'channel') filter.channel = key as SalesChannel;
  if (dimension === 'brand' && key) filter.brandId = key;
  if (dimension === 'warehouse') filter.warehouseId = key;
  return {
    salesInvoices: {
      status: 'PROCESSED',
      ...(filter.channel ? { channel: filter.channel } : {}),
      ...(filter.warehouseId ? { warehouseId: filter.warehouseId } : {}),
      from: range.from,
      to: range.to,
    },
    filter,
    ...(dimension === 'product' ? { productId: key } : {}),
  };
}

function rowOf(
  dimension: AnalyticsDimension,
  r: repo.BreakdownDbRow,
  range: AnalyticsRange,
  f: AnalyticsFilter,
): AnalyticsRow {
  const { sales, cogs, margin } = marginOf(r);
  const previous = marginOf({
    sales_net: r.previous_sales_net,
    cogs: r.previous_cogs,
    returned_cost: r.previous_returned_cost,
  });
  const shipped = new Decimal(r.units_shipped);
  const returned = new Decimal(r.units_returned);
  return {
    dimension,
    key: r.key,
    code: r.code,
    name: r.name,
    salesNet: money(sales),
    vat: money(r.vat),
    cogs: money(cogs),
    margin: money(margin),
    marginPercent: percent(margin, sales),
    unitsShipped: shipped.toFixed(),
    unitsReturned: returned.toFixed(),
    returnsRate: percent(returned, shipped),
    previousSalesNet: money(previous.sales),
    previousMargin: money(previous.margin),
    drill: drillOf(dimension, r.key, range, f),
  };
}

/** Every bucket of the range (a day, a week, a month, clipped to it), those without facts at zero. */
async function seriesOf(db: Db, range: AnalyticsRange, f: AnalyticsFilter): Promise<AnalyticsPoint[]> {
  const rows = await repo.factSeries(db, range.period, range.from, range.to, f);
  const byStart = new Map(rows.map((r) => [r.start, r]));
  const points: AnalyticsPoint[] = [];
  for (let start = periodStart(range.period, range.from); start <= range.to; ) {
    const end = periodEnd(range.period, start);
    const r = byStart.get(start);
    const { sales, cogs, margin } = r ? marginOf(r) : { sales: ZERO, cogs: ZERO, margin: ZERO };
    points.push({
      // biome-ignore lint/complexity/useMathMinMax: ISO days compare as text; Math.max would make them NaN
      start: start < range.from ? range.from : start,
      // biome-ignore lint/complexity/useMathMinMax: ISO days compare as text; Math.min would make them NaN
      end: end > range.to ? range.to : end,
      salesNet: money(sales),
      cogs: money(cogs),
      margin: money(margin),
      marginPercent: percent(margin, sales),
      unitsShipped: new Decimal(r?.units_shipped ?? 0).toFixed(),
      unitsReturned: new Decimal(r?.units_returned ?? 0).toFixed(),
    });
    start = addDays(end, 1);
  }
  return points;
}

/** The top and bottom products by margin over the range, each with its figures and the previous range's. */
async function productsRanked(db: Db, range: AnalyticsRange, f: AnalyticsFilter) {
  const ranked = await repo.productsByMargin(db, range.from, range.to, f, ANALYTICS_TOP_PRODUCTS);
  const rowsOf = async (productIds: string[], sort: string) => {
    if (!productIds.length) return [];
    const { rows } = await repo.factBreakdown(db, {
      dimension: 'product',
      ...range,
      filter: f,
      sort,
      limit: productIds.length,
      offset: 0,
      productIds,
    });
    return rows.map((r) => rowOf('product', r, range, f));
  };
  const [top, bottom] = await Promise.all([rowsOf(ranked.top, '-margin'), rowsOf(ranked.bottom, 'margin')]);
  return { top, bottom };
}

/** The range's figures by channel, largest sales first. */
async function channelsOf(db: Db, range: AnalyticsRange, f: AnalyticsFilter) {
  const { rows } = await repo.factBreakdown(db, {
    dimension: 'channel',
    ...range,
    filter: f,
    sort: '-salesNet',
    limit: 100,
    offset: 0,
  });
  return rows.map((r) => rowOf('channel', r, range, f));
}

/** The stock on hand now by age, whatever the range: reused for half a minute per warehouse and brand. */
function ageingOf(db: Db, f: AnalyticsFilter) {
  const stock = { warehouseId: f.warehouseId, brandId: f.brandId };
  return reused(db, `ageing:${f.warehouseId ?? ''}:${f.brandId ?? ''}`, () => layerAges(db, stock));
}

export async function analyticsSummary(db: Db, f: AnalyticsFilter): Promise<AnalyticsSummary> {
  const range = rangeOf(f);
  const stock = { warehouseId: f.warehouseId, brandId: f.brandId };
  const [current, previous, opening, closing, previousOpening, series, byChannel, ageing, products] = await Promise.all(
    [
      repo.factTotals(db, range.from, range.to, f),
      repo.factTotals(db, range.previousFrom, range.previousTo, f),
      repo.stockValueAt(db, range.previousTo, stock),
      repo.stockValueAt(db, range.to, stock),
      repo.stockValueAt(db, addDays(range.previousFrom, -1), stock),
      seriesOf(db, range, f),
      channelsOf(db, range, f),
      ageingOf(db, f),
      productsRanked(db, range, f),
    ],
  );
  return {
    ...range,
    current: figuresOf(current, opening, closing),
    previous: figuresOf(previous, previousOpening, opening),
    series,
    byChannel,
    ageing,
    topProducts: products.top,
    bottomProducts: products.bottom,
  };
}

/**
 * A page of products: which products and how many from the ranking over the range, then their figures (and the
 * previous range's) read for those products only, in the ranking's order.
 */
async function productBreakdown(db: Db, q: AnalyticsBreakdownQuery, range: AnalyticsRange) {
  const page = await repo.productPage(db, {
    ...range,
    filter: q,
    sort: q.sort,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  if (!page.productIds.length) return { rows: [], total: page.total };
  const { rows } = await repo.factBreakdown(db, {
    dimension: 'product',
    ...range,
    filter: q,
    sort: q.sort,
    limit: page.productIds.length,
    offset: 0,
    productIds: page.productIds,
  });
  const at = new Map(page.productIds.map((id, i) => [id, i]));
  return { rows: rows.sort((a, b) => (at.get(a.key) ?? 0) - (at.get(b.key) ?? 0)), total: page.total };
}

export async function analyticsBreakdown(db: Db, q: AnalyticsBreakdownQuery): Promise<AnalyticsBreakdownPage> {
  const range = rangeOf(q);
  const { rows, total } =
    q.dimension === 'product'
      ? await productBreakdown(db, q, range)
      : await repo.factBreakdown(db, {
          dimension: q.dimension,
          ...range,
          filter: q,
          sort: q.sort,
          limit: q.pageSize,
          offset: offsetOf(q),
        });
  return {
    ...toPage(
      rows.map((r) => rowOf(q.dimension, r, range, q)),
      total,
      q,
    ),
    from: range.from,
    to: range.to,
    previousFrom: range.previousFrom,
    previousTo: range.previousTo,
  };
}

// ── Exports ──────────────────────────────────────────────────────────────────────────────────────

const field = (key: string) => ui(`dashboards:analytics.fields.${key}`);

const ROW_COLUMNS: XlsxColumn<AnalyticsRow>[] = [
  { header: field('code'), width: 20, value: (r) => r.code },
  { header: field('name'), width: 36, value: (r) => r.name },
  { header: field('salesNet'), width: 14, type: 'money', value: (r) => r.salesNet },
  { header: field('vat'), width: 12, type: 'money', value: (r) => r.vat },
  { header: field('cogs'), width: 14, type: 'money', value: (r) => r.cogs },
  { header: field('margin'), width: 14, type: 'money', value: (r) => r.margin },
  { header: field('marginPercent'), width: 10, type: 'number', places: 2, suffix: ' %', value: (r) => r.marginPercent },
  { header: field('unitsShipped'), width: 12, type: 'quantity', value: (r) => r.unitsShipped },
  { header: field('unitsReturned'), width: 12, type: 'quantity', value: (r) => r.unitsReturned },
  { header: field('returnsRate'), width: 10, type: 'number', places: 2, suffix: ' %', value: (r) => r.returnsRate },
  { header: field('previousSalesNet'), width: 14, type: 'money', value: (r) => r.previousSalesNet },
  { header: field('previousMargin'), width: 14, type: 'money', value: (r) => r.previousMargin },
];

export async function exportAnalyticsBreakdown(ctx: Ctx, f: AnalyticsBreakdownFilter) {
  const range = rangeOf(f);
  const { rows } = await repo.factBreakdown(ctx.db, {
    dimension: f.dimension,
    ...range,
    filter: f,
    sort: f.sort,
    limit: XLSX_EXPORT_MAX_ROWS,
    offset: 0,
    // Products as the page lists them: those with figures in the range.
    currentOnly: f.dimension === 'product',
  });
  return sendXlsx(
    ctx,
    `analytics-${f.dimension}-${range.from}-${range.to}.xlsx`,
    ROW_COLUMNS,
    rows.map((r) => rowOf(f.dimension, r, range, f)),
  );
}

const POINT_COLUMNS: XlsxColumn<AnalyticsPoint>[] = [
  { header: field('start'), width: 12, type: 'date', value: (r) => r.start },
  { header: field('end'), width: 12, type: 'date', value: (r) => r.end },
  { header: field('salesNet'), width: 14, type: 'money', value: (r) => r.salesNet },
  { header: field('cogs'), width: 14, type: 'money', value: (r) => r.cogs },
  { header: field('margin'), width: 14, type: 'money', value: (r) => r.margin },
  { header: field('marginPercent'), width: 10, type: 'number', places: 2, suffix: ' %', value: (r) => r.marginPercent },
  { header: field('unitsShipped'), width: 12, type: 'quantity', value: (r) => r.unitsShipped },
  { header: field('unitsReturned'), width: 12, type: 'quantity', value: (r) => r.unitsReturned },
];

export async function exportAnalyticsSeries(ctx: Ctx, f: AnalyticsFilter) {
  const range = rangeOf(f);
  const points = await seriesOf(ctx.db, range, f);
  return sendXlsx(ctx, `analytics-${range.period}-${range.from}-${range.to}.xlsx`, POINT_COLUMNS, points);
}

const ageingColumns = (language: UiLanguage): XlsxColumn<AnalyticsSummary['ageing'][number]>[] => [
  {
    header: ui('dashboards:analytics.ageBucket'),
    width: 16,
    value: (r) => uiText(language, `dashboards:analytics.ageBuckets.${r.bucket}`) ?? r.bucket,
  },
  { header: field('quantity'), width: 14, type: 'quantity', value: (r) => r.quantity },
  { header: field('value'), width: 16, type: 'money', value: (r) => r.value },
];

/** One table of the summary (by channel, ageing, top or bottom products), as the page shows it. */
export async function exportAnalyticsTable(ctx: Ctx, f: AnalyticsTableFilter) {
  const range = rangeOf(f);
  const name = `analytics-${f.table}-${range.from}-${range.to}.xlsx`;
  if (f.table === 'ageing') return sendXlsx(ctx, name, ageingColumns(exportLanguage(ctx)), await ageingOf(ctx.db, f));
  if (f.table === 'byChannel') return sendXlsx(ctx, name, ROW_COLUMNS, await channelsOf(ctx.db, range, f));
  const products = await productsRanked(ctx.db, range, f);
  return sendXlsx(ctx, name, ROW_COLUMNS, f.table === 'topProducts' ? products.top : products.bottom);
}
