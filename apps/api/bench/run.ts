import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/server.ts';
import { signInWithCode } from '../test/sign-in.ts';

/**
 * `npm run bench`: figures, not pass/fail. Starts the product as `npm start` does, on a fresh data
 * directory and a loopback port, and measures start-up, sign-in and API latency and throughput.
 */
const port = 18_000 + Math.floor(Math.random() * 1000);
const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-bench-'));
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

const results: { figure: string; value: string }[] = [];
const report = (figure: string, value: string) => {
  results.push({ figure, value });
  console.log(`${figure.padEnd(48)} ${value}`);
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

let t = performance.now();
const server = await startServer(config, { logger: false });
report('cold start (new cluster, migrations, listen)', ms(performance.now() - t));
try {
  const site = { baseUrl, issuer: config.oidc.issuer, clientId: config.oidc.clientId };
  const signIns: number[] = [];
  let token = '';
  for (let i = 0; i < 5; i++) {
    t = performance.now();
    token = (await signInWithCode(site, 'admin', 'bench-admin-password')).accessToken;
    signIns.push(performance.now() - t);
  }
  report('sign-in, full code flow with PKCE (median of 5)', ms(pct(signIns, 0.5)));

  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  for (const [label, url] of [
    ['GET /api/me', '/api/me'],
    ['GET /api/roles (page of 20)', '/api/roles'],
    ['GET /api/system-logs (page of 20)', '/api/system-logs'],
  ] as const) {
    const lat: number[] = [];
    for (let i = 0; i < 300; i++) {
      const s = performance.now();
      const res = await fetch(`${baseUrl}${url}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      lat.push(performance.now() - s);
    }
    report(`${label} p50 / p95 (300 sequential)`, `${ms(pct(lat, 0.5))} / ${ms(pct(lat, 0.95))}`);
  }

  const concurrency = 16;
  const perClient = 100;
  t = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = 0; i < perClient; i++) await (await fetch(`${baseUrl}/api/me`, { headers })).arrayBuffer();
    }),
  );
  const seconds = (performance.now() - t) / 1000;
  report(`GET /api/me throughput (${concurrency} clients)`, `${Math.round((concurrency * perClient) / seconds)} req/s`);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
