import { z } from 'zod';
import { SalesChannel } from '../master-data/enumerations.ts';
import { decimalString } from '../platform/decimal.ts';
import { actionEndpoint, defineDocument, documentStatuses } from '../platform/documents.ts';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate, PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { PdfFile, PrintoutQuery } from '../platform/printouts.ts';
import { singleLine } from '../platform/text.ts';
import { SalesInvoiceStatus } from './sales-invoices.ts';

/**
 * Pick lists (DOMAIN.md "Sales and fulfilment"; issue 17): a batch of BOOKED sales invoices of ONE warehouse that a
 * picker walks once. Numbered PL-{YYYY}-{SEQ:5} (document kind `pickList`). Screen: Pick List /sales-invoice/pick-list;
 * every endpoint needs handle_pick_list_process.
 *
 * The flow (`pickListDocument`), and what it does to the invoices on it (`salesInvoiceDocument`'s steps):
 *
 *   create ──► OPEN ──scan (picked counts saved as the picker goes)──► OPEN
 *                │ ──confirm──► CONFIRMED   fully picked invoices:   PROCESSING ──pack──► READY_FOR_DELIVERY
 *                │                          short invoices: BACK_TO_BOOKED  PROCESSING ──unpick──► BOOKED
 *                │                                          PARTIAL  ──pack──► READY_FOR_DELIVERY with what was picked,
 *                │                                                   the rest split off into a BOOKED back-order
 *                └──cancel──► CANCELED      every invoice:           PROCESSING ──unpick──► BOOKED
 *
 * - Create (`POST /api/pick-lists`, Idempotency-Key honoured): the invoices are chosen by id (`invoiceIds`) or by a
 *   filter (channel, carrier, invoice date range, single- or multi-line; oldest first, at most PICK_LIST_INVOICES_MAX)
 *   within ONE warehouse (`warehouseId`, required). `GET /api/pick-lists/candidates` pages what the same filter would
 *   batch. Creating locks the invoices (in id order) and moves every one BOOKED → PROCESSING (`pick`) in one
 *   transaction: an invoice that is not BOOKED answers 409 PICK_LIST_INVOICE_NOT_BOOKED, one already on an open list
 *   409 PICK_LIST_INVOICE_ON_ANOTHER_LIST (details name it and the list), one of another warehouse 422
 *   PICK_LIST_INVOICE_OTHER_WAREHOUSE; nothing is written then. Two creates racing for one invoice: the second waits
 *   for the first's row lock and then finds it PROCESSING (and a unique index on the open membership is the last
 *   guard), so an invoice is never on two lists.
 * - Lines: one per product, the total over the invoices and the quantity per invoice (`invoices`), in pick order: the
 *   product's pick bin in the warehouse (the pickable bin holding it with the lowest pick sequence, else any bin
 *   holding it; chosen when the list is made), bins by pick sequence then code, products without a bin last, then by
 *   SKU. Services are not picked. The pick sheet PDF (`GET …/:id/pdf`) lists them with tick boxes.
 * - Scan (`POST …/:id/scan`, OPEN only): a SKU or barcode (keyboard wedge) adds 1, or the quantity typed, to the
 *   product's picked count (`mode: SET` writes the count, e.g. 0 to start again). A code of no product on the list:
 *   422 PICK_LIST_PRODUCT_NOT_ON_LIST; more than the line needs: 422 PICK_LIST_OVER_PICK (details: sku, required,
 *   picked, asked). The warehouse the picker is in (`warehouseId`) must be the list's: 422 PICK_LIST_WAREHOUSE_MISMATCH.
 * - Confirm (`POST …/:id/confirm`, OPEN only, so a second confirm is 409 PICK_LIST_STATUS_CONFLICT: two confirmations
 *   of one list post once): the warehouse given must be the list's (422 PICK_LIST_WAREHOUSE_MISMATCH). Picked units
 *   are allocated per product to the list's invoices oldest first (invoice date, then number), each invoice's lines in
 *   line order. A fully picked invoice is packed: PROCESSING → READY_FOR_DELIVERY. A short invoice goes the way the
 *   user chose, for the list (`shortPick`) or per invoice (`invoiceChoices`):
 *     BACK_TO_BOOKED (default)  the invoice returns to BOOKED with all its reservations kept; it can go on a later list.
 *                               Its picked units go back to the shelf (nothing was posted).
 *     PARTIAL                   the invoice goes on with what was picked (READY_FOR_DELIVERY); the unpicked remainder is
 *                               split off into a back-order: a new BOOKED sales invoice (its own SI number, no external
 *                               order id, `backorder_of` the original) with the remaining quantities at the same prices,
 *                               discounts and VAT codes, no shipping charge; the remaining reserved units are moved to
 *                               it (the reservations' sum is unchanged). The original's lines are reduced to what was
 *                               picked (a line with nothing picked is removed) and its totals recomputed with
 *                               `salesInvoiceTotals`. An invoice with nothing picked at all goes BACK_TO_BOOKED.
 * - Cancel (`POST …/:id/cancel`, OPEN only): every invoice on it returns to BOOKED, reservations kept.
 * - Stock: picking moves no stock and posts nothing; the reservations stay until the ship list issues them.
 */

export const PickListErrorCode = {
  /** The list's status does not allow this step (details: DocumentStatusConflictDetails). */
  PICK_LIST_STATUS_CONFLICT: 'PICK_LIST_STATUS_CONFLICT',
  /** The warehouse chosen does not exist or is inactive. */
  PICK_LIST_WAREHOUSE_UNKNOWN: 'PICK_LIST_WAREHOUSE_UNKNOWN',
  /** No invoice chosen or none matches the filter. */
  PICK_LIST_NO_INVOICES: 'PICK_LIST_NO_INVOICES',
  /** An invoice chosen is not BOOKED (409; details: PickListInvoiceConflictDetails). */
  PICK_LIST_INVOICE_NOT_BOOKED: 'PICK_LIST_INVOICE_NOT_BOOKED',
  /** An invoice chosen is on another open pick list (409; details: PickListInvoiceConflictDetails). */
  PICK_LIST_INVOICE_ON_ANOTHER_LIST: 'PICK_LIST_INVOICE_ON_ANOTHER_LIST',
  /** An invoice chosen ships from another warehouse than the list's (422). */
  PICK_LIST_INVOICE_OTHER_WAREHOUSE: 'PICK_LIST_INVOICE_OTHER_WAREHOUSE',
  /** A scanned code is no product on the list (422). */
  PICK_LIST_PRODUCT_NOT_ON_LIST: 'PICK_LIST_PRODUCT_NOT_ON_LIST',
  /** A scan would pick more than the line needs (422; details: sku, required, picked, requested). */
  PICK_LIST_OVER_PICK: 'PICK_LIST_OVER_PICK',
  /** The warehouse given is not the list's (422; details: expected and given warehouse). */
  PICK_LIST_WAREHOUSE_MISMATCH: 'PICK_LIST_WAREHOUSE_MISMATCH',
  /** A per-invoice choice names an invoice that is not on the list (422). */
  PICK_LIST_INVOICE_NOT_ON_LIST: 'PICK_LIST_INVOICE_NOT_ON_LIST',
} as const;
export type PickListErrorCode = (typeof PickListErrorCode)[keyof typeof PickListErrorCode];

/** The pick list as a document (see the flow above). */
export const pickListDocument = defineDocument({
  name: 'pick_list',
  label: 'Pick list',
  errorPrefix: 'PICK_LIST',
  statuses: {
    OPEN: { tone: 'progress', open: true, phrase: 'open' },
    CONFIRMED: { tone: 'success', open: false, phrase: 'confirmed' },
    CANCELED: { tone: 'danger', open: false, phrase: 'cancelled' },
  },
  actions: {
    scan: { from: ['OPEN'], to: [], permission: 'handle_pick_list_process', done: 'scanned' },
    confirm: { from: ['OPEN'], to: ['CONFIRMED'], permission: 'handle_pick_list_process', done: 'confirmed' },
    cancel: {
      from: ['OPEN'],
      to: ['CANCELED'],
      permission: 'handle_pick_list_process',
      destructive: true,
      done: 'cancelled',
    },
  },
});

export const PICK_LIST_STATUSES = documentStatuses(pickListDocument);
export const PickListStatus = z.enum(PICK_LIST_STATUSES);
export type PickListStatus = z.infer<typeof PickListStatus>;

/** The most invoices one list batches. */
export const PICK_LIST_INVOICES_MAX = 500;
export const PICK_LIST_NOTE_MAX = 500;

/** Single-line invoices (one line), or multi-line ones. */
export const PICK_LIST_LINE_KINDS = ['SINGLE', 'MULTI'] as const;
export const PickListLineKind = z.enum(PICK_LIST_LINE_KINDS);
export type PickListLineKind = z.infer<typeof PickListLineKind>;

/** What happens to an invoice that was not wholly picked (see the flow above). */
export const PICK_LIST_SHORT_PICK_CHOICES = ['BACK_TO_BOOKED', 'PARTIAL'] as const;
export const PickListShortPick = z.enum(PICK_LIST_SHORT_PICK_CHOICES);
export type PickListShortPick = z.infer<typeof PickListShortPick>;

/** What the invoice became at confirmation. */
export const PICK_LIST_INVOICE_OUTCOMES = ['PICKED', 'BACK_TO_BOOKED', 'PARTIAL', 'RELEASED'] as const;
export const PickListInvoiceOutcome = z.enum(PICK_LIST_INVOICE_OUTCOMES);
export type PickListInvoiceOutcome = z.infer<typeof PickListInvoiceOutcome>;

/** Which BOOKED invoices of a warehouse a list would batch. */
export const PickListCandidateFilter = z.object({
  warehouseId: Uuid,
  channel: SalesChannel.optional(),
  /** A shipping carrier: invoices whose carrier service is one of its services. */
  carrierId: Uuid.optional(),
  /** Invoice date, inclusive. */
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  lines: PickListLineKind.optional(),
});
export type PickListCandidateFilter = z.infer<typeof PickListCandidateFilter>;
export const PickListCandidateQuery = PageQuery.pick({ page: true, pageSize: true }).extend(
  PickListCandidateFilter.shape,
);
export type PickListCandidateQuery = z.input<typeof PickListCandidateQuery>;

export const PickListCandidate = z
  .object({
    id: Uuid,
    number: z.string(),
    channel: SalesChannel,
    externalOrderId: z.string().nullable(),
    invoiceDate: z.string(),
    customerName: z.string(),
    carrierName: z.string().nullable(),
    carrierServiceName: z.string().nullable(),
    lineCount: z.number().int(),
    totalQuantity: z.string(),
  })
  .meta({ id: 'PickListCandidate' });
export type PickListCandidate = z.infer<typeof PickListCandidate>;
export const PickListCandidatePage = pageOf(PickListCandidate);
export type PickListCandidatePage = z.infer<typeof PickListCandidatePage>;

export const PickListCreateInput = z.object({
  warehouseId: Uuid,
  /** The invoices chosen; empty: every candidate of the filter (oldest first, at most PICK_LIST_INVOICES_MAX). */
  invoiceIds: z
    .array(Uuid)
    .max(PICK_LIST_INVOICES_MAX, `a pick list holds at most ${PICK_LIST_INVOICES_MAX} invoices`)
    .default([]),
  filter: PickListCandidateFilter.omit({ warehouseId: true }).default({}),
  note: z.string().trim().max(PICK_LIST_NOTE_MAX, `a note has at most ${PICK_LIST_NOTE_MAX} characters`).default(''),
});
export type PickListCreateInput = z.input<typeof PickListCreateInput>;

/** A scanned quantity: positive, 4 places. */
const ScanQuantity = decimalString({ scale: 4, precision: 12, positive: true });
const SetQuantity = decimalString({ scale: 4, precision: 12 });

export const PickListScanInput = z
  .object({
    /** A SKU or barcode, as the scanner types it. */
    code: singleLine(z.string().trim().min(1, 'scan or type a SKU or barcode').max(100)),
    /** ADD (default): add the quantity (1 when empty); SET: write the picked count. */
    mode: z.enum(['ADD', 'SET']).default('ADD'),
    quantity: z.union([ScanQuantity, SetQuantity]).optional(),
    /** The warehouse the picker is in (the one chosen on the screen); the list's when empty. */
    warehouseId: Uuid.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'SET' && v.quantity === undefined)
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'give the picked count to set' });
    if (v.mode === 'ADD' && v.quantity !== undefined && !ScanQuantity.safeParse(v.quantity).success)
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'a scan adds a quantity above zero' });
  });
export type PickListScanInput = z.input<typeof PickListScanInput>;

export const PickListConfirmInput = z.object({
  /** The warehouse the picker confirms in: must be the list's (422 PICK_LIST_WAREHOUSE_MISMATCH). */
  warehouseId: Uuid,
  /** What becomes of short invoices (see the flow above). */
  shortPick: PickListShortPick.default('BACK_TO_BOOKED'),
  /** Per invoice, overriding `shortPick`. */
  invoiceChoices: z
    .array(z.object({ invoiceId: Uuid, shortPick: PickListShortPick }))
    .max(PICK_LIST_INVOICES_MAX)
    .default([]),
});
export type PickListConfirmInput = z.input<typeof PickListConfirmInput>;

// Output

const Ref = z.object({ id: Uuid, code: z.string(), name: z.string() });
const UserRef = z.object({ id: Uuid, username: z.string() }).nullable();

export const PickListLineInvoice = z.object({
  invoiceId: Uuid,
  number: z.string(),
  required: z.string(),
  /** Allocated at confirmation ("0" before). */
  allocated: z.string(),
});

export const PickListLine = z
  .object({
    product: z.object({
      id: Uuid,
      sku: z.string(),
      name: z.string(),
      barcode: z.string().nullable(),
      unit: z.string(),
    }),
    bin: z.object({ id: Uuid, code: z.string(), pickSequence: z.number().int() }).nullable(),
    required: z.string(),
    picked: z.string(),
    invoices: z.array(PickListLineInvoice),
  })
  .meta({ id: 'PickListLine' });
export type PickListLine = z.infer<typeof PickListLine>;

export const PickListInvoice = z
  .object({
    id: Uuid,
    number: z.string(),
    /** The invoice's status now. */
    status: SalesInvoiceStatus,
    channel: SalesChannel,
    invoiceDate: z.string(),
    customerName: z.string(),
    totalQuantity: z.string(),
    outcome: PickListInvoiceOutcome.nullable(),
    /** The back-order a PARTIAL pick split off. */
    backorder: z.object({ id: Uuid, number: z.string() }).nullable(),
  })
  .meta({ id: 'PickListInvoice' });
export type PickListInvoice = z.infer<typeof PickListInvoice>;

const pickListFields = {
  id: Uuid,
  number: z.string(),
  status: PickListStatus,
  warehouse: Ref,
  note: z.string(),
  invoiceCount: z.number().int(),
  lineCount: z.number().int(),
  requiredQuantity: z.string(),
  pickedQuantity: z.string(),
  createdAt: z.string(),
  createdBy: UserRef,
  confirmedAt: z.string().nullable(),
  confirmedBy: UserRef,
  canceledAt: z.string().nullable(),
};

export const PickListSummary = z.object(pickListFields).meta({ id: 'PickListSummary' });
export type PickListSummary = z.infer<typeof PickListSummary>;

export const PickList = z
  .object({
    ...pickListFields,
    /** Chosen at confirmation: the list's short-pick choice. */
    shortPick: PickListShortPick.nullable(),
    lines: z.array(PickListLine),
    invoices: z.array(PickListInvoice),
  })
  .meta({ id: 'PickList' });
export type PickList = z.infer<typeof PickList>;

/** The details of PICK_LIST_INVOICE_NOT_BOOKED and PICK_LIST_INVOICE_ON_ANOTHER_LIST. */
export const PickListInvoiceConflictDetails = z.object({
  invoiceId: Uuid,
  number: z.string(),
  status: z.string(),
  pickList: z.object({ id: Uuid, number: z.string() }).nullable(),
});
export type PickListInvoiceConflictDetails = z.infer<typeof PickListInvoiceConflictDetails>;

export const PICK_LIST_SORTS = ['number', 'status', 'createdAt', 'warehouse'] as const;

export const PickListListQuery = PageQuery.extend({
  status: PickListStatus.optional(),
  warehouseId: Uuid.optional(),
  /** The lists an invoice is or was on. */
  invoiceId: Uuid.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export type PickListListQuery = z.infer<typeof PickListListQuery>;

export const PickListPage = pageOf(PickListSummary).extend({
  statusCounts: z.object(
    Object.fromEntries(PICK_LIST_STATUSES.map((s) => [s, z.number().int()])) as Record<PickListStatus, z.ZodNumber>,
  ),
});
export type PickListPage = z.infer<typeof PickListPage>;

const IdParams = z.object({ id: Uuid });
const TAG = 'sales';
const PERMISSION = 'handle_pick_list_process';

export const pickListsApi = {
  listPickLists: endpoint({
    method: 'GET',
    path: '/api/pick-lists',
    permission: PERMISSION,
    tag: TAG,
    summary:
      'Pick lists, paged, with counts per status for the tabs; search by number; filter by status, warehouse, an invoice on it and the day made',
    query: PickListListQuery,
    response: PickListPage,
  }),
  pickListCandidates: endpoint({
    method: 'GET',
    path: '/api/pick-lists/candidates',
    permission: PERMISSION,
    tag: TAG,
    summary:
      'The BOOKED invoices of a warehouse, not on an open list, that a filter (channel, carrier, invoice dates, single- or multi-line) would batch, oldest first',
    query: PickListCandidateQuery,
    response: PickListCandidatePage,
  }),
  getPickList: endpoint({
    method: 'GET',
    path: '/api/pick-lists/:id',
    permission: PERMISSION,
    tag: TAG,
    summary: 'One pick list with its lines in pick order (picked and required) and its invoices',
    params: IdParams,
    response: PickList,
  }),
  createPickList: endpoint({
    method: 'POST',
    path: '/api/pick-lists',
    permission: PERMISSION,
    tag: TAG,
    summary:
      'Batch BOOKED invoices of one warehouse (by id or by filter) on a new pick list: each goes BOOKED → PROCESSING, all or none',
    body: PickListCreateInput,
    response: PickList,
    status: 201,
    idempotent: true,
  }),
  scanPickList: actionEndpoint(pickListDocument, 'scan', {
    path: '/api/pick-lists/:id/scan',
    tag: TAG,
    summary:
      'Record picked units by SKU or barcode: add 1 (or a quantity) or set the count; never above what is needed',
    params: IdParams,
    body: PickListScanInput,
    response: PickList,
  }),
  confirmPickList: actionEndpoint(pickListDocument, 'confirm', {
    path: '/api/pick-lists/:id/confirm',
    tag: TAG,
    summary:
      'Confirm the picked units: fully picked invoices become READY_FOR_DELIVERY; short ones go back to BOOKED or on partly with a back-order, as chosen',
    params: IdParams,
    body: PickListConfirmInput,
    response: PickList,
  }),
  cancelPickList: actionEndpoint(pickListDocument, 'cancel', {
    path: '/api/pick-lists/:id/cancel',
    tag: TAG,
    summary: 'Cancel an open pick list: its invoices go back to BOOKED (reservations kept)',
    params: IdParams,
    response: PickList,
  }),
  pickListPdf: endpoint({
    method: 'GET',
    path: '/api/pick-lists/:id/pdf',
    permission: PERMISSION,
    tag: TAG,
    summary: 'The pick sheet as a PDF: bin, SKU, barcode, name, quantity and tick boxes, in pick order',
    params: IdParams,
    query: PrintoutQuery,
    response: PdfFile,
  }),
};
