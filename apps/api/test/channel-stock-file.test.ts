import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChannelAccount, StockFileList } from '@backoffice/contracts';
import { ALL_PERMISSIONS, STOCK_FILES_KEPT } from '@backoffice/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_STOCK_JOB } from '../src/domains/channels/stock-out.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { receivingWarehouse, settleJobs } from './channels-kit.ts';

/**
 * An account whose stock goes to a file (a Samsung store, an account of an existing type): its STOCK runs produce an
 * .xlsx of every listing's quantity to list (buffer applied, reserved stock never listed) and never call the
 * channel; a change of stock queues no push for it; the file downloads for whoever sees the account's stock, and only
 * the newest few are kept.
 */

let ta: TestApp;
let admin: ApiClient;
let adminToken: string;
let account: ChannelAccount;
let channelCalls = 0;
let channel: Server;
let inWarehouse: string;
let otherWarehouse: string;
const products: Record<'a' | 'b' | 'c', { id: string; sku: string; name: string }> = {} as never;
let n = 0;
const uniq = () => `${++n}${Date.now() % 100000}`;
const key = () => ({ 'idempotency-key': `sf-${uniq()}` });

const settle = () => settleJobs(ta);

const warehouse = async (name: string) => (await receivingWarehouse(ta, `SFW${uniq()}`, name)).id;

async function adjust(productId: string, warehouseId: string, quantity: string) {
  const res = await admin.post('/api/stock/adjustments', {
    reason: 'Stock file test',
    lines: [{ productId, warehouseId, quantity, unitCost: '2.00' }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function runStock() {
  const res = await admin.post<{ jobId: string }>(`/api/channel-accounts/${account.id}/run`, { stream: 'STOCK' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await settle();
}

const filesOf = async (client: ApiClient = admin) =>
  client.get<StockFileList>(`/api/channel-accounts/${account.id}/stock-files`);

async function download(fileId: string, token = adminToken) {
  return fetch(`${ta.baseUrl}/api/channel-accounts/${account.id}/stock-files/${fileId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
}

async function sheetOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

beforeAll(async () => {
  ta = await startTestApp();
  const signedIn = await clientWith(ta, ALL_PERMISSIONS);
  admin = signedIn.api;
  adminToken = signedIn.tokens.accessToken;
  // Stands for the channel's API: any call reaching it is counted (a file account must make none).
  channel = createServer((_req, res) => {
    channelCalls += 1;
    res.writeHead(500, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => channel.listen(0, '127.0.0.1', resolve));
  inWarehouse = await warehouse('Samsung stock');
  otherWarehouse = await warehouse('Elsewhere');
  for (const k of ['a', 'b', 'c'] as const) {
    const sku = `SF-${k.toUpperCase()}-${uniq()}`;
    const name = `Galaxy part ${k.toUpperCase()}`;
    const p = await ta.t.db
      .insertInto('products')
      .values({ sku, name, unit: 'Unit', kind: 'STOCK', sale_price: '9.99' })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    products[k] = { id: p.id, sku, name };
  }
  await adjust(products.a.id, inWarehouse, '10');
  await adjust(products.a.id, otherWarehouse, '5');
  await adjust(products.b.id, inWarehouse, '2');
  const reserved = await admin.post('/api/stock/reservations', {
    productId: products.a.id,
    warehouseId: inWarehouse,
    quantity: '3',
  });
  expect(reserved.status, JSON.stringify(reserved.body)).toBe(201);
  const { port } = channel.address() as AddressInfo;
  const a = await admin.post<ChannelAccount>(
    '/api/channel-accounts',
    {
      type: 'SHOPIFY',
      name: 'Samsung Store',
      environment: 'SANDBOX',
      marketplace: 'samsung-store.example',
      baseUrl: `http://127.0.0.1:${port}`,
      credentials: { accessToken: 'shpat_file_account' },
      settings: {
        warehouseIds: [inWarehouse],
        stockBuffer: { mode: 'UNITS', value: 1 },
        stockDelivery: 'FILE',
      },
    },
    key(),
  );
  expect(a.status, JSON.stringify(a.body)).toBe(201);
  account = a.body;
  for (const k of ['a', 'b', 'c'] as const) {
    const l = await admin.post(
      '/api/channel-listings',
      { accountId: account.id, productId: products[k].id, sku: `SAM-${products[k].sku}` },
      key(),
    );
    expect(l.status, JSON.stringify(l.body)).toBe(201);
  }
  ta.app.jobs.start();
  await settle();
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => channel?.close(() => resolve()));
  await ta?.close();
});

describe('stock file accounts', () => {
  it('read as API delivery when saved before the setting existed, and keep FILE once chosen', async () => {
    expect(account.settings.stockDelivery).toBe('FILE');
    const old = await admin.post<ChannelAccount>(
      '/api/channel-accounts',
      { type: 'EBAY', name: `Old eBay ${uniq()}`, environment: 'SANDBOX' },
      key(),
    );
    expect(old.status, JSON.stringify(old.body)).toBe(201);
    await ta.t.db
      .updateTable('channel_accounts')
      .set({ settings: sql`settings - 'stockDelivery'` as never })
      .where('id', '=', old.body.id)
      .execute();
    const read = await admin.get<ChannelAccount>(`/api/channel-accounts/${old.body.id}`);
    expect(read.body.settings.stockDelivery).toBe('API');
    const bad = await admin.put(`/api/channel-accounts/${old.body.id}`, {
      type: 'EBAY',
      name: old.body.name,
      environment: 'SANDBOX',
      settings: { stockDelivery: 'EMAIL' },
    });
    expect(bad.status).toBe(400);
  });

  it('Run now on STOCK produces a file of every listing with the quantity to list, without calling the channel', async () => {
    await runStock();
    const list = await filesOf();
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.account).toMatchObject({ id: account.id, stockDelivery: 'FILE' });
    expect(list.body.items).toHaveLength(1);
    const file = list.body.items[0];
    if (!file) throw new Error('no file');
    expect(file.rows).toBe(3);
    expect(file.fileName).toMatch(/^stock-samsung-store-\d{4}-\d{2}-\d{2}-\d{4}\.xlsx$/);

    const res = await download(file.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toContain(`attachment; filename="${file.fileName}"`);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBe(file.sizeBytes);
    expect(createHash('sha256').update(body).digest('hex')).toBe(file.sha256);
    const rows = await sheetOf(body);
    expect(rows[0]).toEqual(['Our SKU', 'Channel SKU', 'Product name', 'Quantity to list', 'Produced']);
    // A: 10 in the account's warehouse, 3 of them reserved, less the 1-unit buffer (the other warehouse's 5 not
    // counted); B: 2 less 1; C: none.
    expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual(
      (['a', 'b', 'c'] as const).map((k, i) => [
        products[k].sku,
        `SAM-${products[k].sku}`,
        products[k].name,
        [6, 1, 0][i],
      ]),
    );
    for (const r of rows.slice(1)) expect(r[4]).toBeInstanceOf(Date);

    expect(channelCalls).toBe(0);
    const calls = await ta.t.db
      .selectFrom('system_logs')
      .select('id')
      .where('entity_id', '=', account.id)
      .where('action', '=', 'api_call')
      .execute();
    expect(calls).toEqual([]);
    const produced = await ta.t.db
      .selectFrom('system_logs')
      .select(['after', 'username'])
      .where('entity_id', '=', account.id)
      .where('action', '=', 'produce_stock_file')
      .execute();
    expect(produced).toHaveLength(1);
    expect(produced[0]?.after).toMatchObject({ fileId: file.id, rows: 3, sha256: file.sha256 });
    expect(produced[0]?.username).toBeTruthy();
    const downloads = await ta.t.db
      .selectFrom('system_logs')
      .select('id')
      .where('entity', '=', 'channel_stock_file')
      .where('entity_id', '=', file.id)
      .where('action', '=', 'download')
      .execute();
    expect(downloads).toHaveLength(1);
    const state = await admin.get<{
      items: {
        account: { id: string };
        streams: { stream: string; lastOkAt: string | null; lastError: string | null }[];
      }[];
    }>('/api/channel-sync/state?types=SHOPIFY');
    const stock = state.body.items.find((i) => i.account.id === account.id)?.streams.find((s) => s.stream === 'STOCK');
    expect(stock?.lastOkAt).toBeTruthy();
    expect(stock?.lastError).toBeNull();
  });

  it('queues no push to the channel when the stock of a listed product changes', async () => {
    await adjust(products.a.id, inWarehouse, '4');
    await adjust(products.c.id, inWarehouse, '7');
    await settle();
    const queued = await ta.t.db
      .selectFrom('channel_stock_queue')
      .select('listing_id')
      .where('account_id', '=', account.id)
      .execute();
    expect(queued).toEqual([]);
    const pushes = await ta.t.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', PUSH_STOCK_JOB)
      .where(sql<boolean>`payload->>'accountId' = ${account.id}`)
      .execute();
    expect(pushes).toEqual([]);
    expect(channelCalls).toBe(0);
    // The next run's file has the new levels: A 14 − 3 reserved − 1, C 7 − 1.
    await runStock();
    const newest = (await filesOf()).body.items[0];
    if (!newest) throw new Error('no file');
    const rows = await sheetOf(Buffer.from(await (await download(newest.id)).arrayBuffer()));
    expect(rows.slice(1).map((r) => r[3])).toEqual([10, 1, 6]);
    expect(channelCalls).toBe(0);
  });

  it("shows the files only to whoever sees the account's stock", async () => {
    const file = (await filesOf()).body.items[0];
    if (!file) throw new Error('no file');
    const shopify = await clientWith(ta, ['shopify_stock_update']);
    expect((await filesOf(shopify.api)).status).toBe(200);
    expect((await download(file.id, shopify.tokens.accessToken)).status).toBe(200);
    // eBay's stock screens open eBay accounts only: this SHOPIFY account is not theirs to see.
    const ebay = await clientWith(ta, ['ebay_stock_update']);
    expect((await filesOf(ebay.api)).status).toBe(404);
    expect((await download(file.id, ebay.tokens.accessToken)).status).toBe(404);
    const clerk = await clientWith(ta, ['view_sales_invoice']);
    expect((await filesOf(clerk.api)).status).toBe(403);
    expect((await download(file.id, clerk.tokens.accessToken)).status).toBe(403);
    const missing = await admin.get(`/api/channel-accounts/${account.id}/stock-files/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
  });

  it(`keeps the newest ${STOCK_FILES_KEPT} files of the account, pruning older ones`, async () => {
    const old = await ta.t.db
      .selectFrom('channel_stock_files')
      .select(['row_count', 'size_bytes', 'sha256', 'content'])
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < STOCK_FILES_KEPT; i++)
      await ta.t.db
        .insertInto('channel_stock_files')
        .values({ ...old, account_id: account.id, produced_at: new Date(Date.now() - (i + 1) * 86_400_000) })
        .execute();
    const before = (await filesOf()).body.items.map((f) => f.id);
    await runStock();
    const after = (await filesOf()).body.items;
    expect(after).toHaveLength(STOCK_FILES_KEPT);
    const stored = await ta.t.db
      .selectFrom('channel_stock_files')
      .select('id')
      .where('account_id', '=', account.id)
      .execute();
    expect(stored).toHaveLength(STOCK_FILES_KEPT);
    // The new file first, then the newest of those before it.
    expect(after.slice(1).map((f) => f.id)).toEqual(before.slice(0, STOCK_FILES_KEPT - 1));
    expect(new Date(after[0]?.producedAt ?? 0).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
