import type {
  ErrorBody,
  GoodReceivedNote,
  GoodReceivedNoteStepResult,
  LandedCostCharge,
  LandedCostPreview,
  PurchaseOrder,
  ReceivableOrderDetail,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkStock, type PostLine, post } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

/**
 * Landed costs on goods received notes (apportioned by value, quantity, weight or equally, exact to the penny,
 * applied to the layers still in stock, the rest to cost of sales) and Send Inventory orders received at their
 * destination out of transit at the cost they left with.
 */

let ta: TestApp;
let admin: ApiClient;
/** Drafts receipts and previews charges; does not apply them (no approve_good_received_note). */
let clerk: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  const others = ALL_PERMISSIONS.filter((x) => !x.endsWith('_good_received_note'));
  const [a, c] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(ta, [...others, 'view_good_received_note', 'add_good_received_note']),
  ]);
  admin = a.api;
  clerk = c.api;
}, 120_000);
afterAll(() => ta.close());
afterEach(async () => {
  const check = await checkStock(ta.t.db);
  expect(check.differences).toEqual([]);
  expect(check.ok).toBe(true);
});

const D = (v: string | number) => new Decimal(v);
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
let n = 0;
let keys = 0;
const uniq = () => {
  n += 1;
  return `${n}${Date.now() % 100000}`;
};
const key = () => ({ 'idempotency-key': `lc-${Date.now()}-${++keys}` });

async function product(weight: string | null = null) {
  const sku = `LC-${uniq()}`;
  return ta.t.db
    .insertInto('products')
    .values({ sku, name: `Landed ${sku}`, ...(weight === null ? {} : { weight_kg: weight }) })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}
async function supplier() {
  return ta.t.db
    .insertInto('business_partners')
    .values({
      code: `LCS${uniq()}`,
      name: 'Freight Ltd',
      default_currency: 'GBP',
      payment_terms_days: 30,
      active: true,
      is_consignment: false,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
}
async function warehouse(kind = 'OWN') {
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `LW${uniq()}`, name: 'Landed warehouse', kind })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  const { id: receiving } = await ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: w.id, code: 'RECV' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: w.id, default_receiving_location_id: receiving })
    .execute();
  return { ...w, receiving };
}
async function order(supplierId: string, warehouseId: string, lines: { productId: string; q: string; cost: string }[]) {
  const number = `PO-LC-${uniq()}`;
  const nets = lines.map((l) => D(l.q).times(l.cost).toDecimalPlaces(2));
  const net = nets.reduce((s, v) => s.add(v), D(0));
  const { rows } = await sql<{ id: string }>`INSERT INTO purchase_orders
    (number, type, status, supplier_id, warehouse_id, currency, order_date, net_total, vat_total, gross_total, approved_at)
    VALUES (${number}, 'PRIOR_ORDER_PO', 'APPROVED', ${supplierId}, ${warehouseId}, 'GBP', ${daysAgo(10)},
      ${net.toFixed(2)}, 0, ${net.toFixed(2)}, now())
    RETURNING id`.execute(ta.t.db);
  const id = rows[0]?.id as string;
  const lineIds: string[] = [];
  for (const [i, l] of lines.entries()) {
    const { rows: r } = await sql<{ id: string }>`INSERT INTO purchase_order_lines
      (order_id, line_no, product_id, quantity, unit_cost, discount_percent, net_amount, vat_amount)
      VALUES (${id}, ${i + 1}, ${l.productId}, ${l.q}, ${l.cost}, 0, ${nets[i]?.toFixed(2)}, 0) RETURNING id`.execute(
      ta.t.db,
    );
    lineIds.push(r[0]?.id as string);
  }
  return { id, number, lineIds };
}
async function receiveAll(
  orderId: string,
  lines: { orderLineId: string; q: string; rejected?: string }[],
  client = admin,
) {
  const d = await client.post<GoodReceivedNote & ErrorBody>('/api/goods-received-notes', {
    purchaseOrderId: orderId,
    lines: lines.map((l) => ({
      orderLineId: l.orderLineId,
      receivedQuantity: D(l.q)
        .add(l.rejected ?? '0')
        .toFixed(),
      acceptedQuantity: l.q,
      rejectedQuantity: l.rejected ?? '0',
    })),
  });
  if (d.status !== 201) return d as unknown as { status: number; body: GoodReceivedNoteStepResult & ErrorBody };
  return client.post<GoodReceivedNoteStepResult & ErrorBody>(`/api/goods-received-notes/${d.body.id}/post`);
}
function issue(productId: string, warehouseId: string, quantity: string) {
  const lines: PostLine[] = [{ productId, warehouseId, kind: 'ISSUE', quantity: D(quantity).neg() }];
  return ta.t.db
    .transaction()
    .execute((tx) => post({ db: tx, user: null }, { sourceType: 'test', sourceId: null, lines }));
}
async function level(productId: string, warehouseId: string) {
  const l = await ta.t.db
    .selectFrom('stock_levels')
    .selectAll()
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();
  return {
    onHand: D(l?.on_hand ?? 0).toFixed(),
    inTransit: D(l?.in_transit ?? 0).toFixed(),
    value: D(l?.value ?? 0).toFixed(2),
  };
}
async function costOfSales(productId: string) {
  const { rows } = await sql<{ amount: string; cause: string; source_type: string }>`
    SELECT amount::text AS amount, cause, source_type FROM cost_of_sales_adjustments
    WHERE product_id = ${productId}::uuid ORDER BY id`.execute(ta.t.db);
  return rows.map((r) => [D(r.amount).toFixed(2), r.cause, r.source_type]);
}
async function tableCounts() {
  const { rows } = await sql<{ c: string; r: string; m: string }>`SELECT
    (SELECT count(*) FROM landed_cost_charges)::text AS c, (SELECT count(*) FROM stock_cost_revaluations)::text AS r,
    (SELECT count(*) FROM stock_movements)::text AS m`.execute(ta.t.db);
  return rows[0];
}
const charge = (body: Record<string, unknown>) => ({ chargeType: 'FREIGHT', currency: 'GBP', ...body });

describe('landed costs', () => {
  it('apportions by value, quantity, weight and equally, exact to the penny, the residual to the largest line', async () => {
    const s = await supplier();
    const w = await warehouse();
    const [a, b, c] = [await product('0.5'), await product('1.25'), await product('2')];
    // Values 10 × 1.00, 20 × 2.00, 30 × 3.00 = 10, 40, 90 (140 in all).
    const po = await order(s.id, w.id, [
      { productId: a.id, q: '10', cost: '1.00' },
      { productId: b.id, q: '20', cost: '2.00' },
      { productId: c.id, q: '30', cost: '3.00' },
    ]);
    const r = await receiveAll(
      po.id,
      po.lineIds.map((id, i) => ({ orderLineId: id, q: ['10', '20', '30'][i] as string })),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.note.id;
    const preview = async (basis: string, amount = '100.00') => {
      const res = await clerk.post<LandedCostPreview & ErrorBody>(
        `/api/goods-received-notes/${id}/landed-costs/preview`,
        charge({ amount, basis }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.shares.map((x) => x.share);
    };
    // 100 × 10/140 = 7.142…, 100 × 40/140 = 28.571…, 100 × 90/140 = 64.285… → 7.14 + 28.57 + 64.29 = 100.00.
    expect(await preview('VALUE')).toEqual(['7.14', '28.57', '64.29']);
    // 10/60, 20/60, 30/60 of 100: 16.67 + 33.33 + 50.00 = 100.00.
    expect(await preview('QUANTITY')).toEqual(['16.67', '33.33', '50.00']);
    // Weights 5, 25, 60 (90): 5.56 + 27.78 + 66.67 = 100.01 → the largest gives the penny back: 66.66.
    expect(await preview('WEIGHT')).toEqual(['5.56', '27.78', '66.66']);
    // 100 / 3: 33.33 each, the residual penny to the first of the (equal) largest.
    expect(await preview('EQUAL')).toEqual(['33.34', '33.33', '33.33']);
    // A preview writes nothing.
    const before = await tableCounts();
    await preview('VALUE', '0.01');
    expect(await tableCounts()).toEqual(before);
    // A foreign charge at a typed rate: 80.00 EUR × 0.85 = 68.00 GBP.
    const eur = await clerk.post<LandedCostPreview>(
      `/api/goods-received-notes/${id}/landed-costs/preview`,
      charge({ amount: '80.00', currency: 'EUR', exchangeRate: '0.85', basis: 'QUANTITY' }),
    );
    expect([eur.body.amountGbp, eur.body.shares.map((x) => x.share)]).toEqual(['68.00', ['11.33', '22.67', '34.00']]);
  });

  it('refuses a basis by weight when a product has no weight, and a draft note, writing nothing', async () => {
    const s = await supplier();
    const w = await warehouse();
    const [a, b] = [await product('1'), await product()];
    const po = await order(s.id, w.id, [
      { productId: a.id, q: '2', cost: '5.00' },
      { productId: b.id, q: '2', cost: '5.00' },
    ]);
    const r = await receiveAll(po.id, [
      { orderLineId: po.lineIds[0] as string, q: '2' },
      { orderLineId: po.lineIds[1] as string, q: '2' },
    ]);
    const before = await tableCounts();
    const weight = await admin.post<ErrorBody>(
      `/api/goods-received-notes/${r.body.note.id}/landed-costs`,
      charge({ amount: '10.00', basis: 'WEIGHT' }),
      key(),
    );
    expect([weight.status, weight.body.code]).toEqual([422, 'LANDED_COST_WEIGHT_MISSING']);
    expect(weight.body.message).toContain(b.sku);
    expect(weight.body.message).not.toContain(a.sku);

    const po2 = await order(s.id, w.id, [{ productId: a.id, q: '1', cost: '1.00' }]);
    const d = await admin.post<GoodReceivedNote>('/api/goods-received-notes', {
      purchaseOrderId: po2.id,
      lines: [{ orderLineId: po2.lineIds[0], receivedQuantity: '1', acceptedQuantity: '1' }],
    });
    const draft = await admin.post<ErrorBody>(
      `/api/goods-received-notes/${d.body.id}/landed-costs`,
      charge({ amount: '10.00', basis: 'EQUAL' }),
      key(),
    );
    expect([draft.status, draft.body.code]).toEqual([409, 'LANDED_COST_NOTE_NOT_POSTED']);
    // The clerk previews but does not apply.
    const clerkApply = await clerk.post<ErrorBody>(
      `/api/goods-received-notes/${r.body.note.id}/landed-costs`,
      charge({ amount: '10.00', basis: 'EQUAL' }),
      key(),
    );
    expect(clerkApply.status).toBe(403);
    expect(await tableCounts()).toEqual(before);
  });

  it('applied on a receipt half sold: half to the layers still in stock, half to cost of sales; idempotent', async () => {
    const s = await supplier();
    const w = await warehouse();
    const [a, b] = [await product(), await product()];
    const po = await order(s.id, w.id, [
      { productId: a.id, q: '10', cost: '2.00' },
      { productId: b.id, q: '10', cost: '2.00' },
    ]);
    const r = await receiveAll(po.id, [
      { orderLineId: po.lineIds[0] as string, q: '10' },
      { orderLineId: po.lineIds[1] as string, q: '10' },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await issue(a.id, w.id, '5');
    expect(await level(a.id, w.id)).toEqual({ onHand: '5', inTransit: '0', value: '10.00' });

    const headers = key();
    const body = charge({ amount: '30.00', basis: 'QUANTITY', chargeType: 'DUTY', description: 'Import duty' });
    const applied = await admin.post<LandedCostCharge & ErrorBody>(
      `/api/goods-received-notes/${r.body.note.id}/landed-costs`,
      body,
      headers,
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    expect(applied.body).toMatchObject({
      chargeType: 'DUTY',
      amountGbp: '30.00',
      basis: 'QUANTITY',
      inStock: '22.50',
      costOfSales: '7.50',
    });
    expect(applied.body.shares.map((x) => [x.share, x.inStock, x.costOfSales])).toEqual([
      ['15.00', '7.50', '7.50'],
      ['15.00', '15.00', '0.00'],
    ]);
    // a: 5 left at 2.00 + 7.50 = 17.50; b: 10 at 2.00 + 15.00 = 35.00.
    expect(await level(a.id, w.id)).toMatchObject({ onHand: '5', value: '17.50' });
    expect(await level(b.id, w.id)).toMatchObject({ onHand: '10', value: '35.00' });
    expect(await costOfSales(a.id)).toEqual([['7.50', 'SOLD', 'goods_received_note']]);
    expect(await costOfSales(b.id)).toEqual([]);

    // The same request again (same key): the first answer, nothing applied twice.
    const before = await tableCounts();
    const again = await admin.post<LandedCostCharge>(
      `/api/goods-received-notes/${r.body.note.id}/landed-costs`,
      body,
      headers,
    );
    expect([again.status, again.body.id]).toEqual([201, applied.body.id]);
    expect(await tableCounts()).toEqual(before);
    expect(await level(a.id, w.id)).toMatchObject({ value: '17.50' });

    const list = await admin.get<LandedCostCharge[]>(`/api/goods-received-notes/${r.body.note.id}/landed-costs`);
    expect(list.body.map((c) => [c.id, c.description, c.createdBy?.username !== undefined])).toEqual([
      [applied.body.id, 'Import duty', true],
    ]);
    const { rows: log } = await sql<{ action: string }>`SELECT action FROM system_logs
      WHERE entity = 'good_received_note' AND entity_id = ${r.body.note.number} ORDER BY id`.execute(ta.t.db);
    expect(log.map((l) => l.action)).toContain('add_landed_cost');
  });
});

describe('Send Inventory received at its destination', () => {
  async function sendOrder() {
    const own = await warehouse();
    const fba = await warehouse('AMAZON_FBA');
    const a = await product();
    const s = await supplier();
    // Bought in at two costs: 4 at 2.00, then 6 at 3.00.
    const po1 = await order(s.id, own.id, [{ productId: a.id, q: '4', cost: '2.00' }]);
    await receiveAll(po1.id, [{ orderLineId: po1.lineIds[0] as string, q: '4' }]);
    const po2 = await order(s.id, own.id, [{ productId: a.id, q: '6', cost: '3.00' }]);
    await receiveAll(po2.id, [{ orderLineId: po2.lineIds[0] as string, q: '6' }]);
    const created = await admin.post<PurchaseOrder>(
      '/api/purchase-orders',
      {
        type: 'SEND_INVENTORY',
        warehouseId: own.id,
        destinationWarehouseId: fba.id,
        shipmentReference: 'FBA15LC',
        lines: [{ productId: a.id, quantity: '6', unitCost: '0' }],
      },
      key(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { own, fba, a, order: created.body };
  }

  it('receives partly then fully out of transit at the cost it left with; never more than dispatched', async () => {
    const { own, fba, a, order: so } = await sendOrder();
    const lineId = so.lines[0]?.id as string;
    // Not yet dispatched: not receivable.
    const early = await receiveAll(so.id, [{ orderLineId: lineId, q: '1' }]);
    expect([early.status, early.body.code]).toEqual([422, 'GRN_ORDER_NOT_RECEIVABLE']);
    await admin.post(`/api/purchase-orders/${so.id}/approve`);
    const sent = await admin.post<PurchaseOrder>(`/api/purchase-orders/${so.id}/dispatch`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // 4 at 2.00 + 2 at 3.00 = 14.00 in transit.
    expect(await level(a.id, fba.id)).toEqual({ onHand: '0', inTransit: '6', value: '14.00' });

    const offered = await admin.get<ReceivableOrderDetail>(`/api/goods-received-notes/receivable-orders/${so.id}`);
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.warehouse.id).toBe(fba.id);
    expect(offered.body.lines.map((l) => [l.outstandingQuantity, l.maxAcceptable])).toEqual([['6', '6']]);

    const first = await receiveAll(so.id, [{ orderLineId: lineId, q: '4' }]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.note).toMatchObject({ status: 'POSTED', supplier: null, exchangeRate: null });
    expect(first.body.note.warehouse.id).toBe(fba.id);
    // The oldest of what left: 4 at 2.00 = 8.00 comes into the bins.
    expect(first.body.note.totals.value).toBe('8.00');
    expect(first.body.movements.map((m) => m.kind).sort()).toEqual(['TRANSIT_IN', 'TRANSIT_OUT']);
    expect(await level(a.id, fba.id)).toEqual({ onHand: '4', inTransit: '2', value: '14.00' });
    const { rows: o1 } = await sql<{ status: string }>`SELECT status FROM purchase_orders WHERE id = ${so.id}`.execute(
      ta.t.db,
    );
    expect(o1[0]?.status).toBe('PARTIALLY_RECEIVED');

    // More than is still in transit: refused, nothing written.
    const before = await tableCounts();
    const over = await receiveAll(so.id, [{ orderLineId: lineId, q: '3' }]);
    expect([over.status, over.body.code]).toEqual([422, 'GRN_EXCEEDS_IN_TRANSIT']);
    expect(over.body.message).toContain('only 2 is still in transit');
    expect(await tableCounts()).toEqual(before);

    const rest = await receiveAll(so.id, [{ orderLineId: lineId, q: '2' }]);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.note.totals.value).toBe('6.00');
    expect(await level(a.id, fba.id)).toEqual({ onHand: '6', inTransit: '0', value: '14.00' });
    // The source kept 4 at 3.00.
    expect(await level(a.id, own.id)).toEqual({ onHand: '4', inTransit: '0', value: '12.00' });
    const { rows: o2 } = await sql<{ status: string }>`SELECT status FROM purchase_orders WHERE id = ${so.id}`.execute(
      ta.t.db,
    );
    expect(o2[0]?.status).toBe('RECEIVED');
    const done = await receiveAll(so.id, [{ orderLineId: lineId, q: '1' }]);
    expect([done.status, done.body.code]).toEqual([422, 'GRN_ORDER_NOT_RECEIVABLE']);
  });

  it('two receipts racing for the same line never take more than was dispatched', async () => {
    const { fba, a, order: so } = await sendOrder();
    const lineId = so.lines[0]?.id as string;
    await admin.post(`/api/purchase-orders/${so.id}/approve`);
    await admin.post(`/api/purchase-orders/${so.id}/dispatch`);
    const drafts = await Promise.all(
      [1, 2].map(() =>
        admin.post<GoodReceivedNote>('/api/goods-received-notes', {
          purchaseOrderId: so.id,
          lines: [{ orderLineId: lineId, receivedQuantity: '4', acceptedQuantity: '4' }],
        }),
      ),
    );
    expect(drafts.map((d) => d.status)).toEqual([201, 201]);
    const posted = await Promise.all(
      drafts.map((d) => admin.post<ErrorBody>(`/api/goods-received-notes/${d.body.id}/post`)),
    );
    expect(posted.map((p) => [p.status, p.body.code ?? null]).sort()).toEqual([
      [200, null],
      [422, 'GRN_EXCEEDS_IN_TRANSIT'],
    ]);
    expect(await level(a.id, fba.id)).toEqual({ onHand: '4', inTransit: '2', value: '14.00' });
  });

  it('writes rejected units off out of transit at their cost, and takes no landed cost', async () => {
    const { fba, a, order: so } = await sendOrder();
    const lineId = so.lines[0]?.id as string;
    await admin.post(`/api/purchase-orders/${so.id}/approve`);
    await admin.post(`/api/purchase-orders/${so.id}/dispatch`);
    const r = await receiveAll(so.id, [{ orderLineId: lineId, q: '5', rejected: '1' }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // 4 at 2.00 + 1 at 3.00 in; 1 at 3.00 written off.
    expect(r.body.note.totals.value).toBe('11.00');
    expect(await level(a.id, fba.id)).toEqual({ onHand: '5', inTransit: '0', value: '11.00' });
    const { rows } = await sql<{ status: string }>`SELECT status FROM purchase_orders WHERE id = ${so.id}`.execute(
      ta.t.db,
    );
    expect(rows[0]?.status).toBe('RECEIVED');
    const lc = await admin.post<ErrorBody>(
      `/api/goods-received-notes/${r.body.note.id}/landed-costs`,
      charge({ amount: '5.00', basis: 'EQUAL' }),
      key(),
    );
    expect([lc.status, lc.body.code]).toEqual([422, 'LANDED_COST_NOTHING_TO_SHARE']);
  });
});
