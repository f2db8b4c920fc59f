import type {
  ErrorBody,
  FastMatch,
  GoodReceivedNote,
  GoodReceivedNoteStepResult,
  GoodReceivedNoteSummary,
  Page,
  ReceivableOrderDetail,
  StockMovement,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkStock } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let admin: ApiClient;
/** Everything but view_good_received_note. */
let blind: ApiClient;
/** Views and drafts receipts, does not post them (no approve_good_received_note) nor cancel them. */
let clerk: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  const others = ALL_PERMISSIONS.filter((x) => !x.endsWith('_good_received_note'));
  const [a, b, c] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((x) => x !== 'view_good_received_note'),
    ),
    clientWith(ta, [...others, 'view_good_received_note', 'add_good_received_note']),
  ]);
  admin = a.api;
  blind = b.api;
  clerk = c.api;
}, 120_000);
afterAll(() => ta.close());
// Every scenario leaves the ledger, levels, layers and read models agreeing.
afterEach(async () => {
  const check = await checkStock(ta.t.db);
  expect(check.differences).toEqual([]);
  expect(check.ok).toBe(true);
});

const D = (v: string | number) => new Decimal(v);
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);

let n = 0;
const uniq = () => {
  n += 1;
  return `${n}${Date.now() % 100000}`;
};
async function product(opts: { barcode?: string; unit?: string } = {}) {
  const sku = `GRN-${uniq()}`;
  const row = await ta.t.db
    .insertInto('products')
    .values({ sku, name: `Receipt test ${sku}`, ...(opts.unit ? { unit: opts.unit } : {}) })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
  if (opts.barcode)
    await ta.t.db
      .insertInto('product_barcodes')
      .values({ product_id: row.id, barcode: opts.barcode, position: 0 })
      .execute();
  return row;
}
async function supplier() {
  return ta.t.db
    .insertInto('business_partners')
    .values({
      code: `SUP${uniq()}`,
      name: 'Supplier Ltd',
      default_currency: 'GBP',
      payment_terms_days: 30,
      active: true,
      is_consignment: false,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
}
async function warehouse(tolerance = '0') {
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `GW${uniq()}`, name: 'Receiving warehouse', kind: 'OWN' })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  const receiving = await bin(w.id, 'RECV');
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: w.id, default_receiving_location_id: receiving, over_receipt_tolerance: tolerance })
    .execute();
  return { ...w, receiving };
}
async function bin(warehouseId: string, code: string) {
  const row = await ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: warehouseId, code })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface OrderLineSpec {
  productId: string;
  quantity: string;
  unitCost: string;
  discount?: string;
  locationId?: string | null;
}
/** An approved purchase order written as the orders area writes one (net rounded per line, VAT 20 %). */
async function order(
  supplierId: string,
  warehouseId: string,
  lines: OrderLineSpec[],
  opts: { currency?: string; type?: string; orderDate?: string; status?: string } = {},
) {
  const number = `PO-T-${uniq()}`;
  const nets = lines.map((l) =>
    D(l.quantity)
      .times(l.unitCost)
      .times(D(100).sub(l.discount ?? '0'))
      .div(100)
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
  );
  const vats = nets.map((v) => v.times('0.2').toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
  const net = nets.reduce((s, v) => s.add(v), D(0));
  const vat = vats.reduce((s, v) => s.add(v), D(0));
  const status = opts.status ?? 'APPROVED';
  const { rows } = await sql<{ id: string }>`INSERT INTO purchase_orders
    (number, type, status, supplier_id, warehouse_id, currency, order_date, net_total, vat_total, gross_total, approved_at)
    VALUES (${number}, ${opts.type ?? 'PRIOR_ORDER_PO'}, ${status}, ${supplierId}, ${warehouseId},
      ${opts.currency ?? 'GBP'}, ${opts.orderDate ?? daysAgo(20)}, ${net.toFixed(2)}, ${vat.toFixed(2)},
      ${net.add(vat).toFixed(2)}, ${status === 'DRAFT' ? null : new Date()})
    RETURNING id`.execute(ta.t.db);
  const id = rows[0]?.id as string;
  const lineIds: string[] = [];
  for (const [i, l] of lines.entries()) {
    const { rows: r } = await sql<{ id: string }>`INSERT INTO purchase_order_lines
      (order_id, line_no, product_id, quantity, unit_cost, discount_percent, net_amount, vat_amount, location_id)
      VALUES (${id}, ${i + 1}, ${l.productId}, ${l.quantity}, ${l.unitCost}, ${l.discount ?? '0'},
        ${nets[i]?.toFixed(2)}, ${vats[i]?.toFixed(2)}, ${l.locationId ?? null})
      RETURNING id`.execute(ta.t.db);
    lineIds.push(r[0]?.id as string);
  }
  return { id, number, lineIds };
}
async function orderState(id: string) {
  const { rows } = await sql<{ status: string }>`SELECT status FROM purchase_orders WHERE id = ${id}`.execute(ta.t.db);
  const { rows: lines } = await sql<{ received: string; rejected: string }>`
    SELECT received_quantity::text AS received, rejected_quantity::text AS rejected
    FROM purchase_order_lines WHERE order_id = ${id} ORDER BY line_no`.execute(ta.t.db);
  return {
    status: rows[0]?.status,
    lines: lines.map((l) => [D(l.received).toFixed(), D(l.rejected).toFixed()]),
  };
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
    consigned: D(l?.consigned ?? 0).toFixed(),
    value: D(l?.value ?? 0).toFixed(2),
  };
}
async function layers(productId: string, warehouseId: string) {
  const rows = await ta.t.db
    .selectFrom('stock_layers')
    .selectAll()
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .orderBy('received_at')
    .execute();
  return rows.map((l) => ({
    remaining: D(l.remaining).toFixed(),
    unitCost: D(l.unit_cost).toFixed(),
    value: D(l.remaining_value).toFixed(),
    owner: l.owner_partner_id,
  }));
}
async function counts() {
  const { rows } = await sql<{ movements: string; notes: string }>`SELECT
    (SELECT count(*) FROM stock_movements) AS movements, (SELECT count(*) FROM goods_received_notes) AS notes`.execute(
    ta.t.db,
  );
  return rows[0];
}

interface LineIn {
  orderLineId: string;
  receivedQuantity: string;
  acceptedQuantity: string;
  rejectedQuantity?: string;
  locationId?: string | null;
  note?: string;
}
async function draft(purchaseOrderId: string, lines: LineIn[], extra: Record<string, unknown> = {}, client = admin) {
  const res = await client.post<GoodReceivedNote & ErrorBody>('/api/goods-received-notes', {
    purchaseOrderId,
    lines,
    ...extra,
  });
  return res;
}
const postNote = (id: string, client: ApiClient = admin) =>
  client.post<GoodReceivedNoteStepResult & ErrorBody>(`/api/goods-received-notes/${id}/post`);
async function receive(purchaseOrderId: string, lines: LineIn[], extra: Record<string, unknown> = {}) {
  const d = await draft(purchaseOrderId, lines, extra);
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  const p = await postNote(d.body.id);
  return p;
}

describe('receiving against an order', () => {
  it('receives part, then the rest in a second note; the order moves on and stock comes in at the net unit cost', async () => {
    const s = await supplier();
    const w = await warehouse();
    const shelf = await bin(w.id, 'A-01');
    const a = await product();
    const b = await product();
    // 10 at 3.00 less 10 % = 27.00 net (2.70 each); 4 at 5.00.
    const po = await order(s.id, w.id, [
      { productId: a.id, quantity: '10', unitCost: '3.00', discount: '10' },
      { productId: b.id, quantity: '4', unitCost: '5.00', locationId: shelf },
    ]);

    const offered = await admin.get<Page<{ id: string }>>(`/api/goods-received-notes/receivable-orders?q=${po.number}`);
    expect(offered.body.items.map((o) => o.id)).toEqual([po.id]);
    const prefill = await admin.get<ReceivableOrderDetail>(`/api/goods-received-notes/receivable-orders/${po.id}`);
    expect(prefill.status).toBe(200);
    expect(prefill.body.lines.map((l) => [l.product.sku, l.outstandingQuantity, l.unitCost])).toEqual([
      [a.sku, '10', '2.7'],
      [b.sku, '4', '5'],
    ]);

    const d = await draft(po.id, [
      {
        orderLineId: po.lineIds[0] as string,
        receivedQuantity: '6',
        acceptedQuantity: '5',
        rejectedQuantity: '1',
        note: 'one crushed',
      },
    ]);
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    expect(d.body).toMatchObject({ status: 'DRAFT', purchaseOrder: { number: po.number }, supplier: { id: s.id } });
    expect(d.body.number).toMatch(new RegExp(`^GRN-${new Date().getFullYear()}-\\d{5}$`));
    // A draft moves nothing.
    expect(await level(a.id, w.id)).toMatchObject({ onHand: '0' });

    const first = await postNote(d.body.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.note).toMatchObject({ status: 'POSTED', exchangeRate: '1', totals: { value: '13.50' } });
    expect(
      first.body.movements.map((m) => [m.kind, m.quantity, m.value, m.location?.code, m.sourceType, m.sourceLine]),
    ).toEqual([['RECEIPT', '5', '13.50', 'RECV', 'goods_received_note', '1']]);
    expect(first.body.movements[0]?.sourceId).toBe(d.body.id);
    expect(await orderState(po.id)).toEqual({
      status: 'PARTIALLY_RECEIVED',
      lines: [
        ['5', '1'],
        ['0', '0'],
      ],
    });

    // The rest: line 1 in full into a named bin, line 2 into the order line's location.
    const second = await receive(po.id, [
      { orderLineId: po.lineIds[0] as string, receivedQuantity: '5', acceptedQuantity: '5', locationId: shelf },
      { orderLineId: po.lineIds[1] as string, receivedQuantity: '4', acceptedQuantity: '4' },
    ]);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.movements.map((m) => [m.product.sku, m.quantity, m.value, m.location?.code])).toEqual([
      [a.sku, '5', '13.50', 'A-01'],
      [b.sku, '4', '20.00', 'A-01'],
    ]);
    expect(await orderState(po.id)).toEqual({
      status: 'RECEIVED',
      lines: [
        ['10', '1'],
        ['4', '0'],
      ],
    });
    expect(await level(a.id, w.id)).toMatchObject({ onHand: '10', value: '27.00' });

    // A received order takes no more receipts; a posted note is not posted again.
    const more = await draft(po.id, [
      { orderLineId: po.lineIds[1] as string, receivedQuantity: '1', acceptedQuantity: '1' },
    ]);
    expect(more.status).toBe(422);
    expect(more.body.code).toBe('GRN_ORDER_NOT_RECEIVABLE');
    const beforeAgain = await counts();
    const again = await postNote(d.body.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('GRN_STATUS_CONFLICT');
    expect(again.body.message).toContain('is posted: it cannot be posted again');
    expect(again.body.details).toEqual({
      document: 'good_received_note',
      number: d.body.number,
      status: 'POSTED',
      action: 'post',
      allowedActions: [],
    });
    expect(await counts()).toEqual(beforeAgain);
    // Each step is one outbox event per document whose status changed: the note's, and the order's when it moved.
    const events = await ta.t.db
      .selectFrom('outbox_events')
      .select(['key', 'payload'])
      .where('type', '=', 'document.status_changed')
      .where('key', 'in', [`good_received_note:${d.body.id}`, `purchase_order:${po.id}`])
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.key, (e.payload as { to: string }).to])).toEqual([
      [`purchase_order:${po.id}`, 'PARTIALLY_RECEIVED'],
      [`good_received_note:${d.body.id}`, 'POSTED'],
      [`purchase_order:${po.id}`, 'RECEIVED'],
    ]);

    // The ledger rows of a note, the list and its search, the system log of both documents.
    const rows = await admin.get<Page<StockMovement>>(`/api/goods-received-notes/${d.body.id}/movements`);
    expect(rows.body.total).toBe(1);
    for (const q of [d.body.number, po.number, s.code, b.sku]) {
      const list = await admin.get<Page<GoodReceivedNoteSummary>>(
        `/api/goods-received-notes?q=${encodeURIComponent(q)}`,
      );
      expect(list.status).toBe(200);
      expect(list.body.items.length, q).toBeGreaterThan(0);
    }
    const byOrder = await admin.get<Page<GoodReceivedNoteSummary>>(
      `/api/goods-received-notes?purchaseOrderId=${po.id}&sort=number`,
    );
    expect(byOrder.body.items.map((x) => [x.status, x.acceptedQuantity, x.rejectedQuantity])).toEqual([
      ['POSTED', '5', '1'],
      ['POSTED', '9', '0'],
    ]);
    const logs = await ta.t.db
      .selectFrom('system_logs')
      .select(['entity', 'action'])
      .where('entity_id', 'in', [d.body.number, po.number])
      .orderBy('id')
      .execute();
    expect(logs.map((l) => `${l.entity}:${l.action}`)).toEqual([
      'good_received_note:create',
      'purchase_order:receive',
      'good_received_note:post',
      'purchase_order:receive',
    ]);
    const xlsx = await admin.get(`/api/goods-received-notes/export?purchaseOrderId=${po.id}`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    // A received order is no longer offered for receiving.
    const open = await admin.get<Page<{ id: string }>>(
      `/api/goods-received-notes/receivable-orders?supplierId=${s.id}`,
    );
    expect(open.body.items.map((o) => o.id)).not.toContain(po.id);
    const pdf = await admin.get<string>(`/api/goods-received-notes/${d.body.id}/pdf?lang=de`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
  });

  it('refuses an over-receipt beyond the tolerance with the figures, and writes nothing', async () => {
    const s = await supplier();
    const w = await warehouse('10');
    const a = await product();
    const po = await order(s.id, w.id, [{ productId: a.id, quantity: '10', unitCost: '1.00' }]);
    const first = await receive(po.id, [
      { orderLineId: po.lineIds[0] as string, receivedQuantity: '8', acceptedQuantity: '8' },
    ]);
    expect(first.status).toBe(200);

    const before = await counts();
    const refused = await draft(po.id, [
      { orderLineId: po.lineIds[0] as string, receivedQuantity: '4', acceptedQuantity: '4' },
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('OVER_RECEIPT');
    expect(refused.body.message).toContain(
      'ordered 10, already received 8, this receipt 4; at most 11 may be received',
    );
    expect(refused.body.details).toMatchObject({
      ordered: '10',
      alreadyReceived: '8',
      thisReceipt: '4',
      maxAllowed: '11',
    });
    expect(await counts()).toEqual(before);

    // Within the tolerance: 3 more (11 in all) is taken; the order is received.
    const within = await receive(po.id, [
      { orderLineId: po.lineIds[0] as string, receivedQuantity: '3', acceptedQuantity: '3' },
    ]);
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    expect(await orderState(po.id)).toEqual({ status: 'RECEIVED', lines: [['11', '0']] });

    // Rejected units do not count against the tolerance; accepted + rejected must make what was received.
    const po2 = await order(s.id, w.id, [{ productId: a.id, quantity: '2', unitCost: '1.00' }]);
    const rejectedOnly = await receive(po2.id, [
      { orderLineId: po2.lineIds[0] as string, receivedQuantity: '5', acceptedQuantity: '0', rejectedQuantity: '5' },
    ]);
    expect(rejectedOnly.status, JSON.stringify(rejectedOnly.body)).toBe(200);
    expect(rejectedOnly.body.movements).toEqual([]);
    expect(await orderState(po2.id)).toEqual({ status: 'PARTIALLY_RECEIVED', lines: [['0', '5']] });
    const mismatch = await draft(po2.id, [
      { orderLineId: po2.lineIds[0] as string, receivedQuantity: '2', acceptedQuantity: '1', rejectedQuantity: '0' },
    ]);
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.code).toBe('GRN_QUANTITIES_MISMATCH');
  });

  it('refuses at posting an over-receipt that another note posted in the meantime made', async () => {
    const s = await supplier();
    const w = await warehouse();
    const a = await product();
    const po = await order(s.id, w.id, [{ productId: a.id, quantity: '5', unitCost: '2.00' }]);
    const one = await draft(po.id, [
      { orderLineId: po.lineIds[0] as string, receivedQuantity: '4', acceptedQuantity: '4' },
    ]);
    const two = await draft(po.id, [
      { orderLineId: po.lineIds[0] as string, receivedQuantity: '3', acceptedQuantity: '3' },
    ]);
    expect((await postNote(one.body.id)).status).toBe(200);
    const before = await counts();
    const late = await postNote(two.body.id);
    expect(late.status).toBe(422);
    expect(late.body.code).toBe('OVER_RECEIPT');
    expect(late.body.details).toMatchObject({ ordered: '5', alreadyReceived: '4', thisReceipt: '3', maxAllowed: '5' });
    expect(await counts()).toEqual(before);
    expect((await admin.get<GoodReceivedNote>(`/api/goods-received-notes/${two.body.id}`)).body.status).toBe('DRAFT');
    // The draft that cannot be posted any more is cancelled (its number stays used).
    const cancelled = await admin.post<GoodReceivedNote>(`/api/goods-received-notes/${two.body.id}/cancel`, {
      reason: 'duplicate',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELED', cancelReason: 'duplicate' });
    const again = await admin.post<ErrorBody>(`/api/goods-received-notes/${two.body.id}/cancel`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('GRN_STATUS_CONFLICT');
  });

  it('two receipts racing for the same order line never over-receive', async () => {
    const s = await supplier();
    const w = await warehouse();
    const a = await product();
    const po = await order(s.id, w.id, [{ productId: a.id, quantity: '10', unitCost: '1.50' }]);
    const drafts = await Promise.all(
      [0, 1, 2, 3].map(() =>
        draft(po.id, [{ orderLineId: po.lineIds[0] as string, receivedQuantity: '4', acceptedQuantity: '4' }]),
      ),
    );
    for (const d of drafts) expect(d.status, JSON.stringify(d.body)).toBe(201);
    const results = await Promise.all(drafts.map((d) => postNote(d.body.id)));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(2);
    expect(refused.map((r) => r.body.code)).toEqual(['OVER_RECEIPT', 'OVER_RECEIPT']);
    expect(await orderState(po.id)).toEqual({ status: 'PARTIALLY_RECEIVED', lines: [['8', '0']] });
    expect(await level(a.id, w.id)).toMatchObject({ onHand: '8', value: '12.00' });
    // The fast screen racing the same line too.
    const fast = await Promise.all(
      [0, 1].map(() =>
        admin.post<ErrorBody>('/api/goods-received-notes/fast/post', {
          supplierId: s.id,
          warehouseId: w.id,
          lines: [{ code: a.sku, quantity: '2' }],
        }),
      ),
    );
    expect(fast.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(await orderState(po.id)).toEqual({ status: 'RECEIVED', lines: [['10', '0']] });
  });
});

describe('costs: currencies and consignment', () => {
  it('values a foreign-currency receipt at the received date’s rate, exactly, in the ledger and the layers', async () => {
    await ta.t.db
      .insertInto('exchange_rates')
      .values([
        { currency: 'EUR', effective_date: daysAgo(30), rate: '0.8' },
        { currency: 'EUR', effective_date: daysAgo(3), rate: '0.865' },
      ])
      .execute();
    const s = await supplier();
    const w = await warehouse();
    const a = await product();
    // 3 at 10.00 EUR less 0 % = 30.00 EUR; 7 at 1.00 less 1/3 ... kept simple: one line, two receipts.
    const po = await order(s.id, w.id, [{ productId: a.id, quantity: '6', unitCost: '10.00' }], { currency: 'EUR' });
    // Received five days ago: that day's rate is 0.8.
    const early = await receive(
      po.id,
      [{ orderLineId: po.lineIds[0] as string, receivedQuantity: '3', acceptedQuantity: '3' }],
      { receivedDate: daysAgo(5) },
    );
    expect(early.status, JSON.stringify(early.body)).toBe(200);
    expect(early.body.note).toMatchObject({ exchangeRate: '0.8', rateDate: daysAgo(30), receivedDate: daysAgo(5) });
    expect(early.body.note.lines[0]).toMatchObject({ unitCost: '10', unitCostGbp: '8', value: '24.00' });
    expect(early.body.movements.map((m) => [m.quantity, m.value, m.postedAt.slice(0, 10) <= daysAgo(4)])).toEqual([
      ['3', '24.00', true],
    ]);
    // Today: 0.865.
    const today = await receive(po.id, [
      { orderLineId: po.lineIds[0] as string, receivedQuantity: '3', acceptedQuantity: '3' },
    ]);
    expect(today.status, JSON.stringify(today.body)).toBe(200);
    expect(today.body.note.lines[0]).toMatchObject({ unitCostGbp: '8.65', value: '25.95' });
    expect(await layers(a.id, w.id)).toEqual([
      { remaining: '3', unitCost: '8', value: '24', owner: null },
      { remaining: '3', unitCost: '8.65', value: '25.95', owner: null },
    ]);
    expect(await level(a.id, w.id)).toMatchObject({ onHand: '6', value: '49.95' });
  });

  it('refuses a receipt in a currency without a rate on that day, naming both, and writes nothing', async () => {
    const s = await supplier();
    const w = await warehouse();
    const a = await product();
    const po = await order(s.id, w.id, [{ productId: a.id, quantity: '2', unitCost: '4.00' }], { currency: 'USD' });
    const d = await draft(po.id, [
      { orderLineId: po.lineIds[0] as string, receivedQuantity: '2', acceptedQuantity: '2' },
    ]);
    expect(d.status).toBe(201);
    const before = await counts();
    const refused = await postNote(d.body.id);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('NO_EXCHANGE_RATE');
    expect(refused.body.message).toContain('USD');
    expect(refused.body.details).toMatchObject({ currency: 'USD', date: d.body.receivedDate });
    expect(await counts()).toEqual(before);
    expect(await orderState(po.id)).toEqual({ status: 'APPROVED', lines: [['0', '0']] });
  });

  it('receives a consignment order as supplier-owned stock, counted as consigned and valued at zero', async () => {
    const s = await supplier();
    const w = await warehouse();
    const a = await product();
    const po = await order(s.id, w.id, [{ productId: a.id, quantity: '5', unitCost: '12.00' }], {
      type: 'CONSIGNMENT_PO',
    });
    const got = await receive(po.id, [
      { orderLineId: po.lineIds[0] as string, receivedQuantity: '5', acceptedQuantity: '5' },
    ]);
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect(got.body.note).toMatchObject({ consigned: true, totals: { value: '0.00' } });
    // The agreed cost is kept on the line for what will be owed when sold.
    expect(got.body.note.lines[0]).toMatchObject({ unitCostGbp: '12', value: '0.00' });
    expect(got.body.movements.map((m) => [m.kind, m.quantity, m.value, m.ownerPartnerId])).toEqual([
      ['RECEIPT', '5', '0.00', s.id],
    ]);
    expect(await level(a.id, w.id)).toEqual({ onHand: '5', consigned: '5', value: '0.00' });
    expect((await layers(a.id, w.id)).map((l) => [l.remaining, l.value, l.owner])).toEqual([['5', '0', s.id]]);
    expect(await orderState(po.id)).toEqual({ status: 'RECEIVED', lines: [['5', '0']] });
  });
});

describe('fast receiving', () => {
  it('matches scans across the supplier’s open orders oldest first, flags what is wrong, then posts one note per order', async () => {
    const s = await supplier();
    const other = await supplier();
    const w = await warehouse('10');
    const a = await product({ barcode: `50${String(Date.now()).slice(-11)}` });
    const b = await product();
    const stranger = await product();
    const barcode = (
      await ta.t.db
        .selectFrom('product_barcodes')
        .select('barcode')
        .where('product_id', '=', a.id)
        .executeTakeFirstOrThrow()
    ).barcode;
    const older = await order(s.id, w.id, [{ productId: a.id, quantity: '3', unitCost: '1.00' }], {
      orderDate: daysAgo(10),
    });
    const newer = await order(
      s.id,
      w.id,
      [
        { productId: a.id, quantity: '10', unitCost: '1.10' },
        { productId: b.id, quantity: '2', unitCost: '2.00' },
      ],
      { orderDate: daysAgo(2) },
    );
    // Another supplier's order and a draft are not open orders of this receipt.
    await order(other.id, w.id, [{ productId: stranger.id, quantity: '5', unitCost: '1.00' }]);
    await order(s.id, w.id, [{ productId: stranger.id, quantity: '5', unitCost: '1.00' }], { status: 'DRAFT' });

    const scans = [
      { code: barcode, quantity: '1' },
      { code: a.sku.toLowerCase(), quantity: '4' },
      { code: b.sku, quantity: '3' },
      { code: stranger.sku, quantity: '1' },
      { code: 'NO-SUCH-CODE', quantity: '1' },
    ];
    const matched = await admin.post<FastMatch>('/api/goods-received-notes/fast/match', {
      supplierId: s.id,
      warehouseId: w.id,
      lines: scans,
    });
    expect(matched.status, JSON.stringify(matched.body)).toBe(200);
    expect(matched.body.ready).toBe(false);
    expect(
      matched.body.lines.map((l) => [
        l.product?.sku ?? null,
        l.quantity,
        l.allocations.map((x) => [x.orderNumber, x.quantity]),
        l.excess,
        l.flags,
      ]),
    ).toEqual([
      // 5 of A: the older order's 3 first, then 2 of the newer's 10.
      [
        a.sku,
        '5',
        [
          [older.number, '3'],
          [newer.number, '2'],
        ],
        '0',
        [],
      ],
      // 3 of B on an order of 2 with 10 %: 2 outstanding, 0.2 of tolerance, the rest over.
      [b.sku, '3', [[newer.number, '2.2']], '0.8', ['OVER_RECEIPT']],
      [stranger.sku, '1', [], '1', ['UNEXPECTED']],
      [null, '1', [], '1', ['UNKNOWN_CODE']],
    ]);
    expect(matched.body.lines[0]?.codes).toEqual([barcode, a.sku.toLowerCase()]);

    // Anything flagged refuses the post, with nothing written.
    const before = await counts();
    const refused = await admin.post<ErrorBody>('/api/goods-received-notes/fast/post', {
      supplierId: s.id,
      warehouseId: w.id,
      lines: scans,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('GRN_UNKNOWN_CODE');
    const overOnly = await admin.post<ErrorBody>('/api/goods-received-notes/fast/post', {
      supplierId: s.id,
      warehouseId: w.id,
      lines: [{ code: b.sku, quantity: '3' }],
    });
    expect(overOnly.status).toBe(422);
    expect(overOnly.body.code).toBe('OVER_RECEIPT');
    expect(overOnly.body.message).toContain('ordered 2, already received 0, this receipt 3');
    expect(await counts()).toEqual(before);

    // Clean scans post one note per order, oldest first.
    const posted = await admin.post<{ notes: GoodReceivedNote[] } & ErrorBody>('/api/goods-received-notes/fast/post', {
      supplierId: s.id,
      warehouseId: w.id,
      lines: [
        { code: barcode, quantity: '1' },
        { code: a.sku, quantity: '4' },
        { code: b.sku, quantity: '1' },
      ],
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(
      posted.body.notes.map((x) => [
        x.purchaseOrder.number,
        x.status,
        x.lines.map((l) => [l.product.sku, l.acceptedQuantity]),
      ]),
    ).toEqual([
      [older.number, 'POSTED', [[a.sku, '3']]],
      [
        newer.number,
        'POSTED',
        [
          [a.sku, '2'],
          [b.sku, '1'],
        ],
      ],
    ]);
    expect(await orderState(older.id)).toEqual({ status: 'RECEIVED', lines: [['3', '0']] });
    expect(await orderState(newer.id)).toEqual({
      status: 'PARTIALLY_RECEIVED',
      lines: [
        ['2', '0'],
        ['1', '0'],
      ],
    });
    // 3 × 1.00 + 2 × 1.10
    expect(await level(a.id, w.id)).toMatchObject({ onHand: '5', value: '5.20' });
  });
});

describe('who may do what', () => {
  it('answers 403 without the permission and changes nothing', async () => {
    const s = await supplier();
    const w = await warehouse();
    const a = await product();
    const po = await order(s.id, w.id, [{ productId: a.id, quantity: '2', unitCost: '1.00' }]);
    expect((await blind.get('/api/goods-received-notes')).status).toBe(403);
    const d = await draft(
      po.id,
      [{ orderLineId: po.lineIds[0] as string, receivedQuantity: '1', acceptedQuantity: '1' }],
      {},
      clerk,
    );
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    const before = await counts();
    expect((await postNote(d.body.id, clerk)).status).toBe(403);
    expect((await clerk.post(`/api/goods-received-notes/${d.body.id}/cancel`, {})).status).toBe(403);
    expect(
      (
        await clerk.post('/api/goods-received-notes/fast/post', {
          supplierId: s.id,
          warehouseId: w.id,
          lines: [{ code: a.sku, quantity: '1' }],
        })
      ).status,
    ).toBe(403);
    expect(await counts()).toEqual(before);
    expect(await orderState(po.id)).toEqual({ status: 'APPROVED', lines: [['0', '0']] });
  });

  it('replays a repeated create and post with the same Idempotency-Key', async () => {
    const s = await supplier();
    const w = await warehouse();
    const a = await product();
    const po = await order(s.id, w.id, [{ productId: a.id, quantity: '2', unitCost: '1.00' }]);
    const body = {
      purchaseOrderId: po.id,
      lines: [{ orderLineId: po.lineIds[0], receivedQuantity: '1', acceptedQuantity: '1' }],
    };
    const key = { 'Idempotency-Key': `grn-${uniq()}` };
    const one = await admin.post<GoodReceivedNote>('/api/goods-received-notes', body, key);
    const two = await admin.post<GoodReceivedNote>('/api/goods-received-notes', body, key);
    expect(one.status).toBe(201);
    expect(two.body.id).toBe(one.body.id);
    const postKey = { 'Idempotency-Key': `grn-post-${uniq()}` };
    const p1 = await admin.post<GoodReceivedNoteStepResult>(
      `/api/goods-received-notes/${one.body.id}/post`,
      undefined,
      postKey,
    );
    const p2 = await admin.post<GoodReceivedNoteStepResult>(
      `/api/goods-received-notes/${one.body.id}/post`,
      undefined,
      postKey,
    );
    expect(p1.status).toBe(200);
    expect(p2.status).toBe(200);
    expect(await level(a.id, w.id)).toMatchObject({ onHand: '1' });
  });

  it('refuses a send-inventory order not yet dispatched: it is received at its destination once sent', async () => {
    const w = await warehouse();
    const to = await warehouse();
    const a = await product();
    const { rows } = await sql<{ id: string }>`INSERT INTO purchase_orders
      (number, type, status, warehouse_id, destination_warehouse_id, approved_at)
      VALUES (${`PO-SI-${uniq()}`}, 'SEND_INVENTORY', 'APPROVED', ${w.id}, ${to.id}, now()) RETURNING id`.execute(
      ta.t.db,
    );
    const id = rows[0]?.id as string;
    const { rows: lines } = await sql<{ id: string }>`INSERT INTO purchase_order_lines
      (order_id, line_no, product_id, quantity, unit_cost, net_amount, vat_amount)
      VALUES (${id}, 1, ${a.id}, 2, 1, 2, 0.4) RETURNING id`.execute(ta.t.db);
    const d = await draft(id, [{ orderLineId: lines[0]?.id as string, receivedQuantity: '1', acceptedQuantity: '1' }]);
    expect(d.status).toBe(422);
    expect(d.body.code).toBe('GRN_ORDER_NOT_RECEIVABLE');
    expect(d.body.message).toContain('has not been dispatched yet');
    expect((await admin.get(`/api/goods-received-notes/receivable-orders/${id}`)).status).toBe(422);
  });

  it('refuses a draft order', async () => {
    const s = await supplier();
    const w = await warehouse();
    const a = await product();
    const po = await order(s.id, w.id, [{ productId: a.id, quantity: '2', unitCost: '1.00' }], { status: 'DRAFT' });
    const d = await draft(po.id, [
      { orderLineId: po.lineIds[0] as string, receivedQuantity: '1', acceptedQuantity: '1' },
    ]);
    expect(d.status).toBe(422);
    expect(d.body.code).toBe('GRN_ORDER_NOT_RECEIVABLE');
    expect(d.body.message).toContain('a draft');
  });
});

describe('size', () => {
  it('posts a 1,000-line receipt (timed: the figure is printed)', async () => {
    const s = await supplier();
    const w = await warehouse();
    const tag = `BENCH${uniq()}`;
    // 1,000 products and an approved order of one line each, written in bulk.
    await sql`INSERT INTO products (sku, name) SELECT ${tag} || '-' || g, 'Bench product ' || g
      FROM generate_series(1, 1000) g`.execute(ta.t.db);
    const { rows } = await sql<{ id: string }>`INSERT INTO purchase_orders
      (number, type, status, supplier_id, warehouse_id, net_total, vat_total, gross_total, approved_at)
      VALUES (${`PO-${tag}`}, 'PRIOR_ORDER_PO', 'APPROVED', ${s.id}, ${w.id}, 1000 * 6, 1000 * 1.2, 1000 * 7.2, now())
      RETURNING id`.execute(ta.t.db);
    const orderId = rows[0]?.id as string;
    await sql`INSERT INTO purchase_order_lines (order_id, line_no, product_id, quantity, unit_cost, net_amount, vat_amount)
      SELECT ${orderId}, row_number() OVER (ORDER BY p.sku), p.id, 3, 2, 6, 1.2
      FROM products p WHERE p.sku LIKE ${`${tag}-%`}`.execute(ta.t.db);
    const { rows: lines } = await sql<{ id: string }>`SELECT id FROM purchase_order_lines
      WHERE order_id = ${orderId} ORDER BY line_no`.execute(ta.t.db);
    expect(lines).toHaveLength(1000);
    const d = await draft(
      orderId,
      lines.map((l) => ({ orderLineId: l.id, receivedQuantity: '2', acceptedQuantity: '2' })),
    );
    expect(d.status, JSON.stringify(d.body).slice(0, 500)).toBe(201);
    const started = performance.now();
    const posted = await postNote(d.body.id);
    const ms = performance.now() - started;
    expect(posted.status, JSON.stringify(posted.body).slice(0, 500)).toBe(200);
    console.log(`POST /api/goods-received-notes/:id/post, 1,000 lines: ${ms.toFixed(0)} ms`);
    expect(posted.body.movements).toHaveLength(1000);
    expect(posted.body.note.totals).toMatchObject({ acceptedQuantity: '2000', value: '4000.00' });
    expect(await orderState(orderId)).toMatchObject({ status: 'PARTIALLY_RECEIVED' });
  }, 60_000);
});
