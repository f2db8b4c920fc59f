import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkStock, type PostLine, post } from '../src/domains/stock/index.ts';
import { AppError } from '../src/platform/errors.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

/**
 * post() batched: a posting of many products reads and writes them all at once. What that must not change: each
 * product valued exactly as on its own, a refusal of one product refusing the whole posting, a backdated product
 * replayed beside current ones, two settlements of one deficit in one posting both kept. And what it is for: the
 * number of statements does not grow with the products.
 */

let ta: TestApp;
let admin: ApiClient;
let today: string;
const D = (v: string | number) => new Decimal(v);

beforeAll(async () => {
  ta = await startTestApp();
  admin = (await clientWith(ta, ALL_PERMISSIONS)).api;
  const { rows } = await sql<{ d: string }>`SELECT (now() AT TIME ZONE 'Europe/London')::date::text AS d`.execute(
    ta.t.db,
  );
  today = (rows[0] as { d: string }).d;
}, 120_000);
afterAll(() => ta.close());
afterEach(async () => {
  const check = await checkStock(ta.t.db);
  expect(check.differences).toEqual([]);
  expect(check.ok).toBe(true);
});

function ago(days: number) {
  const [y = 0, m = 0, d = 0] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

type Product = { id: string; sku: string };
let n = 0;
const tag = `BP${Date.now() % 100000}`;
async function products(count: number, costPrice = '0') {
  const rows = [];
  for (let i = 0; i < count; i++) {
    n += 1;
    rows.push({ sku: `${tag}-${String(n).padStart(4, '0')}`, name: `Batched product ${n}`, cost_price: costPrice });
  }
  return ta.t.db.insertInto('products').values(rows).returning(['id', 'sku']).execute();
}
async function warehouse(allowNegative = false) {
  n += 1;
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `${tag}W${n}`, name: `Batched warehouse ${n}`, kind: 'OWN' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: w.id, allow_negative_stock: allowNegative })
    .execute();
  return w.id;
}

function postLines(lines: PostLine[], postedOn?: string, db = ta.t.db) {
  return db
    .transaction()
    .execute((tx) =>
      post({ db: tx, user: null }, { sourceType: 'test', sourceId: null, postedOn: postedOn ?? null, lines }),
    );
}
const receipt = (productId: string, warehouseId: string, quantity: string | number, unitCost: string | number) =>
  ({ productId, warehouseId, kind: 'RECEIPT', quantity: D(quantity), unitCost: D(unitCost) }) as PostLine;
const issue = (productId: string, warehouseId: string, quantity: string | number) =>
  ({ productId, warehouseId, kind: 'ISSUE', quantity: D(quantity).neg() }) as PostLine;

async function level(productId: string, warehouseId: string) {
  const row = await ta.t.db
    .selectFrom('stock_levels')
    .select(['on_hand', 'reserved', 'value'])
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();
  return { onHand: D(row?.on_hand ?? 0), reserved: D(row?.reserved ?? 0), value: D(row?.value ?? 0) };
}

/** The statements one posting sends, counted on its transaction. */
async function statementsOf(lines: PostLine[]) {
  let statements = 0;
  await ta.t.db.transaction().execute(async (tx) => {
    const counted = tx.withPlugin({
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    await post({ db: counted, user: null }, { sourceType: 'test', sourceId: null, lines });
  });
  return statements;
}

describe('a posting of many products', () => {
  it('sends as many statements for 60 products as for 3', async () => {
    const w = await warehouse();
    const few = await products(3);
    const many = await products(60);
    // Each product holds stock already (open layers, a bin, a level), as in daily use.
    await postLines([...few, ...many].map((p) => receipt(p.id, w, 5, '2.50')));
    const mixed = (ps: { id: string }[]) =>
      ps.flatMap((p, i) => (i % 2 ? [receipt(p.id, w, 3, '4.10')] : [issue(p.id, w, 2), receipt(p.id, w, 1, '3.00')]));
    const small = await statementsOf(mixed(few));
    const large = await statementsOf(mixed(many));
    expect(large).toBe(small);
    expect(small).toBeLessThan(30);
  });

  it('values each product as FIFO does on its own, to the 8th decimal', async () => {
    const w = await warehouse();
    const ps = await products(6);
    await postLines(ps.flatMap((p, i) => [receipt(p.id, w, 3, D(1).add(D(i).div(3)).toFixed(8))]));
    await postLines(ps.map((p, i) => receipt(p.id, w, 4, D(2).add(i).toFixed(2))));
    // Each takes 4: the whole first layer and one unit of the second.
    const rows = await postLines(ps.map((p) => issue(p.id, w, 4)));
    for (const [i, p] of ps.entries()) {
      const first = D(1).add(D(i).div(3)).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
      const second = D(2).add(i);
      const row = rows.find((r) => r.productId === p.id);
      expect(row?.value.toFixed(8)).toBe(first.times(3).add(second).neg().toFixed(8));
      const l = await level(p.id, w);
      expect(l.onHand.toFixed()).toBe('3');
      expect(l.value.toFixed(8)).toBe(second.times(3).toFixed(8));
    }
  });

  it('refuses the whole posting when one product is short of available stock, naming it', async () => {
    const w = await warehouse();
    const [a, b] = (await products(2)) as [Product, Product];
    await postLines([receipt(a.id, w, 5, 1), receipt(b.id, w, 5, 1)]);
    const reserved = await admin.post('/api/stock/reservations', { productId: b.id, warehouseId: w, quantity: '4' });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(201);
    const error = await postLines([issue(a.id, w, 2), issue(b.id, w, 3)]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(409);
    expect((error as AppError).code).toBe('INSUFFICIENT_STOCK');
    expect((error as AppError).message).toMatch(
      new RegExp(`^Not enough available stock of ${b.sku}: 1[.0]* available`),
    );
    expect((error as AppError).details).toMatchObject({ productId: b.id, warehouseId: w });
    // Nothing of the posting was written, for either product.
    expect((await level(a.id, w)).onHand.toFixed()).toBe('5');
    expect((await level(b.id, w)).onHand.toFixed()).toBe('5');
    const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM stock_movements
      WHERE product_id IN (${a.id}, ${b.id})`.execute(ta.t.db);
    expect(rows[0]?.n).toBe('2');
    await admin.post(`/api/stock/reservations/${(reserved.body as { id: string }).id}/release`);
  });

  it('replays a backdated product and values the current ones in the same posting', async () => {
    const w = await warehouse();
    const [p, q, r] = (await products(3)) as [Product, Product, Product];
    await postLines([receipt(p.id, w, 5, 2)], ago(3));
    await postLines([receipt(r.id, w, 4, '1.5')], ago(10));
    const [sold] = await postLines([issue(p.id, w, 5)]);
    expect(sold?.value.toFixed(2)).toBe('-10.00');
    // Five days ago: p has a later row (replayed, its issue revalued), q and r have none (their open layers).
    await postLines([receipt(p.id, w, 5, 4), receipt(q.id, w, 5, 3), issue(r.id, w, 1)], ago(5));
    const { rows } = await sql<{ value: string }>`SELECT value::text FROM stock_movements
      WHERE kind = 'REVALUATION' AND link_id = ${sold?.id ?? '0'}::bigint`.execute(ta.t.db);
    expect(rows.map((x) => D(x.value).toFixed(2))).toEqual(['-10.00']);
    expect((await level(p.id, w)).value.toFixed(2)).toBe('10.00');
    expect((await level(q.id, w)).value.toFixed(2)).toBe('15.00');
    expect((await level(r.id, w)).value.toFixed(2)).toBe('4.50');
  });

  it('keeps both settlements of one deficit made by one posting', async () => {
    const w = await warehouse(true);
    const [x, y] = (await products(2, '1')) as [Product, Product];
    // Four units issued with none in stock: a deficit at the cost price, £1 each.
    const [out] = await postLines([issue(x.id, w, 4), issue(y.id, w, 1)]);
    expect(out?.value.toFixed(2)).toBe('-4.00');
    // Two receipts settle it in one posting, at £3 and £5: the issue's units cost £16.
    await postLines([receipt(x.id, w, 2, 3), receipt(x.id, w, 2, 5), receipt(y.id, w, 1, 7)]);
    // Brought back, they come back at what they cost.
    const [back] = await postLines([
      { productId: x.id, warehouseId: w, kind: 'RETURN', quantity: D(4), linkTo: out?.id as string },
    ]);
    expect(back?.value.toFixed(2)).toBe('16.00');
    expect((await level(x.id, w)).value.toFixed(2)).toBe('16.00');
  });
});
