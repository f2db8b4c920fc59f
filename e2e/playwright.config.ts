import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

import { ADMIN_PASSWORD, BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH, E2E_PORT } from './support/env.ts';

/** The product as `npm start` runs it (embedded PostgreSQL and sign-in), on a data directory of its own. */
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-'));
// PostgreSQL runs as the user postgres, which must be able to reach the directory.
chmodSync(dataDir, 0o755);
process.env.E2E_DATA_DIR = dataDir;
const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: './test-results',
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `${path.join(root, 'node_modules/.bin/tsx')} ${path.join(root, 'apps/api/src/main.ts')}`,
    cwd: root,
    url: `${BASE_URL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(E2E_PORT),
      PUBLIC_URL: BASE_URL,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      EDI_PORTAL_URL: 'https://edi.example.test',
    },
  },
});
