import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { signInWithCode } from '../test/sign-in.ts';
import { envInt, load, pct, reporter } from './common.ts';
import { startProductProcess } from './product-process.ts';

/**
 * `npm run bench:sales-upload --workspace apps/api`: the sales-invoice Excel upload of issue 17 ("a 50,000-line
 * upload at 100,000 products in at most 10 s and 400 MB, other requests still answering"). Figures, not pass/fail.
 * Starts the product on a fresh data directory, writes BENCH_SALES_PRODUCTS products (set-based SQL), makes an .xlsx
 * of BENCH_SALES_LINES lines (BENCH_SALES_LINES_PER_ORDER lines per order, buyers drawn from BENCH_SALES_CUSTOMERS
 * e-mails, none known yet), uploads it, previews it and commits it through HTTP as the web app does, and polls the
 * run until it is applied. Meanwhile a small request (one warehouse page) is sent every 50 ms and timed, and the
 * server's resident memory is sampled: the product runs in a process of its own, started as `npm start` starts it
 * (bench/product-process.ts), so the figure is the server's alone (PostgreSQL is its own process; the workbook is
 * made by another, bench/sales-upload-file.ts).
 * Reports: preview seconds, commit-to-applied seconds, peak RSS in MB, and the small request's p50 / p95 / max.
 *
 * Small, while developing: BENCH_SALES_PRODUCTS=2000 BENCH_SALES_LINES=2000 npm run bench:sales-upload --workspace apps/api
 */

const PRODUCTS = envInt('BENCH_SALES_PRODUCTS', 100_000);
const LINES = envInt('BENCH_SALES_LINES', 50_000);
const PER_ORDER = envInt('BENCH_SALES_LINES_PER_ORDER', 3);
const CUSTOMERS = envInt('BENCH_SALES_CUSTOMERS', 2_000);
const GOAL_S = 10;
const GOAL_MB = 400;

const report = reporter(60);

console.log(
  `sales upload bench: ${LINES} lines (${PER_ORDER} per order, ${CUSTOMERS} buyers) at ${PRODUCTS} products; ` +
    `${cpus().length} CPUs, load ${load()}`,
);
const product = await startProductProcess('sales-upload', 19000);
const { db, baseUrl } = product;
const dir = mkdtempSync(join(tmpdir(), 'backoffice-bench-sales-upload-file-'));
try {
  const site = { baseUrl, issuer: product.issuer, clientId: product.clientId };
  const token = (await signInWithCode(site, 'admin', product.adminPassword)).accessToken;
  const auth = { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=b3nch', 'x-xsrf-token': 'b3nch' };
  const call = async <T>(method: string, p: string, body?: unknown, extra: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}${p}`, {
      method,
      headers: {
        ...auth,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...extra,
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = (await res.json()) as T;
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(answer).slice(0, 500)}`);
    return answer;
  };

  let t = performance.now();
  await sql`INSERT INTO products (sku, name) SELECT 'BS-' || g, 'Bench product ' || g FROM generate_series(0, ${PRODUCTS - 1}) g`.execute(
    db,
  );
  const warehouse = await db
    .insertInto('warehouses')
    .values({ code: 'BENCHSU', name: 'Bench upload warehouse', kind: 'OWN' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const mapping = await call<{ id: string }>(
    'POST',
    '/api/excel-mappings',
    {
      name: 'Bench orders',
      kind: 'sales_invoices',
      columns: [
        ['Channel', 'channel'],
        ['Order', 'externalOrderId'],
        ['Buyer', 'customerName'],
        ['Email', 'customerEmail'],
        ['Street', 'addressLine1'],
        ['Town', 'city'],
        ['Postcode', 'postcode'],
        ['SKU', 'sku'],
        ['Qty', 'quantity'],
        ['Price', 'unitPrice'],
        ['Shipping', 'shippingCharge'],
      ].map(([header, field]) => ({ header, field })),
    },
    { 'idempotency-key': `bench-mapping-${Date.now()}` },
  );
  // The workbook is made by a process of its own (its memory is not the server's), then read back.
  const filePath = join(dir, 'bench-orders.xlsx');
  execFileSync(process.execPath, [
    ...process.execArgv,
    fileURLToPath(new URL('./sales-upload-file.ts', import.meta.url)),
    filePath,
    ...[LINES, PER_ORDER, CUSTOMERS, PRODUCTS].map(String),
  ]);
  const content = readFileSync(filePath);
  report(
    'setup (products, file)',
    `${((performance.now() - t) / 1000).toFixed(1)} s, file ${(content.length / 1e6).toFixed(1)} MB`,
  );

  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), 'bench-orders.xlsx');
  const stored = await fetch(`${baseUrl}/api/import-files?kind=sales_invoices`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  if (!stored.ok) throw new Error(`upload: ${stored.status} ${await stored.text()}`);
  const fileName = ((await stored.json()) as { file: { fileName: string } }).file.fileName;
  const input = { fileName, mappingId: mapping.id, channel: 'AMAZON', warehouseId: warehouse.id, book: false };

  // The small request, every 50 ms, and the memory, every 50 ms, for the whole preview and import.
  let probing = true;
  const latencies: number[] = [];
  const startRss = product.rss();
  let peakRss = startRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, product.rss());
  }, 50);
  const probe = (async () => {
    while (probing) {
      const at = performance.now();
      await call('GET', '/api/warehouses?pageSize=1');
      latencies.push(performance.now() - at);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();

  t = performance.now();
  const preview = await call<{ orderCount: number; errorCount: number }>(
    'POST',
    '/api/sales-invoice-uploads/preview',
    input,
  );
  const previewS = (performance.now() - t) / 1000;
  if (preview.errorCount) throw new Error(`the bench file has ${preview.errorCount} problems`);
  t = performance.now();
  const run = await call<{ id: string }>('POST', '/api/sales-invoice-uploads', input, {
    'idempotency-key': `bench-commit-${Date.now()}`,
  });
  let done: { status: string; createdCount: number; skippedCount: number; totalMs: number | null } | undefined;
  for (;;) {
    done = await call('GET', `/api/sales-invoice-uploads/${run.id}`);
    if (done?.status === 'APPLIED' || done?.status === 'FAILED') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const commitS = (performance.now() - t) / 1000;
  probing = false;
  await probe;
  clearInterval(sampler);

  const timings = (await db.selectFrom('import_runs').select('timings').where('id', '=', run.id).executeTakeFirst())
    ?.timings as { readMs: number; checkMs: number; applyMs: number } | null;
  report('orders in the file', String(preview.orderCount));
  report('preview (read and check, nothing written)', `${previewS.toFixed(2)} s`);
  report(
    `commit → ${done?.status} (check again, then write in batches)`,
    `${commitS.toFixed(2)} s (${(commitS / GOAL_S).toFixed(2)}× of ${GOAL_S} s); job ${((done?.totalMs ?? 0) / 1000).toFixed(2)} s`,
  );
  report('created / skipped', `${done?.createdCount} / ${done?.skippedCount}`);
  if (timings)
    report(
      'job steps: read file / check against database / write',
      `${(timings.readMs / 1000).toFixed(2)} s / ${(timings.checkMs / 1000).toFixed(2)} s / ${(timings.applyMs / 1000).toFixed(2)} s`,
    );
  report(
    'peak RSS of the server process',
    `${(peakRss / 1e6).toFixed(0)} MB (${(peakRss / 1e6 / GOAL_MB).toFixed(2)}× of ${GOAL_MB} MB); ${(startRss / 1e6).toFixed(0)} MB before`,
  );
  report(
    `small request during it (${latencies.length} sent)`,
    `p50 ${pct(latencies, 0.5).toFixed(1)} ms, p95 ${pct(latencies, 0.95).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
  );
  // The goal in one line each: the figure, the goal and their ratio (at most 1 meets it).
  const p95 = pct(latencies, 0.95);
  console.log(
    `upload (commit to applied): ${commitS.toFixed(1)} s of ${GOAL_S} s goal: ${(commitS / GOAL_S).toFixed(2)}`,
  );
  const wholeS = previewS + commitS;
  console.log(
    `upload with its preview (preview, then commit to applied): ${wholeS.toFixed(1)} s of ${GOAL_S} s goal: ${(wholeS / GOAL_S).toFixed(2)}`,
  );
  console.log(
    `upload peak memory: ${(peakRss / 1e6).toFixed(0)} MB of ${GOAL_MB} MB goal: ${(peakRss / 1e6 / GOAL_MB).toFixed(2)}`,
  );
  console.log(`other requests meanwhile: p95 ${p95.toFixed(0)} ms (${latencies.length} sent)`);
  console.log(`load at the end: ${load()}`);
} finally {
  await product.stop();
  rmSync(dir, { recursive: true, force: true });
}
