import type {
  ErrorBody,
  InventorySummaryRow,
  Page,
  ReplenishmentPage,
  StockCount,
  StockCountLine,
  StockCountReversalResult,
  StockMovement,
  StockOverrideDetail,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStock, type PostLine, post } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

/**
 * Reversing a manual override or a posted count (a new posting of the opposite difference at the original's
 * cost), the inventory summary's value split (on hand + in transit = value) and the one reorder-point rule shared
 * by the summary's filter and the replenishment report.
 */

let ta: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  admin = (await clientWith(ta, ALL_PERMISSIONS)).api;
});
afterAll(() => ta.close());

let n = 0;
const tag = `RV${Date.now() % 100000}`;
const D = (v: string | number) => new Decimal(v);

async function product(extra: { cost_price?: string; reorder_point?: string; reorder_quantity?: string } = {}) {
  n += 1;
  return ta.t.db
    .insertInto('products')
    .values({ sku: `${tag}-${n}`, name: `Reversal test ${n}`, ...extra })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}
async function warehouse() {
  n += 1;
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `${tag}W${n}`, name: `Reversal warehouse ${n}`, kind: 'OWN' })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  await ta.t.db.insertInto('warehouse_configs').values({ warehouse_id: w.id, allow_negative_stock: false }).execute();
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
function postNow(lines: PostLine[]) {
  return ta.t.db
    .transaction()
    .execute((tx) => post({ db: tx, user: null }, { sourceType: 'test', sourceId: null, postedOn: null, lines }));
}
const receipt = (productId: string, warehouseId: string, locationId: string | null, quantity: string, cost: string) =>
  ({ productId, warehouseId, locationId, kind: 'RECEIPT', quantity: D(quantity), unitCost: D(cost) }) as PostLine;
const issue = (productId: string, warehouseId: string, locationId: string | null, quantity: string) =>
  ({ productId, warehouseId, locationId, kind: 'ISSUE', quantity: D(quantity).neg() }) as PostLine;

let keys = 0;
const key = () => ({ 'idempotency-key': `reverse-${Date.now()}-${++keys}` });

async function expectBalanced() {
  const check = await checkStock(ta.t.db);
  expect(check.differences).toEqual([]);
  expect(check.ok).toBe(true);
}

/** What a product holds in a warehouse: level, bins, open layers and the ledger's sums. */
async function stockOf(productId: string, warehouseId: string) {
  const [level, layers, ledger, bins] = await Promise.all([
    ta.t.db
      .selectFrom('stock_levels')
      .select(['on_hand', 'available', 'value'])
      .where('product_id', '=', productId)
      .where('warehouse_id', '=', warehouseId)
      .executeTakeFirst(),
    ta.t.db
      .selectFrom('stock_layers')
      .select(['unit_cost', 'remaining', 'remaining_value', 'received_at'])
      .where('product_id', '=', productId)
      .where('warehouse_id', '=', warehouseId)
      .orderBy('received_at')
      .orderBy('origin_movement_id')
      .execute(),
    ta.t.db
      .selectFrom('stock_movements')
      .select([sql<string>`coalesce(sum(quantity), 0)`.as('q'), sql<string>`coalesce(sum(value), 0)`.as('v')])
      .where('product_id', '=', productId)
      .where('warehouse_id', '=', warehouseId)
      .executeTakeFirstOrThrow(),
    ta.t.db
      .selectFrom('stock_bin_balances')
      .select(['location_id', 'on_hand'])
      .where('product_id', '=', productId)
      .where('warehouse_id', '=', warehouseId)
      .where('on_hand', '<>', '0')
      .orderBy('location_id')
      .execute(),
  ]);
  return {
    onHand: D(level?.on_hand ?? 0).toFixed(),
    value: D(level?.value ?? 0).toFixed(8),
    layers: layers.map((l) => [D(l.unit_cost).toFixed(2), D(l.remaining).toFixed(), D(l.remaining_value).toFixed(8)]),
    ledger: [D(ledger.q).toFixed(), D(ledger.v).toFixed(8)],
    bins: bins.map((b) => [b.location_id, D(b.on_hand).toFixed()]),
  };
}
const movementCount = async () =>
  Number(
    (await ta.t.db.selectFrom('stock_movements').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
  );

async function override(productId: string, warehouseId: string, locationId: string, counted: string, cost?: string) {
  const res = await admin.post<{ movements: StockMovement[] }>('/api/manual-stock/overrides', {
    productId,
    warehouseId,
    locationId,
    countedQuantity: counted,
    reason: 'Counted on the shelf',
    ...(cost ? { unitCost: cost } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.movements[0] as StockMovement;
}
const reverse = (client: ApiClient, id: string, headers: Record<string, string> = key()) =>
  client.post<StockOverrideDetail & ErrorBody>(
    `/api/manual-stock/overrides/${id}/reverse`,
    { reason: 'Keyed in the wrong bin' },
    headers,
  );

describe('reversing a manual override', () => {
  it('takes back exactly the layer an increase made, at its cost, leaving older layers and the balances as they were', async () => {
    const p = await product();
    const w = await warehouse();
    const a = await bin(w, 'R-A');
    await postNow([receipt(p.id, w, a, '4', '1.10')]);
    const before = await stockOf(p.id, w);
    // Found 3 more at 2.3333: a FIFO issue would take the older 1.10 layer first; the reversal must not.
    const up = await override(p.id, w, a, '7', '2.3333');
    expect([up.quantity, up.value]).toEqual(['3', '7.00']);
    expect((await stockOf(p.id, w)).onHand).toBe('7');

    const res = await reverse(admin, up.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ number: up.id, status: 'REVERSED', isReversal: false, reversalOf: null });
    expect(res.body.reversal?.reason).toBe('Keyed in the wrong bin');
    const rows = res.body.reversal?.movements ?? [];
    expect(rows.map((m) => [m.kind, m.quantity, m.value, m.linkId, m.sourceId, m.location?.id])).toEqual([
      ['ADJUSTMENT', '-3', '-7.00', up.id, up.id, a],
    ]);
    // To the penny (and the eighth place): level, bins, layers and the ledger are as before the override.
    expect(await stockOf(p.id, w)).toEqual(before);
    expect(
      D(rows[0]?.currentValue ?? 0)
        .add(up.currentValue)
        .toFixed(2),
    ).toBe('0.00');

    // The link both ways: the reversal names its original, the original its reversal.
    const reversalRow = rows[0] as StockMovement;
    const ofReversal = await admin.get<StockOverrideDetail>(`/api/manual-stock/overrides/${reversalRow.id}`);
    expect(ofReversal.status).toBe(200);
    expect(ofReversal.body).toMatchObject({ isReversal: true, status: 'POSTED', reversalOf: { id: up.id } });
    const list = await admin.get<Page<StockMovement>>(`/api/manual-stock/overrides?warehouseId=${w}`);
    expect(list.body.items.map((m) => m.id)).toEqual([reversalRow.id, up.id]);

    // The kernel's step: a system-log row under the override's number, and the outbox event.
    const log = await ta.t.db
      .selectFrom('system_logs')
      .select(['action', 'entity'])
      .where('entity', '=', 'stock_override')
      .where('entity_id', '=', up.id)
      .execute();
    expect(log).toEqual([{ action: 'reverse', entity: 'stock_override' }]);
    const events = await ta.t.db
      .selectFrom('outbox_events')
      .select('payload')
      .where('type', '=', 'document.status_changed')
      .where('key', '=', `stock_override:${up.id}`)
      .execute();
    expect(events).toHaveLength(1);
    await expectBalanced();
  });

  it('brings what a reduction took back at the cost it left with, so later issues cost what they would have', async () => {
    const p = await product();
    const w = await warehouse();
    const a = await bin(w, 'R-B');
    await postNow([receipt(p.id, w, a, '2', '1.00')]);
    await postNow([receipt(p.id, w, a, '3', '1.3333')]);
    const before = await stockOf(p.id, w);
    // 5 → 1: takes 2 × 1.00 and 2 × 1.3333 (FIFO).
    const down = await override(p.id, w, a, '1');
    expect([down.quantity, down.value]).toEqual(['-4', '-4.67']);
    const res = await reverse(admin, down.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.reversal?.movements.map((m) => [m.kind, m.quantity, m.linkId])).toEqual([
      ['ADJUSTMENT', '4', down.id],
    ]);
    const after = await stockOf(p.id, w);
    expect([after.onHand, after.value, after.ledger, after.bins]).toEqual([
      before.onHand,
      before.value,
      before.ledger,
      before.bins,
    ]);
    // The units came back as two layers with their original costs (older first).
    expect(after.layers.map((l) => [l[0], l[1]])).toEqual([
      ['1.00', '2'],
      ['1.33', '1'],
      ['1.33', '2'],
    ]);
    const [out] = await postNow([issue(p.id, w, a, '5')]);
    // 2 × 1.00 + 3 × 1.3333, exactly as if the override had never been.
    expect(out?.value.toFixed(8)).toBe('-5.99990000');
    await expectBalanced();
  });

  it('is refused twice, for a reversal itself, and when what it added has since been taken, changing nothing', async () => {
    const p = await product();
    const w = await warehouse();
    const a = await bin(w, 'R-C');
    await postNow([receipt(p.id, w, a, '5', '1.00')]);
    const up = await override(p.id, w, a, '10', '2.00');
    const headers = key();
    const first = await reverse(admin, up.id, headers);
    expect(first.status).toBe(200);
    // The same request again (a retry) replays the first answer; nothing more is posted.
    const count = await movementCount();
    const replay = await reverse(admin, up.id, headers);
    expect([replay.status, replay.body.status]).toEqual([200, 'REVERSED']);
    const twice = await reverse(admin, up.id);
    expect([twice.status, twice.body.code]).toEqual([409, 'ALREADY_REVERSED']);
    expect(twice.body.message).toMatch(/cannot be reversed twice/);
    const reversalId = first.body.reversal?.movements[0]?.id as string;
    const ofReversal = await reverse(admin, reversalId);
    expect([ofReversal.status, ofReversal.body.code]).toEqual([409, 'NOT_REVERSIBLE']);
    expect(await movementCount()).toBe(count);

    // Found 5 more, then 8 issued: FIFO took the older 5 and 3 of the 5 found, so only 2 of them are left.
    const found = await override(p.id, w, a, '10', '2.00');
    await postNow([issue(p.id, w, a, '8')]);
    const before = await stockOf(p.id, w);
    const consumed = await reverse(admin, found.id);
    expect([consumed.status, consumed.body.code]).toEqual([409, 'REVERSAL_STOCK_CONSUMED']);
    expect(consumed.body.details).toMatchObject({ added: '5', remaining: '2', consumed: '3', sku: p.sku });
    expect(consumed.body.message).toContain('3 of them have since been taken out and only 2 are left');
    expect(await stockOf(p.id, w)).toEqual(before);
    expect(await movementCount()).toBe(count + 2);
    const unknown = await reverse(admin, '999999999');
    expect(unknown.status).toBe(404);
    await expectBalanced();
  });

  it('needs reverse_stock_adjustment: editing overrides is not enough', async () => {
    const p = await product();
    const w = await warehouse();
    const a = await bin(w, 'R-D');
    await postNow([receipt(p.id, w, a, '5', '1.00')]);
    const up = await override(p.id, w, a, '6', '1.00');
    const editor = await clientWith(ta, ['view_manual_stock', 'edit_manual_stock']);
    const refused = await reverse(editor.api, up.id);
    expect(refused.status).toBe(403);
    expect((await editor.api.get<StockOverrideDetail>(`/api/manual-stock/overrides/${up.id}`)).body.status).toBe(
      'POSTED',
    );
    const reverser = await clientWith(ta, ['view_manual_stock', 'reverse_stock_adjustment']);
    expect((await reverse(reverser.api, up.id)).status).toBe(200);
    await expectBalanced();
  });
});

describe('reversing a posted count', () => {
  it('posts the opposite of each difference at the original cost; the session is REVERSED, once', async () => {
    const w = await warehouse();
    const a = await bin(w, 'C-A');
    const b = await bin(w, 'C-B');
    const gain = await product();
    const loss = await product();
    await postNow([receipt(gain.id, w, a, '4', '1.50'), receipt(loss.id, w, b, '3', '2.00')]);
    await postNow([receipt(loss.id, w, b, '3', '2.50')]);
    const before = [await stockOf(gain.id, w), await stockOf(loss.id, w)];

    const started = await admin.post<StockCount>('/api/stock-counts', { warehouseId: w }, key());
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const id = started.body.id;
    const lines = await admin.get<Page<StockCountLine>>(`/api/stock-counts/${id}/lines?pageSize=200`);
    const lineOf = (productId: string) => lines.body.items.find((l) => l.product.id === productId) as StockCountLine;
    await admin.put(`/api/stock-counts/${id}/lines/${lineOf(gain.id).id}`, { countedQuantity: '6' });
    await admin.put(`/api/stock-counts/${id}/lines/${lineOf(loss.id).id}`, { countedQuantity: '2' });
    expect((await admin.post(`/api/stock-counts/${id}/submit`)).status).toBe(200);
    const posted = await admin.post(`/api/stock-counts/${id}/post`, {}, key());
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);

    const res = await admin.post<StockCountReversalResult & ErrorBody>(
      `/api/stock-counts/${id}/reverse`,
      { reason: 'Counted the wrong aisle' },
      key(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toMatchObject({ status: 'REVERSED', reversalReason: 'Counted the wrong aisle' });
    expect(res.body.count.reversedAt).not.toBeNull();
    // +2 of gain at 1.50 taken back; −4 of loss (3 × 2.00 + 1 × 2.50) back at those costs.
    expect(res.body.movements.map((m) => [m.product.id, m.kind, m.quantity, m.value])).toEqual([
      [gain.id, 'COUNT', '-2', '-3.00'],
      [loss.id, 'COUNT', '4', '8.50'],
    ]);
    expect([await stockOf(gain.id, w), await stockOf(loss.id, w)].map((s) => [s.onHand, s.value, s.ledger])).toEqual(
      before.map((s) => [s.onHand, s.value, s.ledger]),
    );
    const movements = await admin.get<{ posted: StockMovement[]; reversal: StockMovement[] }>(
      `/api/stock-counts/${id}/movements`,
    );
    expect(movements.body.reversal.map((m) => m.linkId)).toEqual(movements.body.posted.map((m) => m.id));

    const again = await admin.post<ErrorBody>(`/api/stock-counts/${id}/reverse`, { reason: 'Again' }, key());
    expect([again.status, again.body.code]).toEqual([409, 'STOCK_COUNT_STATUS_CONFLICT']);
    const events = await ta.t.db
      .selectFrom('outbox_events')
      .select(sql<string>`payload->>'to'`.as('to'))
      .where('key', '=', `stock_count:${id}`)
      .execute();
    expect(events.map((e) => e.to)).toContain('REVERSED');
    const approver = await clientWith(ta, ['approve_inventory_stock_process', 'handle_inventory_stock_process']);
    expect((await approver.api.post(`/api/stock-counts/${id}/reverse`, { reason: 'No right' })).status).toBe(403);
    await expectBalanced();
  });
});

describe('inventory summary figures', () => {
  it('shows the value in transit apart: on-hand value + in-transit value = value, per row and in the totals', async () => {
    const p = await product();
    const from = await warehouse();
    const to = await warehouse();
    await postNow([receipt(p.id, from, null, '10', '1.25')]);
    await postNow([receipt(p.id, from, null, '10', '1.3333')]);
    // 12 dispatched into the destination's TRANSIT bucket: 10 × 1.25 + 2 × 1.3333 = 15.1666.
    await postNow([
      { productId: p.id, warehouseId: from, kind: 'TRANSFER_OUT', quantity: D(-12) } as PostLine,
      {
        productId: p.id,
        warehouseId: to,
        bucket: 'TRANSIT',
        kind: 'TRANSFER_IN',
        quantity: D(12),
        linkTo: { line: 0 },
      },
    ]);
    const res = await admin.get<Page<InventorySummaryRow>>(`/api/inventory/summary?q=${p.sku}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = res.body.items.find((r) => r.productId === p.id) as InventorySummaryRow;
    // 8 × 1.3333 = 10.6664 on hand; the in-transit part is rounded and on hand is the rest, so the two add up.
    expect([row.onHand, row.inTransit, row.value, row.onHandValue, row.inTransitValue]).toEqual([
      '8',
      '12',
      '25.83',
      '10.66',
      '15.17',
    ]);
    expect(D(row.onHandValue).add(row.inTransitValue).toFixed(2)).toBe(row.value);
    const onlyTo = await admin.get<Page<InventorySummaryRow>>(`/api/inventory/summary?q=${p.sku}&warehouseId=${to}`);
    expect(onlyTo.body.items.find((r) => r.productId === p.id)).toMatchObject({
      onHand: '0',
      inTransit: '12',
      onHandValue: '0.00',
      inTransitValue: '15.17',
    });
    const totals = await admin.get<{ value: string; onHandValue: string; inTransitValue: string }>(
      `/api/inventory/summary/totals?q=${p.sku}`,
    );
    expect(totals.body).toMatchObject({ value: '25.83', onHandValue: '10.66', inTransitValue: '15.17' });
    await expectBalanced();
  });

  it('the summary filter and the replenishment report name the same products, per warehouse', async () => {
    const w1 = await warehouse();
    const w2 = await warehouse();
    const opts = { reorder_point: '10', reorder_quantity: '5' };
    // Company-wide 8 + 8 = 16 > 10, but each warehouse is at or below 10: below in both.
    const split = await product(opts);
    // 30 in one, 4 in the other: below in w2 only.
    const oneLow = await product(opts);
    // 30 in each: above everywhere.
    const fine = await product(opts);
    // 6 available in w1 and 20 on the way to w2: at or below in w1; in w2 the 20 on the way count (position 20 > 10).
    const transit = await product(opts);
    // 4 on hand, no reorder point: not watched.
    const unwatched = await product();
    await postNow([
      receipt(split.id, w1, null, '8', '1.00'),
      receipt(split.id, w2, null, '8', '1.00'),
      receipt(oneLow.id, w1, null, '30', '1.00'),
      receipt(oneLow.id, w2, null, '4', '1.00'),
      receipt(fine.id, w1, null, '30', '1.00'),
      receipt(fine.id, w2, null, '30', '1.00'),
      receipt(transit.id, w1, null, '26', '1.00'),
      receipt(unwatched.id, w1, null, '4', '1.00'),
    ]);
    await postNow([
      { productId: transit.id, warehouseId: w1, kind: 'TRANSFER_OUT', quantity: D(-20) } as PostLine,
      {
        productId: transit.id,
        warehouseId: w2,
        bucket: 'TRANSIT',
        kind: 'TRANSFER_IN',
        quantity: D(20),
        linkTo: { line: 0 },
      },
    ]);
    const summarySkus = async (warehouseId?: string) => {
      const q = `q=${tag}&belowReorder=true&pageSize=200${warehouseId ? `&warehouseId=${warehouseId}` : ''}`;
      const res = await admin.get<Page<InventorySummaryRow>>(`/api/inventory/summary?${q}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.items.map((r) => r.sku).sort();
    };
    const reportSkus = async (warehouseId?: string) => {
      const q = `q=${tag}&pageSize=200${warehouseId ? `&warehouseId=${warehouseId}` : ''}`;
      const res = await admin.get<ReplenishmentPage>(`/api/warehouse-reports/replenishment?${q}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return [...new Set(res.body.items.map((r) => r.sku))].sort();
    };
    expect(await summarySkus()).toEqual([split.sku, oneLow.sku, transit.sku].sort());
    expect(await summarySkus(w1)).toEqual([split.sku, transit.sku].sort());
    expect(await summarySkus(w2)).toEqual([split.sku, oneLow.sku].sort());
    for (const w of [undefined, w1, w2]) expect(await reportSkus(w)).toEqual(await summarySkus(w));
    const totals = await admin.get<{ products: number }>(`/api/inventory/summary/totals?q=${tag}&belowReorder=true`);
    expect(totals.body.products).toBe(3);
  });
});
