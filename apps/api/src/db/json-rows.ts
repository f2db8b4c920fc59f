import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Many rows into one table in one statement with one parameter: the rows travel as a JSON array and PostgreSQL reads
 * them with the table's own row type (`jsonb_populate_recordset`), so each value is converted by its column's type
 * (decimals as text stay exact). A multi-row VALUES of thousands of rows sends and binds a parameter per value (tens
 * of thousands per statement); this sends one. Every row has the same keys, the table's column names; columns not
 * named take their defaults. `tail` adds ON CONFLICT and RETURNING.
 */
export function insertJsonRows<T extends keyof Database & string>(
  table: T,
  rows: readonly Record<string, unknown>[],
  tail: RawBuilder<unknown> = sql``,
): RawBuilder<unknown> {
  const columns = Object.keys(rows[0] ?? {});
  if (!columns.length) throw new Error(`insertJsonRows(${table}): no rows`);
  const list = sql.join(columns.map((c) => sql.ref(c)));
  return sql`INSERT INTO ${sql.table(table)} (${list})
    SELECT ${list} FROM jsonb_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb) ${tail}`;
}

export async function executeJsonRows<R>(
  db: Kysely<Database>,
  table: keyof Database & string,
  rows: readonly Record<string, unknown>[],
  tail: RawBuilder<unknown> = sql``,
): Promise<R[]> {
  if (!rows.length) return [];
  const { rows: out } = await (insertJsonRows(table, rows, tail) as RawBuilder<R>).execute(db);
  return out;
}
