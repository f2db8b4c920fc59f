import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '../..');

export interface Product {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts the product as `npm start` does (built web app, embedded PostgreSQL and sign-in) on a fresh data directory. */
export async function startProduct(port: number, adminPassword: string): Promise<Product> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-bench-'));
  chmodSync(dataDir, 0o755);
  const baseUrl = `http://localhost:${port}`;
  const child: ChildProcess = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'apps/api/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: adminPassword,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the product did not become ready in 60 s');
    const ok = await fetch(`${baseUrl}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(200);
  }
  return {
    baseUrl,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
