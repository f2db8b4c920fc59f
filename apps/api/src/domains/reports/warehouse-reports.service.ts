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
import { sendXlsx, ui, words, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../platform/xlsx.ts';
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
  { header: ui('reports:fields.sku'), width: 20, value: (r) => r.sku },
  { header: ui('reports:fields.name'), width: 36, value: (r) => r.name },
  { header: ui('reports:fields.brand'), width: 20, value: (r) => r.brand?.name ?? '' },
  { header: ui('reports:fields.warehouse'), width: 14, value: (r) => r.warehouse.code },
  { header: ui('reports:fields.unit'), width: 14, type: 'enum', labels: 'products:units', value: (r) => r.unit },
  { header: ui('reports:fields.available'), width: 12, type: 'quantity', value: (r) => r.available },
  { header: ui('reports:fields.inTransit'), width: 12, type: 'quantity', value: (r) => r.inTransit },
  { header: ui('reports:fields.reorderPoint'), width: 12, type: 'quantity', value: (r) => r.reorderPoint },
  { header: ui('reports:fields.reorderQuantity'), width: 12, type: 'quantity', value: (r) => r.reorderQuantity },
  { header: ui('reports:fields.sold'), width: 12, type: 'quantity', value: (r) => r.sold },
  { header: ui('reports:fields.velocity'), width: 12, type: 'number', value: (r) => r.velocity },
  { header: ui('reports:fields.daysOfCover'), width: 12, type: 'number', value: (r) => r.daysOfCover },
  { header: ui('reports:fields.suggestedQuantity'), width: 14, type: 'quantity', value: (r) => r.suggestedQuantity },
  { header: ui('reports:fields.suggestedValue'), width: 14, type: 'money', value: (r) => r.suggestedValue },
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
    { header: ui('reports:fields.sku'), width: 20, value: (r) => r.sku },
    { header: ui('reports:fields.name'), width: 36, value: (r) => r.name },
    { header: ui('reports:fields.brand'), width: 20, value: (r) => r.brand?.name ?? '' },
    { header: ui('reports:fields.unit'), width: 14, type: 'enum', labels: 'products:units', value: (r) => r.unit },
    ...warehouses.map(
      (w): XlsxColumn<StockQuantityRow> => ({
        header: w.code,
        width: Math.max(10, w.code.length + 2),
        type: 'quantity',
        value: (r) => r.quantities[w.id] ?? '0',
      }),
    ),
    { header: ui('reports:fields.total'), width: 14, type: 'quantity', value: (r) => r.total },
    { header: ui('reports:fields.inTransit'), width: 12, type: 'quantity', value: (r) => r.inTransit },
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
  { header: ui('reports:fields.sku'), width: 20, value: (r) => r.sku },
  { header: ui('reports:fields.name'), width: 36, value: (r) => r.name },
  { header: ui('reports:fields.brand'), width: 20, value: (r) => r.brand?.name ?? '' },
  { header: ui('reports:fields.warehouse'), width: 14, value: (r) => r.warehouse.code },
  { header: ui('reports:fields.bin'), width: 14, value: (r) => r.location?.code ?? '' },
  { header: ui('stockCounts:fields.zone'), width: 12, value: (r) => r.location?.zone ?? '' },
  { header: ui('reports:fields.onHand'), width: 12, type: 'quantity', value: (r) => r.onHand },
  { header: ui('reports:fields.binValue'), width: 16, type: 'money', value: (r) => r.value },
  {
    header: words('On hand (warehouse)', 'En existencia (almacén)', 'Em stock (armazém)', 'Bestand (Lager)'),
    width: 14,
    type: 'quantity',
    value: (r) => r.warehouseOnHand,
  },
  { header: ui('reports:fields.warehouseValue'), width: 16, type: 'money', value: (r) => r.warehouseValue },
  { header: ui('reports:fields.consigned'), width: 12, type: 'quantity', value: (r) => r.consigned },
  { header: ui('reports:fields.deficit'), width: 12, type: 'quantity', value: (r) => r.deficit },
  { header: ui('reports:fields.layers'), width: 8, type: 'number', places: 0, value: (r) => r.layers },
  { header: ui('reports:fields.oldest'), width: 14, type: 'date', value: (r) => r.oldestReceivedAt },
  { header: ui('reports:fields.age'), width: 12, type: 'number', places: 0, value: (r) => r.oldestAgeDays },
  { header: ui('reports:fields.averageAge'), width: 12, type: 'number', value: (r) => r.averageAgeDays },
  {
    header: ui('reports:fields.ageBucket'),
    width: 14,
    type: 'enum',
    labels: 'reports:ageBuckets',
    value: (r) => r.oldestAgeBucket,
  },
];

export function exportInventoryDetail(ctx: Ctx, f: InventoryDetailFilter) {
  const rows = allRows(
    async (offset, limit) => (await repo.findInventoryDetail(ctx.db, f, limit, offset)).items,
    XLSX_EXPORT_MAX_ROWS,
    2000,
  );
  return sendXlsx(ctx, `inventory-detail-${day()}.xlsx`, DETAIL_COLUMNS, rows);
}
