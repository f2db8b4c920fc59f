import {
  INVENTORY_LIST_COUNT_CAP,
  type InventoryListFilter,
  type InventoryListQuery,
  type InventoryListRow,
  type InventorySummaryFilter,
  type InventorySummaryQuery,
  type InventorySummaryRow,
  type MovementFilter,
  type MovementQuery,
  type ProductStock,
  type StockMovement,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { allRows, offsetOf, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import { numberCell, sendXlsx, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../platform/xlsx.ts';
import * as repo from './inventory.repository.ts';

/** The inventory summary, list and a product's movement history: reads of what the posting service keeps. */

export async function inventorySummary(db: Kysely<Database>, q: InventorySummaryQuery) {
  const [items, total] = await Promise.all([
    repo.findSummary(db, q, q.pageSize, offsetOf(q)),
    repo.countSummary(db, q),
  ]);
  return toPage(items, total, q);
}

export function inventorySummaryTotals(db: Kysely<Database>, f: InventorySummaryFilter) {
  return repo.summaryTotals(db, f);
}

const SUMMARY_COLUMNS: XlsxColumn<InventorySummaryRow>[] = [
  { header: 'SKU', width: 20, value: (r) => r.sku },
  { header: 'Name', width: 40, value: (r) => r.name },
  { header: 'Brand', width: 16, value: (r) => r.brand?.code ?? '' },
  { header: 'Unit', width: 10, value: (r) => r.unit },
  { header: 'On hand', width: 12, value: (r) => numberCell(r.onHand) },
  { header: 'Reserved', width: 12, value: (r) => numberCell(r.reserved) },
  { header: 'Short', width: 10, value: (r) => numberCell(r.short) },
  { header: 'Available', width: 12, value: (r) => numberCell(r.available) },
  { header: 'In transit', width: 12, value: (r) => numberCell(r.inTransit) },
  { header: 'Consigned', width: 12, value: (r) => numberCell(r.consigned) },
  { header: 'Value (GBP)', width: 14, value: (r) => numberCell(r.value) },
  { header: 'Reorder point', width: 12, value: (r) => numberCell(r.reorderPoint) },
];

export function exportInventorySummary(ctx: Ctx, f: InventorySummaryFilter) {
  const rows = allRows((offset, limit) => repo.findSummary(ctx.db, f, limit, offset), XLSX_EXPORT_MAX_ROWS);
  return sendXlsx(ctx, `inventory-summary-${new Date().toISOString().slice(0, 10)}.xlsx`, SUMMARY_COLUMNS, rows);
}

export async function inventoryList(db: Kysely<Database>, q: InventoryListQuery) {
  const [items, counted] = await Promise.all([
    repo.findList(db, q, q.pageSize, offsetOf(q)),
    repo.countList(db, q, INVENTORY_LIST_COUNT_CAP),
  ]);
  const totalCapped = counted > INVENTORY_LIST_COUNT_CAP;
  return { ...toPage(items, totalCapped ? INVENTORY_LIST_COUNT_CAP : counted, q), totalCapped };
}

const LIST_COLUMNS: XlsxColumn<InventoryListRow>[] = [
  { header: 'SKU', width: 20, value: (r) => r.sku },
  { header: 'Name', width: 40, value: (r) => r.name },
  { header: 'Warehouse', width: 14, value: (r) => r.warehouse.code },
  { header: 'Bin', width: 14, value: (r) => r.location?.code ?? '' },
  { header: 'Zone', width: 12, value: (r) => r.location?.zone ?? '' },
  { header: 'On hand (bin)', width: 14, value: (r) => numberCell(r.onHand) },
  { header: 'Reserved (warehouse)', width: 14, value: (r) => numberCell(r.warehouseReserved) },
  { header: 'Short (warehouse)', width: 14, value: (r) => numberCell(r.warehouseShort) },
  { header: 'Available (warehouse)', width: 14, value: (r) => numberCell(r.warehouseAvailable) },
  { header: 'In transit (warehouse)', width: 14, value: (r) => numberCell(r.warehouseInTransit) },
];

export function exportInventoryList(ctx: Ctx, f: InventoryListFilter) {
  const rows = allRows((offset, limit) => repo.findList(ctx.db, f, limit, offset), XLSX_EXPORT_MAX_ROWS);
  return sendXlsx(ctx, `inventory-list-${new Date().toISOString().slice(0, 10)}.xlsx`, LIST_COLUMNS, rows);
}

export async function productStock(db: Kysely<Database>, productId: string): Promise<ProductStock> {
  const product = await repo.findProduct(db, productId);
  if (!product) throw notFound('Product', productId);
  const levels = await repo.productLevels(db, productId);
  const q = (v: string) => new Decimal(v).toFixed();
  return {
    product: {
      id: product.id,
      sku: product.sku,
      name: product.name,
      unit: product.unit,
      kind: product.kind,
      reorderPoint: q(product.reorder_point),
    },
    warehouses: levels.map((l) => ({
      warehouse: { id: l.id, code: l.code, name: l.name },
      onHand: q(l.on_hand),
      reserved: q(l.reserved),
      short: q(l.reserved_short),
      available: q(l.available),
      inTransit: q(l.in_transit),
      consigned: q(l.consigned),
      value: new Decimal(l.value).toFixed(2),
      allowNegativeStock: l.allow_negative_stock ?? false,
    })),
  };
}

export async function productMovements(db: Kysely<Database>, productId: string, q: MovementQuery) {
  if (!(await repo.findProduct(db, productId))) throw notFound('Product', productId);
  const { items, total } = await repo.findProductMovements(db, productId, q, q.pageSize, offsetOf(q));
  return toPage(items, total, q);
}

/** Unit cost and value as the row is worth now (as the screen shows them), then as it was posted. */
const MOVEMENT_COLUMNS: XlsxColumn<StockMovement>[] = [
  { header: 'Posted', width: 20, value: (r) => r.postedAt },
  { header: 'Kind', width: 16, value: (r) => r.kind },
  { header: 'In transit', width: 10, value: (r) => (r.bucket === 'TRANSIT' ? 'yes' : '') },
  { header: 'Warehouse', width: 14, value: (r) => r.warehouse.code },
  { header: 'Bin', width: 14, value: (r) => r.location?.code ?? '' },
  { header: 'Quantity', width: 12, value: (r) => numberCell(r.quantity) },
  { header: 'Unit cost (GBP)', width: 14, value: (r) => (r.unitCost === null ? null : numberCell(r.unitCost)) },
  { header: 'Value (GBP)', width: 14, value: (r) => numberCell(r.currentValue) },
  {
    header: 'Unit cost as posted (GBP)',
    width: 14,
    value: (r) => (r.postedUnitCost === null ? null : numberCell(r.postedUnitCost)),
  },
  { header: 'Value as posted (GBP)', width: 14, value: (r) => numberCell(r.value) },
  { header: 'Balance after', width: 12, value: (r) => numberCell(r.runningQuantity ?? '0') },
  { header: 'Value after (GBP)', width: 14, value: (r) => numberCell(r.runningValue ?? '0') },
  { header: 'Source', width: 16, value: (r) => [r.sourceType, r.sourceId, r.sourceLine].filter(Boolean).join(' ') },
  { header: 'Reason', width: 30, value: (r) => r.reason },
  { header: 'User', width: 14, value: (r) => r.username ?? '' },
];

export async function exportProductMovements(ctx: Ctx, productId: string, f: MovementFilter) {
  const product = await repo.findProduct(ctx.db, productId);
  if (!product) throw notFound('Product', productId);
  const rows = allRows(
    async (offset, limit) =>
      (await repo.findProductMovements(ctx.db, productId, { ...f, page: 1, pageSize: limit }, limit, offset)).items,
    XLSX_EXPORT_MAX_ROWS,
    5000,
  );
  return sendXlsx(
    ctx,
    `movements-${product.sku}-${new Date().toISOString().slice(0, 10)}.xlsx`,
    MOVEMENT_COLUMNS,
    rows,
  );
}
