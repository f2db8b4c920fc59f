import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './db.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Arbitrary constant: one process migrates at a time. */
const MIGRATION_LOCK = 7_301_155;

/** Applies the ordered plain-SQL files of db/migrations that have not run yet, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(
        conn,
      );
      const done = new Set((await conn.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
      for (const file of files) {
        if (done.has(file)) continue;
        const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
        await conn.transaction().execute(async (tx) => {
          await sql.raw(text).execute(tx);
          await tx.insertInto('schema_migrations').values({ name: file }).execute();
        });
        applied.push(file);
      }
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
  return applied;
}
