import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/db.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { migrate } from '../src/db/migrate.ts';
import { TEMPLATE_DB } from './db.ts';

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL when set (CI runs PostgreSQL 15 that way),
 * the embedded server otherwise. A template database is migrated once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let server: EmbeddedServer | undefined;
  let dir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = mkdtempSync(path.join(tmpdir(), 'backoffice-test-pg-'));
    chmodSync(dir, 0o755);
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    server = await startEmbeddedPostgres(path.join(dir, 'pg'), port);
    adminUrl = server.url('postgres');
  }
  const admin = createDb(adminUrl, 1);
  const { sql } = await import('kysely');
  await sql.raw(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`).execute(admin);
  await sql.raw(`CREATE DATABASE ${TEMPLATE_DB}`).execute(admin);
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DB);
  const template = createDb(templateUrl, 1);
  await migrate(template);
  await template.destroy();
  await admin.destroy();
  project.provide('adminDatabaseUrl', adminUrl);
  return async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}
