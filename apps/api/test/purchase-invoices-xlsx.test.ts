import { PassThrough } from 'node:stream';
import type {
  ErrorBody,
  GoodReceivedNote,
  PurchaseInvoice,
  PurchaseInvoiceSheet,
  PurchaseInvoiceSheetMapping,
  UploadedFile,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../src/platform/pdf/pdf-text.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { PDF } from './fixtures.ts';

/**
 * Supplier invoices, what the upload and booking add: a supplier's .xlsx read through a saved mapping and matched to
 * their open order lines oldest first (problems in words, nothing written), the printout, booking past the tolerances
 * only with the permission to approve differences, and the tolerances read by the Configuration screen.
 */

type Client = Awaited<ReturnType<typeof clientWith>>;

let ta: TestApp;
let admin: Client;
/** Enters invoices: add and view, uploads files; no Excel mapping rights. */
let clerk: Client;
/** Books invoices within the tolerances only. */
let approver: Client;
/** Sees the configuration but not the invoices. */
let configurator: Client;
let blind: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  const [a, c, ap, cf, b] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(ta, ['view_purchase_invoice', 'add_purchase_invoice', 'upload_file']),
    clientWith(ta, ['view_purchase_invoice', 'approve_purchase_invoice']),
    clientWith(ta, ['view_system_configuration']),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((p) => p !== 'view_purchase_invoice'),
    ),
  ]);
  admin = a;
  clerk = c;
  approver = ap;
  configurator = cf;
  blind = b.api;
}, 120_000);
afterAll(() => ta.close());

const D = (v: string | number) => new Decimal(v);
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);

let n = 0;
const uniq = () => {
  n += 1;
  return `${n}${Date.now() % 100000}`;
};
async function product(barcode?: string) {
  const sku = `PX-${uniq()}`;
  const p = await ta.t.db
    .insertInto('products')
    .values({ sku, name: `Sheet test ${sku}` })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
  if (barcode)
    await ta.t.db.insertInto('product_barcodes').values({ product_id: p.id, position: 0, barcode }).execute();
  return p;
}
async function supplier() {
  return ta.t.db
    .insertInto('business_partners')
    .values({
      code: `SX${uniq()}`,
      name: 'Sheet Supplier Ltd',
      default_currency: 'GBP',
      payment_terms_days: 30,
      active: true,
      is_consignment: false,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
}
async function warehouse() {
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `XW${uniq()}`, name: 'Sheet warehouse', kind: 'OWN' })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  const recv = await ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: w.id, code: 'RECV' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: w.id, default_receiving_location_id: recv.id, over_receipt_tolerance: '0' })
    .execute();
  return w;
}
/** An approved order written as the orders area writes one (net rounded per line, VAT 20 %). */
async function order(
  supplierId: string,
  warehouseId: string,
  lines: { productId: string; quantity: string; unitCost: string }[],
  orderDate: string,
) {
  const number = `PO-X-${uniq()}`;
  const nets = lines.map((l) => D(l.quantity).times(l.unitCost).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
  const vats = nets.map((v) => v.times('0.2').toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
  const net = nets.reduce((s, v) => s.add(v), D(0));
  const vat = vats.reduce((s, v) => s.add(v), D(0));
  const { rows } = await sql<{ id: string }>`INSERT INTO purchase_orders
    (number, type, status, supplier_id, warehouse_id, currency, order_date, net_total, vat_total, gross_total, approved_at)
    VALUES (${number}, 'PRIOR_ORDER_PO', 'APPROVED', ${supplierId}, ${warehouseId}, 'GBP', ${orderDate},
      ${net.toFixed(2)}, ${vat.toFixed(2)}, ${net.add(vat).toFixed(2)}, now())
    RETURNING id`.execute(ta.t.db);
  const id = rows[0]?.id as string;
  const lineIds: string[] = [];
  for (const [i, l] of lines.entries()) {
    const { rows: r } = await sql<{ id: string }>`INSERT INTO purchase_order_lines
      (order_id, line_no, product_id, quantity, unit_cost, net_amount, vat_amount)
      VALUES (${id}, ${i + 1}, ${l.productId}, ${l.quantity}, ${l.unitCost}, ${nets[i]?.toFixed(2)}, ${vats[i]?.toFixed(2)})
      RETURNING id`.execute(ta.t.db);
    lineIds.push(r[0]?.id as string);
  }
  return { id, number, lineIds };
}
async function receive(orderId: string, orderLineId: string, quantity: string) {
  const d = await admin.api.post<GoodReceivedNote>('/api/goods-received-notes', {
    purchaseOrderId: orderId,
    lines: [{ orderLineId, receivedQuantity: quantity, acceptedQuantity: quantity }],
  });
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  const p = await admin.api.post(`/api/goods-received-notes/${d.body.id}/post`);
  expect(p.status, JSON.stringify(p.body)).toBe(200);
}

/** A sheet with these headers and rows, numbers written as numbers where given so. */
async function sheet(headers: string[], rows: (string | number | null)[][]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const ws = workbook.addWorksheet('Invoice');
  ws.addRow(headers).commit();
  for (const row of rows) ws.addRow(row).commit();
  ws.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}
async function upload(client: Client, content: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const res = await fetch(`${ta.baseUrl}/api/upload/uploadFile`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${client.tokens.accessToken}`,
      cookie: 'XSRF-TOKEN=t0k3n',
      'x-xsrf-token': 't0k3n',
    },
    body: form,
  });
  const body = (await res.json()) as UploadedFile;
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body;
}
async function mapping(name: string, columns: { header: string; field: string }[], kind = 'purchase_invoices') {
  const res = await admin.api.post<{ id: string }>('/api/excel-mappings', { name, kind, columns });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}
const read = (client: Client, body: Record<string, unknown>) =>
  client.api.post<PurchaseInvoiceSheet & ErrorBody>('/api/purchase-invoices/sheet-lines', body);
async function invoicedOf(orderLineId: string) {
  const { rows } = await sql<{ q: string }>`SELECT invoiced_quantity::text AS q FROM purchase_order_lines
    WHERE id = ${orderLineId}`.execute(ta.t.db);
  return D(rows[0]?.q ?? 0).toFixed();
}
async function count(table: 'purchase_invoices' | 'system_logs') {
  const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.table(table)}`.execute(ta.t.db);
  return Number(rows[0]?.n);
}

const COLUMNS = [
  { header: 'Item code', field: 'sku' },
  { header: 'EAN', field: 'barcode' },
  { header: 'Qty', field: 'quantity' },
  { header: 'Unit price', field: 'unitCost' },
  { header: 'Disc %', field: 'discountPercent' },
  { header: 'VAT', field: 'vatRate' },
  { header: 'Invoice no', field: 'supplierInvoiceNumber' },
  { header: 'Invoice date', field: 'invoiceDate' },
];
const HEADERS = ['Item code', 'EAN', 'Qty', 'Unit price', 'Disc %', 'VAT', 'Invoice no', 'Invoice date'];

describe('reading a supplier’s .xlsx through a saved mapping', () => {
  let s: { id: string; code: string };
  let a: { id: string; sku: string };
  let b: { id: string; sku: string };
  let c: { id: string; sku: string };
  let old: Awaited<ReturnType<typeof order>>;
  let recent: Awaited<ReturnType<typeof order>>;
  let mappingId: string;
  const gtin = `50${Date.now() % 100000000000}`.padEnd(13, '7').slice(0, 13);

  beforeAll(async () => {
    s = await supplier();
    const w = await warehouse();
    [a, b, c] = await Promise.all([product(), product(gtin), product()]);
    old = await order(
      s.id,
      w.id,
      [
        { productId: a.id, quantity: '10', unitCost: '2.50' },
        { productId: b.id, quantity: '4', unitCost: '1.234567' },
      ],
      daysAgo(30),
    );
    recent = await order(s.id, w.id, [{ productId: a.id, quantity: '10', unitCost: '2.50' }], daysAgo(5));
    await receive(old.id, old.lineIds[0] as string, '10');
    mappingId = await mapping(`Supplier sheet ${uniq()}`, COLUMNS);
  });

  it('matches rows by SKU or barcode to the oldest open order lines, exactly, and lists the rest as problems', async () => {
    const file = await sheet(HEADERS, [
      // 14 of A: 10 on the old order, 4 on the recent one.
      [a.sku.toLowerCase(), null, 14, '2.5', null, '20', 'INV-77', daysAgo(1)],
      [null, null, null, null, null, null, null, null],
      // B by its barcode: exact decimals, discount, VAT 5 % as a percent cell holds it.
      [null, gtin, '3.5', '1.234567', '2.5', 0.05, null, null],
      ['NO-SUCH-SKU', null, 1, 1, null, null, null, null],
      [c.sku, null, 1, 1, null, null, null, null],
      [a.sku, null, 'two', 1, null, 'seven', null, null],
    ]);
    const up = await upload(clerk, file, 'supplier invoice.xlsx');
    const before = { invoices: await count('purchase_invoices'), a: await invoicedOf(old.lineIds[0] as string) };
    const res = await read(clerk, { supplierId: s.id, attachment: up.fileName, mappingId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rowsRead).toBe(5);
    expect(res.body.invoice).toEqual({ supplierInvoiceNumber: 'INV-77', invoiceDate: daysAgo(1), dueDate: null });
    expect(
      res.body.lines.map((l) => ({
        order: l.orderLine.orderNumber,
        sku: l.orderLine.product.sku,
        rows: l.rowNumbers,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discount: l.discountPercent,
        vat: l.vatCode,
        open: l.openQuantity,
      })),
    ).toEqual([
      {
        order: old.number,
        sku: a.sku,
        rows: [2],
        quantity: '10',
        unitPrice: '2.5',
        discount: '0',
        vat: 'STANDARD',
        open: '10',
      },
      {
        order: recent.number,
        sku: a.sku,
        rows: [2],
        quantity: '4',
        unitPrice: '2.5',
        discount: '0',
        vat: 'STANDARD',
        open: '10',
      },
      {
        order: old.number,
        sku: b.sku,
        rows: [4],
        quantity: '3.5',
        unitPrice: '1.234567',
        discount: '2.5',
        vat: 'REDUCED',
        open: '4',
      },
    ]);
    expect(res.body.problems.map((p) => [p.rowNumber, p.problem, p.field ?? p.value])).toEqual([
      [5, 'UNKNOWN_PRODUCT', 'NO-SUCH-SKU'],
      [6, 'NOT_ORDERED', c.sku],
      [7, 'CELL', 'quantity'],
      [7, 'CELL', 'vatRate'],
    ]);
    expect(res.body.problems[0]?.message).toBe('Row 5: no product has the SKU or barcode NO-SUCH-SKU.');
    expect(res.body.problems[1]?.message).toContain(`is on none of ${s.code}’s open orders`);
    expect(res.body.problems[3]?.message).toContain('a VAT rate is 20, 5, 0 or exempt');
    // Reading writes nothing.
    expect(await count('purchase_invoices')).toBe(before.invoices);
    expect(await invoicedOf(old.lineIds[0] as string)).toBe(before.a);

    // The lines reviewed become the invoice, with the sheet's discount and VAT.
    const created = await clerk.api.post<PurchaseInvoice>('/api/purchase-invoices', {
      supplierId: s.id,
      supplierInvoiceNumber: res.body.invoice.supplierInvoiceNumber,
      invoiceDate: res.body.invoice.invoiceDate,
      attachment: up.fileName,
      lines: res.body.lines.map((l) => ({
        orderLineId: l.orderLine.orderLineId,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discountPercent: l.discountPercent,
        vatCode: l.vatCode,
      })),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const bLine = created.body.lines.find((l) => l.product.sku === b.sku);
    // 3.5 × 1.234567 × 0.975 = 4.21295... → 4.21; VAT 5 % → 0.21.
    expect(bLine).toMatchObject({ quantity: '3.5', vatCode: 'REDUCED', net: '4.21', vat: '0.21' });
    expect(created.body.attachment?.originalName).toBe('supplier invoice.xlsx');
    // Attached, the file is read by those who may see purchase invoices (not only its uploader), by no one else.
    const path = `/api/upload/files/${up.fileName}`;
    expect((await approver.api.get(path)).status).toBe(200);
    expect((await blind.get(path)).status).toBe(404);

    // The same file cannot be read again: it belongs to the invoice now.
    const again = await read(clerk, { supplierId: s.id, attachment: up.fileName, mappingId });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('PURCHASE_INVOICE_UPLOAD_UNKNOWN');
    expect(again.body.message).toContain('attached to another document');
  });

  it('keeps to the orders chosen and to the order a row names', async () => {
    const withOrder = await mapping(`With order ${uniq()}`, [
      { header: 'SKU', field: 'sku' },
      { header: 'Qty', field: 'quantity' },
      { header: 'Price', field: 'unitCost' },
      { header: 'PO', field: 'purchaseOrderNumber' },
    ]);
    const file = await sheet(
      ['SKU', 'Qty', 'Price', 'PO'],
      [
        [a.sku, 2, '2.5', null],
        [a.sku, 1, '2.5', 'PO-NOPE-1'],
      ],
    );
    const up = await upload(clerk, file, 'chosen.xlsx');
    const res = await read(clerk, {
      supplierId: s.id,
      attachment: up.fileName,
      mappingId: withOrder,
      orderIds: [recent.id],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.lines.map((l) => [l.orderLine.orderNumber, l.quantity])).toEqual([[recent.number, '2']]);
    expect(res.body.problems.map((p) => [p.rowNumber, p.problem, p.value])).toEqual([
      [3, 'UNKNOWN_ORDER', 'PO-NOPE-1'],
    ]);
  });

  it('refuses, in words and with 422, a sheet it cannot read and a mapping that is not for invoices', async () => {
    const good = await sheet(HEADERS, [[a.sku, null, 1, 1, null, null, null, null]]);
    const up = await upload(clerk, good, 'ok.xlsx');
    const productsMapping = await mapping(
      `Products ${uniq()}`,
      [
        { header: 'Item code', field: 'sku' },
        { header: 'Name', field: 'name' },
      ],
      'products',
    );
    const wrongKind = await read(clerk, { supplierId: s.id, attachment: up.fileName, mappingId: productsMapping });
    expect([wrongKind.status, wrongKind.body.code]).toEqual([422, 'PURCHASE_INVOICE_MAPPING_UNKNOWN']);
    expect(wrongKind.body.message).toContain('is not a purchase invoice mapping');

    const noProduct = await mapping(`No product ${uniq()}`, [
      { header: 'Qty', field: 'quantity' },
      { header: 'Unit price', field: 'unitCost' },
    ]);
    const noCode = await read(clerk, { supplierId: s.id, attachment: up.fileName, mappingId: noProduct });
    expect([noCode.status, noCode.body.code]).toEqual([422, 'PURCHASE_INVOICE_SHEET_INVALID']);
    expect(noCode.body.message).toContain('no column for the SKU or the barcode');

    const pdf = await upload(clerk, PDF, 'invoice.pdf');
    const notXlsx = await read(clerk, { supplierId: s.id, attachment: pdf.fileName, mappingId });
    expect([notXlsx.status, notXlsx.body.code]).toEqual([422, 'PURCHASE_INVOICE_SHEET_INVALID']);
    expect(notXlsx.body.message).toContain('invoice.pdf is not an .xlsx spreadsheet');

    const headerOnly = await upload(clerk, await sheet(HEADERS, []), 'empty.xlsx');
    const empty = await read(clerk, { supplierId: s.id, attachment: headerOnly.fileName, mappingId });
    expect([empty.status, empty.body.code]).toEqual([422, 'PURCHASE_INVOICE_SHEET_INVALID']);
    expect(empty.body.message).toBe('empty.xlsx has a header row but no lines under it.');

    const missing = await upload(clerk, await sheet(['Item code', 'Qty'], [[a.sku, 1]]), 'missing.xlsx');
    const noPrice = await read(clerk, { supplierId: s.id, attachment: missing.fileName, mappingId });
    expect([noPrice.status, noPrice.body.code]).toEqual([422, 'IMPORT_COLUMNS_MISSING']);
    expect(noPrice.body.message).toContain('Unit cost');

    // Someone else's upload is not theirs to read.
    const others = await upload(admin, good, 'admin.xlsx');
    const foreign = await read(clerk, { supplierId: s.id, attachment: others.fileName, mappingId });
    expect([foreign.status, foreign.body.code]).toEqual([422, 'PURCHASE_INVOICE_UPLOAD_UNKNOWN']);

    const otherSupplier = await supplier();
    const notTheirs = await read(clerk, {
      supplierId: otherSupplier.id,
      attachment: up.fileName,
      mappingId,
      orderIds: [old.id],
    });
    expect([notTheirs.status, notTheirs.body.code]).toEqual([422, 'PURCHASE_INVOICE_LINE_UNKNOWN']);

    // Without the permission to enter invoices, no reading at all.
    const refused = await read(approver, { supplierId: s.id, attachment: up.fileName, mappingId });
    expect(refused.status).toBe(403);
  });

  it('lists the saved purchase invoice mappings to those who enter invoices, the default first', async () => {
    const def = await admin.api.post<{ id: string }>('/api/excel-mappings', {
      name: `Default ${uniq()}`,
      kind: 'purchase_invoices',
      isDefault: true,
      columns: COLUMNS,
    });
    expect(def.status).toBe(201);
    const res = await clerk.api.get<{ items: PurchaseInvoiceSheetMapping[] }>('/api/purchase-invoices/sheet-mappings');
    expect(res.status).toBe(200);
    expect(res.body.items[0]?.id).toBe(def.body.id);
    expect(res.body.items.some((m) => m.id === mappingId)).toBe(true);
    expect(res.body.items.every((m) => m.columns.length > 0)).toBe(true);
    expect((await approver.api.get('/api/purchase-invoices/sheet-mappings')).status).toBe(403);
  });
});

describe('booking past the tolerances', () => {
  let s: { id: string; code: string };
  let w: { id: string };
  beforeAll(async () => {
    s = await supplier();
    w = await warehouse();
    const t = await admin.api.put('/api/purchase-invoices/tolerances', { quantityPercent: '0', pricePercent: '1' });
    expect(t.status).toBe(200);
  });

  async function invoiceAt(unitPrice: string) {
    const p = await product();
    const o = await order(s.id, w.id, [{ productId: p.id, quantity: '5', unitCost: '10' }], daysAgo(3));
    await receive(o.id, o.lineIds[0] as string, '5');
    const res = await admin.api.post<PurchaseInvoice>('/api/purchase-invoices', {
      supplierId: s.id,
      supplierInvoiceNumber: `B-${uniq()}`,
      invoiceDate: daysAgo(0),
      lines: [{ orderLineId: o.lineIds[0], quantity: '5', unitPrice }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { invoice: res.body, productId: p.id };
  }
  const stockValue = async (productId: string) => {
    const l = await ta.t.db
      .selectFrom('stock_levels')
      .select('value')
      .where('product_id', '=', productId)
      .where('warehouse_id', '=', w.id)
      .executeTakeFirst();
    return D(l?.value ?? 0).toFixed(2);
  };

  it('refuses 403 to one who may only approve invoices, in words, and changes nothing', async () => {
    const { invoice, productId } = await invoiceAt('10.50');
    expect(invoice.withinTolerance).toBe(false);
    const logs = await count('system_logs');
    const value = await stockValue(productId);
    const res = await approver.api.post<PurchaseInvoice & ErrorBody>(`/api/purchase-invoices/${invoice.id}/book`, {
      reason: 'agreed by phone',
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('PURCHASE_INVOICE_DIFFERENCE_APPROVAL_REQUIRED');
    expect(res.body.message).toContain(`${invoice.number} differs from its orders and receipts beyond the tolerances`);
    expect(res.body.message).toContain('needs the permission to approve differences');
    const after = await admin.api.get<PurchaseInvoice>(`/api/purchase-invoices/${invoice.id}`);
    expect(after.body.status).toBe('PENDING');
    expect(after.body.differenceReason).toBe('');
    expect(await stockValue(productId)).toBe(value);
    expect(await count('system_logs')).toBe(logs);

    // Who holds the permission books it, with a reason; the price difference reaches stock.
    const booked = await admin.api.post<PurchaseInvoice>(`/api/purchase-invoices/${invoice.id}/book`, {
      reason: 'agreed by phone',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.status).toBe('BOOKED');
    expect(await stockValue(productId)).toBe('52.50');
  });

  it('lets approve_purchase_invoice alone book an invoice within the tolerances', async () => {
    const { invoice } = await invoiceAt('10.05');
    expect(invoice.withinTolerance).toBe(true);
    const res = await approver.api.post<PurchaseInvoice>(`/api/purchase-invoices/${invoice.id}/book`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('BOOKED');
  });
});

describe('the printout of a supplier invoice', () => {
  it('answers the PDF named by its number in the language asked for, 404 unknown, 403 without view', async () => {
    const s = await supplier();
    const w = await warehouse();
    const p = await product();
    const o = await order(s.id, w.id, [{ productId: p.id, quantity: '3', unitCost: '4.125' }], daysAgo(2));
    const created = await admin.api.post<PurchaseInvoice>('/api/purchase-invoices', {
      supplierId: s.id,
      supplierInvoiceNumber: 'SUP-PRINT-1',
      invoiceDate: daysAgo(0),
      notes: 'Printed for the file',
      lines: [{ orderLineId: o.lineIds[0], quantity: '3', unitPrice: '4.125' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const invoice = created.body;
    const get = (path: string, token = admin.tokens.accessToken) =>
      fetch(`${ta.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const res = await get(`/api/purchase-invoices/${invoice.id}/pdf?lang=en`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`filename="${invoice.number}.pdf"`);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    for (const expected of [
      'Supplier invoice',
      invoice.number,
      'SUP-PRINT-1',
      s.code,
      p.sku,
      `${o.number}/1`,
      'Open amount',
      // 3 × 4.125 = 12.375 → 12.38 net, 2.48 VAT, 14.86 in all.
      '12.38',
      '14.86',
      'Printed for the file',
    ])
      expect(text).toContain(expected);
    const de = pdfText(
      Buffer.from(await (await get(`/api/purchase-invoices/${invoice.id}/pdf?lang=de`)).arrayBuffer()),
    );
    expect(de).toContain('Lieferantenrechnung');
    expect((await get('/api/purchase-invoices/00000000-0000-4000-8000-000000000000/pdf')).status).toBe(404);
    expect((await blind.get(`/api/purchase-invoices/${invoice.id}/pdf`)).status).toBe(403);
  });
});

describe('the tolerances on the Configuration screen', () => {
  it('are read with view_system_configuration, and refused when out of range without a change', async () => {
    const set = await admin.api.put('/api/purchase-invoices/tolerances', { quantityPercent: '2.5', pricePercent: '1' });
    expect(set.status).toBe(200);
    const read = await configurator.api.get<{ quantityPercent: string; pricePercent: string }>(
      '/api/purchase-invoices/tolerances',
    );
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ quantityPercent: '2.5', pricePercent: '1' });
    for (const bad of [
      { quantityPercent: '101', pricePercent: '1' },
      { quantityPercent: '1', pricePercent: '-1' },
      { quantityPercent: '1.234', pricePercent: '1' },
      { quantityPercent: 'ten', pricePercent: '1' },
    ]) {
      const res = await admin.api.put<ErrorBody>('/api/purchase-invoices/tolerances', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const after = await admin.api.get<{ quantityPercent: string }>('/api/purchase-invoices/tolerances');
    expect(after.body).toEqual({ quantityPercent: '2.5', pricePercent: '1' });
    expect(
      (await configurator.api.put('/api/purchase-invoices/tolerances', { quantityPercent: '1', pricePercent: '1' }))
        .status,
    ).toBe(403);
  });
});
