import { SHIPPING_CLAIM_LIVE_STATUSES, type ShippingClaimFilter } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/** SQL of shipping claims, their lines and evidence, and the shipped invoices they name; rules in the service. */

type Db = Kysely<Database>;

/** The uploads' `attached_entity` of a claim's evidence (attached_id: the claim's id). */
export const EVIDENCE_ENTITY = 'shipping_claim';

const LIVE = sql.join(SHIPPING_CLAIM_LIVE_STATUSES.map((s) => sql.lit(s)));

export interface ClaimHead {
  id: string;
  number: string;
  status: string;
  kind: string;
  invoice_id: string;
  invoice_number: string;
  external_order_id: string | null;
  customer_name: string;
  carrier_id: string;
  carrier_code: string;
  carrier_name: string;
  carrier_service_id: string | null;
  service_code: string | null;
  service_name: string | null;
  tracking_number: string;
  claim_date: string;
  description: string;
  amount_claimed: string;
  approved_amount: string | null;
  amount_recovered: string | null;
  paid_on: string | null;
  carrier_reference: string;
  rejection_reason: string;
  cancel_reason: string;
  line_count: number;
  evidence_count: string;
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
  created_by_name: string | null;
  submitted_at: Date | null;
  submitted_by: string | null;
  submitted_by_name: string | null;
  decided_at: Date | null;
  decided_by: string | null;
  decided_by_name: string | null;
  paid_at: Date | null;
  paid_by: string | null;
  paid_by_name: string | null;
  canceled_at: Date | null;
  canceled_by: string | null;
  canceled_by_name: string | null;
}

const HEAD = sql`
  SELECT c.id, c.number, c.status, c.kind, c.invoice_id, i.number AS invoice_number, i.external_order_id,
    cu.name AS customer_name, c.carrier_id, sc.code AS carrier_code, sc.name AS carrier_name, c.carrier_service_id,
    cs.code AS service_code, cs.name AS service_name, c.tracking_number, to_char(c.claim_date, 'YYYY-MM-DD') AS claim_date,
    c.description, c.amount_claimed::text AS amount_claimed, c.approved_amount::text AS approved_amount,
    c.amount_recovered::text AS amount_recovered, to_char(c.paid_on, 'YYYY-MM-DD') AS paid_on, c.carrier_reference,
    c.rejection_reason, c.cancel_reason, c.line_count,
    (SELECT count(*) FROM uploaded_files f WHERE f.attached_entity = ${EVIDENCE_ENTITY} AND f.attached_id = c.id::text)
      AS evidence_count,
    c.created_at, c.updated_at, c.created_by, u1.username AS created_by_name,
    c.submitted_at, c.submitted_by, u2.username AS submitted_by_name, c.decided_at, c.decided_by,
    u3.username AS decided_by_name, c.paid_at, c.paid_by, u4.username AS paid_by_name, c.canceled_at, c.canceled_by,
    u5.username AS canceled_by_name
  FROM shipping_claims c
  JOIN sales_invoices i ON i.id = c.invoice_id
  JOIN customers cu ON cu.id = i.customer_id
  JOIN shipping_carriers sc ON sc.id = c.carrier_id
  LEFT JOIN carrier_services cs ON cs.id = c.carrier_service_id
  LEFT JOIN users u1 ON u1.id = c.created_by
  LEFT JOIN users u2 ON u2.id = c.submitted_by
  LEFT JOIN users u3 ON u3.id = c.decided_by
  LEFT JOIN users u4 ON u4.id = c.paid_by
  LEFT JOIN users u5 ON u5.id = c.canceled_by`;

export async function findClaim(db: Db, id: string): Promise<ClaimHead | undefined> {
  const { rows } = await sql<ClaimHead>`${HEAD} WHERE c.id = ${id}`.execute(db);
  return rows[0];
}

export interface ClaimLineRow {
  id: string;
  claim_id: string;
  line_no: number;
  invoice_line_id: string;
  invoice_line_no: number;
  product_id: string;
  sku: string;
  name: string;
  unit: string;
  quantity: string;
  invoiced_quantity: string;
}

export async function findLines(db: Db, claimIds: string[]): Promise<ClaimLineRow[]> {
  if (!claimIds.length) return [];
  const { rows } = await sql<ClaimLineRow>`
    SELECT l.id, l.claim_id, l.line_no, l.invoice_line_id, il.line_no AS invoice_line_no, il.product_id, p.sku, p.name,
      p.unit, l.quantity::text AS quantity, il.quantity::text AS invoiced_quantity
    FROM shipping_claim_lines l
    JOIN sales_invoice_lines il ON il.id = l.invoice_line_id
    JOIN products p ON p.id = il.product_id
    WHERE l.claim_id = ANY(${claimIds}::uuid[])
    ORDER BY l.claim_id, l.line_no`.execute(db);
  return rows;
}

export interface EvidenceRow {
  file_name: string;
  original_name: string;
  content_type: string;
  kind: string;
  size: number;
  sha256: string;
  uploaded_at: Date;
  uploaded_by: string;
  uploaded_by_name: string | null;
}

export async function findEvidence(db: Db, claimId: string): Promise<EvidenceRow[]> {
  const { rows } = await sql<EvidenceRow>`
    SELECT f.file_name, f.original_name, f.content_type, f.kind, f.size, f.sha256, f.uploaded_at, f.uploaded_by,
      u.username AS uploaded_by_name
    FROM uploaded_files f LEFT JOIN users u ON u.id = f.uploaded_by
    WHERE f.attached_entity = ${EVIDENCE_ENTITY} AND f.attached_id = ${claimId}
    ORDER BY f.uploaded_at, f.file_name`.execute(db);
  return rows;
}

export async function findEvidenceFile(db: Db, claimId: string, fileName: string) {
  const { rows } = await sql<{
    id: string;
    original_name: string;
    content_type: string;
    size: number;
    content: Buffer;
  }>`
    SELECT id, original_name, content_type, size, content FROM uploaded_files
    WHERE file_name = ${fileName} AND attached_entity = ${EVIDENCE_ENTITY} AND attached_id = ${claimId}`.execute(db);
  return rows[0];
}

export async function attachEvidence(db: Db, claimId: string, fileName: string) {
  await sql`UPDATE uploaded_files SET attached_entity = ${EVIDENCE_ENTITY}, attached_id = ${claimId}
    WHERE file_name = ${fileName} AND attached_entity IS NULL`.execute(db);
}

export async function deleteEvidence(db: Db, id: string) {
  await sql`DELETE FROM uploaded_files WHERE id = ${id}`.execute(db);
}

export async function countEvidence(db: Db, claimId: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM uploaded_files
    WHERE attached_entity = ${EVIDENCE_ENTITY} AND attached_id = ${claimId}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

// Invoices

export interface InvoiceRow {
  id: string;
  number: string;
  status: string;
  external_order_id: string | null;
  customer_name: string;
  invoice_date: string;
  /** Gross total × the invoice's rate, to the penny (half up). */
  value_gbp: string;
  carrier_service_id: string | null;
  service_code: string | null;
  service_name: string | null;
  carrier_id: string | null;
  carrier_code: string | null;
  carrier_name: string | null;
}

/**
 * The invoice with the carrier service that carried it: the one its shipment went with (the ship list's row may
 * change the invoice's own, or give one to an invoice without), else the invoice's own (PROCESSED with no shipment).
 */
const INVOICE = sql`
  SELECT i.id, i.number, i.status, i.external_order_id, cu.name AS customer_name,
    to_char(i.invoice_date, 'YYYY-MM-DD') AS invoice_date, round(i.gross_total * i.exchange_rate, 2)::text AS value_gbp,
    cs.id AS carrier_service_id, cs.code AS service_code, cs.name AS service_name, sc.id AS carrier_id,
    sc.code AS carrier_code, sc.name AS carrier_name
  FROM sales_invoices i
  JOIN customers cu ON cu.id = i.customer_id
  LEFT JOIN carrier_services cs ON cs.id = coalesce(i.shipped_carrier_service_id, i.carrier_service_id)
  LEFT JOIN shipping_carriers sc ON sc.id = cs.carrier_id`;

export async function findInvoice(db: Db, id: string): Promise<InvoiceRow | undefined> {
  const { rows } = await sql<InvoiceRow>`${INVOICE} WHERE i.id = ${id}`.execute(db);
  return rows[0];
}

/** Shipped invoices matching a text (number, external order id, customer name), newest first. */
export async function findShippedInvoices(db: Db, text: string | undefined, limit: number): Promise<InvoiceRow[]> {
  const pattern = text ? likePattern(text) : null;
  const { rows } = await sql<InvoiceRow>`${INVOICE}
    WHERE i.status = 'PROCESSED'
      ${
        pattern
          ? sql`AND (i.number ILIKE ${pattern} OR i.external_order_id ILIKE ${pattern} OR i.customer_id IN (
              SELECT id FROM customers WHERE name ILIKE ${pattern}))`
          : sql``
      }
    ORDER BY i.created_at DESC, i.id DESC LIMIT ${limit}`.execute(db);
  return rows;
}

export interface InvoiceLineRow {
  id: string;
  line_no: number;
  product_id: string;
  sku: string;
  name: string;
  unit: string;
  quantity: string;
  /** What live claims (the one named aside) already name of it. */
  claimed: string;
}

export async function findInvoiceLines(db: Db, invoiceId: string, exceptClaimId: string | null) {
  const { rows } = await sql<InvoiceLineRow>`
    SELECT il.id, il.line_no, il.product_id, p.sku, p.name, p.unit, il.quantity::text AS quantity,
      COALESCE((SELECT sum(l.quantity) FROM shipping_claim_lines l JOIN shipping_claims c ON c.id = l.claim_id
        WHERE l.invoice_line_id = il.id AND c.status IN (${LIVE})
          AND (${exceptClaimId}::uuid IS NULL OR c.id <> ${exceptClaimId}::uuid)), 0)::text AS claimed
    FROM sales_invoice_lines il JOIN products p ON p.id = il.product_id
    WHERE il.invoice_id = ${invoiceId}
    ORDER BY il.line_no`.execute(db);
  return rows;
}

/** The amounts of the invoice's live claims, the one named aside. */
export async function claimedAmount(db: Db, invoiceId: string, exceptClaimId: string | null): Promise<string> {
  const { rows } = await sql<{ total: string }>`
    SELECT COALESCE(sum(amount_claimed), 0)::text AS total FROM shipping_claims
    WHERE invoice_id = ${invoiceId} AND status IN (${LIVE})
      AND (${exceptClaimId}::uuid IS NULL OR id <> ${exceptClaimId}::uuid)`.execute(db);
  return rows[0]?.total ?? '0';
}

/**
 * Serialises the claims of one invoice for the rest of the transaction, so two claims written at once cannot both
 * take the same units or value (the invoice's own row is the sales area's to lock).
 */
export async function lockInvoiceClaims(db: Db, invoiceId: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`shipping_claim:${invoiceId}`}, 0))`.execute(db);
}

// Writing

export interface ClaimValues {
  kind: string;
  trackingNumber: string;
  description: string;
  amountClaimed: string;
}

export async function insertClaim(
  db: Db,
  number: string,
  v: ClaimValues & {
    invoiceId: string;
    carrierId: string;
    carrierServiceId: string | null;
    claimDate: string;
  },
  userId: string,
): Promise<string> {
  const row = await db
    .insertInto('shipping_claims')
    .values({
      number,
      kind: v.kind,
      invoice_id: v.invoiceId,
      carrier_id: v.carrierId,
      carrier_service_id: v.carrierServiceId,
      tracking_number: v.trackingNumber,
      claim_date: v.claimDate,
      description: v.description,
      amount_claimed: v.amountClaimed,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateClaim(db: Db, id: string, v: ClaimValues) {
  await db
    .updateTable('shipping_claims')
    .set({
      kind: v.kind,
      tracking_number: v.trackingNumber,
      description: v.description,
      amount_claimed: v.amountClaimed,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function replaceLines(db: Db, claimId: string, lines: { invoiceLineId: string; quantity: string }[]) {
  await db.deleteFrom('shipping_claim_lines').where('claim_id', '=', claimId).execute();
  if (lines.length)
    await db
      .insertInto('shipping_claim_lines')
      .values(
        lines.map((l, i) => ({
          claim_id: claimId,
          line_no: i + 1,
          invoice_line_id: l.invoiceLineId,
          quantity: l.quantity,
        })),
      )
      .execute();
  await db.updateTable('shipping_claims').set({ line_count: lines.length }).where('id', '=', claimId).execute();
}

export type StepChange =
  | { status: 'SUBMITTED'; carrierReference: string }
  | { status: 'APPROVED'; approvedAmount: string }
  | { status: 'REJECTED'; reason: string }
  | { status: 'PAID'; amountRecovered: string; paidOn: string }
  | { status: 'CANCELED'; reason: string };

export async function setStatus(db: Db, id: string, change: StepChange, userId: string) {
  const now = new Date();
  const base = db.updateTable('shipping_claims').where('id', '=', id);
  const common = { status: change.status, updated_at: now };
  switch (change.status) {
    case 'SUBMITTED':
      await base
        .set({ ...common, carrier_reference: change.carrierReference, submitted_at: now, submitted_by: userId })
        .execute();
      return;
    case 'APPROVED':
      await base
        .set({ ...common, approved_amount: change.approvedAmount, decided_at: now, decided_by: userId })
        .execute();
      return;
    case 'REJECTED':
      await base.set({ ...common, rejection_reason: change.reason, decided_at: now, decided_by: userId }).execute();
      return;
    case 'PAID':
      await base
        .set({
          ...common,
          amount_recovered: change.amountRecovered,
          paid_on: change.paidOn,
          paid_at: now,
          paid_by: userId,
        })
        .execute();
      return;
    case 'CANCELED':
      await base.set({ ...common, cancel_reason: change.reason, canceled_at: now, canceled_by: userId }).execute();
      return;
  }
}

export async function touch(db: Db, id: string) {
  await db.updateTable('shipping_claims').set({ updated_at: new Date() }).where('id', '=', id).execute();
}

// The list

const SORTS = {
  number: 'c.number',
  status: 'c.status',
  claimDate: 'c.claim_date',
  createdAt: 'c.created_at',
  amountClaimed: 'c.amount_claimed',
  kind: 'c.kind',
} as const;

/**
 * The filter on the claims table alone. Search is a union of id sets, each served by an index: the claim number's
 * and the tracking number's trigrams, and the invoices' number trigrams then their claims.
 */
function filtered(db: Db, f: ShippingClaimFilter, withStatus = true) {
  let query = db.selectFrom('shipping_claims as c');
  if (f.q) {
    const pattern = likePattern(f.q);
    query = query.where(
      sql<boolean>`c.id IN (
        SELECT id FROM shipping_claims WHERE number ILIKE ${pattern}
        UNION SELECT id FROM shipping_claims WHERE tracking_number ILIKE ${pattern}
        UNION SELECT sc.id FROM shipping_claims sc
          WHERE sc.invoice_id IN (SELECT id FROM sales_invoices WHERE number ILIKE ${pattern}))`,
    );
  }
  if (withStatus && f.status) query = query.where('c.status', '=', f.status);
  if (f.kind) query = query.where('c.kind', '=', f.kind);
  if (f.carrierId) query = query.where('c.carrier_id', '=', f.carrierId);
  if (f.invoiceId) query = query.where('c.invoice_id', '=', f.invoiceId);
  if (f.from) query = query.where('c.claim_date', '>=', f.from);
  if (f.to) query = query.where('c.claim_date', '<=', f.to);
  return query;
}

/** The filter's claims in its order (newest first by default), id last so that paging is stable. */
export async function findClaims(db: Db, f: ShippingClaimFilter, limit: number, offset: number) {
  const sort = parseSort(f.sort, SORTS, { column: 'c.created_at', direction: 'desc' });
  const dir = sql.raw(sort.direction);
  const ids = filtered(db, f)
    .select('c.id')
    .orderBy(sql`${sql.ref(sort.column)} ${dir}`)
    .orderBy('c.id', sort.direction)
    .limit(limit)
    .offset(offset);
  const { rows } = await sql<ClaimHead>`${HEAD} WHERE c.id IN (${ids})
    ORDER BY ${sql.ref(sort.column)} ${dir}, c.id ${dir}`.execute(db);
  return rows;
}

export async function countClaims(db: Db, f: ShippingClaimFilter): Promise<number> {
  const row = await filtered(db, f).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many claims of the filter (its status aside) each status has: the list's tabs. */
export async function countByStatus(db: Db, f: ShippingClaimFilter) {
  const rows = await filtered(db, f, false)
    .select(['c.status', sql<string>`count(*)`.as('n')])
    .groupBy('c.status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

// What refers to master data

export async function countClaimsOfCarrier(db: Db, carrierId: string): Promise<number> {
  const row = await db
    .selectFrom('shipping_claims')
    .select(sql<string>`count(*)`.as('n'))
    .where('carrier_id', '=', carrierId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countClaimsOfCarrierService(db: Db, serviceId: string): Promise<number> {
  const row = await db
    .selectFrom('shipping_claims')
    .select(sql<string>`count(*)`.as('n'))
    .where('carrier_service_id', '=', serviceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
