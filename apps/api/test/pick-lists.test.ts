import type {
  Customer,
  ErrorBody,
  PickList,
  PickListCandidatePage,
  PickListInvoiceConflictDetails,
  PickListPage,
  SalesInvoice,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS, salesInvoiceTotals } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkStock } from '../src/domains/stock/index.ts';
import { pdfText } from '../src/platform/pdf/pdf-text.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let admin: ApiClient;
let adminToken: string;
/** Picks only (and sees invoices). */
let picker: ApiClient;
/** Everything but handle_pick_list_process. */
let blind: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  const [a, p, b] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(ta, ['handle_pick_list_process', 'view_sales_invoice']),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((p) => p !== 'handle_pick_list_process'),
    ),
  ]);
  admin = a.api;
  adminToken = a.tokens.accessToken;
  picker = p.api;
  blind = b.api;
}, 120_000);
afterAll(() => ta.close());
// Every scenario leaves the ledger, levels, layers, reservations and read models agreeing.
afterEach(async () => {
  const check = await checkStock(ta.t.db);
  expect(check.differences).toEqual([]);
  expect(check.ok).toBe(true);
});

let n = 0;
const uniq = () => {
  n += 1;
  return `${n}${Date.now() % 100000}`;
};
let keys = 0;
const key = () => ({ 'idempotency-key': `pl-${Date.now()}-${++keys}` });

async function product(barcode?: string) {
  const sku = `PL-${uniq()}`;
  const p = await ta.t.db
    .insertInto('products')
    .values({ sku, name: `Picked thing ${sku}`, unit: 'Unit', kind: 'STOCK', sale_price: '9.99' })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
  if (barcode)
    await ta.t.db.insertInto('product_barcodes').values({ product_id: p.id, position: 1, barcode }).execute();
  return p;
}
async function warehouse() {
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `PW${uniq()}`, name: 'Picking warehouse', kind: 'OWN' })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  const receiving = await ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: w.id, code: 'RECV', pickable: false, pick_sequence: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: w.id, default_receiving_location_id: receiving.id, over_receipt_tolerance: '0' })
    .execute();
  return w;
}
async function bin(warehouseId: string, code: string, pickSequence: number) {
  return ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: warehouseId, code, pick_sequence: pickSequence, pickable: true })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
}
async function stockIn(productId: string, warehouseId: string, quantity: string, locationId?: string) {
  const res = await admin.post('/api/stock/adjustments', {
    reason: 'Opening balance',
    lines: [{ productId, warehouseId, quantity, unitCost: '2.00', ...(locationId ? { locationId } : {}) }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}
let theCustomer: Customer | undefined;
async function customer() {
  if (theCustomer) return theCustomer;
  const res = await admin.post<Customer>(
    '/api/customers',
    {
      name: `Pat Picker ${uniq()}`,
      email: `pick${uniq()}@example.com`,
      addresses: [{ kind: 'shipping', line1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' }],
    },
    key(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  theCustomer = res.body;
  return res.body;
}
type Line = { productId: string; quantity: string; unitPrice?: string; vatCode?: 'STANDARD' | 'REDUCED' };
async function booked(warehouseId: string, lines: Line[], more: Record<string, unknown> = {}) {
  const c = await customer();
  const res = await admin.post<SalesInvoice>(
    '/api/sales-invoices',
    {
      customerId: c.id,
      warehouseId,
      lines: lines.map((l) => ({ unitPrice: '9.99', ...l })),
      book: true,
      ...more,
    },
    key(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.status).toBe('BOOKED');
  return res.body;
}
const invoice = async (id: string) => (await admin.get<SalesInvoice>(`/api/sales-invoices/${id}`)).body;
async function createList(warehouseId: string, invoiceIds: string[], client = picker) {
  return client.post<PickList>('/api/pick-lists', { warehouseId, invoiceIds }, key());
}
async function openList(warehouseId: string, invoiceIds: string[]) {
  const res = await createList(warehouseId, invoiceIds);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const scan = (id: string, body: Record<string, unknown>, client = picker) =>
  client.post<PickList>(`/api/pick-lists/${id}/scan`, body);
const confirm = (id: string, body: Record<string, unknown>, client = picker) =>
  client.post<PickList>(`/api/pick-lists/${id}/confirm`, body);

/** What a refused request must leave as it was. */
async function snapshot() {
  const { rows } = await sql<{ t: string }>`
    SELECT concat_ws('|',
      (SELECT count(*) FROM pick_lists), (SELECT count(*) FROM pick_list_invoices),
      (SELECT coalesce(sum(picked), 0) FROM pick_list_lines), (SELECT count(*) FROM sales_invoices),
      (SELECT string_agg(id::text || status || coalesce(pick_list_id::text, ''), ',' ORDER BY id) FROM sales_invoices),
      (SELECT string_agg(id::text || open_quantity::text || coalesce(source_id, ''), ',' ORDER BY id) FROM stock_reservations),
      (SELECT count(*) FROM system_logs), (SELECT count(*) FROM outbox_events)) AS t`.execute(ta.t.db);
  return rows[0]?.t;
}
async function reservedOf(productId: string, warehouseId: string) {
  const row = await ta.t.db
    .selectFrom('stock_levels')
    .select(['reserved', 'on_hand'])
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirstOrThrow();
  return new Decimal(row.reserved).toFixed();
}
async function openReservations(invoiceId: string) {
  const rows = await ta.t.db
    .selectFrom('stock_reservations')
    .select(['product_id', 'open_quantity'])
    .where('source_type', '=', 'sales_invoice')
    .where('source_id', '=', invoiceId)
    .where('status', '=', 'OPEN')
    .execute();
  return rows.map((r) => [r.product_id, new Decimal(r.open_quantity).toFixed()]);
}

describe('pick lists', () => {
  it('batches booked invoices of a warehouse: each goes PROCESSING, lines by product in bin pick order', async () => {
    const w = await warehouse();
    const [a1, b5] = [await bin(w.id, 'A-01', 10), await bin(w.id, 'B-05', 5)];
    const [p, q, r] = [await product('5012345678900'), await product(), await product()];
    await stockIn(p.id, w.id, '10', a1.id);
    await stockIn(q.id, w.id, '10', b5.id);
    await stockIn(r.id, w.id, '10'); // the receiving bin only, which is not pickable: still its bin
    const first = await booked(w.id, [
      { productId: p.id, quantity: '2' },
      { productId: q.id, quantity: '1' },
    ]);
    const second = await booked(w.id, [{ productId: p.id, quantity: '3' }]);
    const third = await booked(w.id, [{ productId: r.id, quantity: '1' }]);

    // Candidates: filters by lines (single or multi).
    const single = await picker.get<PickListCandidatePage>(
      `/api/pick-lists/candidates?warehouseId=${w.id}&lines=SINGLE`,
    );
    expect(single.status).toBe(200);
    expect(single.body.items.map((i) => i.number).sort()).toEqual([second.number, third.number].sort());
    const multi = await picker.get<PickListCandidatePage>(`/api/pick-lists/candidates?warehouseId=${w.id}&lines=MULTI`);
    expect(multi.body.items.map((i) => i.number)).toEqual([first.number]);

    const list = await openList(w.id, [first.id, second.id, third.id]);
    expect(list.number).toMatch(/^PL-\d{4}-\d{5}$/);
    expect(list.status).toBe('OPEN');
    expect(list.invoiceCount).toBe(3);
    // Pick order: B-05 (5), A-01 (10), then RECV (non-pickable bin, sequence 0 but a bin) — by pick sequence.
    expect(list.lines.map((l) => [l.product.sku, l.bin?.code ?? null, l.required])).toEqual([
      [r.sku, 'RECV', '1'],
      [q.sku, 'B-05', '1'],
      [p.sku, 'A-01', '5'],
    ]);
    expect(list.lines[2]?.invoices.map((i) => [i.number, i.required])).toEqual([
      [first.number, '2'],
      [second.number, '3'],
    ]);
    expect(list.lines[2]?.product.barcode).toBe('5012345678900');
    for (const inv of [first, second, third]) expect((await invoice(inv.id)).status).toBe('PROCESSING');
    // The candidates no longer show them.
    const left = await picker.get<PickListCandidatePage>(`/api/pick-lists/candidates?warehouseId=${w.id}`);
    expect(left.body.total).toBe(0);
    // Listed, found by invoice, with status counts.
    const page = await picker.get<PickListPage>(`/api/pick-lists?invoiceId=${second.id}`);
    expect(page.body.items.map((i) => i.number)).toEqual([list.number]);
    expect(page.body.statusCounts.OPEN).toBe(1);
    // The pick sheet.
    const pdf = await fetch(`${ta.baseUrl}/api/pick-lists/${list.id}/pdf?lang=en`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const word of ['Pick list', list.number, 'B-05', 'A-01', p.sku, '5012345678900']) expect(text).toContain(word);
  });

  it('refuses an invoice already on a list, not booked or of another warehouse, writing nothing', async () => {
    const w = await warehouse();
    const other = await warehouse();
    const p = await product();
    await stockIn(p.id, w.id, '10');
    await stockIn(p.id, other.id, '10');
    const a = await booked(w.id, [{ productId: p.id, quantity: '1' }]);
    const b = await booked(w.id, [{ productId: p.id, quantity: '1' }]);
    const elsewhere = await booked(other.id, [{ productId: p.id, quantity: '1' }]);
    const list = await openList(w.id, [a.id]);
    const before = await snapshot();
    const again = await createList(w.id, [b.id, a.id]);
    expect([again.status, (again.body as unknown as ErrorBody).code]).toEqual([
      409,
      'PICK_LIST_INVOICE_ON_ANOTHER_LIST',
    ]);
    expect((again.body as unknown as ErrorBody).details as PickListInvoiceConflictDetails).toMatchObject({
      number: a.number,
      pickList: { id: list.id, number: list.number },
    });
    const mixed = await createList(w.id, [b.id, elsewhere.id]);
    expect([mixed.status, (mixed.body as unknown as ErrorBody).code]).toEqual([
      422,
      'PICK_LIST_INVOICE_OTHER_WAREHOUSE',
    ]);
    const none = await picker.post<ErrorBody>(
      '/api/pick-lists',
      { warehouseId: other.id, filter: { channel: 'EBAY' } },
      key(),
    );
    expect([none.status, none.body.code]).toEqual([422, 'PICK_LIST_NO_INVOICES']);
    // Not booked: a pending invoice.
    const c = await customer();
    const pending = await admin.post<SalesInvoice>(
      '/api/sales-invoices',
      { customerId: c.id, warehouseId: w.id, lines: [{ productId: p.id, quantity: '1', unitPrice: '1' }] },
      key(),
    );
    const mid = await snapshot();
    const notBooked = await createList(w.id, [pending.body.id]);
    expect([notBooked.status, (notBooked.body as unknown as ErrorBody).code]).toEqual([
      409,
      'PICK_LIST_INVOICE_NOT_BOOKED',
    ]);
    expect(await snapshot()).toBe(mid);
    expect(before).not.toBe(mid);
    expect((await invoice(b.id)).status).toBe('BOOKED');
  });

  it('puts each invoice on one list when creates race for the same invoices', async () => {
    const w = await warehouse();
    const p = await product();
    await stockIn(p.id, w.id, '20');
    const invoices = [];
    for (let i = 0; i < 4; i += 1) invoices.push(await booked(w.id, [{ productId: p.id, quantity: '1' }]));
    const ids = invoices.map((i) => i.id);
    const answers = await Promise.all([
      createList(w.id, ids),
      createList(w.id, [...ids].reverse()),
      createList(w.id, [ids[2], ids[0], ids[3], ids[1]] as string[]),
    ]);
    const made = answers.filter((a) => a.status === 201);
    expect(made).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) expect(a.status).toBe(409);
    const { rows } = await sql<{ invoice_id: string; n: string }>`
      SELECT invoice_id, count(*) AS n FROM pick_list_invoices WHERE invoice_id = ANY(${ids}::uuid[])
      GROUP BY invoice_id`.execute(ta.t.db);
    expect(rows).toHaveLength(4);
    for (const r of rows) expect(r.n).toBe('1');
  });

  it('scans by SKU or barcode, refuses over-picks, unknown codes and another warehouse with 422', async () => {
    const w = await warehouse();
    const other = await warehouse();
    const p = await product('4006381333931');
    await stockIn(p.id, w.id, '5');
    const inv = await booked(w.id, [{ productId: p.id, quantity: '2' }]);
    const list = await openList(w.id, [inv.id]);
    const one = await scan(list.id, { code: '4006381333931', warehouseId: w.id });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.lines[0]?.picked).toBe('1');
    const two = await scan(list.id, { code: p.sku.toLowerCase() });
    expect([two.body.lines[0]?.picked, two.body.pickedQuantity]).toEqual(['2', '2']);
    const before = await snapshot();
    const over = await scan(list.id, { code: p.sku });
    expect([over.status, (over.body as unknown as ErrorBody).code]).toEqual([422, 'PICK_LIST_OVER_PICK']);
    expect((over.body as unknown as ErrorBody).details).toMatchObject({ sku: p.sku, required: '2', picked: '2' });
    const unknown = await scan(list.id, { code: 'NOT-ON-LIST' });
    expect([unknown.status, (unknown.body as unknown as ErrorBody).code]).toEqual([
      422,
      'PICK_LIST_PRODUCT_NOT_ON_LIST',
    ]);
    const wrongPlace = await scan(list.id, { code: p.sku, mode: 'SET', quantity: '0', warehouseId: other.id });
    expect([wrongPlace.status, (wrongPlace.body as unknown as ErrorBody).code]).toEqual([
      422,
      'PICK_LIST_WAREHOUSE_MISMATCH',
    ]);
    const wrongConfirm = await confirm(list.id, { warehouseId: other.id });
    expect([wrongConfirm.status, (wrongConfirm.body as unknown as ErrorBody).code]).toEqual([
      422,
      'PICK_LIST_WAREHOUSE_MISMATCH',
    ]);
    expect(await snapshot()).toBe(before);
    // SET writes the count (a recount).
    const reset = await scan(list.id, { code: p.sku, mode: 'SET', quantity: '0' });
    expect(reset.body.lines[0]?.picked).toBe('0');
  });

  it('confirms a full pick: invoices READY_FOR_DELIVERY, reservations kept, nothing posted', async () => {
    const w = await warehouse();
    const p = await product();
    await stockIn(p.id, w.id, '5');
    const inv = await booked(w.id, [{ productId: p.id, quantity: '2' }]);
    const list = await openList(w.id, [inv.id]);
    await scan(list.id, { code: p.sku, quantity: '2' });
    const movements = await sql<{ n: string }>`SELECT count(*) AS n FROM stock_movements`.execute(ta.t.db);
    const done = await confirm(list.id, { warehouseId: w.id });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('CONFIRMED');
    expect(done.body.invoices.map((i) => [i.number, i.status, i.outcome])).toEqual([
      [inv.number, 'READY_FOR_DELIVERY', 'PICKED'],
    ]);
    expect(done.body.lines[0]?.invoices[0]?.allocated).toBe('2');
    expect((await invoice(inv.id)).status).toBe('READY_FOR_DELIVERY');
    expect(await reservedOf(p.id, w.id)).toBe('2');
    const after = await sql<{ n: string }>`SELECT count(*) AS n FROM stock_movements`.execute(ta.t.db);
    expect(after.rows[0]?.n).toBe(movements.rows[0]?.n);
    const log = await ta.t.db
      .selectFrom('system_logs')
      .select(['action'])
      .where('entity', '=', 'pick_list')
      .where('entity_id', '=', list.number)
      .execute();
    expect(log.map((l) => l.action).sort()).toEqual(['confirm', 'create', 'scan']);
  });

  it('short pick BACK_TO_BOOKED: the oldest invoice gets the units, the short one returns to BOOKED with its reservation', async () => {
    const w = await warehouse();
    const p = await product();
    await stockIn(p.id, w.id, '10');
    const older = await booked(w.id, [{ productId: p.id, quantity: '2' }], { invoiceDate: '2026-01-05' });
    const newer = await booked(w.id, [{ productId: p.id, quantity: '2' }], { invoiceDate: '2026-01-06' });
    const list = await openList(w.id, [newer.id, older.id]);
    await scan(list.id, { code: p.sku, quantity: '3' });
    const done = await confirm(list.id, { warehouseId: w.id, shortPick: 'BACK_TO_BOOKED' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const outcome = Object.fromEntries(done.body.invoices.map((i) => [i.number, [i.status, i.outcome]]));
    expect(outcome[older.number]).toEqual(['READY_FOR_DELIVERY', 'PICKED']);
    expect(outcome[newer.number]).toEqual(['BOOKED', 'BACK_TO_BOOKED']);
    expect(await openReservations(newer.id)).toEqual([[p.id, '2']]);
    expect(await reservedOf(p.id, w.id)).toBe('4');
    // It can go on a later list.
    const later = await openList(w.id, [newer.id]);
    expect(later.invoices.map((i) => i.number)).toEqual([newer.number]);
  });

  it('short pick PARTIAL: a back-order takes the rest with its reservations; totals recomputed exactly', async () => {
    const w = await warehouse();
    const [p, q, r] = [await product(), await product(), await product()];
    await stockIn(p.id, w.id, '10');
    await stockIn(q.id, w.id, '10');
    await stockIn(r.id, w.id, '10');
    const inv = await booked(
      w.id,
      [
        { productId: p.id, quantity: '3', unitPrice: '9.99' },
        { productId: q.id, quantity: '2', unitPrice: '4.175', vatCode: 'REDUCED' },
        { productId: r.id, quantity: '1', unitPrice: '7.50' },
      ],
      { shippingCharge: '4.99' },
    );
    const reservedBefore = [await reservedOf(p.id, w.id), await reservedOf(q.id, w.id), await reservedOf(r.id, w.id)];
    const list = await openList(w.id, [inv.id]);
    await scan(list.id, { code: p.sku }); // 1 of 3
    await scan(list.id, { code: q.sku, quantity: '2' }); // all of q; nothing of r
    const done = await confirm(list.id, {
      warehouseId: w.id,
      shortPick: 'BACK_TO_BOOKED',
      invoiceChoices: [{ invoiceId: inv.id, shortPick: 'PARTIAL' }],
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const row = done.body.invoices[0];
    expect([row?.status, row?.outcome]).toEqual(['READY_FOR_DELIVERY', 'PARTIAL']);
    const original = await invoice(inv.id);
    const backorder = await invoice(row?.backorder?.id ?? '');
    expect(backorder.status).toBe('BOOKED');
    expect(backorder.number).toMatch(/^SI-/);
    expect(original.lines.map((l) => [l.product.sku, l.quantity])).toEqual([
      [p.sku, '1'],
      [q.sku, '2'],
    ]);
    expect(backorder.lines.map((l) => [l.product.sku, l.quantity, l.unitPrice])).toEqual([
      [p.sku, '2', '9.99'],
      [r.sku, '1', '7.50'],
    ]);
    // Exactly what the contract's amount functions give.
    const expectOriginal = salesInvoiceTotals(
      [
        { quantity: '1', unitPrice: '9.99', vatCode: 'STANDARD' },
        { quantity: '2', unitPrice: '4.175', vatCode: 'REDUCED' },
      ],
      { charge: '4.99', vatCode: 'STANDARD' },
      false,
    );
    expect([original.netTotal, original.vatTotal, original.grossTotal]).toEqual([
      expectOriginal.net,
      expectOriginal.vat,
      expectOriginal.gross,
    ]);
    const expectBack = salesInvoiceTotals(
      [
        { quantity: '2', unitPrice: '9.99', vatCode: 'STANDARD' },
        { quantity: '1', unitPrice: '7.50', vatCode: 'STANDARD' },
      ],
      { charge: '0', vatCode: 'STANDARD' },
      false,
    );
    expect([backorder.netTotal, backorder.vatTotal, backorder.grossTotal, backorder.shippingGross]).toEqual([
      expectBack.net,
      expectBack.vat,
      expectBack.gross,
      '0.00',
    ]);
    expect(original.totalQuantity).toBe('3');
    expect(backorder.totalQuantity).toBe('3');
    // Reservations moved, their sum unchanged.
    expect((await openReservations(inv.id)).sort()).toEqual(
      [
        [p.id, '1'],
        [q.id, '2'],
      ].sort(),
    );
    expect((await openReservations(backorder.id)).sort()).toEqual(
      [
        [p.id, '2'],
        [r.id, '1'],
      ].sort(),
    );
    expect([await reservedOf(p.id, w.id), await reservedOf(q.id, w.id), await reservedOf(r.id, w.id)]).toEqual(
      reservedBefore,
    );
    const link = await ta.t.db
      .selectFrom('sales_invoices')
      .select('backorder_of')
      .where('id', '=', backorder.id)
      .executeTakeFirstOrThrow();
    expect(link.backorder_of).toBe(inv.id);
    // The back-order can be picked on a later list.
    const later = await openList(w.id, [backorder.id]);
    expect(later.lines.map((l) => [l.product.sku, l.required]).sort()).toEqual(
      [
        [p.sku, '2'],
        [r.sku, '1'],
      ].sort(),
    );
  });

  it('posts two racing confirmations of one list once: one 200, one 409', async () => {
    const w = await warehouse();
    const p = await product();
    await stockIn(p.id, w.id, '5');
    const inv = await booked(w.id, [{ productId: p.id, quantity: '2' }]);
    const list = await openList(w.id, [inv.id]);
    await scan(list.id, { code: p.sku });
    const answers = await Promise.all([
      confirm(list.id, { warehouseId: w.id, shortPick: 'PARTIAL' }),
      confirm(list.id, { warehouseId: w.id, shortPick: 'PARTIAL' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)?.body as unknown as ErrorBody;
    expect(refused.code).toBe('PICK_LIST_STATUS_CONFLICT');
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM sales_invoices WHERE backorder_of = ${inv.id}`.execute(ta.t.db);
    expect(rows[0]?.n).toBe('1');
    expect(await reservedOf(p.id, w.id)).toBe('2');
  });

  it('cancels an open list: its invoices go back to BOOKED, reservations kept', async () => {
    const w = await warehouse();
    const p = await product();
    await stockIn(p.id, w.id, '5');
    const inv = await booked(w.id, [{ productId: p.id, quantity: '2' }]);
    const list = await openList(w.id, [inv.id]);
    const canceled = await picker.post<PickList>(`/api/pick-lists/${list.id}/cancel`, {});
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body.status).toBe('CANCELED');
    expect((await invoice(inv.id)).status).toBe('BOOKED');
    expect(await openReservations(inv.id)).toEqual([[p.id, '2']]);
    const again = await picker.post<ErrorBody>(`/api/pick-lists/${list.id}/cancel`, {});
    expect([again.status, again.body.code]).toEqual([409, 'PICK_LIST_STATUS_CONFLICT']);
  });

  it('needs handle_pick_list_process (403) and writes nothing without it', async () => {
    const w = await warehouse();
    const p = await product();
    await stockIn(p.id, w.id, '5');
    const inv = await booked(w.id, [{ productId: p.id, quantity: '1' }]);
    const before = await snapshot();
    const denied = await createList(w.id, [inv.id], blind);
    expect(denied.status).toBe(403);
    expect((await blind.get('/api/pick-lists')).status).toBe(403);
    expect((await blind.get(`/api/pick-lists/candidates?warehouseId=${w.id}`)).status).toBe(403);
    expect(await snapshot()).toBe(before);
    const list = await openList(w.id, [inv.id]);
    expect((await scan(list.id, { code: p.sku }, blind)).status).toBe(403);
    expect((await confirm(list.id, { warehouseId: w.id }, blind)).status).toBe(403);
  });

  it('replays a create retried with the same Idempotency-Key', async () => {
    const w = await warehouse();
    const p = await product();
    await stockIn(p.id, w.id, '5');
    const inv = await booked(w.id, [{ productId: p.id, quantity: '1' }]);
    const headers = key();
    const first = await picker.post<PickList>('/api/pick-lists', { warehouseId: w.id, filter: {} }, headers);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const retry = await picker.post<PickList>('/api/pick-lists', { warehouseId: w.id, filter: {} }, headers);
    expect([retry.status, retry.body.id]).toEqual([201, first.body.id]);
    expect(first.body.invoices.map((i) => i.id)).toEqual([inv.id]);
  });
});
