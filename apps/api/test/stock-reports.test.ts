import type {
  DailyLevelPage,
  ErrorBody,
  FifoDifference,
  FifoGroupPage,
  FifoProcessRun,
  FifoValuePage,
  InventoryDetailPage,
  Page,
  ReplenishmentPage,
  StockAndValuePage,
  StockQuantityPage,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failInterruptedFifoRuns } from '../src/domains/reports/index.ts';
import { engineHistory, type LedgerRow } from '../src/domains/reports/replay-ledger.ts';
import { dayEnd, stockAt } from '../src/domains/reports/report-sql.repository.ts';
import { replay } from '../src/domains/stock/fifo.ts';
import { checkStock, type PostLine, post } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let reports: ApiClient;
let token: string;
let today: string;
const D = (v: string | number) => new Decimal(v);

beforeAll(async () => {
  ta = await startTestApp();
  const c = await clientWith(ta, [
    'stock_and_value_report',
    'daily_inventory_level_report',
    'handle_replenishment_report',
    'view_warehouse',
  ]);
  reports = c.api;
  token = c.tokens.accessToken;
  const { rows } = await sql<{ d: string }>`SELECT (now() AT TIME ZONE 'Europe/London')::date::text AS d`.execute(
    ta.t.db,
  );
  today = (rows[0] as { d: string }).d;
});
afterAll(() => ta.close());

/** The London day `n` days before today (YYYY-MM-DD). */
function ago(n: number) {
  const [y = 0, m = 0, d = 0] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
}

let n = 0;
const tag = `R${Date.now() % 100000}`;
async function product(
  extra: { brand_id?: string; unit?: string; reorder_point?: string; reorder_quantity?: string } = {},
  prefix = 'P',
) {
  n += 1;
  const row = await ta.t.db
    .insertInto('products')
    .values({ sku: `${tag}-${prefix}${String(n).padStart(3, '0')}`, name: `Report product ${n}`, ...extra })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
  return row;
}
async function warehouse() {
  n += 1;
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `${tag}W${n}`, name: `Report warehouse ${n}`, kind: 'OWN' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db.insertInto('warehouse_configs').values({ warehouse_id: w.id }).execute();
  return w.id;
}
async function brand() {
  n += 1;
  const b = await ta.t.db
    .insertInto('brands')
    .values({ code: `${tag}B${n}`, name: `Brand ${n}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return b.id;
}

function postOn(day: string | null, lines: PostLine[]) {
  return ta.t.db
    .transaction()
    .execute((tx) => post({ db: tx, user: null }, { sourceType: 'test', sourceId: null, postedOn: day, lines }));
}
const receipt = (productId: string, warehouseId: string, quantity: string, unitCost: string, extra = {}) =>
  ({ productId, warehouseId, kind: 'RECEIPT', quantity: D(quantity), unitCost: D(unitCost), ...extra }) as PostLine;
const issue = (productId: string, warehouseId: string, quantity: string) =>
  ({ productId, warehouseId, kind: 'ISSUE', quantity: D(quantity).neg() }) as PostLine;

async function expectBalanced() {
  const check = await checkStock(ta.t.db);
  expect(check.differences).toEqual([]);
}

async function download(path: string) {
  const res = await fetch(`${ta.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/**
 * The scenario every report reads: P1 received at different costs and dates, issued, then a receipt
 * backdated before the issue (the issue is revalued), part transferred into transit; P2 own stock and
 * consigned stock; P3 old stock in another warehouse.
 */
const s = {} as {
  a: string;
  b: string;
  brand1: string;
  brand2: string;
  p1: { id: string; sku: string };
  p2: { id: string; sku: string };
  p3: { id: string; sku: string };
  bin: string;
};

beforeAll(async () => {
  s.a = await warehouse();
  s.b = await warehouse();
  s.brand1 = await brand();
  s.brand2 = await brand();
  s.p1 = await product({ brand_id: s.brand1 });
  s.p2 = await product({ brand_id: s.brand2 });
  s.p3 = await product();
  s.bin = (
    await ta.t.db
      .insertInto('warehouse_locations')
      .values({ warehouse_id: s.a, code: 'A-01' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const consignor = await ta.t.db
    .insertInto('business_partners')
    .values({
      code: `${tag}SUP`,
      name: 'Consignor',
      active: true,
      default_currency: 'GBP',
      payment_terms_days: 30,
      is_consignment: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { p1, p2, p3, a, b } = s;
  await postOn(ago(40), [receipt(p1.id, a, '10', '2.00')]);
  await postOn(ago(30), [receipt(p1.id, a, '10', '3.00')]);
  await postOn(ago(20), [issue(p1.id, a, '12')]); // 10 × 2 + 2 × 3 = 26 at the time
  await postOn(ago(35), [receipt(p1.id, a, '5', '1.00')]); // backdated: the issue becomes 10 × 2 + 2 × 1 = 22
  await postOn(ago(5), [
    { productId: p1.id, warehouseId: a, kind: 'TRANSFER_OUT', quantity: D(-4) },
    { productId: p1.id, warehouseId: b, bucket: 'TRANSIT', kind: 'TRANSFER_IN', quantity: D(4), linkTo: { line: 0 } },
  ]); // 3 × 1 + 1 × 3 = 6 into transit
  await postOn(ago(100), [receipt(p2.id, a, '8', '2.50', { locationId: s.bin })]);
  await postOn(ago(15), [receipt(p2.id, a, '6', '5.00', { ownerId: consignor.id, locationId: null })]);
  await postOn(ago(3), [issue(p2.id, a, '5')]); // the oldest first: 5 own units at 2.50
  await postOn(ago(400), [receipt(p3.id, b, '2', '7.00')]);
  await postOn(ago(200), [receipt(p3.id, b, '1', '10.00')]);
});

describe('stock and value as at a date', () => {
  /** Brute force: the sum of every ledger row posted before the end of the day, and the same from a replay. */
  async function bruteForce(productId: string, warehouseId: string, day: string) {
    const cut = (await sql<{ at: Date }>`SELECT ${dayEnd(day)} AS at`.execute(ta.t.db)).rows[0]?.at as Date;
    const rows = await ta.t.db
      .selectFrom('stock_movements')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('posted_at')
      .orderBy('id')
      .execute();
    const before = rows.filter((r) => r.warehouse_id === warehouseId && r.posted_at < cut);
    const sum = (xs: string[]) => xs.reduce((acc, x) => acc.add(x), D(0));
    const history: LedgerRow[] = rows.map((r) => ({ ...r, posted_at: r.posted_at.toISOString() }));
    const replayed = replay(engineHistory(history, () => false, new Map()).movements);
    return {
      onHand: sum(before.filter((r) => r.bucket === 'STOCK').map((r) => r.quantity)).toFixed(),
      inTransit: sum(before.filter((r) => r.bucket === 'TRANSIT').map((r) => r.quantity)).toFixed(),
      value: sum(before.map((r) => r.value)).toFixed(2),
      replayedValue: sum(
        replayed.entries
          .filter((e) => e.warehouseId === warehouseId && new Date(e.effectiveAt) < cut)
          .map((e) => e.value.toFixed()),
      ).toFixed(2),
    };
  }

  it('answers quantity and value at the end of several days, equal to a brute-force sum and to the replay', async () => {
    const expected: [string, string, string, string, string][] = [
      // day, warehouse, on hand, in transit, value
      [ago(36), s.a, '10', '0', '20.00'],
      [ago(35), s.a, '15', '0', '25.00'],
      [ago(25), s.a, '25', '0', '55.00'],
      [ago(20), s.a, '13', '0', '33.00'],
      [ago(5), s.a, '9', '0', '27.00'],
      [ago(5), s.b, '0', '4', '6.00'],
      [today, s.a, '9', '0', '27.00'],
    ];
    for (const [day, w, onHand, inTransit, value] of expected) {
      const res = await reports.get<StockAndValuePage>(
        `/api/reports/stock-and-value?asAt=${day}&warehouseId=${w}&q=${s.p1.sku}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(
        res.body.items.map((r) => [r.onHand, r.inTransit, r.value]),
        day,
      ).toEqual([[onHand, inTransit, value]]);
      const brute = await bruteForce(s.p1.id, w, day);
      expect([brute.onHand, brute.inTransit, brute.value, brute.replayedValue]).toEqual([
        onHand,
        inTransit,
        value,
        value,
      ]);
    }
    // Before the first receipt the product is not listed at all.
    const empty = await reports.get<StockAndValuePage>(`/api/reports/stock-and-value?asAt=${ago(41)}&q=${s.p1.sku}`);
    expect([empty.body.items, empty.body.total, empty.body.totals.value]).toEqual([[], 0, '0.00']);
  });

  it('reads the same figures whichever side of the ledger it sums', async () => {
    for (const day of [ago(401), ago(36), ago(20), ago(4), today]) {
      const pick = async (side: 'before' | 'after') => {
        const { rows } = await sql<{ product_id: string; warehouse_id: string; on_hand: string; value: string }>`
          SELECT s.product_id, s.warehouse_id, s.on_hand::text, s.value::text FROM (${stockAt(side, dayEnd(day), undefined)}) s
          WHERE s.product_id IN (${s.p1.id}::uuid, ${s.p2.id}::uuid, ${s.p3.id}::uuid)
            AND (s.on_hand <> 0 OR s.in_transit <> 0 OR s.value <> 0)
          ORDER BY 1, 2`.execute(ta.t.db);
        return rows.map((r) => [r.product_id, r.warehouse_id, D(r.on_hand).toFixed(), D(r.value).toFixed(8)]);
      };
      expect(await pick('before'), day).toEqual(await pick('after'));
    }
  });

  it('totals the whole filter, groups by warehouse and brand, pages, sorts and exports', async () => {
    const all = await reports.get<StockAndValuePage>(
      `/api/reports/stock-and-value?q=${tag}-P&groupBy=warehouse&pageSize=2&sort=-value`,
    );
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(4);
    expect(all.body.items).toHaveLength(2);
    // P1: 9 in A (27) and 4 in transit to B (6); P2: 9 in A (3 × 2.50, 6 consigned at 0); P3: 3 in B (24).
    expect(all.body.totals).toEqual({ onHand: '21', inTransit: '4', value: '64.50' });
    expect(all.body.groups.map((g) => [g.id, g.onHand, g.inTransit, g.value, g.rows])).toEqual([
      [s.a, '18', '0', '34.50', 2],
      [s.b, '3', '4', '30.00', 2],
    ]);
    // Grouped: warehouse A's rows first, by value within it.
    expect(all.body.items.map((r) => [r.warehouse.id, r.sku])).toEqual([
      [s.a, s.p1.sku],
      [s.a, s.p2.sku],
    ]);
    const byBrand = await reports.get<StockAndValuePage>(`/api/reports/stock-and-value?q=${tag}-P&groupBy=brand`);
    expect(byBrand.body.groups.map((g) => [g.id, g.value])).toEqual([
      [s.brand1, '33.00'],
      [null, '24.00'],
      [s.brand2, '7.50'],
    ]);
    const ofBrand = await reports.get<StockAndValuePage>(`/api/reports/stock-and-value?q=${tag}-P&brandId=${s.brand2}`);
    expect(ofBrand.body.items.map((r) => [r.sku, r.onHand, r.value])).toEqual([[s.p2.sku, '9', '7.50']]);
    const past = await reports.get<StockAndValuePage>(`/api/reports/stock-and-value?q=${tag}-P&page=9`);
    expect([past.body.items, past.body.total, past.body.totals.value]).toEqual([[], 4, '64.50']);
    const bad = await reports.get<ErrorBody>(`/api/reports/stock-and-value?sort=cost`);
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const badDate = await reports.get<ErrorBody>(`/api/reports/stock-and-value?asAt=2025-02-30`);
    expect([badDate.status, badDate.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const sheet = await download(`/api/reports/stock-and-value/export?q=${tag}-P&asAt=${ago(5)}`);
    expect(sheet[0]?.slice(0, 4)).toEqual(['SKU', 'Name', 'Brand', 'Warehouse']);
    expect(sheet.slice(1).map((r) => [r[0], r[5], r[6], r[7]])).toEqual([
      [s.p1.sku, 9, 0, 27],
      [s.p1.sku, 0, 4, 6],
      [s.p2.sku, 14, 0, 20],
      [s.p3.sku, 3, 0, 24],
    ]);
    await expectBalanced();
  });
});

describe('FIFO stock value', () => {
  it('lists open layers with cost, value and age, totals per age bucket, consigned stock apart', async () => {
    const res = await reports.get<FifoValuePage>(`/api/reports/fifo-stock-value?q=${tag}-P&sort=receivedAt&pageSize=3`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total).toBe(7);
    expect(res.body.items.map((l) => [l.product.sku, l.ageDays, l.ageBucket, l.quantity, l.unitCost, l.value])).toEqual(
      [
        [s.p3.sku, 400, 'D366_PLUS', '2', '7.0000', '14.00'],
        [s.p3.sku, 200, 'D181_365', '1', '10.0000', '10.00'],
        [s.p2.sku, 100, 'D91_180', '3', '2.5000', '7.50'],
      ],
    );
    expect(res.body.totals.buckets.map((b) => [b.bucket, b.layers, b.quantity, b.value])).toEqual([
      // P1 in A (9 × 3, received 30 days ago) and in transit to B (1 × 3, same date)
      ['D0_30', 2, '10', '30.00'],
      // P1 in transit: 3 × 1 received 35 days ago (a transfer keeps the received date)
      ['D31_60', 1, '3', '3.00'],
      ['D61_90', 0, '0', '0.00'],
      ['D91_180', 1, '3', '7.50'],
      ['D181_365', 1, '1', '10.00'],
      ['D366_PLUS', 1, '2', '14.00'],
    ]);
    expect(res.body.totals.own).toEqual({ layers: 6, quantity: '19', value: '64.50' });
    expect(res.body.totals.consigned).toEqual({ layers: 1, quantity: '6', value: '0.00' });
    const consigned = await reports.get<FifoValuePage>(`/api/reports/fifo-stock-value?q=${tag}-P&ownership=consigned`);
    expect(consigned.body.items.map((l) => [l.product.sku, l.quantity, l.value, l.owner?.code, l.ageDays])).toEqual([
      [s.p2.sku, '6', '0.00', `${tag}SUP`, 15],
    ]);
    const bucket = await reports.get<FifoValuePage>(`/api/reports/fifo-stock-value?q=${tag}-P&ageBucket=D31_60`);
    expect(bucket.body.items.map((l) => [l.product.sku, l.bucket, l.ageDays, l.quantity])).toEqual([
      [s.p1.sku, 'TRANSIT', 35, '3'],
    ]);
    const sheet = await download(`/api/reports/fifo-stock-value/export?q=${tag}-P&ageBucket=D0_30`);
    expect(sheet.length).toBe(4);
  });

  it('sums the layers by warehouse and brand, then by product (the beta view)', async () => {
    const groups = await reports.get<FifoGroupPage>(`/api/reports/fifo-stock-value/groups?q=${tag}-P`);
    expect(groups.status, JSON.stringify(groups.body)).toBe(200);
    expect(
      groups.body.items.map((g) => [
        g.warehouse.id,
        g.brand?.id ?? null,
        g.layers,
        g.quantity,
        g.consignedQuantity,
        g.value,
      ]),
    ).toEqual([
      [s.a, s.brand1, 1, '9', '0', '27.00'],
      [s.a, s.brand2, 2, '3', '6', '7.50'],
      [s.b, s.brand1, 2, '4', '0', '6.00'],
      [s.b, null, 2, '3', '0', '24.00'],
    ]);
    expect(groups.body.items[3]?.bucketValues.map((b) => b.value)).toEqual([
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '10.00',
      '14.00',
    ]);
    const products = await reports.get<FifoGroupPage>(
      `/api/reports/fifo-stock-value/groups?q=${tag}-P&level=product&warehouseId=${s.b}&noBrand=true`,
    );
    expect(products.body.items.map((g) => [g.product?.sku, g.value])).toEqual([[s.p3.sku, '24.00']]);
    expect(products.body.totals.own.value).toBe('24.00');
    const sheet = await download(`/api/reports/fifo-stock-value/groups/export?q=${tag}-P`);
    expect(sheet.length).toBe(5);
  });
});

describe('daily inventory level', () => {
  it('answers the balance at the end of each day from the ledger, with the day’s ins and outs', async () => {
    const res = await reports.get<DailyLevelPage>(
      `/api/reports/daily-inventory-level?productId=${s.p1.id}&from=${ago(38)}&to=${today}&pageSize=200`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total).toBe(39);
    expect(res.body.series).toHaveLength(39);
    const at = (day: string) => res.body.items.find((r) => r.date === day);
    expect(at(ago(38))).toMatchObject({ onHand: '10', inTransit: '0', value: '20.00', received: '0', issued: '0' });
    expect(at(ago(35))).toMatchObject({ onHand: '15', value: '25.00', received: '5' });
    expect(at(ago(30))).toMatchObject({ onHand: '25', value: '55.00' });
    expect(at(ago(20))).toMatchObject({ onHand: '13', value: '33.00', issued: '12' });
    expect(at(ago(5))).toMatchObject({ onHand: '9', inTransit: '4', value: '33.00', issued: '4' });
    expect(at(today)).toMatchObject({ onHand: '9', inTransit: '4', value: '33.00' });
    expect(res.body.totals).toEqual({
      openingQuantity: '10',
      openingValue: '20.00',
      closingQuantity: '13',
      closingValue: '33.00',
      received: '15',
      issued: '16',
    });
    const onlyA = await reports.get<DailyLevelPage>(
      `/api/reports/daily-inventory-level?q=${tag}-P&warehouseId=${s.a}&from=${ago(5)}&to=${ago(3)}`,
    );
    // P1 9 × 3 and P2 (8 own + 6 consigned) until the issue of 5 three days ago.
    expect(onlyA.body.series).toEqual([
      { date: ago(5), quantity: '23', value: '47.00' },
      { date: ago(4), quantity: '23', value: '47.00' },
      { date: ago(3), quantity: '18', value: '34.50' },
    ]);
    const paged = await reports.get<DailyLevelPage>(
      `/api/reports/daily-inventory-level?productId=${s.p1.id}&from=${ago(38)}&to=${today}&pageSize=10&page=4`,
    );
    expect(paged.body.items.map((r) => r.date)).toEqual([
      ago(8),
      ago(7),
      ago(6),
      ago(5),
      ago(4),
      ago(3),
      ago(2),
      ago(1),
      today,
    ]);
    // Newest first (what the screen opens on): the first page holds the latest days; the series keeps date order.
    const newest = await reports.get<DailyLevelPage>(
      `/api/reports/daily-inventory-level?productId=${s.p1.id}&from=${ago(38)}&to=${today}&pageSize=3&sort=-date`,
    );
    expect(newest.body.items.map((r) => r.date)).toEqual([today, ago(1), ago(2)]);
    expect(newest.body.total).toBe(39);
    expect(newest.body.series[0]?.date).toBe(ago(38));
    const badSort = await reports.get<ErrorBody>(
      `/api/reports/daily-inventory-level?from=${ago(3)}&to=${today}&sort=value`,
    );
    expect([badSort.status, badSort.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const tooLong = await reports.get<ErrorBody>(`/api/reports/daily-inventory-level?from=${ago(400)}&to=${ago(34)}`);
    expect([tooLong.status, tooLong.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const backwards = await reports.get<ErrorBody>(`/api/reports/daily-inventory-level?from=${ago(3)}&to=${ago(4)}`);
    expect(backwards.status).toBe(400);
    const longest = await reports.get<DailyLevelPage>(
      `/api/reports/daily-inventory-level?from=${ago(365)}&to=${today}`,
    );
    expect(longest.body.series).toHaveLength(366);
    const sheet = await download(
      `/api/reports/daily-inventory-level/export?productId=${s.p1.id}&from=${ago(6)}&to=${ago(4)}`,
    );
    // The day is a date cell (shown yyyy-mm-dd), the figures number cells.
    expect(sheet.slice(1).map((r) => [(r[0] as Date).toISOString().slice(0, 10), r[1], r[2], r[3]])).toEqual([
      [ago(6), 13, 0, 33],
      [ago(5), 9, 4, 33],
      [ago(4), 9, 4, 33],
    ]);
  });
});

describe('warehouse reports', () => {
  it('suggests what to order from sales velocity, lead time, reorder point and quantity', async () => {
    const w = await warehouse();
    const r1 = await product({ reorder_point: '10', reorder_quantity: '5' }, 'Q');
    const r2 = await product({ unit: 'Kilogram (Kg)', reorder_point: '5', reorder_quantity: '20' }, 'Q');
    const r3 = await product({ reorder_point: '3' }, 'Q');
    const r4 = await product({ reorder_point: '2' }, 'Q');
    await postOn(ago(60), [
      receipt(r1.id, w, '45', '1.00'),
      receipt(r2.id, w, '4', '2.00'),
      receipt(r3.id, w, '10', '1.50'),
      receipt(r4.id, w, '10', '1.00'),
    ]);
    await postOn(ago(30), [issue(r1.id, w, '5')]); // outside the last 30 days (today included)
    await postOn(ago(29), [issue(r1.id, w, '12')]);
    await postOn(ago(5), [issue(r1.id, w, '18')]);
    await postOn(ago(1), [issue(r3.id, w, '8')]);
    const res = await reports.get<ReplenishmentPage>(`/api/warehouse-reports/replenishment?warehouseId=${w}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect([res.body.days, res.body.leadDays]).toEqual([30, 14]);
    expect(
      res.body.items.map((r) => [
        r.sku,
        r.available,
        r.sold,
        r.velocity,
        r.daysOfCover,
        r.suggestedQuantity,
        r.suggestedValue,
      ]),
    ).toEqual([
      // 30 sold in 30 days: 1 a day; 14 days of lead time + 10 − 10 = 14 (more than the reorder quantity 5).
      [r1.sku, '10', '30', '1', '10.0', '14', '14.00'],
      // Nothing sold: the reorder quantity.
      [r2.sku, '4', '0', '0', null, '20', '40.00'],
      // 8 / 30 a day × 14 + 3 − 2 = 4.73…, whole units: 5.
      [r3.sku, '2', '8', '0.2667', '7.5', '5', '7.50'],
    ]);
    expect(res.body.totals).toEqual({ suggestedQuantity: '39', suggestedValue: '61.50' });
    const week = await reports.get<ReplenishmentPage>(
      `/api/warehouse-reports/replenishment?warehouseId=${w}&days=7&leadDays=0&sort=-suggestedQuantity`,
    );
    // Over 7 days r1 sold 18; without lead time the refill is to the reorder point only.
    expect(week.body.items.map((r) => [r.sku, r.velocity, r.suggestedQuantity])).toEqual([
      [r2.sku, '0', '20'],
      [r1.sku, '2.5714', '5'],
      [r3.sku, '1.1429', '1'],
    ]);
    const bad = await reports.get<ErrorBody>(`/api/warehouse-reports/replenishment?days=0`);
    expect(bad.status).toBe(400);
    const sheet = await download(`/api/warehouse-reports/replenishment/export?warehouseId=${w}`);
    expect(sheet.slice(1).map((r) => r[12])).toEqual([14, 20, 5]);
    await expectBalanced();
  });

  it('pivots stock per warehouse with column totals, and details bins with layer ages and values', async () => {
    const pivot = await reports.get<StockQuantityPage>(`/api/warehouse-reports/stock-quantity?q=${tag}-P`);
    expect(pivot.status, JSON.stringify(pivot.body)).toBe(200);
    expect(pivot.body.items.map((r) => [r.sku, r.quantities, r.total, r.inTransit])).toEqual([
      [s.p1.sku, { [s.a]: '9' }, '9', '4'],
      [s.p2.sku, { [s.a]: '9' }, '9', '0'],
      [s.p3.sku, { [s.b]: '3' }, '3', '0'],
    ]);
    expect(pivot.body.warehouses.filter((w) => [s.a, s.b].includes(w.id)).map((w) => w.total)).toEqual(['18', '3']);
    expect(pivot.body.totals.inTransit).toBe('4');
    const sheet = await download(`/api/warehouse-reports/stock-quantity/export?q=${s.p1.sku}`);
    // The screen's title for the row total.
    expect(sheet[0]).toContain('Total');

    const detail = await reports.get<InventoryDetailPage>(
      `/api/warehouse-reports/inventory-detail?productId=${s.p2.id}`,
    );
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    // P2 in A: 3 own units at 2.50 (100 days old) in bin A-01, 6 consigned (15 days old) in no bin.
    expect(
      detail.body.items.map((r) => [
        r.location?.code ?? null,
        r.onHand,
        r.value,
        r.warehouseValue,
        r.consigned,
        r.oldestAgeDays,
        r.averageAgeDays,
        r.oldestAgeBucket,
      ]),
    ).toEqual([
      [null, '6', '5.00', '7.50', '6', 100, '43.3', 'D91_180'],
      ['A-01', '3', '2.50', '7.50', '6', 100, '43.3', 'D91_180'],
    ]);
    expect(detail.body.totals).toEqual({ onHand: '9', value: '7.50' });
    const layers = await reports.get<FifoValuePage>(
      `/api/warehouse-reports/inventory-detail/layers?productId=${s.p2.id}&warehouseId=${s.a}`,
    );
    expect(layers.body.items.map((l) => [l.quantity, l.value, l.owner !== null])).toEqual([
      ['3', '7.50', false],
      ['6', '0.00', true],
    ]);
    const options = await reports.get<{ items: { id: string; code: string }[] }>(
      `/api/reports/options/products?q=${s.p3.sku}`,
    );
    expect(options.body.items.map((o) => o.id)).toEqual([s.p3.id]);
  });
});

describe('FIFO stock process', () => {
  async function finished(id: string): Promise<FifoProcessRun> {
    for (let i = 0; i < 200; i += 1) {
      const res = await reports.get<FifoProcessRun>(`/api/reports/fifo-stock-process/runs/${id}`);
      expect(res.status).toBe(200);
      if (res.body.status !== 'RUNNING') return res.body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the run did not finish');
  }

  it('replays every product from the ledger and finds the stored layers and balances in agreement', async () => {
    // A bundle whose component is then revalued by a backdated receipt: the bundle is revalued in turn.
    const kitWarehouse = await warehouse();
    const component = await product({}, 'K');
    const kit = await product({}, 'K');
    await postOn(ago(10), [receipt(component.id, kitWarehouse, '4', '2.00')]);
    await ta.t.db.transaction().execute((tx) =>
      post(
        { db: tx, user: null },
        {
          sourceType: 'bundle_task',
          sourceId: `BT-${tag}`,
          postedOn: ago(8),
          lines: [
            { productId: component.id, warehouseId: kitWarehouse, kind: 'BUNDLE_CONSUME', quantity: D(-2) },
            { productId: kit.id, warehouseId: kitWarehouse, kind: 'BUNDLE_PRODUCE', quantity: D(1), assembled: true },
          ],
        },
      ),
    );
    await postOn(ago(12), [receipt(component.id, kitWarehouse, '2', '0.50')]);
    const kitLevel = await ta.t.db
      .selectFrom('stock_levels')
      .select('value')
      .where('product_id', '=', kit.id)
      .executeTakeFirstOrThrow();
    expect(D(kitLevel.value).toFixed(2)).toBe('1.00');
    await expectBalanced();

    const started = await reports.post<FifoProcessRun>(
      '/api/reports/fifo-stock-process/runs',
      {},
      { 'idempotency-key': `fifo-${tag}` },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const again = await reports.post<FifoProcessRun>(
      '/api/reports/fifo-stock-process/runs',
      {},
      { 'idempotency-key': `fifo-${tag}` },
    );
    expect(again.body.id).toBe(started.body.id);
    const run = await finished(started.body.id);
    expect(run).toMatchObject({ status: 'DONE', differencesFound: 0, failure: null });
    const products = await ta.t.db.selectFrom('stock_levels').select('product_id').distinct().execute();
    expect([run.productsDone, run.productsTotal]).toEqual([products.length, products.length]);
    const movements = await ta.t.db
      .selectFrom('stock_movements')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(run.movementsDone).toBe(Number(movements.n));
    const audit = await ta.t.db
      .selectFrom('system_logs')
      .select('action')
      .where('entity', '=', 'fifo_process_run')
      .where('entity_id', '=', run.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['start']);
  });

  it('finds the difference when stored layers are corrupted, and lists it', async () => {
    const layer = await ta.t.db
      .selectFrom('stock_layers')
      .selectAll()
      .where('product_id', '=', s.p1.id)
      .where('warehouse_id', '=', s.a)
      .executeTakeFirstOrThrow();
    // Layers are derived, not the ledger: a broken one is what the process exists to find.
    await ta.t.db
      .updateTable('stock_layers')
      .set({ remaining_value: sql`remaining_value + 1` })
      .where('origin_movement_id', '=', layer.origin_movement_id)
      .where('seq', '=', layer.seq)
      .execute();
    try {
      const started = await reports.post<FifoProcessRun>('/api/reports/fifo-stock-process/runs');
      expect(started.status).toBe(201);
      const run = await finished(started.body.id);
      expect(run).toMatchObject({ status: 'DONE', differencesFound: 2 });
      const found = await reports.get<Page<FifoDifference>>(
        `/api/reports/fifo-stock-process/runs/${run.id}/differences`,
      );
      expect(
        found.body.items.map((d) => [d.kind, d.product.sku, d.warehouse?.id, d.bucket, d.expected, d.stored]),
      ).toEqual([
        ['LAYER_VALUE', s.p1.sku, s.a, 'STOCK', '27', '28'],
        ['LAYER', s.p1.sku, s.a, 'STOCK', `9 @ 3 = 27 (${ago(30)})`, `9 @ 3 = 28 (${ago(30)})`],
      ]);
      const onlyLayers = await reports.get<Page<FifoDifference>>(
        `/api/reports/fifo-stock-process/runs/${run.id}/differences?kind=LAYER`,
      );
      expect(onlyLayers.body.total).toBe(1);
      const sheet = await download(`/api/reports/fifo-stock-process/runs/${run.id}/differences/export`);
      expect(sheet.length).toBe(3);
      const list = await reports.get<Page<FifoProcessRun>>('/api/reports/fifo-stock-process/runs');
      expect(list.body.items[0]?.id).toBe(run.id);
      expect(list.body.total).toBe(2);
    } finally {
      await ta.t.db
        .updateTable('stock_layers')
        .set({ remaining_value: layer.remaining_value })
        .where('origin_movement_id', '=', layer.origin_movement_id)
        .where('seq', '=', layer.seq)
        .execute();
    }
    await expectBalanced();
  });

  it('runs one at a time, and a run left running by a stopped server is failed at start-up', async () => {
    const left = await ta.t.db
      .insertInto('fifo_process_runs')
      .values({ status: 'RUNNING' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await reports.post<ErrorBody>('/api/reports/fifo-stock-process/runs');
    expect([refused.status, refused.body.code]).toEqual([409, 'FIFO_PROCESS_RUNNING']);
    expect(await failInterruptedFifoRuns(ta.t.db)).toBe(1);
    const run = await reports.get<FifoProcessRun>(`/api/reports/fifo-stock-process/runs/${left.id}`);
    expect(run.body).toMatchObject({ status: 'FAILED' });
    expect(run.body.failure).toMatch(/server stopped/);
    const missing = await reports.get<ErrorBody>(
      '/api/reports/fifo-stock-process/runs/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.status).toBe(404);
  });
});

describe('permissions', () => {
  it('refuses each report without its permission (403), starting nothing', async () => {
    const warehouseOnly = (await clientWith(ta, ['view_warehouse'])).api;
    const reportsOnly = (await clientWith(ta, ['stock_and_value_report'])).api;
    const runsBefore = await ta.t.db.selectFrom('fifo_process_runs').select('id').execute();
    expect((await warehouseOnly.get('/api/reports/stock-and-value')).status).toBe(403);
    expect((await warehouseOnly.get('/api/reports/fifo-stock-value')).status).toBe(403);
    expect((await warehouseOnly.post('/api/reports/fifo-stock-process/runs')).status).toBe(403);
    expect((await warehouseOnly.get(`/api/reports/daily-inventory-level?from=${today}&to=${today}`)).status).toBe(403);
    expect((await warehouseOnly.get('/api/warehouse-reports/replenishment')).status).toBe(403);
    expect((await warehouseOnly.get('/api/warehouse-reports/stock-quantity')).status).toBe(200);
    expect((await reportsOnly.get('/api/warehouse-reports/inventory-detail')).status).toBe(403);
    expect((await reportsOnly.get(`/api/reports/daily-inventory-level?from=${today}&to=${today}`)).status).toBe(403);
    expect((await reportsOnly.get('/api/reports/options/warehouses')).status).toBe(200);
    expect(await ta.t.db.selectFrom('fifo_process_runs').select('id').execute()).toEqual(runsBefore);
  });
});
