import { PassThrough } from 'node:stream';
import type {
  Customer,
  ErrorBody,
  ExcelMapping,
  ImportFilePreview,
  SalesInvoice,
  SalesUploadPreview,
  SalesUploadProblemsDetails,
  SalesUploadRun,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchOrCreateCustomers } from '../src/domains/partners/index.ts';
import type { Ctx } from '../src/platform/routes.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
type Client = Awaited<ReturnType<typeof clientWith>>;
let admin: Client;
/** May add sales invoices but not book them. */
let clerk: Client;
/** Sees invoices only. */
let viewer: Client;
let mappingId: string;
let warehouseId: string;
let warehouseCode: string;

beforeAll(async () => {
  ta = await startTestApp();
  [admin, clerk, viewer] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(ta, ['view_sales_invoice', 'add_sales_invoice', 'add_customer', 'view_excel_mapping']),
    clientWith(ta, ['view_sales_invoice']),
  ]);
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: 'SUP1', name: 'Upload warehouse', kind: 'OWN' })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  warehouseId = w.id;
  warehouseCode = w.code;
  const m = await admin.api.post<ExcelMapping>(
    '/api/excel-mappings',
    {
      name: 'Marketplace orders',
      kind: 'sales_invoices',
      columns: HEADERS.map((header, i) => ({ header, field: FIELDS[i] })),
    },
    key(),
  );
  expect(m.status, JSON.stringify(m.body)).toBe(201);
  mappingId = m.body.id;
}, 120_000);
afterAll(() => ta.close());

let n = 0;
const uniq = () => `${++n}${Date.now() % 100000}`;
let keys = 0;
const key = () => ({ 'idempotency-key': `su-${Date.now()}-${++keys}` });

const HEADERS = [
  'Channel',
  'Order',
  'Date',
  'Buyer',
  'Email',
  'Street',
  'Town',
  'Postcode',
  'Country',
  'Item',
  'Qty',
  'Price',
  'Discount',
  'VAT',
  'Shipping',
  'Payment',
  'Payment ref',
];
const FIELDS = [
  'channel',
  'externalOrderId',
  'orderDate',
  'customerName',
  'customerEmail',
  'addressLine1',
  'city',
  'postcode',
  'country',
  'sku',
  'quantity',
  'unitPrice',
  'discount',
  'vatRate',
  'shippingCharge',
  'paymentType',
  'paymentReference',
];

interface Line {
  channel?: string;
  order: string;
  email?: string;
  buyer?: string;
  sku: string;
  qty: string;
  price: string;
  discount?: string;
  vat?: string;
  shipping?: string;
  payment?: string;
  date?: string;
}
const row = (l: Line) => [
  l.channel ?? 'MANUAL',
  l.order,
  l.date ?? '2026-11-20',
  l.buyer ?? 'Ann Buyer',
  l.email ?? '',
  '1 High Street',
  'Leeds',
  'LS1 1AA',
  'GB',
  l.sku,
  l.qty,
  l.price,
  l.discount ?? '',
  l.vat ?? '20',
  l.shipping ?? '',
  l.payment ?? 'PAYPAL',
  'REF-1',
];

async function sheet(lines: Line[]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const ws = workbook.addWorksheet('Orders');
  ws.addRow(HEADERS).commit();
  for (const l of lines) ws.addRow(row(l)).commit();
  ws.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

async function upload(client: Client, content: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), 'orders.xlsx');
  const res = await fetch(`${ta.baseUrl}/api/import-files?kind=sales_invoices`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${client.tokens.accessToken}`,
      cookie: 'XSRF-TOKEN=t0k3n',
      'x-xsrf-token': 't0k3n',
    },
    body: form,
  });
  const body = (await res.json()) as ImportFilePreview & ErrorBody;
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.file.fileName;
}

const input = (fileName: string, extra: Record<string, unknown> = {}) => ({
  fileName,
  mappingId,
  channel: 'MANUAL',
  warehouseId,
  ...extra,
});

async function waitForRun(api: ApiClient, id: string): Promise<SalesUploadRun> {
  const until = Date.now() + 30_000;
  for (;;) {
    const res = await api.get<SalesUploadRun>(`/api/sales-invoice-uploads/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (res.body.status === 'APPLIED' || res.body.status === 'FAILED') return res.body;
    if (Date.now() > until) throw new Error(`run ${id} still ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function commit(client: Client, fileName: string, extra: Record<string, unknown> = {}) {
  const res = await client.api.post<SalesUploadRun>('/api/sales-invoice-uploads', input(fileName, extra), key());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return waitForRun(client.api, res.body.id);
}

async function product(price = '9.99') {
  const sku = `UP-${uniq()}`;
  return ta.t.db
    .insertInto('products')
    .values({ sku, name: `Uploaded thing ${sku}`, unit: 'Unit', kind: 'STOCK', sale_price: price })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}

/** Invoices, lines, customers, runs and log rows: what a refused request must leave as it was. */
async function counts() {
  const r = await sql<{ invoices: string; lines: string; customers: string; runs: string; logs: string }>`
    SELECT (SELECT count(*) FROM sales_invoices) AS invoices, (SELECT count(*) FROM sales_invoice_lines) AS lines,
      (SELECT count(*) FROM customers) AS customers, (SELECT count(*) FROM import_runs) AS runs,
      (SELECT count(*) FROM system_logs) AS logs`.execute(ta.t.db);
  return r.rows[0];
}

async function invoiceOf(channel: string, externalOrderId: string) {
  const row = await ta.t.db
    .selectFrom('sales_invoices')
    .select('id')
    .where('channel', '=', channel)
    .where('external_order_id', '=', externalOrderId)
    .executeTakeFirstOrThrow();
  const res = await admin.api.get<SalesInvoice>(`/api/sales-invoices/${row.id}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('sales invoice upload', () => {
  it('previews every problem of a mixed file by row and code, and a commit of it writes nothing', async () => {
    const p = await product();
    const already = `AMZ-${uniq()}`;
    // An order already invoiced: shown as skipped, not as a problem.
    const first = await commit(
      admin,
      await upload(admin, await sheet([{ channel: 'AMAZON', order: already, sku: p.sku, qty: '1', price: '5' }])),
    );
    expect(first.createdCount).toBe(1);
    const o = uniq();
    const file = await upload(
      admin,
      await sheet([
        { order: `A${o}`, sku: p.sku, qty: '1', price: '10' }, // row 2: good
        { order: `A${o}`, sku: 'NO-SUCH-SKU', qty: '1', price: '10' }, // row 3: unknown SKU
        { order: `B${o}`, sku: p.sku, qty: 'two', price: '10' }, // row 4: bad quantity
        { order: `C${o}`, sku: p.sku, qty: '1', price: '-1' }, // row 5: bad price
        { order: `D${o}`, sku: p.sku, qty: '1', price: '1', vat: 'HIGH' }, // row 6: bad VAT code
        { order: `E${o}`, sku: p.sku, qty: '1', price: '1', channel: 'ETSY' }, // row 7: unknown channel
        { order: `F${o}`, sku: p.sku, qty: '1', price: '1', payment: 'CHEQUE' }, // row 8: unknown payment type
        { order: `G${o}`, sku: p.sku, qty: '1', price: '1', buyer: 'Zed' }, // row 9
        { order: `G${o}`, sku: p.sku, qty: '1', price: '1', buyer: 'Other' }, // row 10: conflicting header
        { channel: 'AMAZON', order: already, sku: p.sku, qty: '1', price: '5' }, // row 11: will be skipped
        // row 12: a name longer than a customer's may be (120 characters)
        { order: `H${o}`, sku: p.sku, qty: '1', price: '1', buyer: 'N'.repeat(121) },
      ]),
    );
    const before = await counts();
    const preview = await admin.api.post<SalesUploadPreview>('/api/sales-invoice-uploads/preview', input(file));
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const codes = preview.body.errors.map((e) => [e.rowNumber, e.field, e.code]);
    expect(codes).toEqual([
      [3, 'sku', 'SALES_UPLOAD_UNKNOWN_SKU'],
      [4, 'quantity', 'SALES_UPLOAD_BAD_QUANTITY'],
      [5, 'unitPrice', 'SALES_UPLOAD_BAD_PRICE'],
      [6, 'vatRate', 'SALES_UPLOAD_BAD_VAT_CODE'],
      [7, 'channel', 'SALES_UPLOAD_UNKNOWN_CHANNEL'],
      [8, 'paymentType', 'SALES_UPLOAD_UNKNOWN_PAYMENT_TYPE'],
      [10, 'customerName', 'SALES_UPLOAD_ORDER_CONFLICT'],
      [12, 'customerName', 'SALES_UPLOAD_BAD_VALUE'],
    ]);
    expect(preview.body.errors.find((e) => e.rowNumber === 12)?.message).toContain('at most 120 characters');
    expect(preview.body.errors.find((e) => e.rowNumber === 3)?.column).toBe('Item');
    expect(preview.body.errors.find((e) => e.rowNumber === 7)?.message).toContain('MANUAL, AMAZON, EBAY');
    expect(preview.body.errorCount).toBe(8);
    expect(preview.body.skipCount).toBe(1);
    expect(preview.body.orders.find((x) => x.externalOrderId === already)?.existing?.number).toBe(
      first.created[0]?.number,
    );
    expect(await counts()).toEqual(before);

    const refused = await admin.api.post<ErrorBody>('/api/sales-invoice-uploads', input(file), key());
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('SALES_UPLOAD_INVALID');
    expect((refused.body.details as SalesUploadProblemsDetails).errorCount).toBe(8);
    expect(await counts()).toEqual(before);
  });

  it('makes the right invoices with exact totals, matching customers by e-mail; a second upload skips them all', async () => {
    const a = await product();
    const b = await product();
    const known = await admin.api.post<Customer>(
      '/api/customers',
      { name: 'Known Buyer', email: `known${uniq()}@example.com` },
      key(),
    );
    expect(known.status).toBe(201);
    const m = `M${uniq()}`;
    const z = `Z${uniq()}`;
    const newEmail = `new${uniq()}@example.com`;
    const content = await sheet([
      // MANUAL prices are net: 2 × 9.99 less 10% = 17.98, VAT 3.60; shipping 4.99 + 1.00.
      {
        order: m,
        sku: a.sku,
        qty: '2',
        price: '9.99',
        discount: '10',
        shipping: '4.99',
        email: known.body.email ?? '',
      },
      { order: m, sku: b.sku, qty: '1', price: '5.00', vat: 'ZERO', email: known.body.email ?? '' },
      // AMAZON prices include VAT: 3 × 12.00 = 36.00 of which VAT 6.00; shipping 3.99 of which 0.67.
      {
        channel: 'AMAZON',
        order: z,
        sku: a.sku,
        qty: '3',
        price: '12.00',
        shipping: '3.99',
        email: newEmail,
        buyer: 'New Buyer',
      },
    ]);
    const customersBefore = (await counts())?.customers;
    const run = await commit(admin, await upload(admin, content));
    expect(run.status, JSON.stringify(run)).toBe('APPLIED');
    expect(run.createdCount).toBe(2);
    expect(run.skippedCount).toBe(0);
    expect(run.created.map((c) => c.externalOrderId).sort()).toEqual([m, z].sort());

    const manual = await invoiceOf('MANUAL', m);
    expect(manual.status).toBe('PENDING');
    expect(manual.customer.id).toBe(known.body.id);
    expect(manual.pricesIncludeVat).toBe(false);
    expect(manual.lines.map((l) => [l.netAmount, l.vatAmount, l.grossAmount])).toEqual([
      ['17.98', '3.60', '21.58'],
      ['5.00', '0.00', '5.00'],
    ]);
    expect([manual.netTotal, manual.vatTotal, manual.grossTotal]).toEqual(['27.97', '4.60', '32.57']);
    expect(manual.paymentType).toBe('PAYPAL');
    expect(manual.invoiceDate).toBe('2026-11-20');
    expect(manual.number).toMatch(/^SI-/);

    const amazon = await invoiceOf('AMAZON', z);
    expect(amazon.pricesIncludeVat).toBe(true);
    expect(amazon.customer.email).toBe(newEmail);
    expect(amazon.customer.id).not.toBe(known.body.id);
    expect([amazon.netTotal, amazon.vatTotal, amazon.grossTotal]).toEqual(['33.32', '6.67', '39.99']);
    expect(Number((await counts())?.customers) - Number(customersBefore)).toBe(1);

    const again = await commit(admin, await upload(admin, content));
    expect(again.status).toBe('APPLIED');
    expect(again.createdCount).toBe(0);
    expect(again.skippedCount).toBe(2);
    expect(again.skipped.map((s) => s.number).sort()).toEqual([manual.number, amazon.number].sort());
  });

  it('two uploads of the same file at once make each order once', async () => {
    const p = await product();
    const lines: Line[] = Array.from({ length: 30 }, (_, i) => ({
      order: `C${uniq()}-${i}`,
      sku: p.sku,
      qty: '1',
      price: '2',
    }));
    const content = await sheet(lines);
    const [f1, f2] = await Promise.all([upload(admin, content), upload(admin, content)]);
    const [r1, r2] = await Promise.all([commit(admin, f1 as string), commit(admin, f2 as string)]);
    expect(r1.createdCount + r2.createdCount).toBe(30);
    expect(r1.skippedCount + r2.skippedCount).toBe(30);
    const made = await ta.t.db
      .selectFrom('sales_invoices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(
        'external_order_id',
        'in',
        lines.map((l) => l.order),
      )
      .executeTakeFirstOrThrow();
    expect(Number(made.n)).toBe(30);
  });

  it('two uploads at once naming the same new e-mail make one customer, logged once; the bar ends at 100', async () => {
    const p = await product();
    const email = `new-${uniq()}@example.com`;
    const [a, b] = [`E${uniq()}`, `E${uniq()}`];
    const [f1, f2] = await Promise.all([
      upload(admin, await sheet([{ order: a, email, buyer: 'Nia New', sku: p.sku, qty: '1', price: '2' }])),
      upload(admin, await sheet([{ order: b, email, buyer: 'Nia New', sku: p.sku, qty: '1', price: '3' }])),
    ]);
    const [r1, r2] = await Promise.all([commit(admin, f1 as string), commit(admin, f2 as string)]);
    expect([r1.createdCount, r2.createdCount, r1.percent, r2.percent]).toEqual([1, 1, 100, 100]);
    const made = await ta.t.db.selectFrom('customers').select(['id', 'name']).where('email', '=', email).execute();
    expect(made).toHaveLength(1);
    expect(made[0]?.name).toBe('Nia New');
    expect((await invoiceOf('MANUAL', a)).customer.id).toBe(made[0]?.id);
    expect((await invoiceOf('MANUAL', b)).customer.id).toBe(made[0]?.id);
    const logged = await ta.t.db
      .selectFrom('system_logs')
      .select(['action', 'after'])
      .where('entity', '=', 'customer')
      .where('entity_id', '=', made[0]?.id as string)
      .execute();
    expect(logged.map((l) => l.action)).toEqual(['create']);
    expect(logged[0]?.after).toMatchObject({
      email,
      name: 'Nia New',
      addresses: [{ kind: 'shipping', city: 'Leeds' }],
    });
  });

  it('two transactions matching the same new e-mail at the same moment make one customer', async () => {
    const email = `race-${uniq()}@example.com`;
    const values = (name: string) => ({
      name,
      email,
      phone: null,
      active: true,
      notes: null,
      addresses: [
        {
          kind: 'shipping' as const,
          line1: '2 Low Road',
          line2: null,
          city: 'York',
          county: null,
          postcode: 'YO1 1AA',
          country: 'GB',
          isDefault: true,
        },
      ],
      channelIds: [],
    });
    const ctxOf = (db: typeof ta.t.db) =>
      ({ db, user: { id: admin.user.id, username: admin.user.username }, requestId: 'race' }) as unknown as Ctx;
    let firstDone: () => void = () => {};
    const firstMade = new Promise<void>((r) => {
      firstDone = r;
    });
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    // The first holds its transaction open after making the customer; the second starts meanwhile.
    const first = ta.t.db.transaction().execute(async (tx) => {
      const ids = await matchOrCreateCustomers(ctxOf(tx), [{ email, values: () => values('First') }]);
      firstDone();
      await held;
      return ids;
    });
    await firstMade;
    const second = ta.t.db
      .transaction()
      .execute((tx) => matchOrCreateCustomers(ctxOf(tx), [{ email, values: () => values('Second') }]));
    await new Promise((r) => setTimeout(r, 300));
    release();
    const [[one], [two]] = await Promise.all([first, second]);
    expect(two).toBe(one);
    const made = await ta.t.db.selectFrom('customers').select(['id', 'name']).where('email', '=', email).execute();
    expect(made).toEqual([{ id: one, name: 'First' }]);
  });

  it('refuses a file whose only problem is an unknown SKU with 422 and its code, writing nothing', async () => {
    const file = await upload(admin, await sheet([{ order: `U${uniq()}`, sku: 'NOPE-404', qty: '1', price: '1' }]));
    const before = await counts();
    const res = await admin.api.post<ErrorBody>('/api/sales-invoice-uploads', input(file), key());
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('SALES_UPLOAD_UNKNOWN_SKU');
    expect(res.body.message).toContain('NOPE-404');
    expect(await counts()).toEqual(before);
  });

  it('answers 403 without the permissions, and booking on import needs approve_sales_invoice', async () => {
    const p = await product();
    const file = await upload(admin, await sheet([{ order: `P${uniq()}`, sku: p.sku, qty: '1', price: '1' }]));
    const clerkFile = await upload(clerk, await sheet([{ order: `Q${uniq()}`, sku: p.sku, qty: '1', price: '1' }]));
    const before = await counts();
    expect((await viewer.api.post('/api/sales-invoice-uploads/preview', input(file))).status).toBe(403);
    expect((await viewer.api.post('/api/sales-invoice-uploads', input(file), key())).status).toBe(403);
    const refused = await clerk.api.post<ErrorBody>(
      '/api/sales-invoice-uploads',
      input(clerkFile, { book: true }),
      key(),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('SALES_INVOICE_BOOK_NOT_PERMITTED');
    // Someone else's stored file is unknown to the clerk.
    expect((await clerk.api.post('/api/sales-invoice-uploads/preview', input(file))).status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('books on import when asked, keeping a short order PENDING with its shortage recorded', async () => {
    const p = await product();
    const adj = await admin.api.post('/api/stock/adjustments', {
      reason: 'Opening balance',
      lines: [{ productId: p.id, warehouseId, quantity: '2', unitCost: '1.00' }],
    });
    expect(adj.status, JSON.stringify(adj.body)).toBe(201);
    const ok = `K${uniq()}`;
    const short = `S${uniq()}`;
    const run = await commit(
      admin,
      await upload(
        admin,
        await sheet([
          { order: ok, sku: p.sku, qty: '2', price: '3' },
          { order: short, sku: p.sku, qty: '5', price: '3' },
        ]),
      ),
      { book: true },
    );
    expect(run.status).toBe('APPLIED');
    expect(run.createdCount).toBe(2);
    expect(run.shortCount).toBe(1);
    expect((await invoiceOf('MANUAL', ok)).status).toBe('BOOKED');
    const waiting = await invoiceOf('MANUAL', short);
    expect(waiting.status).toBe('PENDING');
    expect(waiting.shortQuantity).toBe('5');
    expect(warehouseCode).toBe('SUP1');
  });
});
