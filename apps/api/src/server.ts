import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from './config.ts';
import { createDb, type Db } from './db/db.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { migrate } from './db/migrate.ts';
import type { AdminBootstrap } from './domains/users/index.ts';
import { freePort } from './platform/free-port.ts';
import { createLogger } from './platform/logging.ts';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  url: string;
  admin: AdminBootstrap;
  stop(): Promise<void>;
}

const EMBEDDED_DB = 'backoffice';

/** Starts everything on one port: database (embedded unless DATABASE_URL), migrations, sign-in, API, web app. */
export async function startServer(config: Config, opts: { logger?: boolean } = {}): Promise<RunningServer> {
  // The application's modules (most of a start's CPU: the identity provider, the areas, the contracts) load
  // while PostgreSQL starts in its own process, instead of before it.
  const modules = Promise.all([import('./app.ts'), import('./domains/users/index.ts')]);
  modules.catch(() => {}); // awaited below; this only keeps a failure before then from going unhandled
  let embedded: EmbeddedServer | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    // PostgreSQL's own life (an orphan stopped, a restart after it died) in the server's log.
    const log = opts.logger === false ? undefined : createLogger(config.log);
    embedded = await startEmbeddedPostgres(
      path.join(config.dataDir, 'pg'),
      config.embeddedPgPort ?? (await freePort()),
      log && {
        info: (m) => log.info({ component: 'postgres' }, m),
        warn: (m) => log.warn({ component: 'postgres' }, m),
        error: (m) => log.error({ component: 'postgres' }, m),
      },
    );
    const admin = createDb(embedded.url('postgres'), 1);
    const exists = await sql`SELECT 1 FROM pg_database WHERE datname = ${EMBEDDED_DB}`.execute(admin);
    if (!exists.rows.length) await sql.raw(`CREATE DATABASE ${EMBEDDED_DB}`).execute(admin);
    await admin.destroy();
    databaseUrl = embedded.url(EMBEDDED_DB);
  }
  const db = createDb(databaseUrl, 20);
  try {
    await migrate(db);
    const [{ buildApp }, { ensureAdministrator }] = await modules;
    // Work left under way by a server that stopped is taken back by the job runner's sweep, not here: once
    // its heartbeat is stale, or sooner when that server was a process of this machine that is gone (a kill -9
    // and a restart), since another server sharing the database may be running it.
    const admin = await ensureAdministrator(db, {
      password: config.adminPassword,
      email: config.adminEmail,
      passwordsManagedHere: config.oidc.embedded,
    });
    const app = await buildApp({ config, db, logger: opts.logger });
    await app.listen({ port: config.port, host: config.host });
    let stopping: Promise<void> | undefined;
    return {
      app,
      db,
      admin,
      url: config.publicUrl,
      stop: () => {
        stopping ??= (async () => {
          await app.close();
          await db.destroy();
          await embedded?.stop();
        })();
        return stopping;
      },
    };
  } catch (e) {
    await db.destroy().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw e;
  }
}
