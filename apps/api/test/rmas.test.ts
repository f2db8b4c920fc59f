import type {
  ErrorBody,
  GoodReceivedNote,
  GoodReceivedNoteStepResult,
  Page,
  Rma,
  RmaReceiptOption,
  RmaStepResult,
  RmaSummary,
  SupplierCredit,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkStock } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let admin: ApiClient;
/** Everything but view_rma. */
let blind: ApiClient;
/** Views, drafts and approves RMAs; does not ship, credit, replace or cancel them. */
let clerk: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  const others = ALL_PERMISSIONS.filter((x) => !x.endsWith('_rma'));
  const [a, b, c] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((x) => x !== 'view_rma'),
    ),
    clientWith(ta, [...others, 'view_rma', 'add_rma', 'edit_rma', 'approve_rma']),
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
let n = 0;
const uniq = () => {
  n += 1;
  return `${n}${Date.now() % 100000}`;
};
async function product() {
  const sku = `RMA-${uniq()}`;
  return ta.t.db
    .insertInto('products')
    .values({ sku, name: `Return test ${sku}` })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
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
async function warehouse() {
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `RW${uniq()}`, name: 'Returns warehouse', kind: 'OWN' })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  const receiving = await ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: w.id, code: 'RECV' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: w.id, default_receiving_location_id: receiving.id, over_receipt_tolerance: '0' })
    .execute();
  return { ...w, receiving: receiving.id };
}

/** An approved order of one line, received in full through the receiving API: answers the receipt's line id. */
async function receive(
  supplierId: string,
  warehouseId: string,
  productId: string,
  quantity: string,
  unitCost: string,
  type = 'PRIOR_ORDER_PO',
) {
  const number = `PO-R-${uniq()}`;
  const net = D(quantity).times(unitCost).toFixed(2);
  const { rows } = await sql<{ id: string }>`INSERT INTO purchase_orders
    (number, type, status, supplier_id, warehouse_id, currency, order_date, net_total, vat_total, gross_total, approved_at)
    VALUES (${number}, ${type}, 'APPROVED', ${supplierId}, ${warehouseId}, 'GBP', CURRENT_DATE, ${net}, 0,
      ${net}, now()) RETURNING id`.execute(ta.t.db);
  const orderId = rows[0]?.id as string;
  const { rows: lines } = await sql<{ id: string }>`INSERT INTO purchase_order_lines
    (order_id, line_no, product_id, quantity, unit_cost, discount_percent, net_amount, vat_amount)
    VALUES (${orderId}, 1, ${productId}, ${quantity}, ${unitCost}, 0, ${net}, 0) RETURNING id`.execute(ta.t.db);
  const draft = await admin.post<GoodReceivedNote>('/api/goods-received-notes', {
    purchaseOrderId: orderId,
    lines: [{ orderLineId: lines[0]?.id, receivedQuantity: quantity, acceptedQuantity: quantity }],
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const posted = await admin.post<GoodReceivedNoteStepResult>(`/api/goods-received-notes/${draft.body.id}/post`);
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  return { lineId: posted.body.note.lines[0]?.id as string, number: posted.body.note.number };
}

/** A supplier, a warehouse and a product received twice: 5 at £2.00 (older), then 5 at £3.00 (newer). */
async function twoReceipts() {
  const s = await supplier();
  const w = await warehouse();
  const p = await product();
  const older = await receive(s.id, w.id, p.id, '5', '2.00');
  const newer = await receive(s.id, w.id, p.id, '5', '3.00');
  return { s, w, p, older, newer };
}

interface LineIn {
  productId: string;
  quantity: string;
  reason?: string;
  receiptLineId?: string | null;
  locationId?: string | null;
}
const create = (supplierId: string, warehouseId: string, lines: LineIn[], client = admin, headers = {}) =>
  client.post<Rma & ErrorBody>('/api/rmas', { supplierId, warehouseId, lines }, headers);
const step = <T = Rma>(id: string, action: string, body?: unknown, client = admin) =>
  client.post<T & ErrorBody>(`/api/rmas/${id}/${action}`, body);
async function approved(supplierId: string, warehouseId: string, lines: LineIn[]) {
  const c = await create(supplierId, warehouseId, lines);
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  const a = await step(c.body.id, 'approve', { supplierRmaNumber: `SUP-RMA-${uniq()}` });
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  return a.body;
}
async function shipped(supplierId: string, warehouseId: string, lines: LineIn[]) {
  const a = await approved(supplierId, warehouseId, lines);
  const s = await step<RmaStepResult>(a.id, 'ship');
  expect(s.status, JSON.stringify(s.body)).toBe(200);
  return s.body;
}
async function layers(productId: string, warehouseId: string) {
  const rows = await ta.t.db
    .selectFrom('stock_layers')
    .selectAll()
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .orderBy('origin_movement_id')
    .execute();
  return rows.map((l) => [D(l.remaining).toFixed(), D(l.unit_cost).toFixed()]);
}
async function level(productId: string, warehouseId: string) {
  const l = await ta.t.db
    .selectFrom('stock_levels')
    .selectAll()
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();
  return { onHand: D(l?.on_hand ?? 0).toFixed(), value: D(l?.value ?? 0).toFixed(2) };
}
async function counts() {
  const { rows } = await sql<{ movements: string; rmas: string; credits: string }>`SELECT
    (SELECT count(*) FROM stock_movements) AS movements, (SELECT count(*) FROM rmas) AS rmas,
    (SELECT count(*) FROM supplier_credits) AS credits`.execute(ta.t.db);
  return rows[0];
}
const statusOf = async (id: string) => (await admin.get<Rma>(`/api/rmas/${id}`)).body.status;

describe('shipping at the cost of the receipt', () => {
  it('takes the units from the named (newer) receipt at its cost, not FIFO’s oldest', async () => {
    const { s, w, p, newer } = await twoReceipts();
    const offered = await admin.get<RmaReceiptOption[]>(
      `/api/rmas/receipts?supplierId=${s.id}&warehouseId=${w.id}&productId=${p.id}`,
    );
    expect(offered.status).toBe(200);
    expect(offered.body.map((r) => [r.number, r.remaining, r.unitCostGbp])).toEqual([
      [newer.number, '5', '3'],
      [expect.any(String), '5', '2'],
    ]);
    const a = await approved(s.id, w.id, [
      { productId: p.id, quantity: '2', reason: 'faulty', receiptLineId: newer.lineId },
    ]);
    expect(a.lines[0]?.receipt).toMatchObject({ number: newer.number, lineNo: 1 });
    const res = await step<RmaStepResult>(a.id, 'ship');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rma).toMatchObject({ status: 'SHIPPED', totals: { quantity: '2', value: '6.00' } });
    expect(res.body.rma.lines[0]).toMatchObject({ unitCost: '3', value: '6.00' });
    expect(res.body.movements.map((m) => [m.kind, m.quantity, m.value])).toEqual([['ISSUE', '-2', '-6.00']]);
    // The older receipt is untouched; the newer one has 3 left.
    expect(await layers(p.id, w.id)).toEqual([
      ['5', '2'],
      ['3', '3'],
    ]);
    expect(await level(p.id, w.id)).toEqual({ onHand: '8', value: '19.00' });
  });

  it('takes FIFO when no receipt is named', async () => {
    const { s, w, p } = await twoReceipts();
    const res = await shipped(s.id, w.id, [{ productId: p.id, quantity: '6' }]);
    // 5 at 2.00 and 1 at 3.00.
    expect(res.rma.lines[0]).toMatchObject({ value: '13.00', unitCost: '2.16666667' });
    expect(await layers(p.id, w.id)).toEqual([['4', '3']]);
    expect(await level(p.id, w.id)).toEqual({ onHand: '4', value: '12.00' });
  });

  it('refuses, with the figures and writing nothing, when fewer units of the receipt are left than asked', async () => {
    const { s, w, p, newer } = await twoReceipts();
    // 4 of the newer receipt go back first.
    await shipped(s.id, w.id, [{ productId: p.id, quantity: '4', receiptLineId: newer.lineId }]);
    // Two lines asking 1 + 1 of it: only 1 is left (the older receipt's 5 do not count).
    const a = await approved(s.id, w.id, [
      { productId: p.id, quantity: '1', receiptLineId: newer.lineId },
      { productId: p.id, quantity: '1', receiptLineId: newer.lineId },
    ]);
    const before = await counts();
    const res = await step(a.id, 'ship');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('RMA_RECEIPT_STOCK_SHORT');
    expect(res.body.details).toMatchObject({
      sku: p.sku,
      receipt: newer.number,
      received: '5',
      remaining: '1',
      requested: '2',
    });
    expect(res.body.message).toContain('only 1');
    expect(await counts()).toEqual(before);
    expect(await statusOf(a.id)).toBe('APPROVED');
    expect(await layers(p.id, w.id)).toEqual([
      ['5', '2'],
      ['1', '3'],
    ]);
  });

  it('refuses a receipt of another supplier, warehouse or product', async () => {
    const { s, w, p, newer } = await twoReceipts();
    const other = await supplier();
    const elsewhere = await warehouse();
    const q = await product();
    for (const [sup, wh, prod] of [
      [other.id, w.id, p.id],
      [s.id, elsewhere.id, p.id],
      [s.id, w.id, q.id],
    ] as const) {
      const before = await counts();
      const res = await create(sup, wh, [{ productId: prod, quantity: '1', receiptLineId: newer.lineId }]);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('RMA_RECEIPT_MISMATCH');
      expect(res.body.details).toMatchObject({ line: 0, field: 'receiptLineId' });
      expect(await counts()).toEqual(before);
    }
  });
  it('is not sales: the replenishment report’s velocity leaves returns to supplier out', async () => {
    const { s, w, p } = await twoReceipts();
    await sql`UPDATE products SET reorder_point = 20, reorder_quantity = 1 WHERE id = ${p.id}`.execute(ta.t.db);
    await shipped(s.id, w.id, [{ productId: p.id, quantity: '3' }]);
    const res = await admin.get<{ items: { sku: string; available: string; sold: string }[] }>(
      `/api/warehouse-reports/replenishment?warehouseId=${w.id}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.map((r) => [r.sku, r.available, r.sold])).toEqual([[p.sku, '7', '0']]);
  });
});

describe('after shipping', () => {
  it('a credit records an open supplier credit in the supplier’s currency', async () => {
    const { s, w, p, newer } = await twoReceipts();
    const res = await shipped(s.id, w.id, [{ productId: p.id, quantity: '2', receiptLineId: newer.lineId }]);
    expect((await step(res.rma.id, 'credit', { amount: '0', reference: 'CN-1' })).status).toBe(400);
    const credited = await step(res.rma.id, 'credit', { amount: '7.20', reference: 'CN-77' });
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    expect(credited.body).toMatchObject({ status: 'CREDITED', creditAmount: '7.20', creditReference: 'CN-77' });
    const credits = await admin.get<SupplierCredit[]>(`/api/rmas/supplier-credits?supplierId=${s.id}`);
    expect(credits.body.map((c) => [c.currency, c.amount, c.openAmount, c.reference, c.sourceNumber])).toEqual([
      ['GBP', '7.20', '7.20', 'CN-77', res.rma.number],
    ]);
    // Closed: neither credited again nor replaced.
    const before = await counts();
    for (const [action, body] of [
      ['credit', { amount: '1.00', reference: 'CN-78' }],
      ['replace', undefined],
      ['cancel', {}],
    ] as const) {
      const again = await step(res.rma.id, action, body);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('RMA_STATUS_CONFLICT');
      expect(again.body.details).toMatchObject({ status: 'CREDITED', action, allowedActions: [] });
    }
    expect(await counts()).toEqual(before);
  });

  it('a replacement brings the units back at the cost they left with', async () => {
    const { s, w, p, newer } = await twoReceipts();
    const res = await shipped(s.id, w.id, [{ productId: p.id, quantity: '2', receiptLineId: newer.lineId }]);
    expect(await level(p.id, w.id)).toEqual({ onHand: '8', value: '19.00' });
    const back = await step<RmaStepResult>(res.rma.id, 'replace');
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.rma.status).toBe('REPLACED');
    expect(back.body.movements.map((m) => [m.kind, m.quantity, m.value])).toEqual([['RECEIPT', '2', '6.00']]);
    expect(await level(p.id, w.id)).toEqual({ onHand: '10', value: '25.00' });
    expect((await step(res.rma.id, 'credit', { amount: '1.00', reference: 'X' })).status).toBe(409);
  });

  it('a replacement for units of a consignment receipt comes back as the supplier’s, at zero to us', async () => {
    const s = await supplier();
    const w = await warehouse();
    const p = await product();
    const own = await receive(s.id, w.id, p.id, '4', '2.50');
    const consigned = await receive(s.id, w.id, p.id, '3', '7.00', 'CONSIGNMENT_PO');
    const ownerOfLayers = async () =>
      (
        await ta.t.db
          .selectFrom('stock_layers')
          .select(['owner_partner_id', 'remaining'])
          .where('product_id', '=', p.id)
          .where('warehouse_id', '=', w.id)
          .where('remaining', '>', '0')
          .orderBy('origin_movement_id')
          .execute()
      ).map((l) => [l.owner_partner_id, D(l.remaining).toFixed()]);
    expect(await ownerOfLayers()).toEqual([
      [null, '4'],
      [s.id, '3'],
    ]);
    const res = await shipped(s.id, w.id, [{ productId: p.id, quantity: '2', receiptLineId: consigned.lineId }]);
    expect(res.movements.map((m) => [m.kind, m.quantity, m.value])).toEqual([['ISSUE', '-2', '0.00']]);
    const back = await step<RmaStepResult>(res.rma.id, 'replace');
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.movements.map((m) => [m.kind, m.quantity, m.value])).toEqual([['RECEIPT', '2', '0.00']]);
    expect(await ownerOfLayers()).toEqual([
      [null, '4'],
      [s.id, '1'],
      [s.id, '2'],
    ]);
    expect(await level(p.id, w.id)).toEqual({ onHand: '7', value: '10.00' });
    // An own receipt's replacement stays ours.
    const mine = await shipped(s.id, w.id, [{ productId: p.id, quantity: '1', receiptLineId: own.lineId }]);
    const again = await step<RmaStepResult>(mine.rma.id, 'replace');
    expect(again.body.movements.map((m) => [m.kind, m.quantity, m.value])).toEqual([['RECEIPT', '1', '2.50']]);
  });
});

describe('the document', () => {
  it('walks draft → approved, refuses steps out of turn with 409 and changes nothing', async () => {
    const { s, w, p } = await twoReceipts();
    const c = await create(s.id, w.id, [{ productId: p.id, quantity: '1', reason: 'damaged' }]);
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect(c.body.number).toMatch(new RegExp(`^RMA-${new Date().getFullYear()}-\\d{5}$`));
    expect(c.body).toMatchObject({ status: 'DRAFT', currency: 'GBP', supplier: { id: s.id } });
    const before = await counts();
    for (const [action, body] of [
      ['ship', undefined],
      ['credit', { amount: '1.00', reference: 'X' }],
      ['replace', undefined],
    ] as const) {
      const r = await step(c.body.id, action, body);
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('RMA_STATUS_CONFLICT');
      expect(r.body.details).toMatchObject({ status: 'DRAFT', allowedActions: ['edit', 'approve', 'cancel'] });
    }
    expect(await counts()).toEqual(before);
    // Approval needs the supplier's RMA number.
    const none = await step(c.body.id, 'approve', { supplierRmaNumber: '  ' });
    expect(none.status).toBe(400);
    expect(await statusOf(c.body.id)).toBe('DRAFT');
    // A draft is edited (its lines replaced).
    const edited = await admin.put<Rma>(`/api/rmas/${c.body.id}`, {
      supplierId: s.id,
      warehouseId: w.id,
      note: 'two now',
      lines: [{ productId: p.id, quantity: '2' }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ note: 'two now', totals: { quantity: '2' } });
    const ok = await step(c.body.id, 'approve', { supplierRmaNumber: 'ACME-123' });
    expect(ok.body).toMatchObject({ status: 'APPROVED', supplierRmaNumber: 'ACME-123' });
    const again = await step(c.body.id, 'approve', { supplierRmaNumber: 'ACME-124' });
    expect(again.status).toBe(409);
    expect(again.body.details).toMatchObject({ status: 'APPROVED', allowedActions: ['ship', 'cancel'] });
    const edit = await admin.put<ErrorBody>(`/api/rmas/${c.body.id}`, {
      supplierId: s.id,
      warehouseId: w.id,
      lines: [{ productId: p.id, quantity: '3' }],
    });
    expect(edit.status).toBe(409);
    // Cancelled before shipping: nothing moved, and nothing more can be done.
    const canceled = await step(c.body.id, 'cancel', { reason: 'supplier refused' });
    expect(canceled.body).toMatchObject({ status: 'CANCELED', cancelReason: 'supplier refused' });
    expect((await step(c.body.id, 'ship')).status).toBe(409);
    expect(await level(p.id, w.id)).toEqual({ onHand: '10', value: '25.00' });
    // Every step is in the system log under the RMA's number.
    const { rows } = await sql<{ action: string }>`SELECT action FROM system_logs
      WHERE entity = 'rma' AND entity_id = ${c.body.number} ORDER BY id`.execute(ta.t.db);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'approve', 'cancel']);
  });

  it('cannot be cancelled once shipped', async () => {
    const { s, w, p } = await twoReceipts();
    const res = await shipped(s.id, w.id, [{ productId: p.id, quantity: '1' }]);
    const r = await step(res.rma.id, 'cancel', {});
    expect(r.status).toBe(409);
    expect(r.body.details).toMatchObject({ status: 'SHIPPED', allowedActions: ['credit', 'replace'] });
  });

  it('refuses without the permission (403) and writes nothing', async () => {
    const { s, w, p } = await twoReceipts();
    const a = await approved(s.id, w.id, [{ productId: p.id, quantity: '1' }]);
    expect((await blind.get('/api/rmas')).status).toBe(403);
    expect((await blind.get(`/api/rmas/${a.id}`)).status).toBe(403);
    const before = await counts();
    expect((await step(a.id, 'ship', undefined, clerk)).status).toBe(403);
    expect((await step(a.id, 'cancel', {}, clerk)).status).toBe(403);
    expect((await create(s.id, w.id, [{ productId: p.id, quantity: '1' }], blind)).status).toBe(201);
    expect(await counts()).not.toEqual(before);
    const after = await counts();
    const noAdd = await clientWith(
      ta,
      ALL_PERMISSIONS.filter((x) => x !== 'add_rma'),
    );
    expect((await create(s.id, w.id, [{ productId: p.id, quantity: '1' }], noAdd.api)).status).toBe(403);
    expect(await counts()).toEqual(after);
    expect(await statusOf(a.id)).toBe('APPROVED');
  });

  it('creates once when the same request is sent twice with one Idempotency-Key', async () => {
    const { s, w, p } = await twoReceipts();
    const key = { 'Idempotency-Key': `rma-${uniq()}` };
    const one = await create(s.id, w.id, [{ productId: p.id, quantity: '1' }], admin, key);
    const two = await create(s.id, w.id, [{ productId: p.id, quantity: '1' }], admin, key);
    expect(one.status).toBe(201);
    expect(two.body.id).toBe(one.body.id);
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM rmas WHERE supplier_id = ${s.id}`.execute(
      ta.t.db,
    );
    expect(rows[0]?.n).toBe('1');
  });

  it('lists with search and filters, exports and prints', async () => {
    const { s, w, p } = await twoReceipts();
    const a = await approved(s.id, w.id, [{ productId: p.id, quantity: '1' }]);
    const list = await admin.get<Page<RmaSummary>>(`/api/rmas?q=${p.sku}&status=APPROVED&supplierId=${s.id}`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((r) => [r.number, r.lineCount, r.quantity])).toEqual([[a.number, 1, '1']]);
    expect((await admin.get<Page<RmaSummary>>(`/api/rmas?q=${p.sku}&status=SHIPPED`)).body.total).toBe(0);
    const sorted = await admin.get<Page<RmaSummary>>(`/api/rmas?sort=-number&warehouseId=${w.id}`);
    expect(sorted.body.items.map((r) => r.id)).toEqual([a.id]);
    const xlsx = await admin.get(`/api/rmas/export?supplierId=${s.id}`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const pdf = await admin.get(`/api/rmas/${a.id}/pdf?lang=de`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });
});
