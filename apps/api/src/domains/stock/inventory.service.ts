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
import { hasUiText } from '../../platform/ui-words.ts';
import { joinText, sendXlsx, ui, words, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../platform/xlsx.ts';
import * as repo from './inventory.repository.ts';
import * as transit from './inventory-transit.repository.ts';

/** The inventory summary, list and a product's movement history: reads of what the posting service keeps. */

/** A page of the summary: the repository's rows, their value split into on hand and in transit. */
async function summaryPage(db: Kysely<Database>, f: InventorySummaryFilter, limit: number, offset: number) {
  return transit.withValueSplit(db, await repo.findSummary(db, f, limit, offset), f.warehouseId);
}

export async function inventorySummary(db: Kysely<Database>, q: InventorySummaryQuery) {
  const [items, total] = await Promise.all([summaryPage(db, q, q.pageSize, offsetOf(q)), repo.countSummary(db, q)]);
  return toPage(items, total, q);
}

export async function inventorySummaryTotals(db: Kysely<Database>, f: InventorySummaryFilter) {
  return transit.totalsWithValueSplit(db, f, await repo.summaryTotals(db, f));
}

// As the movements list tells them: a source id that is an internal id (a UUID) is left out.
const UUID_LIKE = /^[0-9a-f]{8}-[0-9a-f]{4}-/i;

const SUMMARY_COLUMNS: XlsxColumn<InventorySummaryRow>[] = [
  { header: ui('inventory:fields.sku'), width: 20, value: (r) => r.sku },
  { header: ui('inventory:fields.name'), width: 40, value: (r) => r.name },
  { header: ui('inventory:fields.brand'), width: 20, value: (r) => r.brand?.name ?? '' },
  { header: ui('inventory:fields.unit'), width: 14, type: 'enum', labels: 'products:units', value: (r) => r.unit },
  { header: ui('inventory:fields.onHand'), width: 12, type: 'quantity', value: (r) => r.onHand },
  { header: ui('inventory:fields.reserved'), width: 12, type: 'quantity', value: (r) => r.reserved },
  { header: ui('inventory:fields.short'), width: 10, type: 'quantity', value: (r) => r.short },
  { header: ui('inventory:fields.available'), width: 12, type: 'quantity', value: (r) => r.available },
  { header: ui('inventory:fields.inTransit'), width: 12, type: 'quantity', value: (r) => r.inTransit },
  { header: ui('inventory:fields.consigned'), width: 12, type: 'quantity', value: (r) => r.consigned },
  {
    header: ui('inventory:fields.onHandValue'),
    width: 16,
    type: 'money',
    value: (r) => r.onHandValue,
  },
  {
    header: ui('inventory:fields.inTransitValue'),
    width: 16,
    type: 'money',
    value: (r) => r.inTransitValue,
  },
  { header: ui('inventory:fields.valueTotal'), width: 14, type: 'money', value: (r) => r.value },
  { header: ui('inventory:fields.reorderPoint'), width: 12, type: 'quantity', value: (r) => r.reorderPoint },
];

export function exportInventorySummary(ctx: Ctx, f: InventorySummaryFilter) {
  const rows = allRows((offset, limit) => summaryPage(ctx.db, f, limit, offset), XLSX_EXPORT_MAX_ROWS);
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
  { header: ui('inventory:fields.sku'), width: 20, value: (r) => r.sku },
  { header: ui('inventory:fields.name'), width: 40, value: (r) => r.name },
  { header: ui('inventory:fields.warehouse'), width: 14, value: (r) => r.warehouse.code },
  { header: ui('inventory:fields.bin'), width: 14, value: (r) => r.location?.code ?? '' },
  { header: ui('stockCounts:fields.zone'), width: 12, value: (r) => r.location?.zone ?? '' },
  { header: ui('inventory:fields.onHand'), width: 14, type: 'quantity', value: (r) => r.onHand },
  // Reserved, short, available and in transit are the warehouse's, not the bin's (as the list says).
  { header: ui('inventory:fields.reserved'), width: 14, type: 'quantity', value: (r) => r.warehouseReserved },
  { header: ui('inventory:fields.short'), width: 14, type: 'quantity', value: (r) => r.warehouseShort },
  { header: ui('inventory:fields.available'), width: 14, type: 'quantity', value: (r) => r.warehouseAvailable },
  { header: ui('inventory:fields.inTransit'), width: 14, type: 'quantity', value: (r) => r.warehouseInTransit },
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
  { header: ui('inventory:fields.postedAt'), width: 18, type: 'datetime', value: (r) => r.postedAt },
  { header: ui('inventory:fields.kind'), width: 18, type: 'enum', labels: 'inventory:kinds', value: (r) => r.kind },
  { header: ui('inventory:inTransitBucket'), width: 10, type: 'boolean', value: (r) => r.bucket === 'TRANSIT' },
  { header: ui('inventory:fields.warehouse'), width: 14, value: (r) => r.warehouse.code },
  { header: ui('inventory:fields.bin'), width: 14, value: (r) => r.location?.code ?? '' },
  { header: ui('inventory:fields.quantity'), width: 12, type: 'quantity', value: (r) => r.quantity },
  { header: ui('inventory:fields.unitCost'), width: 14, type: 'money', places: 4, value: (r) => r.unitCost },
  { header: ui('inventory:fields.value'), width: 14, type: 'money', value: (r) => r.currentValue },
  {
    header: words(
      'Unit cost as posted (£)',
      'Coste unitario contabilizado (£)',
      'Custo unitário lançado (£)',
      'Gebuchte Stückkosten (£)',
    ),
    width: 14,
    type: 'money',
    places: 4,
    value: (r) => r.postedUnitCost,
  },
  {
    header: words('Value as posted (£)', 'Valor contabilizado (£)', 'Valor lançado (£)', 'Gebuchter Wert (£)'),
    width: 14,
    type: 'money',
    value: (r) => r.value,
  },
  {
    header: ui('inventory:fields.runningQuantity'),
    width: 12,
    type: 'quantity',
    value: (r) => r.runningQuantity ?? '0',
  },
  { header: ui('inventory:fields.runningValue'), width: 14, type: 'money', value: (r) => r.runningValue ?? '0' },
  {
    header: ui('inventory:fields.source'),
    width: 24,
    type: 'enum',
    // The source's words and its number or reference, as the screen shows them; internal ids say nothing to a person.
    labels: (source) => {
      const [type = '', id = '', line = ''] = source.split('\u0000');
      const rest = [UUID_LIKE.test(id) ? '' : id, line ? `#${line}` : ''].filter(Boolean).join(' ');
      const sourceWords = hasUiText(`inventory:sources.${type}`) ? ui(`inventory:sources.${type}`) : type;
      return rest ? joinText(sourceWords, rest) : sourceWords;
    },
    // A landed cost or price difference names its receipt by the number people know.
    value: (r) => [r.sourceType, r.sourceNumber || r.sourceId || '', r.sourceLine ?? ''].join('\u0000'),
  },
  { header: ui('inventory:fields.reason'), width: 30, value: (r) => r.reason },
  { header: ui('inventory:fields.user'), width: 14, value: (r) => r.username ?? '' },
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
