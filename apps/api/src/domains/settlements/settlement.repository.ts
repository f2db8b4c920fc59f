import type { SettlementFilter } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/**
 * SQL of settlements, their lines, credits and cheque events, of the invoices and credits they take and give back,
 * and of the Bank of England base rates; the rules live in settlement.service.ts.
 */

type Db = Kysely<Database>;

// Parties

export async function findSupplier(db: Db, id: string) {
  const { rows } = await sql<{
    id: string;
    code: string;
    name: string;
    active: boolean;
    payment_terms_days: number;
    late_interest_rate: string | null;
    late_interest_type: 'simple_interest' | 'compound_interest' | null;
    email: string | null;
  }>`SELECT bp.id, bp.code, bp.name, bp.active, bp.payment_terms_days, bp.late_interest_rate::text AS late_interest_rate,
      bp.late_interest_type,
      (SELECT c.email FROM business_partner_contacts c WHERE c.partner_id = bp.id AND coalesce(c.email, '') <> ''
        ORDER BY c.is_primary DESC, c.position LIMIT 1) AS email
    FROM business_partners bp WHERE bp.id = ${id}`.execute(db);
  return rows[0];
}

export async function findProcessor(db: Db, id: string) {
  return db
    .selectFrom('processors')
    .select(['id', 'code', 'name', 'currency', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function activeProcessors(db: Db) {
  return db
    .selectFrom('processors')
    .select(['id', 'code', 'name', 'type', 'currency'])
    .where('active', '=', true)
    .orderBy('code')
    .limit(500)
    .execute();
}

// Invoices and credits

export interface InvoiceRow {
  id: string;
  number: string;
  status: string;
  supplier_id: string;
  supplier_invoice_number: string;
  invoice_date: string;
  due_date: string;
  currency: string;
  exchange_rate: string;
  gross_total: string;
  open_amount: string;
}

const INVOICE_SELECT = sql`SELECT i.id, i.number, i.status, i.supplier_id, i.supplier_invoice_number,
    to_char(i.invoice_date, 'YYYY-MM-DD') AS invoice_date, to_char(i.due_date, 'YYYY-MM-DD') AS due_date,
    i.currency, i.exchange_rate::text AS exchange_rate, i.gross_total::text AS gross_total,
    i.open_amount::text AS open_amount
  FROM purchase_invoices i`;

/** The invoices, locked in id order (two settlements taking the same invoices never deadlock). */
export async function lockInvoices(db: Db, ids: string[]): Promise<InvoiceRow[]> {
  if (!ids.length) return [];
  const { rows } =
    await sql<InvoiceRow>`${INVOICE_SELECT} WHERE i.id = ANY(${ids}::uuid[]) ORDER BY i.id FOR UPDATE`.execute(db);
  return rows;
}

/** A supplier's BOOKED invoices with something open, the oldest due first. */
export async function payableInvoices(db: Db, supplierId: string): Promise<InvoiceRow[]> {
  const { rows } = await sql<InvoiceRow>`${INVOICE_SELECT}
    WHERE i.supplier_id = ${supplierId} AND i.status = 'BOOKED' AND i.open_amount > 0
    ORDER BY i.due_date, i.number LIMIT 500`.execute(db);
  return rows;
}

export async function adjustInvoiceOpen(db: Db, id: string, delta: string) {
  await sql`UPDATE purchase_invoices SET open_amount = open_amount + ${delta}::numeric, updated_at = now()
    WHERE id = ${id}`.execute(db);
}

export async function setInvoiceStatus(db: Db, id: string, status: string) {
  await sql`UPDATE purchase_invoices SET status = ${status}, updated_at = now() WHERE id = ${id}`.execute(db);
}

export interface CreditRow {
  id: string;
  supplier_id: string;
  currency: string;
  amount: string;
  open_amount: string;
  reference: string;
  source_type: string;
  source_number: string | null;
  /** The day the credit was recorded, in London. */
  credit_date: string;
}

export async function lockCredits(db: Db, ids: string[]): Promise<CreditRow[]> {
  if (!ids.length) return [];
  const { rows } = await sql<CreditRow>`SELECT c.id, c.supplier_id, c.currency, c.amount::text AS amount,
      c.open_amount::text AS open_amount, c.reference, c.source_type, r.number AS source_number,
      to_char(c.created_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS credit_date
    FROM supplier_credits c LEFT JOIN rmas r ON c.source_type = 'rma' AND r.id = c.source_id
    WHERE c.id = ANY(${ids}::uuid[]) ORDER BY c.id FOR UPDATE OF c`.execute(db);
  return rows;
}

/** The invoices a settlement holds, with the amount it took of each (the payables of its edit screen). */
export async function heldInvoices(db: Db, settlementId: string): Promise<(InvoiceRow & { held: string })[]> {
  const { rows } = await sql<InvoiceRow & { held: string }>`SELECT x.*, l.amount::text AS held
    FROM (${INVOICE_SELECT}) x JOIN purchase_invoice_settlement_lines l ON l.invoice_id = x.id
    WHERE l.settlement_id = ${settlementId} ORDER BY x.due_date, x.number`.execute(db);
  return rows;
}

/** The credits a settlement applies, as the credits list answers them, with the amount it took of each. */
export async function heldCredits(db: Db, settlementId: string) {
  const { rows } = await sql<{
    id: string;
    supplier_id: string;
    supplier_code: string;
    supplier_name: string;
    currency: string;
    amount: string;
    open_amount: string;
    reference: string;
    source_type: string;
    source_id: string;
    source_number: string | null;
    created_at: Date;
    held: string;
  }>`SELECT c.id, c.supplier_id, bp.code AS supplier_code, bp.name AS supplier_name, c.currency,
      c.amount::text AS amount, c.open_amount::text AS open_amount, c.reference, c.source_type, c.source_id,
      r.number AS source_number, c.created_at, a.amount::text AS held
    FROM purchase_invoice_settlement_credits a
    JOIN supplier_credits c ON c.id = a.credit_id
    JOIN business_partners bp ON bp.id = c.supplier_id
    LEFT JOIN rmas r ON c.source_type = 'rma' AND r.id = c.source_id
    WHERE a.settlement_id = ${settlementId}
    ORDER BY c.created_at, c.id`.execute(db);
  return rows;
}

export async function adjustCreditOpen(db: Db, id: string, delta: string) {
  await sql`UPDATE supplier_credits SET open_amount = open_amount + ${delta}::numeric WHERE id = ${id}`.execute(db);
}

/** The invoices whose statutory fixed sum a settlement not cancelled or returned already claimed. */
export async function fixedSumClaimed(db: Db, invoiceIds: string[], exceptSettlementId: string | null) {
  if (!invoiceIds.length) return new Set<string>();
  const { rows } = await sql<{
    invoice_id: string;
  }>`SELECT DISTINCT l.invoice_id FROM purchase_invoice_settlement_lines l
    JOIN purchase_invoice_settlements s ON s.id = l.settlement_id
    WHERE l.invoice_id = ANY(${invoiceIds}::uuid[]) AND l.include_interest AND l.fixed_sum > 0
      AND s.status NOT IN ('CANCELED', 'CHEQUE_RETURNED')
      AND s.id IS DISTINCT FROM ${exceptSettlementId}::uuid`.execute(db);
  return new Set(rows.map((r) => r.invoice_id));
}

// Base rates

export async function baseRates(db: Db) {
  const { rows } = await sql<{ effective_date: string; rate_percent: string; updated_at: Date }>`
    SELECT to_char(effective_date, 'YYYY-MM-DD') AS effective_date, rate_percent::text AS rate_percent, updated_at
    FROM bank_base_rates ORDER BY effective_date DESC`.execute(db);
  return rows;
}

export async function findBaseRate(db: Db, date: string) {
  const { rows } = await sql<{ effective_date: string; rate_percent: string; updated_at: Date }>`
    SELECT to_char(effective_date, 'YYYY-MM-DD') AS effective_date, rate_percent::text AS rate_percent, updated_at
    FROM bank_base_rates WHERE effective_date = ${date}::date FOR UPDATE`.execute(db);
  return rows[0];
}

export async function upsertBaseRate(db: Db, date: string, rate: string) {
  const { rows } = await sql<{ effective_date: string; rate_percent: string; updated_at: Date }>`
    INSERT INTO bank_base_rates (effective_date, rate_percent) VALUES (${date}::date, ${rate}::numeric)
    ON CONFLICT (effective_date) DO UPDATE SET rate_percent = EXCLUDED.rate_percent, updated_at = now()
    RETURNING to_char(effective_date, 'YYYY-MM-DD') AS effective_date, rate_percent::text AS rate_percent, updated_at`.execute(
    db,
  );
  return rows[0] as { effective_date: string; rate_percent: string; updated_at: Date };
}

export async function deleteBaseRate(db: Db, date: string) {
  await sql`DELETE FROM bank_base_rates WHERE effective_date = ${date}::date`.execute(db);
}

// Settlements

export interface SettlementHead {
  id: string;
  number: string;
  status: string;
  supplier_id: string;
  supplier_code: string;
  supplier_name: string;
  payment_date: string;
  processor_id: string;
  processor_code: string;
  processor_name: string;
  processor_currency: string;
  payment_type: string;
  reference: string;
  note: string;
  currency: string;
  exchange_rate: string;
  invoices_total: string;
  interest_total: string;
  credits_total: string;
  total_paid: string;
  total_paid_processor: string;
  exchange_difference_gbp: string;
  cheque_number: string | null;
  cheque_date: string | null;
  cheque_bank: string | null;
  cheque_status: string | null;
  cheque_status_at: Date | null;
  notified_at: Date | null;
  notified_recipients: string[] | null;
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
  created_by_name: string | null;
  completed_at: Date | null;
  completed_by: string | null;
  completed_by_name: string | null;
  canceled_at: Date | null;
  canceled_by: string | null;
  canceled_by_name: string | null;
  cancel_reason: string;
}

const HEAD = sql`
  SELECT s.id, s.number, s.status, s.supplier_id, bp.code AS supplier_code, bp.name AS supplier_name,
    to_char(s.payment_date, 'YYYY-MM-DD') AS payment_date, s.processor_id, p.code AS processor_code,
    p.name AS processor_name, s.processor_currency, s.payment_type, s.reference, s.note, s.currency,
    s.exchange_rate::text AS exchange_rate, s.invoices_total::text AS invoices_total,
    s.interest_total::text AS interest_total, s.credits_total::text AS credits_total, s.total_paid::text AS total_paid,
    s.total_paid_processor::text AS total_paid_processor, s.exchange_difference_gbp::text AS exchange_difference_gbp,
    s.cheque_number, to_char(s.cheque_date, 'YYYY-MM-DD') AS cheque_date, s.cheque_bank, s.cheque_status,
    s.cheque_status_at, s.notified_at, s.notified_recipients, s.created_at, s.updated_at,
    s.created_by, cu.username AS created_by_name, s.completed_at, s.completed_by, pu.username AS completed_by_name,
    s.canceled_at, s.canceled_by, ku.username AS canceled_by_name, s.cancel_reason
  FROM purchase_invoice_settlements s
  JOIN business_partners bp ON bp.id = s.supplier_id
  JOIN processors p ON p.id = s.processor_id
  LEFT JOIN users cu ON cu.id = s.created_by
  LEFT JOIN users pu ON pu.id = s.completed_by
  LEFT JOIN users ku ON ku.id = s.canceled_by`;

export async function findSettlement(db: Db, id: string): Promise<SettlementHead | undefined> {
  const { rows } = await sql<SettlementHead>`${HEAD} WHERE s.id = ${id}`.execute(db);
  return rows[0];
}

export interface LineRow {
  id: string;
  settlement_id: string;
  line_no: number;
  invoice_id: string;
  invoice_number: string;
  supplier_invoice_number: string;
  invoice_status: string;
  invoice_date: string;
  due_date: string;
  invoice_currency: string;
  invoice_rate: string;
  gross_total: string;
  invoice_open: string;
  open_before: string;
  amount: string;
  days_late: number;
  interest_basis: string;
  interest_type: 'simple_interest' | 'compound_interest' | null;
  interest_rate: string | null;
  base_rate: string | null;
  interest_reference_date: string | null;
  interest_proposal: string;
  fixed_sum: string;
  include_interest: boolean;
  interest_amount: string;
  amount_gbp: string;
  booked_gbp: string;
  exchange_difference_gbp: string;
}

export async function findLines(db: Db, settlementIds: string[]): Promise<LineRow[]> {
  if (!settlementIds.length) return [];
  const { rows } = await sql<LineRow>`
    SELECT l.id, l.settlement_id, l.line_no, l.invoice_id, i.number AS invoice_number, i.supplier_invoice_number,
      i.status AS invoice_status, to_char(i.invoice_date, 'YYYY-MM-DD') AS invoice_date,
      to_char(i.due_date, 'YYYY-MM-DD') AS due_date, i.currency AS invoice_currency,
      i.exchange_rate::text AS invoice_rate, i.gross_total::text AS gross_total, i.open_amount::text AS invoice_open,
      l.open_before::text AS open_before, l.amount::text AS amount, l.days_late, l.interest_basis, l.interest_type,
      l.interest_rate::text AS interest_rate, l.base_rate::text AS base_rate,
      to_char(l.interest_reference_date, 'YYYY-MM-DD') AS interest_reference_date,
      l.interest_proposal::text AS interest_proposal, l.fixed_sum::text AS fixed_sum, l.include_interest,
      l.interest_amount::text AS interest_amount, l.amount_gbp::text AS amount_gbp, l.booked_gbp::text AS booked_gbp,
      l.exchange_difference_gbp::text AS exchange_difference_gbp
    FROM purchase_invoice_settlement_lines l
    JOIN purchase_invoices i ON i.id = l.invoice_id
    WHERE l.settlement_id = ANY(${settlementIds}::uuid[])
    ORDER BY l.settlement_id, l.line_no`.execute(db);
  return rows;
}

export interface AppliedCreditRow {
  id: string;
  credit_id: string;
  reference: string;
  source_type: string;
  source_number: string | null;
  credit_amount: string;
  credit_open: string;
  amount: string;
  credit_date: string;
  credit_rate: string;
  amount_gbp: string;
  booked_gbp: string;
  exchange_difference_gbp: string;
}

export async function findCredits(db: Db, settlementId: string): Promise<AppliedCreditRow[]> {
  const { rows } = await sql<AppliedCreditRow>`
    SELECT a.id, a.credit_id, c.reference, c.source_type, r.number AS source_number, c.amount::text AS credit_amount,
      c.open_amount::text AS credit_open, a.amount::text AS amount,
      to_char(a.credit_date, 'YYYY-MM-DD') AS credit_date, a.credit_rate::text AS credit_rate,
      a.amount_gbp::text AS amount_gbp, a.booked_gbp::text AS booked_gbp,
      a.exchange_difference_gbp::text AS exchange_difference_gbp
    FROM purchase_invoice_settlement_credits a
    JOIN supplier_credits c ON c.id = a.credit_id
    LEFT JOIN rmas r ON c.source_type = 'rma' AND r.id = c.source_id
    WHERE a.settlement_id = ${settlementId}
    ORDER BY a.position`.execute(db);
  return rows;
}

export async function chequeEvents(db: Db, settlementId: string) {
  const { rows } = await sql<{
    status: string;
    event_date: string;
    note: string;
    created_by: string | null;
    username: string | null;
    created_at: Date;
  }>`SELECT e.status, to_char(e.event_date, 'YYYY-MM-DD') AS event_date, e.note, e.created_by, u.username, e.created_at
    FROM purchase_invoice_settlement_cheque_events e LEFT JOIN users u ON u.id = e.created_by
    WHERE e.settlement_id = ${settlementId} ORDER BY e.created_at, e.id`.execute(db);
  return rows;
}

export async function addChequeEvent(
  db: Db,
  e: { settlementId: string; status: string; date: string; note: string; userId: string },
) {
  await db
    .insertInto('purchase_invoice_settlement_cheque_events')
    .values({
      settlement_id: e.settlementId,
      status: e.status,
      event_date: e.date,
      note: e.note,
      created_by: e.userId,
    })
    .execute();
}

export interface NewHead {
  supplierId: string;
  paymentDate: string;
  processorId: string;
  paymentType: string;
  reference: string;
  note: string;
  currency: string;
  exchangeRate: string;
  processorCurrency: string;
  invoicesTotal: string;
  interestTotal: string;
  creditsTotal: string;
  totalPaid: string;
  totalPaidProcessor: string;
  exchangeDifferenceGbp: string;
  cheque: { number: string; date: string; bank: string } | null;
}

const headValues = (h: NewHead) => ({
  supplier_id: h.supplierId,
  payment_date: h.paymentDate,
  processor_id: h.processorId,
  payment_type: h.paymentType,
  reference: h.reference,
  note: h.note,
  currency: h.currency,
  exchange_rate: h.exchangeRate,
  processor_currency: h.processorCurrency,
  invoices_total: h.invoicesTotal,
  interest_total: h.interestTotal,
  credits_total: h.creditsTotal,
  total_paid: h.totalPaid,
  total_paid_processor: h.totalPaidProcessor,
  exchange_difference_gbp: h.exchangeDifferenceGbp,
  cheque_number: h.cheque?.number ?? null,
  cheque_date: h.cheque?.date ?? null,
  cheque_bank: h.cheque?.bank ?? null,
  cheque_status: h.cheque ? 'issued' : null,
});

export async function insertSettlement(db: Db, number: string, h: NewHead, userId: string): Promise<string> {
  const row = await db
    .insertInto('purchase_invoice_settlements')
    .values({ number, ...headValues(h), created_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSettlement(db: Db, id: string, h: NewHead) {
  await db
    .updateTable('purchase_invoice_settlements')
    .set({ ...headValues(h), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export interface NewLine {
  lineNo: number;
  invoiceId: string;
  openBefore: string;
  amount: string;
  daysLate: number;
  interestBasis: string;
  interestType: string | null;
  interestRate: string | null;
  baseRate: string | null;
  referenceDate: string | null;
  interestProposal: string;
  fixedSum: string;
  includeInterest: boolean;
  interestAmount: string;
  amountGbp: string;
  bookedGbp: string;
  exchangeDifferenceGbp: string;
}

export async function replaceLines(db: Db, settlementId: string, lines: NewLine[]) {
  await db.deleteFrom('purchase_invoice_settlement_lines').where('settlement_id', '=', settlementId).execute();
  if (!lines.length) return;
  await db
    .insertInto('purchase_invoice_settlement_lines')
    .values(
      lines.map((l) => ({
        settlement_id: settlementId,
        line_no: l.lineNo,
        invoice_id: l.invoiceId,
        open_before: l.openBefore,
        amount: l.amount,
        days_late: l.daysLate,
        interest_basis: l.interestBasis,
        interest_type: l.interestType,
        interest_rate: l.interestRate,
        base_rate: l.baseRate,
        interest_reference_date: l.referenceDate,
        interest_proposal: l.interestProposal,
        fixed_sum: l.fixedSum,
        include_interest: l.includeInterest,
        interest_amount: l.interestAmount,
        amount_gbp: l.amountGbp,
        booked_gbp: l.bookedGbp,
        exchange_difference_gbp: l.exchangeDifferenceGbp,
      })),
    )
    .execute();
}

export interface NewCredit {
  creditId: string;
  amount: string;
  creditDate: string;
  creditRate: string;
  amountGbp: string;
  bookedGbp: string;
  exchangeDifferenceGbp: string;
}

export async function replaceCredits(db: Db, settlementId: string, credits: NewCredit[]) {
  await db.deleteFrom('purchase_invoice_settlement_credits').where('settlement_id', '=', settlementId).execute();
  if (!credits.length) return;
  await db
    .insertInto('purchase_invoice_settlement_credits')
    .values(
      credits.map((c, i) => ({
        settlement_id: settlementId,
        position: i + 1,
        credit_id: c.creditId,
        amount: c.amount,
        credit_date: c.creditDate,
        credit_rate: c.creditRate,
        amount_gbp: c.amountGbp,
        booked_gbp: c.bookedGbp,
        exchange_difference_gbp: c.exchangeDifferenceGbp,
      })),
    )
    .execute();
}

/** What a settlement holds: its lines' invoices and amounts, its credits and amounts. */
export async function holdings(db: Db, settlementId: string) {
  const [lines, credits] = await Promise.all([
    db
      .selectFrom('purchase_invoice_settlement_lines')
      .select(['invoice_id', 'amount'])
      .where('settlement_id', '=', settlementId)
      .orderBy('invoice_id')
      .execute(),
    db
      .selectFrom('purchase_invoice_settlement_credits')
      .select(['credit_id', 'amount'])
      .where('settlement_id', '=', settlementId)
      .orderBy('credit_id')
      .execute(),
  ]);
  return { lines, credits };
}

export async function setStatus(
  db: Db,
  id: string,
  status: string,
  userId: string,
  extra: { chequeStatus?: string; cancelReason?: string } = {},
) {
  const who = {
    COMPLETED: { completed_at: sql`now()`, completed_by: userId },
    CANCELED: { canceled_at: sql`now()`, canceled_by: userId },
  }[status];
  await db
    .updateTable('purchase_invoice_settlements')
    .set({
      status,
      updated_at: new Date(),
      ...(who as Record<string, unknown>),
      ...(extra.chequeStatus !== undefined ? { cheque_status: extra.chequeStatus, cheque_status_at: new Date() } : {}),
      ...(extra.cancelReason !== undefined ? { cancel_reason: extra.cancelReason } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function markNotified(db: Db, id: string, recipients: string[]) {
  await db
    .updateTable('purchase_invoice_settlements')
    .set({ notified_at: new Date(), notified_recipients: recipients })
    .where('id', '=', id)
    .execute();
}

// Lists

const SORTS = {
  number: 's.number',
  status: 's.status',
  paymentDate: 's.payment_date',
  createdAt: 's.created_at',
  supplier: 'bp.code',
  totalPaid: 's.total_paid',
} as const;
const OUTER: Record<(typeof SORTS)[keyof typeof SORTS], string> = {
  's.number': 'x.number',
  's.status': 'x.status',
  's.payment_date': 'x.payment_date',
  's.created_at': 'x.created_at',
  'bp.code': 'x.supplier_code',
  's.total_paid': 'x.total_paid_n',
};

function where(f: SettlementFilter) {
  const parts = [sql`true`];
  if (f.status) parts.push(sql`s.status = ${f.status}`);
  if (f.supplierId) parts.push(sql`s.supplier_id = ${f.supplierId}`);
  if (f.paymentType) parts.push(sql`s.payment_type = ${f.paymentType}`);
  if (f.processorId) parts.push(sql`s.processor_id = ${f.processorId}`);
  if (f.from) parts.push(sql`s.payment_date >= ${f.from}::date`);
  if (f.to) parts.push(sql`s.payment_date <= ${f.to}::date`);
  if (f.q) {
    const like = likePattern(f.q);
    parts.push(sql`(s.number ILIKE ${like} OR s.reference ILIKE ${like} OR s.cheque_number ILIKE ${like}
      OR bp.code ILIKE ${like} OR bp.name ILIKE ${like}
      OR EXISTS (SELECT 1 FROM purchase_invoice_settlement_lines l JOIN purchase_invoices i ON i.id = l.invoice_id
        WHERE l.settlement_id = s.id AND (i.number ILIKE ${like} OR i.supplier_invoice_number ILIKE ${like})))`);
  }
  return sql.join(parts, sql` AND `);
}

export type SettlementListRow = SettlementHead & { line_count: string };

export async function findSettlements(
  db: Db,
  f: SettlementFilter,
  limit: number,
  offset: number,
): Promise<SettlementListRow[]> {
  const sort = parseSort(f.sort, SORTS, { column: 's.created_at', direction: 'desc' });
  const { rows } = await sql<SettlementListRow>`SELECT x.*, t.line_count::text AS line_count
    FROM (SELECT h.*, h.total_paid::numeric AS total_paid_n FROM (${HEAD} WHERE ${where(f)}
      ORDER BY ${sql.ref(sort.column)} ${sql.raw(sort.direction)} NULLS LAST, s.id ${sql.raw(sort.direction)}
      LIMIT ${limit} OFFSET ${offset}) h) x
    LEFT JOIN LATERAL (SELECT count(*) AS line_count FROM purchase_invoice_settlement_lines l
      WHERE l.settlement_id = x.id) t ON true
    ORDER BY ${sql.ref(OUTER[sort.column])} ${sql.raw(sort.direction)} NULLS LAST, x.id ${sql.raw(sort.direction)}`.execute(
    db,
  );
  return rows;
}

export async function countSettlements(db: Db, f: SettlementFilter): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM purchase_invoice_settlements s
    JOIN business_partners bp ON bp.id = s.supplier_id WHERE ${where(f)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

// What refers to master data

const countOf = async (q: Promise<{ n: string } | undefined>) => Number((await q)?.n ?? 0);
export const countSettlementsOfPartner = (db: Db, id: string) =>
  countOf(
    db
      .selectFrom('purchase_invoice_settlements')
      .select(sql<string>`count(*)`.as('n'))
      .where('supplier_id', '=', id)
      .executeTakeFirst(),
  );
export const countSettlementsOfProcessor = (db: Db, id: string) =>
  countOf(
    db
      .selectFrom('purchase_invoice_settlements')
      .select(sql<string>`count(*)`.as('n'))
      .where('processor_id', '=', id)
      .executeTakeFirst(),
  );
