import { z } from 'zod';
import { SalesChannel } from '../master-data/enumerations.ts';
import { decimalString } from '../platform/decimal.ts';
import { actionEndpoint, defineDocument, documentStatuses } from '../platform/documents.ts';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate, PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { PdfFile, PrintoutQuery } from '../platform/printouts.ts';
import { CarrierServiceOption, ShipmentParcel } from './shipments.ts';

/**
 * Ship lists (DOMAIN.md "Sales and fulfilment"; issue 17): the last step of order to cash. Screen: Ship List
 * /sales-invoice/sales-invoice-process (ship_list). A ship list is a numbered document (kind `shipList`,
 * SL-{YYYY}-{SEQ:5}) that batches packed invoices (READY_FOR_DELIVERY: picked and packed on a pick list) of ONE
 * warehouse and ships them together:
 *
 *   create ──► OPEN ──confirm──► CONFIRMED   (every invoice shipped: sales invoice `ship` → PROCESSED)
 *                │
 *                └──cancel────► CANCELED    (its invoices stay READY_FOR_DELIVERY, free for another list)
 *
 * - Candidates (`GET /api/ship-lists/candidates`): READY_FOR_DELIVERY invoices of a warehouse on no OPEN ship list,
 *   paged, filtered by channel, carrier (of the invoice's carrier service) and invoice date.
 * - Create (`POST /api/ship-lists`, Idempotency-Key honoured): the chosen invoices, all of the warehouse, all
 *   READY_FOR_DELIVERY and on no other OPEN list (422 SHIP_LIST_INVOICE_NOT_READY naming them; the partial unique
 *   index on ship_list_invoices refuses a race). Each invoice's row starts with the invoice's carrier service and
 *   one parcel without weight or tracking number.
 * - Rows are typed on the page (carrier service, parcels with their weight in kg, exact to the gram, and tracking
 *   numbers typed or scanned with a keyboard wedge). The page keeps what is typed in the browser and, with "Save for
 *   later", as the user's server draft (kind SHIP_LIST, Ship List - Saved Drafts /draft/draft-list) that reopens the
 *   list as it was. The ship list itself stores rows only when confirmed: a half-typed list is one person's work in
 *   progress, not a business fact, and one server-side mechanism (drafts) keeps every long form's work in progress.
 * - Confirm (`POST …/:id/confirm`, idempotent; a second confirm answers 409 SHIP_LIST_STATUS_CONFLICT; two at once
 *   post once, the second waiting on the list's row lock) takes the rows in its body, one per invoice of the list,
 *   and in ONE transaction: checks them (422 SHIP_LIST_ROWS_MISMATCH, SHIP_LIST_CARRIER_SERVICE_UNKNOWN,
 *   SHIP_LIST_TRACKING_REQUIRED when a tracked service's parcel has no tracking number, SHIP_LIST_TRACKING_DUPLICATE
 *   for a number typed twice, SHIP_LIST_TRACKING_NUMBER_USED for one already on another shipment of the carrier (a number is
 *   unique per carrier: two carriers may issue the same text): the unique index on
 *   ship_list_parcels is the last word), then per invoice, in id order: the sales invoice's `ship` step (409
 *   SALES_INVOICE_STATUS_CONFLICT when it is no longer READY_FOR_DELIVERY) issues every line's reservation whole at
 *   FIFO cost through the stock core (ISSUE rows, source `sales_invoice`; consignment units record what is owed to
 *   their supplier), refused with 422 SHIP_LIST_STOCK_SHORT naming the invoices and SKUs when a loss left a
 *   reservation short; records the shipment on the invoice (shipped at, carrier, service, parcels, tracking numbers,
 *   the list's number) and, for a channel other than MANUAL, queues the channel message STATUS_SHIPPED in the outbox
 *   (`CHANNEL_ORDER_EVENT`, below). Any refusal writes nothing.
 * - Carrier labels come later with the carrier connectors: each parcel has a `labelReference` (the connector's label
 *   id) that stays empty until then; no label is made up here.
 * - Packing slips (`GET …/:id/packing-slips`): every invoice's packing slip in one PDF (no prices). One invoice's is
 *   `GET /api/sales-invoices/:id/packing-slip`.
 */

export const ShipListErrorCode = {
  /** The ship list's status does not allow this step (details: DocumentStatusConflictDetails). */
  SHIP_LIST_STATUS_CONFLICT: 'SHIP_LIST_STATUS_CONFLICT',
  /** The warehouse chosen does not exist or is inactive. */
  SHIP_LIST_WAREHOUSE_UNKNOWN: 'SHIP_LIST_WAREHOUSE_UNKNOWN',
  /** An invoice chosen is not READY_FOR_DELIVERY in the warehouse, or is on another open ship list (details: invoices). */
  SHIP_LIST_INVOICE_NOT_READY: 'SHIP_LIST_INVOICE_NOT_READY',
  /** The confirm's rows are not exactly one per invoice of the list. */
  SHIP_LIST_ROWS_MISMATCH: 'SHIP_LIST_ROWS_MISMATCH',
  /** A row has no carrier service, or one that does not exist or is inactive. */
  SHIP_LIST_CARRIER_SERVICE_UNKNOWN: 'SHIP_LIST_CARRIER_SERVICE_UNKNOWN',
  /** A parcel of a tracked service has no tracking number (details: invoice numbers). */
  SHIP_LIST_TRACKING_REQUIRED: 'SHIP_LIST_TRACKING_REQUIRED',
  /** The same tracking number typed twice on this list for one carrier. */
  SHIP_LIST_TRACKING_DUPLICATE: 'SHIP_LIST_TRACKING_DUPLICATE',
  /** A tracking number is already on another shipment of the same carrier (details: trackingNumber, shipList, invoice). */
  SHIP_LIST_TRACKING_NUMBER_USED: 'SHIP_LIST_TRACKING_NUMBER_USED',
  /** A reservation of an invoice went short (a loss took the stock) since it was booked (details: invoices). */
  SHIP_LIST_STOCK_SHORT: 'SHIP_LIST_STOCK_SHORT',
} as const;
export type ShipListErrorCode = (typeof ShipListErrorCode)[keyof typeof ShipListErrorCode];

/** The ship list as a document (see the flow above). */
export const shipListDocument = defineDocument({
  name: 'ship_list',
  label: 'Ship list',
  errorPrefix: 'SHIP_LIST',
  statuses: {
    OPEN: { tone: 'info', open: true, phrase: 'open' },
    CONFIRMED: { tone: 'success', open: false, phrase: 'confirmed' },
    CANCELED: { tone: 'danger', open: false, phrase: 'cancelled' },
  },
  actions: {
    confirm: { from: ['OPEN'], to: ['CONFIRMED'], permission: 'ship_list', idempotent: true, done: 'confirmed' },
    cancel: { from: ['OPEN'], to: ['CANCELED'], permission: 'ship_list', destructive: true, done: 'cancelled' },
  },
});

export const SHIP_LIST_STATUSES = documentStatuses(shipListDocument);
export const ShipListStatus = z.enum(SHIP_LIST_STATUSES);
export type ShipListStatus = z.infer<typeof ShipListStatus>;

/**
 * The outbox event a shipment of a channel order queues for that channel's connector (the next issue's connectors
 * register a handler for it). Until one exists the event waits PENDING in `outbox_events` (the job runner keeps
 * events of this type for a handler instead of delivering them to nobody): neither lost nor failing.
 */
export const CHANNEL_ORDER_EVENT = 'channel.order_event';

/** The payload of a CHANNEL_ORDER_EVENT of process type STATUS_SHIPPED. */
export const ChannelShippedPayload = z.object({
  processType: z.literal('STATUS_SHIPPED'),
  channel: SalesChannel,
  externalOrderId: z.string().nullable(),
  invoiceId: Uuid,
  invoiceNumber: z.string(),
  shipListNumber: z.string(),
  shippedAt: z.string(),
  carrier: z.object({ code: z.string(), name: z.string() }),
  service: z.object({ code: z.string(), name: z.string() }),
  trackingNumbers: z.array(z.string()),
});
export type ChannelShippedPayload = z.infer<typeof ChannelShippedPayload>;

export const SHIP_LIST_INVOICES_MAX = 500;
export const SHIP_LIST_PARCELS_MAX = 50;
export const SHIP_LIST_REASON_MAX = 500;
export const TRACKING_NUMBER_MAX = 60;

/** A parcel's weight in kg: exact to the gram, above zero, at most 9,999.999 kg. */
export const ParcelWeightKg = decimalString({ scale: 3, precision: 4, positive: true });

/** A tracking number as typed or scanned: trimmed, capitals, letters, digits, - and / only. */
export const TrackingNumber = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, 'a tracking number is needed')
  .max(TRACKING_NUMBER_MAX, `a tracking number has at most ${TRACKING_NUMBER_MAX} characters`)
  .regex(/^[A-Z0-9][A-Z0-9/-]*$/, 'a tracking number is letters, digits, - and / only');

export const ShipListCreateInput = z.object({
  warehouseId: Uuid,
  invoiceIds: z
    .array(Uuid)
    .min(1, 'a ship list has at least one invoice')
    .max(SHIP_LIST_INVOICES_MAX, `a ship list has at most ${SHIP_LIST_INVOICES_MAX} invoices`)
    .refine((ids) => new Set(ids).size === ids.length, 'an invoice is listed once'),
  note: z.string().trim().max(2000, 'a note has at most 2000 characters').default(''),
});
export type ShipListCreateInput = z.input<typeof ShipListCreateInput>;

export const ShipListParcelInput = z.object({
  weightKg: ParcelWeightKg,
  /** Empty for an untracked service (required for a tracked one). */
  trackingNumber: TrackingNumber.nullish().transform((v) => v ?? null),
});
export type ShipListParcelInput = z.input<typeof ShipListParcelInput>;

export const ShipListRowInput = z.object({
  invoiceId: Uuid,
  carrierServiceId: Uuid,
  parcels: z
    .array(ShipListParcelInput)
    .min(1, 'a shipment has at least one parcel')
    .max(SHIP_LIST_PARCELS_MAX, `a shipment has at most ${SHIP_LIST_PARCELS_MAX} parcels`),
});
export type ShipListRowInput = z.input<typeof ShipListRowInput>;

export const ShipListConfirmInput = z.object({
  rows: z.array(ShipListRowInput).min(1).max(SHIP_LIST_INVOICES_MAX),
});
export type ShipListConfirmInput = z.input<typeof ShipListConfirmInput>;

export const ShipListCancelInput = z.object({
  reason: z
    .string()
    .trim()
    .max(SHIP_LIST_REASON_MAX, `a reason has at most ${SHIP_LIST_REASON_MAX} characters`)
    .default(''),
});
export type ShipListCancelInput = z.input<typeof ShipListCancelInput>;

// ---------------------------------------------------------------------------------------------
// Output

const UserRef = z.object({ id: Uuid, username: z.string() }).nullable();

/** A READY_FOR_DELIVERY invoice as the ship list shows it. */
export const ShipListInvoiceHead = z.object({
  id: Uuid,
  number: z.string(),
  status: z.string(),
  channel: SalesChannel,
  externalOrderId: z.string().nullable(),
  invoiceDate: z.string(),
  customerName: z.string(),
  deliveryName: z.string().nullable(),
  deliveryPostcode: z.string().nullable(),
  deliveryCountry: z.string(),
  lineCount: z.number().int(),
  totalQuantity: z.string(),
  /** The invoice's own carrier service (the row's default). */
  carrierService: CarrierServiceOption.nullable(),
});
export type ShipListInvoiceHead = z.infer<typeof ShipListInvoiceHead>;

export const ShipListParcel = ShipmentParcel;
export type ShipListParcel = ShipmentParcel;

export const ShipListInvoiceRow = z
  .object({
    invoice: ShipListInvoiceHead,
    /** Confirmed: the service shipped with; OPEN: the invoice's own (the default). */
    carrierService: CarrierServiceOption.nullable(),
    /** Confirmed: what was shipped; OPEN: empty (typed on the page). */
    parcels: z.array(ShipListParcel),
  })
  .meta({ id: 'ShipListInvoiceRow' });
export type ShipListInvoiceRow = z.infer<typeof ShipListInvoiceRow>;

const shipListFields = {
  id: Uuid,
  number: z.string(),
  status: ShipListStatus,
  warehouse: z.object({ id: Uuid, code: z.string(), name: z.string() }),
  invoiceCount: z.number().int(),
  parcelCount: z.number().int(),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: UserRef,
  confirmedAt: z.string().nullable(),
  confirmedBy: UserRef,
  canceledAt: z.string().nullable(),
  cancelReason: z.string(),
};

export const ShipListSummary = z.object(shipListFields).meta({ id: 'ShipListSummary' });
export type ShipListSummary = z.infer<typeof ShipListSummary>;

export const ShipList = z
  .object({ ...shipListFields, canceledBy: UserRef, rows: z.array(ShipListInvoiceRow) })
  .meta({ id: 'ShipList' });
export type ShipList = z.infer<typeof ShipList>;

/** Details of SHIP_LIST_INVOICE_NOT_READY, SHIP_LIST_TRACKING_REQUIRED and SHIP_LIST_STOCK_SHORT. */
export const ShipListInvoiceProblems = z.object({
  invoices: z.array(
    z.object({
      invoiceId: Uuid,
      number: z.string(),
      /** Why, in words (its status, the list it is on, the SKUs short). */
      problem: z.string(),
    }),
  ),
});
export type ShipListInvoiceProblems = z.infer<typeof ShipListInvoiceProblems>;

// ---------------------------------------------------------------------------------------------
// Lists

export const SHIP_LIST_SORTS = ['number', 'status', 'createdAt', 'confirmedAt', 'invoiceCount'] as const;

export const ShipListListQuery = PageQuery.extend({
  status: ShipListStatus.optional(),
  warehouseId: Uuid.optional(),
  /** Created on or after / before, inclusive (London days). */
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export type ShipListListQuery = z.infer<typeof ShipListListQuery>;

export const ShipListPage = pageOf(ShipListSummary).extend({
  statusCounts: z.object(
    Object.fromEntries(SHIP_LIST_STATUSES.map((s) => [s, z.number().int()])) as Record<ShipListStatus, z.ZodNumber>,
  ),
});
export type ShipListPage = z.infer<typeof ShipListPage>;

export const ShipListCandidateQuery = PageQuery.pick({ page: true, pageSize: true, q: true }).extend({
  warehouseId: Uuid,
  channel: SalesChannel.optional(),
  carrierId: Uuid.optional(),
  /** Invoice date, inclusive. */
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export type ShipListCandidateQuery = z.infer<typeof ShipListCandidateQuery>;

const IdParams = z.object({ id: Uuid });
const TAG = 'sales';

export const shipListsApi = {
  listShipLists: endpoint({
    method: 'GET',
    path: '/api/ship-lists',
    permission: 'ship_list',
    tag: TAG,
    summary:
      'Ship lists, paged, with counts per status; search by number or an invoice number on it; filter by status, warehouse, day',
    query: ShipListListQuery,
    response: ShipListPage,
  }),
  shipListCandidates: endpoint({
    method: 'GET',
    path: '/api/ship-lists/candidates',
    permission: 'ship_list',
    tag: TAG,
    summary:
      'Packed invoices (READY_FOR_DELIVERY) of a warehouse on no open ship list, paged; search by number, order id or customer; filter by channel, carrier and invoice date',
    query: ShipListCandidateQuery,
    response: pageOf(ShipListInvoiceHead),
  }),
  shipListCarrierServices: endpoint({
    method: 'GET',
    path: '/api/ship-lists/carrier-services',
    permission: 'ship_list',
    tag: TAG,
    summary: 'The active services of the active shipping carriers, for the ship list’s selects',
    response: z.object({ items: z.array(CarrierServiceOption) }),
  }),
  getShipList: endpoint({
    method: 'GET',
    path: '/api/ship-lists/:id',
    permission: 'ship_list',
    tag: TAG,
    summary: 'One ship list with its invoices (and, once confirmed, what each was shipped with)',
    params: IdParams,
    response: ShipList,
  }),
  createShipList: endpoint({
    method: 'POST',
    path: '/api/ship-lists',
    permission: 'ship_list',
    tag: TAG,
    summary: 'Create an OPEN ship list of packed invoices of one warehouse',
    body: ShipListCreateInput,
    response: ShipList,
    status: 201,
    idempotent: true,
  }),
  confirmShipList: actionEndpoint(shipListDocument, 'confirm', {
    path: '/api/ship-lists/:id/confirm',
    tag: TAG,
    summary:
      'Ship every invoice of the list with its carrier service, parcels and tracking numbers: stock issued at FIFO cost, invoices PROCESSED, channels told (STATUS_SHIPPED); all or nothing',
    params: IdParams,
    body: ShipListConfirmInput,
    response: ShipList,
  }),
  cancelShipList: actionEndpoint(shipListDocument, 'cancel', {
    path: '/api/ship-lists/:id/cancel',
    tag: TAG,
    summary: 'Cancel an open ship list: its invoices stay packed and may go on another list',
    params: IdParams,
    body: ShipListCancelInput,
    response: ShipList,
  }),
  shipListPackingSlips: endpoint({
    method: 'GET',
    path: '/api/ship-lists/:id/packing-slips',
    permission: 'ship_list',
    tag: TAG,
    summary: 'Every invoice’s packing slip of the list in one PDF (no prices)',
    params: IdParams,
    query: PrintoutQuery,
    response: PdfFile,
  }),
};
