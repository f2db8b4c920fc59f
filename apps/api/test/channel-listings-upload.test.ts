import { PassThrough } from 'node:stream';
import type { ErrorBody, ImportFilePreview, ImportRun, ImportRunDetail } from '@backoffice/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
type Client = Awaited<ReturnType<typeof clientWith>>;
let editor: Client;
let viewer: Client;
beforeAll(async () => {
  ta = await startTestApp();
  editor = await clientWith(ta, ['view_api_configuration', 'edit_api_configuration']);
  // view_warehouse lets one upload inventory files: the kind's own permission is what refuses this one.
  viewer = await clientWith(ta, ['view_api_configuration', 'view_warehouse']);
});
afterAll(() => ta.close());

let n = 0;
const stamp = Date.now() % 100000;

async function product() {
  n += 1;
  return ta.t.db
    .insertInto('products')
    .values({ sku: `LST-${n}-${stamp}`, name: `Listed product ${n}` })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}

/** An account as Api Config stores it; disabled, so that no stock push is queued towards a real channel. */
async function account(type: string, name: string) {
  return ta.t.db
    .insertInto('channel_accounts')
    .values({ type, name, enabled: false })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

/** A sheet with these headers and rows, every cell as text. */
async function sheet(headers: string[], rows: (string | null)[][]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const ws = workbook.addWorksheet('Listings');
  ws.addRow(headers).commit();
  for (const row of rows) ws.addRow(row).commit();
  ws.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}
const HEADERS = ['Account', 'SKU', 'Seller SKU', 'ASIN', 'Offer id'];

async function uploadFile(client: Client, content: Buffer, name = 'listings.xlsx') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const res = await fetch(`${ta.baseUrl}/api/import-files?kind=channel_listings`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${client.tokens.accessToken}`,
      cookie: 'XSRF-TOKEN=t0k3n',
      'x-xsrf-token': 't0k3n',
    },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as ImportFilePreview & ErrorBody };
}

async function waitForRun(api: ApiClient, id: string): Promise<ImportRunDetail> {
  const until = Date.now() + 25_000;
  for (;;) {
    const res = await api.get<ImportRunDetail>(`/api/channel-listing-imports/${id}`);
    expect(res.status).toBe(200);
    if (res.body.status === 'APPLIED' || res.body.status === 'FAILED') return res.body;
    if (Date.now() > until) throw new Error(`run ${id} still ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let keys = 0;
const key = () => ({ 'idempotency-key': `listing-import-${Date.now()}-${++keys}` });

async function importRows(rows: (string | null)[][], headers = HEADERS) {
  const upload = await uploadFile(editor, await sheet(headers, rows));
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  const res = await editor.api.post<ImportRun>(
    '/api/channel-listing-imports',
    { fileName: upload.body.file.fileName },
    key(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return waitForRun(editor.api, res.body.id);
}

async function listingsOf(accountIds: string[]) {
  return ta.t.db
    .selectFrom('channel_listings')
    .select(['id', 'account_id', 'product_id', 'sku', 'external_id', 'external_ref', 'updated_at'])
    .where('account_id', 'in', accountIds)
    .orderBy('sku')
    .execute();
}

async function listingAudits(ids: string[]) {
  if (!ids.length) return [];
  return ta.t.db
    .selectFrom('system_logs')
    .select(['action', 'entity', 'entity_id'])
    .where('entity', '=', 'channel_listing')
    .where('entity_id', 'in', ids)
    .execute();
}

describe('Api Config → Listings uploaded from an .xlsx', () => {
  it('proposes the mapping from the headers, refuses a bad file whole, applies a good one once', async () => {
    const amazon = await account('AMAZON', `Amazon Upload ${stamp}`);
    const ebay = await account('EBAY', `eBay Upload ${stamp}`);
    const carrier = await account('ROYAL_MAIL', `Royal Mail Upload ${stamp}`);
    const [p1, p2, p3] = [await product(), await product(), await product()];

    // The mapping proposed from the file's own headers, every required field found.
    const preview = await uploadFile(editor, await sheet(HEADERS, [[amazon.name, p1.sku, 'AMZ-1', 'B0TEST0001', '']]));
    expect(preview.status, JSON.stringify(preview.body)).toBe(201);
    expect(preview.body.kind).toBe('channel_listings');
    expect(preview.body.proposed).toEqual([
      { header: 'Account', field: 'account' },
      { header: 'SKU', field: 'sku' },
      { header: 'Seller SKU', field: 'channelSku' },
      { header: 'ASIN', field: 'externalId' },
      { header: 'Offer id', field: 'externalRef' },
    ]);
    expect(preview.body.missing).toEqual([]);

    // Good rows and bad ones: each bad row says why, and nothing of the file is written.
    const bad = await importRows([
      [amazon.name, p1.sku, 'AMZ-1', 'B0TEST0001', ''],
      ['No Such Account', p2.sku, '', '', ''],
      [ebay.name.toUpperCase(), 'NO-SUCH-SKU', '', '', ''],
      [carrier.name, p2.sku, '', '', ''],
      [ebay.name, p3.sku, 'x'.repeat(101), '', ''],
      [amazon.name, p2.sku, 'AMZ-1', '', ''],
      ['', p3.sku, '', '', ''],
    ]);
    expect(bad.status).toBe('FAILED');
    expect(bad.failure?.code).toBe('IMPORT_INVALID');
    expect(bad.errorCount).toBe(6);
    expect(bad.errors).toEqual([
      { rowNumber: 3, field: 'account', message: 'there is no account named No Such Account' },
      { rowNumber: 4, field: 'sku', message: 'no product has the SKU NO-SUCH-SKU' },
      {
        rowNumber: 5,
        field: 'account',
        message: `${carrier.name} is a carrier: products are listed on sales channels only.`,
      },
      { rowNumber: 6, field: 'channelSku', message: 'at most 100 characters' },
      { rowNumber: 7, field: 'channelSku', message: `${amazon.name} AMZ-1 is already in row 2 of this file` },
      { rowNumber: 8, field: 'account', message: 'an account name is needed' },
    ]);
    expect(await listingsOf([amazon.id, ebay.id, carrier.id])).toEqual([]);

    // The fixed file: every row a listing (an empty channel SKU is ours; the account named whatever its case).
    const rows = [
      [amazon.name, p1.sku, 'AMZ-1', 'B0TEST0001', 'TOY'],
      [ebay.name.toUpperCase(), p2.sku.toLowerCase(), '', '123456789012', 'OFFER-9'],
      [ebay.name, p3.sku, 'EB-3', '', ''],
    ];
    const good = await importRows(rows);
    expect(good.status, JSON.stringify(good)).toBe('APPLIED');
    expect(good).toMatchObject({ rowsTotal: 3, createdCount: 3, updatedCount: 0, errorCount: 0 });
    const written = await listingsOf([amazon.id, ebay.id]);
    expect(
      written.map((l) => ({
        account: l.account_id,
        product: l.product_id,
        sku: l.sku,
        id: l.external_id,
        ref: l.external_ref,
      })),
    ).toEqual(
      [
        { account: amazon.id, product: p1.id, sku: 'AMZ-1', id: 'B0TEST0001', ref: 'TOY' },
        { account: ebay.id, product: p3.id, sku: 'EB-3', id: null, ref: null },
        { account: ebay.id, product: p2.id, sku: p2.sku, id: '123456789012', ref: 'OFFER-9' },
      ].sort((a, b) => (a.sku < b.sku ? -1 : 1)),
    );
    // The listings are what the listing API answers, each audited as the screen audits it, and the run as a whole.
    const listed = await editor.api.get<{ total: number }>(`/api/channel-listings?accountId=${ebay.id}`);
    expect(listed.body.total).toBe(2);
    const ids = written.map((l) => l.id);
    expect((await listingAudits(ids)).map((a) => a.action)).toEqual(['create', 'create', 'create']);
    const runLog = await ta.t.db
      .selectFrom('system_logs')
      .select(['action', 'after'])
      .where('entity', '=', 'channel_listings_import')
      .where('entity_id', '=', good.id)
      .orderBy('at')
      .execute();
    expect(runLog.map((l) => l.action)).toEqual(['create', 'apply']);
    expect(runLog[1]?.after).toMatchObject({ rows: 3, created: 3, updated: 0, unchanged: 0 });

    // The same file again changes nothing: no write, no audit row.
    const again = await importRows(rows);
    expect(again.status).toBe('APPLIED');
    expect(again).toMatchObject({ rowsTotal: 3, createdCount: 0, updatedCount: 0 });
    expect(await listingsOf([amazon.id, ebay.id])).toEqual(written);
    expect(await listingAudits(ids)).toHaveLength(3);

    // A changed id updates that listing only; a column the mapping leaves out keeps what the listing has.
    const changed = await importRows([
      [amazon.name, p1.sku, 'AMZ-1', 'B0TEST0002', 'TOY'],
      [ebay.name, p3.sku, 'EB-3', '', ''],
    ]);
    expect(changed).toMatchObject({ status: 'APPLIED', createdCount: 0, updatedCount: 1 });
    const noRef = await importRows(
      [[amazon.name, p1.sku, 'AMZ-1', 'B0TEST0002']],
      ['Account', 'SKU', 'Seller SKU', 'ASIN'],
    );
    expect(noRef).toMatchObject({ status: 'APPLIED', createdCount: 0, updatedCount: 0 });
    const after = await listingsOf([amazon.id]);
    expect(after.map((l) => [l.sku, l.external_id, l.external_ref])).toEqual([['AMZ-1', 'B0TEST0002', 'TOY']]);
    expect((await listingAudits(ids)).map((a) => a.action).sort()).toEqual(['create', 'create', 'create', 'update']);
  });

  it('needs edit_api_configuration: a viewer may neither upload a file of this kind nor start an import', async () => {
    const a = await account('SHOPIFY', `Shopify Upload ${stamp}`);
    const p = await product();
    const content = await sheet(HEADERS, [[a.name, p.sku, '', '', '']]);
    const upload = await uploadFile(viewer, content);
    expect(upload.status).toBe(403);
    const own = await uploadFile(editor, content);
    expect(own.status).toBe(201);
    const start = await viewer.api.post<ErrorBody>(
      '/api/channel-listing-imports',
      { fileName: own.body.file.fileName },
      key(),
    );
    expect(start.status).toBe(403);
    expect(await listingsOf([a.id])).toEqual([]);
    const forFile = await ta.t.db
      .selectFrom('import_runs as r')
      .innerJoin('uploaded_files as f', 'f.id', 'r.file_id')
      .select('r.id')
      .where('f.file_name', '=', own.body.file.fileName)
      .execute();
    expect(forFile).toEqual([]);
  });
});
