import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createDb, type Db } from '../src/db/db.ts';
import { freePort } from '../src/platform/free-port.ts';
import { benchProduct } from './common.ts';

/**
 * The product in a process of its own, started exactly as `npm start --workspace apps/api` starts it (its start
 * script, node's flags included, on its embedded defaults), for a bench that measures the server alone: its
 * resident memory is read from /proc while the bench's own client code, its files and its timers live in the bench's
 * process. The bench reaches the product's embedded PostgreSQL directly (`db`) to set up data in bulk.
 */
export interface ProductProcess {
  baseUrl: string;
  issuer: string;
  clientId: string;
  adminPassword: string;
  db: Db;
  /** The server process's resident memory now, bytes. */
  rss(): number;
  stop(): Promise<void>;
}

const API_DIR = fileURLToPath(new URL('..', import.meta.url));

export async function startProductProcess(name: string, firstPort: number): Promise<ProductProcess> {
  const { port, dir, baseUrl } = benchProduct(name, firstPort);
  const pgPort = await freePort();
  const adminPassword = 'bench-admin-password';
  const start = (JSON.parse(readFileSync(`${API_DIR}/package.json`, 'utf8')) as { scripts: { start: string } }).scripts
    .start;
  // The start script begins with exec: the shell becomes node, so the child's pid is the server's.
  const child: ChildProcess = spawn('sh', ['-c', start], {
    cwd: API_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dir,
      EMBEDDED_PG_PORT: String(pgPort),
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString('utf8');
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString('utf8');
  });
  let exited = false;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`the product exited while starting:\n${output}`);
    const res = await fetch(`${baseUrl}/api/ready`).catch(() => undefined);
    if (res?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`the product did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const db = createDb(`postgres://postgres:postgres@127.0.0.1:${pgPort}/backoffice`, 2);
  return {
    baseUrl,
    issuer: `${baseUrl}/realms/backoffice`,
    clientId: 'backoffice-web',
    adminPassword,
    db,
    rss: () => {
      try {
        const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
        return Number(kb ?? 0) * 1024;
      } catch {
        return 0;
      }
    },
    stop: async () => {
      await db.destroy();
      child.kill('SIGTERM');
      await gone;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
