import {
  type Warehouse,
  WarehouseErrorCode,
  type WarehouseFilter,
  type WarehouseInput,
  type WarehouseListQuery,
} from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { allRows, offsetOf, toPage } from '../../platform/pagination.ts';
import { inUse } from '../../platform/references.ts';
import type { Ctx } from '../../platform/routes.ts';
import { ACTIVE_INACTIVE, sendXlsx, ui, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../platform/xlsx.ts';
import { referencesOfWarehouse } from './warehouse.references.ts';
import * as repo from './warehouse.repository.ts';

type Input = z.output<typeof WarehouseInput>;

export const WAREHOUSE_KIND_LABELS: Record<Warehouse['kind'], string> = {
  OWN: 'Own',
  AMAZON_FBA: 'Amazon FBA',
  THIRD_PARTY: 'Third-party',
  CONSIGNMENT: 'Consignment',
};

export async function getWarehouse(db: Kysely<Database>, id: string, lock?: repo.Lock): Promise<Warehouse> {
  const warehouse = await repo.findWarehouse(db, id, lock);
  if (!warehouse) throw notFound('Warehouse', id);
  return warehouse;
}

export async function listWarehouses(db: Kysely<Database>, q: WarehouseListQuery) {
  const [items, total] = await Promise.all([
    repo.findWarehouses(db, q, q.pageSize, offsetOf(q)),
    repo.countWarehouses(db, q),
  ]);
  return toPage(items, total, q);
}

const codeTaken = (code: string) =>
  conflict(WarehouseErrorCode.WAREHOUSE_CODE_TAKEN, `A warehouse with code "${code}" already exists.`, { code });

/** Checks the code, then writes; a concurrent request that took the code meanwhile gets the same 409. */
async function withUniqueCode<T>(
  db: Kysely<Database>,
  code: string,
  exceptId: string | undefined,
  write: () => Promise<T>,
) {
  if (await repo.warehouseIdWithCode(db, code, exceptId)) throw codeTaken(code);
  try {
    return await write();
  } catch (e) {
    throw isUniqueViolation(e, 'warehouses_code_key') ? codeTaken(code) : e;
  }
}

export async function createWarehouse(ctx: Ctx, input: Input): Promise<Warehouse> {
  const id = await withUniqueCode(ctx.db, input.code, undefined, () => repo.insertWarehouse(ctx.db, input));
  const after = await getWarehouse(ctx.db, id);
  await ctx.audit({ action: 'create', entity: 'warehouse', entityId: id, after });
  return after;
}

export async function updateWarehouse(ctx: Ctx, id: string, input: Input): Promise<Warehouse> {
  const before = await getWarehouse(ctx.db, id, 'update');
  await withUniqueCode(ctx.db, input.code, id, () => repo.updateWarehouse(ctx.db, id, input));
  const after = await getWarehouse(ctx.db, id);
  await ctx.audit({ action: 'update', entity: 'warehouse', entityId: id, before, after });
  return after;
}

/** Deletes a warehouse nothing refers to, with its bins and configuration. */
export async function deleteWarehouse(ctx: Ctx, id: string) {
  // The row lock also blocks a new reference meanwhile: a foreign key check takes a KEY SHARE lock.
  const before = await getWarehouse(ctx.db, id, 'update');
  const references = await referencesOfWarehouse(ctx.db, id);
  if (references.length) throw inUse(`Warehouse "${before.code}"`, references);
  await repo.deleteWarehouse(ctx.db, id);
  await ctx.audit({ action: 'delete', entity: 'warehouse', entityId: id, before });
  return { ok: true as const };
}

const COLUMNS: XlsxColumn<Warehouse>[] = [
  { header: ui('warehouses:fields.code'), width: 16, value: (w) => w.code },
  { header: ui('warehouses:fields.name'), width: 36, value: (w) => w.name },
  { header: ui('warehouses:fields.kind'), width: 14, type: 'enum', labels: 'warehouses:kinds', value: (w) => w.kind },
  { header: ui('warehouses:fields.line1'), width: 32, value: (w) => w.address.line1 },
  { header: ui('warehouses:fields.line2'), width: 24, value: (w) => w.address.line2 },
  { header: ui('warehouses:fields.city'), width: 18, value: (w) => w.address.city },
  { header: ui('warehouses:fields.postcode'), width: 12, value: (w) => w.address.postcode },
  { header: ui('warehouses:fields.country'), width: 9, value: (w) => w.address.country },
  { header: ui('warehouses:fields.locationCount'), width: 8, type: 'number', places: 0, value: (w) => w.locationCount },
  {
    header: ui('warehouses:fields.status'),
    width: 10,
    type: 'boolean',
    labels: ACTIVE_INACTIVE,
    value: (w) => w.active,
  },
  { header: ui('warehouses:fields.updatedAt'), width: 12, type: 'date', value: (w) => w.updatedAt },
];

export function exportWarehouses(ctx: Ctx, filter: WarehouseFilter) {
  const rows = allRows((offset, limit) => repo.findWarehouses(ctx.db, filter, limit, offset), XLSX_EXPORT_MAX_ROWS);
  return sendXlsx(ctx, `warehouses-${new Date().toISOString().slice(0, 10)}.xlsx`, COLUMNS, rows);
}
