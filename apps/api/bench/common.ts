import { chmodSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';

/** What the API's benches share: their size settings, a fresh product to run, and how figures are printed. */

/** A positive whole number from the environment (a bench's size), or the default. */
export function envInt(name: string, fallback: number): number {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number.parseInt(v, 10);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive whole number, not "${v}"`);
  return n;
}

/** The product's configuration on a fresh data directory and a random port from `firstPort`, silent. */
export function benchProduct(name: string, firstPort: number) {
  const port = firstPort + Math.floor(Math.random() * 1000);
  const dir = mkdtempSync(path.join(tmpdir(), `backoffice-bench-${name}-`));
  chmodSync(dir, 0o755);
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dir,
    ADMIN_PASSWORD: 'bench-admin-password',
    LOG_LEVEL: 'silent',
  });
  return { port, dir, baseUrl, config };
}

/** One figure per line, its name padded to `width` so the values line up. */
export const reporter =
  (width: number) =>
  (figure: string, value: string): void =>
    console.log(`${figure.padEnd(width)} ${value}`);
export const ms = (n: number) => `${n.toFixed(1)} ms`;
export const s = (n: number) => `${(n / 1000).toFixed(1)} s`;
/** The p-th fraction (0.95 for p95) of the timings, nearest rank. */
export const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
export const ratio = (value: number, goal: number) => `${(value / goal).toFixed(2)}× of goal`;
/** The machine's load averages (1, 5, 15 minutes): the figures mean little without them. */
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
