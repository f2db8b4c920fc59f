import type {
  CarrierServiceOption,
  ChannelShippedPayload,
  Customer,
  ErrorBody,
  SalesInvoice,
  SalesInvoiceCreateInput,
  ShipList,
  ShipListConfirmInput,
  ShipListInvoiceHead,
  ShipListInvoiceProblems,
  ShipListPage,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS, CHANNEL_ORDER_EVENT } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkStock } from '../src/domains/stock/index.ts';
import { pdfText } from '../src/platform/pdf/pdf-text.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { consignmentSupplier, receiveConsigned } from './consignment.ts';
import { pickInvoices } from './fulfilment.ts';

let ta: TestApp;
let admin: ApiClient;
let adminToken: string;
/** Ships (ship_list) and nothing else. */
let shipper: ApiClient;
let shipperToken: string;
/** Everything but ship_list. */
let noShip: ApiClient;
let services: CarrierServiceOption[];
let tracked: CarrierServiceOption;
let untracked: CarrierServiceOption;
let otherCarrier: CarrierServiceOption;

beforeAll(async () => {
  ta = await startTestApp();
  const [a, s, x] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(ta, ['ship_list']),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((p) => p !== 'ship_list'),
    ),
  ]);
  admin = a.api;
  adminToken = a.tokens.accessToken;
  shipper = s.api;
  shipperToken = s.tokens.accessToken;
  noShip = x.api;
  const res = await shipper.get<{ items: CarrierServiceOption[] }>('/api/ship-lists/carrier-services');
  expect(res.status).toBe(200);
  services = res.body.items;
  tracked = services.find((o) => o.code === 'TPN24') as CarrierServiceOption;
  untracked = services.find((o) => o.code === 'CRL48') as CarrierServiceOption;
  otherCarrier = services.find((o) => o.code === 'SND') as CarrierServiceOption;
  expect(otherCarrier.carrier.id).not.toBe(tracked.carrier.id);
  expect(tracked.tracked).toBe(true);
  expect(untracked.tracked).toBe(false);
}, 120_000);
afterAll(() => ta.close());
// Every scenario leaves the ledger, levels, layers, reservations and read models agreeing.
afterEach(async () => {
  const check = await checkStock(ta.t.db);
  expect(check.differences).toEqual([]);
  expect(check.ok).toBe(true);
});

const D = (v: Decimal.Value) => new Decimal(v);
let n = 0;
const uniq = () => {
  n += 1;
  return `${n}${Date.now() % 100000}`;
};
let keys = 0;
const key = () => ({ 'idempotency-key': `sl-${Date.now()}-${++keys}` });

async function product() {
  const sku = `SL-${uniq()}`;
  return ta.t.db
    .insertInto('products')
    .values({ sku, name: `Shipped thing ${sku}`, unit: 'Unit', kind: 'STOCK', sale_price: '19.99' })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}
async function warehouse() {
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `SLW${uniq()}`, name: 'Dispatch warehouse', kind: 'OWN' })
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
async function stockIn(productId: string, warehouseId: string, quantity: string, unitCost: string) {
  const res = await admin.post('/api/stock/adjustments', {
    reason: 'Opening balance',
    lines: [{ productId, warehouseId, quantity, unitCost }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}
let customerId: string;
async function customer() {
  if (customerId) return customerId;
  const res = await admin.post<Customer>(
    '/api/customers',
    {
      name: `Sam Shipper ${uniq()}`,
      email: `ship${uniq()}@example.com`,
      addresses: [{ kind: 'shipping', line1: '9 Dock Road', city: 'Hull', postcode: 'HU1 1AA', country: 'GB' }],
    },
    key(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  customerId = res.body.id;
  return customerId;
}

/** An invoice created and booked through the API, then picked and packed on a pick list of its own. */
async function packedInvoice(
  warehouseId: string,
  lines: { productId: string; quantity: string }[],
  more: Partial<SalesInvoiceCreateInput> = {},
  pack = true,
) {
  const res = await admin.post<SalesInvoice>(
    '/api/sales-invoices',
    {
      customerId: await customer(),
      warehouseId,
      carrierServiceId: tracked.id,
      lines: lines.map((l) => ({ ...l, unitPrice: '19.99' })),
      book: true,
      ...more,
    },
    key(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.status).toBe('BOOKED');
  if (!pack) return res.body;
  await pickInvoices(admin, warehouseId, [res.body.id]);
  expect(await invoiceStatus(res.body.id)).toBe('READY_FOR_DELIVERY');
  return res.body;
}

const createList = (warehouseId: string, invoiceIds: string[], client = shipper) =>
  client.post<ShipList>('/api/ship-lists', { warehouseId, invoiceIds }, key());
async function openList(warehouseId: string, invoiceIds: string[]) {
  const res = await createList(warehouseId, invoiceIds);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const confirm = (id: string, body: ShipListConfirmInput, client = shipper, headers: Record<string, string> = key()) =>
  client.post<ShipList>(`/api/ship-lists/${id}/confirm`, body, headers);
const row = (invoiceId: string, tracking: (string | null)[], service = tracked) => ({
  invoiceId,
  carrierServiceId: service.id,
  parcels: tracking.map((t, i) => ({ weightKg: `1.${i + 1}05`, trackingNumber: t })),
});

async function movementsOf(sourceId: string) {
  return ta.t.db
    .selectFrom('stock_movements')
    .select(['kind', 'quantity', 'value', 'product_id', 'source_type'])
    .where('source_id', '=', sourceId)
    .orderBy('id')
    .execute();
}
async function invoiceStatus(id: string) {
  const r = await ta.t.db.selectFrom('sales_invoices').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  return r.status;
}
async function channelEvents(invoiceId: string) {
  const { rows } = await sql<{ status: string; payload: ChannelShippedPayload }>`
    SELECT status, payload FROM outbox_events WHERE type = ${CHANNEL_ORDER_EVENT} AND payload->>'invoiceId' = ${invoiceId}`.execute(
    ta.t.db,
  );
  return rows;
}
/** Business rows a refused confirm must leave as they were. */
async function fingerprint() {
  const { rows } = await sql<{ f: string }>`SELECT concat_ws('|',
      (SELECT count(*) FROM stock_movements), (SELECT count(*) FROM ship_list_parcels),
      (SELECT count(*) FROM outbox_events WHERE type = ${CHANNEL_ORDER_EVENT}),
      (SELECT string_agg(status || open_quantity::text, ',' ORDER BY id) FROM stock_reservations),
      (SELECT string_agg(status, ',' ORDER BY id) FROM sales_invoices),
      (SELECT string_agg(status, ',' ORDER BY id) FROM ship_lists)) AS f`.execute(ta.t.db);
  return rows[0]?.f;
}

describe('ship lists', () => {
  it('ships a list: ISSUE at FIFO cost, reservations consumed, invoices PROCESSED, channels told', async () => {
    const w = await warehouse();
    const [p, q] = await Promise.all([product(), product()]);
    // Layers of p: 3 at £2.00, then 5 at £3.00. Of q: 10 at £1.25.
    await stockIn(p.id, w.id, '3', '2.00');
    await stockIn(p.id, w.id, '5', '3.00');
    await stockIn(q.id, w.id, '10', '1.25');
    const amazon = await packedInvoice(
      w.id,
      [
        { productId: p.id, quantity: '4' },
        { productId: q.id, quantity: '2' },
      ],
      { channel: 'AMAZON', externalOrderId: `206-${uniq()}` },
    );
    const manual = await packedInvoice(w.id, [{ productId: p.id, quantity: '1' }], { carrierServiceId: untracked.id });

    const candidates = await shipper.get<{ items: ShipListInvoiceHead[]; total: number }>(
      `/api/ship-lists/candidates?warehouseId=${w.id}`,
    );
    expect(candidates.status).toBe(200);
    expect(candidates.body.items.map((i) => i.number).sort()).toEqual([amazon.number, manual.number].sort());
    const byChannel = await shipper.get<{ items: ShipListInvoiceHead[] }>(
      `/api/ship-lists/candidates?warehouseId=${w.id}&channel=AMAZON`,
    );
    expect(byChannel.body.items.map((i) => i.number)).toEqual([amazon.number]);

    const list = await openList(w.id, [amazon.id, manual.id]);
    expect(list.number).toMatch(/^SL-\d{4}-\d{5}$/);
    expect(list.status).toBe('OPEN');
    expect(list.rows.map((r) => r.carrierService?.code)).toEqual(['TPN24', 'CRL48']);
    // On a list, they are no longer candidates.
    const after = await shipper.get<{ total: number }>(`/api/ship-lists/candidates?warehouseId=${w.id}`);
    expect(after.body.total).toBe(0);

    const tn1 = `TN${uniq()}GB`;
    const tn2 = `TN${uniq()}GB`;
    const done = await confirm(list.id, {
      rows: [row(amazon.id, [tn1.toLowerCase(), tn2]), row(manual.id, [null], untracked)],
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('CONFIRMED');
    expect(done.body.parcelCount).toBe(3);
    expect(done.body.rows[0]?.parcels).toEqual([
      { parcelNo: 1, weightKg: '1.105', trackingNumber: tn1, labelReference: null },
      { parcelNo: 2, weightKg: '1.205', trackingNumber: tn2, labelReference: null },
    ]);

    // FIFO by hand. The invoices ship in id order. Amazon's first: its 4 of p take the 3 at £2.00 and 1 at £3.00
    // = £9.00, and the manual invoice's 1 the next £3.00 unit; manual's first: 1 at £2.00, then 2 at £2.00 and 2 at
    // £3.00 = £10.00. Either way the 5 units of p cost £12.00, and 2 of q at £1.25 = £2.50.
    const amazonFirst = amazon.id < manual.id;
    const [amazonP, manualP] = amazonFirst ? ['-9.00', '-3.00'] : ['-10.00', '-2.00'];
    const moves = await movementsOf(amazon.id);
    expect(
      moves.map((m) => [m.kind, m.product_id, D(m.quantity).toFixed(), D(m.value).toFixed(2), m.source_type]),
    ).toEqual(
      expect.arrayContaining([
        ['ISSUE', p.id, '-4', amazonP, 'sales_invoice'],
        ['ISSUE', q.id, '-2', '-2.50', 'sales_invoice'],
      ]),
    );
    expect(moves).toHaveLength(2);
    const manualMoves = await movementsOf(manual.id);
    expect(manualMoves.map((m) => [m.kind, D(m.quantity).toFixed(), D(m.value).toFixed(2)])).toEqual([
      ['ISSUE', '-1', manualP],
    ]);
    const reservations = await ta.t.db
      .selectFrom('stock_reservations')
      .select(['status', 'open_quantity', 'issued_quantity'])
      .where('source_id', 'in', [amazon.id, manual.id])
      .execute();
    expect(reservations).toHaveLength(3);
    for (const r of reservations) {
      expect(r.status).toBe('ISSUED');
      expect(D(r.open_quantity).isZero()).toBe(true);
    }
    const levels = await ta.t.db
      .selectFrom('stock_levels')
      .select(['product_id', 'on_hand', 'reserved'])
      .where('warehouse_id', '=', w.id)
      .execute();
    const levelOf = (id: string) => levels.find((l) => l.product_id === id);
    expect([D(levelOf(p.id)?.on_hand ?? 0).toFixed(), D(levelOf(p.id)?.reserved ?? 0).toFixed()]).toEqual(['3', '0']);
    expect([D(levelOf(q.id)?.on_hand ?? 0).toFixed(), D(levelOf(q.id)?.reserved ?? 0).toFixed()]).toEqual(['8', '0']);

    // The invoices: PROCESSED with the shipment.
    const shipped = await admin.get<SalesInvoice>(`/api/sales-invoices/${amazon.id}`);
    expect(shipped.body.status).toBe('PROCESSED');
    expect(shipped.body.shipment).toMatchObject({
      shipList: { id: list.id, number: list.number },
      carrierService: { code: 'TPN24', carrier: { code: 'ROYAL_MAIL' } },
    });
    expect(shipped.body.shipment?.tracking.map((t) => t.trackingNumber)).toEqual([tn1, tn2]);
    expect(shipped.body.shipment?.tracking[0]?.url).toContain(tn1);
    expect(await invoiceStatus(manual.id)).toBe('PROCESSED');

    // STATUS_SHIPPED for the channel order, none for the manual one.
    const events = await channelEvents(amazon.id);
    expect(events).toHaveLength(1);
    expect(events[0]?.payload).toMatchObject({
      processType: 'STATUS_SHIPPED',
      channel: 'AMAZON',
      externalOrderId: amazon.externalOrderId,
      invoiceNumber: amazon.number,
      carrier: { code: 'ROYAL_MAIL' },
      service: { code: 'TPN24' },
      trackingNumbers: [tn1, tn2],
    });
    expect(await channelEvents(manual.id)).toEqual([]);
    ta.app.jobs.start();
    ta.app.jobs.nudge();
    await ta.app.jobs.idle();
    // The channels' handler takes it; with no Amazon account set up there is nobody to tell, so no message is made.
    const kept = await channelEvents(amazon.id);
    expect(kept.map((e) => e.status)).toEqual(['DELIVERED']);
    expect(await ta.t.db.selectFrom('channel_messages').selectAll().execute()).toEqual([]);

    // The audit: the list's confirm and each invoice's ship step under their numbers.
    const logs = await ta.t.db
      .selectFrom('system_logs')
      .select(['entity', 'action', 'entity_id'])
      .where('entity_id', 'in', [list.number, amazon.number])
      .where('action', 'in', ['confirm', 'ship'])
      .execute();
    expect(logs.map((l) => `${l.entity}:${l.action}`).sort()).toEqual(['sales_invoice:ship', 'ship_list:confirm']);

    // The list of lists, its tab counts, and the search by an invoice's number.
    const page = await shipper.get<ShipListPage>(`/api/ship-lists?warehouseId=${w.id}&q=${amazon.number}`);
    expect(page.status).toBe(200);
    expect(page.body.items.map((l) => l.number)).toEqual([list.number]);
    expect(page.body.statusCounts.CONFIRMED).toBe(1);

    // Packing slips: one file for the list, one per invoice; no prices.
    const pdf = await fetch(`${ta.baseUrl}/api/ship-lists/${list.id}/packing-slips?lang=en`, {
      headers: { authorization: `Bearer ${shipperToken}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const words of ['Packing slip', amazon.number, manual.number, p.sku, q.sku, tn1, '9 Dock Road'])
      expect(text).toContain(words);
    expect(text).not.toContain('19.99');
    const one = await fetch(`${ta.baseUrl}/api/sales-invoices/${manual.id}/packing-slip?lang=de`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(one.status).toBe(200);
    expect(pdfText(Buffer.from(await one.arrayBuffer()))).toContain('Packschein');
  });

  it('records what consignment units sold owe their supplier', async () => {
    const w = await warehouse();
    const p = await product();
    const s = await consignmentSupplier(ta.t.db);
    await receiveConsigned(ta.t.db, {
      productId: p.id,
      warehouseId: w.id,
      supplierId: s.id,
      quantity: '5',
      agreedCost: '4.40',
    });
    const inv = await packedInvoice(w.id, [{ productId: p.id, quantity: '2' }]);
    const list = await openList(w.id, [inv.id]);
    const done = await confirm(list.id, { rows: [row(inv.id, [`CN${uniq()}`])] });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const owed = await ta.t.db
      .selectFrom('consignment_sales')
      .select(['quantity', 'unit_cost', 'partner_id'])
      .where('product_id', '=', p.id)
      .execute();
    expect(owed.map((o) => [D(o.quantity).toFixed(), D(o.unit_cost).toFixed(2), o.partner_id])).toEqual([
      ['2', '4.40', s.id],
    ]);
    // Supplier-owned units are valued at zero in stock.
    expect((await movementsOf(inv.id)).map((m) => D(m.value).toFixed(2))).toEqual(['0.00']);
  });

  it('refuses tracking numbers used twice, missing ones and short stock, writing nothing', async () => {
    const w = await warehouse();
    const p = await product();
    await stockIn(p.id, w.id, '10', '1.00');
    const first = await packedInvoice(w.id, [{ productId: p.id, quantity: '1' }]);
    const second = await packedInvoice(w.id, [{ productId: p.id, quantity: '1' }]);
    const used = `TU${uniq()}`;
    const l1 = await openList(w.id, [first.id]);
    expect((await confirm(l1.id, { rows: [row(first.id, [used])] })).status).toBe(200);

    const l2 = await openList(w.id, [second.id]);
    const before = await fingerprint();
    const again = await confirm(l2.id, { rows: [row(second.id, [used])] });
    expect(again.status).toBe(422);
    expect((again.body as unknown as ErrorBody).code).toBe('SHIP_LIST_TRACKING_NUMBER_USED');
    expect((again.body as unknown as ErrorBody).message).toContain(first.number);
    const twice = await confirm(l2.id, { rows: [row(second.id, ['DUP1', 'dup1'])] });
    expect((twice.body as unknown as ErrorBody).code).toBe('SHIP_LIST_TRACKING_DUPLICATE');
    const missing = await confirm(l2.id, { rows: [row(second.id, ['OK1', null])] });
    expect((missing.body as unknown as ErrorBody).code).toBe('SHIP_LIST_TRACKING_REQUIRED');
    const wrongRows = await confirm(l2.id, { rows: [row(first.id, ['OK2'])] });
    expect((wrongRows.body as unknown as ErrorBody).code).toBe('SHIP_LIST_ROWS_MISMATCH');
    const badWeight = await confirm(l2.id, {
      rows: [
        { invoiceId: second.id, carrierServiceId: tracked.id, parcels: [{ weightKg: '1.2345', trackingNumber: 'W1' }] },
      ],
    });
    expect(badWeight.status).toBe(400);
    expect(await fingerprint()).toBe(before);

    // A loss takes the stock the invoice holds: the confirm names the invoice and ships nothing.
    const loss = await admin.post('/api/stock/adjustments', {
      reason: 'Damaged in the warehouse',
      lines: [{ productId: p.id, warehouseId: w.id, quantity: '-9' }],
    });
    expect(loss.status, JSON.stringify(loss.body)).toBe(201);
    const short = await ta.t.db
      .selectFrom('stock_reservations')
      .select('short_quantity')
      .where('source_id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(D(short.short_quantity).toFixed()).toBe('1');
    const beforeShort = await fingerprint();
    const blocked = await confirm(l2.id, { rows: [row(second.id, [`TS${uniq()}`])] });
    expect(blocked.status).toBe(422);
    const body = blocked.body as unknown as ErrorBody & { details: ShipListInvoiceProblems };
    expect(body.code).toBe('SHIP_LIST_STOCK_SHORT');
    expect(body.details.invoices.map((i) => i.number)).toEqual([second.number]);
    expect(body.message).toContain(second.number);
    expect(await fingerprint()).toBe(beforeShort);
    expect(await invoiceStatus(second.id)).toBe('READY_FOR_DELIVERY');
  });

  it('uses a tracking number once per carrier: another carrier may issue the same text', async () => {
    const w = await warehouse();
    const p = await product();
    await stockIn(p.id, w.id, '10', '1.00');
    const [a, b, c] = [
      await packedInvoice(w.id, [{ productId: p.id, quantity: '1' }]),
      await packedInvoice(w.id, [{ productId: p.id, quantity: '1' }]),
      await packedInvoice(w.id, [{ productId: p.id, quantity: '1' }]),
    ];
    const number = `TX${uniq()}`;
    const first = await openList(w.id, [a.id]);
    expect((await confirm(first.id, { rows: [row(a.id, [number])] })).status).toBe(200);
    // Parcelforce's parcel of the same text is another parcel.
    const second = await openList(w.id, [b.id, c.id]);
    const same = await confirm(second.id, { rows: [row(b.id, [number], otherCarrier), row(c.id, [`TY${uniq()}`])] });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const parcels = await ta.t.db
      .selectFrom('ship_list_parcels')
      .select(['invoice_id', 'carrier_id'])
      .where('tracking_number', '=', number)
      .orderBy('carrier_id')
      .execute();
    expect(new Set(parcels.map((x) => x.carrier_id))).toEqual(new Set([tracked.carrier.id, otherCarrier.carrier.id]));
    // Within one carrier, typed twice on one list is still refused.
    const d = await packedInvoice(w.id, [{ productId: p.id, quantity: '1' }]);
    const e = await packedInvoice(w.id, [{ productId: p.id, quantity: '1' }]);
    const third = await openList(w.id, [d.id, e.id]);
    const twice = await confirm(third.id, {
      rows: [row(d.id, ['DUPX'], otherCarrier), row(e.id, ['DUPX'], otherCarrier)],
    });
    expect((twice.body as unknown as ErrorBody).code).toBe('SHIP_LIST_TRACKING_DUPLICATE');
    const apart = await confirm(third.id, { rows: [row(d.id, ['DUPX'], otherCarrier), row(e.id, ['DUPX'])] });
    expect(apart.status, JSON.stringify(apart.body)).toBe(200);
  });

  it('confirms once: a second confirm answers 409, two at once post once', async () => {
    const w = await warehouse();
    const p = await product();
    await stockIn(p.id, w.id, '5', '2.00');
    const inv = await packedInvoice(w.id, [{ productId: p.id, quantity: '2' }]);
    const list = await openList(w.id, [inv.id]);
    const body = { rows: [row(inv.id, [`TC${uniq()}`])] };
    const answers = await Promise.all([confirm(list.id, body), confirm(list.id, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const conflictBody = answers.find((a) => a.status === 409)?.body as unknown as ErrorBody;
    expect(conflictBody.code).toBe('SHIP_LIST_STATUS_CONFLICT');
    expect(await movementsOf(inv.id)).toHaveLength(1);
    const third = await confirm(list.id, body);
    expect(third.status).toBe(409);
    // The same Idempotency-Key replays the first answer instead.
    const inv2 = await packedInvoice(w.id, [{ productId: p.id, quantity: '1' }]);
    const list2 = await openList(w.id, [inv2.id]);
    const k = key();
    const b2 = { rows: [row(inv2.id, [`TK${uniq()}`])] };
    const [x, y] = [await confirm(list2.id, b2, shipper, k), await confirm(list2.id, b2, shipper, k)];
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(await movementsOf(inv2.id)).toHaveLength(1);
  });

  it('takes only packed invoices of the warehouse on no open list; cancelling frees them', async () => {
    const w = await warehouse();
    const other = await warehouse();
    const p = await product();
    await stockIn(p.id, w.id, '5', '2.00');
    const booked = await packedInvoice(w.id, [{ productId: p.id, quantity: '1' }], {}, false);
    const packed = await packedInvoice(w.id, [{ productId: p.id, quantity: '1' }]);
    const before = await fingerprint();
    const notReady = await createList(w.id, [booked.id, packed.id]);
    expect(notReady.status).toBe(422);
    const body = notReady.body as unknown as ErrorBody & { details: ShipListInvoiceProblems };
    expect(body.code).toBe('SHIP_LIST_INVOICE_NOT_READY');
    expect(body.details.invoices.map((i) => i.number)).toEqual([booked.number]);
    const elsewhere = await createList(other.id, [packed.id]);
    expect((elsewhere.body as unknown as ErrorBody).code).toBe('SHIP_LIST_INVOICE_NOT_READY');
    expect(await fingerprint()).toBe(before);

    const list = await openList(w.id, [packed.id]);
    const onTwo = await createList(w.id, [packed.id]);
    expect((onTwo.body as unknown as ErrorBody).message).toContain(list.number);
    const canceled = await shipper.post<ShipList>(`/api/ship-lists/${list.id}/cancel`, { reason: 'Van late' });
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe('CANCELED');
    expect(await invoiceStatus(packed.id)).toBe('READY_FOR_DELIVERY');
    const again = await openList(w.id, [packed.id]);
    expect(again.rows).toHaveLength(1);
    const cancelTwice = await shipper.post(`/api/ship-lists/${list.id}/cancel`, {});
    expect(cancelTwice.status).toBe(409);
  });

  it('answers 403 without ship_list, writing nothing', async () => {
    const w = await warehouse();
    const p = await product();
    await stockIn(p.id, w.id, '2', '2.00');
    const inv = await packedInvoice(w.id, [{ productId: p.id, quantity: '1' }]);
    const list = await openList(w.id, [inv.id]);
    const before = await fingerprint();
    expect((await noShip.get('/api/ship-lists')).status).toBe(403);
    expect((await noShip.get(`/api/ship-lists/candidates?warehouseId=${w.id}`)).status).toBe(403);
    expect((await noShip.get(`/api/ship-lists/${list.id}`)).status).toBe(403);
    expect((await createList(w.id, [inv.id], noShip)).status).toBe(403);
    expect((await confirm(list.id, { rows: [row(inv.id, ['TP1'])] }, noShip)).status).toBe(403);
    expect((await noShip.post(`/api/ship-lists/${list.id}/cancel`, {})).status).toBe(403);
    expect(await fingerprint()).toBe(before);
    // The invoice's own packing slip is open to viewers of invoices as well as to shippers.
    const slip = await fetch(`${ta.baseUrl}/api/sales-invoices/${inv.id}/packing-slip`, {
      headers: { authorization: `Bearer ${shipperToken}` },
    });
    expect(slip.status).toBe(200);
  });
});
