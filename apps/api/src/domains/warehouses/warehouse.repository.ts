import type {
  PickingOrder,
  Warehouse,
  WarehouseConfig,
  WarehouseConfigFilter,
  WarehouseFilter,
  WarehouseKind,
  WarehouseLocation,
  WarehouseLocationFilter,
} from '@backoffice/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, WarehouseLocationsTable } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/** SQL of warehouses, their bins and their advanced configuration; rules live in the services. */

type Db = Kysely<Database>;

const WAREHOUSE_SORTS = {
  code: 'w.code',
  name: 'w.name',
  kind: 'w.kind',
  city: 'w.city',
  updatedAt: 'w.updated_at',
} as const;
const LOCATION_SORTS = {
  code: 'code',
  zone: 'zone',
  pickSequence: 'pick_sequence',
  updatedAt: 'updated_at',
} as const;
const CONFIG_SORTS = { code: 'w.code', name: 'w.name' } as const;

export interface WarehouseWrite {
  code: string;
  name: string;
  kind: WarehouseKind;
  address: { line1: string; line2: string; city: string; postcode: string; country: string };
  active: boolean;
}

export interface LocationWrite {
  code: string;
  zone: string;
  pickSequence: number;
  pickable: boolean;
  active: boolean;
}

export interface ConfigWrite {
  allowNegativeStock: boolean;
  defaultReceivingLocationId: string | null;
  defaultReturnsLocationId: string | null;
  overReceiptTolerance: string;
  pickingOrder: PickingOrder;
}

// Warehouses

function warehouseFiltered(db: Db, f: WarehouseFilter) {
  let query = db.selectFrom('warehouses as w');
  const text = f.q;
  if (text)
    query = query.where((eb) =>
      eb.or([
        eb('w.code', 'ilike', likePattern(text)),
        eb('w.name', 'ilike', likePattern(text)),
        eb('w.city', 'ilike', likePattern(text)),
      ]),
    );
  if (f.active) query = query.where('w.active', '=', f.active === 'true');
  if (f.kind) query = query.where('w.kind', '=', f.kind);
  return query;
}

function warehouseColumns(db: Db, f: WarehouseFilter) {
  return warehouseFiltered(db, f)
    .selectAll('w')
    .select((eb) =>
      eb
        .selectFrom('warehouse_locations as l')
        .whereRef('l.warehouse_id', '=', 'w.id')
        .select(sql<string>`count(*)`.as('n'))
        .as('location_count'),
    );
}

type WarehouseRow = Awaited<ReturnType<ReturnType<typeof warehouseColumns>['executeTakeFirstOrThrow']>>;

function toWarehouse(r: WarehouseRow): Warehouse {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    kind: r.kind as WarehouseKind,
    address: { line1: r.address_line1, line2: r.address_line2, city: r.city, postcode: r.postcode, country: r.country },
    active: r.active,
    locationCount: Number(r.location_count ?? 0),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** The filter's warehouses in its order (code by default), id last so that paging is stable. */
export function orderedWarehouses(db: Db, f: WarehouseFilter) {
  const sort = parseSort(f.sort, WAREHOUSE_SORTS, { column: 'w.code', direction: 'asc' });
  return warehouseColumns(db, f).orderBy(sql.ref(sort.column), sort.direction).orderBy('w.id');
}

export async function findWarehouses(db: Db, f: WarehouseFilter, limit: number, offset: number) {
  const rows = await orderedWarehouses(db, f).limit(limit).offset(offset).execute();
  return rows.map(toWarehouse);
}

export async function countWarehouses(db: Db, f: WarehouseFilter): Promise<string> {
  const row = await warehouseFiltered(db, f)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Row locks: `update` before changing or deleting the warehouse, `share` to keep it while changing its bins. */
export type Lock = 'update' | 'share';

export async function findWarehouse(db: Db, id: string, lock?: Lock): Promise<Warehouse | undefined> {
  let query = warehouseColumns(db, {}).where('w.id', '=', id);
  if (lock === 'update') query = query.forUpdate('w');
  if (lock === 'share') query = query.forShare('w');
  const row = await query.executeTakeFirst();
  return row && toWarehouse(row);
}

export async function warehouseIdWithCode(db: Db, code: string, exceptId?: string) {
  let query = db.selectFrom('warehouses').select('id').where(sql`upper(code)`, '=', code.toUpperCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst())?.id;
}

function warehouseValues(w: WarehouseWrite) {
  return {
    code: w.code,
    name: w.name,
    kind: w.kind,
    address_line1: w.address.line1,
    address_line2: w.address.line2,
    city: w.address.city,
    postcode: w.address.postcode,
    country: w.address.country,
    active: w.active,
  };
}

/** The bin every new warehouse starts with, named as its default receiving bin (migration 0022 gave older ones theirs). */
export const DEFAULT_RECEIVING_BIN = { code: 'RECEIVING', zone: 'Receiving' } as const;

/**
 * Inserts the warehouse, its receiving bin and its configuration with the defaults, the receiving bin named as
 * the default: stock received without a bin (transfer receipts, bundling output, imports) lands there, not nowhere.
 */
export async function insertWarehouse(db: Db, w: WarehouseWrite): Promise<string> {
  const { id } = await db.insertInto('warehouses').values(warehouseValues(w)).returning('id').executeTakeFirstOrThrow();
  const bin = await db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: id, code: DEFAULT_RECEIVING_BIN.code, zone: DEFAULT_RECEIVING_BIN.zone })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: id, default_receiving_location_id: bin.id })
    .execute();
  return id;
}

export async function updateWarehouse(db: Db, id: string, w: WarehouseWrite) {
  await db
    .updateTable('warehouses')
    .set({ ...warehouseValues(w), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Deletes the warehouse; its bins and configuration go with it (ON DELETE CASCADE). */
export async function deleteWarehouse(db: Db, id: string) {
  await db.deleteFrom('warehouses').where('id', '=', id).execute();
}

// Locations

function toLocation(r: Selectable<WarehouseLocationsTable>): WarehouseLocation {
  return {
    id: r.id,
    warehouseId: r.warehouse_id,
    code: r.code,
    zone: r.zone,
    pickSequence: r.pick_sequence,
    pickable: r.pickable,
    active: r.active,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

function locationFiltered(db: Db, warehouseId: string, f: WarehouseLocationFilter) {
  let query = db.selectFrom('warehouse_locations').where('warehouse_id', '=', warehouseId);
  const text = f.q;
  if (text)
    query = query.where((eb) =>
      eb.or([eb('code', 'ilike', likePattern(text)), eb('zone', 'ilike', likePattern(text))]),
    );
  if (f.active) query = query.where('active', '=', f.active === 'true');
  if (f.pickable) query = query.where('pickable', '=', f.pickable === 'true');
  if (f.zone !== undefined) query = query.where(sql`lower(zone)`, '=', f.zone.toLowerCase());
  return query;
}

export function orderedLocations(db: Db, warehouseId: string, f: WarehouseLocationFilter) {
  const sort = parseSort(f.sort, LOCATION_SORTS, { column: 'code', direction: 'asc' });
  const query = locationFiltered(db, warehouseId, f).selectAll().orderBy(sql.ref(sort.column), sort.direction);
  return (sort.column === 'code' ? query : query.orderBy('code')).orderBy('id');
}

export async function findLocations(
  db: Db,
  warehouseId: string,
  f: WarehouseLocationFilter,
  limit: number,
  offset: number,
) {
  const rows = await orderedLocations(db, warehouseId, f).limit(limit).offset(offset).execute();
  return rows.map(toLocation);
}

export async function countLocations(db: Db, warehouseId: string, f: WarehouseLocationFilter): Promise<string> {
  const row = await locationFiltered(db, warehouseId, f)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export { toLocation };

export async function findLocation(
  db: Db,
  warehouseId: string,
  id: string,
  forUpdate = false,
): Promise<WarehouseLocation | undefined> {
  let query = db
    .selectFrom('warehouse_locations')
    .selectAll()
    .where('id', '=', id)
    .where('warehouse_id', '=', warehouseId);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toLocation(row);
}

/** Which of these codes the warehouse already has (upper-case), except the bin `exceptId`. */
export async function takenLocationCodes(db: Db, warehouseId: string, codes: readonly string[], exceptId?: string) {
  if (!codes.length) return [];
  let query = db
    .selectFrom('warehouse_locations')
    .select('code')
    .where('warehouse_id', '=', warehouseId)
    .where(
      sql`upper(code)`,
      'in',
      codes.map((c) => c.toUpperCase()),
    );
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.orderBy('code').execute()).map((r) => r.code);
}

function locationValues(l: LocationWrite) {
  return { code: l.code, zone: l.zone, pick_sequence: l.pickSequence, pickable: l.pickable, active: l.active };
}

export async function insertLocations(db: Db, warehouseId: string, locations: readonly LocationWrite[]) {
  const rows = await db
    .insertInto('warehouse_locations')
    .values(locations.map((l) => ({ warehouse_id: warehouseId, ...locationValues(l) })))
    .returningAll()
    .execute();
  return rows.map(toLocation).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

export async function updateLocation(db: Db, id: string, l: LocationWrite) {
  await db
    .updateTable('warehouse_locations')
    .set({ ...locationValues(l), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteLocation(db: Db, id: string) {
  await db.deleteFrom('warehouse_locations').where('id', '=', id).execute();
}

// Advanced configuration

function configFiltered(db: Db, f: WarehouseConfigFilter) {
  let query = db
    .selectFrom('warehouses as w')
    .leftJoin('warehouse_configs as c', 'c.warehouse_id', 'w.id')
    .leftJoin('warehouse_locations as r', 'r.id', 'c.default_receiving_location_id')
    .leftJoin('warehouse_locations as t', 't.id', 'c.default_returns_location_id');
  const text = f.q;
  if (text)
    query = query.where((eb) =>
      eb.or([eb('w.code', 'ilike', likePattern(text)), eb('w.name', 'ilike', likePattern(text))]),
    );
  if (f.active) query = query.where('w.active', '=', f.active === 'true');
  return query;
}

function configColumns(db: Db, f: WarehouseConfigFilter) {
  return configFiltered(db, f).select([
    'w.id as warehouse_id',
    'w.code as warehouse_code',
    'w.name as warehouse_name',
    'w.active as warehouse_active',
    'w.updated_at as warehouse_updated_at',
    'c.allow_negative_stock',
    'c.over_receipt_tolerance',
    'c.picking_order',
    'c.updated_at',
    'r.id as receiving_id',
    'r.code as receiving_code',
    'r.active as receiving_active',
    't.id as returns_id',
    't.code as returns_code',
    't.active as returns_active',
  ]);
}

type ConfigRow = Awaited<ReturnType<ReturnType<typeof configColumns>['executeTakeFirstOrThrow']>>;

/** A missing configuration row reads as the defaults (the migration's column defaults). */
function toConfig(r: ConfigRow): WarehouseConfig {
  return {
    warehouseId: r.warehouse_id,
    warehouseCode: r.warehouse_code,
    warehouseName: r.warehouse_name,
    warehouseActive: r.warehouse_active,
    allowNegativeStock: r.allow_negative_stock ?? false,
    defaultReceivingLocation:
      r.receiving_id && r.receiving_code !== null && r.receiving_active !== null
        ? { id: r.receiving_id, code: r.receiving_code, active: r.receiving_active }
        : null,
    defaultReturnsLocation:
      r.returns_id && r.returns_code !== null && r.returns_active !== null
        ? { id: r.returns_id, code: r.returns_code, active: r.returns_active }
        : null,
    overReceiptTolerance: r.over_receipt_tolerance ?? '0.00',
    pickingOrder: (r.picking_order ?? 'PICK_SEQUENCE') as PickingOrder,
    updatedAt: (r.updated_at ?? r.warehouse_updated_at).toISOString(),
  };
}

export function orderedConfigs(db: Db, f: WarehouseConfigFilter) {
  const sort = parseSort(f.sort, CONFIG_SORTS, { column: 'w.code', direction: 'asc' });
  return configColumns(db, f).orderBy(sql.ref(sort.column), sort.direction).orderBy('w.id');
}

export async function findConfigs(db: Db, f: WarehouseConfigFilter, limit: number, offset: number) {
  return (await orderedConfigs(db, f).limit(limit).offset(offset).execute()).map(toConfig);
}

export async function countConfigs(db: Db, f: WarehouseConfigFilter): Promise<string> {
  const row = await configFiltered(db, f)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export { toConfig };

export async function findConfig(db: Db, warehouseId: string): Promise<WarehouseConfig | undefined> {
  const row = await configColumns(db, {}).where('w.id', '=', warehouseId).executeTakeFirst();
  return row && toConfig(row);
}

export async function upsertConfig(db: Db, warehouseId: string, c: ConfigWrite) {
  const values = {
    allow_negative_stock: c.allowNegativeStock,
    default_receiving_location_id: c.defaultReceivingLocationId,
    default_returns_location_id: c.defaultReturnsLocationId,
    over_receipt_tolerance: c.overReceiptTolerance,
    picking_order: c.pickingOrder,
    updated_at: new Date(),
  };
  await db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: warehouseId, ...values })
    .onConflict((oc) => oc.column('warehouse_id').doUpdateSet(values))
    .execute();
}

/** Which defaults of its warehouse's configuration name the bin (receiving, returns), for a refusal in words. */
export async function defaultsNamingLocation(db: Db, locationId: string) {
  const row = await db
    .selectFrom('warehouse_configs')
    .select(['default_receiving_location_id', 'default_returns_location_id'])
    .where((eb) =>
      eb.or([eb('default_receiving_location_id', '=', locationId), eb('default_returns_location_id', '=', locationId)]),
    )
    .executeTakeFirst();
  return {
    receiving: row?.default_receiving_location_id === locationId,
    returns: row?.default_returns_location_id === locationId,
  };
}

/** How many warehouse configurations name the bin as a default location. */
export async function countConfigsUsingLocation(db: Db, locationId: string): Promise<number> {
  const row = await db
    .selectFrom('warehouse_configs')
    .select(sql<number>`count(*)::int`.as('n'))
    .where((eb) =>
      eb.or([eb('default_receiving_location_id', '=', locationId), eb('default_returns_location_id', '=', locationId)]),
    )
    .executeTakeFirstOrThrow();
  return row.n;
}
