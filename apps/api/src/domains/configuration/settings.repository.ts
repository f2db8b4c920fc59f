import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * SQL of the system settings and the document number counters (read here for the previews; numbers are taken by
 * platform/documents-numbers.ts); rules live in the services.
 */

type Db = Kysely<Database>;

/** The key of the default warehouse setting, which counts as a reference to that warehouse. */
export const DEFAULT_WAREHOUSE_KEY = 'inventory.defaultWarehouseId';

/** Arbitrary constant: changes to the configuration are made one at a time. */
const SETTINGS_LOCK = 7_301_211;

/** Serialises changes to the configuration until the caller's transaction ends. */
export async function lockSettings(db: Db) {
  await sql`SELECT pg_advisory_xact_lock(${SETTINGS_LOCK})`.execute(db);
}

/** The saved values whose key starts with `prefix` (a group and a dot), by key. */
export async function loadSettings(db: Db, prefix: string): Promise<Map<string, unknown>> {
  const rows = await db
    .selectFrom('system_settings')
    .select(['key', 'value'])
    .where('key', 'like', `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    .execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function saveSetting(db: Db, key: string, value: unknown, userId: string | null) {
  const json = JSON.stringify(value);
  await db
    .insertInto('system_settings')
    .values({ key, value: json, updated_by: userId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date(), updated_by: userId }))
    .execute();
}

/** Forgets a saved value: the setting goes back to its default. */
export async function forgetSetting(db: Db, key: string) {
  await db.deleteFrom('system_settings').where('key', '=', key).execute();
}

export async function countDefaultWarehouseSettings(db: Db, warehouseId: string): Promise<number> {
  const row = await db
    .selectFrom('system_settings')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('key', '=', DEFAULT_WAREHOUSE_KEY)
    .where(sql<boolean>`value = to_jsonb(${warehouseId}::text)`)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function findWarehouseSummary(db: Db, id: string, lock = false) {
  let query = db.selectFrom('warehouses').select(['id', 'code', 'name', 'active']).where('id', '=', id);
  if (lock) query = query.forShare();
  return query.executeTakeFirst();
}

/** The last numbers given in a year, by kind. */
export async function lastSequences(db: Db, year: number): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('document_number_counters')
    .select(['kind', 'last_value'])
    .where('year', '=', year)
    .execute();
  return new Map(rows.map((r) => [r.kind, r.last_value]));
}

/** How many document numbers have ever been given. */
export async function countIssuedNumbers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('document_number_counters')
    .select(sql<string>`coalesce(sum(last_value), 0)`.as('n'))
    .executeTakeFirstOrThrow();
  // A count of documents: far below 2^53.
  return Number(row.n);
}
