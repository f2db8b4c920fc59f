import type {
  ErrorBody,
  FifoGroupPage,
  FifoValuePage,
  InventoryDetailPage,
  Page,
  StockAndValuePage,
  StockMovement,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostLine, post } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

/**
 * Stock below zero, as reports, movements and refusals show it: deficits in every report so that each adds up to
 * the stock value; unit costs that agree with values after a revaluation; the provisional cost of a deficit;
 * returns after a settlement; and what a refused backdated issue says.
 */

let ta: TestApp;
let admin: ApiClient;
let token: string;
let today: string;
const D = (v: string | number) => new Decimal(v);

beforeAll(async () => {
  ta = await startTestApp();
  const c = await clientWith(ta, ALL_PERMISSIONS);
  admin = c.api;
  token = c.tokens.accessToken;
  const { rows } = await sql<{ d: string }>`SELECT (now() AT TIME ZONE 'Europe/London')::date::text AS d`.execute(
    ta.t.db,
  );
  today = (rows[0] as { d: string }).d;
});
afterAll(() => ta.close());

/** The London day `n` days before today. */
function ago(n: number) {
  const [y = 0, m = 0, d = 0] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
}

let n = 0;
const tag = `DF${Date.now() % 100000}`;
async function product(costPrice = '0') {
  n += 1;
  return ta.t.db
    .insertInto('products')
    .values({ sku: `${tag}-${String(n).padStart(3, '0')}`, name: `Deficit product ${n}`, cost_price: costPrice })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}
async function warehouse(allowNegative: boolean) {
  n += 1;
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `${tag}W${n}`, name: `Deficit warehouse ${n}`, kind: 'OWN' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: w.id, allow_negative_stock: allowNegative })
    .execute();
  return w.id;
}
async function bin(warehouseId: string, code: string) {
  const row = await ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: warehouseId, code })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function postNow(lines: PostLine[], postedOn?: string) {
  return ta.t.db
    .transaction()
    .execute((tx) =>
      post({ db: tx, user: null }, { sourceType: 'test', sourceId: null, postedOn: postedOn ?? null, lines }),
    );
}
const receipt = (productId: string, warehouseId: string, quantity: string, unitCost: string, extra = {}) =>
  ({ productId, warehouseId, kind: 'RECEIPT', quantity: D(quantity), unitCost: D(unitCost), ...extra }) as PostLine;
const issue = (productId: string, warehouseId: string, quantity: string, extra = {}) =>
  ({ productId, warehouseId, kind: 'ISSUE', quantity: D(quantity).neg(), ...extra }) as PostLine;

async function expectClean() {
  const check = await admin.get<{ ok: boolean; differences: unknown[] }>('/api/stock/check');
  expect(check.body.differences).toEqual([]);
  expect(check.body.ok).toBe(true);
}
/** The stock value of products whose SKU starts with `prefix`: the levels kept, and the ledger's own sum. */
async function stockValue(prefix: string, bucket?: 'STOCK') {
  const { rows } = await sql<{ levels: string; ledger: string }>`
    SELECT
      (SELECT coalesce(sum(l.value), 0) FROM stock_levels l JOIN products p ON p.id = l.product_id
        WHERE p.sku LIKE ${`${prefix}%`})::text AS levels,
      (SELECT coalesce(sum(m.value), 0) FROM stock_movements m JOIN products p ON p.id = m.product_id
        WHERE p.sku LIKE ${`${prefix}%`} ${bucket ? sql`AND m.bucket = ${bucket}` : sql``})::text AS ledger`.execute(
    ta.t.db,
  );
  const r = rows[0] as { levels: string; ledger: string };
  return { levels: D(r.levels), ledger: D(r.ledger) };
}
async function download(path: string) {
  const res = await fetch(`${ta.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
const pennies = (v: Decimal | string) => new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

describe('deficits in the reports', () => {
  it('lists deficits (negative quantity, provisional value, age), so every report adds up to the stock value', async () => {
    const prefix = `${tag}-R`;
    const negative = await warehouse(true);
    const plain = await warehouse(false);
    const [a, b] = [await bin(negative, 'A-1'), await bin(negative, 'B-1')];
    const p1 = await ta.t.db
      .insertInto('products')
      .values({ sku: `${prefix}1`, name: 'Below zero', cost_price: '1.3333' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const p2 = await ta.t.db
      .insertInto('products')
      .values({ sku: `${prefix}2`, name: 'In stock', cost_price: '0' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // p1: 3 at 1.1111 into bin A, then 7.5 out of bin B: 4.5 owed, at the newest cost (1.1111).
    await postNow([receipt(p1.id, negative, '3', '1.1111', { locationId: a })], ago(20));
    await postNow([issue(p1.id, negative, '7.5', { locationId: b })], ago(10));
    // p2 has stock of its own in both warehouses, so totals mix positive layers and deficits.
    await postNow([receipt(p2.id, plain, '3', '2.3333'), receipt(p2.id, negative, '1.5', '0.6667')]);
    const value = await stockValue(prefix);
    expect(value.levels.toFixed()).toBe(value.ledger.toFixed());
    // 3 × 2.3333 + 1.5 × 0.6667 + (3 × 1.1111 − 7.5 × 1.1111): the deficit takes 4.99995 off.
    expect(value.levels.toFixed()).toBe('3');

    const fifo = await admin.get<FifoValuePage>(`/api/reports/fifo-stock-value?q=${prefix}&pageSize=50`);
    expect(fifo.status).toBe(200);
    const deficit = fifo.body.items.filter((r) => r.isDeficit);
    expect(deficit.map((r) => [r.product.id, r.quantity, r.value, r.ageDays, r.receivedAt.slice(0, 10)])).toEqual([
      [p1.id, '-4.5', '-5.00', 10, ago(10)],
    ]);
    expect(fifo.body.totals.own.value).toBe(pennies(value.ledger));
    expect(fifo.body.totals.deficits).toEqual({ layers: 1, quantity: '-4.5', value: '-5.00' });
    const buckets = fifo.body.totals.buckets.reduce((s, x) => s.add(x.value), D(0));
    expect(buckets.toFixed(2)).toBe(pennies(value.ledger));

    const groups = await admin.get<FifoGroupPage>(
      `/api/reports/fifo-stock-value/groups?q=${prefix}&level=product&pageSize=50`,
    );
    expect(groups.body.totals.own.value).toBe(pennies(value.ledger));
    const ofP1 = groups.body.items.find((g) => g.product?.id === p1.id);
    expect([ofP1?.quantity, ofP1?.deficitQuantity, ofP1?.value]).toEqual(['-4.5', '-4.5', '-5.00']);

    const asAt = await admin.get<StockAndValuePage>(`/api/reports/stock-and-value?q=${prefix}`);
    expect(asAt.body.totals.value).toBe(pennies(value.ledger));

    // Bins: 3 in A, −7.5 in B; each its share of the warehouse's −4.5 units worth −4.99995.
    const detail = await admin.get<InventoryDetailPage>(`/api/warehouse-reports/inventory-detail?q=${prefix}`);
    const onHandValue = await stockValue(prefix, 'STOCK');
    expect(detail.body.totals.value).toBe(pennies(onHandValue.ledger));
    const p1Bins = detail.body.items.filter((r) => r.productId === p1.id);
    expect(p1Bins.map((r) => [r.location?.code, r.onHand, r.deficit, r.warehouseValue])).toEqual([
      ['A-1', '3', '-4.5', '-5.00'],
      ['B-1', '-7.5', '-4.5', '-5.00'],
    ]);
    expect(p1Bins.map((r) => r.value)).toEqual(['3.33', '-8.33']);

    // The drill-down of one product and warehouse lists the deficit too, and adds up to the level's value.
    const layers = await admin.get<FifoValuePage>(
      `/api/warehouse-reports/inventory-detail/layers?productId=${p1.id}&warehouseId=${negative}`,
    );
    expect(layers.body.items.map((r) => [r.quantity, r.isDeficit])).toEqual([['-4.5', true]]);
    const level = await ta.t.db
      .selectFrom('stock_levels')
      .select('value')
      .where('product_id', '=', p1.id)
      .where('warehouse_id', '=', negative)
      .executeTakeFirstOrThrow();
    expect(layers.body.totals.own.value).toBe(pennies(level.value));
    await expectClean();
  });
});

describe('movements after a revaluation', () => {
  it('shows the unit cost the row has now (value ÷ quantity) and the one it was posted at', async () => {
    const p = await product();
    const w = await warehouse(true);
    await postNow([receipt(p.id, w, '2', '3')]);
    const [out] = await postNow([issue(p.id, w, '5')]);
    // The 3 owed are settled at 4: the issue is worth 3 more, 18 for 5 units.
    await postNow([receipt(p.id, w, '3', '4')]);
    const res = await admin.get<Page<StockMovement>>(`/api/inventory/products/${p.id}/movements?kind=ISSUE`);
    const row = res.body.items.find((m) => m.id === out?.id);
    expect([row?.value, row?.currentValue, row?.unitCost, row?.postedUnitCost]).toEqual([
      '-15.00',
      '-18.00',
      '3.6000',
      '3.0000',
    ]);
    expect(
      D(row?.unitCost ?? 0)
        .mul(D(row?.quantity ?? 0).abs())
        .toFixed(2),
    ).toBe(
      D(row?.currentValue ?? 0)
        .abs()
        .toFixed(2),
    );
    // The export says the same as the screen: the unit cost now, then the one it was posted at.
    const [header, ...lines] = await download(`/api/inventory/products/${p.id}/movements/export?kind=ISSUE`);
    const at = (name: string) => (header ?? []).indexOf(name);
    expect(lines.map((l) => [l[at('Quantity')], l[at('Unit cost (£)')], l[at('Value (£)')]])).toEqual([[-5, 3.6, -18]]);
    expect(lines.map((l) => [l[at('Unit cost as posted (£)')], l[at('Value as posted (£)')]])).toEqual([[3, -15]]);
    await expectClean();
  });
});

describe('the provisional cost of a deficit', () => {
  it('is the cost price when nothing else is known, and a receipt absorbed whole becomes the last cost', async () => {
    const p = await product('2.5');
    const w = await warehouse(true);
    const [first] = await postNow([issue(p.id, w, '4')]);
    expect(first?.value.toFixed()).toBe('-10');
    // 4 at 3 pay off the 4 owed: no layer is left, but 3 is now the newest cost.
    await postNow([receipt(p.id, w, '4', '3')]);
    const level = await ta.t.db
      .selectFrom('stock_levels')
      .select(['last_unit_cost', 'on_hand'])
      .where('product_id', '=', p.id)
      .where('warehouse_id', '=', w)
      .executeTakeFirstOrThrow();
    expect([D(level.on_hand).toFixed(), D(level.last_unit_cost ?? 0).toFixed()]).toEqual(['0', '3']);
    const [next] = await postNow([issue(p.id, w, '1')]);
    expect(next?.value.toFixed()).toBe('-3');
    await expectClean();
  });
});

describe('returns after a settlement', () => {
  it('come back at what the settled units cost, the same whether posted now or replayed later', async () => {
    const p = await product('2.5');
    const w = await warehouse(true);
    const other = await warehouse(false);
    const [out] = await postNow([issue(p.id, w, '4')], ago(5));
    await postNow([receipt(p.id, w, '4', '3')], ago(4));
    const [back] = await postNow([
      { productId: p.id, warehouseId: w, kind: 'RETURN', quantity: D(1), linkTo: out?.id } as PostLine,
    ]);
    expect(back?.value.toFixed()).toBe('3');
    // A changed cost price and a backdated posting replaying the product's history rewrite nothing of it.
    await ta.t.db.updateTable('products').set({ cost_price: '9' }).where('id', '=', p.id).execute();
    const before = await ta.t.db.selectFrom('stock_movements').select('id').where('product_id', '=', p.id).execute();
    await postNow([receipt(p.id, other, '1', '1')], ago(6));
    const after = await ta.t.db
      .selectFrom('stock_movements')
      .select(['kind'])
      .where('product_id', '=', p.id)
      .where(
        'id',
        'not in',
        before.map((m) => m.id),
      )
      .execute();
    expect(after.map((m) => m.kind)).toEqual(['RECEIPT']);
    const rest = await postNow([
      { productId: p.id, warehouseId: w, kind: 'RETURN', quantity: D(3), linkTo: out?.id } as PostLine,
    ]);
    expect(rest[0]?.value.toFixed()).toBe('9');
    await expectClean();
  });
});

describe('a refused backdated issue', () => {
  it('names what was asked and the day stock would go below zero', async () => {
    const p = await product();
    const w = await warehouse(false);
    // 10 in, 10 out two days later, 5 in yesterday: 5 on the shelf today, none on the day the 10 went out.
    await postNow([receipt(p.id, w, '10', '1')], ago(4));
    await postNow([issue(p.id, w, '10')], ago(2));
    await postNow([receipt(p.id, w, '5', '1')], ago(1));
    const res = await admin.post<ErrorBody>('/api/stock/adjustments', {
      reason: 'damaged in the aisle',
      postedOn: ago(3),
      lines: [{ productId: p.id, warehouseId: w, quantity: '-5' }],
    });
    expect([res.status, res.body.code]).toEqual([409, 'INSUFFICIENT_STOCK']);
    expect(res.body.message).toContain(`5 asked for on ${ago(3)}`);
    expect(res.body.message).toContain(`below zero on ${ago(2)}`);
    expect(res.body.message).not.toContain('10 asked for');
    expect(res.body.details).toMatchObject({ requested: '5', postedOn: ago(3), negativeOn: ago(2), available: '5' });
    const rows = await ta.t.db.selectFrom('stock_movements').select('id').where('product_id', '=', p.id).execute();
    expect(rows).toHaveLength(3);
    await expectClean();
  });
});
