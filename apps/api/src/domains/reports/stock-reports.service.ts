import {
  AGE_BUCKETS,
  type DailyLevelFilter,
  type DailyLevelPage,
  type DailyLevelQuery,
  type DailyLevelRow,
  type FifoGroupFilter,
  type FifoGroupPage,
  type FifoGroupQuery,
  type FifoGroupRow,
  type FifoLayerRow,
  type FifoValueFilter,
  type FifoValuePage,
  type FifoValueQuery,
  type StockAndValueFilter,
  type StockAndValuePage,
  type StockAndValueQuery,
  type StockAndValueRow,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Db } from '../../db/db.ts';
import { allRows, offsetOf, parseSort, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import { sendXlsx, ui, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../platform/xlsx.ts';
import { requestCheckpoints } from '../stock/index.ts';
import * as repo from './stock-reports.repository.ts';

/** The stock reports: stock and value as at a date, FIFO stock value (layers and groups), daily levels. */

const day = () => new Date().toISOString().slice(0, 10);

// ── Stock and value ──────────────────────────────────────────────────────────────────────────────

async function withDate<F extends StockAndValueFilter>(ctx: Pick<Ctx, 'db' | 'request'>, f: F) {
  // A month begun since the last as-at gets its checkpoint from a job (one indexed query when none is missing);
  // the answer is exact from the checkpoints there are, and does not wait for it.
  await requestCheckpoints(ctx.request.server, ctx.db);
  return { ...f, asAt: f.asAt ?? (await repo.londonToday(ctx.db)) };
}

export async function stockAndValue(ctx: Ctx, q: StockAndValueQuery): Promise<StockAndValuePage> {
  const db = ctx.db;
  const f = await withDate(ctx, q);
  const by = f.groupBy === 'warehouse' || f.groupBy === 'brand' ? f.groupBy : null;
  const { items, total, totals, groups } = await repo.stockAndValueReport(db, f, by, q.pageSize, offsetOf(q));
  return { ...toPage(items, total, q), asAt: f.asAt, totals, groups };
}

const STOCK_VALUE_COLUMNS: XlsxColumn<StockAndValueRow>[] = [
  { header: ui('reports:fields.sku'), width: 20, value: (r) => r.sku },
  { header: ui('reports:fields.name'), width: 40, value: (r) => r.name },
  { header: ui('reports:fields.brand'), width: 20, value: (r) => r.brand?.name ?? '' },
  { header: ui('reports:fields.warehouse'), width: 14, value: (r) => r.warehouse.code },
  { header: ui('reports:fields.unit'), width: 14, type: 'enum', labels: 'products:units', value: (r) => r.unit },
  { header: ui('reports:fields.onHand'), width: 12, type: 'quantity', value: (r) => r.onHand },
  { header: ui('reports:fields.inTransit'), width: 12, type: 'quantity', value: (r) => r.inTransit },
  { header: ui('reports:fields.value'), width: 14, type: 'money', value: (r) => r.value },
];

export async function exportStockAndValue(ctx: Ctx, filter: StockAndValueFilter) {
  const f = await withDate(ctx, filter);
  const rows = allRows(
    (offset, limit) => repo.stockAndValueRows(ctx.db, f, limit, offset),
    XLSX_EXPORT_MAX_ROWS,
    // Each chunk computes the balances as at the date again: few, large chunks.
    25_000,
  );
  return sendXlsx(ctx, `stock-and-value-${f.asAt}.xlsx`, STOCK_VALUE_COLUMNS, rows);
}

// ── FIFO stock value ─────────────────────────────────────────────────────────────────────────────

export async function fifoStockValue(db: Db, q: FifoValueQuery): Promise<FifoValuePage> {
  const today = await repo.londonToday(db);
  const [items, totals] = await Promise.all([
    repo.findLayers(db, q, today, q.pageSize, offsetOf(q)),
    repo.layerTotals(db, q),
  ]);
  return { ...toPage(items, totals.own.layers + totals.consigned.layers, q), today, totals };
}

const LAYER_COLUMNS: XlsxColumn<FifoLayerRow>[] = [
  { header: ui('reports:fields.sku'), width: 20, value: (r) => r.product.sku },
  { header: ui('reports:fields.name'), width: 36, value: (r) => r.product.name },
  { header: ui('reports:fields.brand'), width: 20, value: (r) => r.brand?.name ?? '' },
  { header: ui('reports:fields.warehouse'), width: 14, value: (r) => r.warehouse.code },
  { header: ui('reports:fields.inTransit'), width: 10, type: 'boolean', value: (r) => r.bucket === 'TRANSIT' },
  { header: ui('reports:fields.owner'), width: 16, value: (r) => r.owner?.code ?? '' },
  // A deficit's date is the day it arose; its quantity and provisional value are negative.
  { header: ui('reports:fields.deficit'), width: 10, type: 'boolean', value: (r) => r.isDeficit },
  { header: ui('reports:fields.receivedAt'), width: 12, type: 'date', value: (r) => r.receivedAt },
  { header: ui('reports:fields.age'), width: 10, type: 'number', places: 0, value: (r) => r.ageDays },
  {
    header: ui('reports:fields.ageBucket'),
    width: 14,
    type: 'enum',
    labels: 'reports:ageBuckets',
    value: (r) => r.ageBucket,
  },
  { header: ui('reports:fields.quantity'), width: 12, type: 'quantity', value: (r) => r.quantity },
  { header: ui('reports:fields.unitCost'), width: 14, type: 'money', places: 4, value: (r) => r.unitCost },
  { header: ui('reports:fields.value'), width: 14, type: 'money', value: (r) => r.value },
];

export async function exportFifoStockValue(ctx: Ctx, f: FifoValueFilter) {
  const today = await repo.londonToday(ctx.db);
  const rows = allRows((offset, limit) => repo.findLayers(ctx.db, f, today, limit, offset), XLSX_EXPORT_MAX_ROWS, 5000);
  return sendXlsx(ctx, `fifo-stock-value-${today}.xlsx`, LAYER_COLUMNS, rows);
}

export async function fifoStockValueGroups(db: Db, q: FifoGroupQuery): Promise<FifoGroupPage> {
  const [page, totals, today] = await Promise.all([
    repo.findLayerGroups(db, q, q.pageSize, offsetOf(q)),
    repo.layerTotals(db, q),
    repo.londonToday(db),
  ]);
  return { ...toPage(page.items, page.total, q), today, totals };
}

const GROUP_COLUMNS: XlsxColumn<FifoGroupRow>[] = [
  { header: ui('reports:fields.warehouse'), width: 14, value: (r) => r.warehouse.code },
  { header: ui('reports:fields.brand'), width: 20, value: (r) => r.brand?.name ?? '' },
  { header: ui('reports:fields.sku'), width: 20, value: (r) => r.product?.sku ?? '' },
  { header: ui('reports:fields.name'), width: 36, value: (r) => r.product?.name ?? '' },
  { header: ui('reports:fields.products'), width: 10, type: 'number', places: 0, value: (r) => r.products },
  { header: ui('reports:fields.layers'), width: 10, type: 'number', places: 0, value: (r) => r.layers },
  { header: ui('reports:fields.quantity'), width: 14, type: 'quantity', value: (r) => r.quantity },
  { header: ui('reports:fields.consigned'), width: 14, type: 'quantity', value: (r) => r.consignedQuantity },
  { header: ui('reports:fields.deficit'), width: 14, type: 'quantity', value: (r) => r.deficitQuantity },
  { header: ui('reports:fields.value'), width: 14, type: 'money', value: (r) => r.value },
  { header: ui('reports:fields.oldest'), width: 14, type: 'date', value: (r) => r.oldestReceivedAt },
  ...AGE_BUCKETS.map(
    (bucket, i): XlsxColumn<FifoGroupRow> => ({
      // The bucket's words as the report's columns say them (0–30 days, …), the value in pounds.
      header: ui(`reports:ageBuckets.${bucket}`),
      width: 14,
      type: 'money',
      value: (r) => r.bucketValues[i]?.value ?? '0',
    }),
  ),
];

export function exportFifoStockValueGroups(ctx: Ctx, f: FifoGroupFilter) {
  const rows = allRows(
    async (offset, limit) => (await repo.findLayerGroups(ctx.db, f, limit, offset)).items,
    XLSX_EXPORT_MAX_ROWS,
    5000,
  );
  return sendXlsx(ctx, `fifo-stock-value-groups-${day()}.xlsx`, GROUP_COLUMNS, rows);
}

/** One product's layers in one warehouse (the inventory detail report's drill-down). */
export async function productLayers(
  db: Db,
  q: { productId: string; warehouseId: string; page: number; pageSize: number },
) {
  return fifoStockValue(db, { ...q, sort: 'receivedAt' });
}

// ── Daily inventory level ────────────────────────────────────────────────────────────────────────

export async function dailyInventoryLevel(db: Db, q: DailyLevelQuery): Promise<DailyLevelPage> {
  const { rows, totals } = await repo.dailyLevels(db, q);
  const start = offsetOf(q);
  const days =
    parseSort(q.sort, { date: 'date' }, { column: 'date', direction: 'asc' }).direction === 'desc'
      ? rows.toReversed()
      : rows;
  return {
    ...toPage(days.slice(start, start + q.pageSize), rows.length, q),
    series: rows.map((r) => ({
      date: r.date,
      quantity: new Decimal(r.onHand).add(r.inTransit).toFixed(),
      value: r.value,
    })),
    totals,
  };
}

const DAILY_COLUMNS: XlsxColumn<DailyLevelRow>[] = [
  { header: ui('reports:fields.date'), width: 12, type: 'date', value: (r) => r.date },
  { header: ui('reports:fields.onHand'), width: 12, type: 'quantity', value: (r) => r.onHand },
  { header: ui('reports:fields.inTransit'), width: 12, type: 'quantity', value: (r) => r.inTransit },
  { header: ui('reports:fields.value'), width: 14, type: 'money', value: (r) => r.value },
  { header: ui('reports:fields.received'), width: 12, type: 'quantity', value: (r) => r.received },
  { header: ui('reports:fields.issued'), width: 12, type: 'quantity', value: (r) => r.issued },
];

export async function exportDailyInventoryLevel(ctx: Ctx, f: DailyLevelFilter) {
  const { rows } = await repo.dailyLevels(ctx.db, f);
  return sendXlsx(ctx, `daily-inventory-level-${f.from}-${f.to}.xlsx`, DAILY_COLUMNS, rows);
}

export function reportOptions(db: Db, kind: 'warehouses' | 'brands' | 'products', q: { q?: string; id?: string }) {
  return repo.reportOptions(db, kind, q.q, q.id).then((items) => ({ items }));
}
