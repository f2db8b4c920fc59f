import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { createDb, type Db } from '../src/db/db.ts';
import { freePort } from '../src/platform/free-port.ts';
import type { JobRunnerOptions } from '../src/platform/jobs/index.ts';
import type { TestApp } from './app.ts';
import type { TestDatabase } from './db.ts';

/** Short intervals, so tests see claims, heartbeats and deliveries within a second. */
export const FAST_JOBS: Partial<JobRunnerOptions> = {
  pollMs: 50,
  heartbeatMs: 100,
  staleAfterMs: 3_000,
  sweepMs: 60_000,
  eventBackoffBaseMs: 20,
  eventBackoffMaxMs: 100,
};

export interface JobServer extends TestApp {
  db: Db;
}

/**
 * One API server on a shared test database, with a pool of its own (as a second process would have) and a
 * job runner named `serverId`. Closing it stops the server and its pool, not the database.
 */
export async function startJobServer(
  t: TestDatabase,
  serverId: string,
  jobs: Partial<JobRunnerOptions> = {},
): Promise<JobServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config: Config = loadConfig({ PORT: String(port), PUBLIC_URL: baseUrl, LOG_LEVEL: 'silent' });
  const db = createDb(t.url, 10);
  const app: FastifyInstance = await buildApp({
    config,
    db,
    logger: false,
    jobs: { ...FAST_JOBS, serverId, ...jobs },
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    config,
    t: { ...t, db },
    db,
    baseUrl,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

/** Waits until `check` answers something truthy (or fails after `ms`). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('the condition was not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
