import type { Carrier, ChannelAccount, ChannelMessage, Page, ReturnTicket } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EBAY_FAKE_CREDENTIALS, type EbayFake, startEbayFake } from '../fakes/ebay/index.ts';
import { reasonFromChannel } from '../src/domains/channels/returns-in.ts';
import { checkStock } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { receivingWarehouse, settleJobs } from './channels-kit.ts';
import { shipInvoices } from './fulfilment.ts';

/**
 * Returns in, through the API and the job runner against the eBay fake: a return the buyer opens on a shipped order
 * becomes one return ticket of its invoice (pulled twice, still one: CREATE_RETURN_ORDER), withdrawn it cancels the
 * open ticket (CANCEL_RETURN_ORDER), completed it closes an inspected ticket (COMPLETE_RETURN_ORDER); a return of an
 * order not shipped yet fails in words and is applied by Retry once the invoice has shipped.
 */

let ta: TestApp;
let admin: ApiClient;
let fake: EbayFake;
let account: ChannelAccount;
let warehouseId: string;
let product: { id: string; sku: string };
let carrier: Carrier;
let n = 0;
const uniq = () => `${++n}${Date.now() % 100000}`;
const key = () => ({ 'idempotency-key': `cr-${uniq()}` });

const settle = () => settleJobs(ta);

beforeAll(async () => {
  ta = await startTestApp();
  admin = (await clientWith(ta, ALL_PERMISSIONS)).api;
  fake = await startEbayFake();
  warehouseId = (await receivingWarehouse(ta, `CRW${uniq()}`, 'Returns warehouse')).id;
  product = await ta.t.db
    .insertInto('products')
    .values({ sku: `CR-${uniq()}`, name: 'Returned widget', unit: 'Unit', kind: 'STOCK', sale_price: '20.00' })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
  const stocked = await admin.post('/api/stock/adjustments', {
    reason: 'Opening balance',
    lines: [{ productId: product.id, warehouseId, quantity: '20', unitCost: '5.00' }],
  });
  expect(stocked.status, JSON.stringify(stocked.body)).toBe(201);
  const c = await admin.post<Carrier>(
    '/api/shipping-carriers',
    {
      code: `RMR${uniq()}`,
      name: 'Royal Mail',
      integration: 'ROYAL_MAIL',
      services: [{ code: 'TPN24', name: 'Tracked 24', tracked: true }],
    },
    key(),
  );
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  carrier = c.body;
  const a = await admin.post<ChannelAccount>(
    '/api/channel-accounts',
    {
      type: 'EBAY',
      name: 'eBay shop',
      environment: 'SANDBOX',
      baseUrl: fake.url,
      credentials: { ...EBAY_FAKE_CREDENTIALS },
      settings: { warehouseIds: [warehouseId] },
    },
    key(),
  );
  expect(a.status, JSON.stringify(a.body)).toBe(201);
  account = a.body;
  expect(account.settings.operations).toContain('RETURNS');
  ta.app.jobs.start();
}, 120_000);
afterAll(async () => {
  await fake?.close();
  await ta?.close();
});

async function runNow(stream: string) {
  const res = await admin.post<{ jobId: string }>(`/api/channel-accounts/${account.id}/run`, { stream });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await settle();
}
const returnMessages = async () =>
  (await admin.get<Page<ChannelMessage>>(`/api/channel-messages?accountId=${account.id}&operation=RETURN&size=100`))
    .body.items;

/** An eBay order of `quantity` units pulled into an invoice; shipped unless told not to. */
async function order(quantity: number, ship = true) {
  const orderId = fake.seedOrder({
    buyer: { name: 'Ben Buyer', email: `ben${uniq()}@marketplace.example` },
    shipTo: { name: 'Ben Buyer', line1: '2 Quay Street', city: 'Bristol', postcode: 'BS1 4DJ', countryCode: 'GB' },
    lines: [{ sku: product.sku, quantity, unitPrice: '20.00', title: 'Returned widget' }],
  });
  await runNow('ORDERS');
  const inv = await ta.t.db
    .selectFrom('sales_invoices')
    .select(['id', 'number', 'status'])
    .where('external_order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  expect(inv.status).toBe('BOOKED');
  if (ship) await shipInvoices(admin, warehouseId, [inv.id], { carrierServiceId: carrier.services[0]?.id });
  return { orderId, invoiceId: inv.id };
}

const ticketsOf = (invoiceId: string) =>
  ta.t.db
    .selectFrom('return_tickets')
    .select(['id', 'number', 'status', 'note'])
    .where('invoice_id', '=', invoiceId)
    .execute();

function setReturnState(returnId: string, state: string) {
  const r = fake.state.returns.find((x) => x.returnId === returnId);
  if (!r) throw new Error(`no return ${returnId}`);
  r.state = state;
}

describe('returns in (eBay fake)', () => {
  it("reads the channel's words as a return reason", () => {
    expect(reasonFromChannel('DEFECTIVE_ITEM')).toBe('DEFECTIVE');
    expect(reasonFromChannel('NOT_AS_DESCRIBED')).toBe('WRONG_ITEM');
    expect(reasonFromChannel('ARRIVED_DAMAGED')).toBe('DAMAGED_IN_TRANSIT');
    expect(reasonFromChannel('NO_LONGER_NEED_ITEM')).toBe('CHANGED_MIND');
    expect(reasonFromChannel(null)).toBe('OTHER');
  });

  it('makes a return of a shipped order one ticket of its invoice, and a withdrawn return cancels it', async () => {
    const { orderId, invoiceId } = await order(3);
    const returnId = fake.seedReturn({ orderId, quantity: 2, reason: 'DEFECTIVE_ITEM' });
    await runNow('RETURNS');
    await runNow('RETURNS');
    const tickets = await ticketsOf(invoiceId);
    expect(tickets).toHaveLength(1);
    const ticket = (await admin.get<ReturnTicket>(`/api/return-tickets/${tickets[0]?.id}`)).body;
    expect(ticket.status).toBe('OPEN');
    expect(ticket.note).toContain(returnId);
    expect(ticket.lines.map((l) => [l.product.id, l.quantity, l.reason, l.condition])).toEqual([
      [product.id, '2', 'DEFECTIVE', 'RESALEABLE'],
    ]);
    const created = (await returnMessages()).filter((m) => m.externalOrderId === orderId);
    expect(created.map((m) => [m.processType, m.status, m.returnTicket?.number])).toEqual([
      ['CREATE_RETURN_ORDER', 'DONE', ticket.number],
    ]);

    setReturnState(returnId, 'CANCELLED');
    await runNow('RETURNS');
    await runNow('RETURNS');
    expect((await ticketsOf(invoiceId)).map((t) => t.status)).toEqual(['CANCELED']);
    const all = (await returnMessages()).filter((m) => m.externalOrderId === orderId);
    expect(all.map((m) => m.processType).sort()).toEqual(['CANCEL_RETURN_ORDER', 'CREATE_RETURN_ORDER']);
  });

  it('closes an inspected ticket when the channel completes the return, and leaves one not yet received', async () => {
    const first = await order(1);
    const second = await order(1);
    const inspectedReturn = fake.seedReturn({ orderId: first.orderId, reason: 'NO_LONGER_NEED_ITEM' });
    const openReturn = fake.seedReturn({ orderId: second.orderId, reason: 'NO_LONGER_NEED_ITEM' });
    await runNow('RETURNS');
    const [t1] = await ticketsOf(first.invoiceId);
    const [t2] = await ticketsOf(second.invoiceId);
    expect([t1?.status, t2?.status]).toEqual(['OPEN', 'OPEN']);
    const received = await admin.post(`/api/return-tickets/${t1?.id}/receive`, {}, key());
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const inspected = await admin.post(
      `/api/return-tickets/${t1?.id}/inspect`,
      { outcomes: [{ lineNo: 1, outcome: 'RESTOCK' }] },
      key(),
    );
    expect(inspected.status, JSON.stringify(inspected.body)).toBe(200);

    setReturnState(inspectedReturn, 'CLOSED');
    setReturnState(openReturn, 'CLOSED');
    await runNow('RETURNS');
    await runNow('RETURNS');
    expect((await ticketsOf(first.invoiceId)).map((t) => t.status)).toEqual(['CLOSED']);
    expect((await ticketsOf(second.invoiceId)).map((t) => t.status)).toEqual(['OPEN']);
    const done = (await returnMessages()).filter((m) => m.processType === 'COMPLETE_RETURN_ORDER');
    const byOrder = new Map(done.map((m) => [m.externalOrderId, m]));
    expect(done).toHaveLength(2);
    expect(byOrder.get(first.orderId)?.summary).toContain('closed');
    expect(byOrder.get(second.orderId)?.summary).toContain('until the warehouse receives it');
    expect((await checkStock(ta.t.db)).ok).toBe(true);
  });

  it('fails a return of an order not shipped in words, and applies it by Retry once shipped', async () => {
    const { orderId, invoiceId } = await order(2, false);
    fake.seedReturn({ orderId, quantity: 1, reason: 'NOT_AS_DESCRIBED' });
    await runNow('RETURNS');
    const [failed] = (await returnMessages()).filter((m) => m.externalOrderId === orderId);
    expect(failed).toMatchObject({ status: 'FAILED', processType: 'CREATE_RETURN_ORDER', operation: 'RETURN' });
    expect(failed?.lastError).toMatch(/not shipped/);
    expect(await ticketsOf(invoiceId)).toEqual([]);

    await shipInvoices(admin, warehouseId, [invoiceId], { carrierServiceId: carrier.services[0]?.id });
    const retried = await admin.post<ChannelMessage>(`/api/channel-messages/${failed?.id}/retry`, {});
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    await settle();
    const [again] = (await returnMessages()).filter((m) => m.id === failed?.id);
    expect(again).toMatchObject({ status: 'DONE', processType: 'CREATE_RETURN_ORDER' });
    const tickets = await ticketsOf(invoiceId);
    expect(tickets).toHaveLength(1);
    expect(again?.returnTicket?.number).toBe(tickets[0]?.number);
    expect(fake.violations).toEqual([]);
  });

  it('refuses more back than was shipped without a ticket, in words', async () => {
    const { orderId, invoiceId } = await order(1);
    fake.seedReturn({ orderId, quantity: 3 });
    await runNow('RETURNS');
    const [failed] = (await returnMessages()).filter((m) => m.externalOrderId === orderId);
    expect(failed).toMatchObject({ status: 'FAILED', processType: 'CREATE_RETURN_ORDER' });
    expect(failed?.lastError).toBeTruthy();
    expect(await ticketsOf(invoiceId)).toEqual([]);
  });
});
