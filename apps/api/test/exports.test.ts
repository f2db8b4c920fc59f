import { readFileSync } from 'node:fs';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostLine, post } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

/**
 * Every .xlsx export, opened as a spreadsheet program opens it, in English and German: titles are the screen's
 * words in the reader's language, numbers are number cells with a number format (money with two places and the
 * pound sign), dates are date cells shown yyyy-mm-dd, and no internal code, id or number-as-text is left where a
 * person reads a word or a figure.
 */

let ta: TestApp;
let admin: ApiClient;
let token: string;
let today: string;
const tag = `X${Date.now() % 100000}`;
const ids: { product: string; warehouse: string; location: string } = { product: '', warehouse: '', location: '' };

beforeAll(async () => {
  ta = await startTestApp();
  const signedIn = await clientWith(ta, ALL_PERMISSIONS);
  admin = signedIn.api;
  token = signedIn.tokens.accessToken;
  const { rows } = await sql<{ d: string }>`SELECT (now() AT TIME ZONE 'Europe/London')::date::text AS d`.execute(
    ta.t.db,
  );
  today = (rows[0] as { d: string }).d;
  const brand = await ta.t.db
    .insertInto('brands')
    .values({ code: `${tag}B`, name: 'Acme Tools' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const product = await ta.t.db
    .insertInto('products')
    .values({
      sku: `${tag}-DRILL`,
      name: 'Cordless drill',
      brand_id: brand.id,
      cost_price: '12.50',
      sale_price: '1234.50',
      reorder_point: '5',
      reorder_quantity: '20',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const warehouse = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `${tag}W`, name: 'Main warehouse', kind: 'OWN' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: warehouse.id })
    .onConflict((oc) => oc.column('warehouse_id').doNothing())
    .execute();
  const location = await ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: warehouse.id, code: `${tag}-A1`, zone: 'Aisle A' })
    .returning('id')
    .executeTakeFirstOrThrow();
  Object.assign(ids, { product: product.id, warehouse: warehouse.id, location: location.id });
  const line = {
    productId: product.id,
    warehouseId: warehouse.id,
    locationId: location.id,
    kind: 'RECEIPT',
    quantity: new Decimal(12),
    unitCost: new Decimal('12.5'),
  } as PostLine;
  await ta.t.db
    .transaction()
    .execute((tx) =>
      post({ db: tx, user: null }, { sourceType: 'test', sourceId: null, postedOn: null, lines: [line] }),
    );
  // A transfer on its way (its status and the movement kinds it posts are words in the exports).
  const to = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `${tag}V`, name: 'Second warehouse', kind: 'OWN' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: to.id })
    .onConflict((oc) => oc.column('warehouse_id').doNothing())
    .execute();
  const transfer = await admin.post<{ id: string }>('/api/inventory-transfers', {
    fromWarehouseId: warehouse.id,
    toWarehouseId: to.id,
    lines: [{ productId: product.id, quantity: '2' }],
  });
  expect(transfer.status, JSON.stringify(transfer.body)).toBe(201);
  expect((await admin.post(`/api/inventory-transfers/${transfer.body.id}/dispatch`)).status).toBe(200);
});
afterAll(() => ta.close());

type Language = 'en' | 'de';

async function open(path: string, language: Language) {
  const res = await fetch(`${ta.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': language === 'de' ? 'de-DE,de;q=0.9' : 'en-GB' },
  });
  expect(res.status, path).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error(`${path}: no sheet`);
  return sheet;
}

/** The web app's words (read straight from its locale files). */
function screen(language: Language, key: string): string {
  const [ns = '', path = ''] = key.split(':');
  let node: unknown = JSON.parse(
    readFileSync(new URL(`../../web/src/locales/${language}/${ns}.json`, import.meta.url), 'utf8'),
  );
  for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text ${key}`);
  return node;
}

const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);
function columnOf(sheet: ExcelJS.Worksheet, title: string) {
  const index = headerOf(sheet).indexOf(title);
  if (index < 0) throw new Error(`no column ${title} in ${headerOf(sheet).join(' | ')}`);
  return index + 1;
}

const CODES = new Set([
  'STOCK',
  'TRANSIT',
  'RECEIPT',
  'RECEIVED',
  'OWN',
  'D0_30',
  'PICK_SEQUENCE',
  'OPEN',
  'DRAFT',
  'true',
  'false',
  'TRUE',
  'FALSE',
  'Kilogram (Kg)',
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-/i;
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;
const TEXT_KEY = /^[a-zA-Z]+:[\w.]+$/;

/** What holds for every export: titles, then every cell of every row. */
function expectReadable(sheet: ExcelJS.Worksheet, path: string) {
  for (const title of headerOf(sheet)) {
    expect(typeof title, `${path}: a title`).toBe('string');
    expect(title as string, `${path}: a title is words, not a text key`).not.toMatch(TEXT_KEY);
  }
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    row.eachCell((cell) => {
      const where = `${path} ${cell.address}`;
      if (cell.type === ExcelJS.ValueType.Date) expect(cell.numFmt, where).toMatch(/^yyyy-mm-dd( hh:mm)?$/);
      else if (cell.type === ExcelJS.ValueType.Number) expect(cell.numFmt, `${where} has a number format`).toBeTruthy();
      else if (typeof cell.value === 'string') {
        expect(CODES.has(cell.value), `${where}: ${cell.value} is a code`).toBe(false);
        expect(cell.value, `${where}: an id`).not.toMatch(UUID);
        expect(cell.value, `${where}: a number written as text`).not.toMatch(NUMBER_TEXT);
        expect(cell.value, `${where}: a text key`).not.toMatch(TEXT_KEY);
      } else expect(typeof cell.value === 'boolean', `${where}: a bare true/false`).toBe(false);
    });
  });
}

const SIMPLE_EXPORTS = [
  '/api/brands/export',
  '/api/cost-centers/export',
  '/api/bundle-tasks/export',
  '/api/business-partners/export',
  '/api/customers/export',
  '/api/excel-mappings/export',
  '/api/inventory-imports/export',
  '/api/product-imports/export',
  '/api/inventory-transfers/export',
  '/api/stock-counts/export',
  '/api/processors/export',
  '/api/shipping-carriers/export',
  '/api/warehouse-reports/replenishment/export',
  '/api/reports/fifo-stock-value/groups/export',
];

describe.each(['en', 'de'] as const)('every export in %s', (language) => {
  const other: Language = language === 'en' ? 'de' : 'en';

  it('products: the list’s titles, brand name, kind and unit in words, money and dates as such', async () => {
    const sheet = await open(`/api/products/export?q=${tag}`, language);
    expectReadable(sheet, 'products');
    for (const key of ['fields.sku', 'fields.name', 'fields.brand', 'fields.kind', 'fields.unit', 'fields.salePrice'])
      expect(headerOf(sheet)).toContain(screen(language, `products:${key}`));
    const row = sheet.getRow(2);
    expect(row.getCell(columnOf(sheet, screen(language, 'products:fields.brand'))).value).toBe('Acme Tools');
    expect(row.getCell(columnOf(sheet, screen(language, 'products:fields.kind'))).value).toBe(
      screen(language, 'products:kinds.STOCK'),
    );
    expect(row.getCell(columnOf(sheet, screen(language, 'products:fields.unit'))).value).toBe(
      screen(language, 'products:units.Unit'),
    );
    const price = row.getCell(columnOf(sheet, screen(language, 'products:fields.salePrice')));
    expect(price.value).toBe(1234.5);
    expect(price.numFmt).toMatch(/^"£"#,##0\.00/);
    const reorder = row.getCell(columnOf(sheet, screen(language, 'products:fields.reorderPoint')));
    expect([reorder.value, reorder.numFmt]).toEqual([5, '#,##0']);
    const updated = row.getCell(headerOf(sheet).length);
    expect(updated.type).toBe(ExcelJS.ValueType.Date);
    expect(updated.numFmt).toBe('yyyy-mm-dd');
    expect((updated.value as Date).toISOString().slice(0, 10)).toBe(today);
    // Not the other language's words.
    if (screen(other, 'products:fields.salePrice') !== screen(language, 'products:fields.salePrice'))
      expect(headerOf(sheet)).not.toContain(screen(other, 'products:fields.salePrice'));
  });

  it('currencies and their rates: the rate a number, the day a date', async () => {
    await ta.t.db
      .insertInto('exchange_rates')
      .values({ currency: 'EUR', effective_date: '2026-01-02', rate: '0.86123456', source: 'ECB' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const sheet = await open('/api/currencies/export?sort=code', language);
    expectReadable(sheet, 'currencies');
    expect(headerOf(sheet)).toContain(screen(language, 'currencies:fields.currentRate'));
    const rates = await open('/api/currencies/EUR/rates/export', language);
    expectReadable(rates, 'rates');
    expect(headerOf(rates)).toContain(screen(language, 'currencies:rates.rateColumn').replace('{{code}}', 'EUR'));
    let found = false;
    rates.eachRow((row, n) => {
      if (n === 1 || (row.getCell(2).value as Date).toISOString().slice(0, 10) !== '2026-01-02') return;
      found = true;
      expect(row.getCell(2).numFmt).toBe('yyyy-mm-dd');
      expect(row.getCell(3).value).toBe(0.86123456);
      expect(row.getCell(3).numFmt).toBe('#,##0.00000000');
    });
    expect(found).toBe(true);
  });

  it('warehouses, their bins and their configuration: kinds, flags and picking order in words', async () => {
    const config = await open(`/api/warehouse-configs/export?q=${tag}`, language);
    expectReadable(config, 'warehouse configuration');
    const row = config.getRow(2);
    expect(row.getCell(columnOf(config, screen(language, 'warehouses:config.fields.pickingOrder'))).value).toBe(
      screen(language, 'warehouses:pickingOrders.PICK_SEQUENCE.label'),
    );
    const tolerance = row.getCell(columnOf(config, screen(language, 'warehouses:config.fields.overReceiptTolerance')));
    expect(tolerance.type).toBe(ExcelJS.ValueType.Number);
    const warehouses = await open(`/api/warehouses/export?q=${tag}`, language);
    expectReadable(warehouses, 'warehouses');
    expect(warehouses.getRow(2).getCell(columnOf(warehouses, screen(language, 'warehouses:fields.kind'))).value).toBe(
      screen(language, 'warehouses:kinds.OWN'),
    );
    expectReadable(await open(`/api/warehouses/${ids.warehouse}/locations/export`, language), 'locations');
  });

  it('stock: summary, list, movements and the reports, quantities and money as numbers', async () => {
    const summary = await open(`/api/inventory/summary/export?q=${tag}`, language);
    expectReadable(summary, 'summary');
    const value = summary.getRow(2).getCell(columnOf(summary, screen(language, 'inventory:fields.valueTotal')));
    expect([value.value, value.numFmt]).toEqual([150, '"£"#,##0.00']);
    const onHand = summary.getRow(2).getCell(columnOf(summary, screen(language, 'inventory:fields.onHand')));
    // 12 received, 2 of them on their way to the second warehouse.
    expect([onHand.value, onHand.numFmt]).toEqual([10, '#,##0']);
    expectReadable(await open(`/api/inventory/list/export?q=${tag}`, language), 'list');
    const movements = await open(`/api/inventory/products/${ids.product}/movements/export`, language);
    expectReadable(movements, 'movements');
    const kinds: unknown[] = [];
    movements.eachRow((row, n) => {
      if (n > 1) kinds.push(row.getCell(columnOf(movements, screen(language, 'inventory:fields.kind'))).value);
    });
    expect(kinds).toContain(screen(language, 'inventory:kinds.RECEIPT'));
    expect(kinds).toContain(screen(language, 'inventory:kinds.TRANSFER_IN'));
    const layers = await open(`/api/reports/fifo-stock-value/export?q=${tag}`, language);
    expectReadable(layers, 'fifo layers');
    expect(layers.getRow(2).getCell(columnOf(layers, screen(language, 'reports:fields.ageBucket'))).value).toBe(
      screen(language, 'reports:ageBuckets.D0_30'),
    );
    expectReadable(await open(`/api/reports/stock-and-value/export?q=${tag}`, language), 'stock and value');
    const daily = await open(
      `/api/reports/daily-inventory-level/export?q=${tag}&from=${today}&to=${today}&productId=${ids.product}`,
      language,
    );
    expectReadable(daily, 'daily');
    expect(daily.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expectReadable(await open(`/api/warehouse-reports/inventory-detail/export?q=${tag}`, language), 'detail');
    expectReadable(await open(`/api/warehouse-reports/stock-quantity/export?q=${tag}`, language), 'quantity');
  });

  it('transfers: status in words, quantities as numbers with their places', async () => {
    const sheet = await open(`/api/inventory-transfers/export?q=${tag}`, language);
    expectReadable(sheet, 'transfers');
    const row = sheet.getRow(2);
    expect(row.getCell(columnOf(sheet, screen(language, 'transfers:fields.status'))).value).toBe(
      screen(language, 'documents:inventory_transfer.status.DISPATCHED'),
    );
    const quantity = row.getCell(columnOf(sheet, screen(language, 'transfers:fields.quantity')));
    expect([quantity.value, quantity.numFmt]).toEqual([2, '#,##0']);
    expect(row.getCell(columnOf(sheet, screen(language, 'transfers:fields.createdAt'))).type).toBe(
      ExcelJS.ValueType.Date,
    );
  });

  it.each(SIMPLE_EXPORTS)('%s: titles in the language, cells readable', async (path) => {
    const sheet = await open(path, language);
    expectReadable(sheet, path);
    expect(headerOf(sheet).length).toBeGreaterThan(0);
  });
});

describe('the language of an export', () => {
  it('is the one the web app asks for, else English', async () => {
    const de = await open('/api/brands/export', 'de');
    const en = await open('/api/brands/export', 'en');
    expect(headerOf(de)[4]).toBe('Geändert');
    expect(headerOf(en)[4]).toBe('Updated');
    const res = await fetch(`${ta.baseUrl}/api/brands/export`, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr-FR' },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(headerOf(sheet)[4]).toBe('Updated');
  });
});
