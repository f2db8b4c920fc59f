import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { gs1CheckDigit } from '@backoffice/contracts';
import ExcelJS from 'exceljs';
import { startServer } from '../src/server.ts';
import { signInWithCode } from '../test/sign-in.ts';
import { benchProduct } from './common.ts';

/**
 * `npm run bench`: figures, not pass/fail. Starts the product as `npm start` does, on a fresh data
 * directory and a loopback port, and measures start-up, sign-in and API latency and throughput.
 */
const { dir, baseUrl, config } = benchProduct('api', 18_000);

/** `BENCH_API_PARTS=api,imports` (both by default); `BENCH_IMPORT_ROWS` (50 000) rows per import. */
const parts = new Set((process.env.BENCH_API_PARTS ?? 'api,imports').split(',').map((p) => p.trim()));
const importRows = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const BENCH_BINS = 50;
const binCode = (i: number) => `B${String(i).padStart(2, '0')}`;

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
  if (parts.has('api')) await apiLatency(headers);

  // Imports through the API as the web page does them (upload the .xlsx, start the run, poll it until
  // applied), each while a client keeps asking for a page of a list: the server must keep answering.
  // Server and benchmark share this process, so the RSS is both together and the event loop is the server's.
  if (parts.has('imports')) {
    const xsrf = { cookie: 'XSRF-TOKEN=bench-xsrf', 'x-xsrf-token': 'bench-xsrf' };
    const brand = await fetch(`${baseUrl}/api/brands`, {
      method: 'POST',
      headers: { ...headers, ...xsrf, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'BENCH', name: 'Bench brand' }),
    });
    if (!brand.ok) throw new Error(`POST /api/brands: ${brand.status}`);
    const timed = { baseUrl, headers, xsrf, report };
    await timedImport(timed, {
      label: 'product import',
      kind: 'products',
      path: '/api/product-imports',
      file: await productSheet(importRows),
      rows: importRows,
      body: {},
    });
    // Opening balances of every product just imported, in one warehouse's bins (the set mode's first upload).
    const warehouse = await server.db
      .insertInto('warehouses')
      .values({ code: 'BENCHWH', name: 'Bench warehouse', kind: 'OWN', active: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('warehouse_configs')
      .values({ warehouse_id: warehouse.id, allow_negative_stock: false })
      .execute();
    await server.db
      .insertInto('warehouse_locations')
      .values(Array.from({ length: BENCH_BINS }, (_, i) => ({ warehouse_id: warehouse.id, code: binCode(i) })))
      .execute();
    await timedImport(timed, {
      label: 'inventory import',
      kind: 'inventory',
      path: '/api/inventory-imports',
      file: await inventorySheet(importRows),
      rows: importRows,
      body: { mode: 'set' },
    });
  }
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

type Headers = Record<string, string>;

/** p50/p95 of a few light requests one after the other, and /api/me throughput with 16 clients. */
async function apiLatency(headers: Headers) {
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
}

interface Timed {
  baseUrl: string;
  headers: Headers;
  xsrf: Headers;
  report: (figure: string, value: string) => void;
}

/**
 * One import timed from upload to applied, with its peak RSS, while a client asks for the first page of the
 * products list every 25 ms (its p95 is what a user feels meanwhile) and the event loop's delays are sampled.
 */
async function timedImport(
  { baseUrl, headers, xsrf, report }: Timed,
  spec: { label: string; kind: string; path: string; file: Buffer; rows: number; body: Record<string, unknown> },
) {
  const { label, file } = spec;
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 20);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let probing = true;
  const listLatency: number[] = [];
  const probe = (async () => {
    while (probing) {
      const s = performance.now();
      const res = await fetch(`${baseUrl}/api/products?page=1&pageSize=20`, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`GET /api/products: ${res.status}`);
      listLatency.push(performance.now() - s);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const t = performance.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), `bench-${spec.kind}.xlsx`);
  const uploaded = await fetch(`${baseUrl}/api/import-files?kind=${spec.kind}`, {
    method: 'POST',
    headers: { ...headers, ...xsrf },
    body: form,
  });
  if (!uploaded.ok) throw new Error(`POST /api/import-files: ${uploaded.status} ${await uploaded.text()}`);
  const { file: stored } = (await uploaded.json()) as { file: { fileName: string } };
  const started = await fetch(`${baseUrl}${spec.path}`, {
    method: 'POST',
    headers: { ...headers, ...xsrf, 'content-type': 'application/json', 'idempotency-key': `bench-${Date.now()}` },
    body: JSON.stringify({ fileName: stored.fileName, ...spec.body }),
  });
  if (!started.ok) throw new Error(`POST ${spec.path}: ${started.status} ${await started.text()}`);
  const firstAnswer = performance.now() - t;
  const { id } = (await started.json()) as { id: string };
  let run: {
    status: string;
    createdCount: number;
    updatedCount: number;
    failure: unknown;
    timings: Record<string, number> | null;
  };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    run = (await (await fetch(`${baseUrl}${spec.path}/${id}`, { headers })).json()) as typeof run;
    if (run.status === 'APPLIED' || run.status === 'FAILED') break;
  }
  const total = performance.now() - t;
  probing = false;
  await probe;
  loop.disable();
  clearInterval(sampler);
  if (run.status !== 'APPLIED' || run.createdCount + run.updatedCount !== spec.rows)
    throw new Error(`${label} ${run.status}: ${JSON.stringify(run.failure)}`);
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  const ratio = (value: number, goal: number) => `${(value / goal).toFixed(2)}× of goal`;
  report(`${label} ${spec.rows} rows: file size`, `${mb(file.length)} (${file.length} bytes)`);
  report(`${label}: upload answered, run queued`, ms(firstAnswer));
  report(`${label}: upload to applied (goal ≤ 10 s)`, `${(total / 1000).toFixed(2)} s (${ratio(total, 10_000)})`);
  const timings = run.timings ?? {};
  report(
    `${label}: server read / check / write`,
    `${ms(timings.readMs ?? 0)} / ${ms(timings.checkMs ?? 0)} / ${ms(timings.applyMs ?? 0)}`,
  );
  report(
    `${label}: peak RSS, server + bench (goal ≤ 400 MB)`,
    `${mb(rssPeak)} (${ratio(rssPeak / 1024 / 1024, 400)}; ${mb(rssBefore)} before, +${mb(rssPeak - rssBefore)})`,
  );
  const p95 = pct(listLatency, 0.95);
  report(
    `${label}: list p95 meanwhile (goal ≤ 300 ms)`,
    `${ms(p95)} (${ratio(p95, 300)}; ${listLatency.length} requests, max ${ms(Math.max(0, ...listLatency))})`,
  );
  report(`${label}: event loop's longest block`, `${ms(loop.max / 1e6)} (p99 ${ms(loop.percentile(99) / 1e6)})`);
  // The machine's other work slows every figure here: two cores shared with tests make them several times slower.
  report(
    `${label}: load average meanwhile`,
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' / '),
  );
}

/** A product sheet of `count` rows as suppliers send them: every column, valid EAN-13 barcodes. */
async function productSheet(count: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Products');
  sheet
    .addRow([
      'SKU',
      'Name',
      'Brand',
      'Barcodes',
      'Unit',
      'Kind',
      'Cost price',
      'Sale price',
      'VAT rate',
      'Weight (kg)',
      'Reorder point',
      'Reorder quantity',
      'Active',
    ])
    .commit();
  for (let i = 0; i < count; i++) {
    const body = `501${String(i).padStart(9, '0')}`;
    sheet
      .addRow([
        `BENCH-${String(i).padStart(6, '0')}`,
        `Bench product ${i} with a name of ordinary length`,
        'BENCH',
        `${body}${gs1CheckDigit(body)}`,
        i % 10 === 0 ? 'Kilogram (Kg)' : 'Unit',
        'Stock',
        `${(i % 500) + 1}.${String(i % 10_000).padStart(4, '0')}`,
        `${(i % 900) + 2}.99`,
        i % 7 === 0 ? '5' : '20',
        `${(i % 30) + 0.25}`,
        `${i % 20}`,
        `${(i % 20) + 10}`,
        'yes',
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

/** An inventory sheet of `count` rows: every bench product's opening balance in one of the bench warehouse's bins. */
async function inventorySheet(count: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Inventory');
  sheet.addRow(['SKU', 'Warehouse', 'Bin', 'Quantity', 'Unit cost', 'Reason']).commit();
  for (let i = 0; i < count; i++)
    sheet
      .addRow([
        `BENCH-${String(i).padStart(6, '0')}`,
        'BENCHWH',
        binCode(i % BENCH_BINS),
        String((i % 40) + 1),
        `${(i % 300) + 1}.${String(i % 100).padStart(2, '0')}`,
        i % 5 === 0 ? 'Stock take before go-live' : '',
      ])
      .commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}
