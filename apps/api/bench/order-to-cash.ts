import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { checkStock } from '../src/domains/stock/index.ts';
import { startServer } from '../src/server.ts';
import { signInWithCode } from '../test/sign-in.ts';
import { benchProduct, envInt, load, ms, pct, ratio, reporter, s } from './common.ts';
import { invoiceHistory, stockProducts } from './order-to-cash-data.ts';
import { adminUser, databaseUrl } from './stock-bench.repository.ts';

/**
 * `npm run bench` (last), or alone with `npm run bench:order-to-cash --workspace apps/api`: order to
 * cash at size (issue 17: "booking 1,000 invoices and shipping them, per-second rates; the invoice list with
 * 1,000,000 lines answers search and filters in at most 50 ms p95"). Figures, not pass/fail. Starts the product on a
 * fresh data directory, writes BENCH_O2C_PRODUCTS products with stock in one warehouse (order-to-cash-data.ts,
 * set-based through the stock core's own tables), signs in as the web app does, then through HTTP:
 *   1. creates BENCH_O2C_INVOICES invoices of 3 lines, books half one after another and half from 8 clients at once,
 *      picks them on pick lists (create, scan every line, confirm) and ships them on ship lists (create, confirm with
 *      a parcel and tracking number each), giving invoices/s per step; then checks ledger = balances and that no
 *      product's available went below zero;
 *   2. grows the invoices to BENCH_O2C_LINES lines (two years, many customers, every channel and status), and times
 *      the list as the web app calls it (with its status tabs' counts), BENCH_O2C_RUNS times per case one after
 *      another after two unmeasured ones: p50 / p95 and the p95's ratio to the 50 ms goal.
 *
 * Small, while developing: BENCH_O2C_PRODUCTS=5000 BENCH_O2C_INVOICES=200 BENCH_O2C_LINES=100000 npm run bench:order-to-cash --workspace apps/api
 * BENCH_O2C_PARTS=flow,list (both by default); BENCH_O2C_HOLD=1 keeps the database up at the end (its URL is printed).
 */

const PRODUCTS = envInt('BENCH_O2C_PRODUCTS', 100_000);
const INVOICES = envInt('BENCH_O2C_INVOICES', 1_000);
const LINES = envInt('BENCH_O2C_LINES', 1_000_000);
const CUSTOMERS = envInt('BENCH_O2C_CUSTOMERS', 50_000);
const RUNS = envInt('BENCH_O2C_RUNS', 50);
const CLIENTS = 8;
const LINES_PER_INVOICE = 3;
/** Invoices per pick list and per ship list (at most 500, the lists' limit). */
const LIST_SIZE = Math.min(envInt('BENCH_O2C_LIST_SIZE', 250), 500);
const PARTS = new Set((process.env.BENCH_O2C_PARTS ?? 'flow,list').split(',').map((p) => p.trim()));
const GOAL_MS = 50;

const benchStart = performance.now();
const { dir, baseUrl, config } = benchProduct('o2c', 18000);

const report = reporter(72);
const rate = (n: number, millis: number) => `${(n / (millis / 1000)).toFixed(1)} invoices/s (${n} in ${s(millis)})`;

console.log(
  `order-to-cash bench: ${PRODUCTS} products, ${INVOICES} invoices through the API, list at ${LINES} lines; ` +
    `${cpus().length} CPUs, load ${load()}`,
);
const server = await startServer(config, { logger: false });
const db = server.db;
try {
  const site = { baseUrl, issuer: config.oidc.issuer, clientId: config.oidc.clientId };
  const token = (await signInWithCode(site, 'admin', 'bench-admin-password')).accessToken;
  const headers = {
    authorization: `Bearer ${token}`,
    accept: 'application/json',
    cookie: 'XSRF-TOKEN=bench-xsrf',
    'x-xsrf-token': 'bench-xsrf',
  };
  let keys = 0;
  const call = async <T>(method: string, url: string, body?: unknown, expect = 200) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...headers,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'POST' ? { 'idempotency-key': `o2c-${Date.now()}-${++keys}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status !== expect) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  };
  const admin = await adminUser(db);

  let t = performance.now();
  const stock = await stockProducts(db, { products: PRODUCTS, quantity: 1000 });
  report(`${PRODUCTS} products with 1000 units each in one warehouse`, s(performance.now() - t));
  const check0 = await checkStock(db);
  if (!check0.ok) throw new Error(`generated stock is inconsistent: ${JSON.stringify(check0.differences.slice(0, 3))}`);

  if (PARTS.has('flow')) await flow();
  if (PARTS.has('list')) await list();

  report('order-to-cash bench, start to end', `${s(performance.now() - benchStart)} (load average now ${load()})`);
  if (process.env.BENCH_O2C_HOLD === '1') {
    console.log(`holding the database: psql ${await databaseUrl(db)} (Ctrl-C ends)`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }

  /** Create, book, pick and ship INVOICES invoices through the API. */
  async function flow() {
    const services = await call<{ items: { id: string; code: string; tracked: boolean }[] }>(
      'GET',
      '/api/ship-lists/carrier-services',
    );
    const service = services.items.find((x) => x.tracked) ?? services.items[0];
    if (!service) throw new Error('no carrier service to ship with');
    const customer = await call<{ id: string }>(
      'POST',
      '/api/customers',
      {
        name: 'Bench Buyer',
        email: 'bench.buyer@example.com',
        addresses: [{ kind: 'shipping', line1: '1 Bench Street', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' }],
      },
      201,
    );
    // Each invoice: 3 different products (the k-th invoice's spread over all products), 1–3 units each.
    const bodyOf = (k: number) => ({
      customerId: customer.id,
      warehouseId: stock.warehouseId,
      channel: 'SHOPIFY',
      externalOrderId: `O2C-${Date.now().toString(36)}-${k}`,
      carrierServiceId: service.id,
      lines: Array.from({ length: LINES_PER_INVOICE }, (_, j) => ({
        productId: stock.productIds[(k * 7919 + j * 104_729) % stock.productIds.length] as string,
        quantity: String(1 + ((k + j) % 3)),
        unitPrice: '12.50',
      })),
    });
    const ids: string[] = [];
    t = performance.now();
    for (let k = 0; k < INVOICES; k++)
      ids.push((await call<{ id: string }>('POST', '/api/sales-invoices', bodyOf(k), 201)).id);
    report(
      `create ${INVOICES} invoices of ${LINES_PER_INVOICE} lines (POST /api/sales-invoices, 1 client)`,
      rate(INVOICES, performance.now() - t),
    );

    const half = Math.floor(INVOICES / 2);
    const bookTimes: number[] = [];
    const book = async (id: string) => {
      const t0 = performance.now();
      const booked = await call<{ status: string }>('POST', `/api/sales-invoices/${id}/book`, {});
      bookTimes.push(performance.now() - t0);
      if (booked.status !== 'BOOKED') throw new Error(`booked as ${booked.status}`);
    };
    t = performance.now();
    for (const id of ids.slice(0, half)) await book(id);
    report(
      'book (POST …/:id/book), 1 client',
      `${rate(half, performance.now() - t)}, p50 ${ms(pct(bookTimes, 0.5))}, p95 ${ms(pct(bookTimes, 0.95))}`,
    );
    bookTimes.length = 0;
    const rest = ids.slice(half);
    t = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < rest.length) await book(rest[next++] as string);
      }),
    );
    report(
      `book, ${CLIENTS} clients`,
      `${rate(rest.length, performance.now() - t)}, p50 ${ms(pct(bookTimes, 0.5))}, p95 ${ms(pct(bookTimes, 0.95))}`,
    );

    // Pick: lists of LIST_SIZE invoices, each created, every line scanned to its quantity, confirmed.
    type PickList = { id: string; status: string; lines: { product: { sku: string }; required: string }[] };
    let createMs = 0;
    let scanMs = 0;
    let confirmMs = 0;
    let scans = 0;
    const pickStart = performance.now();
    for (let i = 0; i < ids.length; i += LIST_SIZE) {
      const chunk = ids.slice(i, i + LIST_SIZE);
      let t0 = performance.now();
      const pl = await call<PickList>(
        'POST',
        '/api/pick-lists',
        { warehouseId: stock.warehouseId, invoiceIds: chunk },
        201,
      );
      createMs += performance.now() - t0;
      t0 = performance.now();
      for (const line of pl.lines) {
        await call('POST', `/api/pick-lists/${pl.id}/scan`, {
          code: line.product.sku,
          quantity: line.required,
          warehouseId: stock.warehouseId,
        });
        scans++;
      }
      scanMs += performance.now() - t0;
      t0 = performance.now();
      const done = await call<PickList>('POST', `/api/pick-lists/${pl.id}/confirm`, { warehouseId: stock.warehouseId });
      confirmMs += performance.now() - t0;
      if (done.status !== 'CONFIRMED') throw new Error(`pick list ${done.status}`);
    }
    const lists = Math.ceil(ids.length / LIST_SIZE);
    report(
      `pick on ${lists} lists of ≤ ${LIST_SIZE} (create, scan each line, confirm)`,
      rate(ids.length, performance.now() - pickStart),
    );
    report(
      '  create / scans / confirm',
      `${s(createMs)} / ${s(scanMs)} (${scans} scans, ${ms(scanMs / Math.max(scans, 1))} each) / ${s(confirmMs)} ` +
        `(${rate(ids.length, confirmMs)} confirmed)`,
    );

    // Ship: lists of LIST_SIZE invoices, created, then confirmed with one parcel and a tracking number each.
    type ShipList = { id: string; status: string; rows: { invoice: { id: string } }[] };
    createMs = 0;
    confirmMs = 0;
    const shipStart = performance.now();
    for (let i = 0; i < ids.length; i += LIST_SIZE) {
      const chunk = ids.slice(i, i + LIST_SIZE);
      let t0 = performance.now();
      const sl = await call<ShipList>(
        'POST',
        '/api/ship-lists',
        { warehouseId: stock.warehouseId, invoiceIds: chunk },
        201,
      );
      createMs += performance.now() - t0;
      const rows = sl.rows.map((r) => ({
        invoiceId: r.invoice.id,
        carrierServiceId: service.id,
        parcels: [{ weightKg: '1.250', trackingNumber: `OC${randomBytes(6).toString('hex')}`.toUpperCase() }],
      }));
      t0 = performance.now();
      const done = await call<ShipList>('POST', `/api/ship-lists/${sl.id}/confirm`, { rows });
      confirmMs += performance.now() - t0;
      if (done.status !== 'CONFIRMED') throw new Error(`ship list ${done.status}`);
    }
    report(
      `ship on ${lists} lists of ≤ ${LIST_SIZE} (create, confirm)`,
      rate(ids.length, performance.now() - shipStart),
    );
    report('  create / confirm', `${s(createMs)} / ${s(confirmMs)} (${rate(ids.length, confirmMs)} confirmed)`);

    const processed = await sql<{ n: string }>`
      SELECT count(*) AS n FROM sales_invoices WHERE id = ANY(${ids}::uuid[]) AND status = 'PROCESSED'`.execute(db);
    report('invoices PROCESSED', `${processed.rows[0]?.n} of ${ids.length}`);
    t = performance.now();
    const check = await checkStock(db);
    const negative = await sql<{ n: string }>`
      SELECT count(*) AS n FROM stock_levels WHERE on_hand - reserved < 0`.execute(db);
    const issued = await sql<{ n: string; q: string }>`
      SELECT count(*) AS n, coalesce(sum(-quantity), 0) AS q FROM stock_movements WHERE kind = 'ISSUE'`.execute(db);
    report(
      'checkStock (ledger = levels, layers, bins, reservations); available < 0',
      `${check.ok ? 'OK' : `${check.differences.length} DIFFERENCES`}; ${negative.rows[0]?.n} below zero; ` +
        `${issued.rows[0]?.n} issue rows, ${issued.rows[0]?.q} units (${s(performance.now() - t)})`,
    );
    if (!check.ok) console.log(JSON.stringify(check.differences.slice(0, 5)));
  }

  /** The invoice list at LINES lines. */
  async function list() {
    t = performance.now();
    const data = await invoiceHistory(db, {
      lines: LINES,
      customers: CUSTOMERS,
      warehouseIds: stock.warehouseIds,
      userId: admin.id,
    });
    const tally = (x: Record<string, number>) =>
      Object.entries(x)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ');
    report(
      `grow to ${data.lines} lines on ${data.invoices} invoices, ${data.customers} customers`,
      s(performance.now() - t),
    );
    report('  invoices by status', tally(data.byStatus));
    report('  invoices by channel', tally(data.byChannel));
    const sizes = await sql<{ t: string; size: string }>`
      SELECT relname AS t, pg_size_pretty(pg_total_relation_size(oid)) AS size FROM pg_class
      WHERE relname IN ('sales_invoices', 'sales_invoice_lines') ORDER BY relname`.execute(db);
    report('  table sizes with indexes', sizes.rows.map((r) => `${r.t} ${r.size}`).join(', '));

    const over: string[] = [];
    const timed = async (label: string, url: string, isList = true) => {
      const lat: number[] = [];
      let total = -1;
      for (let i = -2; i < RUNS; i++) {
        const s0 = performance.now();
        const res = await fetch(`${baseUrl}${url}`, { headers });
        const text = await res.text();
        const took = performance.now() - s0;
        if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
        if (i >= 0) lat.push(took);
        if (i === 0 && isList) total = (JSON.parse(text) as { total: number }).total;
      }
      const p95 = pct(lat, 0.95);
      if (!isList) return report(label, `${ms(pct(lat, 0.5))} / ${ms(p95)}`);
      if (p95 > GOAL_MS) over.push(`${label} (${ms(p95)})`);
      report(label, `${ms(pct(lat, 0.5))} / ${ms(p95)} (${ratio(p95, GOAL_MS)}; ${total} found)`);
    };
    const q = encodeURIComponent;
    const page = (query: string) => `/api/sales-invoices?page=1&pageSize=20${query}`;
    const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const { samples } = data;
    const cases: [string, string][] = [
      ['default page (newest first) with the tabs’ counts', page('')],
      ...['PENDING', 'BOOKED', 'PROCESSING', 'READY_FOR_DELIVERY', 'PROCESSED', 'CANCELED'].map(
        (status): [string, string] => [`status tab ${status}`, page(`&status=${status}`)],
      ),
      ['channel AMAZON', page('&channel=AMAZON')],
      ['channel SAMSUNG (rare)', page('&channel=SAMSUNG')],
      ['warehouse (the third, 5%)', page(`&warehouseId=${stock.warehouseIds[2]}`)],
      ['invoice date: the last 30 days', page(`&from=${days(30)}&to=${days(0)}`)],
      ['invoice date: a month a year ago', page(`&from=${days(395)}&to=${days(365)}`)],
      ['a customer', page(`&customerId=${samples.customerId}`)],
      ['search: whole number', page(`&q=${q(samples.number)}`)],
      ['search: part of a number', page(`&q=${q(samples.number.slice(-6))}`)],
      ['search: external order id', page(`&q=${q(samples.externalOrderId)}`)],
      ['search: customer’s whole name', page(`&q=${q(samples.customerName)}`)],
      ['search: a customer surname (many)', page(`&q=${q(samples.customerName.split(' ')[1] ?? 'Smith')}`)],
      ['search: SKU', page(`&q=${q(samples.sku)}`)],
      ['status BOOKED + channel AMAZON + last 30 days', page(`&status=BOOKED&channel=AMAZON&from=${days(30)}`)],
      [
        'status PROCESSED + search by surname',
        page(`&status=PROCESSED&q=${q(samples.customerName.split(' ')[1] ?? 'Smith')}`),
      ],
      ['sort by customer', page('&sort=customer')],
      ['sort by -grossTotal', page('&sort=-grossTotal')],
      ['deep page (page 500 of 20)', page('').replace('page=1&', 'page=500&')],
    ];
    console.log(`p50 / p95 of ${RUNS} requests each, one after another (goal p95 ≤ ${GOAL_MS} ms):`);
    await timed(`floor: GET /api/me (load ${load()})`, '/api/me', false);
    for (const [label, url] of cases) await timed(label, url);
    report(`requests over the ${GOAL_MS} ms goal (p95)`, over.length ? `${over.length}: ${over.join('; ')}` : 'none');
  }
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
