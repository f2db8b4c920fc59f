import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// numeric (1700) and int8 (20) stay strings: exact, never binary floating point.
// date (1082) stays the calendar day as written, YYYY-MM-DD.
pg.types.setTypeParser(1082, (v: string) => v);

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

export function createDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  // A dropped idle connection must not take the process down.
  pool.on('error', () => {});
  // Nor one that drops while checked out between two statements (a transaction doing work in code when
  // PostgreSQL restarts): pg would raise it as an unhandled 'error' event. The next statement on that client
  // then fails (an unavailable database, answered 503) and the pool discards it rather than reuse it.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
