import type {
  ErrorBody,
  InventorySummaryRow,
  Page,
  ProductStock,
  Reservation,
  StockMovement,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from '../src/domains/stock/fifo.ts';
import { checkStock, type PostLine, post } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let admin: ApiClient;
let adminId: string;
beforeAll(async () => {
  ta = await startTestApp();
  const a = await clientWith(ta, ALL_PERMISSIONS);
  admin = a.api;
  adminId = a.user.id;
});
afterAll(() => ta.close());

let n = 0;
async function product(extra: { cost_price?: string; kind?: string } = {}) {
  n += 1;
  const row = await ta.t.db
    .insertInto('products')
    .values({ sku: `STK-${n}-${Date.now() % 100000}`, name: `Stock test ${n}`, ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
async function warehouse(allowNegative = false) {
  n += 1;
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `W${n}`, name: `Warehouse ${n}`, kind: 'OWN' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: w.id, allow_negative_stock: allowNegative })
    .execute();
  return w.id;
}
async function bin(warehouseId: string, code: string, pickSequence = 0) {
  const row = await ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: warehouseId, code, pick_sequence: pickSequence })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
const D = (v: string | number) => new Decimal(v);

/** Posts in a transaction of its own, as a request would. */
function postNow(lines: PostLine[], postedOn?: string, sourceType = 'test') {
  return ta.t.db
    .transaction()
    .execute((tx) => post({ db: tx, user: null }, { sourceType, sourceId: null, postedOn: postedOn ?? null, lines }));
}
const receipt = (
  productId: string,
  warehouseId: string,
  quantity: string,
  unitCost: string,
  extra: Partial<PostLine> = {},
) => ({ productId, warehouseId, kind: 'RECEIPT', quantity: D(quantity), unitCost: D(unitCost), ...extra }) as PostLine;
const issue = (productId: string, warehouseId: string, quantity: string, extra: Partial<PostLine> = {}) =>
  ({ productId, warehouseId, kind: 'ISSUE', quantity: D(quantity).neg(), ...extra }) as PostLine;

async function level(productId: string, warehouseId: string) {
  return ta.t.db
    .selectFrom('stock_levels')
    .selectAll()
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirstOrThrow();
}
async function expectBalanced() {
  const check = await checkStock(ta.t.db);
  expect(check.differences).toEqual([]);
  expect(check.ok).toBe(true);
}
async function ledgerValue(productId: string) {
  const row = await ta.t.db
    .selectFrom('stock_movements')
    .select(sql<string>`coalesce(sum(value), 0)`.as('v'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return D(row.v);
}

describe('posting and FIFO valuation', () => {
  it('issues take the oldest layers first and carry their cost; balances, bins and layers agree with the ledger', async () => {
    const p = await product();
    const w = await warehouse();
    await postNow([receipt(p, w, '10', '1.25')]);
    await postNow([receipt(p, w, '5', '2.00')]);
    const [out] = await postNow([issue(p, w, '12')]);
    // 10 × 1.25 + 2 × 2.00
    expect(out?.value.toFixed(2)).toBe('-16.50');
    const l = await level(p, w);
    expect(D(l.on_hand).toFixed()).toBe('3');
    expect(D(l.value).toFixed(2)).toBe('6.00');
    expect(D(l.available).toFixed()).toBe('3');
    const layers = await ta.t.db.selectFrom('stock_layers').selectAll().where('product_id', '=', p).execute();
    expect(layers.map((x) => [D(x.remaining).toFixed(), D(x.unit_cost).toFixed(2)])).toEqual([['3', '2.00']]);
    await expectBalanced();
  });

  it('refuses to issue more than is in stock where negative stock is not allowed, writing nothing', async () => {
    const p = await product();
    const w = await warehouse();
    await postNow([receipt(p, w, '2', '3')]);
    const before = await ta.t.db
      .selectFrom('stock_movements')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    await expect(postNow([issue(p, w, '3')])).rejects.toMatchObject({ status: 409, code: 'INSUFFICIENT_STOCK' });
    const after = await ta.t.db
      .selectFrom('stock_movements')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    await expectBalanced();
  });

  it('takes from bins in pick sequence when no bin is named, and from the named bin otherwise', async () => {
    const p = await product();
    const w = await warehouse();
    const a = await bin(w, 'A-01', 20);
    const b = await bin(w, 'B-01', 10);
    await postNow([receipt(p, w, '4', '1', { locationId: a }), receipt(p, w, '4', '1', { locationId: b })]);
    const rows = await postNow([issue(p, w, '6')]);
    expect(rows.map((r) => [r.locationId, r.quantity.toFixed()])).toEqual([
      [b, '-4'],
      [a, '-2'],
    ]);
    await expect(postNow([issue(p, w, '3', { locationId: a })])).rejects.toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    await expectBalanced();
  });

  it('a later line of a posting may take what an earlier line brought into the bin', async () => {
    const p = await product();
    const w = await warehouse();
    const a = await bin(w, 'IN-01');
    const rows = await postNow([
      receipt(p, w, '5', '2', { locationId: a }),
      issue(p, w, '2', { locationId: a }),
      issue(p, w, '1'),
    ]);
    expect(rows.map((r) => [r.locationId, r.quantity.toFixed(), r.value.toFixed(2)])).toEqual([
      [a, '5', '10.00'],
      [a, '-2', '-4.00'],
      [a, '-1', '-2.00'],
    ]);
    await expectBalanced();
  });

  it('a transfer carries layers with their cost and received date into transit, then into the destination', async () => {
    const p = await product();
    const from = await warehouse();
    const to = await warehouse();
    await postNow([receipt(p, from, '3', '1.00')], daysAgo(6));
    await postNow([receipt(p, from, '3', '2.00')], daysAgo(5));
    await postNow([
      { productId: p, warehouseId: from, kind: 'TRANSFER_OUT', quantity: D(-4) },
      { productId: p, warehouseId: to, bucket: 'TRANSIT', kind: 'TRANSFER_IN', quantity: D(4), linkTo: { line: 0 } },
    ]);
    expect(D((await level(p, to)).in_transit).toFixed()).toBe('4');
    expect(D((await level(p, to)).value).toFixed(2)).toBe('5.00');
    const [out] = await postNow([
      { productId: p, warehouseId: to, bucket: 'TRANSIT', kind: 'TRANSIT_OUT', quantity: D(-4) },
      { productId: p, warehouseId: to, kind: 'TRANSIT_IN', quantity: D(4), linkTo: { line: 0 } },
    ]);
    expect(out?.value.toFixed(2)).toBe('-5.00');
    const layers = await ta.t.db
      .selectFrom('stock_layers')
      .selectAll()
      .where('product_id', '=', p)
      .where('warehouse_id', '=', to)
      .orderBy('received_at')
      .execute();
    expect(
      layers.map((x) => [
        D(x.remaining).toFixed(),
        D(x.unit_cost).toFixed(2),
        x.received_at.toISOString().slice(0, 10),
      ]),
    ).toEqual([
      ['3', '1.00', daysAgo(6)],
      ['1', '2.00', daysAgo(5)],
    ]);
    await expectBalanced();
  });

  it('a return comes back at the cost it left with, never more than was issued', async () => {
    const p = await product();
    const w = await warehouse();
    await postNow([receipt(p, w, '2', '5.00')]);
    await postNow([receipt(p, w, '2', '7.00')]);
    const [sold] = await postNow([issue(p, w, '3')]);
    const [back] = await postNow([{ productId: p, warehouseId: w, kind: 'RETURN', quantity: D(2), linkTo: sold?.id }]);
    // The first two units sold came from the £5 layer.
    expect(back?.value.toFixed(2)).toBe('10.00');
    await expect(
      postNow([{ productId: p, warehouseId: w, kind: 'RETURN', quantity: D(2), linkTo: sold?.id }]),
    ).rejects.toMatchObject({ code: 'RETURN_EXCEEDS_ISSUE' });
    await expectBalanced();
  });

  it('consignment stock is on hand, apart, and worth nothing to us until sold', async () => {
    const p = await product();
    const w = await warehouse();
    const supplier = await ta.t.db
      .insertInto('business_partners')
      .values({
        code: `SUP${n}`,
        name: 'Consignor',
        active: true,
        default_currency: 'GBP',
        payment_terms_days: 30,
        is_consignment: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await postNow([receipt(p, w, '5', '9.99', { ownerId: supplier.id })]);
    const l = await level(p, w);
    expect([D(l.on_hand).toFixed(), D(l.consigned).toFixed(), D(l.value).toFixed(2)]).toEqual(['5', '5', '0.00']);
    const [sold] = await postNow([issue(p, w, '2')]);
    expect(sold?.value.toFixed(2)).toBe('0.00');
    const taken = await ta.t.db
      .selectFrom('stock_consumptions')
      .selectAll()
      .where('movement_id', '=', sold?.id as string)
      .execute();
    expect(taken.map((c) => c.owner_partner_id)).toEqual([supplier.id]);
    expect(D((await level(p, w)).consigned).toFixed()).toBe('3');
    await expectBalanced();
  });

  it('negative stock where allowed: valued at the last cost, settled by the next receipt with a revaluation', async () => {
    const p = await product();
    const w = await warehouse(true);
    await postNow([receipt(p, w, '1', '4.00')]);
    const [sold] = await postNow([issue(p, w, '3')]);
    // 1 at £4, 2 provisionally at the last cost £4.
    expect(sold?.value.toFixed(2)).toBe('-12.00');
    expect(D((await level(p, w)).on_hand).toFixed()).toBe('-2');
    await postNow([receipt(p, w, '5', '6.00')]);
    const revaluations = await ta.t.db
      .selectFrom('stock_movements')
      .selectAll()
      .where('product_id', '=', p)
      .where('kind', '=', 'REVALUATION')
      .execute();
    // The 2 units really cost £6: the issue is £4 dearer.
    expect(revaluations.map((r) => [r.link_id, D(r.value).toFixed(2)])).toEqual([[sold?.id, '-4.00']]);
    const l = await level(p, w);
    expect([D(l.on_hand).toFixed(), D(l.value).toFixed(2)]).toEqual(['3', '18.00']);
    await expectBalanced();
  });

  it('a backdated receipt revalues the later issues of that product only, atomically, and equals a full replay', async () => {
    const p = await product();
    const other = await product();
    const w = await warehouse();
    await postNow([receipt(p, w, '10', '1.00'), receipt(other, w, '1', '1.00')], daysAgo(8));
    const [sold] = await postNow([issue(p, w, '5')], daysAgo(4));
    expect(sold?.value.toFixed(2)).toBe('-5.00');
    await postNow([receipt(p, w, '5', '3.00')], daysAgo(9));
    const rows = await ta.t.db
      .selectFrom('stock_movements')
      .selectAll()
      .where('product_id', '=', p)
      .where('kind', '=', 'REVALUATION')
      .execute();
    expect(rows.map((r) => [r.link_id, D(r.value).toFixed(2), r.posted_at.toISOString()])).toEqual([
      [sold?.id, '-10.00', sold?.postedAt],
    ]);
    // The other product was not touched.
    expect(
      await ta.t.db
        .selectFrom('stock_movements')
        .select('id')
        .where('product_id', '=', other)
        .where('kind', '=', 'REVALUATION')
        .execute(),
    ).toEqual([]);
    // 10 × £1 left: stock value £10, ledger sum equal.
    expect(D((await level(p, w)).value).toFixed(2)).toBe('10.00');
    expect((await ledgerValue(p)).toFixed(2)).toBe('10.00');
    await expectBalanced();
  });

  it('nothing is posted on or before the period lock date, nor on a day to come', async () => {
    const p = await product();
    const w = await warehouse();
    await ta.t.db
      .insertInto('system_settings')
      .values({ key: 'finance.periodLockDate', value: JSON.stringify(daysAgo(3)) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(daysAgo(3)) }))
      .execute();
    try {
      await expect(postNow([receipt(p, w, '1', '1')], daysAgo(3))).rejects.toMatchObject({
        status: 409,
        code: 'PERIOD_LOCKED',
      });
      await postNow([receipt(p, w, '1', '1')], daysAgo(2));
      const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      await expect(postNow([receipt(p, w, '1', '1')], tomorrow)).rejects.toMatchObject({
        code: 'POSTING_DATE_IN_FUTURE',
      });
    } finally {
      await ta.t.db.deleteFrom('system_settings').where('key', '=', 'finance.periodLockDate').execute();
    }
  });

  it('the ledger is append-only for every database role: updates and deletes are refused', async () => {
    const p = await product();
    const w = await warehouse();
    const [row] = await postNow([receipt(p, w, '1', '1')]);
    await expect(
      sql`UPDATE stock_movements SET quantity = 2 WHERE id = ${row?.id}::bigint`.execute(ta.t.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM stock_movements WHERE id = ${row?.id}::bigint`.execute(ta.t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`TRUNCATE stock_movements CASCADE`.execute(ta.t.db)).rejects.toThrow(/append-only/);
  });

  it('stored layers and values equal a replay of the product from its ledger', async () => {
    const p = await product();
    const w = await warehouse(true);
    await postNow([receipt(p, w, '3', '1.1111')], daysAgo(7));
    await postNow([issue(p, w, '4')], daysAgo(6));
    await postNow([receipt(p, w, '7', '2.3333')], daysAgo(5));
    await postNow([issue(p, w, '1.5')], daysAgo(6));
    await postNow([receipt(p, w, '0.5', '9')]);
    const history = await ta.t.db
      .selectFrom('stock_movements')
      .selectAll()
      .where('product_id', '=', p)
      .orderBy('posted_at')
      .orderBy('id')
      .execute();
    const rebuilt = replay(
      history
        .filter((h) => h.kind !== 'REVALUATION')
        .map((h) => ({
          id: h.id,
          postedAt: h.posted_at.toISOString(),
          warehouseId: h.warehouse_id,
          bucket: h.bucket as 'STOCK',
          quantity: D(h.quantity),
          ...(D(h.quantity).isNegative() ? { allowDeficit: true } : { cost: { unitCost: D(h.unit_cost ?? 0) } }),
        })),
    );
    const layers = await ta.t.db.selectFrom('stock_layers').selectAll().where('product_id', '=', p).execute();
    const sum = (xs: Decimal[]) => xs.reduce((a, b) => a.add(b), D(0));
    expect(sum(layers.map((l) => D(l.remaining_value))).toFixed(8)).toBe(
      sum(rebuilt.layers.map((l) => l.remainingValue)).toFixed(8),
    );
    expect((await ledgerValue(p)).toFixed(8)).toBe(sum(rebuilt.entries.map((e) => e.value)).toFixed(8));
    await expectBalanced();
  });
});

describe('no oversell under concurrency', () => {
  it('twenty issues racing for five units: five succeed, the rest are refused, stock never below zero', async () => {
    const p = await product();
    const w = await warehouse();
    await postNow([receipt(p, w, '5', '2')]);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => postNow([issue(p, w, '1')])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    const l = await level(p, w);
    expect([D(l.on_hand).toFixed(), D(l.value).toFixed(2)]).toEqual(['0', '0.00']);
    await expectBalanced();
  });

  it('thirty clients reserving through the API for the last units: reserved never exceeds on hand', async () => {
    const p = await product();
    const w = await warehouse();
    await postNow([receipt(p, w, '7', '2')]);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        admin.post<Reservation>('/api/stock/reservations', { productId: p, warehouseId: w, quantity: '1' }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(7);
    expect(
      answers
        .filter((a) => a.status === 409)
        .every((a) => (a.body as unknown as ErrorBody).code === 'INSUFFICIENT_STOCK'),
    ).toBe(true);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(23);
    const l = await level(p, w);
    expect([D(l.reserved).toFixed(), D(l.available).toFixed()]).toEqual(['7', '0']);
    // Reserved stock is not issued to anybody else.
    await expect(postNow([issue(p, w, '1')])).rejects.toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    await expectBalanced();
  });
});

describe('reservations, overrides and the inventory lists over HTTP', () => {
  it('reserves, issues part, releases the rest; each step audited', async () => {
    const p = await product();
    const w = await warehouse();
    await postNow([receipt(p, w, '10', '1.50')]);
    const r = await admin.post<Reservation>(
      '/api/stock/reservations',
      { productId: p, warehouseId: w, quantity: '4', sourceType: 'sales_invoice', sourceId: 'SI-1' },
      { 'idempotency-key': `res-${p}` },
    );
    expect(r.status).toBe(201);
    const again = await admin.post<Reservation>(
      '/api/stock/reservations',
      { productId: p, warehouseId: w, quantity: '4', sourceType: 'sales_invoice', sourceId: 'SI-1' },
      { 'idempotency-key': `res-${p}` },
    );
    expect(again.body.id).toBe(r.body.id);
    expect(D((await level(p, w)).reserved).toFixed()).toBe('4');
    const issued = await admin.post<{ reservation: Reservation; movements: StockMovement[] }>(
      `/api/stock/reservations/${r.body.id}/issue`,
      { quantity: '3' },
    );
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.movements.map((m) => [m.kind, m.quantity, m.value])).toEqual([['ISSUE', '-3', '-4.50']]);
    expect(issued.body.reservation).toMatchObject({ status: 'OPEN', openQuantity: '1', issuedQuantity: '3' });
    const tooMuch = await admin.post<ErrorBody>(`/api/stock/reservations/${r.body.id}/issue`, { quantity: '2' });
    expect(tooMuch.body.code).toBe('RESERVATION_EXCEEDED');
    const released = await admin.post<Reservation>(`/api/stock/reservations/${r.body.id}/release`);
    expect(released.body).toMatchObject({ status: 'RELEASED', openQuantity: '0' });
    const l = await level(p, w);
    expect([D(l.on_hand).toFixed(), D(l.reserved).toFixed()]).toEqual(['7', '0']);
    const audit = await ta.t.db
      .selectFrom('system_logs')
      .select('action')
      .where('entity', '=', 'stock_reservation')
      .where('entity_id', '=', r.body.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'issue', 'release']);
    await expectBalanced();
  });

  it('a manual override posts the difference from the book with its reason; equal counts post nothing', async () => {
    const p = await product({ cost_price: '2.50' });
    const w = await warehouse();
    const a = await bin(w, 'OV-1');
    const up = await admin.post<{ difference: string; movements: StockMovement[] }>('/api/manual-stock/overrides', {
      productId: p,
      warehouseId: w,
      locationId: a,
      countedQuantity: '6',
      reason: 'Found on the shelf',
    });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.difference).toBe('6');
    expect(up.body.movements.map((m) => [m.kind, m.quantity, m.value, m.reason])).toEqual([
      ['ADJUSTMENT', '6', '15.00', 'Found on the shelf'],
    ]);
    const down = await admin.post<{ difference: string }>('/api/manual-stock/overrides', {
      productId: p,
      warehouseId: w,
      locationId: a,
      countedQuantity: '4',
      reason: 'Two damaged',
    });
    expect(down.body.difference).toBe('-2');
    const same = await admin.post<ErrorBody>('/api/manual-stock/overrides', {
      productId: p,
      warehouseId: w,
      locationId: a,
      countedQuantity: '4',
      reason: 'Recount',
    });
    expect([same.status, same.body.code]).toEqual([422, 'NOTHING_TO_POST']);
    const bad = await admin.post<ErrorBody>('/api/manual-stock/overrides', {
      productId: p,
      warehouseId: w,
      countedQuantity: '-1',
      reason: 'x',
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const list = await admin.get<Page<StockMovement>>('/api/manual-stock/overrides');
    expect(list.body.items.slice(0, 2).map((m) => m.reason)).toEqual(['Two damaged', 'Found on the shelf']);
    const audit = await ta.t.db
      .selectFrom('system_logs')
      .select('action')
      .where('entity', '=', 'stock')
      .where('entity_id', '=', p)
      .execute();
    expect(audit).toHaveLength(2);
    await expectBalanced();
  });

  it('an adjustment posts all its lines or none, at the given or latest cost', async () => {
    const p = await product();
    const q = await product();
    const w = await warehouse();
    const res = await admin.post<{ movements: StockMovement[] }>('/api/stock/adjustments', {
      reason: 'Opening balance',
      lines: [
        { productId: p, warehouseId: w, quantity: '5', unitCost: '1.2000' },
        { productId: q, warehouseId: w, quantity: '2', unitCost: '3' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.movements.map((m) => [m.quantity, m.value])).toEqual([
      ['5', '6.00'],
      ['2', '6.00'],
    ]);
    // The second line cannot be taken: the first is not written either.
    const refused = await admin.post<ErrorBody>('/api/stock/adjustments', {
      reason: 'Damaged',
      lines: [
        { productId: p, warehouseId: w, quantity: '-1' },
        { productId: q, warehouseId: w, quantity: '-3' },
      ],
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'INSUFFICIENT_STOCK']);
    expect(D((await level(p, w)).on_hand).toFixed()).toBe('5');
    const found = await admin.post<{ movements: StockMovement[] }>('/api/stock/adjustments', {
      reason: 'Found',
      lines: [{ productId: p, warehouseId: w, quantity: '1' }],
    });
    expect(found.body.movements[0]?.value).toBe('1.20');
    const zero = await admin.post<ErrorBody>('/api/stock/adjustments', {
      reason: 'Nothing',
      lines: [{ productId: p, warehouseId: w, quantity: '0' }],
    });
    expect(zero.status).toBe(400);
    await expectBalanced();
  });

  it('the manual stock view is read-only without edit_manual_stock, and refusals change nothing', async () => {
    const viewer = await clientWith(ta, ['view_manual_stock']);
    const p = await product({ cost_price: '1' });
    const w = await warehouse();
    expect((await viewer.api.get('/api/manual-stock/overrides')).status).toBe(200);
    const refused = await viewer.api.post('/api/manual-stock/overrides', {
      productId: p,
      warehouseId: w,
      countedQuantity: '3',
      reason: 'nope',
    });
    expect(refused.status).toBe(403);
    expect(await ta.t.db.selectFrom('stock_movements').select('id').where('product_id', '=', p).execute()).toEqual([]);
  });

  it('the summary, the list and a product’s history show the figures, filtered, with running balances', async () => {
    const p = await product();
    const w1 = await warehouse();
    const w2 = await warehouse();
    const a = await bin(w1, 'L-01');
    await postNow([receipt(p, w1, '4', '2.00', { locationId: a }), receipt(p, w2, '1', '5.00')], daysAgo(2));
    await postNow([issue(p, w1, '1')]);
    const sku = (await ta.t.db.selectFrom('products').select('sku').where('id', '=', p).executeTakeFirstOrThrow()).sku;
    const summary = await admin.get<Page<InventorySummaryRow>>(`/api/inventory/summary?q=${sku.toLowerCase()}`);
    expect(summary.body.items).toMatchObject([{ sku, onHand: '4', available: '4', value: '11.00' }]);
    const totals = await admin.get(`/api/inventory/summary/totals?q=${sku}&warehouseId=${w2}`);
    expect(totals.body).toMatchObject({ products: 1, onHand: '1', value: '5.00' });
    const inStock = await admin.get<Page<InventorySummaryRow>>(
      `/api/inventory/summary?q=${sku}&inStock=true&warehouseId=${w1}`,
    );
    expect(inStock.body.total).toBe(1);
    const only1 = await admin.get<Page<InventorySummaryRow>>(`/api/inventory/summary?q=${sku}&warehouseId=${w1}`);
    expect(only1.body.items).toMatchObject([{ onHand: '3', value: '6.00' }]);
    const list = await admin.get<Page<{ location: { code: string } | null; onHand: string }>>(
      `/api/inventory/list?productId=${p}`,
    );
    expect(list.body.items.map((r) => [r.location?.code ?? null, r.onHand])).toEqual([
      ['L-01', '3'],
      [null, '1'],
    ]);
    const history = await admin.get<Page<StockMovement>>(`/api/inventory/products/${p}/movements?warehouseId=${w1}`);
    expect(history.body.items.map((m) => [m.kind, m.quantity, m.runningQuantity, m.runningValue])).toEqual([
      ['ISSUE', '-1', '3', '6.00'],
      ['RECEIPT', '4', '4', '8.00'],
    ]);
    const stock = await admin.get<ProductStock>(`/api/inventory/products/${p}`);
    expect(stock.body.warehouses.map((x) => x.onHand).sort()).toEqual(['1', '3']);
    const byValue = await admin.get<Page<InventorySummaryRow>>('/api/inventory/summary?sort=-value&pageSize=200');
    const values = byValue.body.items.map((r) => D(r.value));
    expect(values.every((v, i) => i === 0 || v.lte(values[i - 1] as Decimal))).toBe(true);
    const sorted = await admin.get(`/api/inventory/summary?sort=-bogus`);
    expect(sorted.status).toBe(400);
    const exported = await fetch(`${ta.baseUrl}/api/inventory/summary/export?q=${sku}`, {
      headers: { authorization: `Bearer ${(await clientWith(ta, ['view_inventory_summary'])).tokens.accessToken}` },
    });
    expect(exported.status).toBe(200);
  });

  it('the balances check answers administrators with the report', async () => {
    const res = await admin.get<{ ok: boolean }>('/api/stock/check');
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(adminId).toBeTruthy();
  });
});
