import type {
  ErrorBody,
  GoodReceivedNote,
  GoodReceivedNoteStepResult,
  LandedCostCharge,
  PurchaseInvoice,
  PurchaseInvoiceChargePreview,
  Settlement,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkStock, type PostLine, post } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

/**
 * Landed charges entered from a supplier invoice (issue 16, "later, from an invoice"): a forwarder's invoice with
 * only charges for receipts of other suppliers, booked into the layers still in stock and cost of sales to the
 * penny, in a foreign currency at the invoice's rate, refused without writing anything, taken back on cancelling,
 * and paid in a settlement like any invoice.
 */

let ta: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  admin = (await clientWith(ta, ALL_PERMISSIONS)).api;
}, 120_000);
afterAll(() => ta?.close());
afterEach(async () => {
  // Stock value = layers = ledger.
  const check = await checkStock(ta.t.db);
  expect(check.differences).toEqual([]);
  expect(check.ok).toBe(true);
});

const D = (v: string | number) => new Decimal(v);
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
let n = 0;
const uniq = () => `${++n}${Date.now() % 100000}`;
const key = () => ({ 'idempotency-key': `pilc-${uniq()}` });

async function product(weight: string | null = null) {
  const sku = `PLC-${uniq()}`;
  return ta.t.db
    .insertInto('products')
    .values({ sku, name: `Charged ${sku}`, ...(weight === null ? {} : { weight_kg: weight }) })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}
async function partner(currency = 'GBP') {
  return ta.t.db
    .insertInto('business_partners')
    .values({
      code: `PLC${uniq()}`,
      name: 'Partner Ltd',
      default_currency: currency,
      payment_terms_days: 30,
      active: true,
      is_consignment: false,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
}
let wh: { id: string } | null = null;
async function warehouse() {
  if (wh) return wh;
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `PW${uniq()}`, name: 'Charges warehouse', kind: 'OWN' })
    .returning(['id'])
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
  wh = w;
  return w;
}
async function order(supplierId: string, lines: { productId: string; q: string; cost: string }[]) {
  const w = await warehouse();
  const number = `PO-PLC-${uniq()}`;
  const nets = lines.map((l) => D(l.q).times(l.cost).toDecimalPlaces(2));
  const net = nets.reduce((s, v) => s.add(v), D(0));
  const { rows } = await sql<{ id: string }>`INSERT INTO purchase_orders
    (number, type, status, supplier_id, warehouse_id, currency, order_date, net_total, vat_total, gross_total, approved_at)
    VALUES (${number}, 'PRIOR_ORDER_PO', 'APPROVED', ${supplierId}, ${w.id}, 'GBP', ${today()},
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
  return { id, lineIds };
}
/** A receipt of the lines, drafted and (unless draft) posted. */
async function receipt(supplierId: string, lines: { productId: string; q: string; cost: string }[], draft = false) {
  const po = await order(supplierId, lines);
  const d = await admin.post<GoodReceivedNote & ErrorBody>('/api/goods-received-notes', {
    purchaseOrderId: po.id,
    lines: po.lineIds.map((orderLineId, i) => ({
      orderLineId,
      receivedQuantity: lines[i]?.q,
      acceptedQuantity: lines[i]?.q,
    })),
  });
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  if (draft) return { id: d.body.id, number: d.body.number };
  const p = await admin.post<GoodReceivedNoteStepResult & ErrorBody>(`/api/goods-received-notes/${d.body.id}/post`);
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  return { id: p.body.note.id, number: p.body.note.number };
}
function sell(productId: string, quantity: string) {
  return warehouse().then((w) => {
    const lines: PostLine[] = [{ productId, warehouseId: w.id, kind: 'ISSUE', quantity: D(quantity).neg() }];
    return ta.t.db
      .transaction()
      .execute((tx) => post({ db: tx, user: null }, { sourceType: 'test', sourceId: null, lines }));
  });
}
async function level(productId: string) {
  const w = await warehouse();
  const l = await ta.t.db
    .selectFrom('stock_levels')
    .selectAll()
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', w.id)
    .executeTakeFirst();
  return { onHand: D(l?.on_hand ?? 0).toFixed(), value: D(l?.value ?? 0).toFixed(2) };
}
/** The open layers' value of a product (what is still in stock at cost). */
async function layers(productId: string) {
  const { rows } = await sql<{ v: string }>`SELECT coalesce(sum(remaining_value), 0)::text AS v FROM stock_layers
    WHERE product_id = ${productId}::uuid`.execute(ta.t.db);
  return D(rows[0]?.v ?? 0).toFixed(2);
}
async function costOfSales(productId: string) {
  const { rows } = await sql<{ amount: string }>`SELECT amount::text AS amount FROM cost_of_sales_adjustments
    WHERE product_id = ${productId}::uuid ORDER BY id`.execute(ta.t.db);
  return rows.map((r) => D(r.amount).toFixed(2));
}
/** What a refused request must leave as it was. */
async function footprint() {
  const { rows } = await sql<Record<string, string>>`SELECT
    (SELECT count(*) FROM purchase_invoices)::text AS invoices,
    (SELECT count(*) FROM purchase_invoice_charges)::text AS charges,
    (SELECT count(*) FROM purchase_invoice_charge_notes)::text AS charge_notes,
    (SELECT count(*) FROM landed_cost_charges)::text AS landed,
    (SELECT count(*) FROM stock_cost_revaluations)::text AS revaluations,
    (SELECT count(*) FROM cost_of_sales_adjustments)::text AS cos,
    (SELECT count(*) FROM system_logs)::text AS logs,
    (SELECT coalesce(max(last_value), 0)::text FROM document_number_counters WHERE kind = 'purchaseInvoice') AS counter`.execute(
    ta.t.db,
  );
  return rows[0];
}
interface ChargeBody {
  chargeType?: string;
  description?: string;
  amount: string;
  vatCode?: string;
  basis: string;
  noteIds: string[];
}
const chargeOf = (c: ChargeBody) => ({ chargeType: 'FREIGHT', vatCode: 'STANDARD', description: '', ...c });
function enter(supplierId: string, charges: ChargeBody[], extra: Record<string, unknown> = {}) {
  return admin.post<PurchaseInvoice & ErrorBody>(
    '/api/purchase-invoices',
    {
      supplierId,
      supplierInvoiceNumber: `FWD-${uniq()}`,
      invoiceDate: today(),
      lines: [],
      charges: charges.map(chargeOf),
      ...extra,
    },
    key(),
  );
}

describe('landed charges on a supplier invoice', () => {
  it('a forwarder’s invoice over two receipts of other suppliers, some sold: layers and cost of sales to the penny, then paid', async () => {
    const [supA, supB, forwarder] = [await partner(), await partner(), await partner()];
    const [a, b, c] = [await product(), await product(), await product()];
    // Values at receipt: a 10 × 2.00 = 20, b 10 × 4.00 = 40 (supplier A); c 20 × 1.00 = 20 (supplier B): 80 in all.
    const ra = await receipt(supA.id, [
      { productId: a.id, q: '10', cost: '2.00' },
      { productId: b.id, q: '10', cost: '4.00' },
    ]);
    const rb = await receipt(supB.id, [{ productId: c.id, q: '20', cost: '1.00' }]);
    await sell(a.id, '5');
    await sell(c.id, '15');
    expect(await level(a.id)).toEqual({ onHand: '5', value: '10.00' });
    expect(await level(c.id)).toEqual({ onHand: '5', value: '5.00' });

    // The preview the entry form shows: by value, 80.00 over 20/40/20.
    const preview = await admin.post<PurchaseInvoiceChargePreview & ErrorBody>(
      '/api/purchase-invoices/charge-preview',
      {
        invoiceDate: today(),
        currency: 'GBP',
        charge: chargeOf({ amount: '80.00', basis: 'VALUE', noteIds: [ra.id, rb.id] }),
      },
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.shares.map((s) => [s.noteNumber, s.product.sku, s.share])).toEqual([
      [ra.number, a.sku, '20.00'],
      [ra.number, b.sku, '40.00'],
      [rb.number, c.sku, '20.00'],
    ]);

    // Only charges: no goods lines, no order. Totals and VAT include the charge.
    const created = await enter(forwarder.id, [
      { amount: '80.00', basis: 'VALUE', noteIds: [ra.id, rb.id], description: 'Felixstowe to warehouse' },
    ]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const inv = created.body;
    expect(inv).toMatchObject({
      status: 'PENDING',
      currency: 'GBP',
      netTotal: '80.00',
      vatTotal: '16.00',
      grossTotal: '96.00',
      openAmount: '96.00',
      lines: [],
    });
    expect(inv.charges).toHaveLength(1);
    expect(inv.charges[0]).toMatchObject({ net: '80.00', vat: '16.00', vatRate: '20', applied: false, problem: null });
    expect(inv.charges[0]?.notes.map((x) => x.number).sort()).toEqual([ra.number, rb.number].sort());
    expect(inv.charges[0]?.shares.map((s) => [s.share, s.inStock])).toEqual([
      ['20.00', null],
      ['40.00', null],
      ['20.00', null],
    ]);
    // Nothing reaches stock before booking.
    expect(await level(a.id)).toEqual({ onHand: '5', value: '10.00' });

    const booked = await admin.post<PurchaseInvoice & ErrorBody>(`/api/purchase-invoices/${inv.id}/book`, {}, key());
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.status).toBe('BOOKED');
    // a: half sold → 10.00 in stock, 10.00 cost of sales; b: all in stock; c: a quarter left → 5.00 / 15.00.
    expect(booked.body.charges[0]?.shares.map((s) => [s.product.sku, s.share, s.inStock, s.costOfSales])).toEqual([
      [a.sku, '20.00', '10.00', '10.00'],
      [b.sku, '40.00', '40.00', '0.00'],
      [c.sku, '20.00', '5.00', '15.00'],
    ]);
    expect(booked.body.charges[0]).toMatchObject({ applied: true, reversed: false, amountGbp: '80.00' });
    expect(await level(a.id)).toEqual({ onHand: '5', value: '20.00' });
    expect(await level(b.id)).toEqual({ onHand: '10', value: '80.00' });
    expect(await level(c.id)).toEqual({ onHand: '5', value: '10.00' });
    expect([await layers(a.id), await layers(b.id), await layers(c.id)]).toEqual(['20.00', '80.00', '10.00']);
    expect(await costOfSales(a.id)).toEqual(['10.00']);
    expect(await costOfSales(b.id)).toEqual([]);
    expect(await costOfSales(c.id)).toEqual(['15.00']);

    // The printout lists the charge (with the totals it is part of).
    const pdf = await admin.get<string>(`/api/purchase-invoices/${inv.id}/pdf?lang=en`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');

    // Each receipt's landed costs name the invoice.
    const onA = await admin.get<LandedCostCharge[]>(`/api/goods-received-notes/${ra.id}/landed-costs`);
    expect(onA.body.map((x) => [x.sourceInvoice?.number, x.amountGbp, x.inStock, x.costOfSales])).toEqual([
      [inv.number, '60.00', '50.00', '10.00'],
    ]);
    const onB = await admin.get<LandedCostCharge[]>(`/api/goods-received-notes/${rb.id}/landed-costs`);
    expect(onB.body.map((x) => [x.sourceInvoice?.id, x.amount, x.amountGbp])).toEqual([[inv.id, '20.00', '20.00']]);
    // The stock card shows the landed cost.
    const { rows: events } = await sql<{ kind: string }>`SELECT kind FROM stock_cost_revaluations
      WHERE product_id = ${a.id}::uuid`.execute(ta.t.db);
    expect(events.map((e) => e.kind)).toEqual(['LANDED_COST']);

    // Paid like any invoice: a settlement takes its open amount, charges included.
    const processor = await ta.t.db
      .insertInto('processors')
      .values({ code: `P${uniq()}`, name: 'Bank GBP', type: 'CASH', currency: 'GBP' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const settlement = await admin.post<Settlement & ErrorBody>(
      '/api/purchase-invoice-settlements',
      {
        supplierId: forwarder.id,
        processorId: processor.id,
        paymentDate: today(),
        paymentType: 'BANK_TRANSFER',
        lines: [{ invoiceId: inv.id, amount: '96.00' }],
      },
      key(),
    );
    expect(settlement.status, JSON.stringify(settlement.body)).toBe(201);
    const done = await admin.post<Settlement & ErrorBody>(
      `/api/purchase-invoice-settlements/${settlement.body.id}/complete`,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const paid = await admin.get<PurchaseInvoice>(`/api/purchase-invoices/${inv.id}`);
    expect([paid.body.status, paid.body.openAmount]).toEqual(['PROCESSED', '0.00']);
  });

  it('a foreign-currency charge is converted at the invoice date’s rate, or the rate typed on the invoice', async () => {
    await ta.t.db
      .insertInto('exchange_rates')
      .values({ currency: 'EUR', effective_date: today(), rate: '0.85' })
      .onConflict((oc) => oc.columns(['currency', 'effective_date']).doUpdateSet({ rate: '0.85' }))
      .execute();
    const [sup, broker] = [await partner(), await partner('EUR')];
    const [a, b] = [await product(), await product()];
    const r = await receipt(sup.id, [
      { productId: a.id, q: '3', cost: '5.00' },
      { productId: b.id, q: '1', cost: '5.00' },
    ]);
    // In the broker's currency (EUR): 50.00 × 0.85 = 42.50 GBP by quantity 3:1 → 31.87 + 10.63 (the apportioning rule).
    const created = await enter(broker.id, [
      { chargeType: 'DUTY', amount: '50.00', basis: 'QUANTITY', noteIds: [r.id], vatCode: 'EXEMPT' },
    ]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      currency: 'EUR',
      exchangeRate: '0.85',
      grossTotal: '50.00',
      vatTotal: '0.00',
    });
    const booked = await admin.post<PurchaseInvoice & ErrorBody>(
      `/api/purchase-invoices/${created.body.id}/book`,
      {},
      key(),
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.charges[0]?.amountGbp).toBe('42.50');
    expect(booked.body.charges[0]?.shares.map((s) => s.share)).toEqual(['31.87', '10.63']);
    expect(await level(a.id)).toEqual({ onHand: '3', value: '46.87' });
    const list = await admin.get<LandedCostCharge[]>(`/api/goods-received-notes/${r.id}/landed-costs`);
    expect(list.body.map((x) => [x.amount, x.currency, x.exchangeRate, x.amountGbp])).toEqual([
      ['50.00', 'EUR', '0.85', '42.50'],
    ]);

    // A rate typed on the invoice wins: 10.00 EUR × 0.9 = 9.00 GBP.
    const typed = await enter(broker.id, [{ amount: '10.00', basis: 'EQUAL', noteIds: [r.id] }], {
      exchangeRate: '0.9',
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(201);
    expect(typed.body.charges[0]?.amountGbp).toBe('9.00');
    expect(typed.body.charges[0]?.shares.map((s) => s.share)).toEqual(['4.50', '4.50']);
  });

  it('refuses a receipt not posted, no receipt, a zero or negative amount and a weight basis without weights, writing nothing', async () => {
    const [sup, forwarder] = [await partner(), await partner()];
    const [a, light] = [await product('1.5'), await product()];
    const posted = await receipt(sup.id, [
      { productId: a.id, q: '2', cost: '3.00' },
      { productId: light.id, q: '2', cost: '3.00' },
    ]);
    const draft = await receipt(sup.id, [{ productId: a.id, q: '1', cost: '3.00' }], true);
    const before = await footprint();
    const cases: [ChargeBody, number, string][] = [
      [{ amount: '10.00', basis: 'EQUAL', noteIds: [draft.id] }, 409, 'LANDED_COST_NOTE_NOT_POSTED'],
      [{ amount: '10.00', basis: 'EQUAL', noteIds: [] }, 422, 'PURCHASE_INVOICE_CHARGE_NO_RECEIPT'],
      [{ amount: '0.00', basis: 'EQUAL', noteIds: [posted.id] }, 422, 'PURCHASE_INVOICE_CHARGE_AMOUNT_INVALID'],
      [{ amount: '-5.00', basis: 'EQUAL', noteIds: [posted.id] }, 422, 'PURCHASE_INVOICE_CHARGE_AMOUNT_INVALID'],
      [{ amount: '10.00', basis: 'WEIGHT', noteIds: [posted.id] }, 422, 'LANDED_COST_WEIGHT_MISSING'],
      [
        { amount: '10.00', basis: 'EQUAL', noteIds: [crypto.randomUUID()] },
        422,
        'PURCHASE_INVOICE_CHARGE_RECEIPT_UNKNOWN',
      ],
    ];
    for (const [charge, status, code] of cases) {
      const res = await enter(forwarder.id, [charge]);
      expect([res.status, res.body.code], JSON.stringify(res.body)).toEqual([status, code]);
      expect(res.body.message.length).toBeGreaterThan(20);
      expect(await footprint()).toEqual(before);
    }
    const weight = await enter(forwarder.id, [{ amount: '10.00', basis: 'WEIGHT', noteIds: [posted.id] }]);
    expect(weight.body.message).toContain(light.sku);
    expect(weight.body.message).not.toContain(a.sku);
    // Neither lines nor charges.
    const empty = await enter(forwarder.id, []);
    expect([empty.status, empty.body.code]).toEqual([422, 'PURCHASE_INVOICE_EMPTY']);
    expect(await footprint()).toEqual(before);
    const previewed = await admin.post<ErrorBody>('/api/purchase-invoices/charge-preview', {
      invoiceDate: today(),
      charge: chargeOf({ amount: '10.00', basis: 'EQUAL', noteIds: [draft.id] }),
    });
    expect([previewed.status, previewed.body.code]).toEqual([409, 'LANDED_COST_NOTE_NOT_POSTED']);
    expect(await footprint()).toEqual(before);
  });

  it('cancelling a booked invoice takes its charges back today; the receipt shows them taken back', async () => {
    const [sup, forwarder] = [await partner(), await partner()];
    const a = await product();
    const r = await receipt(sup.id, [{ productId: a.id, q: '4', cost: '2.50' }]);
    await sell(a.id, '1');
    const created = await enter(forwarder.id, [{ amount: '12.00', basis: 'QUANTITY', noteIds: [r.id] }]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await admin.post(`/api/purchase-invoices/${created.body.id}/book`, {}, key());
    // 12.00 over 4 units, 1 sold: 9.00 to the layers, 3.00 cost of sales.
    expect(await level(a.id)).toEqual({ onHand: '3', value: '16.50' });
    expect(await costOfSales(a.id)).toEqual(['3.00']);
    const canceled = await admin.post<PurchaseInvoice & ErrorBody>(`/api/purchase-invoices/${created.body.id}/cancel`, {
      reason: 'Billed twice',
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body.status).toBe('CANCELED');
    expect(canceled.body.charges[0]).toMatchObject({ applied: true, reversed: true });
    expect(await level(a.id)).toEqual({ onHand: '3', value: '7.50' });
    expect(await layers(a.id)).toBe('7.50');
    expect(await costOfSales(a.id)).toEqual(['3.00', '-3.00']);
    const list = await admin.get<LandedCostCharge[]>(`/api/goods-received-notes/${r.id}/landed-costs`);
    expect(list.body[0]?.reversedAt).not.toBeNull();
    expect([list.body[0]?.reversedInStock, list.body[0]?.reversedCostOfSales]).toEqual(['-9.00', '-3.00']);
  });
});
