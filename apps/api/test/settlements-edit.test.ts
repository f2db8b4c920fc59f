import type { ErrorBody, Settlement, SettlementPayables } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../src/platform/pdf/pdf-text.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

/**
 * Editing a draft settlement: the payables read lists the draft's own invoices and credits with the open amounts
 * they had before it took them (only a draft, only of that supplier), a PUT replaces what it holds exactly, and a
 * settlement that is no longer a draft is refused (409) with nothing written. Credits in a foreign currency carry
 * their exchange difference in GBP (their own day's rate against the payment date's), to the penny, on the
 * settlement and its remittance advice.
 */

let ta: TestApp;
let admin: ApiClient;
let adminToken = '';
beforeAll(async () => {
  ta = await startTestApp();
  const signed = await clientWith(ta, ALL_PERMISSIONS);
  admin = signed.api;
  adminToken = signed.tokens.accessToken;
  await ta.t.db
    .insertInto('exchange_rates')
    .values([
      { currency: 'EUR', effective_date: '2025-01-01', rate: '0.86' },
      { currency: 'EUR', effective_date: '2025-02-01', rate: '0.8431' },
      { currency: 'EUR', effective_date: '2025-04-01', rate: '0.8765' },
    ])
    .execute();
}, 120_000);
afterAll(() => ta?.close());

type Err = ErrorBody & { details: Record<string, unknown> };
const base = '/api/purchase-invoice-settlements';
let n = 0;
const uniq = () => `${++n}${Date.now() % 100000}`;
const key = () => ({ 'idempotency-key': `sete-${uniq()}` });

async function supplier() {
  return ta.t.db
    .insertInto('business_partners')
    .values({
      code: `SETE${uniq()}`,
      name: 'Edited Supplier Ltd',
      default_currency: 'GBP',
      payment_terms_days: 30,
      active: true,
      is_consignment: false,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
}
async function processor(currency = 'GBP') {
  return ta.t.db
    .insertInto('processors')
    .values({ code: `PE${uniq()}`, name: `Bank ${currency}`, type: 'CASH', currency })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
}
async function invoice(supplierId: string, o: { gross: string; due?: string; currency?: string; rate?: string }) {
  const number = `PI-E-${uniq()}`;
  const due = o.due ?? '2025-06-30';
  const { rows } = await sql<{ id: string }>`INSERT INTO purchase_invoices
    (number, status, supplier_id, supplier_invoice_number, invoice_date, due_date, currency, exchange_rate, net_total,
     vat_total, gross_total, open_amount, booked_at)
    VALUES (${number}, 'BOOKED', ${supplierId}, ${`S-${number}`}, '2025-01-01', ${due}, ${o.currency ?? 'GBP'},
      ${o.rate ?? '1'}, ${o.gross}, 0, ${o.gross}, ${o.gross}, now())
    RETURNING id`.execute(ta.t.db);
  return { id: rows[0]?.id as string, number };
}
async function credit(supplierId: string, amount: string, currency = 'GBP', createdAt?: string) {
  return ta.t.db
    .insertInto('supplier_credits')
    .values({
      supplier_id: supplierId,
      currency,
      amount,
      open_amount: amount,
      reference: `CN-${uniq()}`,
      source_type: 'rma',
      source_id: crypto.randomUUID(),
      ...(createdAt ? { created_at: new Date(createdAt) } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
const invoiceRow = (id: string) =>
  ta.t.db
    .selectFrom('purchase_invoices')
    .select(['status', sql<string>`open_amount::text`.as('open')])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const creditOpen = async (id: string) =>
  (
    await ta.t.db
      .selectFrom('supplier_credits')
      .select(sql<string>`open_amount::text`.as('open'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).open;

/** What a refused request must leave as it was. */
async function footprint() {
  const { rows } = await sql<Record<string, string>>`SELECT
      (SELECT count(*) FROM purchase_invoice_settlements) AS settlements,
      (SELECT string_agg(id::text || ':' || invoice_id::text || ':' || amount::text, ',' ORDER BY id)
        FROM purchase_invoice_settlement_lines) AS lines,
      (SELECT string_agg(credit_id::text || ':' || amount::text, ',' ORDER BY id)
        FROM purchase_invoice_settlement_credits) AS credits_applied,
      (SELECT string_agg(id::text || ':' || total_paid::text || ':' || updated_at::text, ',' ORDER BY id)
        FROM purchase_invoice_settlements) AS heads,
      (SELECT count(*) FROM system_logs) AS logs,
      (SELECT count(*) FROM outbox_events) AS events,
      (SELECT coalesce(sum(open_amount), 0)::text FROM purchase_invoices) AS open,
      (SELECT coalesce(sum(open_amount), 0)::text FROM supplier_credits) AS credits,
      (SELECT string_agg(status, ',' ORDER BY id) FROM purchase_invoices) AS statuses`.execute(ta.t.db);
  return rows[0];
}

interface Body {
  supplierId: string;
  processorId: string;
  paymentDate?: string;
  lines: { invoiceId: string; amount: string; includeInterest?: boolean; interestAmount?: string | null }[];
  credits?: { creditId: string; amount: string }[];
  cheque?: { number: string; date: string; bank: string } | null;
}
const body = (b: Body) => ({ paymentDate: '2025-05-01', paymentType: 'BANK_TRANSFER', ...b });
async function draft(b: Body) {
  const res = await admin.post<Settlement>(base, body(b), key());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const payables = (supplierId: string, settlement?: string, api = admin) =>
  api.get<SettlementPayables>(
    `${base}/payables?supplierId=${supplierId}&paymentDate=2025-05-01${settlement ? `&settlement=${settlement}` : ''}`,
  );

describe('the payables of a draft being edited', () => {
  it('lists the draft’s own invoices and credits with the open amounts they had before it took them', async () => {
    const s = await supplier();
    const p = await processor();
    const full = await invoice(s.id, { gross: '250.00', due: '2025-03-31' });
    const part = await invoice(s.id, { gross: '300.00', due: '2025-04-30' });
    const other = await invoice(s.id, { gross: '80.00', due: '2025-06-30' });
    const c1 = await credit(s.id, '50.00');
    const c2 = await credit(s.id, '30.00');
    const d = await draft({
      supplierId: s.id,
      processorId: p.id,
      lines: [
        { invoiceId: full.id, amount: '250.00' },
        { invoiceId: part.id, amount: '100.00' },
      ],
      credits: [
        { creditId: c1.id, amount: '20.00' },
        { creditId: c2.id, amount: '30.00' },
      ],
    });

    const plain = await payables(s.id);
    expect(plain.status).toBe(200);
    expect(plain.body.invoices.map((i) => i.number)).toEqual([other.number]);
    expect(plain.body.credits.map((c) => [c.id, c.openAmount])).toEqual([[c1.id, '30.00']]);

    const before = await footprint();
    const edit = await payables(s.id, d.id);
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.invoices.map((i) => [i.number, i.status, i.openAmount])).toEqual([
      [full.number, 'PROCESSING', '250.00'],
      [part.number, 'PROCESSING', '300.00'],
      [other.number, 'BOOKED', '80.00'],
    ]);
    // The interest proposal and days late are worked on the amount open before the draft.
    expect(edit.body.invoices[0]).toMatchObject({ daysLate: 31, interest: { principal: '250.00' } });
    expect(edit.body.credits.map((c) => [c.id, c.openAmount, c.amount])).toEqual([
      [c1.id, '50.00', '50.00'],
      [c2.id, '30.00', '30.00'],
    ]);
    // A read: nothing written, and the draft still holds what it held.
    expect(await footprint()).toEqual(before);
    expect(await invoiceRow(full.id)).toEqual({ status: 'PROCESSING', open: '0.00' });
    expect(await creditOpen(c1.id)).toBe('30.00');
  }, 60_000);

  it('refuses an unknown settlement (404), another supplier’s (422) and one no longer a draft (409), writing nothing', async () => {
    const s = await supplier();
    const t = await supplier();
    const p = await processor();
    const inv = await invoice(s.id, { gross: '40.00' });
    const inv2 = await invoice(s.id, { gross: '45.00' });
    const d = await draft({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: inv.id, amount: '40.00' }] });
    const done = await draft({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: inv2.id, amount: '45.00' }] });
    expect((await admin.post<Settlement>(`${base}/${done.id}/complete`)).status).toBe(200);

    const before = await footprint();
    const unknown = await payables(s.id, crypto.randomUUID());
    expect(unknown.status).toBe(404);
    expect((unknown.body as unknown as Err).code).toBe('NOT_FOUND');
    const otherSupplier = await payables(t.id, d.id);
    expect(otherSupplier.status).toBe(422);
    expect((otherSupplier.body as unknown as Err).code).toBe('SETTLEMENT_PARTY_INVALID');
    expect((otherSupplier.body as unknown as Err).message).toContain(s.code);
    const completed = await payables(s.id, done.id);
    expect(completed.status).toBe(409);
    expect((completed.body as unknown as Err).code).toBe('SETTLEMENT_STATUS_CONFLICT');
    expect((completed.body as unknown as Err).details).toMatchObject({ number: done.number, status: 'COMPLETED' });
    expect((await admin.get(`${base}/payables?supplierId=${s.id}&settlement=nope`)).status).toBe(400);
    expect(await footprint()).toEqual(before);
  }, 60_000);
});

describe('editing a draft', () => {
  it('replaces what the draft holds: amounts changed, an invoice dropped and one added, credits changed', async () => {
    const s = await supplier();
    const p = await processor();
    const a = await invoice(s.id, { gross: '250.00' });
    const b = await invoice(s.id, { gross: '300.00' });
    const c = await invoice(s.id, { gross: '75.50' });
    const k1 = await credit(s.id, '50.00');
    const k2 = await credit(s.id, '10.00');
    const d = await draft({
      supplierId: s.id,
      processorId: p.id,
      lines: [
        { invoiceId: a.id, amount: '250.00' },
        { invoiceId: b.id, amount: '100.00' },
      ],
      credits: [{ creditId: k1.id, amount: '20.00' }],
    });
    // The edit screen starts from the payables with the draft, and sends the draft back changed.
    const res = await admin.put<Settlement>(
      `${base}/${d.id}`,
      body({
        supplierId: s.id,
        processorId: p.id,
        paymentDate: '2025-05-02',
        lines: [
          { invoiceId: a.id, amount: '200.00' },
          { invoiceId: c.id, amount: '75.50' },
        ],
        credits: [
          { creditId: k1.id, amount: '50.00' },
          { creditId: k2.id, amount: '10.00' },
        ],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: d.id,
      number: d.number,
      status: 'DRAFT',
      paymentDate: '2025-05-02',
      totals: { invoices: '275.50', credits: '60.00', totalPaid: '215.50' },
    });
    expect(res.body.lines.map((l) => [l.invoice.number, l.openBefore, l.amount, l.openAfter])).toEqual([
      [a.number, '250.00', '200.00', '50.00'],
      [c.number, '75.50', '75.50', '0.00'],
    ]);
    expect(await invoiceRow(a.id)).toEqual({ status: 'PROCESSING', open: '50.00' });
    expect(await invoiceRow(b.id)).toEqual({ status: 'BOOKED', open: '300.00' });
    expect(await invoiceRow(c.id)).toEqual({ status: 'PROCESSING', open: '0.00' });
    expect(await creditOpen(k1.id)).toBe('0.00');
    expect(await creditOpen(k2.id)).toBe('0.00');
    const logs = await ta.t.db
      .selectFrom('system_logs')
      .select(['action', 'entity', 'entity_id'])
      .where('entity_id', 'in', [d.number, b.number])
      .orderBy('id')
      .execute();
    expect(logs.map((l) => `${l.entity}:${l.action}`)).toEqual([
      'purchase_invoice_settlement:create',
      'purchase_invoice:settle',
      'purchase_invoice:release',
      'purchase_invoice_settlement:update',
    ]);

    // The payables of the edited draft give back exactly what it now holds.
    const edit = await payables(s.id, d.id);
    expect(edit.body.invoices.map((i) => [i.number, i.openAmount])).toEqual(
      expect.arrayContaining([
        [a.number, '250.00'],
        [b.number, '300.00'],
        [c.number, '75.50'],
      ]),
    );
  }, 60_000);

  it('refuses a change above an open amount, and any change once completed (409), writing nothing', async () => {
    const s = await supplier();
    const p = await processor();
    const a = await invoice(s.id, { gross: '120.00' });
    const d = await draft({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: a.id, amount: '60.00' }] });

    let before = await footprint();
    const over = await admin.put<Err>(
      `${base}/${d.id}`,
      body({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: a.id, amount: '120.01' }] }),
    );
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('SETTLEMENT_OVERPAYMENT');
    expect(over.body.details).toMatchObject({ openAmount: '120.00', amount: '120.01' });
    expect(await footprint()).toEqual(before);
    expect(await invoiceRow(a.id)).toEqual({ status: 'PROCESSING', open: '60.00' });

    expect((await admin.post<Settlement>(`${base}/${d.id}/complete`)).status).toBe(200);
    before = await footprint();
    const late = await admin.put<Err>(
      `${base}/${d.id}`,
      body({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: a.id, amount: '10.00' }] }),
    );
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('SETTLEMENT_STATUS_CONFLICT');
    expect(late.body.details).toMatchObject({ number: d.number, status: 'COMPLETED', action: 'edit' });
    expect(await footprint()).toEqual(before);
    expect(await invoiceRow(a.id)).toEqual({ status: 'BOOKED', open: '60.00' });

    const writer = (await clientWith(ta, ['view_purchase_invoice_settlement'])).api;
    const d2 = await draft({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: a.id, amount: '10.00' }] });
    before = await footprint();
    const refused = await writer.put<Err>(
      `${base}/${d2.id}`,
      body({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: a.id, amount: '20.00' }] }),
    );
    expect(refused.status).toBe(403);
    expect(await footprint()).toEqual(before);
  }, 60_000);
});

describe('exchange differences of credits (IAS 21)', () => {
  it('a EUR credit recorded at its own day’s rate and applied at the payment date’s: the difference to the penny', async () => {
    const s = await supplier();
    const p = await processor('GBP');
    // Booked at 0.8123; paid on 2025-05-01 at 0.8765: 333.33 × 0.8765 = 292.16, × 0.8123 = 270.76 → a loss of 21.40.
    const inv = await invoice(s.id, { gross: '333.33', currency: 'EUR', rate: '0.8123' });
    // Recorded on 10 February 2025 (rate 0.8431 from 1 February): 45.67 × 0.8431 = 38.50 booked; it offsets
    // 45.67 × 0.8765 = 40.03 at the payment date: a gain of 1.53 (−1.53).
    const k = await credit(s.id, '45.67', 'EUR', '2025-02-10T12:00:00Z');
    const d = await draft({
      supplierId: s.id,
      processorId: p.id,
      lines: [{ invoiceId: inv.id, amount: '333.33' }],
      credits: [{ creditId: k.id, amount: '45.67' }],
    });
    expect(d.exchangeRate).toBe('0.8765');
    expect(d.lines[0]).toMatchObject({ amountGbp: '292.16', bookedGbp: '270.76', exchangeDifferenceGbp: '21.40' });
    expect(d.credits[0]).toMatchObject({
      creditDate: '2025-02-10',
      creditRate: '0.8431',
      amountGbp: '40.03',
      bookedGbp: '38.50',
      exchangeDifferenceGbp: '-1.53',
    });
    expect(d.totals).toMatchObject({
      invoices: '333.33',
      credits: '45.67',
      totalPaid: '287.66',
      // 287.66 × 0.8765 = 252.134... → 252.13
      totalPaidProcessor: '252.13',
      exchangeDifferenceGbp: '19.87',
    });
    const stored = await ta.t.db
      .selectFrom('purchase_invoice_settlements')
      .select(sql<string>`exchange_difference_gbp::text`.as('x'))
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(stored.x).toBe('19.87');

    // Half the credit, edited: 22.83 × 0.8431 = 19.25 (19.248...), × 0.8765 = 20.01 (20.010...): −0.76.
    const edited = await admin.put<Settlement>(
      `${base}/${d.id}`,
      body({
        supplierId: s.id,
        processorId: p.id,
        lines: [{ invoiceId: inv.id, amount: '333.33' }],
        credits: [{ creditId: k.id, amount: '22.83' }],
      }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.credits[0]).toMatchObject({
      amountGbp: '20.01',
      bookedGbp: '19.25',
      exchangeDifferenceGbp: '-0.76',
    });
    expect(edited.body.totals.exchangeDifferenceGbp).toBe('20.64');

    // The remittance advice shows each difference and their sum in pounds.
    const pdf = await fetch(`${ta.baseUrl}${base}/${d.id}/pdf?lang=en`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(pdf.status).toBe(200);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain('Exchange difference (GBP)');
    expect(text).toContain('Bank transfer');
    expect(text).toContain('Left to pay');
    expect(text).toContain('£21.40');
    expect(text).toContain('-£0.76');
    expect(text).toContain('£20.64');
    expect(text).toContain('£272.15'); // (333.33 − 22.83) × 0.8765 = 272.153...
  }, 60_000);

  it('a GBP credit carries no difference', async () => {
    const s = await supplier();
    const p = await processor('GBP');
    const inv = await invoice(s.id, { gross: '90.00' });
    const k = await credit(s.id, '15.00', 'GBP', '2025-02-10T12:00:00Z');
    const d = await draft({
      supplierId: s.id,
      processorId: p.id,
      lines: [{ invoiceId: inv.id, amount: '90.00' }],
      credits: [{ creditId: k.id, amount: '15.00' }],
    });
    expect(d.credits[0]).toMatchObject({
      creditRate: '1',
      amountGbp: '15.00',
      bookedGbp: '15.00',
      exchangeDifferenceGbp: '0.00',
    });
    expect(d.totals.exchangeDifferenceGbp).toBe('0.00');
  }, 60_000);
});
