import { sql } from 'kysely';
import type { Db } from '../src/db/db.ts';

/**
 * Tables a refused request may still write, or that change on their own: the request log and idempotency
 * records, the job queue and the outbox, the identity provider's sessions, keys and sign-in counters, and
 * Analytics' daily facts and totals (derived from the documents by an outbox handler, whenever an earlier change is delivered).
 */
const NOT_BUSINESS =
  /^(system_logs|idempotency_keys|schema_migrations|jobs|job_.*|outbox_.*|oidc_.*|sign_in_.*|app_secrets|analytics_daily_.*)$/;

/** Every business table of the database, read from the catalogue, so a new table is covered without a list. */
export async function businessTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  return rows.map((r) => r.name).filter((n) => !NOT_BUSINESS.test(n));
}

/**
 * One line per business table: its row count and a digest of its rows in a stable order, so any insert,
 * update or delete shows as a difference, and the difference names the table.
 */
export async function businessChecksum(db: Db, tables: readonly string[]): Promise<Record<string, string>> {
  const parts = tables.map(
    (t) =>
      `SELECT '${t}' AS name, count(*)::text || ':' || coalesce(md5(string_agg(md5(x::text), '' ORDER BY md5(x::text))), '-') AS digest FROM "${t}" x`,
  );
  const { rows } = await sql.raw<{ name: string; digest: string }>(parts.join(' UNION ALL ')).execute(db);
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}

/** The tables whose digest differs between two checksums. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}
