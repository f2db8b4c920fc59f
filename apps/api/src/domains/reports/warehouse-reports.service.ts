import type {
  InventoryDetailFilter,
  InventoryDetailPage,
  InventoryDetailQuery,
  InventoryDetailRow,
  ReplenishmentFilter,
  ReplenishmentPage,
  ReplenishmentQuery,
  ReplenishmentRow,
  StockQuantityFilter,
  StockQuantityPage,
  StockQuantityQuery,
  StockQuantityRow,
} from '@backoffice/contracts';
import type { Db } from '../../db/db.ts';
import { allRows, offsetOf, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import { numberCell, sendXlsx, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../platform/xlsx.ts';
import * as repo from './warehouse-reports.repository.ts';

/** The warehouse reports: replenishment, stock quantity per warehouse, inventory detail by bin. */

const DEFAULT_DAYS = 30;
const DEFAULT_LEAD_DAYS = 14;

const day = () => new Date().toISOString().slice(0, 10);

// ── Replenishment ────────────────────────────────────────────────────────────────────────────────

const paramsOf = (f: ReplenishmentFilter): repo.ReplenishmentParams => ({
  ...f,
  days: f.days ?? DEFAULT_DAYS,
  leadDays: f.leadDays ?? DEFAULT_LEAD_DAYS,
});

export async function replenishment(db: Db, q: ReplenishmentQuery): Promise<ReplenishmentPage> {
  const p = paramsOf(q);
  const page = await repo.findReplenishment(db, p, q.pageSize, offsetOf(q));
  const { total, totals } = page.totals
    ? { total: page.total, totals: page.totals }
    : await repo.replenishmentTotals(db, p);
  return {
    ...toPage(page.items, total, q),
    days: p.days,
    leadDays: p.leadDays,
    totals: { suggestedQuantity: totals.quantity, suggestedValue: totals.value },
  };
}

const REPLENISHMENT_COLUMNS: XlsxColumn<ReplenishmentRow>[] = [
  { header: 'SKU', width: 20, value: (r) => r.sku },
  { header: 'Name', width: 36, value: (r) => r.name },
  { header: 'Brand', width: 14, value: (r) => r.brand?.code ?? '' },
  { header: 'Warehouse', width: 14, value: (r) => r.warehouse.code },
  { header: 'Unit', width: 10, value: (r) => r.unit },
  { header: 'Available', width: 12, value: (r) => numberCell(r.available) },
  { header: 'In transit', width: 12, value: (r) => numberCell(r.inTransit) },
  { header: 'Reorder point', width: 12, value: (r) => numberCell(r.reorderPoint) },
  { header: 'Reorder quantity', width: 12, value: (r) => numberCell(r.reorderQuantity) },
  { header: 'Sold in period', width: 12, value: (r) => numberCell(r.sold) },
  { header: 'Sold per day', width: 12, value: (r) => numberCell(r.velocity) },
  { header: 'Days of cover', width: 12, value: (r) => (r.daysOfCover === null ? null : numberCell(r.daysOfCover)) },
  { header: 'Suggested quantity', width: 14, value: (r) => numberCell(r.suggestedQuantity) },
  { header: 'Suggested value (GBP)', width: 14, value: (r) => numberCell(r.suggestedValue) },
];

export function exportReplenishment(ctx: Ctx, f: ReplenishmentFilter) {
  const p = paramsOf(f);
  const rows = allRows(
    async (offset, limit) => (await repo.findReplenishment(ctx.db, p, limit, offset)).items,
    XLSX_EXPORT_MAX_ROWS,
    5000,
  );
  return sendXlsx(ctx, `replenishment-${day()}.xlsx`, REPLENISHMENT_COLUMNS, rows);
}

// ── Stock quantity per warehouse ─────────────────────────────────────────────────────────────────

export async function stockQuantity(db: Db, q: StockQuantityQuery): Promise<StockQuantityPage> {
  const [page, columns] = await Promise.all([
    repo.findStockQuantities(db, q, q.pageSize, offsetOf(q)),
    repo.stockQuantityColumns(db, q),
  ]);
  return { ...toPage(page.items, page.total, q), ...columns };
}

export async function exportStockQuantity(ctx: Ctx, f: StockQuantityFilter) {
  const { warehouses } = await repo.stockQuantityColumns(ctx.db, f);
  const columns: XlsxColumn<StockQuantityRow>[] = [
    { header: 'SKU', width: 20, value: (r) => r.sku },
    { header: 'Name', width: 36, value: (r) => r.name },
    { header: 'Brand', width: 14, value: (r) => r.brand?.code ?? '' },
    { header: 'Unit', width: 10, value: (r) => r.unit },
    ...warehouses.map(
      (w): XlsxColumn<StockQuantityRow> => ({
        header: w.code,
        width: Math.max(10, w.code.length + 2),
        value: (r) => numberCell(r.quantities[w.id] ?? '0'),
      }),
    ),
    { header: 'Total on hand', width: 14, value: (r) => numberCell(r.total) },
    { header: 'In transit', width: 12, value: (r) => numberCell(r.inTransit) },
  ];
  const rows = allRows(
    async (offset, limit) => (await repo.findStockQuantities(ctx.db, f, limit, offset)).items,
    XLSX_EXPORT_MAX_ROWS,
    5000,
  );
  return sendXlsx(ctx, `inventory-report-${day()}.xlsx`, columns, rows);
}

// ── Inventory detail ─────────────────────────────────────────────────────────────────────────────

export async function inventoryDetail(db: Db, q: InventoryDetailQuery): Promise<InventoryDetailPage> {
  const [page, { totals }] = await Promise.all([
    repo.findInventoryDetail(db, q, q.pageSize, offsetOf(q)),
    repo.inventoryDetailTotals(db, q),
  ]);
  return { ...toPage(page.items, page.total, q), totals };
}

const DETAIL_COLUMNS: XlsxColumn<InventoryDetailRow>[] = [
  { header: 'SKU', width: 20, value: (r) => r.sku },
  { header: 'Name', width: 36, value: (r) => r.name },
  { header: 'Brand', width: 14, value: (r) => r.brand?.code ?? '' },
  { header: 'Warehouse', width: 14, value: (r) => r.warehouse.code },
  { header: 'Bin', width: 14, value: (r) => r.location?.code ?? '' },
  { header: 'Zone', width: 12, value: (r) => r.location?.zone ?? '' },
  { header: 'On hand (bin)', width: 12, value: (r) => numberCell(r.onHand) },
  { header: 'Value (bin share, GBP)', width: 16, value: (r) => numberCell(r.value) },
  { header: 'On hand (warehouse layers)', width: 14, value: (r) => numberCell(r.warehouseOnHand) },
  { header: 'Value (warehouse, GBP)', width: 16, value: (r) => numberCell(r.warehouseValue) },
  { header: 'Consigned', width: 12, value: (r) => numberCell(r.consigned) },
  { header: 'Deficit (warehouse)', width: 12, value: (r) => numberCell(r.deficit) },
  { header: 'Layers', width: 8, value: (r) => r.layers },
  { header: 'Oldest received', width: 14, value: (r) => r.oldestReceivedAt?.slice(0, 10) ?? '' },
  { header: 'Oldest age (days)', width: 12, value: (r) => r.oldestAgeDays },
  {
    header: 'Average age (days)',
    width: 12,
    value: (r) => (r.averageAgeDays === null ? null : numberCell(r.averageAgeDays)),
  },
  { header: 'Oldest age bucket', width: 14, value: (r) => r.oldestAgeBucket ?? '' },
];

export function exportInventoryDetail(ctx: Ctx, f: InventoryDetailFilter) {
  const rows = allRows(
    async (offset, limit) => (await repo.findInventoryDetail(ctx.db, f, limit, offset)).items,
    XLSX_EXPORT_MAX_ROWS,
    2000,
  );
  return sendXlsx(ctx, `inventory-detail-${day()}.xlsx`, DETAIL_COLUMNS, rows);
}
