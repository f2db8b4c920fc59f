import {
  SHIPPING_CLAIM_EVIDENCE_KINDS,
  SHIPPING_CLAIM_EVIDENCE_MAX,
  SHIPPING_CLAIM_STATUSES,
  type ShippableInvoice,
  type ShippableInvoiceOption,
  type ShippingClaim,
  type ShippingClaimApproveInput,
  type ShippingClaimCancelInput,
  ShippingClaimErrorCode,
  type ShippingClaimEvidence,
  type ShippingClaimFilter,
  type ShippingClaimInput,
  type ShippingClaimKind,
  type ShippingClaimListQuery,
  type ShippingClaimPage,
  type ShippingClaimPayInput,
  type ShippingClaimRejectInput,
  type ShippingClaimStatus,
  type ShippingClaimSubmitInput,
  type ShippingClaimSummary,
  type ShippingClaimUpdateInput,
  shippingClaimDocument,
  todayInLondon,
  UploadErrorCode,
  WHOLE_UNIT,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import {
  auditDocument,
  found,
  isoOrNull,
  lockForAction,
  moneyText as money,
  nextDocumentNumber,
  pageOfDocuments,
  quantityText as qty,
  recordStep,
  userRef,
} from '../../platform/documents.ts';
import { documentRows, sendDocumentsXlsx } from '../../platform/documents-export.ts';
import { lineDetails } from '../../platform/documents-lines.ts';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import type { UploadedPart } from '../../platform/multipart.ts';
import { type Ctx, sendFile } from '../../platform/routes.ts';
import { acceptedFileType } from '../../platform/upload-types.ts';
import { ui, type XlsxColumn } from '../../platform/xlsx.ts';
import { shipmentOf } from '../sales-invoices/index.ts';
import { ATTACHMENT_READERS, storeUpload } from '../uploads/index.ts';
import * as repo from './shipping-claim.repository.ts';

/**
 * Shipping claims against carriers (the flow is in the contract's header). A claim names a shipped sales invoice and
 * takes the carrier of its carrier service; its lines and amount are held to the invoice over all of the invoice's live
 * claims, which are serialised per invoice while one is written. Evidence files are stored by the uploads service and
 * attached to the claim; they are read only through the claim's own route (view_shipping_claim). Each request is one
 * transaction, so a refused one writes nothing.
 */

// Readers of the generic file route of a claim's evidence: the claim's readers (its uploader too, only so).
ATTACHMENT_READERS[repo.EVIDENCE_ENTITY] = 'view_shipping_claim';

type CreateValues = z.output<typeof ShippingClaimInput>;
type UpdateValues = z.output<typeof ShippingClaimUpdateInput>;
type SubmitValues = z.output<typeof ShippingClaimSubmitInput>;
type ApproveValues = z.output<typeof ShippingClaimApproveInput>;
type RejectValues = z.output<typeof ShippingClaimRejectInput>;
type PayValues = z.output<typeof ShippingClaimPayInput>;
type CancelValues = z.output<typeof ShippingClaimCancelInput>;

const label = shippingClaimDocument.label;
const ZERO = new Decimal(0);
const moneyOrNull = (v: string | null) => (v === null ? null : money(v));

// Reading

const evidenceUrl = (claimId: string, fileName: string) =>
  `/api/shipping-claims/${claimId}/evidence/${encodeURIComponent(fileName)}`;

function toEvidence(claimId: string, f: repo.EvidenceRow): ShippingClaimEvidence {
  return {
    fileName: f.file_name,
    originalName: f.original_name,
    contentType: f.content_type,
    kind: f.kind as ShippingClaimEvidence['kind'],
    size: f.size,
    sha256: f.sha256,
    url: evidenceUrl(claimId, f.file_name),
    uploadedAt: f.uploaded_at.toISOString(),
    uploadedBy: userRef(f.uploaded_by, f.uploaded_by_name),
  };
}

function headOf(r: repo.ClaimHead) {
  return {
    id: r.id,
    number: r.number,
    status: r.status as ShippingClaimStatus,
    kind: r.kind as ShippingClaimKind,
    invoice: {
      id: r.invoice_id,
      number: r.invoice_number,
      externalOrderId: r.external_order_id,
      customerName: r.customer_name,
    },
    carrier: { id: r.carrier_id, code: r.carrier_code, name: r.carrier_name },
    carrierService: r.carrier_service_id
      ? { id: r.carrier_service_id, code: r.service_code ?? '', name: r.service_name ?? '' }
      : null,
    trackingNumber: r.tracking_number,
    claimDate: r.claim_date,
    amountClaimed: money(r.amount_claimed),
    approvedAmount: moneyOrNull(r.approved_amount),
    amountRecovered: moneyOrNull(r.amount_recovered),
    paidOn: r.paid_on,
    carrierReference: r.carrier_reference,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export async function getShippingClaim(db: Kysely<Database>, id: string): Promise<ShippingClaim> {
  const head = found(await repo.findClaim(db, id), label, id);
  const [lines, evidence] = await Promise.all([repo.findLines(db, [id]), repo.findEvidence(db, id)]);
  return {
    ...headOf(head),
    description: head.description,
    rejectionReason: head.rejection_reason,
    cancelReason: head.cancel_reason,
    createdBy: userRef(head.created_by, head.created_by_name),
    submittedAt: isoOrNull(head.submitted_at),
    submittedBy: userRef(head.submitted_by, head.submitted_by_name),
    decidedAt: isoOrNull(head.decided_at),
    decidedBy: userRef(head.decided_by, head.decided_by_name),
    paidAt: isoOrNull(head.paid_at),
    paidBy: userRef(head.paid_by, head.paid_by_name),
    canceledAt: isoOrNull(head.canceled_at),
    canceledBy: userRef(head.canceled_by, head.canceled_by_name),
    lines: lines.map((l) => ({
      id: l.id,
      lineNo: l.line_no,
      invoiceLineId: l.invoice_line_id,
      invoiceLineNo: l.invoice_line_no,
      product: { id: l.product_id, sku: l.sku, name: l.name, unit: l.unit },
      quantity: qty(l.quantity),
      invoicedQuantity: qty(l.invoiced_quantity),
    })),
    evidence: evidence.map((f) => toEvidence(id, f)),
  };
}

const toSummary = (r: repo.ClaimHead): ShippingClaimSummary => ({
  ...headOf(r),
  lineCount: r.line_count,
  evidenceCount: Number(r.evidence_count),
});

export async function listShippingClaims(db: Kysely<Database>, q: ShippingClaimListQuery): Promise<ShippingClaimPage> {
  const [page, counts] = await Promise.all([
    pageOfDocuments(
      q,
      (limit, offset) => repo.findClaims(db, q, limit, offset),
      () => repo.countClaims(db, q),
      toSummary,
    ),
    repo.countByStatus(db, q),
  ]);
  const statusCounts = Object.fromEntries(SHIPPING_CLAIM_STATUSES.map((s) => [s, counts.get(s) ?? 0])) as Record<
    ShippingClaimStatus,
    number
  >;
  return { ...page, statusCounts };
}

const EXPORT_COLUMNS: XlsxColumn<repo.ClaimHead>[] = [
  { header: ui('shippingClaims:fields.number'), width: 18, value: (r) => r.number },
  {
    header: ui('shippingClaims:fields.status'),
    width: 14,
    type: 'enum',
    labels: 'documents:shipping_claim.status',
    value: (r) => r.status,
  },
  {
    header: ui('shippingClaims:fields.kind'),
    width: 12,
    type: 'enum',
    labels: 'shippingClaims:kinds',
    value: (r) => r.kind,
  },
  { header: ui('shippingClaims:fields.claimDate'), width: 12, type: 'date', value: (r) => r.claim_date },
  { header: ui('shippingClaims:fields.invoice'), width: 18, value: (r) => r.invoice_number },
  { header: ui('shippingClaims:fields.customer'), width: 24, value: (r) => r.customer_name },
  { header: ui('shippingClaims:fields.carrier'), width: 16, value: (r) => r.carrier_name },
  { header: ui('shippingClaims:fields.trackingNumber'), width: 20, value: (r) => r.tracking_number },
  { header: ui('shippingClaims:fields.carrierReference'), width: 18, value: (r) => r.carrier_reference },
  {
    header: ui('shippingClaims:fields.amountClaimed'),
    width: 14,
    type: 'money',
    currency: 'GBP',
    value: (r) => r.amount_claimed,
  },
  {
    header: ui('shippingClaims:fields.approvedAmount'),
    width: 14,
    type: 'money',
    currency: 'GBP',
    value: (r) => r.approved_amount,
  },
  {
    header: ui('shippingClaims:fields.amountRecovered'),
    width: 14,
    type: 'money',
    currency: 'GBP',
    value: (r) => r.amount_recovered,
  },
  { header: ui('shippingClaims:fields.paidOn'), width: 12, type: 'date', value: (r) => r.paid_on },
];

export function exportShippingClaims(ctx: Ctx, f: ShippingClaimFilter) {
  const rows = documentRows(
    (limit, offset) => repo.findClaims(ctx.db, f, limit, offset),
    (r) => r,
  );
  return sendDocumentsXlsx(ctx, 'shipping-claims', EXPORT_COLUMNS, rows);
}

// Invoices to claim for

function invoiceOption(r: repo.InvoiceRow): ShippableInvoiceOption {
  return {
    id: r.id,
    number: r.number,
    externalOrderId: r.external_order_id,
    customerName: r.customer_name,
    invoiceDate: r.invoice_date,
    carrier: r.carrier_id ? { id: r.carrier_id, code: r.carrier_code ?? '', name: r.carrier_name ?? '' } : null,
    valueGbp: money(r.value_gbp),
  };
}

export async function shippableInvoices(db: Kysely<Database>, text: string | undefined) {
  return (await repo.findShippedInvoices(db, text, 20)).map(invoiceOption);
}

/**
 * The parcels the shipment of an invoice recorded (the ship list's confirm writes them on the invoice): what the
 * claim form offers as the lost or damaged parcel's tracking number. An invoice marked shipped without a shipment
 * record has none to offer, and the number is typed.
 */
async function shipmentParcels(
  db: Kysely<Database>,
  invoiceId: string,
): Promise<{ trackingNumber: string; service: string | null }[]> {
  const shipment = await shipmentOf(db, invoiceId);
  if (!shipment) return [];
  const service = `${shipment.carrierService.carrier.name}: ${shipment.carrierService.name}`;
  return shipment.parcels.flatMap((p) => (p.trackingNumber ? [{ trackingNumber: p.trackingNumber, service }] : []));
}

/** What a claim may take of a shipped invoice (the claim being edited aside). */
export async function shippableInvoice(
  db: Kysely<Database>,
  id: string,
  exceptClaimId: string | null,
): Promise<ShippableInvoice> {
  const invoice = await repo.findInvoice(db, id);
  if (invoice?.status !== 'PROCESSED') throw notFound('Shipped invoice', id);
  const [lines, claimed, parcels] = await Promise.all([
    repo.findInvoiceLines(db, id, exceptClaimId),
    repo.claimedAmount(db, id, exceptClaimId),
    shipmentParcels(db, id),
  ]);
  const claimable = Decimal.max(ZERO, new Decimal(invoice.value_gbp).minus(claimed));
  return {
    ...invoiceOption(invoice),
    status: invoice.status,
    carrierService: invoice.carrier_service_id
      ? { id: invoice.carrier_service_id, code: invoice.service_code ?? '', name: invoice.service_name ?? '' }
      : null,
    claimableGbp: money(claimable),
    lines: lines.map((l) => ({
      id: l.id,
      lineNo: l.line_no,
      product: { id: l.product_id, sku: l.sku, name: l.name, unit: l.unit },
      quantity: qty(l.quantity),
      claimable: qty(Decimal.max(ZERO, new Decimal(l.quantity).minus(l.claimed))),
    })),
    parcels,
  };
}

// Writing

/**
 * The rules that hold a claim to its invoice: lines are lines of the invoice, each at most what live claims have
 * left of it, and the amount at most what they have left of its value. The invoice's claims are serialised first.
 */
async function checkAgainstInvoice(
  db: Kysely<Database>,
  invoice: repo.InvoiceRow,
  input: UpdateValues,
  exceptClaimId: string | null,
) {
  await repo.lockInvoiceClaims(db, invoice.id);
  const [lines, claimed] = await Promise.all([
    repo.findInvoiceLines(db, invoice.id, exceptClaimId),
    repo.claimedAmount(db, invoice.id, exceptClaimId),
  ]);
  const lineOf = new Map(lines.map((l) => [l.id, l]));
  const seen = new Set<string>();
  input.lines.forEach((l, i) => {
    const line = lineOf.get(l.invoiceLineId);
    if (!line || seen.has(l.invoiceLineId))
      throw unprocessable(
        ShippingClaimErrorCode.SHIPPING_CLAIM_LINE_UNKNOWN,
        line
          ? `Line ${i + 1} names invoice ${invoice.number}'s line ${line.line_no} again: name each line once.`
          : `Line ${i + 1} is not a line of invoice ${invoice.number}.`,
        lineDetails(i, { field: 'invoiceLineId', invoiceLineId: l.invoiceLineId }),
      );
    seen.add(l.invoiceLineId);
    const quantity = new Decimal(l.quantity);
    if (line.unit === WHOLE_UNIT && !quantity.isInteger())
      throw unprocessable(
        ShippingClaimErrorCode.SHIPPING_CLAIM_QUANTITY_EXCEEDED,
        `Line ${i + 1}: ${line.sku} is counted in units: claim whole quantities.`,
        lineDetails(i, {
          field: 'quantity',
          sku: line.sku,
          claimable: qty(new Decimal(line.quantity).minus(line.claimed)),
        }),
      );
    const left = new Decimal(line.quantity).minus(line.claimed);
    if (quantity.gt(left))
      throw unprocessable(
        ShippingClaimErrorCode.SHIPPING_CLAIM_QUANTITY_EXCEEDED,
        `Line ${i + 1}: ${qty(quantity)} of ${line.sku} is more than the invoice has left to claim (${qty(
          Decimal.max(left, ZERO),
        )} of ${qty(line.quantity)} invoiced).`,
        lineDetails(i, {
          field: 'quantity',
          sku: line.sku,
          invoiced: qty(line.quantity),
          claimedElsewhere: qty(line.claimed),
          claimable: qty(Decimal.max(left, ZERO)),
          requested: qty(quantity),
        }),
      );
  });
  const claimable = new Decimal(invoice.value_gbp).minus(claimed);
  if (new Decimal(input.amountClaimed).gt(claimable))
    throw unprocessable(
      ShippingClaimErrorCode.SHIPPING_CLAIM_AMOUNT_EXCEEDED,
      `£${money(input.amountClaimed)} is more than invoice ${invoice.number} has left to claim: its goods and shipping came to £${money(
        invoice.value_gbp,
      )}${new Decimal(claimed).isZero() ? '' : `, of which other claims take £${money(claimed)}`}.`,
      {
        field: 'amountClaimed',
        invoiceValueGbp: money(invoice.value_gbp),
        otherClaims: money(claimed),
        claimable: money(Decimal.max(claimable, ZERO)),
        amountClaimed: money(input.amountClaimed),
      },
    );
}

const linesOf = (input: UpdateValues) =>
  input.lines.map((l) => ({ invoiceLineId: l.invoiceLineId, quantity: new Decimal(l.quantity).toFixed() }));

const auditView = (c: ShippingClaim) => ({
  invoice: c.invoice.number,
  carrier: c.carrier.code,
  kind: c.kind,
  trackingNumber: c.trackingNumber,
  amountClaimed: c.amountClaimed,
  lines: c.lines.map((l) => ({ sku: l.product.sku, quantity: l.quantity })),
});

export async function createShippingClaim(ctx: Ctx, input: CreateValues): Promise<ShippingClaim> {
  const invoice = await repo.findInvoice(ctx.db, input.invoiceId);
  if (invoice?.status !== 'PROCESSED')
    throw unprocessable(
      ShippingClaimErrorCode.SHIPPING_CLAIM_INVOICE_NOT_SHIPPED,
      invoice
        ? `Invoice ${invoice.number} is not shipped yet (${invoice.status.toLowerCase().replaceAll('_', ' ')}): a claim is made for a shipped invoice.`
        : 'The chosen invoice does not exist.',
      { field: 'invoiceId', invoiceId: input.invoiceId, status: invoice?.status ?? null },
    );
  if (!invoice.carrier_id)
    throw unprocessable(
      ShippingClaimErrorCode.SHIPPING_CLAIM_NO_CARRIER,
      `Invoice ${invoice.number} names no carrier service, so there is no carrier to claim from.`,
      { field: 'invoiceId', invoiceId: invoice.id },
    );
  const today = todayInLondon();
  const day = input.claimDate ?? today;
  if (day > today)
    throw unprocessable(
      ShippingClaimErrorCode.SHIPPING_CLAIM_DATE_IN_FUTURE,
      `A claim cannot be dated ${day}, a day still to come. Use ${today} or an earlier day.`,
      { field: 'claimDate', claimDate: day, today },
    );
  await checkAgainstInvoice(ctx.db, invoice, input, null);
  const number = await nextDocumentNumber(ctx.db, 'shippingClaim', day);
  const id = await repo.insertClaim(
    ctx.db,
    number,
    {
      invoiceId: invoice.id,
      carrierId: invoice.carrier_id,
      carrierServiceId: invoice.carrier_service_id,
      claimDate: day,
      kind: input.kind,
      trackingNumber: input.trackingNumber,
      description: input.description,
      amountClaimed: money(input.amountClaimed),
    },
    ctx.user.id,
  );
  await repo.replaceLines(ctx.db, id, linesOf(input));
  const after = await getShippingClaim(ctx.db, id);
  await auditDocument(ctx, shippingClaimDocument, { number, action: 'create', after: auditView(after) });
  return after;
}

const lockFor = (ctx: Ctx, id: string, action: keyof typeof shippingClaimDocument.actions) =>
  lockForAction(ctx.db, shippingClaimDocument, 'shipping_claims', id, action);

export async function updateShippingClaim(ctx: Ctx, id: string, input: UpdateValues): Promise<ShippingClaim> {
  const row = await lockFor(ctx, id, 'edit');
  const before = await getShippingClaim(ctx.db, id);
  const invoice = found(await repo.findInvoice(ctx.db, row.invoice_id), 'Invoice', row.invoice_id);
  await checkAgainstInvoice(ctx.db, invoice, input, id);
  await repo.updateClaim(ctx.db, id, {
    kind: input.kind,
    trackingNumber: input.trackingNumber,
    description: input.description,
    amountClaimed: money(input.amountClaimed),
  });
  await repo.replaceLines(ctx.db, id, linesOf(input));
  const after = await getShippingClaim(ctx.db, id);
  await auditDocument(ctx, shippingClaimDocument, {
    number: row.number,
    action: 'update',
    before: auditView(before),
    after: auditView(after),
  });
  return after;
}

// Evidence

export async function addEvidence(ctx: Ctx, id: string, part: UploadedPart): Promise<ShippingClaimEvidence> {
  const row = await lockFor(ctx, id, 'attach');
  // What the file really is, before anything is stored: only photos and PDFs are evidence (a file of no kind the
  // product knows is told so in the claim's words, not the uploads' general list of kinds).
  const evidenceOnly = (kind: string | null) =>
    new AppError(
      415,
      ShippingClaimErrorCode.SHIPPING_CLAIM_EVIDENCE_TYPE,
      `Evidence is a photo (PNG, JPEG, GIF, WebP, BMP, TIFF, AVIF) or a PDF; ${kind ? `this file is ${kind.toUpperCase()}` : 'this file is neither'}.`,
      { kind },
    );
  let detected: ReturnType<typeof acceptedFileType>;
  try {
    detected = acceptedFileType(part.name, part.content);
  } catch (e) {
    if (e instanceof AppError && e.code === UploadErrorCode.FILE_TYPE_NOT_ACCEPTED) throw evidenceOnly(null);
    throw e;
  }
  if (!(SHIPPING_CLAIM_EVIDENCE_KINDS as readonly string[]).includes(detected.kind)) throw evidenceOnly(detected.kind);
  if ((await repo.countEvidence(ctx.db, id)) >= SHIPPING_CLAIM_EVIDENCE_MAX)
    throw unprocessable(
      ShippingClaimErrorCode.SHIPPING_CLAIM_EVIDENCE_LIMIT,
      `Claim ${row.number} already holds ${SHIPPING_CLAIM_EVIDENCE_MAX} files: remove one before adding another.`,
      { max: SHIPPING_CLAIM_EVIDENCE_MAX },
    );
  const stored = await storeUpload(ctx, part.name, part.content);
  await repo.attachEvidence(ctx.db, id, stored.fileName);
  await repo.touch(ctx.db, id);
  await auditDocument(ctx, shippingClaimDocument, {
    number: row.number,
    action: 'attach',
    after: { file: stored.fileName, name: stored.originalName, kind: stored.kind, size: stored.size },
  });
  const evidence = (await repo.findEvidence(ctx.db, id)).find((f) => f.file_name === stored.fileName);
  return toEvidence(id, found(evidence, 'File', stored.fileName));
}

/** An evidence file as a download: always an attachment with its stored type, never run by the browser. */
export async function sendEvidence(ctx: Ctx, id: string, fileName: string) {
  found(await repo.findClaim(ctx.db, id), label, id);
  const file = found(await repo.findEvidenceFile(ctx.db, id, fileName), 'File', fileName);
  ctx.reply
    .header('content-length', String(file.size))
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store');
  return sendFile(ctx, {
    body: file.content,
    contentType: file.content_type,
    fileName: file.original_name,
    disposition: 'attachment',
  });
}

export async function removeEvidence(ctx: Ctx, id: string, fileName: string): Promise<ShippingClaim> {
  const row = await lockFor(ctx, id, 'detach');
  const file = found(await repo.findEvidenceFile(ctx.db, id, fileName), 'File', fileName);
  await repo.deleteEvidence(ctx.db, file.id);
  await repo.touch(ctx.db, id);
  await auditDocument(ctx, shippingClaimDocument, {
    number: row.number,
    action: 'detach',
    before: { file: fileName, name: file.original_name },
  });
  return getShippingClaim(ctx.db, id);
}

// Steps

export async function submitShippingClaim(ctx: Ctx, id: string, input: SubmitValues): Promise<ShippingClaim> {
  const row = await lockFor(ctx, id, 'submit');
  await repo.setStatus(ctx.db, id, { status: 'SUBMITTED', carrierReference: input.carrierReference }, ctx.user.id);
  await recordStep(ctx, shippingClaimDocument, row, 'submit', 'SUBMITTED', {
    after: { carrierReference: input.carrierReference },
  });
  return getShippingClaim(ctx.db, id);
}

export async function approveShippingClaim(ctx: Ctx, id: string, input: ApproveValues): Promise<ShippingClaim> {
  const row = await lockFor(ctx, id, 'approve');
  const approved = new Decimal(input.approvedAmount);
  if (approved.gt(row.amount_claimed))
    throw unprocessable(
      ShippingClaimErrorCode.SHIPPING_CLAIM_APPROVED_EXCEEDS_CLAIMED,
      `£${money(approved)} is more than claim ${row.number} claims (£${money(row.amount_claimed)}).`,
      { field: 'approvedAmount', amountClaimed: money(row.amount_claimed), approvedAmount: money(approved) },
    );
  await repo.setStatus(ctx.db, id, { status: 'APPROVED', approvedAmount: money(approved) }, ctx.user.id);
  await recordStep(ctx, shippingClaimDocument, row, 'approve', 'APPROVED', {
    after: { approvedAmount: money(approved) },
  });
  return getShippingClaim(ctx.db, id);
}

export async function rejectShippingClaim(ctx: Ctx, id: string, input: RejectValues): Promise<ShippingClaim> {
  const row = await lockFor(ctx, id, 'reject');
  await repo.setStatus(ctx.db, id, { status: 'REJECTED', reason: input.reason }, ctx.user.id);
  await recordStep(ctx, shippingClaimDocument, row, 'reject', 'REJECTED', { after: { reason: input.reason } });
  return getShippingClaim(ctx.db, id);
}

export async function payShippingClaim(ctx: Ctx, id: string, input: PayValues): Promise<ShippingClaim> {
  const row = await lockFor(ctx, id, 'pay');
  const recovered = new Decimal(input.amountRecovered);
  const approved = new Decimal(row.approved_amount ?? 0);
  if (recovered.gt(approved))
    throw unprocessable(
      ShippingClaimErrorCode.SHIPPING_CLAIM_RECOVERED_EXCEEDS_APPROVED,
      `£${money(recovered)} is more than the carrier approved for claim ${row.number} (£${money(approved)}).`,
      { field: 'amountRecovered', approvedAmount: money(approved), amountRecovered: money(recovered) },
    );
  const today = todayInLondon();
  const day = input.paidOn ?? today;
  if (day > today)
    throw unprocessable(
      ShippingClaimErrorCode.SHIPPING_CLAIM_DATE_IN_FUTURE,
      `The money cannot have come on ${day}, a day still to come. Use ${today} or an earlier day.`,
      { field: 'paidOn', paidOn: day, today },
    );
  await repo.setStatus(ctx.db, id, { status: 'PAID', amountRecovered: money(recovered), paidOn: day }, ctx.user.id);
  await recordStep(ctx, shippingClaimDocument, row, 'pay', 'PAID', {
    after: { amountRecovered: money(recovered), paidOn: day },
  });
  return getShippingClaim(ctx.db, id);
}

export async function cancelShippingClaim(ctx: Ctx, id: string, input: CancelValues): Promise<ShippingClaim> {
  const row = await lockFor(ctx, id, 'cancel');
  await repo.setStatus(ctx.db, id, { status: 'CANCELED', reason: input.reason }, ctx.user.id);
  await recordStep(ctx, shippingClaimDocument, row, 'cancel', 'CANCELED', { after: { reason: input.reason } });
  return getShippingClaim(ctx.db, id);
}
