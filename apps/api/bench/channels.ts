import { rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { AMAZON_FAKE_CREDENTIALS, startAmazonFake } from '../fakes/amazon/index.ts';
import { EBAY_FAKE_CREDENTIALS, startEbayFake } from '../fakes/ebay/index.ts';
import type { RunningFake } from '../fakes/kit/types.ts';
import { startShopifyFake } from '../fakes/shopify/index.ts';
import { startServer } from '../src/server.ts';
import { signInWithCode } from '../test/sign-in.ts';
import { benchProduct, envInt, load, reporter, s } from './common.ts';
import { stockProducts } from './order-to-cash-data.ts';

/**
 * `npm run bench` (with the API's benches), or alone with `npm run bench:channels --workspace apps/api`: the channels
 * against their fakes at size (figures, not pass or fail). Starts the product on a fresh data directory with
 * BENCH_CH_PRODUCTS products in stock, the Amazon, eBay and Shopify fakes with their published rate limits on
 * (Amazon's usage plans from its model files, Shopify's cost bucket at 100 points a second), an account of each
 * listing every product, then through HTTP and the job runner:
 *   1. a full stock push to the three channels at once (Run now): seconds per channel, calls made, and how many
 *      the fakes refused for rate (429 or THROTTLED; the goal is none);
 *   2. BENCH_CH_ORDERS eBay orders pulled into invoices (Run now): seconds and orders/s; pulled again: no new
 *      invoice (duplicates 0).
 * Small, while developing: BENCH_CH_PRODUCTS=2000 BENCH_CH_ORDERS=200 npm run bench:channels --workspace apps/api
 */

const PRODUCTS = envInt('BENCH_CH_PRODUCTS', 100_000);
const ORDERS = envInt('BENCH_CH_ORDERS', 10_000);

const { dir, baseUrl, config } = benchProduct('channels', 19000);
const report = reporter(64);
console.log(
  `channels bench: ${PRODUCTS} products on 3 channels, ${ORDERS} orders; ${cpus().length} CPUs, load ${load()}`,
);

const amazon = await startAmazonFake({ rateLimits: true, pageSizes: { orders: 100 } });
const ebay = await startEbayFake();
const shopify = await startShopifyFake();
const fakes: RunningFake[] = [amazon, ebay, shopify];
const server = await startServer(config, { logger: false });
const db = server.db;
try {
  const site = { baseUrl, issuer: config.oidc.issuer, clientId: config.oidc.clientId };
  const token = (await signInWithCode(site, 'admin', 'bench-admin-password')).accessToken;
  let keys = 0;
  const call = async <T>(method: string, url: string, body?: unknown, expect = 200) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        cookie: 'XSRF-TOKEN=bench-xsrf',
        'x-xsrf-token': 'bench-xsrf',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'POST' ? { 'idempotency-key': `ch-${Date.now()}-${++keys}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status !== expect) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  };

  let t = performance.now();
  const data = await stockProducts(db, { products: PRODUCTS, quantity: 50 });
  report('products in stock written', s(performance.now() - t));
  const account = async (
    type: string,
    name: string,
    baseUrlOf: string,
    credentials: Record<string, string>,
    marketplace?: string,
  ) =>
    (
      await call<{ id: string }>(
        'POST',
        '/api/channel-accounts',
        {
          type,
          name,
          environment: 'SANDBOX',
          baseUrl: baseUrlOf,
          marketplace: marketplace ?? null,
          credentials,
          settings: {
            warehouseIds: [data.warehouseId],
            ...(type === 'SHOPIFY' ? { locations: [shopify.locationId] } : {}),
          },
        },
        201,
      )
    ).id;
  const amazonId = await account('AMAZON', 'Amazon UK', amazon.url, AMAZON_FAKE_CREDENTIALS);
  const ebayId = await account('EBAY', 'eBay UK', ebay.url, EBAY_FAKE_CREDENTIALS);
  const shopifyId = await account(
    'SHOPIFY',
    'Shopify',
    shopify.url,
    { accessToken: shopify.accessToken },
    shopify.shop,
  );
  t = performance.now();
  const gids = data.skus.map((sku) => shopify.seedInventoryItem(sku, 0));
  await sql`
    INSERT INTO channel_listings (account_id, product_id, sku, external_id, external_ref)
    SELECT a.id, p.id, p.sku,
      CASE WHEN a.type = 'SHOPIFY' THEN (${gids}::text[])[p.n] WHEN a.type = 'AMAZON' THEN 'B0' || lpad(p.n::text, 8, '0') ELSE NULL END,
      CASE WHEN a.type = 'EBAY' THEN 'OFFER-' || p.n WHEN a.type = 'SHOPIFY' THEN ${shopify.locationId} ELSE NULL END
    FROM (SELECT id, sku, row_number() OVER (ORDER BY sku) AS n FROM products WHERE sku = ANY(${data.skus}::text[])) p
    CROSS JOIN (SELECT id, type FROM channel_accounts WHERE id IN (${amazonId}, ${ebayId}, ${shopifyId})) a`.execute(
    db,
  );
  report('listings written (3 × products)', s(performance.now() - t));

  // 1. The full push, three channels at once.
  for (const f of fakes) f.calls.length = 0;
  t = performance.now();
  const ids = [amazonId, ebayId, shopifyId];
  for (const id of ids) await call('POST', `/api/channel-accounts/${id}/run`, { stream: 'STOCK' });
  const doneAt = new Map<string, number>();
  while (doneAt.size < ids.length) {
    await new Promise((r) => setTimeout(r, 500));
    for (const id of ids) {
      if (doneAt.has(id)) continue;
      const { rows } = await sql<{ busy: string; left: string }>`
        SELECT (SELECT count(*) FROM jobs WHERE status IN ('QUEUED', 'RUNNING') AND payload->>'accountId' = ${id}) AS busy,
               (SELECT count(*) FROM channel_stock_queue WHERE account_id = ${id} AND attempts < 5) AS left`.execute(
        db,
      );
      if (rows[0]?.busy === '0') doneAt.set(id, performance.now() - t);
    }
  }
  const names = [
    'Amazon (listings feed)',
    'eBay (bulk price and quantity, 25 a call)',
    'Shopify (inventorySetQuantities)',
  ];
  ids.forEach((id, i) => {
    const f = fakes[i] as RunningFake;
    const refused = f.calls.filter((c) => c.status === 429).length;
    report(`${names[i]}: pushed in`, `${s(doneAt.get(id) ?? 0)}, ${f.calls.length} calls, ${refused} refused for rate`);
  });
  const { rows: left } = await sql<{ n: string; failed: string }>`
    SELECT count(*) AS n, count(*) FILTER (WHERE last_error IS NOT NULL) AS failed FROM channel_stock_queue`.execute(
    db,
  );
  report('levels not accepted (left in the queue)', `${left[0]?.n} (${left[0]?.failed} with an error)`);

  // 2. Orders in, from eBay: its order list carries the lines. (Amazon's Orders v0 asks for each order's items in a
  // call of its own at 0.5 a second, so 10,000 Amazon orders take hours there whatever the product does.)
  for (let i = 0; i < ORDERS; i++)
    ebay.seedOrder({
      buyer: { name: `Buyer ${i}`, email: `buyer${i % 5000}@example.com` },
      shipTo: { name: `Buyer ${i}`, line1: `${i} High Street`, city: 'York', postcode: 'YO1 7HH', countryCode: 'GB' },
      lines: [{ sku: data.skus[i % data.skus.length] as string, quantity: 1, unitPrice: '9.99' }],
      shippingCharge: '2.99',
    });
  // A fake stamps each change a millisecond after the last, so seeding runs ahead of the clock: wait until it is
  // behind it, or the first window ends before the newest orders (the next pull would take them).
  await new Promise((r) => setTimeout(r, ORDERS + 500));
  const pull = async () => {
    const started = performance.now();
    const { jobId } = await call<{ jobId: string }>('POST', `/api/channel-accounts/${ebayId}/run`, {
      stream: 'ORDERS',
    });
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      const { rows } = await sql<{ status: string; last_error: string | null }>`
        SELECT status, last_error FROM jobs WHERE id = ${jobId}`.execute(db);
      const st = rows[0]?.status;
      if (st === 'DONE') return performance.now() - started;
      if (st === 'FAILED') throw new Error(`the pull failed: ${rows[0]?.last_error}`);
    }
  };
  const first = await pull();
  const count = async () =>
    Number(
      (
        await sql<{
          n: string;
        }>`SELECT count(*) AS n FROM sales_invoices WHERE channel_account_id = ${ebayId}`.execute(db)
      ).rows[0]?.n,
    );
  const made = await count();
  const { rows: inbox } = await sql<{ status: string; n: string; error: string | null }>`
    SELECT status, count(*) AS n, min(error) AS error FROM channel_inbox WHERE account_id = ${ebayId} GROUP BY status`.execute(
    db,
  );
  const cursor = await sql<{ last_error: string | null }>`
    SELECT last_error FROM channel_cursors WHERE account_id = ${ebayId} AND stream = 'ORDERS'`.execute(db);
  report(
    'orders received (by outcome)',
    inbox.map((r) => `${r.status} ${r.n}${r.error ? ` (${r.error.slice(0, 120)})` : ''}`).join(', ') +
      (cursor.rows[0]?.last_error ? `; last run: ${cursor.rows[0].last_error}` : ''),
  );
  report(
    'orders pulled into invoices',
    `${made} of ${ORDERS} in ${s(first)} (${(made / (first / 1000)).toFixed(1)} orders/s)`,
  );
  const again = await pull();
  report('pulled again: new invoices (duplicates)', `${(await count()) - made} in ${s(again)}`);
  report('fake contract violations', String(fakes.reduce((n, f) => n + f.violations.length, 0)));
} finally {
  await server.stop();
  await Promise.all(fakes.map((f) => f.close()));
  rmSync(dir, { recursive: true, force: true });
}
