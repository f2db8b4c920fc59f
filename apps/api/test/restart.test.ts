import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ErrorBody, ImportFilePreview, ImportRunDetail } from '@backoffice/contracts';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { isDatabaseUnavailable } from '../src/platform/errors.ts';
import { freePort } from '../src/platform/free-port.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { signInWithCode } from './sign-in.ts';

/**
 * Restart after a crash, with the real server process started as `npm start` starts it (node with tsx's
 * loader on src/main.ts, its embedded PostgreSQL on a data folder under /tmp): a kill -9 of the server, of
 * PostgreSQL, and SIGTERM to the npm chain.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ADMIN_PASSWORD = `Restart-${randomBytes(9).toString('hex')}`;
const dirs: string[] = [];
const children = new Set<ChildProcess>();

afterAll(async () => {
  // A failed test must not leave servers behind: each is stopped by the pid it was started with.
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null && child.pid && isAlive(child.pid))
      process.kill(child.pid, 'SIGKILL');
  for (const dir of dirs) {
    const pg = postmasterPid(dir);
    if (pg && isAlive(pg)) process.kill(pg, 'SIGQUIT');
  }
  await sleep(500);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-restart-'));
  // PostgreSQL runs as the user postgres when the tests run as root: it must reach the folder.
  chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

function postmasterPid(dir: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
  } catch {
    return undefined;
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function until<T>(what: string, check: () => Promise<T | undefined | false>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await sleep(100);
  }
}

interface Proc {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** Starts a command and keeps what it prints; it counts as started once /api/ready answers 200. */
async function launch(command: string, args: string[], env: Record<string, string>, port: number): Promise<Proc> {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ADMIN_PASSWORD, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let text = '';
  child.stdout?.on('data', (c: Buffer) => {
    text += c.toString('utf8');
  });
  child.stderr?.on('data', (c: Buffer) => {
    text += c.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const proc = { child, output: () => text, exited };
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (gone) throw new Error(`the server exited while starting:\n${text}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => undefined);
    if (res?.status === 200) return proc;
    if (Date.now() > deadline) throw new Error(`the server did not become ready:\n${text}`);
    await sleep(200);
  }
}

/** The server as `npm start` runs it: node with tsx's loader on src/main.ts (its pid is the server's). */
function startMain(dir: string, port: number) {
  return launch(
    process.execPath,
    ['--max-old-space-size=1024', '--import', 'tsx', 'apps/api/src/main.ts'],
    { DATA_DIR: dir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    port,
  );
}

async function signInAdmin(port: number) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const tokens = await signInWithCode(
    { baseUrl, issuer: `${baseUrl}/realms/backoffice`, clientId: 'backoffice-web' },
    'admin',
    ADMIN_PASSWORD,
  );
  return api(port, tokens.accessToken);
}

function api(port: number, token: string) {
  const call = async <T>(method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`http://127.0.0.1:${port}${p}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        cookie: 'XSRF-TOKEN=restart',
        'x-xsrf-token': 'restart',
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as T & ErrorBody };
  };
  return {
    get: <T>(p: string) => call<T>('GET', p),
    post: <T>(p: string, body: unknown, headers?: Record<string, string>) => call<T>('POST', p, body, headers),
  };
}

async function productSheet(prefix: string, rows: number) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const ws = workbook.addWorksheet('Sheet1');
  ws.addRow(['SKU', 'Name']).commit();
  for (let i = 0; i < rows; i++) ws.addRow([`${prefix}-${i}`, `Restart product ${i}`]).commit();
  ws.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

async function stopWith(proc: Proc, signal: NodeJS.Signals) {
  if (!proc.child.pid) throw new Error('no pid');
  process.kill(proc.child.pid, signal);
  return Promise.race([proc.exited, sleep(30_000, undefined, { ref: false }).then(() => 'still running' as const)]);
}

describe('restart after a crash', () => {
  it('a server killed with -9 leaves PostgreSQL running; the next start stops it cleanly, says so and serves the same data', async () => {
    const dir = dataDir();
    const port = await freePort();
    const first = await startMain(dir, port);
    const admin = await signInAdmin(port);
    const created = await admin.post('/api/brands', { code: 'CRASH1', name: 'Kept through a crash' });
    expect(created.status).toBe(201);

    const orphan = postmasterPid(dir);
    expect(orphan).toBeTruthy();
    process.kill(first.child.pid as number, 'SIGKILL');
    await first.exited;
    // What broke the next start: PostgreSQL of the killed server still runs and owns the folder.
    expect(isAlive(orphan as number)).toBe(true);

    const second = await startMain(dir, port);
    expect(second.output()).toMatch(/PostgreSQL \(process \d+\) was left running on .* stopping it cleanly/);
    expect(isAlive(orphan as number)).toBe(false);
    const again = await signInAdmin(port);
    const brands = await again.get<{ items: { code: string }[] }>('/api/brands?q=CRASH1');
    expect(brands.body.items.map((b) => b.code)).toEqual(['CRASH1']);

    // SIGTERM: the server closes and stops its PostgreSQL cleanly (its pid file goes).
    const postgres = postmasterPid(dir) as number;
    expect(await stopWith(second, 'SIGTERM')).toBe(0);
    expect(isAlive(postgres)).toBe(false);
    expect(existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 60_000);

  it('SIGTERM to the npm start chain reaches the server, which stops PostgreSQL cleanly', async () => {
    const dir = dataDir();
    const port = await freePort();
    const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    // The root script as npm runs it (`sh -c`), without the web build: npm passes SIGTERM to that shell only,
    // so the shell must have become the server (exec).
    const command = scripts.start?.replace('node scripts/web-up-to-date.mjs', 'true') ?? '';
    expect(command).not.toContain('build');
    const proc = await launch(
      'sh',
      ['-c', command],
      { DATA_DIR: dir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
      port,
    );
    const postgres = postmasterPid(dir) as number;
    expect(isAlive(postgres)).toBe(true);
    await stopWith(proc, 'SIGTERM');
    await until('the server stops', async () => !isAlive(postgres), 20_000);
    expect(existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(false);
    const answer = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => 'closed' as const);
    expect(answer).toBe('closed');
  }, 60_000);

  it('a server killed with -9 during an import: the restart resumes the import on its own, data whole', async () => {
    const dir = dataDir();
    const port = await freePort();
    const first = await startMain(dir, port);
    const admin = await signInAdmin(port);
    const rows = 6_000;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await productSheet('CRASH', rows))]), 'products.xlsx');
    const upload = await admin.post<ImportFilePreview>('/api/import-files?kind=products', form);
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const started = await admin.post<{ id: string }>(
      '/api/product-imports',
      { fileName: upload.body.file.fileName, mode: 'insert' },
      { 'idempotency-key': `restart-${randomBytes(6).toString('hex')}` },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const runPath = `/api/product-imports/${started.body.id}`;
    await until(
      'the import runs',
      async () => ['VALIDATING', 'APPLYING'].includes((await admin.get<ImportRunDetail>(runPath)).body.status),
      20_000,
    );
    process.kill(first.child.pid as number, 'SIGKILL');
    await first.exited;

    await startMain(dir, port);
    const again = await signInAdmin(port);
    const run = await until(
      'the import ends',
      async () => {
        const r = (await again.get<ImportRunDetail>(runPath)).body;
        return (r.status === 'APPLIED' || r.status === 'FAILED') && r;
      },
      45_000,
    );
    expect(run.status, JSON.stringify(run)).toBe('APPLIED');
    const products = await again.get<{ total: number }>('/api/products?q=CRASH-&pageSize=1');
    expect(products.body.total).toBe(rows);
  }, 90_000);
});

describe('PostgreSQL killed while the API runs', () => {
  let server: RunningServer | undefined;
  afterAll(() => server?.stop());

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After, says not ready, and recovers by itself with its jobs', async () => {
    const dir = dataDir();
    const port = await freePort();
    const config = loadConfig({
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
    });
    server = await startServer(config, { logger: false });
    const admin = await signInAdmin(port);
    expect((await admin.get('/api/brands')).status).toBe(200);

    // An import under way when PostgreSQL dies: the job runner must live through it and finish the import.
    const rows = 4_000;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await productSheet('OUTAGE', rows))]), 'products.xlsx');
    const upload = await admin.post<ImportFilePreview>('/api/import-files?kind=products', form);
    expect(upload.status).toBe(201);
    const started = await admin.post<{ id: string }>(
      '/api/product-imports',
      { fileName: upload.body.file.fileName, mode: 'insert' },
      { 'idempotency-key': `outage-${randomBytes(6).toString('hex')}` },
    );
    expect(started.status).toBe(201);
    const runPath = `/api/product-imports/${started.body.id}`;
    await until(
      'the import runs',
      async () => ['VALIDATING', 'APPLYING'].includes((await admin.get<ImportRunDetail>(runPath)).body.status),
      20_000,
    );

    const postgres = postmasterPid(dir) as number;
    process.kill(postgres, 'SIGKILL');
    const list = await admin.get('/api/brands');
    expect(list.status).toBe(503);
    expect(list.body.code).toBe('DATABASE_UNAVAILABLE');
    expect(list.headers.get('retry-after')).toBe('5');
    const write = await admin.post('/api/brands', { code: 'OUTAGE', name: 'Written during an outage' });
    expect(write.status).toBe(503);
    expect(write.body.code).toBe('DATABASE_UNAVAILABLE');
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(((await ready.json()) as ErrorBody).code).toBe('NOT_READY');

    // The server starts its PostgreSQL again and the pool makes new connections: no restart of the API.
    await until('ready again', async () => (await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200, 30_000);
    expect(postmasterPid(dir)).not.toBe(postgres);
    expect((await admin.get('/api/brands')).status).toBe(200);
    expect((await admin.get<{ total: number }>('/api/brands?q=OUTAGE')).body.total).toBe(0);

    const run = await until(
      'the import ends',
      async () => {
        const r = (await admin.get<ImportRunDetail>(runPath)).body;
        return (r.status === 'APPLIED' || r.status === 'FAILED') && r;
      },
      30_000,
    );
    // On failure, the job's attempts and last error say why.
    const job = await server.db.selectFrom('jobs').select(['attempts', 'last_error']).executeTakeFirst();
    expect(run.status, JSON.stringify({ run, job })).toBe('APPLIED');
    expect((await admin.get<{ total: number }>('/api/products?q=OUTAGE-&pageSize=1')).body.total).toBe(rows);
  }, 60_000);
});

describe('isDatabaseUnavailable', () => {
  it('tells a database that cannot be reached from one that refuses a statement', () => {
    const err = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    expect(isDatabaseUnavailable(err('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(err('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(err('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(err('08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new AggregateError([err('ECONNREFUSED')]), { code: undefined }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(err('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(err('57014', 'canceling statement due to statement timeout'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
