import type {
  Customer,
  ErrorBody,
  ReturnableInvoice,
  ReturnTicket,
  ReturnTicketExcessDetails,
  ReturnTicketInput,
  ReturnTicketPage,
  ReturnTicketStepResult,
  SalesInvoice,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkStock } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { consignmentSupplier, receiveConsigned } from './consignment.ts';
import { pickInvoices, shipInvoices } from './fulfilment.ts';

let ta: TestApp;
let admin: ApiClient;
/** Sees and raises tickets, may not receive, inspect or cancel them. */
let clerk: ApiClient;
/** Everything but the return-ticket permissions. */
let blind: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  const [a, c, b] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(ta, ['view_return_ticket', 'add_return_ticket', 'edit_return_ticket']),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((p) => !p.endsWith('_return_ticket')),
    ),
  ]);
  admin = a.api;
  clerk = c.api;
  blind = b.api;
}, 120_000);
afterAll(() => ta.close());
// Every step leaves the ledger, levels, layers, reservations and read models agreeing.
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
const key = () => ({ 'idempotency-key': `rt-${Date.now()}-${++keys}` });

async function product(costPrice = '0') {
  const sku = `RT-${uniq()}`;
  return ta.t.db
    .insertInto('products')
    .values({
      sku,
      name: `Returned thing ${sku}`,
      unit: 'Unit',
      kind: 'STOCK',
      sale_price: '9.99',
      cost_price: costPrice,
    })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}
/** A warehouse with a receiving bin and a returns bin (its configuration's default for returns). */
async function warehouse() {
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `RW${uniq()}`, name: 'Returns warehouse', kind: 'OWN' })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  const [receiving, returns] = await Promise.all([
    ta.t.db
      .insertInto('warehouse_locations')
      .values({ warehouse_id: w.id, code: 'RECV' })
      .returning('id')
      .executeTakeFirstOrThrow(),
    ta.t.db
      .insertInto('warehouse_locations')
      .values({ warehouse_id: w.id, code: 'RETURNS' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  ]);
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({
      warehouse_id: w.id,
      default_receiving_location_id: receiving.id,
      default_returns_location_id: returns.id,
      over_receipt_tolerance: '0',
    })
    .execute();
  return { ...w, returnsBin: returns.id };
}
async function stockIn(productId: string, warehouseId: string, quantity: string, unitCost: string) {
  const res = await admin.post('/api/stock/adjustments', {
    reason: 'Opening balance',
    lines: [{ productId, warehouseId, quantity, unitCost }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}
async function customer() {
  const res = await admin.post<Customer>(
    '/api/customers',
    {
      name: `Ret Buyer ${uniq()}`,
      email: `ret${uniq()}@example.com`,
      addresses: [{ kind: 'shipping', line1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' }],
    },
    key(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
async function level(productId: string, warehouseId: string) {
  const row = await ta.t.db
    .selectFrom('stock_levels')
    .select(['on_hand', 'reserved', 'value'])
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();
  const onHand = new Decimal(row?.on_hand ?? 0);
  const reserved = new Decimal(row?.reserved ?? 0);
  return {
    onHand: onHand.toFixed(),
    reserved: reserved.toFixed(),
    available: onHand.sub(reserved).toFixed(),
    value: new Decimal(row?.value ?? 0).toFixed(8),
  };
}
async function bookedInvoice(
  customerId: string,
  warehouseId: string,
  lines: { productId: string; quantity: string }[],
) {
  const res = await admin.post<SalesInvoice>(
    '/api/sales-invoices',
    {
      customerId,
      warehouseId,
      book: true,
      lines: lines.map((l) => ({ ...l, unitPrice: '10.00', vatCode: 'STANDARD' })),
    },
    key(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.status).toBe('BOOKED');
  return res.body;
}
/**
 * A booked invoice shipped for real: picked on a pick list and shipped on a ship list, whose confirm issues its
 * reservations at FIFO cost (ISSUE rows, source `sales_invoice`, the invoice's id: the cost a return comes back at)
 * and makes it PROCESSED.
 */
async function shippedInvoice(
  customerId: string,
  warehouseId: string,
  lines: { productId: string; quantity: string }[],
) {
  const inv = await bookedInvoice(customerId, warehouseId, lines);
  await shipInvoices(admin, warehouseId, [inv.id]);
  const issues = await ta.t.db
    .selectFrom('stock_movements')
    .select(['kind', 'source_type'])
    .where('source_id', '=', inv.id)
    .execute();
  expect(issues.map((m) => [m.kind, m.source_type])).toEqual(lines.map(() => ['ISSUE', 'sales_invoice']));
  return inv;
}
type Line = ReturnTicketInput['lines'][number];
const line = (productId: string, quantity: string, more: Partial<Line> = {}): Line => ({
  productId,
  quantity,
  reason: 'CHANGED_MIND',
  condition: 'RESALEABLE',
  ...more,
});
const create = (body: ReturnTicketInput, client = admin, headers = key()) =>
  client.post<ReturnTicket>('/api/return-tickets', body, headers);
async function ticket(body: ReturnTicketInput) {
  const res = await create(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
async function receive(id: string, client = admin) {
  return client.post<ReturnTicketStepResult>(`/api/return-tickets/${id}/receive`, {}, key());
}
async function ticketCount() {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM return_tickets`.execute(ta.t.db);
  return Number(rows[0]?.n);
}
async function movementsOf(ticketId: string) {
  return ta.t.db
    .selectFrom('stock_movements')
    .select(['kind', 'quantity', 'value', 'location_id'])
    .where('source_type', '=', 'return_ticket')
    .where('source_id', '=', ticketId)
    .orderBy('id')
    .execute();
}

describe('return tickets', () => {
  it('brings resaleable units back into the returns bin at the exact cost they left with, in shares that add up', async () => {
    const w = await warehouse();
    const c = await customer();
    const p = await product();
    // FIFO layers worked by hand: 2 × £2.00 then 1 × £3.00; shipping 3 takes both: £7.00, £2.3333… a unit.
    await stockIn(p.id, w.id, '2', '2.00');
    await stockIn(p.id, w.id, '1', '3.00');
    const inv = await shippedInvoice(c.id, w.id, [{ productId: p.id, quantity: '3' }]);
    expect(await level(p.id, w.id)).toMatchObject({ onHand: '0', reserved: '0', value: '0.00000000' });

    const offer = await admin.get<ReturnableInvoice>(`/api/return-tickets/invoices/${inv.id}`);
    expect(offer.status).toBe(200);
    expect(offer.body.products).toEqual([
      {
        product: expect.objectContaining({ id: p.id, sku: p.sku }),
        sold: '3',
        shipped: '3',
        returned: '0',
        returnable: '3',
        unitCost: '2.33333333',
      },
    ]);

    const first = await ticket({ invoiceId: inv.id, lines: [line(p.id, '1')] });
    expect(first.number).toMatch(/^RT-\d{4}-\d{5}$/);
    expect(first).toMatchObject({ status: 'OPEN', customer: { id: c.id }, warehouse: { id: w.id } });
    expect(first.invoice?.number).toBe(inv.number);
    const r1 = await receive(first.id);
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    // One unit: round(7 × 1/3, 8) = 2.33333333 (8 places, half up, as the ledger keeps value).
    expect(r1.body.ticket.lines[0]).toMatchObject({
      unitCost: '2.33333333',
      value: '2.33333333',
      costSource: 'INVOICE_ISSUE',
      holdReservationId: null,
    });
    expect(await movementsOf(first.id)).toEqual([
      { kind: 'RETURN', quantity: '1.0000', value: '2.33333333', location_id: w.returnsBin },
    ]);
    expect(await level(p.id, w.id)).toEqual({ onHand: '1', reserved: '0', available: '1', value: '2.33333333' });

    // The other two, damaged: 7 − 2.33333333 = 4.66666667, so the returns add up to the £7.00 issued exactly; they are
    // on hand and valued, but held out of available stock by the ticket's reservation.
    const second = await ticket({ invoiceId: inv.id, lines: [line(p.id, '2', { condition: 'DAMAGED' })] });
    const r2 = await receive(second.id);
    expect(r2.status, JSON.stringify(r2.body)).toBe(200);
    expect(r2.body.ticket.lines[0]?.value).toBe('4.66666667');
    expect(r2.body.ticket.totals.value).toBe('4.66666667');
    expect(r2.body.ticket.lines[0]?.holdReservationId).toBeTruthy();
    expect(await level(p.id, w.id)).toEqual({ onHand: '3', reserved: '2', available: '1', value: '7.00000000' });
    const hold = await ta.t.db
      .selectFrom('stock_reservations')
      .select(['source_type', 'source_id', 'open_quantity', 'status'])
      .where('id', '=', r2.body.ticket.lines[0]?.holdReservationId as string)
      .executeTakeFirstOrThrow();
    expect(hold).toMatchObject({ source_type: 'return_ticket', source_id: second.id, status: 'OPEN' });

    // Nothing more can come back: 422 with the figures, and nothing written.
    const before = await ticketCount();
    const over = await create({ invoiceId: inv.id, lines: [line(p.id, '1')] });
    expect(over.status).toBe(422);
    const body = over.body as unknown as ErrorBody;
    expect(body.code).toBe('RETURN_TICKET_EXCEEDS_RETURNABLE');
    expect(body.details as ReturnTicketExcessDetails).toEqual({
      invoiceNumber: inv.number,
      lines: [
        {
          line: 0,
          lineNo: 1,
          productId: p.id,
          sku: p.sku,
          shipped: '3',
          returned: '3',
          returnable: '0',
          requested: '1',
        },
      ],
    });
    expect(await ticketCount()).toBe(before);
    const after = await admin.get<ReturnableInvoice>(`/api/return-tickets/invoices/${inv.id}`);
    expect(after.body.products[0]).toMatchObject({ shipped: '3', returned: '3', returnable: '0' });
  });

  it('brings consignment units back to their supplier: what is owed is units sold net of returns', async () => {
    const w = await warehouse();
    const p = await product();
    const supplier = await consignmentSupplier(ta.t.db);
    await receiveConsigned(ta.t.db, {
      productId: p.id,
      warehouseId: w.id,
      supplierId: supplier.id,
      quantity: '3',
      agreedCost: '4.40',
    });
    const c = await customer();
    const inv = await shippedInvoice(c.id, w.id, [{ productId: p.id, quantity: '3' }]);
    const owed = async () =>
      (
        await ta.t.db
          .selectFrom('consignment_sales')
          .select(sql<string>`coalesce(sum(quantity), 0)::text`.as('q'))
          .where('product_id', '=', p.id)
          .executeTakeFirstOrThrow()
      ).q;
    expect(new Decimal(await owed()).toFixed()).toBe('3');
    const t = await ticket({ invoiceId: inv.id, warehouseId: w.id, lines: [line(p.id, '2')] });
    const res = await receive(t.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Two of the three come back: one is still sold, and the two are the supplier's again, valued at zero to us.
    expect(new Decimal(await owed()).toFixed()).toBe('1');
    const layers = await ta.t.db
      .selectFrom('stock_layers')
      .select(['owner_partner_id', 'remaining'])
      .where('product_id', '=', p.id)
      .where('remaining', '>', '0')
      .execute();
    expect(layers.map((l) => [l.owner_partner_id, new Decimal(l.remaining).toFixed()])).toEqual([[supplier.id, '2']]);
    expect(await level(p.id, w.id)).toMatchObject({ onHand: '2', value: '0.00000000' });
    expect(res.body.ticket.lines[0]?.value).toMatch(/^0(\.0+)?$/);
  });

  it('refuses a ticket over what was shipped less earlier returns, across its own lines, writing nothing', async () => {
    const w = await warehouse();
    const c = await customer();
    const p = await product();
    await stockIn(p.id, w.id, '5', '1.50');
    const inv = await shippedInvoice(c.id, w.id, [{ productId: p.id, quantity: '2' }]);
    const before = await ticketCount();
    const res = await create({ invoiceId: inv.id, lines: [line(p.id, '1'), line(p.id, '2', { reason: 'DEFECTIVE' })] });
    expect(res.status).toBe(422);
    const details = (res.body as unknown as ErrorBody).details as ReturnTicketExcessDetails;
    expect(details.lines).toEqual([
      expect.objectContaining({ lineNo: 2, shipped: '2', returned: '1', returnable: '1' }),
    ]);
    // A product the invoice never shipped cannot come back against it.
    const other = await product();
    const never = await create({ invoiceId: inv.id, lines: [line(other.id, '1')] });
    expect(never.status).toBe(422);
    expect((never.body as unknown as ErrorBody).code).toBe('RETURN_TICKET_EXCEEDS_RETURNABLE');
    expect(await ticketCount()).toBe(before);
  });

  it('changes an OPEN ticket under the same rule, its own lines left out, and never a received one', async () => {
    const w = await warehouse();
    const c = await customer();
    const p = await product();
    await stockIn(p.id, w.id, '3', '1.00');
    const inv = await shippedInvoice(c.id, w.id, [{ productId: p.id, quantity: '3' }]);
    const t = await ticket({ invoiceId: inv.id, lines: [line(p.id, '2')] });
    // 3 shipped, this ticket's own 2 not counted against it: 3 is allowed, 4 is not.
    const over = await admin.put<ErrorBody>(`/api/return-tickets/${t.id}`, { lines: [line(p.id, '4')] });
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('RETURN_TICKET_EXCEEDS_RETURNABLE');
    expect((await admin.get<ReturnTicket>(`/api/return-tickets/${t.id}`)).body.lines[0]?.quantity).toBe('2');
    const changed = await admin.put<ReturnTicket>(`/api/return-tickets/${t.id}`, {
      note: 'Counted again',
      lines: [line(p.id, '3', { condition: 'DAMAGED', reason: 'DEFECTIVE' })],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.lines).toEqual([
      expect.objectContaining({ quantity: '3', condition: 'DAMAGED', reason: 'DEFECTIVE' }),
    ]);
    expect(changed.body.totals.quantity).toBe('3');
    // The clerk may edit; a user without edit_return_ticket may not.
    const noEdit = await clientWith(ta, ['view_return_ticket', 'add_return_ticket']);
    expect((await noEdit.api.put(`/api/return-tickets/${t.id}`, { lines: [line(p.id, '1')] })).status).toBe(403);
    expect((await receive(t.id)).status).toBe(200);
    const late = await clerk.put<ErrorBody>(`/api/return-tickets/${t.id}`, { lines: [line(p.id, '1')] });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('RETURN_TICKET_STATUS_CONFLICT');
    const log = await ta.t.db
      .selectFrom('system_logs')
      .select('action')
      .where('entity', '=', 'return_ticket')
      .where('entity_id', '=', t.number)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'receive']);
  });

  it('lets only one of two concurrent tickets take the last returnable unit', async () => {
    const w = await warehouse();
    const c = await customer();
    const p = await product();
    await stockIn(p.id, w.id, '1', '4.00');
    const inv = await shippedInvoice(c.id, w.id, [{ productId: p.id, quantity: '1' }]);
    const before = await ticketCount();
    const results = await Promise.all([
      create({ invoiceId: inv.id, lines: [line(p.id, '1')] }),
      create({ invoiceId: inv.id, lines: [line(p.id, '1', { reason: 'WRONG_ITEM' })] }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(await ticketCount()).toBe(before + 1);
  });

  it('refuses a ticket for an invoice not shipped yet', async () => {
    const w = await warehouse();
    const c = await customer();
    const p = await product();
    await stockIn(p.id, w.id, '2', '1.00');
    const inv = await bookedInvoice(c.id, w.id, [{ productId: p.id, quantity: '1' }]);
    const before = await ticketCount();
    const res = await create({ invoiceId: inv.id, lines: [line(p.id, '1')] });
    expect(res.status).toBe(422);
    expect((res.body as unknown as ErrorBody).code).toBe('RETURN_TICKET_INVOICE_NOT_SHIPPED');
    expect(await ticketCount()).toBe(before);
    // Picked and packed is not shipped either: nothing has left the warehouse yet.
    await pickInvoices(admin, w.id, [inv.id]);
    const packed = await create({ invoiceId: inv.id, lines: [line(p.id, '1')] });
    expect([packed.status, (packed.body as unknown as ErrorBody).code]).toEqual([
      422,
      'RETURN_TICKET_INVOICE_NOT_SHIPPED',
    ]);
    expect(await ticketCount()).toBe(before);
  });

  it('inspects each line: restocked, scrapped at the cost it came back at, or kept for refurbishment', async () => {
    const w = await warehouse();
    const c = await customer();
    const p = await product();
    await stockIn(p.id, w.id, '3', '2.00');
    await stockIn(p.id, w.id, '2', '5.00');
    // Ships 4: 3 × 2.00 + 1 × 5.00 = £11.00, £2.75 a unit. One unit (£5.00) stays on the shelf.
    const inv = await shippedInvoice(c.id, w.id, [{ productId: p.id, quantity: '4' }]);
    const t = await ticket({
      invoiceId: inv.id,
      lines: [
        line(p.id, '1', { condition: 'DAMAGED', reason: 'DAMAGED_IN_TRANSIT' }),
        line(p.id, '1', { condition: 'REFURBISH', reason: 'DEFECTIVE' }),
        line(p.id, '1', { condition: 'RESALEABLE', note: 'box opened' }),
      ],
    });
    const received = await receive(t.id);
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.ticket.lines.map((l) => l.value)).toEqual(['2.75000000', '2.75000000', '2.75000000']);
    expect(await level(p.id, w.id)).toEqual({ onHand: '4', reserved: '2', available: '2', value: '13.25000000' });

    // Every line needs an outcome: 422, nothing changed.
    const partial = await admin.post<ErrorBody>(
      `/api/return-tickets/${t.id}/inspect`,
      { outcomes: [{ lineNo: 1, outcome: 'SCRAP' }] },
      key(),
    );
    expect(partial.status).toBe(422);
    expect(partial.body.code).toBe('RETURN_TICKET_OUTCOMES_INCOMPLETE');
    expect(await level(p.id, w.id)).toEqual({ onHand: '4', reserved: '2', available: '2', value: '13.25000000' });

    const inspected = await admin.post<ReturnTicketStepResult>(
      `/api/return-tickets/${t.id}/inspect`,
      {
        outcomes: [
          { lineNo: 1, outcome: 'SCRAP' },
          { lineNo: 2, outcome: 'RESTOCK' },
          { lineNo: 3, outcome: 'KEEP_FOR_REFURBISH' },
        ],
      },
      key(),
    );
    expect(inspected.status, JSON.stringify(inspected.body)).toBe(200);
    const lines = inspected.body.ticket.lines;
    expect(lines.map((l) => l.outcome)).toEqual(['SCRAP', 'RESTOCK', 'KEEP_FOR_REFURBISH']);
    expect(lines[0]?.holdReservationId).toBeNull();
    expect(lines[1]?.holdReservationId).toBeNull();
    expect(lines[2]?.holdReservationId).toBeTruthy();
    // The scrapped unit leaves at the £2.75 it came back at (its own layer), not the older £5.00 layer.
    expect(inspected.body.movements.map((m) => [m.kind, m.quantity, m.value])).toEqual([['WRITE_OFF', '-1', '-2.75']]);
    // On hand 3 (£5.00 + 2 × £2.75), the kept unit held: available 2.
    expect(await level(p.id, w.id)).toEqual({ onHand: '3', reserved: '1', available: '2', value: '10.50000000' });

    const closed = await admin.post<ReturnTicket>(`/api/return-tickets/${t.id}/close`, {}, key());
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('CLOSED');

    // The system log holds each step under the ticket's number, and each status change its outbox event.
    const log = await ta.t.db
      .selectFrom('system_logs')
      .select('action')
      .where('entity', '=', 'return_ticket')
      .where('entity_id', '=', t.number)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['create', 'receive', 'inspect', 'close']);
    const events = await sql<{ n: string }>`SELECT count(*) AS n FROM outbox_events
      WHERE type = 'document.status_changed' AND key = ${`return_ticket:${t.id}`}`.execute(ta.t.db);
    expect(Number(events.rows[0]?.n)).toBe(3);
  });

  it('answers an illegal step with 409 through the kernel and changes nothing', async () => {
    const w = await warehouse();
    const c = await customer();
    const p = await product();
    await stockIn(p.id, w.id, '2', '1.25');
    const inv = await shippedInvoice(c.id, w.id, [{ productId: p.id, quantity: '2' }]);
    const t = await ticket({ invoiceId: inv.id, lines: [line(p.id, '1')] });
    const early = await admin.post<ErrorBody>(`/api/return-tickets/${t.id}/close`, {}, key());
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('RETURN_TICKET_STATUS_CONFLICT');
    expect(await receive(t.id).then((r) => r.status)).toBe(200);
    const levelBefore = await level(p.id, w.id);
    const again = await receive(t.id);
    expect(again.status).toBe(409);
    expect((again.body as unknown as ErrorBody).code).toBe('RETURN_TICKET_STATUS_CONFLICT');
    // Receiving posted stock: a received ticket is inspected and closed, never cancelled.
    const cancel = await admin.post<ErrorBody>(`/api/return-tickets/${t.id}/cancel`, { reason: 'x' }, key());
    expect(cancel.status).toBe(409);
    expect(await level(p.id, w.id)).toEqual(levelBefore);
    expect(await movementsOf(t.id)).toHaveLength(1);

    // An OPEN ticket cancelled gives its units back to what is returnable.
    const open = await ticket({ invoiceId: inv.id, lines: [line(p.id, '1')] });
    const canceled = await admin.post<ReturnTicket>(
      `/api/return-tickets/${open.id}/cancel`,
      { reason: 'Customer kept it' },
      key(),
    );
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'CANCELED', cancelReason: 'Customer kept it' });
    const offer = await admin.get<ReturnableInvoice>(`/api/return-tickets/invoices/${inv.id}`);
    expect(offer.body.products[0]).toMatchObject({ returned: '1', returnable: '1' });
  });

  it('refuses users without the permissions with 403, writing nothing', async () => {
    const w = await warehouse();
    const c = await customer();
    const p = await product();
    await stockIn(p.id, w.id, '1', '3.00');
    const inv = await shippedInvoice(c.id, w.id, [{ productId: p.id, quantity: '1' }]);
    const before = await ticketCount();
    expect((await create({ invoiceId: inv.id, lines: [line(p.id, '1')] }, blind)).status).toBe(403);
    expect((await blind.get('/api/return-tickets')).status).toBe(403);
    expect(await ticketCount()).toBe(before);
    // The clerk raises tickets but may not receive or cancel them.
    const t = await create({ invoiceId: inv.id, lines: [line(p.id, '1')] }, clerk);
    expect(t.status).toBe(201);
    expect((await receive(t.body.id, clerk)).status).toBe(403);
    expect((await clerk.post(`/api/return-tickets/${t.body.id}/cancel`, {}, key())).status).toBe(403);
    expect(await movementsOf(t.body.id)).toEqual([]);
    const still = await admin.get<ReturnTicket>(`/api/return-tickets/${t.body.id}`);
    expect(still.body.status).toBe('OPEN');
  });

  it('creates a manual ticket, idempotently, valued at the FIFO average in the warehouse', async () => {
    const w = await warehouse();
    const c = await customer();
    const p = await product();
    await stockIn(p.id, w.id, '1', '1.00');
    await stockIn(p.id, w.id, '2', '2.50');
    const headers = key();
    const body: ReturnTicketInput = {
      customerId: c.id,
      warehouseId: w.id,
      note: 'Returned to the shop counter',
      lines: [line(p.id, '1', { reason: 'OTHER' })],
    };
    const a = await create(body, admin, headers);
    const b = await create(body, admin, headers);
    expect(a.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    expect(a.body.invoice).toBeNull();
    const r = await receive(a.body.id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // (1.00 + 5.00) ÷ 3 = 2.00 a unit.
    expect(r.body.ticket.lines[0]).toMatchObject({ value: '2.00000000', costSource: 'FIFO_AVERAGE' });

    // A product with no history in the warehouse and no cost price has no cost to come back at: 422, nothing posted.
    const bare = await product('0');
    const t = await ticket({ customerId: c.id, warehouseId: w.id, lines: [line(bare.id, '1')] });
    const refused = await receive(t.id);
    expect(refused.status).toBe(422);
    expect((refused.body as unknown as ErrorBody).code).toBe('RETURN_TICKET_NO_COST');
    expect(await movementsOf(t.id)).toEqual([]);
    // With a cost price it comes back at that.
    const priced = await product('4.20');
    const t2 = await ticket({ customerId: c.id, warehouseId: w.id, lines: [line(priced.id, '2')] });
    const r2 = await receive(t2.id);
    expect(r2.body.ticket.lines[0]).toMatchObject({ value: '8.40000000', costSource: 'COST_PRICE' });
  });

  it('lists with status counts, filters and search, exports and prints', async () => {
    const w = await warehouse();
    const c = await customer();
    const p = await product();
    await stockIn(p.id, w.id, '2', '2.00');
    const inv = await shippedInvoice(c.id, w.id, [{ productId: p.id, quantity: '2' }]);
    const t = await ticket({
      invoiceId: inv.id,
      lines: [line(p.id, '1', { reason: 'WRONG_ITEM', condition: 'DAMAGED' })],
    });
    const bySku = await admin.get<ReturnTicketPage>(`/api/return-tickets?q=${encodeURIComponent(p.sku)}`);
    expect(bySku.status).toBe(200);
    expect(bySku.body.items.map((i) => i.number)).toEqual([t.number]);
    expect(bySku.body.statusCounts).toMatchObject({ OPEN: 1, RECEIVED: 0 });
    const byInvoice = await admin.get<ReturnTicketPage>(`/api/return-tickets?q=${encodeURIComponent(inv.number)}`);
    expect(byInvoice.body.items.map((i) => i.id)).toEqual([t.id]);
    const filtered = await admin.get<ReturnTicketPage>(
      `/api/return-tickets?warehouseId=${w.id}&reason=WRONG_ITEM&condition=DAMAGED&channel=MANUAL&status=OPEN`,
    );
    expect(filtered.body.total).toBe(1);
    const none = await admin.get<ReturnTicketPage>(`/api/return-tickets?warehouseId=${w.id}&reason=DEFECTIVE`);
    expect(none.body.total).toBe(0);
    const xlsx = await admin.get(`/api/return-tickets/export?warehouseId=${w.id}`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const pdf = await admin.get(`/api/return-tickets/${t.id}/pdf?lang=de`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const found = await admin.get<{ items: { id: string }[] }>(
      `/api/return-tickets/invoices?q=${encodeURIComponent(inv.number)}`,
    );
    expect(found.body.items.map((i) => i.id)).toEqual([inv.id]);
  });
});
