import { z } from 'zod';
import { decimalString } from '../platform/decimal.ts';
import { actionEndpoint, defineDocument, documentStatuses } from '../platform/documents.ts';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate, PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { PdfFile, PrintoutQuery } from '../platform/printouts.ts';
import { singleLine } from '../platform/text.ts';
import { PositiveStockQuantity } from '../stock/stock.ts';
import { UploadedFile } from '../uploads/uploads.ts';

/**
 * Shipping claims (DOMAIN.md "Returns"; issue 17): a claim against a carrier for a lost or damaged parcel of a shipped
 * sales invoice, numbered SC-{YYYY}-{SEQ:5} (document kind `shippingClaim`). Screen: Shipping Claims
 * /return-ticket/shipping-claims-list (view_shipping_claim).
 *
 * The flow (`shippingClaimDocument`):
 *
 *   create ──► OPEN ──submit──► SUBMITTED ──approve──► APPROVED ──pay──► PAID (amount recovered and its day)
 *               │ ▲ edit, evidence    │
 *               │                     └──reject──► REJECTED (the carrier's reason)
 *               └──cancel──► CANCELED (withdrawn before the carrier saw it)
 *
 * - Create (`POST /api/shipping-claims`, add_shipping_claim, Idempotency-Key honoured): names a PROCESSED (shipped)
 *   sales invoice (422 SHIPPING_CLAIM_INVOICE_NOT_SHIPPED otherwise); the carrier is the carrier of the service its
 *   shipment went with (the ship list's), else of the invoice's own carrier service (422 SHIPPING_CLAIM_NO_CARRIER
 *   when it has neither: shipped without a shipment record). Kind LOST or DAMAGED, the parcel's
 *   tracking number (free text; the ship list's shipment facts are offered by `GET …/invoices/:id` as `parcels`),
 *   a description, optional lines (invoice lines and quantities affected: over all live claims of the invoice never
 *   more than the line's quantity, 422 SHIPPING_CLAIM_QUANTITY_EXCEEDED), and the amount claimed in GBP: above zero
 *   and, with the other live claims of the invoice, not above the invoice's value of the goods plus shipping (its
 *   gross total, VAT included, in GBP at the invoice's rate; 422 SHIPPING_CLAIM_AMOUNT_EXCEEDED). "Live" claims are
 *   those not REJECTED nor CANCELED.
 * - Edit (`PUT …/:id`, edit_shipping_claim) while OPEN: kind, tracking number, description, lines and amount (same
 *   rules); the invoice stays.
 * - Evidence (photos, PDFs): `POST …/:id/evidence` (multipart field "file", edit_shipping_claim) while OPEN or
 *   SUBMITTED (carriers often ask for more), stored through the uploads service and attached to the claim; only
 *   images and PDFs (415 SHIPPING_CLAIM_EVIDENCE_TYPE; the uploads' own 413/415 for size and disguised files), at most
 *   SHIPPING_CLAIM_EVIDENCE_MAX files. Downloaded through `GET …/:id/evidence/:fileName` (view_shipping_claim; 403
 *   without it) always as an attachment with its stored type; removed (`DELETE`) while OPEN.
 * - Submit (edit_shipping_claim): the carrier's claim reference is required. Approve (approve_shipping_claim): the
 *   approved amount, above zero and at most the amount claimed (422 SHIPPING_CLAIM_APPROVED_EXCEEDS_CLAIMED). Reject
 *   (approve_shipping_claim): the carrier's reason. Pay (approve_shipping_claim): the amount recovered, above zero and
 *   at most the approved amount (422 SHIPPING_CLAIM_RECOVERED_EXCEEDS_APPROVED), and the day it was received (not a
 *   day to come). Cancel (edit_shipping_claim) only while OPEN: once submitted, the carrier's answer closes the claim.
 * - A step its status does not allow answers 409 SHIPPING_CLAIM_STATUS_CONFLICT; a refused request writes nothing.
 *   Nothing here moves stock: a lost parcel's units already left with the shipment.
 */

export const ShippingClaimErrorCode = {
  /** The claim's status does not allow this step (details: DocumentStatusConflictDetails). */
  SHIPPING_CLAIM_STATUS_CONFLICT: 'SHIPPING_CLAIM_STATUS_CONFLICT',
  /** The invoice chosen does not exist or is not shipped (PROCESSED). */
  SHIPPING_CLAIM_INVOICE_NOT_SHIPPED: 'SHIPPING_CLAIM_INVOICE_NOT_SHIPPED',
  /** The invoice has no carrier service, so no carrier to claim from. */
  SHIPPING_CLAIM_NO_CARRIER: 'SHIPPING_CLAIM_NO_CARRIER',
  /** A line names no line of the claim's invoice, or a line twice. */
  SHIPPING_CLAIM_LINE_UNKNOWN: 'SHIPPING_CLAIM_LINE_UNKNOWN',
  /** A line claims more units than the invoice line has left unclaimed (details: the figures). */
  SHIPPING_CLAIM_QUANTITY_EXCEEDED: 'SHIPPING_CLAIM_QUANTITY_EXCEEDED',
  /** The amount claimed is above what is left of the invoice's value (details: the figures). */
  SHIPPING_CLAIM_AMOUNT_EXCEEDED: 'SHIPPING_CLAIM_AMOUNT_EXCEEDED',
  /** The approved amount is above the amount claimed. */
  SHIPPING_CLAIM_APPROVED_EXCEEDS_CLAIMED: 'SHIPPING_CLAIM_APPROVED_EXCEEDS_CLAIMED',
  /** The amount recovered is above the approved amount. */
  SHIPPING_CLAIM_RECOVERED_EXCEEDS_APPROVED: 'SHIPPING_CLAIM_RECOVERED_EXCEEDS_APPROVED',
  /** The day the money came is a day still to come. */
  SHIPPING_CLAIM_DATE_IN_FUTURE: 'SHIPPING_CLAIM_DATE_IN_FUTURE',
  /** Evidence is a photo or a PDF (415). */
  SHIPPING_CLAIM_EVIDENCE_TYPE: 'SHIPPING_CLAIM_EVIDENCE_TYPE',
  /** The claim already holds the most evidence files it may. */
  SHIPPING_CLAIM_EVIDENCE_LIMIT: 'SHIPPING_CLAIM_EVIDENCE_LIMIT',
} as const;
export type ShippingClaimErrorCode = (typeof ShippingClaimErrorCode)[keyof typeof ShippingClaimErrorCode];

/** The shipping claim as a document (see the flow above). */
export const shippingClaimDocument = defineDocument({
  name: 'shipping_claim',
  label: 'Shipping claim',
  errorPrefix: 'SHIPPING_CLAIM',
  statuses: {
    OPEN: { tone: 'neutral', open: true, phrase: 'open' },
    SUBMITTED: { tone: 'info', open: true, phrase: 'submitted to the carrier' },
    APPROVED: { tone: 'progress', open: true, phrase: 'approved' },
    REJECTED: { tone: 'danger', open: false, phrase: 'rejected' },
    PAID: { tone: 'success', open: false, phrase: 'paid' },
    CANCELED: { tone: 'warning', open: false, phrase: 'cancelled' },
  },
  actions: {
    edit: { from: ['OPEN'], to: [], permission: 'edit_shipping_claim', done: 'changed' },
    attach: {
      from: ['OPEN', 'SUBMITTED'],
      to: [],
      permission: 'edit_shipping_claim',
      done: 'given more evidence',
    },
    detach: { from: ['OPEN'], to: [], permission: 'edit_shipping_claim', done: 'stripped of evidence' },
    submit: {
      from: ['OPEN'],
      to: ['SUBMITTED'],
      permission: 'edit_shipping_claim',
      idempotent: true,
      done: 'submitted',
    },
    approve: {
      from: ['SUBMITTED'],
      to: ['APPROVED'],
      permission: 'approve_shipping_claim',
      idempotent: true,
      done: 'approved',
    },
    reject: {
      from: ['SUBMITTED'],
      to: ['REJECTED'],
      permission: 'approve_shipping_claim',
      idempotent: true,
      destructive: true,
      done: 'rejected',
    },
    pay: {
      from: ['APPROVED'],
      to: ['PAID'],
      permission: 'approve_shipping_claim',
      idempotent: true,
      done: 'recorded as paid',
    },
    cancel: {
      from: ['OPEN'],
      to: ['CANCELED'],
      permission: 'edit_shipping_claim',
      idempotent: true,
      destructive: true,
      done: 'cancelled',
    },
  },
});

export const SHIPPING_CLAIM_STATUSES = documentStatuses(shippingClaimDocument);
export const ShippingClaimStatus = z.enum(SHIPPING_CLAIM_STATUSES);
export type ShippingClaimStatus = z.infer<typeof ShippingClaimStatus>;

/** Claims that still count against the invoice's quantities and value. */
export const SHIPPING_CLAIM_LIVE_STATUSES: readonly ShippingClaimStatus[] = ['OPEN', 'SUBMITTED', 'APPROVED', 'PAID'];

export const SHIPPING_CLAIM_KINDS = ['LOST', 'DAMAGED'] as const;
export const ShippingClaimKind = z.enum(SHIPPING_CLAIM_KINDS);
export type ShippingClaimKind = z.infer<typeof ShippingClaimKind>;

export const SHIPPING_CLAIM_LINES_MAX = 500;
export const SHIPPING_CLAIM_DESCRIPTION_MAX = 2000;
export const SHIPPING_CLAIM_REFERENCE_MAX = 100;
export const SHIPPING_CLAIM_REASON_MAX = 500;
export const SHIPPING_CLAIM_EVIDENCE_MAX = 20;
/** The upload kinds evidence may be (photos and PDFs). */
export const SHIPPING_CLAIM_EVIDENCE_KINDS = ['png', 'jpeg', 'gif', 'webp', 'bmp', 'tiff', 'avif', 'pdf'] as const;
export const SHIPPING_CLAIM_EVIDENCE_ACCEPT = 'image/*,application/pdf';

/** GBP to the penny, above zero. */
export const ClaimAmount = decimalString({ scale: 2, precision: 14, positive: true });

const text = (max: number, what: string) =>
  z.string().trim().max(max, `${what} has at most ${max} characters`).default('');
const requiredLine = (max: number, needed: string) =>
  singleLine(z.string().trim().min(1, needed).max(max, `at most ${max} characters`));

export const ShippingClaimLineInput = z.object({
  /** A line of the claim's invoice. */
  invoiceLineId: Uuid,
  quantity: PositiveStockQuantity,
});
export type ShippingClaimLineInput = z.input<typeof ShippingClaimLineInput>;

const editableShape = {
  kind: ShippingClaimKind,
  /** The parcel's tracking number (free text until the ship list's parcels are offered). */
  trackingNumber: singleLine(
    z.string().trim().max(SHIPPING_CLAIM_REFERENCE_MAX, `at most ${SHIPPING_CLAIM_REFERENCE_MAX} characters`),
  ).default(''),
  description: text(SHIPPING_CLAIM_DESCRIPTION_MAX, 'a description'),
  amountClaimed: ClaimAmount,
  lines: z
    .array(ShippingClaimLineInput)
    .max(SHIPPING_CLAIM_LINES_MAX, `a claim has at most ${SHIPPING_CLAIM_LINES_MAX} lines`)
    .default([]),
};

/** Edit while OPEN: everything but the invoice. */
export const ShippingClaimUpdateInput = z.object(editableShape);
export type ShippingClaimUpdateInput = z.input<typeof ShippingClaimUpdateInput>;

export const ShippingClaimInput = z.object({
  /** A shipped (PROCESSED) sales invoice. */
  invoiceId: Uuid,
  /** Empty: today (UK). */
  claimDate: IsoDate.nullable().default(null),
  ...editableShape,
});
export type ShippingClaimInput = z.input<typeof ShippingClaimInput>;

export const ShippingClaimSubmitInput = z.object({
  carrierReference: requiredLine(SHIPPING_CLAIM_REFERENCE_MAX, 'the carrier’s claim reference is needed'),
});
export type ShippingClaimSubmitInput = z.input<typeof ShippingClaimSubmitInput>;

export const ShippingClaimApproveInput = z.object({ approvedAmount: ClaimAmount });
export type ShippingClaimApproveInput = z.input<typeof ShippingClaimApproveInput>;

export const ShippingClaimRejectInput = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'the carrier’s reason is needed')
    .max(SHIPPING_CLAIM_REASON_MAX, `at most ${SHIPPING_CLAIM_REASON_MAX} characters`),
});
export type ShippingClaimRejectInput = z.input<typeof ShippingClaimRejectInput>;

export const ShippingClaimPayInput = z.object({
  amountRecovered: ClaimAmount,
  /** The day the carrier's money came; empty: today (UK). */
  paidOn: IsoDate.nullable().default(null),
});
export type ShippingClaimPayInput = z.input<typeof ShippingClaimPayInput>;

export const ShippingClaimCancelInput = z.object({
  reason: text(SHIPPING_CLAIM_REASON_MAX, 'a reason'),
});
export type ShippingClaimCancelInput = z.input<typeof ShippingClaimCancelInput>;

// Output

const UserRef = z.object({ id: Uuid, username: z.string() }).nullable();
const CarrierRef = z.object({ id: Uuid, code: z.string(), name: z.string() });

export const ShippingClaimLine = z
  .object({
    id: Uuid,
    lineNo: z.number().int(),
    invoiceLineId: Uuid,
    invoiceLineNo: z.number().int(),
    product: z.object({ id: Uuid, sku: z.string(), name: z.string(), unit: z.string() }),
    quantity: z.string(),
    /** The invoice line's quantity. */
    invoicedQuantity: z.string(),
  })
  .meta({ id: 'ShippingClaimLine' });
export type ShippingClaimLine = z.infer<typeof ShippingClaimLine>;

export const ShippingClaimEvidence = UploadedFile.extend({
  /** The claim's own download path (view_shipping_claim). */
  url: z.string(),
  uploadedBy: UserRef,
}).meta({ id: 'ShippingClaimEvidence' });
export type ShippingClaimEvidence = z.infer<typeof ShippingClaimEvidence>;

const claimFields = {
  id: Uuid,
  number: z.string(),
  status: ShippingClaimStatus,
  kind: ShippingClaimKind,
  invoice: z.object({
    id: Uuid,
    number: z.string(),
    externalOrderId: z.string().nullable(),
    customerName: z.string(),
  }),
  carrier: CarrierRef,
  carrierService: z.object({ id: Uuid, code: z.string(), name: z.string() }).nullable(),
  trackingNumber: z.string(),
  claimDate: z.string(),
  /** GBP. */
  amountClaimed: z.string(),
  approvedAmount: z.string().nullable(),
  amountRecovered: z.string().nullable(),
  paidOn: z.string().nullable(),
  carrierReference: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const ShippingClaimSummary = z
  .object({ ...claimFields, lineCount: z.number().int(), evidenceCount: z.number().int() })
  .meta({ id: 'ShippingClaimSummary' });
export type ShippingClaimSummary = z.infer<typeof ShippingClaimSummary>;

export const ShippingClaim = z
  .object({
    ...claimFields,
    description: z.string(),
    rejectionReason: z.string(),
    cancelReason: z.string(),
    createdBy: UserRef,
    submittedAt: z.string().nullable(),
    submittedBy: UserRef,
    decidedAt: z.string().nullable(),
    decidedBy: UserRef,
    paidAt: z.string().nullable(),
    paidBy: UserRef,
    canceledAt: z.string().nullable(),
    canceledBy: UserRef,
    lines: z.array(ShippingClaimLine),
    evidence: z.array(ShippingClaimEvidence),
  })
  .meta({ id: 'ShippingClaim' });
export type ShippingClaim = z.infer<typeof ShippingClaim>;

/** A shipped invoice a claim can be made for (the create form's picker). */
export const ShippableInvoiceOption = z
  .object({
    id: Uuid,
    number: z.string(),
    externalOrderId: z.string().nullable(),
    customerName: z.string(),
    invoiceDate: z.string(),
    carrier: CarrierRef.nullable(),
    /** The invoice's gross total in GBP. */
    valueGbp: z.string(),
  })
  .meta({ id: 'ShippableInvoiceOption' });
export type ShippableInvoiceOption = z.infer<typeof ShippableInvoiceOption>;

/** What a claim for an invoice may take: its carrier, value left to claim, and lines with units left to claim. */
export const ShippableInvoice = z
  .object({
    ...ShippableInvoiceOption.shape,
    status: z.string(),
    carrierService: z.object({ id: Uuid, code: z.string(), name: z.string() }).nullable(),
    /** Value of goods plus shipping in GBP less the amounts of the invoice's other live claims. */
    claimableGbp: z.string(),
    lines: z.array(
      z.object({
        id: Uuid,
        lineNo: z.number().int(),
        product: z.object({ id: Uuid, sku: z.string(), name: z.string(), unit: z.string() }),
        quantity: z.string(),
        /** The quantity less what live claims (other than the one being edited) already name. */
        claimable: z.string(),
      }),
    ),
    /**
     * The parcels the shipment recorded (tracking numbers), offered to pick from. Filled once the ship list records
     * shipments; until then empty and the tracking number is typed.
     */
    parcels: z.array(z.object({ trackingNumber: z.string(), service: z.string().nullable() })),
  })
  .meta({ id: 'ShippableInvoice' });
export type ShippableInvoice = z.infer<typeof ShippableInvoice>;

/** The details of SHIPPING_CLAIM_AMOUNT_EXCEEDED. */
export const ShippingClaimAmountDetails = z.object({
  invoiceValueGbp: z.string(),
  otherClaims: z.string(),
  claimable: z.string(),
  amountClaimed: z.string(),
});

// Lists

export const SHIPPING_CLAIM_SORTS = ['number', 'status', 'claimDate', 'createdAt', 'amountClaimed', 'kind'] as const;

/** Search (claim number, invoice number, tracking number), filters and sort; dates are the claim's day, inclusive. */
export const ShippingClaimFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  status: ShippingClaimStatus.optional(),
  kind: ShippingClaimKind.optional(),
  carrierId: Uuid.optional(),
  invoiceId: Uuid.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export type ShippingClaimFilter = z.infer<typeof ShippingClaimFilter>;
export const ShippingClaimListQuery = PageQuery.extend(ShippingClaimFilter.shape);
export type ShippingClaimListQuery = z.infer<typeof ShippingClaimListQuery>;

export const ShippingClaimPage = pageOf(ShippingClaimSummary).extend({
  statusCounts: z.object(
    Object.fromEntries(SHIPPING_CLAIM_STATUSES.map((s) => [s, z.number().int()])) as Record<
      ShippingClaimStatus,
      z.ZodNumber
    >,
  ),
});
export type ShippingClaimPage = z.infer<typeof ShippingClaimPage>;

export const ShippableInvoiceQuery = z.object({ q: PageQuery.shape.q });
export type ShippableInvoiceQuery = z.infer<typeof ShippableInvoiceQuery>;

const IdParams = z.object({ id: Uuid });
const EvidenceParams = z.object({
  id: Uuid,
  fileName: z.string().regex(/^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/, 'not a stored file name'),
});
const TAG = 'returns';

export const shippingClaimsApi = {
  listShippingClaims: endpoint({
    method: 'GET',
    path: '/api/shipping-claims',
    permission: 'view_shipping_claim',
    tag: TAG,
    summary:
      'Shipping claims, paged, with counts per status; search by claim, invoice or tracking number; filter by status, kind, carrier, invoice and day',
    query: ShippingClaimListQuery,
    response: ShippingClaimPage,
  }),
  exportShippingClaims: endpoint({
    method: 'GET',
    path: '/api/shipping-claims/export',
    permission: 'view_shipping_claim',
    tag: TAG,
    summary: 'The shipping claims of a filter as an .xlsx file',
    query: ShippingClaimFilter,
    response: z.unknown(),
  }),
  shippableInvoices: endpoint({
    method: 'GET',
    path: '/api/shipping-claims/invoices',
    permission: ['add_shipping_claim', 'edit_shipping_claim'],
    tag: TAG,
    summary: 'Shipped (PROCESSED) sales invoices to claim for, by number, order id or customer; at most 20',
    query: ShippableInvoiceQuery,
    response: z.array(ShippableInvoiceOption),
  }),
  shippableInvoice: endpoint({
    method: 'GET',
    path: '/api/shipping-claims/invoices/:id',
    permission: ['add_shipping_claim', 'edit_shipping_claim'],
    tag: TAG,
    summary: 'A shipped invoice with its carrier, the value and units left to claim, and its parcels',
    params: IdParams,
    query: z.object({ claimId: Uuid.optional() }),
    response: ShippableInvoice,
  }),
  getShippingClaim: endpoint({
    method: 'GET',
    path: '/api/shipping-claims/:id',
    permission: 'view_shipping_claim',
    tag: TAG,
    summary: 'One shipping claim with its lines and evidence',
    params: IdParams,
    response: ShippingClaim,
  }),
  createShippingClaim: endpoint({
    method: 'POST',
    path: '/api/shipping-claims',
    permission: 'add_shipping_claim',
    tag: TAG,
    summary: 'Open a claim against the carrier of a shipped invoice',
    body: ShippingClaimInput,
    response: ShippingClaim,
    status: 201,
    idempotent: true,
  }),
  updateShippingClaim: endpoint({
    method: 'PUT',
    path: '/api/shipping-claims/:id',
    permission: shippingClaimDocument.actions.edit.permission,
    tag: TAG,
    summary: 'Change an open claim (its lines replaced)',
    params: IdParams,
    body: ShippingClaimUpdateInput,
    response: ShippingClaim,
  }),
  addShippingClaimEvidence: endpoint({
    method: 'POST',
    path: '/api/shipping-claims/:id/evidence',
    permission: shippingClaimDocument.actions.attach.permission,
    tag: TAG,
    summary: 'Attach a photo or PDF (multipart field "file", at most 10 MB) to an open or submitted claim',
    params: IdParams,
    response: ShippingClaimEvidence,
    status: 201,
    multipart: true,
  }),
  shippingClaimEvidence: endpoint({
    method: 'GET',
    path: '/api/shipping-claims/:id/evidence/:fileName',
    permission: 'view_shipping_claim',
    tag: TAG,
    summary: 'An evidence file of a claim, as a download with its stored type',
    params: EvidenceParams,
    response: z.unknown(),
  }),
  removeShippingClaimEvidence: endpoint({
    method: 'DELETE',
    path: '/api/shipping-claims/:id/evidence/:fileName',
    permission: shippingClaimDocument.actions.detach.permission,
    tag: TAG,
    summary: 'Remove an evidence file from an open claim',
    params: EvidenceParams,
    response: ShippingClaim,
  }),
  submitShippingClaim: actionEndpoint(shippingClaimDocument, 'submit', {
    path: '/api/shipping-claims/:id/submit',
    tag: TAG,
    summary: 'Record that the claim was submitted to the carrier, with the carrier’s claim reference',
    params: IdParams,
    body: ShippingClaimSubmitInput,
    response: ShippingClaim,
  }),
  approveShippingClaim: actionEndpoint(shippingClaimDocument, 'approve', {
    path: '/api/shipping-claims/:id/approve',
    tag: TAG,
    summary: 'Record the carrier’s approval and the amount approved (at most the amount claimed)',
    params: IdParams,
    body: ShippingClaimApproveInput,
    response: ShippingClaim,
  }),
  rejectShippingClaim: actionEndpoint(shippingClaimDocument, 'reject', {
    path: '/api/shipping-claims/:id/reject',
    tag: TAG,
    summary: 'Record the carrier’s rejection and its reason',
    params: IdParams,
    body: ShippingClaimRejectInput,
    response: ShippingClaim,
  }),
  payShippingClaim: actionEndpoint(shippingClaimDocument, 'pay', {
    path: '/api/shipping-claims/:id/pay',
    tag: TAG,
    summary: 'Record the amount recovered (at most the approved amount) and the day it came',
    params: IdParams,
    body: ShippingClaimPayInput,
    response: ShippingClaim,
  }),
  cancelShippingClaim: actionEndpoint(shippingClaimDocument, 'cancel', {
    path: '/api/shipping-claims/:id/cancel',
    tag: TAG,
    summary: 'Withdraw an open claim before it is submitted',
    params: IdParams,
    body: ShippingClaimCancelInput,
    response: ShippingClaim,
  }),
  shippingClaimPdf: endpoint({
    method: 'GET',
    path: '/api/shipping-claims/:id/pdf',
    permission: 'view_shipping_claim',
    tag: TAG,
    summary: 'The claim as a PDF for the carrier (A4, in the language of lang or Accept-Language)',
    params: IdParams,
    query: PrintoutQuery,
    response: PdfFile,
  }),
};
