import type { ErrorBody, Page, Settlement, SettlementPayables, SettlementSummary } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contractualInterest,
  daysLate,
  statutoryFixedSumGbp,
  statutoryInterest,
  statutoryReferenceDate,
} from '../src/domains/settlements/settlement.interest.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';

/**
 * Settlements of supplier invoices: drafts hold their invoices and take their open amounts and credits at once;
 * completing pays (fully paid PROCESSED, partly paid back to BOOKED); cheques hold the amounts until realized, and
 * a returned cheque reopens them exactly; overpayment, another supplier's invoice, credits beyond what is left,
 * currencies that do not fit are refused with nothing written; late-payment interest contractual (simple,
 * compound) and statutory with figures worked by hand; exchange differences in GBP; the remittance advice e-mailed.
 */

let ta: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  admin = (await clientWith(ta, ALL_PERMISSIONS)).api;
  await ta.t.db
    .insertInto('exchange_rates')
    .values([
      { currency: 'EUR', effective_date: '2025-01-01', rate: '0.86' },
      { currency: 'USD', effective_date: '2025-01-01', rate: '0.79' },
    ])
    .execute();
}, 120_000);
afterAll(() => ta?.close());

type Err = ErrorBody & { details: Record<string, unknown> };
const base = '/api/purchase-invoice-settlements';
let n = 0;
const uniq = () => `${++n}${Date.now() % 100000}`;
const key = () => ({ 'idempotency-key': `set-${uniq()}` });

async function supplier(db = ta.t.db, terms: { rate?: string; type?: 'simple_interest' | 'compound_interest' } = {}) {
  return db
    .insertInto('business_partners')
    .values({
      code: `SET${uniq()}`,
      name: 'Settled Supplier Ltd',
      default_currency: 'GBP',
      payment_terms_days: 30,
      active: true,
      is_consignment: false,
      late_interest_rate: terms.rate ?? null,
      late_interest_type: terms.type ?? null,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
}
async function processor(currency = 'GBP', db = ta.t.db) {
  return db
    .insertInto('processors')
    .values({ code: `P${uniq()}`, name: `Cash ${currency}`, type: 'CASH', currency })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
}
/** A booked supplier invoice as the invoices area leaves one (gross, open amount, due date, currency and rate). */
async function invoice(
  supplierId: string,
  o: {
    gross: string;
    open?: string;
    due?: string;
    currency?: string;
    rate?: string;
    status?: string;
    invoiceDate?: string;
  },
  db = ta.t.db,
) {
  const number = `PI-T-${uniq()}`;
  const due = o.due ?? '2025-06-30';
  const { rows } = await sql<{ id: string }>`INSERT INTO purchase_invoices
    (number, status, supplier_id, supplier_invoice_number, invoice_date, due_date, currency, exchange_rate, net_total,
     vat_total, gross_total, open_amount, booked_at)
    VALUES (${number}, ${o.status ?? 'BOOKED'}, ${supplierId}, ${`S-${number}`}, ${o.invoiceDate ?? (due < '2025-01-01' ? due : '2025-01-01')},
      ${due}, ${o.currency ?? 'GBP'}, ${o.rate ?? '1'}, ${o.gross}, 0, ${o.gross}, ${o.open ?? o.gross}, now())
    RETURNING id`.execute(db);
  return { id: rows[0]?.id as string, number };
}
async function credit(supplierId: string, amount: string, currency = 'GBP', db = ta.t.db) {
  return db
    .insertInto('supplier_credits')
    .values({
      supplier_id: supplierId,
      currency,
      amount,
      open_amount: amount,
      reference: `CN-${uniq()}`,
      source_type: 'rma',
      source_id: crypto.randomUUID(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
const invoiceRow = (id: string, db = ta.t.db) =>
  db
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
async function footprint(db = ta.t.db) {
  const { rows } = await sql<Record<string, string>>`SELECT
      (SELECT count(*) FROM purchase_invoice_settlements) AS settlements,
      (SELECT count(*) FROM purchase_invoice_settlement_lines) AS lines,
      (SELECT count(*) FROM system_logs) AS logs,
      (SELECT count(*) FROM outbox_events) AS events,
      (SELECT coalesce(sum(open_amount), 0)::text FROM purchase_invoices) AS open,
      (SELECT coalesce(sum(open_amount), 0)::text FROM supplier_credits) AS credits,
      (SELECT string_agg(status, ',' ORDER BY id) FROM purchase_invoices) AS statuses,
      (SELECT coalesce(max(last_value), 0)::text FROM document_number_counters WHERE kind = 'purchaseInvoiceSettlement') AS counter`.execute(
    db,
  );
  return rows[0];
}

interface Body {
  supplierId: string;
  processorId: string;
  paymentDate?: string;
  paymentType?: string;
  lines: { invoiceId: string; amount: string; includeInterest?: boolean; interestAmount?: string | null }[];
  credits?: { creditId: string; amount: string }[];
  cheque?: { number: string; date: string; bank: string } | null;
  reference?: string;
}
const body = (b: Body) => ({ paymentDate: '2025-05-01', paymentType: 'BANK_TRANSFER', ...b });
async function draft(b: Body, api = admin) {
  const res = await api.post<Settlement>(base, body(b), key());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
async function complete(id: string, api = admin) {
  const res = await api.post<Settlement>(`${base}/${id}/complete`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('paying invoices', () => {
  it('a full payment holds the invoice in the draft, then completing pays it (PROCESSED), logged and evented', async () => {
    const s = await supplier();
    const p = await processor();
    const inv = await invoice(s.id, { gross: '250.00' });
    const d = await draft({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: inv.id, amount: '250.00' }] });
    expect(d.number).toMatch(/^PIS-2025-\d{5}$/);
    expect(d).toMatchObject({
      status: 'DRAFT',
      currency: 'GBP',
      exchangeRate: '1',
      totals: {
        invoices: '250.00',
        interest: '0.00',
        credits: '0.00',
        totalPaid: '250.00',
        totalPaidProcessor: '250.00',
      },
    });
    expect(d.lines[0]).toMatchObject({ openBefore: '250.00', amount: '250.00', openAfter: '0.00' });
    expect(await invoiceRow(inv.id)).toEqual({ status: 'PROCESSING', open: '0.00' });

    const done = await complete(d.id);
    expect(done.status).toBe('COMPLETED');
    expect(done.completedAt).not.toBeNull();
    expect(await invoiceRow(inv.id)).toEqual({ status: 'PROCESSED', open: '0.00' });

    const logs = await ta.t.db
      .selectFrom('system_logs')
      .select(['action', 'entity'])
      .where('entity_id', 'in', [d.number, inv.number])
      .orderBy('id')
      .execute();
    expect(logs).toEqual([
      { action: 'create', entity: 'purchase_invoice_settlement' },
      { action: 'settle', entity: 'purchase_invoice' },
      { action: 'pay', entity: 'purchase_invoice' },
      { action: 'complete', entity: 'purchase_invoice_settlement' },
    ]);
    const events = await ta.t.db
      .selectFrom('outbox_events')
      .select('payload')
      .where('key', 'in', [`purchase_invoice_settlement:${d.id}`, `purchase_invoice:${inv.id}`])
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.payload)).toMatchObject([
      { from: 'BOOKED', to: 'PROCESSING', action: 'settle' },
      { from: 'PROCESSING', to: 'PROCESSED', action: 'pay' },
      { from: 'DRAFT', to: 'COMPLETED', action: 'complete' },
    ]);
  });

  it('pays one invoice over two settlements: partly paid goes back to BOOKED with the smaller open amount', async () => {
    const s = await supplier();
    const p = await processor();
    const inv = await invoice(s.id, { gross: '1000.00' });
    const first = await draft({
      supplierId: s.id,
      processorId: p.id,
      lines: [{ invoiceId: inv.id, amount: '400.00' }],
    });
    expect(await invoiceRow(inv.id)).toEqual({ status: 'PROCESSING', open: '600.00' });
    // Held: no other settlement can take it meanwhile.
    const meanwhile = await admin.post<Err>(
      base,
      body({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: inv.id, amount: '1.00' }] }),
      key(),
    );
    expect([meanwhile.status, meanwhile.body.code]).toEqual([422, 'SETTLEMENT_INVOICE_NOT_PAYABLE']);
    await complete(first.id);
    expect(await invoiceRow(inv.id)).toEqual({ status: 'BOOKED', open: '600.00' });

    const payables = await admin.get<SettlementPayables>(`${base}/payables?supplierId=${s.id}&paymentDate=2025-05-01`);
    expect(payables.body.invoices.map((i) => [i.number, i.openAmount])).toEqual([[inv.number, '600.00']]);
    // A partly paid invoice cannot be cancelled any more: the payment would be lost.
    const before = await footprint();
    const cancel = await admin.post<Err>(`/api/purchase-invoices/${inv.id}/cancel`, { reason: 'x' });
    expect([cancel.status, cancel.body.code]).toEqual([409, 'PURCHASE_INVOICE_PARTLY_PAID']);
    expect(cancel.body.details).toEqual({ number: inv.number, grossTotal: '1000.00', openAmount: '600.00' });
    expect(await footprint()).toEqual(before);

    const second = await draft({
      supplierId: s.id,
      processorId: p.id,
      lines: [{ invoiceId: inv.id, amount: '600.00' }],
    });
    expect(second.lines[0]).toMatchObject({ openBefore: '600.00', openAfter: '0.00' });
    await complete(second.id);
    expect(await invoiceRow(inv.id)).toEqual({ status: 'PROCESSED', open: '0.00' });
    const again = await admin.get<SettlementPayables>(`${base}/payables?supplierId=${s.id}`);
    expect(again.body.invoices).toEqual([]);
  });

  it('refuses paying above the open amount, naming the figures, writing nothing', async () => {
    const s = await supplier();
    const p = await processor();
    const inv = await invoice(s.id, { gross: '100.00', open: '80.00' });
    const before = await footprint();
    const res = await admin.post<Err>(
      base,
      body({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: inv.id, amount: '80.01' }] }),
      key(),
    );
    expect([res.status, res.body.code]).toEqual([422, 'SETTLEMENT_OVERPAYMENT']);
    expect(res.body.message).toBe(`Line 1: invoice ${inv.number} has 80.00 GBP open; 80.01 is more than that.`);
    expect(res.body.details).toMatchObject({ invoice: inv.number, openAmount: '80.00', amount: '80.01' });
    expect(await footprint()).toEqual(before);
  });

  it('refuses another supplier’s invoice, and invoices that are not booked, writing nothing', async () => {
    const s = await supplier();
    const other = await supplier();
    const p = await processor();
    const theirs = await invoice(other.id, { gross: '50.00' });
    const pending = await invoice(s.id, { gross: '50.00', status: 'PENDING' });
    const paid = await invoice(s.id, { gross: '50.00', open: '0', status: 'PROCESSED' });
    const before = await footprint();
    const a = await admin.post<Err>(
      base,
      body({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: theirs.id, amount: '50.00' }] }),
      key(),
    );
    expect([a.status, a.body.code]).toEqual([422, 'SETTLEMENT_INVOICE_SUPPLIER_MISMATCH']);
    expect(a.body.message).toContain(`invoice ${theirs.number} is another supplier’s`);
    for (const inv of [pending, paid]) {
      const r = await admin.post<Err>(
        base,
        body({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: inv.id, amount: '1.00' }] }),
        key(),
      );
      expect([r.status, r.body.code]).toEqual([422, 'SETTLEMENT_INVOICE_NOT_PAYABLE']);
    }
    const unknown = await admin.post<Err>(
      base,
      body({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: crypto.randomUUID(), amount: '1.00' }] }),
      key(),
    );
    expect([unknown.status, unknown.body.code]).toEqual([422, 'SETTLEMENT_INVOICE_NOT_PAYABLE']);
    const inactive = await processor();
    await ta.t.db.updateTable('processors').set({ active: false }).where('id', '=', inactive.id).execute();
    const off = await admin.post<Err>(
      base,
      body({ supplierId: s.id, processorId: inactive.id, lines: [{ invoiceId: pending.id, amount: '1.00' }] }),
      key(),
    );
    expect([off.status, off.body.code]).toEqual([422, 'SETTLEMENT_PARTY_INVALID']);
    const twice = await admin.post<Err>(
      base,
      body({
        supplierId: s.id,
        processorId: p.id,
        lines: [
          { invoiceId: pending.id, amount: '1.00' },
          { invoiceId: pending.id, amount: '2.00' },
        ],
      }),
      key(),
    );
    expect([twice.status, twice.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await footprint()).toEqual(before);
  });

  it('editing a draft replaces what it holds: a dropped invoice is released with its open amount restored', async () => {
    const s = await supplier();
    const p = await processor();
    const a = await invoice(s.id, { gross: '300.00' });
    const b = await invoice(s.id, { gross: '200.00' });
    const d = await draft({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: a.id, amount: '300.00' }] });
    expect(await invoiceRow(a.id)).toEqual({ status: 'PROCESSING', open: '0.00' });
    const res = await admin.put<Settlement>(
      `${base}/${d.id}`,
      body({
        supplierId: s.id,
        processorId: p.id,
        lines: [
          { invoiceId: b.id, amount: '150.00' },
          { invoiceId: a.id, amount: '100.00' },
        ],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totals.invoices).toBe('250.00');
    expect(await invoiceRow(a.id)).toEqual({ status: 'PROCESSING', open: '200.00' });
    expect(await invoiceRow(b.id)).toEqual({ status: 'PROCESSING', open: '50.00' });
    // Raising a kept invoice to its whole amount works, since the draft's own hold is given back first.
    const whole = await admin.put<Settlement>(
      `${base}/${d.id}`,
      body({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: a.id, amount: '300.00' }] }),
    );
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    expect(await invoiceRow(a.id)).toEqual({ status: 'PROCESSING', open: '0.00' });
    expect(await invoiceRow(b.id)).toEqual({ status: 'BOOKED', open: '200.00' });
    const over = await admin.put<Err>(
      `${base}/${d.id}`,
      body({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: a.id, amount: '300.01' }] }),
    );
    expect([over.status, over.body.code]).toEqual([422, 'SETTLEMENT_OVERPAYMENT']);
    expect(await invoiceRow(a.id)).toEqual({ status: 'PROCESSING', open: '0.00' });
  });

  it('cancelling a draft releases its invoices and credits; a completed one cannot be cancelled (409)', async () => {
    const s = await supplier();
    const p = await processor();
    const inv = await invoice(s.id, { gross: '500.00' });
    const c = await credit(s.id, '100.00');
    const d = await draft({
      supplierId: s.id,
      processorId: p.id,
      lines: [{ invoiceId: inv.id, amount: '500.00' }],
      credits: [{ creditId: c.id, amount: '60.00' }],
    });
    expect(await creditOpen(c.id)).toBe('40.00');
    const res = await admin.post<Settlement>(`${base}/${d.id}/cancel`, { reason: 'Wrong processor' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'CANCELED', cancelReason: 'Wrong processor' });
    expect(await invoiceRow(inv.id)).toEqual({ status: 'BOOKED', open: '500.00' });
    expect(await creditOpen(c.id)).toBe('100.00');

    const d2 = await draft({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: inv.id, amount: '500.00' }] });
    await complete(d2.id);
    const before = await footprint();
    const refused = await admin.post<Err>(`${base}/${d2.id}/cancel`, {});
    expect([refused.status, refused.body.code]).toEqual([409, 'SETTLEMENT_STATUS_CONFLICT']);
    expect(refused.body.message).toBe(
      `Settlement ${d2.number} is completed: it cannot be cancelled. Nothing more can be done with it.`,
    );
    const twice = await admin.post<Err>(`${base}/${d2.id}/complete`);
    expect([twice.status, twice.body.code]).toEqual([409, 'SETTLEMENT_STATUS_CONFLICT']);
    expect(await footprint()).toEqual(before);
  });
});

describe('supplier credits', () => {
  it('offsets credits within what is left of them, and refuses more, another supplier’s, or a negative total', async () => {
    const s = await supplier();
    const other = await supplier();
    const p = await processor();
    const inv = await invoice(s.id, { gross: '500.00' });
    const c = await credit(s.id, '150.00');
    const theirs = await credit(other.id, '10.00');
    const d = await draft({
      supplierId: s.id,
      processorId: p.id,
      lines: [{ invoiceId: inv.id, amount: '200.00' }],
      credits: [{ creditId: c.id, amount: '120.00' }],
    });
    expect(d.totals).toMatchObject({ invoices: '200.00', credits: '120.00', totalPaid: '80.00' });
    expect(d.credits[0]).toMatchObject({
      creditId: c.id,
      amount: '120.00',
      creditAmount: '150.00',
      creditOpenAmount: '30.00',
    });
    await complete(d.id);
    expect(await creditOpen(c.id)).toBe('30.00');
    const payables = await admin.get<SettlementPayables>(`${base}/payables?supplierId=${s.id}`);
    expect(payables.body.credits.map((x) => [x.id, x.openAmount])).toEqual([[c.id, '30.00']]);

    const before = await footprint();
    const tooMuch = await admin.post<Err>(
      base,
      body({
        supplierId: s.id,
        processorId: p.id,
        lines: [{ invoiceId: inv.id, amount: '100.00' }],
        credits: [{ creditId: c.id, amount: '30.01' }],
      }),
      key(),
    );
    expect([tooMuch.status, tooMuch.body.code]).toEqual([422, 'SETTLEMENT_CREDIT_EXCEEDED']);
    expect(tooMuch.body.details).toMatchObject({ openAmount: '30.00', amount: '30.01' });
    const notTheirs = await admin.post<Err>(
      base,
      body({
        supplierId: s.id,
        processorId: p.id,
        lines: [{ invoiceId: inv.id, amount: '100.00' }],
        credits: [{ creditId: theirs.id, amount: '5.00' }],
      }),
      key(),
    );
    expect([notTheirs.status, notTheirs.body.code]).toEqual([422, 'SETTLEMENT_CREDIT_INVALID']);
    const negative = await admin.post<Err>(
      base,
      body({
        supplierId: s.id,
        processorId: p.id,
        lines: [{ invoiceId: inv.id, amount: '20.00' }],
        credits: [{ creditId: c.id, amount: '30.00' }],
      }),
      key(),
    );
    expect([negative.status, negative.body.code]).toEqual([422, 'SETTLEMENT_NEGATIVE_TOTAL']);
    expect(negative.body.details).toMatchObject({ credits: '30.00', invoicesAndInterest: '20.00', total: '-10.00' });
    expect(await footprint()).toEqual(before);

    // Exactly offset: a settlement paying nothing in money is allowed (total 0).
    const zero = await draft({
      supplierId: s.id,
      processorId: p.id,
      paymentType: 'CREDIT_NOTE',
      lines: [{ invoiceId: inv.id, amount: '30.00' }],
      credits: [{ creditId: c.id, amount: '30.00' }],
    });
    expect(zero.totals.totalPaid).toBe('0.00');
    expect(await creditOpen(c.id)).toBe('0.00');
  });
});

describe('late-payment interest', () => {
  it('works the rules by hand: days late, reference dates, fixed sums, simple and compound', () => {
    expect(daysLate('2025-01-31', '2025-04-01')).toBe(60);
    expect(daysLate('2025-04-01', '2025-04-01')).toBe(0);
    expect(daysLate('2025-05-01', '2025-04-01')).toBe(0);
    // Late from the day after the due date; January–June → 31 December before, July–December → 30 June.
    expect(statutoryReferenceDate('2025-03-15')).toBe('2024-12-31');
    expect(statutoryReferenceDate('2023-06-30')).toBe('2023-06-30');
    expect(statutoryReferenceDate('2023-12-31')).toBe('2023-12-31');
    expect(statutoryReferenceDate('2023-07-10')).toBe('2023-06-30');
    expect(statutoryFixedSumGbp('999.99').toFixed()).toBe('40');
    expect(statutoryFixedSumGbp('1000').toFixed()).toBe('70');
    expect(statutoryFixedSumGbp('9999.99').toFixed()).toBe('70');
    expect(statutoryFixedSumGbp('10000').toFixed()).toBe('100');
    // 1000 × 0.08 × 60 / 365 = 13.1506… → 13.15
    expect(contractualInterest('1000', '8', 'simple_interest', 60).toFixed(2)).toBe('13.15');
    // 2000 × ((1 + 0.10/365)^30 − 1) = 16.5038… → 16.50 (simple would be 16.44)
    expect(contractualInterest('2000', '10', 'compound_interest', 30).toFixed(2)).toBe('16.50');
    expect(contractualInterest('2000', '10', 'simple_interest', 30).toFixed(2)).toBe('16.44');
    // 1200 × ((1 + 0.05/365)^365 − 1) = 61.5209… → 61.52
    expect(contractualInterest('1200', '5', 'compound_interest', 365).toFixed(2)).toBe('61.52');
    // 5000 × (8 + 4.75)% × 60 / 365 = 104.7945… → 104.79
    expect(statutoryInterest('5000', '4.75', 60).toFixed(2)).toBe('104.79');
  });

  it('contractual simple interest is proposed per invoice and added only when included', async () => {
    const s = await supplier(ta.t.db, { rate: '8.00', type: 'simple_interest' });
    const p = await processor();
    const inv = await invoice(s.id, { gross: '1000.00', due: '2025-01-31' });
    const onTime = await invoice(s.id, { gross: '10.00', due: '2025-12-31' });
    const payables = await admin.get<SettlementPayables>(`${base}/payables?supplierId=${s.id}&paymentDate=2025-04-01`);
    expect(payables.body.supplier).toMatchObject({ lateInterestRate: '8', lateInterestType: 'simple_interest' });
    const late = payables.body.invoices.find((i) => i.id === inv.id);
    expect(late).toMatchObject({ daysLate: 60 });
    expect(late?.interest).toEqual({
      basis: 'contractual',
      interestType: 'simple_interest',
      annualRatePercent: '8',
      baseRatePercent: null,
      referenceDate: null,
      daysLate: 60,
      principal: '1000.00',
      interest: '13.15',
      fixedSum: '0.00',
      total: '13.15',
    });
    expect(payables.body.invoices.find((i) => i.id === onTime.id)?.interest).toMatchObject({
      basis: 'none',
      total: '0.00',
    });

    const d = await draft({
      supplierId: s.id,
      processorId: p.id,
      paymentDate: '2025-04-01',
      lines: [
        { invoiceId: inv.id, amount: '1000.00', includeInterest: true },
        { invoiceId: onTime.id, amount: '10.00' },
      ],
    });
    expect(d.lines[0]).toMatchObject({ daysLate: 60, includeInterest: true, interestAmount: '13.15' });
    expect(d.lines[1]).toMatchObject({ daysLate: 0, includeInterest: false, interestAmount: '0.00' });
    expect(d.totals).toMatchObject({ invoices: '1010.00', interest: '13.15', totalPaid: '1023.15' });
    // Interest does not lower the open amount: only what pays the invoice does.
    expect(await invoiceRow(inv.id)).toEqual({ status: 'PROCESSING', open: '0.00' });
  });

  it('contractual compound interest, and an amount typed instead of the proposal', async () => {
    const s = await supplier(ta.t.db, { rate: '10.00', type: 'compound_interest' });
    const p = await processor();
    const inv = await invoice(s.id, { gross: '2000.00', due: '2025-03-01' });
    const d = await draft({
      supplierId: s.id,
      processorId: p.id,
      paymentDate: '2025-03-31',
      lines: [{ invoiceId: inv.id, amount: '2000.00', includeInterest: true }],
    });
    expect(d.lines[0]?.interestProposal).toMatchObject({
      basis: 'contractual',
      interestType: 'compound_interest',
      daysLate: 30,
      interest: '16.50',
      total: '16.50',
    });
    expect(d.totals.totalPaid).toBe('2016.50');
    const typed = await admin.put<Settlement>(
      `${base}/${d.id}`,
      body({
        supplierId: s.id,
        processorId: p.id,
        paymentDate: '2025-03-31',
        lines: [{ invoiceId: inv.id, amount: '2000.00', includeInterest: true, interestAmount: '10.00' }],
      }),
    );
    expect(typed.body.totals).toMatchObject({ interest: '10.00', totalPaid: '2010.00' });
    expect(typed.body.lines[0]?.interestProposal.total).toBe('16.50');
  });

  it('statutory interest: 8% over the base rate of the reference date, plus the fixed sum once per debt', async () => {
    const s = await supplier();
    const p = await processor();
    const inv = await invoice(s.id, { gross: '5000.00', due: '2025-03-15' });
    const d = await draft({
      supplierId: s.id,
      processorId: p.id,
      paymentDate: '2025-05-14',
      lines: [{ invoiceId: inv.id, amount: '4700.00', includeInterest: true }],
    });
    // 4700 × 12.75% × 60 / 365 = 98.5068… → 98.51; the debt (5,000) is under £10,000: £70.
    expect(d.lines[0]?.interestProposal).toEqual({
      basis: 'statutory',
      interestType: 'simple_interest',
      annualRatePercent: '12.75',
      baseRatePercent: '4.75',
      referenceDate: '2024-12-31',
      daysLate: 60,
      principal: '4700.00',
      interest: '98.51',
      fixedSum: '70.00',
      total: '168.51',
    });
    expect(d.totals).toMatchObject({ invoices: '4700.00', interest: '168.51', totalPaid: '4868.51' });
    await complete(d.id);

    // The rest, later: interest on the 300 left, and no second fixed sum.
    const payables = await admin.get<SettlementPayables>(`${base}/payables?supplierId=${s.id}&paymentDate=2025-05-14`);
    // 300 × 12.75% × 60 / 365 = 6.2876… → 6.29
    expect(payables.body.invoices[0]?.interest).toMatchObject({ interest: '6.29', fixedSum: '0.00', total: '6.29' });

    // Another debt of 12,000 in July: the base rate of 30 June 2025 (4.25) and £100.
    const big = await invoice(s.id, { gross: '12000.00', due: '2025-07-10' });
    const later = await admin.get<SettlementPayables>(`${base}/payables?supplierId=${s.id}&paymentDate=2025-07-20`);
    // 12000 × 12.25% × 10 / 365 = 40.2739… → 40.27
    expect(later.body.invoices.find((i) => i.id === big.id)?.interest).toMatchObject({
      referenceDate: '2025-06-30',
      baseRatePercent: '4.25',
      annualRatePercent: '12.25',
      daysLate: 10,
      interest: '40.27',
      fixedSum: '100.00',
      total: '140.27',
    });
  });

  it('base rates are edited under the configuration permission and read by the statutory proposal', async () => {
    const s = await supplier();
    const inv = await invoice(s.id, { gross: '100.00', due: '2019-01-10' });
    const none = await admin.get<SettlementPayables>(`${base}/payables?supplierId=${s.id}&paymentDate=2019-02-09`);
    // Late in January 2019 → 31 December 2018: 0.75 (from 2 August 2018). 100 × 8.75% × 30 / 365 = 0.7191… → 0.72
    expect(none.body.invoices.find((i) => i.id === inv.id)?.interest).toMatchObject({
      baseRatePercent: '0.75',
      interest: '0.72',
      fixedSum: '40.00',
    });
    const old = await invoice(s.id, { gross: '100.00', due: '2017-01-10' });
    const unavailable = await admin.get<SettlementPayables>(
      `${base}/payables?supplierId=${s.id}&paymentDate=2017-02-09`,
    );
    expect(unavailable.body.invoices.find((i) => i.id === old.id)?.interest).toMatchObject({
      basis: 'unavailable',
      referenceDate: '2016-12-31',
      total: '0.00',
    });
    const p = await processor();
    const refused = await admin.post<Err>(
      base,
      body({
        supplierId: s.id,
        processorId: p.id,
        paymentDate: '2017-02-09',
        lines: [{ invoiceId: old.id, amount: '100.00', includeInterest: true }],
      }),
      key(),
    );
    expect([refused.status, refused.body.code]).toEqual([422, 'SETTLEMENT_NO_BASE_RATE']);

    const viewer = (await clientWith(ta, ['view_purchase_invoice_settlement'])).api;
    expect((await viewer.put('/api/bank-base-rates/2016-08-04', { ratePercent: '0.25' })).status).toBe(403);
    const set = await admin.put<{ effectiveDate: string; ratePercent: string }>('/api/bank-base-rates/2016-08-04', {
      ratePercent: '0.25',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ effectiveDate: '2016-08-04', ratePercent: '0.25' });
    const list = await viewer.get<{ items: { effectiveDate: string; ratePercent: string }[] }>('/api/bank-base-rates');
    expect(list.body.items[0]).toMatchObject({ effectiveDate: '2025-12-18', ratePercent: '3.75' });
    expect(list.body.items.at(-1)).toMatchObject({ effectiveDate: '2016-08-04', ratePercent: '0.25' });
    const now = await admin.get<SettlementPayables>(`${base}/payables?supplierId=${s.id}&paymentDate=2017-02-09`);
    // 100 × 8.25% × 30 / 365 = 0.6780… → 0.68
    expect(now.body.invoices.find((i) => i.id === old.id)?.interest).toMatchObject({
      basis: 'statutory',
      interest: '0.68',
    });
    expect((await admin.delete('/api/bank-base-rates/2016-08-04')).status).toBe(200);
    expect((await admin.delete('/api/bank-base-rates/2016-08-04')).status).toBe(404);
    const logged = await ta.t.db
      .selectFrom('system_logs')
      .select('action')
      .where('entity', '=', 'bank_base_rate')
      .orderBy('id')
      .execute();
    expect(logged.map((l) => l.action)).toEqual(['create', 'delete']);
  }, 120_000);
});

describe('currencies', () => {
  it('records the exchange difference in GBP per line and pays a GBP processor at the payment date’s rate', async () => {
    const s = await supplier();
    const gbp = await processor('GBP');
    const inv = await invoice(s.id, { gross: '1000.00', currency: 'EUR', rate: '0.85' });
    const d = await draft({ supplierId: s.id, processorId: gbp.id, lines: [{ invoiceId: inv.id, amount: '333.33' }] });
    // 333.33 × 0.86 = 286.6638 → 286.66 paid; × 0.85 = 283.3305 → 283.33 booked; a loss of 3.33.
    expect(d).toMatchObject({ currency: 'EUR', exchangeRate: '0.86' });
    expect(d.lines[0]).toMatchObject({ amountGbp: '286.66', bookedGbp: '283.33', exchangeDifferenceGbp: '3.33' });
    expect(d.totals).toMatchObject({
      totalPaid: '333.33',
      totalPaidProcessor: '286.66',
      exchangeDifferenceGbp: '3.33',
    });
    await complete(d.id);
    expect(await invoiceRow(inv.id)).toEqual({ status: 'BOOKED', open: '666.67' });
    // The processor paid through: its currency is locked and it cannot be deleted.
    const row = await ta.t.db.selectFrom('processors').selectAll().where('id', '=', gbp.id).executeTakeFirstOrThrow();
    const change = await admin.put<Err>(`/api/processors/${gbp.id}`, {
      code: row.code,
      name: row.name,
      type: row.type,
      currency: 'EUR',
    });
    expect([change.status, change.body.code]).toEqual([409, 'PROCESSOR_CURRENCY_LOCKED']);
    const remove = await admin.delete<Err>(`/api/processors/${gbp.id}`);
    expect([remove.status, remove.body.code]).toEqual([409, 'IN_USE']);
    // No stock value moves on a settlement.
    const movements = await ta.t.db
      .selectFrom('stock_movements')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirst();
    expect(movements?.n).toBe('0');
  });

  it('refuses mixed currencies, a processor in a third currency, a credit in another currency, and a missing rate', async () => {
    const s = await supplier();
    const gbp = await processor('GBP');
    const usd = await processor('USD');
    const eur = await invoice(s.id, { gross: '100.00', currency: 'EUR', rate: '0.85' });
    const pound = await invoice(s.id, { gross: '100.00' });
    const gbpCredit = await credit(s.id, '10.00');
    const before = await footprint();
    const cases: [Body, string][] = [
      [
        {
          supplierId: s.id,
          processorId: gbp.id,
          lines: [
            { invoiceId: eur.id, amount: '1.00' },
            { invoiceId: pound.id, amount: '1.00' },
          ],
        },
        'SETTLEMENT_CURRENCY_MISMATCH',
      ],
      [
        { supplierId: s.id, processorId: usd.id, lines: [{ invoiceId: eur.id, amount: '1.00' }] },
        'SETTLEMENT_CURRENCY_MISMATCH',
      ],
      [
        {
          supplierId: s.id,
          processorId: gbp.id,
          lines: [{ invoiceId: eur.id, amount: '50.00' }],
          credits: [{ creditId: gbpCredit.id, amount: '1.00' }],
        },
        'SETTLEMENT_CURRENCY_MISMATCH',
      ],
      [
        {
          supplierId: s.id,
          processorId: gbp.id,
          paymentDate: '2024-12-31',
          lines: [{ invoiceId: eur.id, amount: '1.00' }],
        },
        'NO_EXCHANGE_RATE',
      ],
    ];
    for (const [b, code] of cases) {
      const r = await admin.post<Err>(base, body(b), key());
      expect([r.status, r.body.code], JSON.stringify(r.body)).toEqual([422, code]);
    }
    expect(await footprint()).toEqual(before);
  });
});

describe('cheques', () => {
  it('issued → collected → send_to_bank → realized: the amounts held until realized, then paid', async () => {
    const s = await supplier();
    const p = await processor();
    const inv = await invoice(s.id, { gross: '900.00' });
    const d = await draft({
      supplierId: s.id,
      processorId: p.id,
      lines: [{ invoiceId: inv.id, amount: '900.00' }],
      cheque: { number: '000123', date: '2025-05-01', bank: 'Barclays' },
    });
    expect(d.cheque).toMatchObject({ number: '000123', status: 'issued', history: [] });
    const issued = await complete(d.id);
    expect(issued.status).toBe('CHEQUE_ISSUED');
    expect(issued.cheque?.history.map((h) => h.status)).toEqual(['issued']);
    expect(await invoiceRow(inv.id)).toEqual({ status: 'PROCESSING', open: '0.00' });
    expect(issued.notification).toBeNull();

    // Steps cannot be skipped.
    const before = await footprint();
    const skip = await admin.post<Err>(`${base}/${d.id}/cheque-status`, { status: 'realized' });
    expect([skip.status, skip.body.code]).toEqual([409, 'SETTLEMENT_STATUS_CONFLICT']);
    expect(await footprint()).toEqual(before);

    for (const [status, expected] of [
      ['collected', 'CHEQUE_COLLECTED'],
      ['send_to_bank', 'CHEQUE_SENT_TO_BANK'],
    ] as const) {
      const r = await admin.post<Settlement>(`${base}/${d.id}/cheque-status`, { status, date: '2025-05-02' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect([r.body.status, r.body.cheque?.status]).toEqual([expected, status]);
      expect(await invoiceRow(inv.id)).toEqual({ status: 'PROCESSING', open: '0.00' });
    }
    const realized = await admin.post<Settlement>(`${base}/${d.id}/cheque-status`, {
      status: 'realized',
      date: '2025-05-06',
      note: 'Cleared',
    });
    expect(realized.body).toMatchObject({ status: 'COMPLETED', cheque: { status: 'realized' } });
    expect(realized.body.cheque?.history.map((h) => [h.status, h.date])).toEqual([
      ['issued', '2025-05-01'],
      ['collected', '2025-05-02'],
      ['send_to_bank', '2025-05-02'],
      ['realized', '2025-05-06'],
    ]);
    expect(await invoiceRow(inv.id)).toEqual({ status: 'PROCESSED', open: '0.00' });
    const logs = await ta.t.db
      .selectFrom('system_logs')
      .select('action')
      .where('entity', '=', 'purchase_invoice_settlement')
      .where('entity_id', '=', d.number)
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.action)).toEqual([
      'create',
      'complete',
      'collect_cheque',
      'send_cheque_to_bank',
      'realize_cheque',
    ]);
  });

  it('a returned cheque reopens every amount exactly: invoices back to BOOKED, credits restored', async () => {
    const s = await supplier();
    const p = await processor();
    const a = await invoice(s.id, { gross: '700.00', open: '650.00' });
    const b = await invoice(s.id, { gross: '120.00' });
    const c = await credit(s.id, '80.00');
    const d = await draft({
      supplierId: s.id,
      processorId: p.id,
      lines: [
        { invoiceId: a.id, amount: '400.00' },
        { invoiceId: b.id, amount: '120.00' },
      ],
      credits: [{ creditId: c.id, amount: '50.00' }],
      cheque: { number: '777', date: '2025-05-01', bank: 'HSBC' },
    });
    await complete(d.id);
    expect(await invoiceRow(a.id)).toEqual({ status: 'PROCESSING', open: '250.00' });
    expect(await creditOpen(c.id)).toBe('30.00');
    await admin.post(`${base}/${d.id}/cheque-status`, { status: 'collected' });
    const returned = await admin.post<Settlement>(`${base}/${d.id}/cheque-status`, {
      status: 'returned',
      note: 'Refer to drawer',
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(returned.body).toMatchObject({ status: 'CHEQUE_RETURNED', cheque: { status: 'returned' } });
    expect(await invoiceRow(a.id)).toEqual({ status: 'BOOKED', open: '650.00' });
    expect(await invoiceRow(b.id)).toEqual({ status: 'BOOKED', open: '120.00' });
    expect(await creditOpen(c.id)).toBe('80.00');
    const again = await admin.post<Err>(`${base}/${d.id}/cheque-status`, { status: 'realized' });
    expect([again.status, again.body.code]).toEqual([409, 'SETTLEMENT_STATUS_CONFLICT']);
    // Paid again afterwards, in full.
    const d2 = await draft({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: a.id, amount: '650.00' }] });
    await complete(d2.id);
    expect(await invoiceRow(a.id)).toEqual({ status: 'PROCESSED', open: '0.00' });
  });

  it('a settlement without a cheque has no cheque status to change (409)', async () => {
    const s = await supplier();
    const p = await processor();
    const inv = await invoice(s.id, { gross: '10.00' });
    const d = await draft({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: inv.id, amount: '10.00' }] });
    const r = await admin.post<Err>(`${base}/${d.id}/cheque-status`, { status: 'collected' });
    expect([r.status, r.body.code]).toEqual([409, 'SETTLEMENT_CHEQUE_STATUS_CONFLICT']);
  });
});

describe('create, read, permissions', () => {
  it('creates once for one Idempotency-Key', async () => {
    const s = await supplier();
    const p = await processor();
    const inv = await invoice(s.id, { gross: '40.00' });
    const k = key();
    const b = body({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: inv.id, amount: '40.00' }] });
    const first = await admin.post<Settlement>(base, b, k);
    const second = await admin.post<Settlement>(base, b, k);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    const count = await ta.t.db
      .selectFrom('purchase_invoice_settlement_lines')
      .select(sql<string>`count(*)`.as('n'))
      .where('invoice_id', '=', inv.id)
      .executeTakeFirst();
    expect(count?.n).toBe('1');
  });

  it('two settlements racing for one invoice’s whole open amount: exactly one succeeds, the open amount never negative', async () => {
    const s = await supplier();
    const p = await processor();
    for (let round = 0; round < 3; round += 1) {
      const inv = await invoice(s.id, { gross: '500.00' });
      const b = body({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: inv.id, amount: '500.00' }] });
      const results = await Promise.all([admin.post<Err>(base, b, key()), admin.post<Err>(base, b, key())]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
      expect(results.find((r) => r.status === 422)?.body.code).toBe('SETTLEMENT_INVOICE_NOT_PAYABLE');
      expect(await invoiceRow(inv.id)).toEqual({ status: 'PROCESSING', open: '0.00' });
      const held = await ta.t.db
        .selectFrom('purchase_invoice_settlement_lines')
        .select(sql<string>`coalesce(sum(amount), 0)::text`.as('sum'))
        .where('invoice_id', '=', inv.id)
        .executeTakeFirst();
      expect(held?.sum).toBe('500.00');
    }
  });

  it('lists with search, filters and sort; exports .xlsx; prints the remittance advice', async () => {
    const s = await supplier();
    const p = await processor();
    const inv = await invoice(s.id, { gross: '75.00' });
    const d = await draft({
      supplierId: s.id,
      processorId: p.id,
      paymentType: 'PAYPAL',
      reference: 'REF-LIST-1',
      lines: [{ invoiceId: inv.id, amount: '75.00' }],
    });
    const offered = await admin.get<{ items: { id: string; currency: string }[] }>(`${base}/processors`);
    expect(offered.body.items.find((x) => x.id === p.id)).toMatchObject({ currency: 'GBP' });
    const q = (query: string) => admin.get<Page<SettlementSummary>>(`${base}?${query}`);
    expect((await q(`supplierId=${s.id}`)).body.items.map((x) => x.id)).toEqual([d.id]);
    expect((await q('q=REF-LIST-1')).body.items.map((x) => x.number)).toEqual([d.number]);
    expect((await q(`q=${inv.number}`)).body.items.map((x) => x.number)).toEqual([d.number]);
    expect((await q(`supplierId=${s.id}&paymentType=CASH`)).body.total).toBe(0);
    expect(
      (await q(`supplierId=${s.id}&processorId=${p.id}&status=DRAFT&from=2025-05-01&to=2025-05-01`)).body.total,
    ).toBe(1);
    expect((await q(`supplierId=${s.id}&from=2025-05-02`)).body.total).toBe(0);
    expect((await q('sort=-totalPaid&pageSize=5')).status).toBe(200);
    expect((await q('sort=nope')).status).toBe(400);
    const one = (await q(`supplierId=${s.id}`)).body.items[0];
    expect(one).toMatchObject({ lineCount: 1, paymentType: 'PAYPAL', totals: { totalPaid: '75.00' } });

    const x = await admin.get<string>(`${base}/export?supplierId=${s.id}`);
    expect(x.status).toBe(200);
    expect(x.headers.get('content-type')).toContain('spreadsheetml');
    const reader = await clientWith(ta, ['view_purchase_invoice_settlement']);
    const pdf = await fetch(`${ta.baseUrl}${base}/${d.id}/pdf?lang=de`, {
      headers: { authorization: `Bearer ${reader.tokens.accessToken}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }, 120_000);

  it('answers 403 without the permission, changing nothing', async () => {
    const s = await supplier();
    const p = await processor();
    const inv = await invoice(s.id, { gross: '60.00' });
    const d = await draft({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: inv.id, amount: '60.00' }] });
    const others = ALL_PERMISSIONS.filter((x) => !x.endsWith('_purchase_invoice_settlement'));
    const viewer = (await clientWith(ta, [...others, 'view_purchase_invoice_settlement'])).api;
    const nobody = (await clientWith(ta, others)).api;
    const before = await footprint();
    expect((await nobody.get(base)).status).toBe(403);
    expect((await nobody.get(`${base}/${d.id}`)).status).toBe(403);
    expect((await nobody.get(`${base}/payables?supplierId=${s.id}`)).status).toBe(403);
    expect((await nobody.get(`${base}/processors`)).status).toBe(403);
    const b = body({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: inv.id, amount: '1.00' }] });
    expect((await viewer.post(base, b, key())).status).toBe(403);
    expect((await viewer.put(`${base}/${d.id}`, b)).status).toBe(403);
    expect((await viewer.post(`${base}/${d.id}/complete`)).status).toBe(403);
    expect((await viewer.post(`${base}/${d.id}/cancel`, {})).status).toBe(403);
    expect((await viewer.post(`${base}/${d.id}/cheque-status`, { status: 'collected' })).status).toBe(403);
    expect((await viewer.get(`${base}/${d.id}`)).status).toBe(200);
    expect(await footprint()).toEqual(before);
  }, 120_000);
});

describe('the remittance advice e-mail', () => {
  let smtp: TestSmtpServer;
  let mailing: TestApp;
  let api: ApiClient;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailing = await startTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'accounts@shop.test',
      SETTLEMENT_NOTIFICATION_RECIPIENTS: 'finance@shop.test,owner@shop.test',
    });
    api = (await clientWith(mailing, ALL_PERMISSIONS)).api;
  }, 120_000);
  afterAll(async () => {
    await mailing?.close();
    await smtp?.close();
  });

  it('completing e-mails the recipients once with the PDF attached; a cheque only when realized', async () => {
    const db = mailing.t.db;
    const s = await supplier(db);
    const p = await processor('GBP', db);
    const inv = await invoice(s.id, { gross: '321.00' }, db);
    const d = await api.post<Settlement>(
      base,
      body({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: inv.id, amount: '321.00' }] }),
      key(),
    );
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    const done = await api.post<Settlement>(`${base}/${d.body.id}/complete`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.notification?.recipients).toEqual(['finance@shop.test', 'owner@shop.test']);
    const [message] = await smtp.waitFor(1);
    expect(message?.to).toEqual(['finance@shop.test', 'owner@shop.test']);
    expect(message?.subject).toBe(`Settlement ${d.body.number}: 321.00 GBP paid to Settled Supplier Ltd`);
    expect(message?.text).toContain(inv.number);
    expect(message?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`${d.body.number}.pdf`, 'application/pdf'],
    ]);
    expect(message?.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');

    // By cheque: nothing on issue, the mail when realized.
    const inv2 = await invoice(s.id, { gross: '12.00' }, db);
    const c = await api.post<Settlement>(
      base,
      body({
        supplierId: s.id,
        processorId: p.id,
        lines: [{ invoiceId: inv2.id, amount: '12.00' }],
        cheque: { number: '42', date: '2025-05-01', bank: 'Lloyds' },
      }),
      key(),
    );
    await api.post(`${base}/${c.body.id}/complete`);
    await api.post(`${base}/${c.body.id}/cheque-status`, { status: 'collected' });
    await api.post(`${base}/${c.body.id}/cheque-status`, { status: 'send_to_bank' });
    expect(smtp.messages.length).toBe(1);
    const realized = await api.post<Settlement>(`${base}/${c.body.id}/cheque-status`, { status: 'realized' });
    expect(realized.body.notification).not.toBeNull();
    const messages = await smtp.waitFor(2);
    expect(messages[1]?.subject).toContain(c.body.number);
    const jobs = await db
      .selectFrom('jobs')
      .select(sql<string>`count(*)`.as('n'))
      .where('kind', '=', 'mail.send')
      .executeTakeFirst();
    expect(jobs?.n).toBe('2');
  });

  it('sends nothing when the list is empty', async () => {
    const db = ta.t.db;
    const s = await supplier();
    const p = await processor();
    const inv = await invoice(s.id, { gross: '5.00' });
    const d = await draft({ supplierId: s.id, processorId: p.id, lines: [{ invoiceId: inv.id, amount: '5.00' }] });
    const done = await complete(d.id);
    expect(done.notification).toBeNull();
    const jobs = await db
      .selectFrom('jobs')
      .select(sql<string>`count(*)`.as('n'))
      .where('kind', '=', 'mail.send')
      .executeTakeFirst();
    expect(jobs?.n).toBe('0');
  });
});
