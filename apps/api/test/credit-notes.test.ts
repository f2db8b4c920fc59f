import type {
  CreditableInvoice,
  CreditNote,
  CreditNoteExcessDetails,
  CreditNoteInput,
  CreditNotePage,
  Customer,
  ErrorBody,
  ReturnTicket,
  SalesInvoice,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { shipInvoices } from './fulfilment.ts';

let ta: TestApp;
let admin: ApiClient;
/** Sees and raises credit notes, may not approve or cancel them. */
let clerk: ApiClient;
/** Everything but the credit-note permissions. */
let blind: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  const [a, c, b] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(ta, ['view_credit_note', 'add_credit_note']),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((p) => !p.endsWith('_credit_note')),
    ),
  ]);
  admin = a.api;
  clerk = c.api;
  blind = b.api;
}, 120_000);
afterAll(() => ta.close());

let n = 0;
const uniq = () => {
  n += 1;
  return `${n}${Date.now() % 100000}`;
};
let keys = 0;
const key = () => ({ 'idempotency-key': `cn-${Date.now()}-${++keys}` });

async function product() {
  const sku = `CN-${uniq()}`;
  return ta.t.db
    .insertInto('products')
    .values({ sku, name: `Credited thing ${sku}`, unit: 'Unit', kind: 'STOCK', sale_price: '9.99', cost_price: '1' })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}
async function warehouse() {
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `CW${uniq()}`, name: 'Credit warehouse', kind: 'OWN' })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  const [receiving, returns] = await Promise.all(
    ['RECV', 'RETURNS'].map((code) =>
      ta.t.db
        .insertInto('warehouse_locations')
        .values({ warehouse_id: w.id, code })
        .returning('id')
        .executeTakeFirstOrThrow(),
    ),
  );
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({
      warehouse_id: w.id,
      default_receiving_location_id: receiving?.id as string,
      default_returns_location_id: returns?.id as string,
      over_receipt_tolerance: '0',
    })
    .execute();
  return w;
}
async function stockIn(productId: string, warehouseId: string, quantity: string) {
  const res = await admin.post('/api/stock/adjustments', {
    reason: 'Opening balance',
    lines: [{ productId, warehouseId, quantity, unitCost: '2.00' }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}
async function customer() {
  const res = await admin.post<Customer>(
    '/api/customers',
    {
      name: `Refund Buyer ${uniq()}`,
      email: `cn${uniq()}@example.com`,
      addresses: [{ kind: 'shipping', line1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' }],
    },
    key(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

interface InvoiceLine {
  quantity: string;
  unitPrice: string;
  discountPercent?: string;
  vatCode?: 'STANDARD' | 'REDUCED' | 'ZERO' | 'EXEMPT';
}
/** A booked invoice for new products (stocked first), shipped for real: PROCESSED. */
async function shippedInvoice(lines: InvoiceLine[], more: Record<string, unknown> = {}, ship = true) {
  const w = await warehouse();
  const c = await customer();
  const products: { id: string; sku: string }[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const p = await product();
    await stockIn(p.id, w.id, '10');
    products.push(p);
  }
  const res = await admin.post<SalesInvoice>(
    '/api/sales-invoices',
    {
      customerId: c.id,
      warehouseId: w.id,
      book: true,
      lines: lines.map((l, i) => ({ vatCode: 'STANDARD', ...l, productId: products[i]?.id })),
      ...more,
    },
    key(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.status).toBe('BOOKED');
  if (ship) await shipInvoices(admin, w.id, [res.body.id]);
  return { invoice: res.body, products, warehouseId: w.id };
}

const create = (body: CreditNoteInput, client = admin, headers = key()) =>
  client.post<CreditNote>('/api/credit-notes', body, headers);
async function credit(body: CreditNoteInput) {
  const res = await create(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.status).toBe('DRAFT');
  return res.body;
}
const lineOf = (inv: SalesInvoice, i: number) => inv.lines[i]?.id as string;
async function written() {
  const { rows } = await sql<{ notes: string; lines: string; events: string; logs: string }>`SELECT
      (SELECT count(*) FROM credit_notes) AS notes, (SELECT count(*) FROM credit_note_lines) AS lines,
      (SELECT count(*) FROM outbox_events) AS events,
      (SELECT count(*) FROM system_logs WHERE entity = 'credit_note') AS logs`.execute(ta.t.db);
  return rows[0];
}
async function refundEvents(number: string) {
  const { rows } = await sql<{ status: string; payload: Record<string, unknown> }>`SELECT status, payload
    FROM outbox_events WHERE type = 'channel.refund_event' AND payload->>'creditNoteNumber' = ${number}`.execute(
    ta.t.db,
  );
  return rows;
}

describe('credit notes', () => {
  it('credits a VAT-exclusive invoice exactly, counts earlier refunds and refuses a penny over what was paid', async () => {
    // Worked by hand (prices without VAT, half up per line):
    //   A 3 × 12.35 less 10%: net 33.345 → 33.35, VAT 20% 6.67, gross 40.02
    //   B 2 × 4.99 at 5%:     net 9.98, VAT 0.499 → 0.50, gross 10.48
    //   shipping 4.99 at 20%: net 4.99, VAT 0.998 → 1.00, gross 5.99          paid: 56.49
    const { invoice } = await shippedInvoice(
      [
        { quantity: '3', unitPrice: '12.35', discountPercent: '10' },
        { quantity: '2', unitPrice: '4.99', vatCode: 'REDUCED' },
      ],
      { shippingCharge: '4.99', shippingVatCode: 'STANDARD', pricesIncludeVat: false },
    );
    expect([invoice.grossTotal, invoice.pricesIncludeVat]).toEqual(['56.49', false]);

    const offer = await admin.get<CreditableInvoice>(`/api/credit-notes/invoices/${invoice.id}`);
    expect(offer.status).toBe(200);
    expect(offer.body).toMatchObject({
      paid: '56.49',
      refunded: '0.00',
      refundable: '56.49',
      shippingRefundable: '4.99',
    });
    expect(offer.body.lines.map((l) => [l.creditable, l.credited])).toEqual([
      ['3', '0'],
      ['2', '0'],
    ]);

    // One of A (11.115 → 11.12, VAT 2.224 → 2.22, 13.34) and the shipping (4.99 + 1.00): 19.33.
    const first = await credit({
      invoiceId: invoice.id,
      paymentType: 'BANK_TRANSFER',
      reason: 'One arrived broken',
      lines: [{ invoiceLineId: lineOf(invoice, 0), quantity: '1' }],
      shippingRefund: '4.99',
    });
    expect(first.number).toMatch(/^CN-\d{4}-\d{5}$/);
    expect(first.lines.map((l) => [l.kind, l.quantity, l.netAmount, l.vatAmount, l.grossAmount])).toEqual([
      ['ITEM', '1', '11.12', '2.22', '13.34'],
      ['SHIPPING', '1', '4.99', '1.00', '5.99'],
    ]);
    expect([first.netTotal, first.vatTotal, first.grossTotal, first.grossGbp]).toEqual([
      '16.11',
      '3.22',
      '19.33',
      '19.33',
    ]);
    expect(first.vatPerRate).toEqual([{ vatCode: 'STANDARD', vatRate: '20', net: '16.11', vat: '3.22' }]);

    // The rest of A (33.35 − 11.12 = 22.23, 6.67 − 2.22 = 4.45: 26.68) and all of B (10.48): 37.16, so both notes
    // together come to 56.49, exactly what was paid.
    const second = await credit({
      invoiceId: invoice.id,
      paymentType: 'PAYPAL',
      reason: 'Order returned',
      lines: [
        { invoiceLineId: lineOf(invoice, 0), quantity: '2' },
        { invoiceLineId: lineOf(invoice, 1), quantity: '2' },
      ],
    });
    expect(second.lines.map((l) => [l.netAmount, l.vatAmount, l.grossAmount])).toEqual([
      ['22.23', '4.45', '26.68'],
      ['9.98', '0.50', '10.48'],
    ]);
    expect(second.grossTotal).toBe('37.16');
    expect(second.vatPerRate).toEqual([
      { vatCode: 'STANDARD', vatRate: '20', net: '22.23', vat: '4.45' },
      { vatCode: 'REDUCED', vatRate: '5', net: '9.98', vat: '0.50' },
    ]);

    // A penny more is refused with the figures, and nothing is written.
    const before = await written();
    const over = await create({
      invoiceId: invoice.id,
      paymentType: 'CASH',
      reason: 'Goodwill',
      goodwill: { amount: '0.01', vatCode: 'STANDARD' },
    });
    expect(over.status).toBe(422);
    const body = over.body as unknown as ErrorBody;
    expect(body.code).toBe('CREDIT_NOTE_EXCEEDS_PAID');
    expect(body.details).toEqual({
      invoiceNumber: invoice.number,
      currency: 'GBP',
      paid: '56.49',
      refundedBefore: '56.49',
      requested: '0.01',
      refundable: '0.00',
    } satisfies CreditNoteExcessDetails);
    // More units than are left on a line, more shipping than is left: 422 each, nothing written.
    const more = await create({
      invoiceId: invoice.id,
      paymentType: 'CASH',
      reason: 'x',
      lines: [{ invoiceLineId: lineOf(invoice, 1), quantity: '1' }],
    });
    expect([more.status, (more.body as unknown as ErrorBody).code]).toEqual([422, 'CREDIT_NOTE_QUANTITY_EXCEEDS']);
    const ship = await create({ invoiceId: invoice.id, paymentType: 'CASH', reason: 'x', shippingRefund: '0.01' });
    expect([ship.status, (ship.body as unknown as ErrorBody).code]).toEqual([422, 'CREDIT_NOTE_SHIPPING_EXCEEDS']);
    expect(await written()).toEqual(before);

    // Cancelling the second draft makes its amount refundable again; a goodwill £5.00 gross: VAT 5/6 → 0.83.
    const canceled = await admin.post<CreditNote>(`/api/credit-notes/${second.id}/cancel`, { reason: 'Mistake' });
    expect([canceled.status, canceled.body.status]).toEqual([200, 'CANCELED']);
    const again = await admin.get<CreditableInvoice>(`/api/credit-notes/invoices/${invoice.id}`);
    expect(again.body).toMatchObject({ refunded: '19.33', refundable: '37.16' });
    expect(again.body.lines.map((l) => l.creditable)).toEqual(['2', '2']);
    const goodwill = await credit({
      invoiceId: invoice.id,
      paymentType: 'CASH',
      reason: 'Sorry for the wait',
      goodwill: { amount: '5.00', vatCode: 'STANDARD' },
    });
    expect(goodwill.lines.map((l) => [l.kind, l.netAmount, l.vatAmount, l.grossAmount])).toEqual([
      ['GOODWILL', '4.17', '0.83', '5.00'],
    ]);
  });

  it('credits a VAT-inclusive channel invoice in parts that add up to its VAT exactly; channel refunds are queued', async () => {
    // Prices with VAT (AMAZON's setting): 2 × 9.99 = 19.98 gross, VAT 19.98/6 = 3.33, net 16.65; shipping 3.99.
    const order = `206-${uniq()}`;
    const { invoice } = await shippedInvoice([{ quantity: '2', unitPrice: '9.99' }], {
      channel: 'AMAZON',
      externalOrderId: order,
      shippingCharge: '3.99',
      pricesIncludeVat: true,
    });
    expect([invoice.pricesIncludeVat, invoice.grossTotal, invoice.vatTotal]).toEqual([true, '23.97', '4.00']);

    // A channel refund type of another channel: 422, nothing written.
    const before = await written();
    const wrong = await create({
      invoiceId: invoice.id,
      paymentType: 'EBAY_REFUND',
      reason: 'Return',
      lines: [{ invoiceLineId: lineOf(invoice, 0), quantity: '1' }],
    });
    expect([wrong.status, (wrong.body as unknown as ErrorBody).code]).toEqual([
      422,
      'CREDIT_NOTE_PAYMENT_TYPE_CHANNEL',
    ]);
    expect(await written()).toEqual(before);

    // One unit: 9.99 gross, VAT 1.665 → 1.67, net 8.32.
    const one = await credit({
      invoiceId: invoice.id,
      paymentType: 'AMAZON_REFUND',
      reason: 'Return',
      lines: [{ invoiceLineId: lineOf(invoice, 0), quantity: '1' }],
    });
    expect([one.netTotal, one.vatTotal, one.grossTotal, one.channelRefund]).toEqual(['8.32', '1.67', '9.99', true]);
    // The other: the line's 3.33 less 1.67 = 1.66 (not 1.67 again), so the two add up to the invoice's VAT.
    const two = await credit({
      invoiceId: invoice.id,
      paymentType: 'CASH',
      reason: 'Return',
      lines: [{ invoiceLineId: lineOf(invoice, 0), quantity: '1' }],
    });
    expect([two.netTotal, two.vatTotal, two.grossTotal, two.channelRefund]).toEqual(['8.33', '1.66', '9.99', false]);

    // Approving the channel refund queues its message for the connector (PENDING: none registered yet).
    const approved = await admin.post<CreditNote>(
      `/api/credit-notes/${one.id}/approve`,
      { reference: 'AMZ-R-1' },
      key(),
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'APPROVED', refundReference: 'AMZ-R-1' });
    expect(approved.body.refundDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const events = await refundEvents(one.number);
    expect(events).toHaveLength(1);
    expect(events[0]?.status).toBe('PENDING');
    expect(events[0]?.payload).toMatchObject({
      processType: 'REFUND',
      channel: 'AMAZON',
      externalOrderId: order,
      amount: '9.99',
      currency: 'GBP',
      reason: 'Return',
      reference: 'AMZ-R-1',
      lines: [{ kind: 'ITEM', quantity: '1', grossAmount: '9.99' }],
    });
    // A cash refund is paid by a person: nothing queued.
    const cash = await admin.post<CreditNote>(`/api/credit-notes/${two.id}/approve`, {}, key());
    expect(cash.status).toBe(200);
    expect(await refundEvents(two.number)).toEqual([]);

    // Illegal steps: 409 through the kernel, nothing changed.
    const twice = await admin.post<ErrorBody>(`/api/credit-notes/${one.id}/approve`, {}, key());
    expect([twice.status, twice.body.code]).toEqual([409, 'CREDIT_NOTE_STATUS_CONFLICT']);
    const cancelApproved = await admin.post<ErrorBody>(`/api/credit-notes/${one.id}/cancel`, {});
    expect([cancelApproved.status, cancelApproved.body.code]).toEqual([409, 'CREDIT_NOTE_STATUS_CONFLICT']);
    expect((await admin.get<CreditNote>(`/api/credit-notes/${one.id}`)).body.status).toBe('APPROVED');
    expect(await refundEvents(one.number)).toHaveLength(1);
  });

  it('serialises two credit notes racing for the last pounds of an invoice: one wins', async () => {
    // 1 × 10.00 + 20% = 12.00 paid; two notes of 7.00 each cannot both fit.
    const { invoice } = await shippedInvoice([{ quantity: '1', unitPrice: '10.00' }], { pricesIncludeVat: false });
    expect(invoice.grossTotal).toBe('12.00');
    const body = (): CreditNoteInput => ({
      invoiceId: invoice.id,
      paymentType: 'CASH',
      reason: 'Race',
      goodwill: { amount: '7.00', vatCode: 'STANDARD' },
    });
    const answers = await Promise.all([create(body()), create(body())]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    const refused = answers.find((a) => a.status === 422)?.body as unknown as ErrorBody;
    expect(refused.code).toBe('CREDIT_NOTE_EXCEEDS_PAID');
    expect(refused.details).toMatchObject({ paid: '12.00', refundedBefore: '7.00', refundable: '5.00' });
    const { rows } = await sql<{ total: string }>`SELECT coalesce(sum(gross_total), 0)::text AS total
      FROM credit_notes WHERE invoice_id = ${invoice.id} AND status <> 'CANCELED'`.execute(ta.t.db);
    expect(rows[0]?.total).toBe('7.00');
  });

  it('starts from a received return ticket: its returned units proposed on the invoice lines', async () => {
    const { invoice, products } = await shippedInvoice(
      [
        { quantity: '2', unitPrice: '10.00' },
        { quantity: '1', unitPrice: '5.00' },
      ],
      { pricesIncludeVat: false },
    );
    const ticketRes = await admin.post<ReturnTicket>(
      '/api/return-tickets',
      {
        invoiceId: invoice.id,
        lines: [{ productId: products[0]?.id, quantity: '1', reason: 'DEFECTIVE', condition: 'DAMAGED' }],
      },
      key(),
    );
    expect(ticketRes.status, JSON.stringify(ticketRes.body)).toBe(201);
    const ticket = ticketRes.body;
    // Not received yet: nothing to credit from it.
    const early = await create({
      returnTicketId: ticket.id,
      paymentType: 'CASH',
      reason: 'Return',
      lines: [{ invoiceLineId: lineOf(invoice, 0), quantity: '1' }],
    });
    expect([early.status, (early.body as unknown as ErrorBody).code]).toEqual([422, 'CREDIT_NOTE_SOURCE_INVALID']);
    const received = await admin.post(`/api/return-tickets/${ticket.id}/receive`, {}, key());
    expect(received.status, JSON.stringify(received.body)).toBe(200);

    const offer = await admin.get<CreditableInvoice>(`/api/credit-notes/return-tickets/${ticket.id}`);
    expect(offer.status).toBe(200);
    expect(offer.body.returnTicket).toMatchObject({ id: ticket.id, number: ticket.number, status: 'RECEIVED' });
    expect(offer.body.lines.map((l) => [l.lineNo, l.proposed, l.creditable])).toEqual([
      [1, '1', '2'],
      [2, '0', '1'],
    ]);
    const note = await credit({
      returnTicketId: ticket.id,
      paymentType: 'BANK_TRANSFER',
      reason: 'Defective',
      lines: offer.body.lines
        .filter((l) => l.proposed !== '0')
        .map((l) => ({ invoiceLineId: l.invoiceLineId, quantity: l.proposed })),
    });
    expect(note.returnTicket).toEqual({ id: ticket.id, number: ticket.number });
    expect(note.invoice.id).toBe(invoice.id);
    expect([note.netTotal, note.vatTotal, note.grossTotal]).toEqual(['10.00', '2.00', '12.00']);
    const sources = await admin.get<{ items: { kind: string; id: string }[] }>(
      `/api/credit-notes/sources?q=${encodeURIComponent(ticket.number)}`,
    );
    expect(sources.body.items).toEqual([expect.objectContaining({ kind: 'RETURN_TICKET', id: ticket.id })]);
  });

  it('refuses an invoice not shipped, replays a retried create, and keeps to the permissions', async () => {
    const { invoice } = await shippedInvoice([{ quantity: '1', unitPrice: '10.00' }], {}, false);
    const before = await written();
    const notShipped = await create({
      invoiceId: invoice.id,
      paymentType: 'CASH',
      reason: 'x',
      lines: [{ invoiceLineId: lineOf(invoice, 0), quantity: '1' }],
    });
    expect([notShipped.status, (notShipped.body as unknown as ErrorBody).code]).toEqual([
      422,
      'CREDIT_NOTE_INVOICE_NOT_PROCESSED',
    ]);
    expect(await written()).toEqual(before);

    const { invoice: shipped } = await shippedInvoice([{ quantity: '1', unitPrice: '10.00' }], {
      pricesIncludeVat: false,
    });
    const headers = key();
    const body: CreditNoteInput = {
      invoiceId: shipped.id,
      paymentType: 'CASH',
      reason: 'Retry',
      lines: [{ invoiceLineId: lineOf(shipped, 0), quantity: '1' }],
    };
    const [a, b] = [await create(body, clerk, headers), await create(body, clerk, headers)];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.id).toBe(a.body.id);
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM credit_notes
      WHERE invoice_id = ${shipped.id}`.execute(ta.t.db);
    expect(rows[0]?.n).toBe('1');

    // The clerk raises and sees, may not approve or cancel; the blind user sees nothing.
    const approve = await clerk.post<ErrorBody>(`/api/credit-notes/${a.body.id}/approve`, {}, key());
    expect(approve.status).toBe(403);
    const cancel = await clerk.post<ErrorBody>(`/api/credit-notes/${a.body.id}/cancel`, {});
    expect(cancel.status).toBe(403);
    expect((await blind.get('/api/credit-notes')).status).toBe(403);
    expect((await blind.get(`/api/credit-notes/${a.body.id}`)).status).toBe(403);
    expect((await blind.post('/api/credit-notes', body, key())).status).toBe(403);
    expect((await admin.get<CreditNote>(`/api/credit-notes/${a.body.id}`)).body.status).toBe('DRAFT');

    // The list: search by number, invoice number; tabs; filters; the export and the PDF.
    const list = await clerk.get<CreditNotePage>(
      `/api/credit-notes?q=${encodeURIComponent(shipped.number)}&paymentType=CASH`,
    );
    expect(list.status).toBe(200);
    expect(list.body.items.map((i) => i.number)).toEqual([a.body.number]);
    expect(list.body.statusCounts).toEqual({ DRAFT: 1, APPROVED: 0, CANCELED: 0 });
    const none = await clerk.get<CreditNotePage>(
      `/api/credit-notes?q=${encodeURIComponent(shipped.number)}&paymentType=PAYPAL`,
    );
    expect(none.body.total).toBe(0);
    const pdf = await clerk.get(`/api/credit-notes/${a.body.id}/pdf?lang=de`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const xlsx = await clerk.get('/api/credit-notes/export');
    expect(xlsx.status).toBe(200);
  });
});
