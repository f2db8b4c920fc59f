import type { BundleTask, StockCount, Transfer } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostLine, post } from '../src/domains/stock/index.ts';
import { pdfPageCount, pdfText, pdfTextRuns } from '../src/platform/pdf/pdf-text.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

/** Printouts: each document's PDF, in the caller's language, with the permission of the document's GET. */

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let ta: TestApp;
let admin: ApiClient;
let adminToken: string;
/** Everything but the permissions that let one see each document. */
let noTransfers: string;
let noCounts: string;
let noBundles: string;
/** A warehouse operative: works bundling tasks, sees only those assigned to them. */
let worker: { id: string; token: string };

beforeAll(async () => {
  ta = await startTestApp();
  const [a, t, c, b, w] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((p) => p !== 'view_inventory_transfer'),
    ),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((p) => p !== 'handle_inventory_stock_process' && p !== 'approve_inventory_stock_process'),
    ),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((p) => p !== 'view_warehouse' && p !== 'process_bundle_task'),
    ),
    clientWith(ta, ['process_bundle_task']),
  ]);
  admin = a.api;
  adminToken = a.tokens.accessToken;
  noTransfers = t.tokens.accessToken;
  noCounts = c.tokens.accessToken;
  noBundles = b.tokens.accessToken;
  worker = { id: w.user.id, token: w.tokens.accessToken };
  const company = await admin.call('PATCH', '/api/system-configuration/company', {
    name: 'Acme Trading Ltd',
    addressLine1: '1 High Street',
    city: 'Leeds',
    postcode: 'LS1 1AB',
    vatNumber: 'GB123456789',
  });
  expect(company.status, JSON.stringify(company.body)).toBe(200);
}, 120_000);
afterAll(() => ta.close());

interface PdfAnswer {
  status: number;
  type: string | null;
  disposition: string | null;
  bytes: Buffer;
  /** The error body of a refusal. */
  json: { code?: string } | null;
}

/** A download as the web app makes it: bearer token, the answer read as bytes. */
async function download(path: string, token = adminToken, headers: Record<string, string> = {}): Promise<PdfAnswer> {
  const res = await fetch(`${ta.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type');
  return {
    status: res.status,
    type,
    disposition: res.headers.get('content-disposition'),
    bytes,
    json: type?.includes('json') ? (JSON.parse(bytes.toString('utf8')) as { code?: string }) : null,
  };
}

function expectPdf(answer: PdfAnswer, number: string) {
  expect(answer.status, answer.bytes.toString('utf8').slice(0, 300)).toBe(200);
  expect(answer.type).toBe('application/pdf');
  expect(answer.disposition).toContain(`filename="${number}.pdf"`);
  expect(answer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(answer.bytes);
  expect(text).toContain(number);
  return text;
}

let n = 0;
async function product(extra: { kind?: string; unit?: string } = {}) {
  n += 1;
  return ta.t.db
    .insertInto('products')
    .values({ sku: `PRN-${n}-${Date.now() % 100000}`, name: `Printout test ${n} ação`, ...extra })
    .returning(['id', 'sku', 'name'])
    .executeTakeFirstOrThrow();
}
async function warehouse(name: string) {
  n += 1;
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `PW${n}`, name, kind: 'OWN', city: 'Manchester', postcode: 'M1 1AA', country: 'GB' })
    .returning(['id', 'code', 'name'])
    .executeTakeFirstOrThrow();
  await ta.t.db.insertInto('warehouse_configs').values({ warehouse_id: w.id }).execute();
  return w;
}
async function bin(warehouseId: string, code: string) {
  const row = await ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: warehouseId, code })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
function receive(productId: string, warehouseId: string, quantity: string, locationId?: string) {
  const line: PostLine = {
    productId,
    warehouseId,
    kind: 'RECEIPT',
    quantity: new Decimal(quantity),
    unitCost: new Decimal('2.5'),
    ...(locationId ? { locationId } : {}),
  };
  return ta.t.db
    .transaction()
    .execute((tx) =>
      post({ db: tx, user: null }, { sourceType: 'test', sourceId: null, postedOn: null, lines: [line] }),
    );
}

describe('the dispatch note of a transfer', () => {
  let transfer: Transfer;
  let skus: string[];
  beforeAll(async () => {
    const from = await warehouse('Leeds warehouse');
    const to = await warehouse('Manchester warehouse');
    const shelf = await bin(from.id, 'A-01');
    const [a, b] = await Promise.all([product(), product({ unit: 'Kilogram (Kg)' })]);
    skus = [a.sku, b.sku];
    await receive(a.id, from.id, '20', shelf);
    await receive(b.id, from.id, '5', shelf);
    const created = await admin.post<Transfer>('/api/inventory-transfers', {
      fromWarehouseId: from.id,
      toWarehouseId: to.id,
      notes: 'Two pallets',
      lines: [
        { productId: a.id, quantity: '12', fromLocationId: shelf },
        { productId: b.id, quantity: '3.5' },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const dispatched = await admin.post<{ transfer: Transfer }>(`/api/inventory-transfers/${created.body.id}/dispatch`);
    expect(dispatched.status, JSON.stringify(dispatched.body)).toBe(200);
    transfer = dispatched.body.transfer;
  });

  it('answers the PDF named by its number, with the company, warehouses, lines, totals and signature boxes', async () => {
    const answer = await download(`/api/inventory-transfers/${transfer.id}/pdf?lang=en`);
    const text = expectPdf(answer, transfer.number);
    const runs = pdfTextRuns(answer.bytes);
    for (const expected of [
      'Dispatch note',
      'Acme Trading Ltd',
      'Leeds warehouse',
      'Manchester warehouse',
      ...skus,
      'A-01',
      'Picking order',
      'Receiving bin',
      '12',
      '3.5',
      '15.5',
      'Two pallets',
      'Dispatched by',
      'Received by',
      'Page 1 of 1',
    ])
      expect(runs, expected).toContain(expected);
    expect(text).toContain('VAT no. GB123456789');
    expect(text).toContain('Printout test');
  });

  it('is written in the language asked for: lang first, then Accept-Language, else English', async () => {
    const path = `/api/inventory-transfers/${transfer.id}/pdf`;
    const de = expectPdf(await download(`${path}?lang=de`, adminToken, { 'accept-language': 'es' }), transfer.number);
    expect(de).toContain('Lieferschein');
    expect(de).toContain('Seite 1 von 1');
    expect(de).toContain('15,5');
    const es = expectPdf(await download(path, adminToken, { 'accept-language': 'fr-FR, es;q=0.8' }), transfer.number);
    expect(es).toContain('Albarán de envío');
    expect(es).toContain('Página 1 de 1');
    const pt = expectPdf(await download(`${path}?lang=pt`), transfer.number);
    expect(pt).toContain('Guia de remessa');
    const en = expectPdf(await download(path, adminToken, { 'accept-language': 'fr' }), transfer.number);
    expect(en).toContain('Dispatch note');
    // A language the product is not written in is refused, as any malformed query.
    expect((await download(`${path}?lang=fr`)).status).toBe(400);
  });

  it('answers 404 for an unknown transfer and 403 without view_inventory_transfer', async () => {
    const unknown = await download(`/api/inventory-transfers/${UNKNOWN_ID}/pdf`);
    expect(unknown.status).toBe(404);
    expect(unknown.json?.code).toBe('NOT_FOUND');
    const refused = await download(`/api/inventory-transfers/${transfer.id}/pdf`, noTransfers);
    expect(refused.status).toBe(403);
    expect(refused.json?.code).toBe('FORBIDDEN');
  });
});

describe('the count sheet of a counting session', () => {
  async function session(blind: boolean) {
    const w = await warehouse(blind ? 'Blind count warehouse' : 'Count warehouse');
    // Bins created out of order: the sheet lists them as a counter walks them (A-2 before A-10).
    const [a10, a2, b1] = [await bin(w.id, 'A-10'), await bin(w.id, 'A-2'), await bin(w.id, 'B-1')];
    const [p1, p2, p3] = [await product(), await product({ unit: 'Kilogram (Kg)' }), await product()];
    await receive(p1.id, w.id, '7', a10);
    await receive(p2.id, w.id, '2.25', a2);
    await receive(p3.id, w.id, '40', b1);
    const res = await admin.post<StockCount>('/api/stock-counts', { warehouseId: w.id, blind });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { count: res.body, skus: [p2.sku, p1.sku, p3.sku] };
  }

  it('lists the lines in bin order with the expected quantities and a column to write the count in', async () => {
    const { count, skus } = await session(false);
    const answer = await download(`/api/stock-counts/${count.id}/pdf?lang=en`);
    expectPdf(answer, count.number);
    const runs = pdfTextRuns(answer.bytes);
    for (const expected of ['Count sheet', 'Count warehouse', 'Expected', 'Counted', 'Whole warehouse', 'kg', 'pcs'])
      expect(runs, expected).toContain(expected);
    const order = ['A-2', 'A-10', 'B-1'].map((code) => runs.indexOf(code));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    const bySku = skus.map((sku) => runs.indexOf(sku));
    expect([...bySku].sort((x, y) => x - y)).toEqual(bySku);
    for (const quantity of ['2.25', '7', '40', '49.25']) expect(runs, quantity).toContain(quantity);
    expect(pdfPageCount(answer.bytes)).toBe(1);
  });

  it('shows no expected quantity on the sheet of a blind count, whoever prints it', async () => {
    const { count, skus } = await session(true);
    const answer = await download(`/api/stock-counts/${count.id}/pdf?lang=en`);
    expectPdf(answer, count.number);
    const runs = pdfTextRuns(answer.bytes);
    for (const sku of skus) expect(runs).toContain(sku);
    expect(runs).toContain('Counted');
    expect(runs).not.toContain('Expected');
    for (const quantity of ['2.25', '7', '40', '49.25']) expect(runs, quantity).not.toContain(quantity);
  });

  it('answers 404 for an unknown session and 403 without a counting permission', async () => {
    const { count } = await session(false);
    expect((await download(`/api/stock-counts/${UNKNOWN_ID}/pdf`)).status).toBe(404);
    const refused = await download(`/api/stock-counts/${count.id}/pdf`, noCounts);
    expect(refused.status).toBe(403);
    expect(refused.json?.code).toBe('FORBIDDEN');
  });
});

describe('the sheet of a bundling task', () => {
  let task: BundleTask;
  let parts: { sku: string }[];
  beforeAll(async () => {
    const w = await warehouse('Bundling warehouse');
    const shelf = await bin(w.id, 'K-07');
    const [a, b] = [await product(), await product()];
    parts = [a, b];
    const kit = await product({ kind: 'BUNDLE' });
    await ta.t.db
      .insertInto('product_bundle_components')
      .values([
        { bundle_id: kit.id, component_id: a.id, position: 0, quantity: '2' },
        { bundle_id: kit.id, component_id: b.id, position: 1, quantity: '0.5' },
      ])
      .execute();
    await receive(a.id, w.id, '30', shelf);
    const res = await admin.post<BundleTask>('/api/bundle-tasks', {
      bundleProductId: kit.id,
      warehouseId: w.id,
      quantity: '6',
      assigneeUserId: worker.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    task = res.body;
  });

  it('shows the bundle, what is left to assemble, each component per bundle and in all, the bins and the assignee', async () => {
    const answer = await download(`/api/bundle-tasks/${task.id}/pdf?lang=en`);
    expectPdf(answer, task.number);
    const runs = pdfTextRuns(answer.bytes);
    const text = runs.join('\n');
    for (const expected of [
      'Bundling task',
      task.bundle.sku,
      'Bundling warehouse',
      '6 pcs',
      'Per bundle',
      'Total needed',
      ...parts.map((p) => p.sku),
      '2',
      '0.5',
      '12',
      '3',
      'K-07 (30)',
      task.assignee?.username ?? '',
    ])
      expect(runs, expected).toContain(expected);
    expect(text).toContain('Assembled by');
  });

  it('is printed by its assignee, not by another operative, and answers 404 for an unknown task', async () => {
    expectPdf(await download(`/api/bundle-tasks/${task.id}/pdf?lang=de`, worker.token), task.number);
    const other = await clientWith(ta, ['process_bundle_task']);
    const refused = await download(`/api/bundle-tasks/${task.id}/pdf`, other.tokens.accessToken);
    expect(refused.status).toBe(403);
    expect(refused.json?.code).toBe('BUNDLE_TASK_NOT_ASSIGNEE');
    expect((await download(`/api/bundle-tasks/${UNKNOWN_ID}/pdf`)).status).toBe(404);
    const forbidden = await download(`/api/bundle-tasks/${task.id}/pdf`, noBundles);
    expect(forbidden.status).toBe(403);
    expect(forbidden.json?.code).toBe('FORBIDDEN');
  });
});
