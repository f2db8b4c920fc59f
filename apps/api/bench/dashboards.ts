import { rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { rebuildFacts } from '../src/domains/dashboards/analytics.facts.ts';
import * as analytics from '../src/domains/dashboards/analytics.repository.ts';
import { layerAges } from '../src/domains/reports/index.ts';
import { checkStock, ensureCheckpoints } from '../src/domains/stock/index.ts';
import { startServer } from '../src/server.ts';
import { signInWithCode } from '../test/sign-in.ts';
import { benchProduct, envInt, load, ms, ratio, reporter, s } from './common.ts';
import { dashboardData } from './dashboards-data.ts';

/**
 * `npm run bench` (with the API's benches), or alone with `npm run bench:dashboards --workspace apps/api`: the
 * dashboards at size (figures, not pass or fail). Starts the product on a fresh data directory, writes
 * BENCH_DASH_PRODUCTS products, a stock ledger of about BENCH_DASH_MOVEMENTS rows with its FIFO layers and balances,
 * and about BENCH_DASH_LINES sales invoice lines over the last 400 days with their shipments and some returns
 * (dashboards-data.ts, set-based SQL), rebuilds the analytics daily facts (timed), confirms the stock balances
 * (checkStock), then times through HTTP as the administrator, RUNS times each after one warm-up (median and worst):
 *   - the landing dashboard's data, GET /api/dashboard/summary (goal 200 ms);
 *   - Analytics for the last 365 days by month, GET /api/analytics/summary (goal 1 s);
 *   - Analytics by channel for the same year, GET /api/analytics/breakdown (goal 1 s, as the page it is on), and by
 *     product (its first page by sales; no goal set);
 *   - the Daily Control report for 366 days, GET /api/reports/daily-control-and-ship-list.
 * BENCH_DASH_PROFILE=1 also times the summary's parts one by one.
 * Small, while developing:
 *   BENCH_DASH_PRODUCTS=2000 BENCH_DASH_MOVEMENTS=50000 BENCH_DASH_LINES=20000 npm run bench:dashboards --workspace apps/api
 */

const PRODUCTS = envInt('BENCH_DASH_PRODUCTS', 100_000);
const MOVEMENTS = envInt('BENCH_DASH_MOVEMENTS', 5_000_000);
const LINES = envInt('BENCH_DASH_LINES', 1_000_000);
const RUNS = envInt('BENCH_DASH_RUNS', 5);

const { dir, baseUrl, config } = benchProduct('dashboards', 20000);
const report = reporter(64);
console.log(
  `dashboards bench: ${PRODUCTS} products, ~${MOVEMENTS} movements, ~${LINES} invoice lines; ${cpus().length} CPUs, load ${load()}`,
);

const server = await startServer(config, { logger: false });
const db = server.db;
try {
  const site = { baseUrl, issuer: config.oidc.issuer, clientId: config.oidc.clientId };
  const token = (await signInWithCode(site, 'admin', 'bench-admin-password')).accessToken;
  const get = async (url: string) => {
    const res = await fetch(`${baseUrl}${url}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${text.slice(0, 500)}`);
    return JSON.parse(text) as unknown;
  };
  const admin = await sql<{ id: string }>`SELECT id FROM users WHERE lower(username) = 'admin'`.execute(db);
  const userId = (admin.rows[0] as { id: string }).id;

  let t = performance.now();
  const data = await dashboardData(db, {
    products: PRODUCTS,
    movements: MOVEMENTS,
    lines: LINES,
    userId,
    log: (line) => console.log(line),
  });
  const movements = Object.values(data.movements).reduce((a, b) => a + b, 0);
  report('data written', s(performance.now() - t));
  report(
    'sales invoices, lines (shipped), return tickets',
    `${data.invoices}, ${data.lines} (${data.shippedLines}), ${data.returnTickets}`,
  );
  report(
    'ledger rows (by kind and source)',
    `${movements}: ${Object.entries(data.movements)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
  report('open layers, consumptions, levels', `${data.layers}, ${data.consumptions}, ${data.levels}`);

  // A live ledger has its month-start checkpoints (the stock core's job makes each as a month begins; Analytics and
  // the stock reports ask for missing ones): as-at values, stock turn's among them, start from the nearest.
  t = performance.now();
  const checkpoints = await ensureCheckpoints(db);
  report('month-start stock checkpoints made (ensureCheckpoints)', `${checkpoints} in ${s(performance.now() - t)}`);

  t = performance.now();
  const facts = await rebuildFacts(db);
  report('analytics daily facts rebuilt (rebuildFacts)', `${s(performance.now() - t)}, ${facts} rows`);
  await sql`VACUUM (ANALYZE) analytics_daily_facts`.execute(db);

  t = performance.now();
  const check = await checkStock(db);
  report(
    'stock balances against the ledger (checkStock)',
    `${check.ok ? 'ok' : `${check.differences.length} differences, e.g. ${JSON.stringify(check.differences[0])}`} in ${s(performance.now() - t)}`,
  );

  // The FIFO consumptions: every outbound row taken whole from layers received before it.
  const fifo = await sql<{ wrong: string }>`
    SELECT count(*)::text AS wrong FROM stock_movements m
    LEFT JOIN (SELECT c.movement_id, sum(c.quantity) AS q, bool_or(c.received_at > o.posted_at) AS later
               FROM stock_consumptions c JOIN stock_movements o ON o.id = c.movement_id GROUP BY c.movement_id) c
      ON c.movement_id = m.id
    WHERE m.quantity < 0 AND (c.q IS DISTINCT FROM -m.quantity OR c.later)`.execute(db);
  report('outbound rows not covered by earlier layers', fifo.rows[0]?.wrong ?? '?');

  const { rows } = await sql<{ today: string }>`
    SELECT (now() AT TIME ZONE 'Europe/London')::date::text AS today`.execute(db);
  const today = (rows[0] as { today: string }).today;
  const daysBefore = (n: number) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - n);
    return d.toISOString().slice(0, 10);
  };
  const year = `from=${daysBefore(364)}&to=${today}`;
  // The year's sales and cost of goods straight from the sources, to compare with what Analytics answers.
  const sources = await sql<{ sales: string; cogs: string }>`
    SELECT (SELECT coalesce(sum(round(l.net_amount * i.exchange_rate, 2)), 0) FROM sales_invoices i
        JOIN sales_invoice_lines l ON l.invoice_id = i.id
        WHERE i.status = 'PROCESSED' AND (i.shipped_at AT TIME ZONE 'Europe/London')::date >= ${daysBefore(364)}::date)::text AS sales,
      (SELECT coalesce(-sum(m.value), 0) FROM sales_invoices i
        JOIN stock_movements m ON m.source_type = 'sales_invoice' AND m.source_id = i.id::text AND m.kind = 'ISSUE'
        WHERE i.status = 'PROCESSED' AND (i.shipped_at AT TIME ZONE 'Europe/London')::date >= ${daysBefore(364)}::date)::text
        AS cogs`.execute(db);
  const expected = sources.rows[0] as { sales: string; cogs: string };

  const measure = async (figure: string, url: string, goalMs: number | null, check?: (body: unknown) => string) => {
    const started = performance.now();
    const first = await get(url);
    const cold = performance.now() - started;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await get(url);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor((times.length - 1) / 2)] as number;
    const worst = times[times.length - 1] as number;
    const goal =
      goalMs === null
        ? '; no goal set'
        : `; goal ${ms(goalMs)}: median ${ratio(median, goalMs)}, worst ${ratio(worst, goalMs)}`;
    report(
      figure,
      `median ${ms(median)}, worst ${ms(worst)} of ${RUNS} after a first of ${ms(cold)}${goal}${check ? ` (${check(first)})` : ''}`,
    );
  };

  await measure('dashboard data, GET /api/dashboard/summary', '/api/dashboard/summary', 200);
  await measure(
    'Analytics, 365 days by month, GET /api/analytics/summary',
    `/api/analytics/summary?period=month&${year}`,
    1000,
    (b) => {
      const x = b as { current?: { salesNet?: string; issuedCost?: string }; series?: unknown[] };
      const same = x.current?.salesNet !== undefined && new Decimal(x.current.salesNet).eq(expected.sales);
      return `sales ${x.current?.salesNet ?? '?'} (sources: ${expected.sales}${same ? ', same' : ', DIFFERENT'}), issued cost ${x.current?.issuedCost ?? '?'} (sources: ${expected.cogs}), ${x.series?.length ?? '?'} points`;
    },
  );
  await measure(
    'Analytics by channel, 365 days, GET /api/analytics/breakdown',
    `/api/analytics/breakdown?dimension=channel&period=month&${year}`,
    1000,
    (b) => `${(b as { total?: number }).total ?? '?'} channels`,
  );
  await measure(
    'Analytics by product, 365 days, first page by sales',
    `/api/analytics/breakdown?dimension=product&period=month&${year}&sort=-salesNet`,
    null,
    (b) => `${(b as { total?: number }).total ?? '?'} products`,
  );
  await measure(
    'Daily Control, 366 days (GET /api/reports/daily-control-…)',
    `/api/reports/daily-control-and-ship-list?from=${daysBefore(365)}&to=${today}`,
    null,
    (b) => `${(b as { rows?: unknown[] }).rows?.length ?? '?'} day and channel rows`,
  );
  // BENCH_DASH_PROFILE=1: the summary's parts one by one (as it runs them at once), to see where its time goes.
  if (process.env.BENCH_DASH_PROFILE === '1') {
    const from = daysBefore(364);
    const previousTo = daysBefore(365);
    const previousFrom = daysBefore(729);
    const parts: [string, () => Promise<unknown>][] = [
      ['totals', () => analytics.factTotals(db, from, today, {})],
      ['previous totals', () => analytics.factTotals(db, previousFrom, previousTo, {})],
      ['series by month', () => analytics.factSeries(db, 'month', from, today, {})],
      [
        'channels',
        () =>
          analytics.factBreakdown(db, {
            dimension: 'channel',
            from,
            to: today,
            previousFrom,
            previousTo,
            filter: {},
            sort: '-salesNet',
            limit: 100,
            offset: 0,
          }),
      ],
      ['products by margin (top and bottom)', () => analytics.productsByMargin(db, from, today, {}, 10)],
      ['stock value at the end', () => analytics.stockValueAt(db, today, {})],
      ['stock value at the previous end', () => analytics.stockValueAt(db, previousTo, {})],
      ['stock value before the previous', () => analytics.stockValueAt(db, daysBefore(730), {})],
      ['ageing (layerAges)', () => layerAges(db, {})],
    ];
    for (const [name, run] of parts) {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
      report(`  profile: ${name}`, times.map(ms).join(', '));
    }
  }
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
