import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** SQL of reversals: the rows a posting wrote, what is left of the layers they made, the reversal records. */

type Db = Kysely<Database>;

export interface PostedRow {
  id: string;
  product_id: string;
  sku: string;
  warehouse_id: string;
  warehouse_code: string;
  location_id: string | null;
  location_code: string | null;
  bucket: string;
  kind: string;
  quantity: string;
  source_type: string;
  source_id: string | null;
}

function postedRows(db: Db) {
  return (
    db
      .selectFrom('stock_movements as m')
      .innerJoin('products as p', 'p.id', 'm.product_id')
      .innerJoin('warehouses as w', 'w.id', 'm.warehouse_id')
      .leftJoin('warehouse_locations as loc', 'loc.id', 'm.location_id')
      .select([
        sql<string>`m.id::text`.as('id'),
        'm.product_id',
        'p.sku',
        'm.warehouse_id',
        'w.code as warehouse_code',
        'm.location_id',
        'loc.code as location_code',
        'm.bucket',
        'm.kind',
        'm.quantity',
        'm.source_type',
        'm.source_id',
      ])
      // Value-only rows (revaluations, landed costs, price differences) are not postings of their own.
      .where('m.quantity', '<>', '0')
  );
}

/** One ledger row of a source type (revaluations are not postings of their own). */
export async function postedRow(db: Db, sourceType: string, id: string): Promise<PostedRow | undefined> {
  return postedRows(db).where('m.source_type', '=', sourceType).where('m.id', '=', id).executeTakeFirst();
}

/** The rows one posting wrote for a source, in the order written. */
export async function rowsOfSource(db: Db, sourceType: string, sourceId: string): Promise<PostedRow[]> {
  return postedRows(db)
    .where('m.source_type', '=', sourceType)
    .where('m.source_id', '=', sourceId)
    .orderBy('m.id')
    .execute();
}

/** What is left of the layers each inbound row made (by row id; a row whose layers are gone is absent). */
export async function remainingOfLayers(db: Db, movementIds: string[]): Promise<Map<string, string>> {
  if (!movementIds.length) return new Map();
  const rows = await db
    .selectFrom('stock_layers')
    .select([sql<string>`origin_movement_id::text`.as('id'), sql<string>`sum(remaining)`.as('remaining')])
    .where(sql<boolean>`origin_movement_id = ANY(${movementIds}::bigint[])`)
    .where('remaining', '>', '0')
    .groupBy('origin_movement_id')
    .execute();
  return new Map(rows.map((r) => [r.id, r.remaining]));
}

/** How much of each outbound row linked rows have already brought back. */
export async function broughtBack(db: Db, movementIds: string[]): Promise<Map<string, string>> {
  if (!movementIds.length) return new Map();
  const rows = await db
    .selectFrom('stock_movements')
    .select([sql<string>`link_id::text`.as('id'), sql<string>`sum(quantity)`.as('quantity')])
    .where(sql<boolean>`link_id = ANY(${movementIds}::bigint[])`)
    .where('quantity', '<>', '0')
    .groupBy('link_id')
    .execute();
  return new Map(rows.map((r) => [r.id as string, r.quantity]));
}

export interface ReversalRow {
  id: string;
  source_type: string;
  source_id: string;
  movement_ids: string[];
  reason: string;
  reversed_by: string;
  reversed_by_name: string;
  reversed_at: Date;
}

function reversals(db: Db) {
  return db
    .selectFrom('stock_reversals as r')
    .innerJoin('users as u', 'u.id', 'r.reversed_by')
    .select([
      'r.id',
      'r.source_type',
      'r.source_id',
      sql<string[]>`r.movement_ids::text[]`.as('movement_ids'),
      'r.reason',
      'r.reversed_by',
      'u.username as reversed_by_name',
      'r.reversed_at',
    ]);
}

export async function reversalOf(db: Db, sourceType: string, sourceId: string): Promise<ReversalRow | undefined> {
  return reversals(db).where('r.source_type', '=', sourceType).where('r.source_id', '=', sourceId).executeTakeFirst();
}

export async function insertReversal(
  db: Db,
  r: { sourceType: string; sourceId: string; movementIds: string[]; reason: string; userId: string },
) {
  await db
    .insertInto('stock_reversals')
    .values({
      source_type: r.sourceType,
      source_id: r.sourceId,
      movement_ids: sql<string[]>`${r.movementIds}::bigint[]`,
      reason: r.reason,
      reversed_by: r.userId,
    })
    .execute();
}

/** The bins' quantities of the rows' products (product|warehouse|bin → on hand). */
export async function binQuantities(db: Db, rows: PostedRow[]): Promise<Map<string, string>> {
  const productIds = [...new Set(rows.map((r) => r.product_id))];
  if (!productIds.length) return new Map();
  const found = await db
    .selectFrom('stock_bin_balances')
    .select(['product_id', 'warehouse_id', 'location_id', 'on_hand'])
    .where('product_id', 'in', productIds)
    .execute();
  return new Map(found.map((b) => [`${b.product_id}|${b.warehouse_id}|${b.location_id ?? ''}`, b.on_hand]));
}
