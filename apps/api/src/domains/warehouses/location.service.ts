import {
  expandLocationRange,
  WarehouseErrorCode,
  type WarehouseLocation,
  type WarehouseLocationFilter,
  type WarehouseLocationInput,
  type WarehouseLocationListQuery,
  type WarehouseLocationRangeInput,
} from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { allRows, offsetOf, toPage } from '../../platform/pagination.ts';
import { inUse } from '../../platform/references.ts';
import type { Ctx } from '../../platform/routes.ts';
import { ACTIVE_INACTIVE, sendXlsx, ui, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../platform/xlsx.ts';
import { referencesOfLocation } from './location.references.ts';
import * as repo from './warehouse.repository.ts';
import { getWarehouse } from './warehouse.service.ts';

type Input = z.output<typeof WarehouseLocationInput>;
type RangeInput = z.output<typeof WarehouseLocationRangeInput>;

export async function getLocation(
  db: Kysely<Database>,
  warehouseId: string,
  id: string,
  forUpdate = false,
): Promise<WarehouseLocation> {
  const location = await repo.findLocation(db, warehouseId, id, forUpdate);
  if (!location) throw notFound('Location', id);
  return location;
}

export async function listLocations(db: Kysely<Database>, warehouseId: string, q: WarehouseLocationListQuery) {
  await getWarehouse(db, warehouseId);
  const [items, total] = await Promise.all([
    repo.findLocations(db, warehouseId, q, q.pageSize, offsetOf(q)),
    repo.countLocations(db, warehouseId, q),
  ]);
  return toPage(items, total, q);
}

const codesTaken = (codes: readonly string[]) =>
  conflict(
    WarehouseErrorCode.LOCATION_CODE_TAKEN,
    codes.length === 0
      ? 'This warehouse already has a location with one of these codes.'
      : codes.length === 1
        ? `This warehouse already has a location with code "${codes[0]}".`
        : `This warehouse already has locations with codes ${codes.map((c) => `"${c}"`).join(', ')}.`,
    { code: codes[0] ?? '', codes },
  );

/** Checks the codes within the warehouse, then writes; a concurrent duplicate gets the same 409. */
async function withUniqueCodes<T>(
  db: Kysely<Database>,
  warehouseId: string,
  codes: readonly string[],
  exceptId: string | undefined,
  write: () => Promise<T>,
) {
  const taken = await repo.takenLocationCodes(db, warehouseId, codes, exceptId);
  if (taken.length) throw codesTaken(taken);
  try {
    return await write();
  } catch (e) {
    // A concurrent request took one of them; the transaction is aborted, so it cannot be asked which.
    throw isUniqueViolation(e, 'warehouse_locations_code_key') ? codesTaken(codes.length === 1 ? codes : []) : e;
  }
}

export async function createLocation(ctx: Ctx, warehouseId: string, input: Input): Promise<WarehouseLocation> {
  // A share lock keeps the warehouse from being deleted meanwhile, without serialising its bins' changes.
  await getWarehouse(ctx.db, warehouseId, 'share');
  const [after] = await withUniqueCodes(ctx.db, warehouseId, [input.code], undefined, () =>
    repo.insertLocations(ctx.db, warehouseId, [input]),
  );
  if (!after) throw new Error('the location was not inserted');
  await ctx.audit({ action: 'create', entity: 'warehouse_location', entityId: after.id, after });
  return after;
}

/** Adds every bin of a range, or none: a code already there refuses the whole range. */
export async function createLocationRange(ctx: Ctx, warehouseId: string, input: RangeInput) {
  const warehouse = await getWarehouse(ctx.db, warehouseId, 'share');
  const expanded = expandLocationRange(input.from, input.to);
  // The contract checked the range already; this only narrows the type.
  if ('error' in expanded) throw badRequest('VALIDATION_FAILED', expanded.error);
  const rows = expanded.codes.map((code, i) => ({
    code,
    zone: input.zone,
    pickSequence: input.pickSequenceStart + i * input.pickSequenceStep,
    pickable: input.pickable,
    active: input.active,
  }));
  const items = await withUniqueCodes(ctx.db, warehouseId, expanded.codes, undefined, () =>
    repo.insertLocations(ctx.db, warehouseId, rows),
  );
  // One audit row for the range, on the warehouse: which codes, with what, and the new bins' ids.
  await ctx.audit({
    action: 'create_locations',
    entity: 'warehouse',
    entityId: warehouseId,
    after: { warehouse: warehouse.code, ...input, codes: expanded.codes, ids: items.map((l) => l.id) },
  });
  return { created: items.length, items };
}

export async function updateLocation(
  ctx: Ctx,
  warehouseId: string,
  id: string,
  input: Input,
): Promise<WarehouseLocation> {
  await getWarehouse(ctx.db, warehouseId, 'share');
  const before = await getLocation(ctx.db, warehouseId, id, true);
  if (before.active && !input.active) {
    const uses = await repo.countConfigsUsingLocation(ctx.db, id);
    if (uses > 0)
      throw conflict(
        WarehouseErrorCode.LOCATION_IS_DEFAULT,
        `Location "${before.code}" is a default location of the warehouse's configuration; choose another default before deactivating it.`,
        { code: before.code },
      );
  }
  await withUniqueCodes(ctx.db, warehouseId, [input.code], id, () => repo.updateLocation(ctx.db, id, input));
  const after = await getLocation(ctx.db, warehouseId, id);
  await ctx.audit({ action: 'update', entity: 'warehouse_location', entityId: id, before, after });
  return after;
}

export async function deleteLocation(ctx: Ctx, warehouseId: string, id: string) {
  await getWarehouse(ctx.db, warehouseId, 'share');
  const before = await getLocation(ctx.db, warehouseId, id, true);
  // Said in words before the generic IN_USE: the warehouse would be left putting received stock nowhere.
  const defaults = await repo.defaultsNamingLocation(ctx.db, id);
  if (defaults.receiving || defaults.returns)
    throw conflict(
      WarehouseErrorCode.LOCATION_IS_DEFAULT,
      `Bin "${before.code}" is this warehouse's default ${defaults.receiving ? 'receiving' : 'returns'} bin; choose another default in Advanced Config before deleting it.`,
      { code: before.code, default: defaults.receiving ? 'receiving' : 'returns' },
    );
  const references = await referencesOfLocation(ctx.db, id);
  if (references.length) throw inUse(`Location "${before.code}"`, references);
  await repo.deleteLocation(ctx.db, id);
  await ctx.audit({ action: 'delete', entity: 'warehouse_location', entityId: id, before });
  return { ok: true as const };
}

const COLUMNS: XlsxColumn<WarehouseLocation>[] = [
  { header: ui('warehouses:locations.fields.code'), width: 16, value: (l) => l.code },
  { header: ui('warehouses:locations.fields.zone'), width: 16, value: (l) => l.zone },
  {
    header: ui('warehouses:locations.fields.pickSequence'),
    width: 14,
    type: 'number',
    places: 0,
    value: (l) => l.pickSequence,
  },
  { header: ui('warehouses:locations.fields.pickable'), width: 10, type: 'boolean', value: (l) => l.pickable },
  {
    header: ui('warehouses:fields.status'),
    width: 10,
    type: 'boolean',
    labels: ACTIVE_INACTIVE,
    value: (l) => l.active,
  },
  { header: ui('warehouses:fields.updatedAt'), width: 12, type: 'date', value: (l) => l.updatedAt },
];

export async function exportLocations(ctx: Ctx, warehouseId: string, filter: WarehouseLocationFilter) {
  const warehouse = await getWarehouse(ctx.db, warehouseId);
  const rows = allRows(
    (offset, limit) => repo.findLocations(ctx.db, warehouseId, filter, limit, offset),
    XLSX_EXPORT_MAX_ROWS,
  );
  return sendXlsx(ctx, `locations-${warehouse.code}-${new Date().toISOString().slice(0, 10)}.xlsx`, COLUMNS, rows);
}
