import type {
  ConsignmentComparison,
  ConsignmentInvoice,
  ConsignmentOwed,
  ConsignmentSheet,
  ErrorBody,
  GoodReceivedNote,
  GoodReceivedNoteStepResult,
  Page,
  PurchaseInvoice,
  PurchaseInvoiceSummary,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkStock, type PostLine, post } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { consignmentSupplier } from './consignment.ts';

/**
 * Consignment: what a sale of a supplier's units owes them (recorded by the stock posting service, net of returns,
 * at the consignment order line's agreed cost), and the supplier's invoice for a period checked against it,
 * booked (settling what is owed, payable like any supplier invoice) and cancelled (owed again).
 */

let ta: TestApp;
let admin: ApiClient;
/** Views and enters supplier invoices; does not approve (book) them. */
let clerk: ApiClient;
/** Views only. */
let viewer: ApiClient;
let adminId: string;
beforeAll(async () => {
  ta = await startTestApp();
  const [a, c, v] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((x) => x !== 'approve_purchase_invoice'),
    ),
    clientWith(ta, ['view_purchase_invoice']),
  ]);
  admin = a.api;
  adminId = a.user.id;
  clerk = c.api;
  viewer = v.api;
}, 120_000);
afterAll(() => ta.close());
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
async function today() {
  const { rows } = await sql<{ d: string }>`SELECT (now() AT TIME ZONE 'Europe/London')::date::text AS d`.execute(
    ta.t.db,
  );
  return (rows[0] as { d: string }).d;
}
function addDays(day: string, days: number) {
  const [y = 0, m = 0, d = 0] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
async function product() {
  const sku = `CON-${uniq()}`;
  return ta.t.db
    .insertInto('products')
    .values({ sku, name: `Consigned ${sku}` })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}
const supplier = (isConsignment = true) => consignmentSupplier(ta.t.db, isConsignment);
async function warehouse() {
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `CW${uniq()}`, name: 'Consignment test warehouse', kind: 'OWN' })
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
  return w;
}

/** An approved order of one line received in full through the API; answers the receipt's ledger row. */
async function receive(
  supplierId: string,
  warehouseId: string,
  productId: string,
  quantity: string,
  unitCost: string,
  type = 'CONSIGNMENT_PO',
) {
  const number = `PO-C-${uniq()}`;
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
  const m = await ta.t.db
    .selectFrom('stock_movements')
    .select('id')
    .where('source_id', '=', draft.body.id)
    .where('kind', '=', 'RECEIPT')
    .executeTakeFirstOrThrow();
  return m.id;
}

/** Posts through the stock posting service as sales will (its own transaction, the system as user). */
async function postLines(lines: PostLine[], sourceType = 'sales_invoice', postedOn: string | null = null) {
  return ta.t.db
    .transaction()
    .execute((tx) => post({ db: tx, user: null }, { sourceType, sourceId: `SI-${uniq()}`, postedOn, lines }));
}
const sell = (productId: string, warehouseId: string, quantity: string | number, postedOn: string | null = null) =>
  postLines([{ productId, warehouseId, kind: 'ISSUE', quantity: D(quantity).neg() }], 'sales_invoice', postedOn);
const giveBack = (productId: string, warehouseId: string, issueId: string, quantity: string | number) =>
  postLines([{ productId, warehouseId, kind: 'RETURN', quantity: D(quantity), linkTo: issueId }]);

async function owedRows(productId: string) {
  return ta.t.db
    .selectFrom('consignment_sales')
    .select(['quantity', 'unit_cost', 'currency', 'receipt_movement_id', 'reverses_movement_id', 'invoice_id'])
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();
}
const owedQuantity = async (productId: string) =>
  (await owedRows(productId)).reduce((s, r) => s.add(r.quantity), D(0)).toFixed();

describe('what a sale of consignment units owes', () => {
  it('records the units sold at the agreed cost, and a return takes them back', async () => {
    const s = await supplier();
    const w = await warehouse();
    const p = await product();
    const receipt = await receive(s.id, w.id, p.id, '5', '7.25');
    const [issue] = await sell(p.id, w.id, 3);
    expect(await owedRows(p.id)).toEqual([
      expect.objectContaining({
        quantity: '3.0000',
        unit_cost: '7.25000000',
        currency: 'GBP',
        receipt_movement_id: receipt,
      }),
    ]);
    await giveBack(p.id, w.id, issue?.id as string, 1);
    const rows = await owedRows(p.id);
    expect(rows[1]).toMatchObject({ quantity: '-1.0000', unit_cost: '7.25000000', reverses_movement_id: issue?.id });
    expect(await owedQuantity(p.id)).toBe('2');
    // The units stay the supplier's on the shelf: consigned, at zero.
    const level = await ta.t.db
      .selectFrom('stock_levels')
      .select(['on_hand', 'consigned', 'value'])
      .where('product_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(level).toMatchObject({ on_hand: '3.0000', consigned: '3.0000' });
    expect(D(level.value).isZero()).toBe(true);
  });

  it('owes only for the supplier’s units: own stock taken first costs nothing owed', async () => {
    const s = await supplier();
    const w = await warehouse();
    const p = await product();
    await receive(s.id, w.id, p.id, '2', '3.00', 'PRIOR_ORDER_PO');
    await receive(s.id, w.id, p.id, '4', '5.00');
    await sell(p.id, w.id, 3);
    expect(await owedRows(p.id)).toEqual([expect.objectContaining({ quantity: '1.0000', unit_cost: '5.00000000' })]);
  });

  it('follows the units through a transfer, and a return to supplier owes nothing', async () => {
    const s = await supplier();
    const [a, b] = [await warehouse(), await warehouse()];
    const p = await product();
    const receipt = await receive(s.id, a.id, p.id, '6', '4.50');
    await postLines(
      [
        { productId: p.id, warehouseId: a.id, kind: 'TRANSFER_OUT', quantity: D(-4) },
        { productId: p.id, warehouseId: b.id, kind: 'TRANSFER_IN', quantity: D(4), linkTo: { line: 0 } },
      ],
      'test_transfer',
    );
    await sell(p.id, b.id, 3);
    expect(await owedRows(p.id)).toEqual([
      expect.objectContaining({ quantity: '3.0000', unit_cost: '4.50000000', receipt_movement_id: receipt }),
    ]);
    await postLines([{ productId: p.id, warehouseId: a.id, kind: 'ISSUE', quantity: D(-2) }], 'rma');
    expect(await owedQuantity(p.id)).toBe('3');
  });

  it('keeps each receipt’s agreed cost and brings a return back at the cost its sale recorded', async () => {
    const s = await supplier();
    const w = await warehouse();
    const p = await product();
    await receive(s.id, w.id, p.id, '2', '1.00');
    await receive(s.id, w.id, p.id, '2', '2.00');
    const [issue] = await sell(p.id, w.id, 3);
    const rows = await owedRows(p.id);
    expect(rows.map((r) => [r.quantity, r.unit_cost])).toEqual([
      ['2.0000', '1.00000000'],
      ['1.0000', '2.00000000'],
    ]);
    // What comes back comes back slice by slice, in order: the £1.00 units first.
    await giveBack(p.id, w.id, issue?.id as string, 2);
    expect((await owedRows(p.id)).slice(2).map((r) => [r.quantity, r.unit_cost])).toEqual([['-2.0000', '1.00000000']]);
  });

  it('records a backdated sale on its own day, replayed among later rows, at its receipt’s agreed cost', async () => {
    const s = await supplier();
    const w = await warehouse();
    const p = await product();
    const day = await today();
    // A consigned receipt three days ago (as a goods received note posts one), a sale today, then a sale backdated
    // to yesterday: the product is replayed with it in its place.
    const [receipt] = await postLines(
      [
        {
          productId: p.id,
          warehouseId: w.id,
          kind: 'RECEIPT',
          quantity: D(5),
          unitCost: D('3.10'),
          ownerId: s.id,
          agreedCost: { unitCost: D('3.10'), currency: 'GBP' },
        },
      ],
      'test_receipt',
      addDays(day, -3),
    );
    await sell(p.id, w.id, 1);
    await sell(p.id, w.id, 2, addDays(day, -1));
    const rows = await ta.t.db
      .selectFrom('consignment_sales')
      .select([sql<string>`sold_on::text`.as('d'), 'quantity', 'unit_cost', 'receipt_movement_id'])
      .where('product_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { d: day, quantity: '1.0000', unit_cost: '3.10000000', receipt_movement_id: receipt?.id },
      { d: addDays(day, -1), quantity: '2.0000', unit_cost: '3.10000000', receipt_movement_id: receipt?.id },
    ]);
  });

  it('property: owed units are the consigned units issued less those returned, whatever the sequence', async () => {
    // A small seeded generator: receipts (own or consigned), sales, partial returns of earlier sales.
    let seed = 20261128;
    const rand = (k: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % k;
    };
    for (let round = 0; round < 4; round++) {
      const s = await supplier();
      const w = await warehouse();
      const p = await product();
      let consignedIn = D(0);
      const sales: { id: string; quantity: Decimal; back: Decimal }[] = [];
      for (let step = 0; step < 14; step++) {
        const level = await ta.t.db
          .selectFrom('stock_levels')
          .select(['on_hand'])
          .where('product_id', '=', p.id)
          .executeTakeFirst();
        const onHand = D(level?.on_hand ?? 0);
        const action = rand(3);
        if (action === 0 || onHand.lt(1)) {
          const q = String(1 + rand(5));
          if (rand(2) === 0) {
            await receive(s.id, w.id, p.id, q, `${1 + rand(9)}.00`);
            consignedIn = consignedIn.add(q);
          } else await receive(s.id, w.id, p.id, q, `${1 + rand(9)}.00`, 'PRIOR_ORDER_PO');
        } else if (action === 1) {
          const q = D(1 + rand(Math.min(onHand.toNumber(), 4)));
          const [row] = await sell(p.id, w.id, q.toFixed());
          sales.push({ id: row?.id as string, quantity: q, back: D(0) });
        } else {
          const open = sales.filter((x) => x.back.lt(x.quantity));
          if (!open.length) continue;
          const sale = open[rand(open.length)] as (typeof open)[number];
          const q = D(1 + rand(sale.quantity.sub(sale.back).toNumber()));
          await giveBack(p.id, w.id, sale.id, q.toFixed());
          sale.back = sale.back.add(q);
        }
      }
      // Consigned units leave only by sale here: what left is what is owed.
      const level = await ta.t.db
        .selectFrom('stock_levels')
        .select(['consigned'])
        .where('product_id', '=', p.id)
        .executeTakeFirst();
      const consignedNow = D(level?.consigned ?? 0);
      expect(await owedQuantity(p.id), `round ${round}`).toBe(consignedIn.sub(consignedNow).toFixed());
      // And from the ledger's own record of what each sale took, less what came back of the supplier's.
      const { rows } = await sql<{ q: string }>`
        SELECT coalesce(sum(c.quantity), 0)::text AS q FROM stock_consumptions c JOIN stock_movements m ON m.id = c.movement_id
        WHERE m.product_id = ${p.id} AND m.kind = 'ISSUE' AND c.owner_partner_id IS NOT NULL`.execute(ta.t.db);
      const { rows: back } = await sql<{ q: string }>`
        SELECT coalesce(sum(-quantity), 0)::text AS q FROM consignment_sales WHERE product_id = ${p.id} AND quantity < 0`.execute(
        ta.t.db,
      );
      expect(await owedQuantity(p.id)).toBe(
        D(rows[0]?.q ?? 0)
          .sub(back[0]?.q ?? 0)
          .toFixed(),
      );
    }
  }, 120_000);
});

describe('posting stays batched', () => {
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
      await post({ db: counted, user: null }, { sourceType: 'sales_invoice', sourceId: null, lines });
    });
    return statements;
  }
  async function consignedStock(count: number, s: { id: string }, w: { id: string }) {
    const ps = [];
    for (let i = 0; i < count; i++) ps.push(await product());
    await postLines(
      ps.map((p) => ({
        productId: p.id,
        warehouseId: w.id,
        kind: 'RECEIPT' as const,
        quantity: D(5),
        unitCost: D('1.20'),
        ownerId: s.id,
        agreedCost: { unitCost: D('1.20'), currency: 'GBP' },
      })),
      'test_receipt',
    );
    return ps;
  }

  it('a sale of the supplier’s units sends as many statements for 40 products as for 2, and times 1,000 lines', async () => {
    const s = await supplier();
    const w = await warehouse();
    const few = await consignedStock(2, s, w);
    const many = await consignedStock(40, s, w);
    const sale = (ps: { id: string }[]) =>
      ps.map((p) => ({ productId: p.id, warehouseId: w.id, kind: 'ISSUE' as const, quantity: D(-2) }));
    const small = await statementsOf(sale(few));
    const large = await statementsOf(sale(many));
    expect(large).toBe(small);
    // What the owed rows cost: the agreed costs read once and the rows written once.
    const own = await product();
    await postLines([{ productId: own.id, warehouseId: w.id, kind: 'RECEIPT', quantity: D(5), unitCost: D(1) }]);
    const plain = await statementsOf(sale([own]));
    expect(small - plain).toBeLessThanOrEqual(2);

    // 1,000 lines of a sale of consigned units, for the figure.
    const { rows } = await sql<{ id: string }>`INSERT INTO products (sku, name)
      SELECT 'CONB-' || ${uniq()} || '-' || g, 'Bench ' || g FROM generate_series(1, 1000) g RETURNING id`.execute(
      ta.t.db,
    );
    await postLines(
      rows.map((p) => ({
        productId: p.id,
        warehouseId: w.id,
        kind: 'RECEIPT' as const,
        quantity: D(3),
        unitCost: D('2.00'),
        ownerId: s.id,
        agreedCost: { unitCost: D('2.00'), currency: 'GBP' },
      })),
      'test_receipt',
    );
    const started = performance.now();
    await postLines(rows.map((p) => ({ productId: p.id, warehouseId: w.id, kind: 'ISSUE' as const, quantity: D(-1) })));
    console.log(`post() of a 1,000-line sale of consigned units: ${Math.round(performance.now() - started)} ms`);
    const owed = await sql<{ n: string }>`SELECT count(*)::text AS n FROM consignment_sales
      WHERE product_id = ANY(${rows.map((r) => r.id)}::uuid[])`.execute(ta.t.db);
    expect(owed.rows[0]?.n).toBe('1000');
  }, 120_000);
});

describe('the consignment invoice', () => {
  async function soldScenario() {
    const s = await supplier();
    const w = await warehouse();
    const [a, b] = [await product(), await product()];
    await receive(s.id, w.id, a.id, '10', '2.50');
    await receive(s.id, w.id, b.id, '10', '4.00');
    await sell(a.id, w.id, 4);
    await sell(b.id, w.id, 2);
    const day = await today();
    return { s, w, a, b, day };
  }
  const invoiceBody = (
    x: { s: { id: string }; day: string },
    lines: { productId: string; quantity: string; unitPrice: string }[],
    extra: Record<string, unknown> = {},
  ) => ({
    supplierId: x.s.id,
    supplierInvoiceNumber: `CINV-${uniq()}`,
    invoiceDate: x.day,
    periodFrom: addDays(x.day, -7),
    periodTo: x.day,
    currency: 'GBP',
    lines: lines.map((l) => ({ ...l, vatCode: 'ZERO' })),
    ...extra,
  });
  const countInvoices = async () =>
    Number(
      (await sql<{ n: string }>`SELECT count(*)::text AS n FROM purchase_invoices`.execute(ta.t.db)).rows[0]?.n ?? 0,
    );

  it('answers what is owed for a period per product, and only to those who may view invoices', async () => {
    const x = await soldScenario();
    const q = `supplierId=${x.s.id}&from=${addDays(x.day, -7)}&to=${x.day}`;
    const owed = await viewer.get<ConsignmentOwed>(`/api/consignment-invoices/owed?${q}`);
    expect(owed.status).toBe(200);
    const bySku = new Map(owed.body.items.map((i) => [i.product.sku, i]));
    expect(bySku.get(x.a.sku)).toMatchObject({ sold: '4', unitCost: '2.5', amount: '10.00', openQuantity: '4' });
    expect(bySku.get(x.b.sku)).toMatchObject({ sold: '2', unitCost: '4', amount: '8.00', invoicedQuantity: '0' });
    expect(owed.body.totals).toEqual([{ currency: 'GBP', amount: '18.00', openAmount: '18.00' }]);
    // A period before the sales owes nothing.
    const before = await viewer.get<ConsignmentOwed>(
      `/api/consignment-invoices/owed?supplierId=${x.s.id}&from=${addDays(x.day, -30)}&to=${addDays(x.day, -20)}`,
    );
    expect(before.body.items).toEqual([]);
    const { api: nobody } = await clientWith(ta, ['view_product']);
    expect((await nobody.get(`/api/consignment-invoices/owed?${q}`)).status).toBe(403);
  });

  it('compares invoiced with sold per product, books with a reason, settles what is owed and is payable', async () => {
    const x = await soldScenario();
    const lines = [
      { productId: x.a.id, quantity: '4', unitPrice: '2.50' },
      { productId: x.b.id, quantity: '3', unitPrice: '4.00' },
    ];
    const checked = await clerk.post<ConsignmentComparison>('/api/consignment-invoices/check', invoiceBody(x, lines));
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.differs).toBe(true);
    const b = checked.body.lines.find((l) => l.product.id === x.b.id);
    expect(b).toMatchObject({
      soldQuantity: '2',
      invoicedQuantity: '3',
      quantityDifference: '1',
      amountDifference: '4.00',
    });
    expect(checked.body.lines.find((l) => l.product.id === x.a.id)?.differs).toBe(false);

    const body = invoiceBody(x, lines);
    const created = await clerk.post<ConsignmentInvoice>('/api/consignment-invoices', body, {
      'idempotency-key': `ci-${uniq()}`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      status: 'PENDING',
      kind: 'CONSIGNMENT',
      netTotal: '22.00',
      grossTotal: '22.00',
    });
    expect(created.body.comparison.amountDifference).toBe('4.00');
    const id = created.body.id;

    // The clerk may not book; without a reason nobody may book a difference, and nothing changes.
    expect((await clerk.post(`/api/consignment-invoices/${id}/book`, { reason: 'ok' })).status).toBe(403);
    const refused = await admin.post<ErrorBody>(`/api/consignment-invoices/${id}/book`, { reason: '' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('PURCHASE_INVOICE_DIFFERENCE_REASON_REQUIRED');
    expect(refused.body.message).toContain(x.b.sku);
    expect((await owedRows(x.b.id)).every((r) => r.invoice_id === null)).toBe(true);

    const booked = await admin.post<ConsignmentInvoice>(`/api/consignment-invoices/${id}/book`, {
      reason: 'supplier counted a unit sold on the last day',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body).toMatchObject({ status: 'BOOKED', openAmount: '22.00', settledQuantity: '6' });
    expect((await owedRows(x.a.id)).every((r) => r.invoice_id === id)).toBe(true);
    const owed = await viewer.get<ConsignmentOwed>(
      `/api/consignment-invoices/owed?supplierId=${x.s.id}&from=${addDays(x.day, -7)}&to=${x.day}`,
    );
    expect(owed.body.totals).toEqual([{ currency: 'GBP', amount: '18.00', openAmount: '0.00' }]);

    // It is a supplier invoice: listed in Client Invoices with its kind, booked with its open amount.
    const list = await viewer.get<Page<PurchaseInvoiceSummary>>(`/api/purchase-invoices?supplierId=${x.s.id}`);
    expect(list.body.items).toEqual([
      expect.objectContaining({ id, kind: 'CONSIGNMENT', status: 'BOOKED', openAmount: '22.00' }),
    ]);
    const log = await sql<{ action: string }>`SELECT action FROM system_logs WHERE entity = 'purchase_invoice'
      AND entity_id = ${created.body.number} ORDER BY id`.execute(ta.t.db);
    expect(log.rows.map((r) => r.action)).toEqual(['create', 'book']);

    // The period is settled: another invoice for it finds nothing owed.
    const again = await clerk.post<ErrorBody>('/api/consignment-invoices', invoiceBody(x, lines));
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('CONSIGNMENT_INVOICE_NOTHING_OWED');

    // Cancelling (here through Client Invoices' own step) makes the units owed again.
    const canceled = await admin.post<PurchaseInvoice>(`/api/purchase-invoices/${id}/cancel`, {
      reason: 'wrong period',
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body.status).toBe('CANCELED');
    expect((await owedRows(x.a.id)).every((r) => r.invoice_id === null)).toBe(true);
    const detail = await viewer.get<ConsignmentInvoice>(`/api/consignment-invoices/${id}`);
    expect(detail.body).toMatchObject({ status: 'CANCELED', openAmount: '0.00', settledQuantity: '0' });
  });

  it('books an invoice equal to what was sold without a reason, through Client Invoices too', async () => {
    const x = await soldScenario();
    const created = await clerk.post<ConsignmentInvoice>(
      '/api/consignment-invoices',
      invoiceBody(x, [
        { productId: x.a.id, quantity: '4', unitPrice: '2.50' },
        { productId: x.b.id, quantity: '2', unitPrice: '4.00' },
      ]),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.comparison.differs).toBe(false);
    const booked = await admin.post<PurchaseInvoice>(`/api/purchase-invoices/${created.body.id}/book`, { reason: '' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body).toMatchObject({ status: 'BOOKED', kind: 'CONSIGNMENT', openAmount: '18.00' });
    expect(await owedQuantity(x.a.id)).toBe('4');
    expect((await owedRows(x.b.id)).every((r) => r.invoice_id === created.body.id)).toBe(true);
    // A return after booking is owed back (negative) in its own period, not taken from the booked invoice.
    const [issue] = await ta.t.db
      .selectFrom('stock_movements')
      .select('id')
      .where('product_id', '=', x.a.id)
      .where('kind', '=', 'ISSUE')
      .execute();
    await giveBack(x.a.id, x.w.id, issue?.id as string, 1);
    const rows = await owedRows(x.a.id);
    expect(rows.at(-1)).toMatchObject({ quantity: '-1.0000', invoice_id: null });
  });

  it('refuses, in words and writing nothing: no owed units, a duplicate number, a bad period, an unknown product', async () => {
    const x = await soldScenario();
    const lines = [{ productId: x.a.id, quantity: '4', unitPrice: '2.50' }];
    const before = await countInvoices();
    const empty = await clerk.post<ErrorBody>(
      '/api/consignment-invoices',
      invoiceBody(x, lines, { periodFrom: addDays(x.day, -40), periodTo: addDays(x.day, -30) }),
    );
    expect(empty.status).toBe(422);
    expect(empty.body.code).toBe('CONSIGNMENT_INVOICE_NOTHING_OWED');
    expect(empty.body.message).toContain(x.s.code);

    const future = await clerk.post<ErrorBody>(
      '/api/consignment-invoices',
      invoiceBody(x, lines, { periodTo: addDays(x.day, 2) }),
    );
    expect(future.status).toBe(422);
    expect(future.body.code).toBe('CONSIGNMENT_INVOICE_PERIOD_INVALID');
    const backwards = await clerk.post<ErrorBody>(
      '/api/consignment-invoices',
      invoiceBody(x, lines, { periodFrom: x.day, periodTo: addDays(x.day, -3) }),
    );
    expect(backwards.status).toBe(400);
    const unknown = await clerk.post<ErrorBody>(
      '/api/consignment-invoices',
      invoiceBody(x, [{ productId: '00000000-0000-4000-8000-000000000000', quantity: '1', unitPrice: '1' }]),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('CONSIGNMENT_INVOICE_PRODUCT_UNKNOWN');

    // The supplier invoices' rule: one number per supplier whatever the kind.
    const first = await clerk.post<ConsignmentInvoice>('/api/consignment-invoices', invoiceBody(x, lines));
    expect(first.status).toBe(201);
    const dup = await clerk.post<ErrorBody>(
      '/api/consignment-invoices',
      invoiceBody(x, lines, { supplierInvoiceNumber: first.body.supplierInvoiceNumber.toLowerCase() }),
    );
    expect(dup.status).toBe(422);
    expect(dup.body.code).toBe('PURCHASE_INVOICE_DUPLICATE_NUMBER');
    expect(dup.body.message).toContain(first.body.number);
    expect(await countInvoices()).toBe(before + 1);

    // A supplier invoice of order lines is not opened, booked or cancelled as a consignment one.
    const { rows } = await sql<{
      id: string;
    }>`INSERT INTO purchase_invoices (number, supplier_id, supplier_invoice_number,
        invoice_date, due_date, currency, exchange_rate) VALUES (${`PI-T-${uniq()}`}, ${x.s.id}, ${`STD-${uniq()}`},
        CURRENT_DATE, CURRENT_DATE, 'GBP', 1) RETURNING id`.execute(ta.t.db);
    const standard = rows[0]?.id as string;
    expect((await viewer.get<ErrorBody>(`/api/consignment-invoices/${standard}`)).body.code).toBe(
      'CONSIGNMENT_INVOICE_NOT_CONSIGNMENT',
    );
    expect((await admin.post<ErrorBody>(`/api/consignment-invoices/${standard}/book`, {})).body.code).toBe(
      'CONSIGNMENT_INVOICE_NOT_CONSIGNMENT',
    );
  });

  it('never settles one sale twice when two bookings race', async () => {
    const x = await soldScenario();
    const lines = [
      { productId: x.a.id, quantity: '4', unitPrice: '2.50' },
      { productId: x.b.id, quantity: '2', unitPrice: '4.00' },
    ];
    const one = await clerk.post<ConsignmentInvoice>('/api/consignment-invoices', invoiceBody(x, lines));
    const two = await clerk.post<ConsignmentInvoice>('/api/consignment-invoices', invoiceBody(x, lines));
    expect([one.status, two.status]).toEqual([201, 201]);
    const answers = await Promise.all([
      admin.post<ErrorBody>(`/api/consignment-invoices/${one.body.id}/book`, { reason: '' }),
      admin.post<ErrorBody>(`/api/consignment-invoices/${two.body.id}/book`, { reason: '' }),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 422]);
    const settledBy = new Set((await owedRows(x.a.id)).map((r) => r.invoice_id));
    expect(settledBy.size).toBe(1);
  });

  it('reads the lines of the supplier’s .xlsx through a saved mapping, every problem by row', async () => {
    const x = await soldScenario();
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('Sold');
    ws.addRow(['Article', 'Units sold', 'Price each']);
    ws.addRow([x.a.sku, 3, 2.5]);
    ws.addRow([x.a.sku.toLowerCase(), 1, 2.5]);
    ws.addRow([x.b.sku, 2, 4]);
    ws.addRow(['NO-SUCH-SKU', 1, 1]);
    ws.addRow([x.b.sku, 'two', 4]);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const fileName = `${uniq()}.xlsx`;
    await sql`INSERT INTO uploaded_files (id, file_name, original_name, content_type, kind, size, sha256, content, uploaded_by)
      VALUES (gen_random_uuid(), ${fileName}, 'sold.xlsx', 'application/octet-stream', 'xlsx', ${content.length},
        'x', ${content}, ${adminId})`.execute(ta.t.db);
    const mapping = await admin.post<{ id: string }>('/api/excel-mappings', {
      name: `Consignor sheet ${uniq()}`,
      kind: 'purchase_invoices',
      columns: [
        { field: 'sku', header: 'Article' },
        { field: 'quantity', header: 'Units sold' },
        { field: 'unitCost', header: 'Price each' },
      ],
    });
    expect(mapping.status, JSON.stringify(mapping.body)).toBe(201);
    const read = await clerk.post<ConsignmentSheet>('/api/consignment-invoices/sheet', {
      fileName,
      mappingId: mapping.body.id,
    });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.lines.map((l) => [l.product.sku, l.quantity, l.unitPrice])).toEqual([
      [x.a.sku, '4', '2.5'],
      [x.b.sku, '2', '4'],
    ]);
    expect(read.body.problems.map((p) => [p.rowNumber, p.field])).toEqual([
      [5, 'sku'],
      [6, 'quantity'],
    ]);
    // Without the mapping the headers say nothing known: the missing columns are named.
    const unmapped = await clerk.post<ErrorBody>('/api/consignment-invoices/sheet', { fileName, mappingId: null });
    expect(unmapped.status).toBe(422);
    expect(unmapped.body.code).toBe('IMPORT_COLUMNS_MISSING');
  });
});
