import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDb } from '../src/db/db.ts';

/**
 * Writes (or, with `check`, compares) apps/api/openapi.json, generated from the contracts.
 * The document needs no database: the app is built with an external provider and a pool that never connects.
 */
const mode = process.argv[2] ?? 'write';
const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../openapi.json');
const config = loadConfig({
  OIDC_SERVER_URL: 'https://sso.example.com',
  PUBLIC_URL: 'http://localhost:8080',
  LOG_LEVEL: 'silent',
});
const db = createDb('postgres://unused@127.0.0.1:1/unused', 1);
const app = await buildApp({ config, db, logger: false });
await app.ready();
const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await db.destroy();

if (mode === 'check') {
  let committed = '';
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    // missing: stale by definition
  }
  if (committed !== text) {
    console.error('apps/api/openapi.json is stale: run `npm run openapi --workspace apps/api` and commit it.');
    process.exit(1);
  }
  console.log('openapi.json is current');
} else {
  writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
