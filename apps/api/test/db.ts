import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { createDb, type Db } from '../src/db/db.ts';

export const TEMPLATE_DB = 'backoffice_test_template';

export interface TestDatabase {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file (cloned from the template in a few ms). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `backoffice_test_${randomBytes(6).toString('hex')}`;
  const admin = createDb(adminUrl, 1);
  await sql.raw(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`).execute(admin);
  await admin.destroy();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const db = createDb(url, 20);
  return {
    url,
    db,
    async drop() {
      await db.destroy();
      const a = createDb(adminUrl, 1);
      await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(a);
      await a.destroy();
    },
  };
}
