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
import { allRows, offsetOf, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import { numberCell, sendXlsx, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../platform/xlsx.ts';
import * as repo from './stock-reports.repository.ts';

/** The stock reports: stock and value as at a date, FIFO stock value (layers and groups), daily levels. */

const day = () => new Date().toISOString().slice(0, 10);

// ── Stock and value ──────────────────────────────────────────────────────────────────────────────

async function withDate<F extends StockAndValueFilter>(db: Db, f: F) {
  return { ...f, asAt: f.asAt ?? (await repo.londonToday(db)) };
}

export async function stockAndValue(db: Db, q: StockAndValueQuery): Promise<StockAndValuePage> {
  const f = await withDate(db, q);
  const by = f.groupBy === 'warehouse' || f.groupBy === 'brand' ? f.groupBy : null;
  const { items, total, totals, groups } = await repo.stockAndValueReport(db, f, by, q.pageSize, offsetOf(q));
  return { ...toPage(items, total, q), asAt: f.asAt, totals, groups };
}

const STOCK_VALUE_COLUMNS: XlsxColumn<StockAndValueRow>[] = [
  { header: 'SKU', width: 20, value: (r) => r.sku },
  { header: 'Name', width: 40, value: (r) => r.name },
  { header: 'Brand', width: 14, value: (r) => r.brand?.code ?? '' },
  { header: 'Warehouse', width: 14, value: (r) => r.warehouse.code },
  { header: 'Unit', width: 10, value: (r) => r.unit },
  { header: 'On hand', width: 12, value: (r) => numberCell(r.onHand) },
  { header: 'In transit', width: 12, value: (r) => numberCell(r.inTransit) },
  { header: 'Value (GBP)', width: 14, value: (r) => numberCell(r.value) },
];

export async function exportStockAndValue(ctx: Ctx, filter: StockAndValueFilter) {
  const f = await withDate(ctx.db, filter);
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
  { header: 'SKU', width: 20, value: (r) => r.product.sku },
  { header: 'Name', width: 36, value: (r) => r.product.name },
  { header: 'Brand', width: 14, value: (r) => r.brand?.code ?? '' },
  { header: 'Warehouse', width: 14, value: (r) => r.warehouse.code },
  { header: 'In transit', width: 10, value: (r) => (r.bucket === 'TRANSIT' ? 'yes' : '') },
  { header: 'Consigned by', width: 16, value: (r) => r.owner?.code ?? '' },
  // A deficit's date is the day it arose; its quantity and provisional value are negative.
  { header: 'Deficit', width: 10, value: (r) => (r.isDeficit ? 'yes' : '') },
  { header: 'Received', width: 12, value: (r) => r.receivedAt.slice(0, 10) },
  { header: 'Age (days)', width: 10, value: (r) => r.ageDays },
  { header: 'Age bucket', width: 12, value: (r) => r.ageBucket },
  { header: 'Quantity', width: 12, value: (r) => numberCell(r.quantity) },
  { header: 'Unit cost (GBP)', width: 14, value: (r) => numberCell(r.unitCost) },
  { header: 'Value (GBP)', width: 14, value: (r) => numberCell(r.value) },
  { header: 'Layer', width: 14, value: (r) => `${r.movementId}#${r.seq}` },
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
  { header: 'Warehouse', width: 14, value: (r) => r.warehouse.code },
  { header: 'Brand', width: 14, value: (r) => r.brand?.code ?? '' },
  { header: 'SKU', width: 20, value: (r) => r.product?.sku ?? '' },
  { header: 'Name', width: 36, value: (r) => r.product?.name ?? '' },
  { header: 'Products', width: 10, value: (r) => r.products },
  { header: 'Layers', width: 10, value: (r) => r.layers },
  { header: 'Quantity (own)', width: 14, value: (r) => numberCell(r.quantity) },
  { header: 'Quantity (consigned)', width: 14, value: (r) => numberCell(r.consignedQuantity) },
  { header: 'Quantity (deficit)', width: 14, value: (r) => numberCell(r.deficitQuantity) },
  { header: 'Value (GBP)', width: 14, value: (r) => numberCell(r.value) },
  { header: 'Oldest received', width: 14, value: (r) => r.oldestReceivedAt.slice(0, 10) },
  ...AGE_BUCKETS.map(
    (bucket, i): XlsxColumn<FifoGroupRow> => ({
      header: `Value ${bucket.slice(1).replace('_PLUS', '+').replace('_', '–')} days`,
      width: 14,
      value: (r) => numberCell(r.bucketValues[i]?.value ?? '0'),
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
  return {
    ...toPage(rows.slice(start, start + q.pageSize), rows.length, q),
    series: rows.map((r) => ({
      date: r.date,
      quantity: new Decimal(r.onHand).add(r.inTransit).toFixed(),
      value: r.value,
    })),
    totals,
  };
}

const DAILY_COLUMNS: XlsxColumn<DailyLevelRow>[] = [
  { header: 'Date', width: 12, value: (r) => r.date },
  { header: 'On hand', width: 12, value: (r) => numberCell(r.onHand) },
  { header: 'In transit', width: 12, value: (r) => numberCell(r.inTransit) },
  { header: 'Value (GBP)', width: 14, value: (r) => numberCell(r.value) },
  { header: 'Received', width: 12, value: (r) => numberCell(r.received) },
  { header: 'Issued', width: 12, value: (r) => numberCell(r.issued) },
];

export async function exportDailyInventoryLevel(ctx: Ctx, f: DailyLevelFilter) {
  const { rows } = await repo.dailyLevels(ctx.db, f);
  return sendXlsx(ctx, `daily-inventory-level-${f.from}-${f.to}.xlsx`, DAILY_COLUMNS, rows);
}

export function reportOptions(db: Db, kind: 'warehouses' | 'brands' | 'products', q: { q?: string; id?: string }) {
  return repo.reportOptions(db, kind, q.q, q.id).then((items) => ({ items }));
}
