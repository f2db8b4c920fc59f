import { PassThrough } from 'node:stream';
import type { ErrorBody, ImportFilePreview, ImportRun, ImportRunDetail, Page } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStock, type PostLine, post } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
type Client = Awaited<ReturnType<typeof clientWith>>;
let admin: Client;
beforeAll(async () => {
  ta = await startTestApp();
  admin = await clientWith(ta, ALL_PERMISSIONS);
});
afterAll(() => ta.close());

const D = (v: string | number) => new Decimal(v);
let n = 0;

async function product(extra: { cost_price?: string; kind?: string } = {}) {
  n += 1;
  return ta.t.db
    .insertInto('products')
    .values({ sku: `INV-${n}-${Date.now() % 100000}`, name: `Inventory upload ${n}`, ...extra })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}
async function warehouse(options: { allowNegative?: boolean; active?: boolean } = {}) {
  n += 1;
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `WI${n}`, name: `Upload warehouse ${n}`, kind: 'OWN', active: options.active ?? true })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: w.id, allow_negative_stock: options.allowNegative ?? false })
    .execute();
  return w;
}
async function bin(warehouseId: string, code: string, active = true) {
  await ta.t.db.insertInto('warehouse_locations').values({ warehouse_id: warehouseId, code, active }).execute();
  return code;
}
async function binId(warehouseId: string, code: string) {
  const row = await ta.t.db
    .selectFrom('warehouse_locations')
    .select('id')
    .where('warehouse_id', '=', warehouseId)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}
function postNow(lines: PostLine[]) {
  return ta.t.db
    .transaction()
    .execute((tx) => post({ db: tx, user: null }, { sourceType: 'test', sourceId: null, postedOn: null, lines }));
}

/** A sheet with these headers and rows, every cell as text. */
async function sheet(headers: string[], rows: (string | null)[][]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const ws = workbook.addWorksheet('Sheet1');
  ws.addRow(headers).commit();
  for (const row of rows) ws.addRow(row).commit();
  ws.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}
const HEADERS = ['SKU', 'Warehouse', 'Bin', 'Qty', 'Unit cost', 'Reason'];

async function uploadFile(client: Client, content: Buffer, name = 'stock.xlsx') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const res = await fetch(`${ta.baseUrl}/api/import-files?kind=inventory`, {
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
    const res = await api.get<ImportRunDetail>(`/api/inventory-imports/${id}`);
    expect(res.status).toBe(200);
    if (res.body.status === 'APPLIED' || res.body.status === 'FAILED') return res.body;
    if (Date.now() > until) throw new Error(`run ${id} still ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let keys = 0;
const key = () => ({ 'idempotency-key': `inv-import-${Date.now()}-${++keys}` });

async function importRows(rows: (string | null)[][], mode: 'set' | 'add', client: Client = admin) {
  const upload = await uploadFile(client, await sheet(HEADERS, rows));
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  const res = await client.api.post<ImportRun>(
    '/api/inventory-imports',
    { fileName: upload.body.file.fileName, mode },
    key(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return waitForRun(client.api, res.body.id);
}

async function binQuantity(productId: string, warehouseId: string, code: string | null) {
  const row = await ta.t.db
    .selectFrom('stock_bin_balances as b')
    .leftJoin('warehouse_locations as l', 'l.id', 'b.location_id')
    .select('b.on_hand')
    .where('b.product_id', '=', productId)
    .where('b.warehouse_id', '=', warehouseId)
    .where(code === null ? sql<boolean>`b.location_id IS NULL` : sql<boolean>`l.code = ${code}`)
    .executeTakeFirst();
  return D(row?.on_hand ?? 0).toFixed();
}
const movementsOf = (runId: string) =>
  ta.t.db
    .selectFrom('stock_movements')
    .select(['kind', 'quantity', 'value', 'unit_cost', 'source_line', 'reason', 'user_id'])
    .where('source_type', '=', 'inventory_import')
    .where('source_id', '=', runId)
    .orderBy('id')
    .execute();
const ledgerCount = async () =>
  Number(
    (await ta.t.db.selectFrom('stock_movements').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
  );
const headerRow = (workbook: ExcelJS.Workbook) =>
  ((workbook.worksheets[0]?.getRow(1).values ?? []) as string[]).slice(1);

async function expectBalanced() {
  const check = await checkStock(ta.t.db);
  expect(check.differences).toEqual([]);
  expect(check.ok).toBe(true);
}

describe('inventory bulk upload', () => {
  it('proposes the mapping of an inventory file; template and history are there for viewers', async () => {
    const upload = await uploadFile(admin, await sheet(HEADERS, [['X', 'Y', '', '1', '', '']]));
    expect(upload.status).toBe(201);
    expect(upload.body.proposed).toEqual([
      { header: 'SKU', field: 'sku' },
      { header: 'Warehouse', field: 'warehouse' },
      { header: 'Bin', field: 'location' },
      { header: 'Qty', field: 'quantity' },
      { header: 'Unit cost', field: 'unitCost' },
      { header: 'Reason', field: 'reason' },
    ]);
    expect(upload.body.missing).toEqual([]);
    const template = await fetch(`${ta.baseUrl}/api/inventory-imports/template`, {
      headers: { authorization: `Bearer ${admin.tokens.accessToken}` },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await template.arrayBuffer()) as ArrayBuffer);
    expect(workbook.worksheets.map((ws) => ws.name)).toEqual(['Inventory', 'Help']);
    expect(headerRow(workbook)).toEqual(['SKU', 'Warehouse', 'Location', 'Quantity', 'Unit cost', 'Reason']);
  });

  it('sets quantities: opening balances where a bin had no stock, adjustments elsewhere, one posting', async () => {
    const w = await warehouse();
    const a1 = await bin(w.id, `A1-${n}`);
    const a2 = await bin(w.id, `A2-${n}`);
    const fresh = await product();
    const known = await product();
    const same = await product();
    const barcoded = await product({ cost_price: '0.80' });
    await ta.t.db
      .insertInto('product_barcodes')
      .values({ product_id: barcoded.id, position: 0, barcode: '4006381333931' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await postNow([
      { productId: known.id, warehouseId: w.id, kind: 'RECEIPT', quantity: D(10), unitCost: D(2) },
      { productId: same.id, warehouseId: w.id, locationId: null, kind: 'RECEIPT', quantity: D(3), unitCost: D(1) },
    ]);
    // known's receipt went to no bin (no default receiving bin): put some in A1 too.
    await postNow([
      {
        productId: known.id,
        warehouseId: w.id,
        locationId: await binId(w.id, a1),
        kind: 'RECEIPT',
        quantity: D(5),
        unitCost: D(4),
      },
    ]);
    const before = await ledgerCount();
    const run = await importRows(
      [
        [fresh.sku.toLowerCase(), w.code, a1, '12', '1.25', 'Go-live'],
        [known.sku, w.code, a1, '2', '', ''],
        [same.sku, w.code, '', '3', '', ''],
        ['4006381333931', w.code.toLowerCase(), a2, '4', '', ''],
      ],
      'set',
    );
    expect(run.status, JSON.stringify(run)).toBe('APPLIED');
    expect(run).toMatchObject({ mode: 'set', rowsTotal: 4, createdCount: 2, updatedCount: 1, errorCount: 0 });
    const movements = await movementsOf(run.id);
    expect(
      movements.map((m) => [m.kind, D(m.quantity).toFixed(), D(m.value).toFixed(2), m.source_line, m.reason]),
    ).toEqual([
      ['OPENING', '12', '15.00', '2', 'Go-live'],
      // Out of A1 at FIFO: the A1 layer is the newer one, but FIFO takes the warehouse's oldest (£2).
      ['ADJUSTMENT', '-3', '-6.00', '3', 'Adjustment from stock.xlsx'],
      ['OPENING', '4', '3.20', '5', 'Opening balance from stock.xlsx'],
    ]);
    expect(movements.every((m) => m.user_id === admin.user.id)).toBe(true);
    expect(await ledgerCount()).toBe(before + 3);
    expect(await binQuantity(fresh.id, w.id, a1)).toBe('12');
    expect(await binQuantity(known.id, w.id, a1)).toBe('2');
    expect(await binQuantity(same.id, w.id, null)).toBe('3');
    expect(await binQuantity(barcoded.id, w.id, a2)).toBe('4');
    const audit = await ta.t.db
      .selectFrom('system_logs')
      .select(['action', 'after'])
      .where('entity', '=', 'inventory_import')
      .where('entity_id', '=', run.id)
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['create', 'apply']);
    expect(audit[1]?.after).toMatchObject({ opening: 2, adjusted: 1, unchanged: 1, value: '12.20' });
    await expectBalanced();
  });

  it('adds signed changes: out of what a bin holds, increases at the given or latest cost', async () => {
    const w = await warehouse();
    const b1 = await bin(w.id, `B1-${n}`);
    const p = await product();
    await postNow([
      {
        productId: p.id,
        warehouseId: w.id,
        locationId: await binId(w.id, b1),
        kind: 'RECEIPT',
        quantity: D(3),
        unitCost: D(3),
      },
    ]);
    const run = await importRows(
      [
        [p.sku, w.code, b1, '5', '', 'Found'],
        [p.sku, w.code, b1, '-2', '', 'Damaged'],
        [p.sku, w.code, b1, '1.5', '2.5', ''],
      ],
      'add',
    );
    expect(run.status, JSON.stringify(run)).toBe('APPLIED');
    expect(run).toMatchObject({ mode: 'add', createdCount: 0, updatedCount: 3 });
    const movements = await movementsOf(run.id);
    expect(movements.map((m) => [m.kind, D(m.quantity).toFixed(), D(m.value).toFixed(2)])).toEqual([
      ['ADJUSTMENT', '5', '15.00'],
      ['ADJUSTMENT', '-2', '-6.00'],
      ['ADJUSTMENT', '1.5', '3.75'],
    ]);
    expect(await binQuantity(p.id, w.id, b1)).toBe('7.5');
    await expectBalanced();
  });

  it('refuses a file with bad rows as a whole, listing every problem by row and field, posting nothing', async () => {
    const w = await warehouse();
    const off = await warehouse({ active: false });
    const b1 = await bin(w.id, `C1-${n}`);
    const closed = await bin(w.id, `C2-${n}`, false);
    const good = await product({ cost_price: '1' });
    const costless = await product();
    const service = await product({ kind: 'SERVICE' });
    await postNow([
      { productId: good.id, warehouseId: w.id, locationId: null, kind: 'RECEIPT', quantity: D(1), unitCost: D(1) },
    ]);
    const before = await ledgerCount();
    const rows = [
      [good.sku, w.code, b1, '5', '', ''],
      ['NO-SUCH', w.code, b1, '1', '', ''],
      [good.sku, 'NOWHERE', '', '1', '', ''],
      [good.sku, w.code, 'NO-BIN', '1', '', ''],
      [good.sku, w.code, b1, '-1', '', ''],
      [good.sku, w.code, b1, 'ten', '', ''],
      [costless.sku, w.code, b1, '2', '', ''],
      [service.sku, w.code, b1, '1', '', ''],
      [good.sku, off.code, '', '1', '', ''],
      [good.sku, w.code, closed, '1', '', ''],
      ['', '', '', '', '1.234567', ''],
      [good.sku, w.code, b1, '6', '', ''],
    ];
    const run = await importRows(rows, 'set');
    expect(run.status).toBe('FAILED');
    expect(run.failure?.code).toBe('IMPORT_INVALID');
    expect(run.errors.map((e) => [e.rowNumber, e.field])).toEqual([
      [3, 'sku'],
      [4, 'warehouse'],
      [5, 'location'],
      [6, 'quantity'],
      [7, 'quantity'],
      [8, 'unitCost'],
      [9, 'sku'],
      [10, 'warehouse'],
      [11, 'location'],
      [12, 'sku'],
      [12, 'warehouse'],
      [12, 'quantity'],
      [12, 'unitCost'],
      [13, 'location'],
    ]);
    expect(run.errorCount).toBe(14);
    expect(run.errors.every((e) => e.message.length > 5)).toBe(true);
    expect(await ledgerCount()).toBe(before);
    expect(await binQuantity(good.id, w.id, b1)).toBe('0');

    // Add mode: more out of a bin than it holds.
    const short = await importRows(
      [
        [good.sku, w.code, '', '-1', '', ''],
        [good.sku, w.code, '', '-1', '', ''],
      ],
      'add',
    );
    expect(short.status).toBe('FAILED');
    expect(short.errors).toEqual([{ rowNumber: 3, field: 'quantity', message: expect.stringContaining('holds 1') }]);
    expect(await ledgerCount()).toBe(before);
    await expectBalanced();
  });

  it('needs edit_manual_stock to post, view_warehouse to see; one run per idempotency key; history exported', async () => {
    const viewer = await clientWith(ta, ['view_warehouse']);
    const w = await warehouse();
    const p = await product({ cost_price: '2' });
    const upload = await uploadFile(viewer, await sheet(HEADERS, [[p.sku, w.code, '', '1', '', '']]));
    expect(upload.status).toBe(201);
    const refused = await viewer.api.post<ErrorBody>(
      '/api/inventory-imports',
      { fileName: upload.body.file.fileName, mode: 'add' },
      key(),
    );
    expect(refused.status).toBe(403);
    expect((await viewer.api.get<Page<ImportRun>>('/api/inventory-imports')).status).toBe(200);
    const stranger = await clientWith(ta, ['edit_manual_stock']);
    expect((await stranger.api.get('/api/inventory-imports')).status).toBe(403);
    expect((await uploadFile(stranger, await sheet(HEADERS, []))).status).toBe(403);

    const mine = await uploadFile(admin, await sheet(HEADERS, [[p.sku, w.code, '', '2', '', '']]));
    const k = key();
    const body = { fileName: mine.body.file.fileName, mode: 'add' };
    const first = await admin.api.post<ImportRun>('/api/inventory-imports', body, k);
    const again = await admin.api.post<ImportRun>('/api/inventory-imports', body, k);
    expect(again.body.id).toBe(first.body.id);
    const done = await waitForRun(admin.api, first.body.id);
    expect(done.status).toBe('APPLIED');
    const twice = await admin.api.post<ErrorBody>('/api/inventory-imports', body, key());
    expect([twice.status, twice.body.code]).toEqual([409, 'IMPORT_FILE_USED']);
    expect(await binQuantity(p.id, w.id, null)).toBe('2');
    const badMode = await admin.api.post<ErrorBody>('/api/inventory-imports', { ...body, mode: 'upsert' }, key());
    expect(badMode.status).toBe(400);

    const history = await viewer.api.get<Page<ImportRun>>('/api/inventory-imports?status=APPLIED');
    expect(history.body.items.every((r) => r.kind === 'inventory' && r.status === 'APPLIED')).toBe(true);
    expect(history.body.items.some((r) => r.id === first.body.id)).toBe(true);
    const products = await admin.api.get<Page<ImportRun>>('/api/product-imports');
    expect(products.body.items.some((r) => r.id === first.body.id)).toBe(false);
    const exported = await fetch(`${ta.baseUrl}/api/inventory-imports/export`, {
      headers: { authorization: `Bearer ${viewer.tokens.accessToken}` },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported.arrayBuffer()) as ArrayBuffer);
    expect(headerRow(workbook)).toContain('Opening');
    await expectBalanced();
  });
});
