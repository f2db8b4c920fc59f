import { TRANSFER_SOURCE_TYPE, type TransferFilter } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { dayEnd, dayStart } from '../../platform/business-day.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/** SQL of inventory transfers and their lines; the rules live in transfer.service.ts. */

type Db = Kysely<Database>;

// References for the checks of a draft

export async function findWarehouses(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db.selectFrom('warehouses').select(['id', 'code', 'name', 'active']).where('id', 'in', ids).execute();
}

export async function findProducts(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('products')
    .select(['id', 'sku', 'name', 'unit', 'kind', 'active'])
    .where('id', 'in', ids)
    .execute();
}

export async function findLocations(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('warehouse_locations')
    .select(['id', 'warehouse_id', 'code', 'active'])
    .where('id', 'in', ids)
    .execute();
}

// Writes

export interface TransferWrite {
  fromWarehouseId: string;
  toWarehouseId: string;
  expectedDate: string | null;
  notes: string;
}

export interface LineWrite {
  lineNo: number;
  productId: string;
  fromLocationId: string | null;
  toLocationId: string | null;
  quantity: string;
}

export async function insertTransfer(db: Db, number: string, t: TransferWrite, userId: string): Promise<string> {
  const row = await db
    .insertInto('inventory_transfers')
    .values({
      number,
      from_warehouse_id: t.fromWarehouseId,
      to_warehouse_id: t.toWarehouseId,
      expected_date: t.expectedDate,
      notes: t.notes,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTransfer(db: Db, id: string, t: TransferWrite) {
  await db
    .updateTable('inventory_transfers')
    .set({
      from_warehouse_id: t.fromWarehouseId,
      to_warehouse_id: t.toWarehouseId,
      expected_date: t.expectedDate,
      notes: t.notes,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Replaces a draft's lines with these. */
export async function replaceLines(db: Db, transferId: string, lines: LineWrite[]) {
  await db.deleteFrom('inventory_transfer_lines').where('transfer_id', '=', transferId).execute();
  if (!lines.length) return;
  await db
    .insertInto('inventory_transfer_lines')
    .values(
      lines.map((l) => ({
        transfer_id: transferId,
        line_no: l.lineNo,
        product_id: l.productId,
        from_location_id: l.fromLocationId,
        to_location_id: l.toLocationId,
        quantity: l.quantity,
      })),
    )
    .execute();
}

/** Dispatched: every line leaves in full. */
export async function markDispatched(db: Db, id: string, userId: string) {
  await db
    .updateTable('inventory_transfer_lines')
    .set({ dispatched_quantity: sql`quantity` })
    .where('transfer_id', '=', id)
    .execute();
  await db
    .updateTable('inventory_transfers')
    .set({ status: 'DISPATCHED', dispatched_at: sql`now()`, dispatched_by: userId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Adds a receipt's quantities to a line; a discrepancy brings its reason. */
export async function addToLine(db: Db, lineId: string, received: string, discrepancy: string, reason: string | null) {
  await db
    .updateTable('inventory_transfer_lines')
    .set({
      received_quantity: sql`received_quantity + ${received}::numeric`,
      discrepancy_quantity: sql`discrepancy_quantity + ${discrepancy}::numeric`,
      ...(reason !== null ? { discrepancy_reason: reason } : {}),
    })
    .where('id', '=', lineId)
    .execute();
}

export async function markReceived(db: Db, id: string, userId: string, complete: boolean) {
  await db
    .updateTable('inventory_transfers')
    .set(
      complete
        ? { status: 'RECEIVED', received_at: sql`now()`, received_by: userId, updated_at: sql`now()` }
        : { status: 'PARTIALLY_RECEIVED', updated_at: sql`now()` },
    )
    .where('id', '=', id)
    .execute();
}

export async function markCanceled(db: Db, id: string, userId: string, reason: string) {
  await db
    .updateTable('inventory_transfers')
    .set({
      status: 'CANCELED',
      canceled_at: sql`now()`,
      canceled_by: userId,
      cancel_reason: reason,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

// Reads

function transferBase(db: Db) {
  return db
    .selectFrom('inventory_transfers as t')
    .innerJoin('warehouses as fw', 'fw.id', 't.from_warehouse_id')
    .innerJoin('warehouses as tw', 'tw.id', 't.to_warehouse_id')
    .leftJoin('users as cu', 'cu.id', 't.created_by');
}

const HEAD_COLUMNS = [
  't.id',
  't.number',
  't.status',
  't.from_warehouse_id',
  'fw.code as from_code',
  'fw.name as from_name',
  't.to_warehouse_id',
  'tw.code as to_code',
  'tw.name as to_name',
  't.expected_date',
  't.notes',
  't.created_by',
  'cu.username as created_by_name',
  't.dispatched_at',
  't.received_at',
  't.canceled_at',
  't.cancel_reason',
  't.created_at',
  't.updated_at',
] as const;

export type TransferHead = Awaited<ReturnType<typeof findTransfer>> & object;

export async function findTransfer(db: Db, id: string) {
  return transferBase(db)
    .leftJoin('users as du', 'du.id', 't.dispatched_by')
    .leftJoin('users as ru', 'ru.id', 't.received_by')
    .leftJoin('users as xu', 'xu.id', 't.canceled_by')
    .select([
      ...HEAD_COLUMNS,
      't.dispatched_by',
      'du.username as dispatched_by_name',
      't.received_by',
      'ru.username as received_by_name',
      't.canceled_by',
      'xu.username as canceled_by_name',
    ])
    .where('t.id', '=', id)
    .executeTakeFirst();
}

/** Lines of transfers in line order, with their product and bins. */
export async function findLines(db: Db, transferIds: string[]) {
  if (!transferIds.length) return [];
  return db
    .selectFrom('inventory_transfer_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('warehouse_locations as fl', 'fl.id', 'l.from_location_id')
    .leftJoin('warehouse_locations as tl', 'tl.id', 'l.to_location_id')
    .select([
      'l.id',
      'l.transfer_id',
      'l.line_no',
      'l.product_id',
      'p.sku',
      'p.name',
      'p.unit',
      'p.kind',
      'l.from_location_id',
      'fl.code as from_location_code',
      'l.to_location_id',
      'tl.code as to_location_code',
      'l.quantity',
      'l.dispatched_quantity',
      'l.received_quantity',
      'l.discrepancy_quantity',
      'l.discrepancy_reason',
    ])
    .where('l.transfer_id', 'in', transferIds)
    .orderBy('l.transfer_id')
    .orderBy('l.line_no')
    .execute();
}
export type LineRow = Awaited<ReturnType<typeof findLines>>[number];

/**
 * What the transfer's ledger rows are worth now, per line and kind: each row's value plus any later
 * revaluation of it (a backdated posting upstream changes what the units cost).
 */
export async function lineValues(db: Db, transferId: string) {
  const { rows } = await sql<{ source_line: string | null; kind: string; value: string }>`
    SELECT m.source_line, m.kind,
      sum(m.value + coalesce((SELECT sum(r.value) FROM stock_movements r
        WHERE r.link_id = m.id AND r.kind = 'REVALUATION'), 0))::text AS value
    FROM stock_movements m
    WHERE m.source_type = ${TRANSFER_SOURCE_TYPE} AND m.source_id = ${transferId} AND m.kind <> 'REVALUATION'
    GROUP BY m.source_line, m.kind`.execute(db);
  return rows;
}

/**
 * The FIFO layers each line's receipts took out of transit (the consumptions of its TRANSIT_OUT rows, kept
 * in step by every replay), summed per line, received date and unit cost, oldest first.
 */
export async function receivedLayers(db: Db, transferId: string) {
  const { rows } = await sql<{
    source_line: string | null;
    received_at: Date;
    unit_cost: string;
    quantity: string;
    value: string;
  }>`
    SELECT m.source_line, c.received_at, c.unit_cost::text AS unit_cost,
      sum(abs(c.quantity))::text AS quantity, sum(abs(c.value))::text AS value
    FROM stock_movements m
    JOIN stock_consumptions c ON c.movement_id = m.id
    WHERE m.source_type = ${TRANSFER_SOURCE_TYPE} AND m.source_id = ${transferId} AND m.kind = 'TRANSIT_OUT'
    GROUP BY m.source_line, c.received_at, c.unit_cost
    ORDER BY m.source_line, c.received_at, c.unit_cost`.execute(db);
  return rows;
}

// The list

const SORTS = {
  number: 't.number',
  status: 't.status',
  createdAt: 't.created_at',
  expectedDate: 't.expected_date',
  dispatchedAt: 't.dispatched_at',
  receivedAt: 't.received_at',
  fromWarehouse: 'fw.code',
  toWarehouse: 'tw.code',
} as const;

function filtered(db: Db, f: TransferFilter) {
  let query = transferBase(db);
  const text = f.q;
  if (text)
    query = query.where((eb) =>
      eb.or([
        eb('t.number', 'ilike', likePattern(text)),
        eb.exists(
          eb
            .selectFrom('inventory_transfer_lines as sl')
            .innerJoin('products as sp', 'sp.id', 'sl.product_id')
            .select(sql`1`.as('one'))
            .whereRef('sl.transfer_id', '=', 't.id')
            .where((inner) =>
              inner.or([inner('sp.sku', 'ilike', likePattern(text)), inner('sp.name', 'ilike', likePattern(text))]),
            ),
        ),
      ]),
    );
  if (f.status) query = query.where('t.status', '=', f.status);
  if (f.fromWarehouseId) query = query.where('t.from_warehouse_id', '=', f.fromWarehouseId);
  if (f.toWarehouseId) query = query.where('t.to_warehouse_id', '=', f.toWarehouseId);
  // Days are the business's (London), whatever the server's zone.
  if (f.from) query = query.where(sql<boolean>`t.created_at >= ${dayStart(f.from)}`);
  if (f.to) query = query.where(sql<boolean>`t.created_at < ${dayEnd(f.to)}`);
  return query;
}

/** The filter's transfers in its order (newest first by default), id last so that paging is stable. */
export async function findTransfers(db: Db, f: TransferFilter, limit: number, offset: number) {
  const sort = parseSort(f.sort, SORTS, { column: 't.created_at', direction: 'desc' });
  const sums = db
    .selectFrom('inventory_transfer_lines as l')
    .select([
      'l.transfer_id',
      sql<string>`count(*)`.as('line_count'),
      sql<string>`sum(l.quantity)`.as('quantity'),
      sql<string>`sum(l.dispatched_quantity)`.as('dispatched_quantity'),
      sql<string>`sum(l.received_quantity)`.as('received_quantity'),
      sql<string>`sum(l.discrepancy_quantity)`.as('discrepancy_quantity'),
    ])
    .groupBy('l.transfer_id');
  return (
    filtered(db, f)
      .leftJoin(sums.as('s'), 's.transfer_id', 't.id')
      .select([
        ...HEAD_COLUMNS,
        's.line_count',
        's.quantity',
        's.dispatched_quantity',
        's.received_quantity',
        's.discrepancy_quantity',
      ])
      // Dates not reached yet (not dispatched, no expected date) sort last either way.
      .orderBy(sql`${sql.ref(sort.column)} ${sql.raw(sort.direction)} NULLS LAST`)
      .orderBy('t.id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute()
  );
}
export type TransferListRow = Awaited<ReturnType<typeof findTransfers>>[number];

export async function countTransfers(db: Db, f: TransferFilter): Promise<number> {
  const row = await filtered(db, f).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

// What refers to master data (warehouses, products, bins): they cannot be deleted while a transfer names them.

export async function countTransfersOfWarehouse(db: Db, warehouseId: string): Promise<number> {
  const row = await db
    .selectFrom('inventory_transfers')
    .select(sql<string>`count(*)`.as('n'))
    .where((eb) => eb.or([eb('from_warehouse_id', '=', warehouseId), eb('to_warehouse_id', '=', warehouseId)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countTransfersOfProduct(db: Db, productId: string): Promise<number> {
  const row = await db
    .selectFrom('inventory_transfer_lines')
    .select(sql<string>`count(DISTINCT transfer_id)`.as('n'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countTransfersOfLocation(db: Db, locationId: string): Promise<number> {
  const row = await db
    .selectFrom('inventory_transfer_lines')
    .select(sql<string>`count(DISTINCT transfer_id)`.as('n'))
    .where((eb) => eb.or([eb('from_location_id', '=', locationId), eb('to_location_id', '=', locationId)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
