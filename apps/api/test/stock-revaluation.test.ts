import type { Page, StockAndValuePage, StockMovement } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { loadBatch } from '../src/domains/reports/fifo-process.repository.ts';
import { compareProduct } from '../src/domains/reports/replay-ledger.ts';
import { type PostLine, post, type RevalueReceiptsInput, revalueReceipts } from '../src/domains/stock/index.ts';
import { AppError } from '../src/platform/errors.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

/**
 * Landed costs and price differences (stock/revaluation.service.ts): the layers of a receipt still in stock are
 * revalued wherever they are, the share of units gone is a cost of sales adjustment, and the ledger, the layers,
 * the levels, the as-at report and a replay of the ledger all agree afterwards.
 */

let ta: TestApp;
let admin: ApiClient;
let today: string;
const D = (v: Decimal.Value) => new Decimal(v);
type Kdb = import('kysely').Kysely<Database>;

beforeAll(async () => {
  ta = await startTestApp();
  admin = (await clientWith(ta, ALL_PERMISSIONS)).api;
  const { rows } = await sql<{ d: string }>`SELECT (now() AT TIME ZONE 'Europe/London')::date::text AS d`.execute(
    ta.t.db,
  );
  today = (rows[0] as { d: string }).d;
});
afterAll(() => ta.close());

function ago(n: number) {
  const [y = 0, m = 0, d = 0] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
}

let n = 0;
const tag = `RV${Date.now() % 100000}`;
async function product() {
  n += 1;
  return ta.t.db
    .insertInto('products')
    .values({ sku: `${tag}-${String(n).padStart(3, '0')}`, name: `Revalued product ${n}`, cost_price: '0' })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}
async function warehouse() {
  n += 1;
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `${tag}W${n}`, name: `Revaluation warehouse ${n}`, kind: 'OWN' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db.insertInto('warehouse_configs').values({ warehouse_id: w.id, allow_negative_stock: false }).execute();
  return w.id;
}
async function supplier() {
  n += 1;
  const { rows } = await sql<{ id: string }>`
    INSERT INTO business_partners (code, name, is_consignment) VALUES (${`${tag}S${n}`}, 'Consignor', true)
    RETURNING id`.execute(ta.t.db);
  return (rows[0] as { id: string }).id;
}

/** Posts as a goods received note would: source_type goods_received_note, its id, a line number per line. */
function postAs(source: { type: string; id: string | null }, lines: PostLine[], postedOn?: string) {
  return ta.t.db
    .transaction()
    .execute((tx) => post({ db: tx, user: null }, { sourceType: source.type, sourceId: source.id, postedOn, lines }));
}
let grnNo = 0;
async function receive(
  productId: string,
  warehouseId: string,
  quantity: string,
  unitCost: string,
  extra = {},
  on?: string,
) {
  grnNo += 1;
  const id = `grn-${tag}-${grnNo}`;
  const [row] = await postAs(
    { type: 'goods_received_note', id },
    [
      {
        productId,
        warehouseId,
        kind: 'RECEIPT',
        quantity: D(quantity),
        unitCost: D(unitCost),
        sourceLine: '1',
        ...extra,
      },
    ],
    on,
  );
  return { id, number: `GRN-2026-${String(grnNo).padStart(5, '0')}`, movementId: row?.id as string };
}
const issue = (productId: string, warehouseId: string, quantity: string, on?: string) =>
  postAs({ type: 'test', id: null }, [{ productId, warehouseId, kind: 'ISSUE', quantity: D(quantity).neg() }], on);
const transfer = async (productId: string, from: string, to: string, quantity: string, arrived = quantity) => {
  await postAs({ type: 'test', id: null }, [
    { productId, warehouseId: from, kind: 'TRANSFER_OUT', quantity: D(quantity).neg() },
    { productId, warehouseId: to, bucket: 'TRANSIT', kind: 'TRANSFER_IN', quantity: D(quantity), linkTo: { line: 0 } },
  ]);
  await postAs({ type: 'test', id: null }, [
    { productId, warehouseId: to, bucket: 'TRANSIT', kind: 'TRANSIT_OUT', quantity: D(arrived).neg() },
    { productId, warehouseId: to, kind: 'TRANSIT_IN', quantity: D(arrived), linkTo: { line: 0 } },
  ]);
};

function revalue(input: Partial<RevalueReceiptsInput> & Pick<RevalueReceiptsInput, 'source' | 'lines'>) {
  return ta.t.db
    .transaction()
    .execute((tx) =>
      revalueReceipts({ db: tx, user: null }, { reason: 'Freight from Felixstowe', kind: 'LANDED_COST', ...input }),
    );
}
async function refusal(f: () => Promise<unknown>) {
  try {
    await f();
  } catch (e) {
    if (e instanceof AppError) return { status: e.status, code: e.code, message: e.message };
    throw e;
  }
  throw new Error('expected a refusal');
}

async function layers(productId: string) {
  const rows = await ta.t.db
    .selectFrom('stock_layers')
    .select(['warehouse_id', 'bucket', 'remaining', 'remaining_value', 'unit_cost', 'owner_partner_id'])
    .where('product_id', '=', productId)
    .orderBy('warehouse_id')
    .orderBy('bucket')
    .orderBy('received_at')
    .execute();
  return rows.map((r) => ({
    warehouseId: r.warehouse_id,
    bucket: r.bucket,
    remaining: D(r.remaining).toFixed(),
    value: D(r.remaining_value).toFixed(2),
    unitCost: D(r.unit_cost).toFixed(4),
  }));
}
async function costRows(productId: string) {
  const { rows } = await sql<{ warehouse_id: string; bucket: string; kind: string; value: string; link_id: string }>`
    SELECT warehouse_id, bucket, kind, value::text AS value, link_id::text AS link_id FROM stock_movements
    WHERE product_id = ${productId}::uuid AND kind IN ('LANDED_COST', 'PRICE_DIFFERENCE') ORDER BY id`.execute(ta.t.db);
  return rows.map((r) => ({ ...r, value: D(r.value).toFixed(2) }));
}
async function costOfSales(productId: string) {
  const { rows } = await sql<{ warehouse_id: string; cause: string; amount: string; movement_ids: string[] }>`
    SELECT warehouse_id, cause, amount::text AS amount, movement_ids::text[] AS movement_ids
    FROM cost_of_sales_adjustments WHERE product_id = ${productId}::uuid ORDER BY id`.execute(ta.t.db);
  return rows.map((r) => ({ ...r, amount: D(r.amount).toFixed(2) }));
}
/** Stock value of a product three ways: the levels kept, the ledger summed, the open layers. */
async function values(productId: string, db: Kdb = ta.t.db) {
  const { rows } = await sql<{ levels: string; ledger: string; layers: string }>`
    SELECT
      (SELECT coalesce(sum(value), 0) FROM stock_levels WHERE product_id = ${productId}::uuid)::text AS levels,
      (SELECT coalesce(sum(value), 0) FROM stock_movements WHERE product_id = ${productId}::uuid)::text AS ledger,
      (SELECT coalesce(sum(remaining_value), 0) FROM stock_layers WHERE product_id = ${productId}::uuid)::text AS layers`.execute(
    db,
  );
  const r = rows[0] as { levels: string; ledger: string; layers: string };
  return { levels: D(r.levels), ledger: D(r.ledger), layers: D(r.layers) };
}
async function expectConsistent(productId: string) {
  const v = await values(productId);
  expect(v.ledger.toFixed()).toBe(v.levels.toFixed());
  expect(v.layers.toFixed()).toBe(v.levels.toFixed());
  const check = await admin.get<{ ok: boolean; differences: unknown[] }>('/api/stock/check');
  expect(check.body.differences).toEqual([]);
  // The FIFO stock process's replay of the ledger (with the cost changes as its inputs) finds nothing to correct.
  const batch = await loadBatch(ta.t.db, [productId]);
  const differences = compareProduct({
    history: batch.history.get(productId) ?? [],
    layers: batch.layers.get(productId) ?? [],
    levels: batch.levels.get(productId) ?? [],
    allowNegativeStock: (w) => batch.allowNegative.has(w),
    assembled: batch.assembled,
    costPrice: batch.costPrices.get(productId),
    costEvents: batch.costEvents.get(productId) ?? [],
  });
  expect(differences).toEqual([]);
  return v;
}
async function asAt(sku: string, day?: string) {
  const res = await admin.get<StockAndValuePage>(`/api/reports/stock-and-value?q=${sku}${day ? `&asAt=${day}` : ''}`);
  expect(res.status).toBe(200);
  return res.body.totals.value;
}

describe('landed costs', () => {
  it('on a receipt fully in stock: all of it to the layer, shown on the stock card in words', async () => {
    const p = await product();
    const w = await warehouse();
    const grn = await receive(p.id, w, '10', '2.00');
    const result = await revalue({
      source: { type: 'goods_received_note', id: grn.id, number: grn.number },
      lines: [{ sourceLine: '1', amount: '12.40' }],
    });
    expect(result).toMatchObject([{ amount: '12.4', inStock: '12.4', costOfSales: '0', productId: p.id }]);
    expect(await layers(p.id)).toEqual([
      { warehouseId: w, bucket: 'STOCK', remaining: '10', value: '32.40', unitCost: '3.2400' },
    ]);
    expect(await costRows(p.id)).toEqual([
      { warehouse_id: w, bucket: 'STOCK', kind: 'LANDED_COST', value: '12.40', link_id: grn.movementId },
    ]);
    expect(await costOfSales(p.id)).toEqual([]);
    expect((await expectConsistent(p.id)).ledger.toFixed(2)).toBe('32.40');
    // The product's movements: the row, in words, with the receipt's document.
    const movements = await admin.get<Page<StockMovement>>(`/api/inventory/products/${p.id}/movements`);
    const row = movements.body.items.find((m) => m.kind === 'LANDED_COST');
    expect(row).toMatchObject({
      quantity: '0',
      value: '12.40',
      currentValue: '12.40',
      unitCost: null,
      sourceType: 'goods_received_note',
      sourceId: grn.id,
      sourceLine: '1',
      sourceNumber: grn.number,
      reason: 'Freight from Felixstowe',
    });
    // A goods received note's own movements are its postings: the landed cost is not one of them.
    const [count] = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM stock_movements WHERE source_id = ${grn.id} AND quantity <> 0`
      .execute(ta.t.db)
      .then((r) => r.rows);
    expect(count?.n).toBe('1');
  });

  it('on a receipt half sold: half to the layer, half to cost of sales with the issue named', async () => {
    const p = await product();
    const w = await warehouse();
    const grn = await receive(p.id, w, '10', '2.00');
    const [sold] = await issue(p.id, w, '5');
    const [r] = await revalue({
      source: { type: 'goods_received_note', id: grn.id },
      lines: [{ sourceLine: '1', amount: '10' }],
    });
    expect(r).toMatchObject({ inStock: '5', costOfSales: '5' });
    expect(await layers(p.id)).toEqual([
      { warehouseId: w, bucket: 'STOCK', remaining: '5', value: '15.00', unitCost: '3.0000' },
    ]);
    expect(await costOfSales(p.id)).toEqual([
      { warehouse_id: w, cause: 'SOLD', amount: '5.00', movement_ids: [sold?.id] },
    ]);
    await expectConsistent(p.id);
    // What is issued next carries the landed cost.
    const [next] = await issue(p.id, w, '1');
    expect(next?.value.toFixed(2)).toBe('-3.00');
    await expectConsistent(p.id);
  });

  it('on a receipt fully sold: all of it to cost of sales, no stock value', async () => {
    const p = await product();
    const w = await warehouse();
    const grn = await receive(p.id, w, '4', '2.50');
    await issue(p.id, w, '1');
    await issue(p.id, w, '3');
    const [r] = await revalue({
      source: { type: 'goods_received_note', id: grn.id },
      lines: [{ sourceLine: '1', amount: '3.01' }],
    });
    expect(r).toMatchObject({ inStock: '0', costOfSales: '3.01' });
    expect(await costRows(p.id)).toEqual([]);
    const cos = await costOfSales(p.id);
    expect(cos).toHaveLength(1);
    expect(cos[0]?.amount).toBe('3.01');
    expect(cos[0]?.movement_ids).toHaveLength(2);
    expect((await expectConsistent(p.id)).ledger.toFixed()).toBe('0');
  });

  it('on units moved on by a transfer: their layers are revalued where they are, in stock and in transit', async () => {
    const p = await product();
    const a = await warehouse();
    const b = await warehouse();
    const grn = await receive(p.id, a, '10', '1.00');
    // 4 go to B and 3 arrive (1 still in transit); 2 of those are sold in B.
    await transfer(p.id, a, b, '4', '3');
    const [sold] = await issue(p.id, b, '2');
    const [r] = await revalue({
      source: { type: 'goods_received_note', id: grn.id },
      lines: [{ sourceLine: '1', amount: '10' }],
    });
    expect(r).toMatchObject({ inStock: '8', costOfSales: '2' });
    const rows = await costRows(p.id);
    expect(rows.map((x) => [x.warehouse_id, x.bucket, x.value]).sort()).toEqual(
      [
        [a, 'STOCK', '6.00'],
        [b, 'STOCK', '1.00'],
        [b, 'TRANSIT', '1.00'],
      ].sort(),
    );
    expect(await costOfSales(p.id)).toEqual([
      { warehouse_id: b, cause: 'SOLD', amount: '2.00', movement_ids: [sold?.id] },
    ]);
    expect((await layers(p.id)).map((l) => l.unitCost)).toEqual(['2.0000', '2.0000', '2.0000']);
    await expectConsistent(p.id);
    // The rest arrives at its new cost.
    await postAs({ type: 'test', id: null }, [
      { productId: p.id, warehouseId: b, bucket: 'TRANSIT', kind: 'TRANSIT_OUT', quantity: D(-1) },
      { productId: p.id, warehouseId: b, kind: 'TRANSIT_IN', quantity: D(1), linkTo: { line: 0 } },
    ]);
    const level = await ta.t.db
      .selectFrom('stock_levels')
      .select('value')
      .where('product_id', '=', p.id)
      .where('warehouse_id', '=', b)
      .executeTakeFirstOrThrow();
    expect(D(level.value).toFixed(2)).toBe('4.00');
    await expectConsistent(p.id);
  });

  it('on consigned units: never revalued (valued at zero to us), the amount is cost of sales', async () => {
    const p = await product();
    const w = await warehouse();
    const owner = await supplier();
    const grn = await receive(p.id, w, '5', '4.00', { ownerId: owner });
    await issue(p.id, w, '1');
    const [r] = await revalue({
      source: { type: 'goods_received_note', id: grn.id },
      lines: [{ sourceLine: '1', amount: '5' }],
    });
    expect(r).toMatchObject({ inStock: '0', costOfSales: '5' });
    expect(await costRows(p.id)).toEqual([]);
    expect((await costOfSales(p.id)).map((c) => [c.cause, c.amount])).toEqual([
      ['CONSIGNED', '4.00'],
      ['SOLD', '1.00'],
    ]);
    expect((await layers(p.id)).map((l) => l.value)).toEqual(['0.00']);
    expect((await expectConsistent(p.id)).ledger.toFixed()).toBe('0');
  });
});

describe('price differences', () => {
  it('positive: the layers still in stock cost more', async () => {
    const p = await product();
    const w = await warehouse();
    const grn = await receive(p.id, w, '10', '3.00');
    await issue(p.id, w, '2');
    const [r] = await revalue({
      kind: 'PRICE_DIFFERENCE',
      reason: 'Invoice INV-77 at 3.25 a unit',
      source: { type: 'goods_received_note', id: grn.id },
      lines: [{ sourceLine: '1', amount: '2.50' }],
    });
    expect(r).toMatchObject({ inStock: '2', costOfSales: '0.5' });
    expect(await costRows(p.id)).toMatchObject([{ kind: 'PRICE_DIFFERENCE', value: '2.00' }]);
    expect(await layers(p.id)).toMatchObject([{ remaining: '8', value: '26.00', unitCost: '3.2500' }]);
    await expectConsistent(p.id);
  });

  it('negative: a credit lowers the layers, never below zero; the excess is cost of sales', async () => {
    const p = await product();
    const w = await warehouse();
    const grn = await receive(p.id, w, '10', '3.00');
    await issue(p.id, w, '5');
    // −40 over 10 units: −20 for the 5 in stock (worth 15: floored at zero, −5 beyond), −20 for the 5 sold.
    const [r] = await revalue({
      kind: 'PRICE_DIFFERENCE',
      source: { type: 'goods_received_note', id: grn.id },
      lines: [{ sourceLine: '1', amount: '-40' }],
    });
    expect(r).toMatchObject({ inStock: '-15', costOfSales: '-25' });
    expect(await layers(p.id)).toMatchObject([{ remaining: '5', value: '0.00', unitCost: '0.0000' }]);
    expect((await costOfSales(p.id)).map((c) => [c.cause, c.amount]).sort()).toEqual([
      ['BELOW_ZERO', '-5.00'],
      ['SOLD', '-20.00'],
    ]);
    // A smaller credit of an odd amount: exact to 8 places, the remainder placed so the sums are exact.
    const grn2 = await receive(p.id, w, '3', '1.00');
    const [r2] = await revalue({
      kind: 'PRICE_DIFFERENCE',
      source: { type: 'goods_received_note', id: grn2.id },
      lines: [{ sourceLine: '1', amount: '-0.01' }],
    });
    expect(
      D(r2?.inStock ?? 0)
        .add(r2?.costOfSales ?? 0)
        .toFixed(),
    ).toBe('-0.01');
    await expectConsistent(p.id);
  });
});

describe('dates', () => {
  it('is dated postedOn: the as-at value before it is unchanged, after it includes it', async () => {
    const p = await product();
    const w = await warehouse();
    const grn = await receive(p.id, w, '10', '2.00', {}, ago(10));
    await issue(p.id, w, '4', ago(3));
    // Dated before the issue: all 10 were in stock then, so all of it goes to the layer, and the issue that
    // took 4 of them later is revalued at its own date (a REVALUATION row), as any backdated posting does.
    const [r] = await revalue({
      source: { type: 'goods_received_note', id: grn.id },
      lines: [{ sourceLine: '1', amount: '10' }],
      postedOn: ago(5),
    });
    expect(r).toMatchObject({ inStock: '10', costOfSales: '0' });
    expect(await asAt(p.sku, ago(6))).toBe('20.00');
    expect(await asAt(p.sku, ago(5))).toBe('30.00');
    expect(await asAt(p.sku, ago(3))).toBe('18.00');
    expect(await asAt(p.sku)).toBe('18.00');
    const movements = await admin.get<Page<StockMovement>>(`/api/inventory/products/${p.id}/movements`);
    const issued = movements.body.items.find((m) => m.kind === 'ISSUE');
    expect(issued).toMatchObject({ value: '-8.00', currentValue: '-12.00', unitCost: '3.0000' });
    await expectConsistent(p.id);
  });

  it('is split again when a backdated posting changes what was in stock on its day', async () => {
    const p = await product();
    const w = await warehouse();
    const grn = await receive(p.id, w, '10', '2.00', {}, ago(10));
    await revalue({
      source: { type: 'goods_received_note', id: grn.id },
      lines: [{ sourceLine: '1', amount: '10' }],
      postedOn: ago(5),
    });
    expect(await costOfSales(p.id)).toEqual([]);
    // Five were in fact sold before the landed cost's day: half of it is cost of sales after all.
    const [sold] = await issue(p.id, w, '5', ago(7));
    expect(sold?.value.toFixed(2)).toBe('-10.00');
    expect(await costOfSales(p.id)).toEqual([
      { warehouse_id: w, cause: 'SOLD', amount: '5.00', movement_ids: [sold?.id] },
    ]);
    expect((await costRows(p.id)).map((x) => x.value)).toEqual(['10.00', '-5.00']);
    expect(await layers(p.id)).toMatchObject([{ remaining: '5', value: '15.00' }]);
    expect(await asAt(p.sku, ago(6))).toBe('10.00');
    expect(await asAt(p.sku, ago(5))).toBe('15.00');
    await expectConsistent(p.id);
  });

  it('is split again by a backdated return, even when it wrote no ledger row (all of it was cost of sales)', async () => {
    const p = await product();
    const w = await warehouse();
    const grn = await receive(p.id, w, '4', '1.00', {}, ago(10));
    const [sold] = await issue(p.id, w, '4', ago(8));
    await revalue({
      source: { type: 'goods_received_note', id: grn.id },
      lines: [{ sourceLine: '1', amount: '4' }],
      postedOn: ago(5),
    });
    expect(await costRows(p.id)).toEqual([]);
    // Two come back, dated before the landed cost: on its day they were in stock, so they take their share.
    await postAs(
      { type: 'test', id: null },
      [{ productId: p.id, warehouseId: w, kind: 'RETURN', quantity: D(2), linkTo: sold?.id }],
      ago(6),
    );
    expect((await costOfSales(p.id)).map((c) => c.amount)).toEqual(['4.00', '-2.00']);
    expect((await costRows(p.id)).map((x) => x.value)).toEqual(['2.00']);
    expect(await layers(p.id)).toMatchObject([{ remaining: '2', value: '4.00', unitCost: '2.0000' }]);
    expect(await asAt(p.sku, ago(6))).toBe('2.00');
    expect(await asAt(p.sku, ago(5))).toBe('4.00');
    await expectConsistent(p.id);
  });

  it('dated before its receipt, takes the receipt’s date; refuses a day to come, an unknown line, a bad amount', async () => {
    const p = await product();
    const w = await warehouse();
    const grn = await receive(p.id, w, '2', '1.00', {}, ago(2));
    const [r] = await revalue({
      source: { type: 'goods_received_note', id: grn.id },
      lines: [{ sourceLine: '1', amount: '1' }],
      postedOn: ago(9),
    });
    expect((r?.postedAt ?? '').slice(0, 10)).toBe(ago(2));
    expect(await asAt(p.sku, ago(3))).toBe('0.00');
    expect(await asAt(p.sku, ago(2))).toBe('3.00');
    const before = await sql<{ n: string }>`SELECT count(*)::text AS n FROM stock_cost_revaluations`.execute(ta.t.db);
    const source = { type: 'goods_received_note', id: grn.id };
    expect(
      await refusal(() => revalue({ source, lines: [{ sourceLine: '1', amount: '1' }], postedOn: '2999-01-01' })),
    ).toMatchObject({
      status: 422,
      code: 'POSTING_DATE_IN_FUTURE',
    });
    expect(await refusal(() => revalue({ source, lines: [{ sourceLine: '9', amount: '1' }] }))).toMatchObject({
      status: 422,
      code: 'REVALUATION_RECEIPT_NOT_FOUND',
    });
    expect(await refusal(() => revalue({ source, lines: [{ sourceLine: '1', amount: '0.000000001' }] }))).toMatchObject(
      {
        status: 422,
        code: 'REVALUATION_AMOUNT_INVALID',
      },
    );
    expect(await refusal(() => revalue({ source, lines: [{ sourceLine: '1', amount: 'ten' }] }))).toMatchObject({
      code: 'REVALUATION_AMOUNT_INVALID',
    });
    const after = await sql<{ n: string }>`SELECT count(*)::text AS n FROM stock_cost_revaluations`.execute(ta.t.db);
    expect(after.rows).toEqual(before.rows);
    await expectConsistent(p.id);
  });
});

describe('property', () => {
  it('after any receipts, issues, transfers, returns (from customers and to suppliers) and revaluations, value = layers = ledger, and a replay agrees', async () => {
    const a = await warehouse();
    const b = await warehouse();
    const owner = await supplier();
    type Op =
      | { op: 'receive'; q: number; cost: number; consigned: boolean }
      | { op: 'issue'; wh: 0 | 1; q: number }
      | { op: 'transfer'; q: number; arrive: number }
      | { op: 'return'; q: number }
      | { op: 'toSupplier'; pick: number; q: number }
      | { op: 'revalue'; pick: number; pennies: number; price: boolean; past: boolean };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        op: fc.constant('receive' as const),
        q: fc.integer({ min: 1, max: 9 }),
        cost: fc.integer({ min: 0, max: 999 }),
        consigned: fc.boolean(),
      }),
      fc.record({
        op: fc.constant('issue' as const),
        wh: fc.constantFrom(0 as const, 1 as const),
        q: fc.integer({ min: 1, max: 6 }),
      }),
      fc.record({
        op: fc.constant('transfer' as const),
        q: fc.integer({ min: 1, max: 5 }),
        arrive: fc.integer({ min: 0, max: 5 }),
      }),
      fc.record({ op: fc.constant('return' as const), q: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ op: fc.constant('toSupplier' as const), pick: fc.nat(), q: fc.integer({ min: 1, max: 4 }) }),
      fc.record({
        op: fc.constant('revalue' as const),
        pick: fc.nat(),
        pennies: fc.integer({ min: -3000, max: 3000 }),
        price: fc.boolean(),
        // Dated yesterday: before its receipt (posted today), so at the receipt, with every later row revalued.
        past: fc.boolean(),
      }),
    );
    // What the runs went through, so that the property is known to have met each case.
    const seen = { split: 0, wholeInStock: 0, wholeGone: 0, moved: 0, returned: 0, toSupplier: 0, past: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 14 }), async (ops) => {
        const p = await product();
        const receipts: string[] = [];
        const receiptRows: string[] = [];
        const issues: { id: string; left: number }[] = [];
        const onHand = [0, 0];
        for (const o of ops) {
          if (o.op === 'receive') {
            const grn = await receive(
              p.id,
              a,
              String(o.q),
              (o.cost / 100).toFixed(2),
              o.consigned ? { ownerId: owner } : {},
            );
            receipts.push(grn.id);
            receiptRows.push(grn.movementId);
            onHand[0] = (onHand[0] ?? 0) + o.q;
          } else if (o.op === 'issue') {
            const q = Math.min(o.q, onHand[o.wh] ?? 0);
            if (!q) continue;
            const [row] = await issue(p.id, o.wh ? b : a, String(q));
            issues.push({ id: row?.id as string, left: q });
            onHand[o.wh] = (onHand[o.wh] ?? 0) - q;
          } else if (o.op === 'transfer') {
            const q = Math.min(o.q, onHand[0] ?? 0);
            if (!q) continue;
            const arrived = Math.min(o.arrive, q);
            if (arrived) await transfer(p.id, a, b, String(q), String(arrived));
            else
              await postAs({ type: 'test', id: null }, [
                { productId: p.id, warehouseId: a, kind: 'TRANSFER_OUT', quantity: D(q).neg() },
                {
                  productId: p.id,
                  warehouseId: b,
                  bucket: 'TRANSIT',
                  kind: 'TRANSFER_IN',
                  quantity: D(q),
                  linkTo: { line: 0 },
                },
              ]);
            onHand[0] = (onHand[0] ?? 0) - q;
            onHand[1] = (onHand[1] ?? 0) + arrived;
            seen.moved += 1;
          } else if (o.op === 'return') {
            const from = issues.find((i) => i.left > 0);
            if (!from) continue;
            const q = Math.min(o.q, from.left);
            const out = await ta.t.db
              .selectFrom('stock_movements')
              .select('warehouse_id')
              .where('id', '=', from.id)
              .executeTakeFirstOrThrow();
            await postAs({ type: 'test', id: null }, [
              { productId: p.id, warehouseId: out.warehouse_id, kind: 'RETURN', quantity: D(q), linkTo: from.id },
            ]);
            from.left -= q;
            seen.returned += 1;
            const i = out.warehouse_id === a ? 0 : 1;
            onHand[i] = (onHand[i] ?? 0) + q;
          } else if (o.op === 'toSupplier') {
            // A return to supplier naming its receipt: exactly that receipt's layers still in warehouse a.
            const from = receiptRows[o.pick % Math.max(receiptRows.length, 1)];
            if (!from) continue;
            const left = await ta.t.db
              .selectFrom('stock_layers')
              .select(sql<string>`coalesce(sum(remaining), 0)::text`.as('n'))
              .where('origin_movement_id', '=', from)
              .where('warehouse_id', '=', a)
              .where('bucket', '=', 'STOCK')
              .executeTakeFirstOrThrow();
            const q = Math.min(o.q, D(left.n).floor().toNumber());
            if (!q) continue;
            await postAs({ type: 'rma', id: null }, [
              { productId: p.id, warehouseId: a, kind: 'ISSUE', quantity: D(q).neg(), takesBackFrom: from },
            ]);
            onHand[0] = (onHand[0] ?? 0) - q;
            seen.toSupplier += 1;
          } else {
            const grn = receipts[o.pick % Math.max(receipts.length, 1)];
            if (!grn || !o.pennies) continue;
            const [r] = await revalue({
              kind: o.price ? 'PRICE_DIFFERENCE' : 'LANDED_COST',
              source: { type: 'goods_received_note', id: grn },
              lines: [{ sourceLine: '1', amount: (o.pennies / 100).toFixed(2) }],
              postedOn: o.past ? ago(1) : null,
            });
            expect(
              D(r?.inStock ?? 0)
                .add(r?.costOfSales ?? 0)
                .eq(D(o.pennies).div(100)),
            ).toBe(true);
            if (D(r?.costOfSales ?? 0).isZero()) seen.wholeInStock += 1;
            else if (D(r?.inStock ?? 0).isZero()) seen.wholeGone += 1;
            else seen.split += 1;
            if (o.past) seen.past += 1;
          }
        }
        const v = await values(p.id);
        expect(v.ledger.toFixed()).toBe(v.levels.toFixed());
        expect(v.layers.toFixed()).toBe(v.levels.toFixed());
        // Every amount is accounted for: in the layers' value-only rows or in cost of sales.
        const { rows } = await sql<{ events: string; layers: string; cos: string }>`
          SELECT
            (SELECT coalesce(sum(amount), 0) FROM stock_cost_revaluations WHERE product_id = ${p.id}::uuid)::text AS events,
            (SELECT coalesce(sum(value), 0) FROM stock_movements WHERE product_id = ${p.id}::uuid
              AND kind IN ('LANDED_COST', 'PRICE_DIFFERENCE'))::text AS layers,
            (SELECT coalesce(sum(amount), 0) FROM cost_of_sales_adjustments WHERE product_id = ${p.id}::uuid)::text AS cos`.execute(
          ta.t.db,
        );
        const s = rows[0] as { events: string; layers: string; cos: string };
        expect(D(s.layers).add(s.cos).toFixed()).toBe(D(s.events).toFixed());
        await expectConsistent(p.id);
      }),
      { numRuns: 25, seed: 1604 },
    );
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  }, 240_000);
});

describe('the stock card', () => {
  it('filters by the new kinds', async () => {
    const p = await product();
    const w = await warehouse();
    const grn = await receive(p.id, w, '1', '1.00');
    await revalue({
      source: { type: 'goods_received_note', id: grn.id, number: grn.number },
      lines: [{ sourceLine: '1', amount: '0.5' }],
    });
    const res = await admin.get<Page<StockMovement>>(`/api/inventory/products/${p.id}/movements?kind=LANDED_COST`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((m) => [m.kind, m.value, m.sourceNumber])).toEqual([['LANDED_COST', '0.50', grn.number]]);
  });
});
