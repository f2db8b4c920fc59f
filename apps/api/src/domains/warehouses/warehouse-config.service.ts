import {
  type WarehouseConfig,
  type WarehouseConfigFilter,
  type WarehouseConfigInput,
  type WarehouseConfigListQuery,
  WarehouseErrorCode,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { allRows, offsetOf, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import { ACTIVE_INACTIVE, sendXlsx, ui, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../platform/xlsx.ts';
import * as repo from './warehouse.repository.ts';
import { getWarehouse } from './warehouse.service.ts';

type Input = z.output<typeof WarehouseConfigInput>;

/**
 * A warehouse's advanced configuration, for the areas that apply it (stock ledger: negative stock;
 * goods receipt: default receiving bin and over-receipt tolerance; returns: default returns bin;
 * pick lists: picking order). 404 when the warehouse does not exist. Pass the request's transaction
 * to read it consistently with what the caller is writing.
 */
export async function getWarehouseConfig(db: Kysely<Database>, warehouseId: string): Promise<WarehouseConfig> {
  const config = await repo.findConfig(db, warehouseId);
  if (!config) throw notFound('Warehouse', warehouseId);
  return config;
}

/** The most a goods receipt may take in against an ordered quantity under the warehouse's tolerance. */
export function maxReceivableQuantity(config: Pick<WarehouseConfig, 'overReceiptTolerance'>, ordered: string): string {
  return new Decimal(ordered).mul(new Decimal(100).plus(config.overReceiptTolerance)).div(100).toFixed();
}

export async function listWarehouseConfigs(db: Kysely<Database>, q: WarehouseConfigListQuery) {
  const [items, total] = await Promise.all([
    repo.findConfigs(db, q, q.pageSize, offsetOf(q)),
    repo.countConfigs(db, q),
  ]);
  return toPage(items, total, q);
}

/** A default location must be an active bin of this warehouse; it is locked so it cannot change meanwhile. */
async function checkDefaultLocation(ctx: Ctx, warehouseId: string, id: string | null, field: string) {
  if (!id) return;
  const location = await repo.findLocation(ctx.db, warehouseId, id, true);
  if (!location)
    throw unprocessable(
      WarehouseErrorCode.LOCATION_NOT_IN_WAREHOUSE,
      'The chosen location is not one of this warehouse’s locations.',
      { field, locationId: id },
    );
  if (!location.active)
    throw unprocessable(
      WarehouseErrorCode.LOCATION_INACTIVE,
      `Location "${location.code}" is inactive; a default location must be active.`,
      { field, locationId: id, code: location.code },
    );
}

export async function updateWarehouseConfig(ctx: Ctx, warehouseId: string, input: Input): Promise<WarehouseConfig> {
  await getWarehouse(ctx.db, warehouseId, 'update');
  const before = await getWarehouseConfig(ctx.db, warehouseId);
  await checkDefaultLocation(ctx, warehouseId, input.defaultReceivingLocationId, 'defaultReceivingLocationId');
  await checkDefaultLocation(ctx, warehouseId, input.defaultReturnsLocationId, 'defaultReturnsLocationId');
  await repo.upsertConfig(ctx.db, warehouseId, {
    ...input,
    overReceiptTolerance: new Decimal(input.overReceiptTolerance).toFixed(2),
  });
  const after = await getWarehouseConfig(ctx.db, warehouseId);
  await ctx.audit({ action: 'update', entity: 'warehouse_configuration', entityId: warehouseId, before, after });
  return after;
}

const COLUMNS: XlsxColumn<WarehouseConfig>[] = [
  { header: ui('warehouses:fields.code'), width: 16, value: (c) => c.warehouseCode },
  { header: ui('warehouses:fields.name'), width: 32, value: (c) => c.warehouseName },
  {
    header: ui('warehouses:fields.status'),
    width: 10,
    type: 'boolean',
    labels: ACTIVE_INACTIVE,
    value: (c) => c.warehouseActive,
  },
  {
    header: ui('warehouses:config.fields.allowNegativeStock'),
    width: 20,
    type: 'boolean',
    value: (c) => c.allowNegativeStock,
  },
  {
    header: ui('warehouses:config.fields.defaultReceivingLocation'),
    width: 26,
    value: (c) => c.defaultReceivingLocation?.code ?? '',
  },
  {
    header: ui('warehouses:config.fields.defaultReturnsLocation'),
    width: 24,
    value: (c) => c.defaultReturnsLocation?.code ?? '',
  },
  // Per cent of the ordered quantity, as the screen writes it (5 %), still a number cell.
  {
    header: ui('warehouses:config.fields.overReceiptTolerance'),
    width: 24,
    type: 'number',
    suffix: ' %',
    value: (c) => c.overReceiptTolerance,
  },
  {
    header: ui('warehouses:config.fields.pickingOrder'),
    width: 26,
    type: 'enum',
    labels: (order) => ui(`warehouses:pickingOrders.${order}.label`),
    value: (c) => c.pickingOrder,
  },
  { header: ui('warehouses:fields.updatedAt'), width: 12, type: 'date', value: (c) => c.updatedAt },
];

export function exportWarehouseConfigs(ctx: Ctx, filter: WarehouseConfigFilter) {
  const rows = allRows((offset, limit) => repo.findConfigs(ctx.db, filter, limit, offset), XLSX_EXPORT_MAX_ROWS);
  return sendXlsx(ctx, `warehouse-configuration-${new Date().toISOString().slice(0, 10)}.xlsx`, COLUMNS, rows);
}
