import { PassThrough } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import type {
  ErrorBody,
  ExcelMapping,
  ImportFilePreview,
  ImportRun,
  ImportRunDetail,
  Page,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failStaleRuns } from '../src/domains/imports/import-run.repository.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { PDF } from './fixtures.ts';

let ta: TestApp;
let admin: Awaited<ReturnType<typeof clientWith>>;
beforeAll(async () => {
  ta = await startTestApp();
  admin = await clientWith(ta, ALL_PERMISSIONS);
});
afterAll(() => ta.close());

type Client = Awaited<ReturnType<typeof clientWith>>;

/** A sheet with these headers and rows (every cell as text), written as a stream like large files are. */
async function sheet(headers: string[], rows: (string | null)[][]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const ws = workbook.addWorksheet('Sheet1');
  if (headers.length) ws.addRow(headers).commit();
  for (const row of rows) ws.addRow(row).commit();
  ws.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

async function uploadFile(client: Client, content: Buffer, name = 'products.xlsx', kind = 'products') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const res = await fetch(`${ta.baseUrl}/api/import-files?kind=${kind}`, {
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
    const res = await api.get<ImportRunDetail>(`/api/product-imports/${id}`);
    expect(res.status).toBe(200);
    if (res.body.status === 'APPLIED' || res.body.status === 'FAILED') return res.body;
    if (Date.now() > until) throw new Error(`run ${id} still ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let keyCounter = 0;
const newKey = () => `import-key-${Date.now()}-${++keyCounter}`;

/** Uploads a file, starts its import and waits for the end. */
async function importFile(
  client: Client,
  content: Buffer,
  options: { mode?: 'insert' | 'upsert'; columns?: { header: string; field: string }[]; mappingId?: string } = {},
) {
  const upload = await uploadFile(client, content);
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  const res = await client.api.post<ImportRun>(
    '/api/product-imports',
    { fileName: upload.body.file.fileName, mode: options.mode ?? 'insert', ...options },
    { 'idempotency-key': newKey() },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return waitForRun(client.api, res.body.id);
}

const countProducts = async () =>
  Number(
    (
      await ta.t.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function productBySku(sku: string) {
  const product = await ta.t.db.selectFrom('products').selectAll().where('sku', '=', sku).executeTakeFirst();
  const barcodes = product
    ? (
        await ta.t.db
          .selectFrom('product_barcodes')
          .select('barcode')
          .where('product_id', '=', product.id)
          .orderBy('position')
          .execute()
      ).map((b) => b.barcode)
    : [];
  return product && { ...product, barcodes };
}

async function readWorkbook(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook;
}

async function download(client: Client, path: string) {
  const res = await fetch(`${ta.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${client.tokens.accessToken}` },
  });
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
}

const sheetRows = (ws: ExcelJS.Worksheet) => {
  const rows: string[][] = [];
  ws.eachRow((row) => {
    rows.push(
      (row.values as ExcelJS.CellValue[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))),
    );
  });
  return rows;
};

/** A deflated zip whose sheet inflates to `size` zero bytes: tiny on disk, huge once opened. */
function zipBomb(size: number): Buffer {
  const entries = [
    { name: '[Content_Types].xml', raw: Buffer.from('<Types/>') },
    { name: 'xl/workbook.xml', raw: Buffer.from('<workbook/>') },
    { name: 'xl/worksheets/sheet1.xml', raw: Buffer.alloc(size) },
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = deflateRawSync(e.raw);
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(e.raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(e.raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const size_ = centrals.reduce((n, b) => n + b.length, 0);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(size_, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, eocd]);
}

const auditRows = (entity: string, entityId?: string) => {
  let q = ta.t.db.selectFrom('system_logs').selectAll().where('entity', '=', entity);
  if (entityId) q = q.where('entity_id', '=', entityId);
  return q.orderBy('id').execute();
};

const PRODUCT_COLUMNS = [
  { header: 'SKU', field: 'sku' },
  { header: 'Name', field: 'name' },
];

describe('excel mappings', () => {
  const create = async (body: unknown, client: Client = admin) =>
    client.api.post<ExcelMapping & ErrorBody>('/api/excel-mappings', body, { 'idempotency-key': newKey() });

  it('creates, lists, searches, filters, sorts, reads, updates and deletes mappings, each audited', async () => {
    const a = await create({
      name: 'Supplier A products',
      kind: 'products',
      columns: [
        { header: 'Item Code', field: 'sku' },
        { header: 'Description', field: 'name' },
        { header: 'EAN', field: 'barcodes' },
      ],
    });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body).toMatchObject({ name: 'Supplier A products', kind: 'products', isDefault: false });
    const b = await create({
      name: 'Amazon orders',
      kind: 'sales_invoices',
      columns: [
        { header: 'order-id', field: 'externalOrderId' },
        { header: 'buyer-name', field: 'customerName' },
        { header: 'sku', field: 'sku' },
        { header: 'quantity-purchased', field: 'quantity' },
        { header: 'item-price', field: 'unitPrice' },
      ],
    });
    expect(b.status, JSON.stringify(b.body)).toBe(201);

    const all = await admin.api.get<Page<ExcelMapping>>('/api/excel-mappings?pageSize=50');
    expect(all.body.items.map((m) => m.name)).toEqual(expect.arrayContaining(['Supplier A products', 'Amazon orders']));
    const byKind = await admin.api.get<Page<ExcelMapping>>('/api/excel-mappings?kind=sales_invoices');
    expect(byKind.body.items.map((m) => m.name)).toEqual(['Amazon orders']);
    // Found by a header it maps, too.
    const byHeader = await admin.api.get<Page<ExcelMapping>>('/api/excel-mappings?q=item%20code');
    expect(byHeader.body.items.map((m) => m.name)).toEqual(['Supplier A products']);
    const sorted = await admin.api.get<Page<ExcelMapping>>('/api/excel-mappings?sort=-name');
    const names = sorted.body.items.map((m) => m.name);
    expect(names).toEqual([...names].sort((x, y) => y.localeCompare(x)));
    expect((await admin.api.get('/api/excel-mappings?sort=columns')).status).toBe(400);

    const got = await admin.api.get<ExcelMapping>(`/api/excel-mappings/${a.body.id}`);
    expect(got.body.columns).toEqual([
      { header: 'Item Code', field: 'sku' },
      { header: 'Description', field: 'name' },
      { header: 'EAN', field: 'barcodes' },
    ]);

    const updated = await admin.api.put<ExcelMapping>(`/api/excel-mappings/${a.body.id}`, {
      name: 'Supplier A',
      kind: 'products',
      isDefault: true,
      columns: [
        { header: 'Item Code', field: 'sku' },
        { header: 'Description', field: 'name' },
      ],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Supplier A', isDefault: true });

    const exported = await download(admin, '/api/excel-mappings/export?kind=products');
    expect(exported.status).toBe(200);
    const rows = sheetRows((await readWorkbook(exported.body)).worksheets[0]!);
    // The mapping screen's titles.
    expect(rows[0]).toEqual(['Name', 'Import kind', 'Default for its kind', 'File header', 'Field', 'Updated']);
    expect(rows.slice(1).map((r) => [r[0], r[3], r[4]])).toEqual([
      ['Supplier A', 'Item Code', 'SKU'],
      ['Supplier A', 'Description', 'Name'],
    ]);

    expect((await admin.api.delete(`/api/excel-mappings/${b.body.id}`)).status).toBe(200);
    expect((await admin.api.get(`/api/excel-mappings/${b.body.id}`)).status).toBe(404);
    expect((await auditRows('excel_mapping', a.body.id)).map((r) => r.action)).toEqual(['create', 'update']);
    expect((await auditRows('excel_mapping', b.body.id)).map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('refuses a mapping that misses a required field, names an unknown field, or maps a field or a header twice', async () => {
    const count = async () => (await admin.api.get<Page<ExcelMapping>>('/api/excel-mappings?pageSize=200')).body.total;
    const before = await count();
    const cases: [unknown, RegExp][] = [
      [{ name: 'x', kind: 'products', columns: [{ header: 'SKU', field: 'sku' }] }, /required field: Name/],
      [
        { name: 'x', kind: 'products', columns: [...PRODUCT_COLUMNS, { header: 'Colour', field: 'colour' }] },
        /not a field/,
      ],
      [
        { name: 'x', kind: 'products', columns: [...PRODUCT_COLUMNS, { header: 'Title', field: 'name' }] },
        /already mapped/,
      ],
      [
        { name: 'x', kind: 'products', columns: [...PRODUCT_COLUMNS, { header: 'sku', field: 'barcodes' }] },
        /header is already mapped/,
      ],
      [{ name: ' ', kind: 'products', columns: PRODUCT_COLUMNS }, /name is needed/],
      [{ name: 'x', kind: 'widgets', columns: PRODUCT_COLUMNS }, /kind/],
      [{ name: 'x', kind: 'products', columns: [] }, /at least one column/],
      [
        { name: 'x', kind: 'products', columns: [{ header: '', field: 'sku' }, PRODUCT_COLUMNS[1]] },
        /header is needed/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.message).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it('keeps names unique per kind whatever the case, and one default per kind', async () => {
    const first = await create({
      name: 'Default products',
      kind: 'products',
      isDefault: true,
      columns: PRODUCT_COLUMNS,
    });
    expect(first.status).toBe(201);
    const same = await create({ name: 'DEFAULT PRODUCTS', kind: 'products', columns: PRODUCT_COLUMNS });
    expect(same.status).toBe(409);
    expect(same.body.code).toBe('EXCEL_MAPPING_NAME_TAKEN');
    const otherKind = await create({
      name: 'Default products',
      kind: 'inventory',
      columns: [
        { header: 'SKU', field: 'sku' },
        { header: 'Warehouse', field: 'warehouse' },
        { header: 'Qty', field: 'quantity' },
      ],
    });
    expect(otherKind.status).toBe(201);
    const second = await create({ name: 'New default', kind: 'products', isDefault: true, columns: PRODUCT_COLUMNS });
    expect(second.status).toBe(201);
    expect((await admin.api.get<ExcelMapping>(`/api/excel-mappings/${first.body.id}`)).body.isDefault).toBe(false);
    expect((await admin.api.get<ExcelMapping>(`/api/excel-mappings/${otherKind.body.id}`)).body.isDefault).toBe(false);
    const rename = await admin.api.put<ErrorBody>(`/api/excel-mappings/${second.body.id}`, {
      name: 'default products',
      kind: 'products',
      columns: PRODUCT_COLUMNS,
    });
    expect(rename.status).toBe(409);
    expect((await admin.api.get<ExcelMapping>(`/api/excel-mappings/${second.body.id}`)).body.name).toBe('New default');
  });

  it('creates once when the same request is sent twice with one Idempotency-Key', async () => {
    const key = newKey();
    const body = { name: 'Twice', kind: 'products', columns: PRODUCT_COLUMNS };
    const one = await admin.api.post<ExcelMapping>('/api/excel-mappings', body, { 'idempotency-key': key });
    const two = await admin.api.post<ExcelMapping>('/api/excel-mappings', body, { 'idempotency-key': key });
    expect(one.status).toBe(201);
    expect(two.status).toBe(201);
    expect(two.body.id).toBe(one.body.id);
    expect(two.headers.get('idempotent-replayed')).toBe('true');
    const found = await admin.api.get<Page<ExcelMapping>>('/api/excel-mappings?q=Twice');
    expect(found.body.total).toBe(1);
  });

  it('lets viewers read but not change, and refuses those without the permission', async () => {
    const viewer = await clientWith(ta, ['view_excel_mapping']);
    const stranger = await clientWith(ta, ['view_product']);
    expect((await viewer.api.get('/api/excel-mappings')).status).toBe(200);
    expect((await stranger.api.get('/api/excel-mappings')).status).toBe(403);
    const refused = await create({ name: 'Not mine', kind: 'products', columns: PRODUCT_COLUMNS }, viewer);
    expect(refused.status).toBe(403);
    expect((await admin.api.get<Page<ExcelMapping>>('/api/excel-mappings?q=Not%20mine')).body.total).toBe(0);
  });

  it('proposes a mapping from a file and lists the saved mappings that fit it', async () => {
    const editor = await clientWith(ta, ['edit_excel_mapping', 'view_excel_mapping']);
    const file = await sheet(
      ['Item Code', 'Product Name', 'EAN', 'Price', 'Colour'],
      [
        ['A-1', 'Apple', '5012345678900', '1.50', 'red'],
        ['B-2', 'Banana', '', '0.99', 'yellow'],
      ],
    );
    const res = await uploadFile(editor, file);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.headers).toEqual(['Item Code', 'Product Name', 'EAN', 'Price', 'Colour']);
    expect(res.body.sampleRows).toEqual([
      ['A-1', 'Apple', '5012345678900', '1.50', 'red'],
      ['B-2', 'Banana', '', '0.99', 'yellow'],
    ]);
    expect(res.body.proposed).toEqual([
      { header: 'Item Code', field: 'sku' },
      { header: 'Product Name', field: 'name' },
      { header: 'EAN', field: 'barcodes' },
      { header: 'Price', field: 'salePrice' },
    ]);
    expect(res.body.missing).toEqual([]);
    expect(res.body.estimatedRows).toBe(2);
    expect(res.body.file).toMatchObject({ originalName: 'products.xlsx', kind: 'xlsx' });
    // Saved mappings: one whose headers this file has (whatever their case), one it does not.
    const fitting = await create({
      name: 'Fits',
      kind: 'products',
      columns: [
        { header: 'item code', field: 'sku' },
        { header: 'PRODUCT NAME', field: 'name' },
      ],
    });
    expect(fitting.status).toBe(201);
    const again = await uploadFile(editor, file);
    const fits = Object.fromEntries(again.body.mappings.map((m) => [m.name, m.fits]));
    expect(fits.Fits).toBe(true);
    expect(fits['Default products']).toBe(false);
    expect(again.body.mappings[0]?.isDefault).toBe(true);
  });

  it('answers which required fields a file lacks, and takes files of a kind only with its permission', async () => {
    const seller = await clientWith(ta, ['add_sales_invoice']);
    const file = await sheet(['Code', 'Whatever'], [['1', '2']]);
    const refused = await uploadFile(seller, file, 'p.xlsx', 'products');
    expect(refused.status).toBe(403);
    const own = await uploadFile(seller, file, 'orders.xlsx', 'sales_invoices');
    expect(own.status).toBe(201);
    expect(own.body.missing).toEqual(['externalOrderId', 'customerName', 'sku', 'quantity', 'unitPrice']);
    const nobody = await clientWith(ta, ['view_product']);
    expect((await uploadFile(nobody, file)).status).toBe(403);
  });

  it('refuses a file that is not a spreadsheet, a zip bomb, an empty sheet and a file over 10 MB, storing nothing', async () => {
    const files = async () =>
      Number(
        (
          await ta.t.db
            .selectFrom('uploaded_files')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await files();
    const pdf = await uploadFile(admin, PDF, 'products.xlsx');
    expect(pdf.status).toBe(415);
    expect(pdf.body.code).toBe('NOT_A_SPREADSHEET');
    const bomb = await uploadFile(admin, zipBomb(64 * 1024 * 1024));
    expect(bomb.status).toBe(413);
    expect(bomb.body.code).toBe('SPREADSHEET_TOO_LARGE');
    expect(bomb.body.message).toMatch(/expands to more data/);
    const empty = await uploadFile(admin, await sheet([], []));
    expect(empty.status).toBe(422);
    expect(empty.body.code).toBe('EMPTY_SPREADSHEET');
    const huge = await uploadFile(admin, Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('FILE_TOO_LARGE');
    expect(await files()).toBe(before);
  });
});

describe('product imports', () => {
  let importer: Client;
  let brandId: string;
  beforeAll(async () => {
    importer = await clientWith(ta, ['add_product', 'view_product', 'edit_product']);
    brandId = (
      await ta.t.db
        .insertInto('brands')
        .values({ code: 'ACME', name: 'Acme' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await ta.t.db.insertInto('brands').values({ code: 'OLD', name: 'Old brand', active: false }).execute();
  });

  const HEADERS = [
    'SKU',
    'Name',
    'Brand',
    'Barcodes',
    'Unit',
    'Kind',
    'Cost price',
    'Sale price',
    'VAT rate',
    'Active',
  ];

  it('imports a good file: answers at once with a queued run, then every row is written with its audit', async () => {
    const before = await countProducts();
    const file = await sheet(HEADERS, [
      ['good-1', 'Good one', 'acme', '5012345678900, 4006381333931', 'Unit', 'Stock', '1.25', '2.50', '20', 'yes'],
      ['GOOD-2', 'Good two', '', '', 'kg', 'service', '0.3', '1', '5%', 'no'],
      ['GOOD-3', 'Good three', 'ACME', '', '', '', '', '', '', ''],
    ]);
    const upload = await uploadFile(importer, file);
    expect(upload.status).toBe(201);
    const started = Date.now();
    const res = await importer.api.post<ImportRun>(
      '/api/product-imports',
      { fileName: upload.body.file.fileName },
      { 'idempotency-key': newKey() },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(res.body).toMatchObject({ status: 'QUEUED', mode: 'insert', fileName: 'products.xlsx', columns: [] });
    const run = await waitForRun(importer.api, res.body.id);
    expect(run).toMatchObject({
      status: 'APPLIED',
      rowsTotal: 3,
      rowsDone: 3,
      createdCount: 3,
      updatedCount: 0,
      errorCount: 0,
      failure: null,
      errors: [],
    });
    // The mapping proposed from the headers is kept with the run.
    expect(run.columns.map((c) => c.field)).toEqual([
      'sku',
      'name',
      'brand',
      'barcodes',
      'unit',
      'kind',
      'costPrice',
      'salePrice',
      'vatRate',
      'active',
    ]);
    expect(run.timings?.totalMs).toBeGreaterThanOrEqual(0);
    expect(await countProducts()).toBe(before + 3);
    const one = await productBySku('GOOD-1');
    expect(one).toMatchObject({
      name: 'Good one',
      brand_id: brandId,
      unit: 'Unit',
      kind: 'STOCK',
      cost_price: '1.2500',
      sale_price: '2.50',
      vat_rate: '20.00',
      active: true,
      barcodes: ['5012345678900', '4006381333931'],
    });
    expect(await productBySku('GOOD-2')).toMatchObject({
      unit: 'Kilogram (Kg)',
      kind: 'SERVICE',
      cost_price: '0.3000',
      vat_rate: '5.00',
      active: false,
      brand_id: null,
    });
    expect(await productBySku('GOOD-3')).toMatchObject({
      unit: 'Unit',
      kind: 'STOCK',
      vat_rate: '20.00',
      active: true,
    });
    const created = await auditRows('product', one?.id);
    expect(created.map((r) => r.action)).toEqual(['create']);
    expect(created[0]?.after).toMatchObject({ sku: 'GOOD-1', importRunId: run.id });
    expect((await auditRows('product_import', run.id)).map((r) => r.action)).toEqual(['create', 'apply']);
    // The stored file is downloadable by those who may see products.
    const viewer = await clientWith(ta, ['view_product']);
    const stored = await download(viewer, run.fileUrl);
    expect(stored.status).toBe(200);
    expect(stored.body.equals(file)).toBe(true);
  });

  it('refuses a file with bad rows as a whole, listing every problem by row and field, and writes nothing', async () => {
    await ta.t.db
      .insertInto('products')
      .values({ sku: 'TAKEN-1', name: 'Already here' })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then(({ id }) =>
        ta.t.db.insertInto('product_barcodes').values({ product_id: id, position: 0, barcode: '96385074' }).execute(),
      );
    const before = await countProducts();
    const logsBefore = (await auditRows('product')).length;
    const rows: (string | null)[][] = [
      ['OK-1', 'Fine', '', '', '', '', '', '', '', ''], // row 2: fine
      ['OK-2', '', '', '', '', '', '', '', '', ''], // row 3: no name
      ['OK-3', 'Bad barcode', '', '5012345678901', '', '', '', '', '', ''], // row 4: check digit
      ['OK-4', 'Unknown brand', 'NOPE', '', '', '', '', '', '', ''], // row 5
      ['ok-1', 'Same SKU', '', '', '', '', '', '', '', ''], // row 6: SKU again (any case)
      ['OK-6', 'Barcode again', '', '4006381333931', '', '', '', '', '', ''], // row 7
      ['OK-7', 'Barcode again', '', '4006381333931', '', '', '', '', '', ''], // row 8: barcode of row 7
      ['TAKEN-1', 'Exists', '', '', '', '', '', '', '', ''], // row 9: SKU in the database
      ['OK-9', 'Barcode taken', '', '96385074', '', '', '', '', '', ''], // row 10: barcode of TAKEN-1
      ['OK-10', 'Bad price', '', '', '', '', '1.23456', 'abc', '120', ''], // row 11: three bad numbers
      ['OK-11', 'A bundle', '', '', '', 'bundle', '', '', '', ''], // row 12
      ['OK-12', 'Inactive brand', 'old', '', 'litre', '', '', '', '', 'maybe'], // row 13: brand, active
      ['bad sku!', 'Bad SKU', '', '', 'bucket', '', '', '', '', ''], // row 14: SKU, unit
    ];
    const run = await importFile(importer, await sheet(HEADERS, rows));
    expect(run.status).toBe('FAILED');
    expect(run.failure?.code).toBe('IMPORT_INVALID');
    expect(run.failure?.message).toMatch(/nothing was imported/);
    expect(run.createdCount).toBe(0);
    const problems = run.errors.map((e) => [e.rowNumber, e.field]);
    expect(problems).toEqual([
      [3, 'name'],
      [4, 'barcodes'],
      [5, 'brand'],
      [6, 'sku'],
      [7, 'barcodes'],
      [8, 'barcodes'],
      [9, 'sku'],
      [10, 'barcodes'],
      [11, 'costPrice'],
      [11, 'salePrice'],
      [11, 'vatRate'],
      [12, 'kind'],
      [13, 'active'],
      [13, 'brand'],
      [14, 'sku'],
      [14, 'unit'],
    ]);
    expect(run.errorCount).toBe(problems.length);
    const message = (row: number, field: string) =>
      run.errors.find((e) => e.rowNumber === row && e.field === field)?.message;
    expect(message(3, 'name')).toBe('a name is needed');
    expect(message(4, 'barcodes')).toMatch(/^5012345678901: .*check digit.*would end in 0/);
    expect(message(5, 'brand')).toBe('there is no brand with code NOPE');
    expect(message(6, 'sku')).toBe('"OK-1" is already in row 2 of this file.');
    expect(message(7, 'barcodes')).toBe('barcode 4006381333931 already belongs to product GOOD-1');
    expect(message(8, 'barcodes')).toBe('barcode 4006381333931 is already in row 7 of this file');
    expect(message(9, 'sku')).toMatch(/SKU TAKEN-1 already exists/);
    expect(message(10, 'barcodes')).toBe('barcode 96385074 already belongs to product TAKEN-1');
    expect(message(12, 'kind')).toMatch(/bundle is made on the product screen/);
    expect(message(13, 'brand')).toMatch(/OLD is deactivated/);
    expect(await countProducts()).toBe(before);
    expect((await auditRows('product')).length).toBe(logsBefore);

    // The same problems as a spreadsheet, with the file's own column names.
    const report = await download(importer, `/api/product-imports/${run.id}/errors`);
    expect(report.status).toBe(200);
    expect(report.type).toMatch(/spreadsheetml/);
    const lines = sheetRows((await readWorkbook(report.body)).worksheets[0]!);
    expect(lines[0]).toEqual(['Row', 'Column', 'Field', 'Problem']);
    expect(lines.length).toBe(problems.length + 1);
    expect(lines[1]).toEqual(['3', 'Name', 'Name', 'a name is needed']);

    // Fixed, the file goes in whole.
    const fixed = await importFile(
      importer,
      await sheet(HEADERS, [
        ['OK-1', 'Fine', '', '', '', '', '', '', '', ''],
        ['OK-2', 'Named now', '', '', '', '', '', '', '', ''],
        ['OK-3', 'Good barcode', '', '5012345678900', '', '', '', '', '', ''],
        ['OK-4', 'Known brand', 'ACME', '', '', '', '', '', '', ''],
        ['OK-6', 'Barcode once', '', '4006381333931', '', '', '', '', '', ''],
        ['OK-10', 'Good price', '', '', '', '', '1.2345', '3', '20', ''],
      ]),
    );
    // 5012345678900 and 4006381333931 went to the good file of the first test: taken.
    expect(fixed.status).toBe('FAILED');
    expect(fixed.errors.map((e) => [e.rowNumber, e.field])).toEqual([
      [4, 'barcodes'],
      [6, 'barcodes'],
    ]);
    const fixedAgain = await importFile(
      importer,
      await sheet(HEADERS, [
        ['OK-1', 'Fine', '', '', '', '', '', '', '', ''],
        ['OK-2', 'Named now', '', '', '', '', '', '', '', ''],
        ['OK-3', 'Good barcode', '', '0012345678905', '', '', '', '', '', ''],
        ['OK-4', 'Known brand', 'ACME', '', '', '', '', '', '', ''],
        ['OK-10', 'Good price', '', '', '', '', '1.2345', '3', '20', ''],
      ]),
    );
    expect(fixedAgain).toMatchObject({ status: 'APPLIED', createdCount: 5 });
    expect(await countProducts()).toBe(before + 5);
  });

  it('updates existing SKUs in "add and update" mode: mapped columns change, empty cells and other columns are kept', async () => {
    await importFile(
      importer,
      await sheet(HEADERS, [['UPD-1', 'Before', 'ACME', '73513537', 'Unit', '', '1', '2', '20', 'yes']]),
    );
    const before = await productBySku('UPD-1');
    const run = await importFile(
      importer,
      await sheet(
        ['sku', 'name', 'sale price', 'barcodes'],
        [
          ['upd-1', 'After', '', '40123455'],
          ['UPD-NEW', 'Brand new', '9.99', ''],
        ],
      ),
      { mode: 'upsert' },
    );
    expect(run).toMatchObject({ status: 'APPLIED', createdCount: 1, updatedCount: 1, mode: 'upsert' });
    const after = await productBySku('UPD-1');
    expect(after).toMatchObject({
      id: before?.id,
      name: 'After',
      sale_price: '2.00',
      cost_price: '1.0000',
      brand_id: brandId,
      barcodes: ['40123455'],
    });
    const audit = await auditRows('product', before?.id);
    expect(audit.map((r) => r.action)).toEqual(['create', 'update']);
    expect(audit[1]?.before).toMatchObject({ name: 'Before', barcodes: ['73513537'] });
    expect(audit[1]?.after).toMatchObject({ name: 'After', barcodes: ['40123455'], importRunId: run.id });
    expect(await productBySku('UPD-NEW')).toMatchObject({ sale_price: '9.99' });
  });

  it('moves a barcode between two products of one file when the row of its owner lets it go', async () => {
    await importFile(
      importer,
      await sheet(
        ['SKU', 'Name', 'Barcodes'],
        [
          ['MOVE-A', 'Had it', '9780201379624'],
          ['MOVE-B', 'Wants it', ''],
        ],
      ),
    );
    const kept = await importFile(
      importer,
      await sheet(['SKU', 'Name', 'Barcodes'], [['MOVE-B', 'Wants it', '9780201379624']]),
      { mode: 'upsert' },
    );
    expect(kept.status).toBe('FAILED');
    expect(kept.errors[0]?.message).toBe('barcode 9780201379624 already belongs to product MOVE-A');
    const moved = await importFile(
      importer,
      await sheet(
        ['SKU', 'Name', 'Barcodes'],
        [
          ['MOVE-B', 'Wants it', '9780201379624'],
          ['MOVE-A', 'Had it', '40000008'],
        ],
      ),
      { mode: 'upsert' },
    );
    expect(moved, JSON.stringify(moved.errors)).toMatchObject({ status: 'APPLIED', updatedCount: 2 });
    expect((await productBySku('MOVE-B'))?.barcodes).toEqual(['9780201379624']);
    expect((await productBySku('MOVE-A'))?.barcodes).toEqual(['40000008']);
  });

  it('fails runs whose server stopped mid-way, saying nothing was imported', async () => {
    const upload = await uploadFile(importer, await sheet(['SKU', 'Name'], [['STALE-1', 'x']]));
    const file = await ta.t.db
      .selectFrom('uploaded_files')
      .select('id')
      .where('file_name', '=', upload.body.file.fileName)
      .executeTakeFirstOrThrow();
    const stale = await ta.t.db
      .insertInto('import_runs')
      .values({
        kind: 'products',
        file_id: file.id,
        file_name: 'stale.xlsx',
        mode: 'insert',
        status: 'APPLYING',
        created_by: importer.user.id,
        started_at: new Date(Date.now() - 600_000),
        heartbeat_at: new Date(Date.now() - 600_000),
        columns: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await failStaleRuns(ta.t.db, 120);
    const run = await importer.api.get<ImportRunDetail>(`/api/product-imports/${stale.id}`);
    expect(run.body).toMatchObject({ status: 'FAILED', failure: { code: 'IMPORT_INTERRUPTED' } });
    expect(run.body.failure?.message).toMatch(/nothing was imported/);
  });

  it('needs the edit permission to update, and the add permission to import at all', async () => {
    const adder = await clientWith(ta, ['add_product', 'view_product']);
    const upload = await uploadFile(adder, await sheet(['SKU', 'Name'], [['PERM-1', 'x']]));
    const upsert = await adder.api.post<ErrorBody>(
      '/api/product-imports',
      { fileName: upload.body.file.fileName, mode: 'upsert' },
      { 'idempotency-key': newKey() },
    );
    expect(upsert.status).toBe(403);
    const viewer = await clientWith(ta, ['view_product']);
    const refused = await viewer.api.post('/api/product-imports', { fileName: upload.body.file.fileName });
    expect(refused.status).toBe(403);
    // Someone else's upload is unknown to another importer.
    const other = await importer.api.post<ErrorBody>(
      '/api/product-imports',
      { fileName: upload.body.file.fileName },
      { 'idempotency-key': newKey() },
    );
    expect(other.status).toBe(404);
    expect((await adder.api.get<Page<ImportRun>>('/api/product-imports?q=zzz')).status).toBe(200);
    const stranger = await clientWith(ta, ['view_brand']);
    expect((await stranger.api.get('/api/product-imports')).status).toBe(403);
    expect(await productBySku('PERM-1')).toBeUndefined();
  });

  it('is idempotent: one Idempotency-Key gives one run, and a file already imported is not imported again', async () => {
    const upload = await uploadFile(importer, await sheet(['SKU', 'Name'], [['ONCE-1', 'Once']]));
    const key = newKey();
    const body = { fileName: upload.body.file.fileName };
    const [one, two] = await Promise.all([
      importer.api.post<ImportRun>('/api/product-imports', body, { 'idempotency-key': key }),
      importer.api.post<ImportRun>('/api/product-imports', body, { 'idempotency-key': key }),
    ]);
    expect(one.status).toBe(201);
    expect(two.status).toBe(201);
    expect(two.body.id).toBe(one.body.id);
    await waitForRun(importer.api, one.body.id);
    const third = await importer.api.post<ErrorBody & { details: { runId: string } }>('/api/product-imports', body, {
      'idempotency-key': newKey(),
    });
    expect(third.status).toBe(409);
    expect(third.body.code).toBe('IMPORT_FILE_USED');
    expect(third.body.details.runId).toBe(one.body.id);
    const runs = await ta.t.db
      .selectFrom('import_runs')
      .select('id')
      .where('file_name', '=', 'products.xlsx')
      .where('id', '=', one.body.id)
      .execute();
    expect(runs).toHaveLength(1);
    expect(await ta.t.db.selectFrom('products').select('id').where('sku', '=', 'ONCE-1').execute()).toHaveLength(1);
  });

  it('takes a saved mapping (headers matched whatever their case), and fails a file without a required column', async () => {
    const mapping = await admin.api.post<ExcelMapping>(
      '/api/excel-mappings',
      {
        name: 'Warehouse sheet',
        kind: 'products',
        columns: [
          { header: 'ITEM', field: 'sku' },
          { header: 'DESCRIPTION', field: 'name' },
          { header: 'RRP', field: 'salePrice' },
        ],
      },
      { 'idempotency-key': newKey() },
    );
    const run = await importFile(importer, await sheet(['Item', 'Description', 'Rrp'], [['MAP-1', 'Mapped', '4.50']]), {
      mappingId: mapping.body.id,
    });
    expect(run).toMatchObject({ status: 'APPLIED', mappingId: mapping.body.id, mappingName: 'Warehouse sheet' });
    expect(run.columns).toEqual([
      { header: 'Item', field: 'sku' },
      { header: 'Description', field: 'name' },
      { header: 'Rrp', field: 'salePrice' },
    ]);
    expect(await productBySku('MAP-1')).toMatchObject({ sale_price: '4.50' });

    const missing = await importFile(importer, await sheet(['Item', 'Price'], [['MAP-2', '1']]), {
      mappingId: mapping.body.id,
    });
    expect(missing.status).toBe('FAILED');
    expect(missing.failure).toEqual({
      code: 'IMPORT_COLUMNS_MISSING',
      message: expect.stringMatching(/no column for: Name/),
    });

    // A mapping of another kind is refused before anything is queued.
    const other = await admin.api.post<ExcelMapping>(
      '/api/excel-mappings',
      {
        name: 'Stock count',
        kind: 'inventory',
        columns: [
          { header: 'SKU', field: 'sku' },
          { header: 'Warehouse', field: 'warehouse' },
          { header: 'Qty', field: 'quantity' },
        ],
      },
      { 'idempotency-key': newKey() },
    );
    const upload = await uploadFile(importer, await sheet(['SKU', 'Name'], [['MAP-3', 'x']]));
    const wrongKind = await importer.api.post<ErrorBody>(
      '/api/product-imports',
      { fileName: upload.body.file.fileName, mappingId: other.body.id },
      { 'idempotency-key': newKey() },
    );
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.code).toBe('IMPORT_MAPPING_KIND_MISMATCH');
    const badColumns = await importer.api.post<ErrorBody>(
      '/api/product-imports',
      { fileName: upload.body.file.fileName, columns: [{ header: 'SKU', field: 'sku' }] },
      { 'idempotency-key': newKey() },
    );
    expect(badColumns.status).toBe(400);

    // Deleting the mapping leaves the history whole.
    expect((await admin.api.delete(`/api/excel-mappings/${mapping.body.id}`)).status).toBe(200);
    const kept = await importer.api.get<ImportRunDetail>(`/api/product-imports/${run.id}`);
    expect(kept.body).toMatchObject({ mappingId: null, mappingName: 'Warehouse sheet' });
    expect(kept.body.columns).toHaveLength(3);
  });

  it('fails a file with more rows than an import takes, clearly', { timeout: 60_000 }, async () => {
    const rows = Array.from({ length: 100_001 }, (_, i) => [`R-${i}`, 'Row']);
    const run = await importFile(importer, await sheet(['SKU', 'Name'], rows));
    expect(run.status).toBe('FAILED');
    expect(run.failure).toEqual({ code: 'TOO_MANY_ROWS', message: 'A file may hold at most 100000 rows.' });
    expect(await productBySku('R-1')).toBeUndefined();
  });

  it('keeps the history of uploads: paged, searchable, filtered by status, exported', async () => {
    const list = await importer.api.get<Page<ImportRun>>('/api/product-imports?pageSize=100');
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThanOrEqual(8);
    const times = list.body.items.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const failed = await importer.api.get<Page<ImportRun>>('/api/product-imports?status=FAILED&pageSize=100');
    expect(failed.body.items.every((r) => r.status === 'FAILED')).toBe(true);
    expect(failed.body.total).toBeGreaterThanOrEqual(3);
    const none = await importer.api.get<Page<ImportRun>>('/api/product-imports?q=nothing-like-this');
    expect(none.body.total).toBe(0);
    expect((await importer.api.get('/api/product-imports?status=DONE')).status).toBe(400);
    expect((await importer.api.get('/api/product-imports?sort=errors')).status).toBe(400);
    const exported = await download(importer, '/api/product-imports/export?status=APPLIED');
    expect(exported.status).toBe(200);
    const rows = sheetRows((await readWorkbook(exported.body)).worksheets[0]!);
    expect(rows[0]?.slice(0, 3)).toEqual(['Uploaded', 'File', 'Status']);
    expect(rows.slice(1).every((r) => r[2] === 'Imported')).toBe(true);
    expect((await importer.api.get('/api/product-imports/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('offers a template with every column and a sheet explaining them, which imports as it is', async () => {
    const template = await download(importer, '/api/product-imports/template');
    expect(template.status).toBe(200);
    const workbook = await readWorkbook(template.body);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Products', 'Help']);
    expect(sheetRows(workbook.worksheets[0]!)[0]).toEqual([
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
      'Length (cm)',
      'Width (cm)',
      'Height (cm)',
      'Reorder point',
      'Reorder quantity',
      'Active',
    ]);
    const preview = await uploadFile(importer, template.body, 'template.xlsx');
    expect(preview.status).toBe(201);
    expect(preview.body.proposed).toHaveLength(16);
    expect(preview.body.missing).toEqual([]);
  });
});
