import { z } from 'zod';
import { SalesChannel } from '../master-data/enumerations.ts';
import { actionEndpoint, defineDocument, documentStatuses } from '../platform/documents.ts';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate, PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { PdfFile, PrintoutQuery } from '../platform/printouts.ts';
import { PositiveStockQuantity, StockMovement } from '../stock/stock.ts';

/**
 * Return tickets (DOMAIN.md "Returns" and "Returns rules (decided)"; issue 17): a customer's return, numbered
 * RT-{YYYY}-{SEQ:5} (document kind `returnTicket`). Screens: Return Tickets /return-ticket/return-tickets-list
 * (view_return_ticket) and Manual Return Ticket /return-ticket/manual-return-ticket-create (add_return_ticket).
 *
 *   create ──► OPEN ──receive──► RECEIVED ──inspect──► INSPECTED ──close──► CLOSED
 *                │
 *                └──cancel──► CANCELED   (only while OPEN: receiving posted stock, so a received ticket is
 *                                         inspected and closed, never cancelled)
 *
 * - Create (add_return_ticket, Idempotency-Key honoured) either FROM A SALES INVOICE that is PROCESSED (shipped), or
 *   MANUAL (customer, warehouse, products typed). From an invoice, a line's product must be one the invoice shipped
 *   and the ticket never returns more of a product than the invoice shipped (its ISSUE rows, source_type
 *   'sales_invoice', source_id the invoice id) less what its other tickets (not CANCELED) return: 422
 *   RETURN_TICKET_EXCEEDS_RETURNABLE with `ReturnTicketExcessDetails` (per line: shipped, returned, returnable,
 *   requested), nothing written. The invoice row is locked FOR UPDATE first, so two tickets racing for the last
 *   returnable unit are serialised: one wins, the other is refused with the figures.
 * - Per line: quantity, reason (RETURN_REASONS), condition (RETURN_CONDITIONS), note. While OPEN the ticket's day,
 *   note and lines can be changed (edit_return_ticket; the same returnable check, its own earlier lines left out).
 * - Receive (process_return_ticket) posts one RETURN row per line through the stock posting service into the
 *   warehouse's default returns bin (its receiving bin when it has none), source_type 'return_ticket'.
 *   THE COST RULE (decided): a unit comes back at the cost it left with: the invoice's ISSUE rows of that product,
 *   their current value (revaluations included) ÷ their quantity, carried exactly: the line's value is
 *   round(issued value × (returned before + this line) ÷ issued, 8) − round(issued value × returned before ÷ issued,
 *   8) (8 places, half up, as the ledger keeps value), so the returns of an invoice add up to exactly what it
 *   issued. Shipped 3 from layers 2 × £2.00 + 1 × £3.00 (£7.00): one returned comes back at £2.33333333, all three
 *   at £7.00000000. A MANUAL ticket has no issue to follow: its lines come back at the product's FIFO average in
 *   that warehouse now (stock value ÷ on hand), else the unit cost of the newest layer there
 *   (stock_levels.last_unit_cost), else the product's cost price; which one is kept on the line (`costSource`).
 *   CONSIGNMENT: when some of a product's units sold on the invoice were supplier-owned, its lines come back against
 *   the invoice's ISSUE rows of that product instead, oldest first (linked RETURN rows, several per line when
 *   needed): the supplier's units return to the supplier's ownership, valued at zero, and what is owed to the
 *   supplier drops by them (units sold net of returns); own units come back at the cost of the layers that row took.
 *   RESALEABLE units are available at once. DAMAGED and REFURBISH units are on hand and valued but held out of
 *   available stock by a reservation of the ticket (source_type 'return_ticket', source_id the ticket's id): the
 *   quarantine. A held reservation is never issued by a sale.
 * - Inspect (process_return_ticket) gives every line its outcome (RETURN_OUTCOMES):
 *     RESTOCK             available again (a held reservation is released);
 *     SCRAP               written off: a WRITE_OFF row taking back exactly the layers the line's RETURN row made
 *                         (its cost), the reservation released first;
 *     KEEP_FOR_REFURBISH  stays on hand, held by the ticket's reservation (made now for a resaleable line); the
 *                         reservation is released through the stock reservations when the unit is refurbished.
 * - Close (process_return_ticket) from INSPECTED. Every step is one transaction, audited (recordStep), its outbox
 *   event emitted; an illegal step answers 409 RETURN_TICKET_STATUS_CONFLICT through the kernel.
 */
export const ReturnTicketErrorCode = {
  /** The ticket's status does not allow this step (details: DocumentStatusConflictDetails). */
  RETURN_TICKET_STATUS_CONFLICT: 'RETURN_TICKET_STATUS_CONFLICT',
  /** More returned than the invoice shipped less earlier returns (422; details: ReturnTicketExcessDetails). */
  RETURN_TICKET_EXCEEDS_RETURNABLE: 'RETURN_TICKET_EXCEEDS_RETURNABLE',
  /** The invoice is not shipped (PROCESSED): nothing of it can come back yet. */
  RETURN_TICKET_INVOICE_NOT_SHIPPED: 'RETURN_TICKET_INVOICE_NOT_SHIPPED',
  /** A manual ticket's customer or warehouse does not exist or is inactive; or neither invoice nor both given. */
  RETURN_TICKET_PARTY_INVALID: 'RETURN_TICKET_PARTY_INVALID',
  /** A line's product does not exist, is a service, or is counted in whole units and returned in fractions. */
  RETURN_TICKET_PRODUCT_INVALID: 'RETURN_TICKET_PRODUCT_INVALID',
  /** A manual line's product has no cost to come back at (no stock history there and no cost price). */
  RETURN_TICKET_NO_COST: 'RETURN_TICKET_NO_COST',
  /** Inspecting needs one outcome for every line of the ticket, each line once. */
  RETURN_TICKET_OUTCOMES_INCOMPLETE: 'RETURN_TICKET_OUTCOMES_INCOMPLETE',
} as const;
export type ReturnTicketErrorCode = (typeof ReturnTicketErrorCode)[keyof typeof ReturnTicketErrorCode];

export const returnTicketDocument = defineDocument({
  name: 'return_ticket',
  label: 'Return ticket',
  errorPrefix: 'RETURN_TICKET',
  statuses: {
    OPEN: { tone: 'neutral', open: true, phrase: 'open' },
    RECEIVED: { tone: 'info', open: true, phrase: 'received' },
    INSPECTED: { tone: 'progress', open: true, phrase: 'inspected' },
    CLOSED: { tone: 'success', open: false, phrase: 'closed' },
    CANCELED: { tone: 'danger', open: false, phrase: 'cancelled' },
  },
  actions: {
    edit: { from: ['OPEN'], to: [], permission: 'edit_return_ticket', done: 'changed' },
    receive: {
      from: ['OPEN'],
      to: ['RECEIVED'],
      permission: 'process_return_ticket',
      idempotent: true,
      done: 'received',
    },
    inspect: {
      from: ['RECEIVED'],
      to: ['INSPECTED'],
      permission: 'process_return_ticket',
      idempotent: true,
      done: 'inspected',
    },
    close: {
      from: ['INSPECTED'],
      to: ['CLOSED'],
      permission: 'process_return_ticket',
      idempotent: true,
      done: 'closed',
    },
    cancel: {
      from: ['OPEN'],
      to: ['CANCELED'],
      permission: 'cancel_return_ticket',
      destructive: true,
      done: 'cancelled',
    },
  },
});

export const RETURN_TICKET_STATUSES = documentStatuses(returnTicketDocument);
export const ReturnTicketStatus = z.enum(RETURN_TICKET_STATUSES);
export type ReturnTicketStatus = z.infer<typeof ReturnTicketStatus>;

/** The ledger's and the reservations' source_type of a return ticket (source_id: its id, source_line: line_no). */
export const RETURN_TICKET_SOURCE_TYPE = 'return_ticket';

export const RETURN_REASONS = ['CHANGED_MIND', 'DEFECTIVE', 'WRONG_ITEM', 'DAMAGED_IN_TRANSIT', 'OTHER'] as const;
export const ReturnReason = z.enum(RETURN_REASONS);
export type ReturnReason = z.infer<typeof ReturnReason>;

export const RETURN_CONDITIONS = ['RESALEABLE', 'DAMAGED', 'REFURBISH'] as const;
export const ReturnCondition = z.enum(RETURN_CONDITIONS);
export type ReturnCondition = z.infer<typeof ReturnCondition>;

export const RETURN_OUTCOMES = ['RESTOCK', 'SCRAP', 'KEEP_FOR_REFURBISH'] as const;
export const ReturnOutcome = z.enum(RETURN_OUTCOMES);
export type ReturnOutcome = z.infer<typeof ReturnOutcome>;

/** Where a line's unit cost came from (see the cost rule above). */
export const RETURN_COST_SOURCES = ['INVOICE_ISSUE', 'FIFO_AVERAGE', 'LAST_COST', 'COST_PRICE'] as const;
export type ReturnCostSource = (typeof RETURN_COST_SOURCES)[number];

export const RETURN_TICKET_LINES_MAX = 500;
export const RETURN_TICKET_NOTE_MAX = 2000;

export const ReturnTicketLineInput = z.object({
  productId: Uuid,
  quantity: PositiveStockQuantity,
  reason: ReturnReason,
  condition: ReturnCondition,
  note: z.string().trim().max(500, 'a line note has at most 500 characters').default(''),
});
export type ReturnTicketLineInput = z.input<typeof ReturnTicketLineInput>;

/** A ticket from a shipped invoice (`invoiceId`; customer and warehouse are the invoice's) or manual. */
export const ReturnTicketInput = z
  .object({
    invoiceId: Uuid.nullable().default(null),
    /** Manual tickets only. */
    customerId: Uuid.nullable().default(null),
    warehouseId: Uuid.nullable().default(null),
    /** The day the return was raised (UK); empty: today. */
    returnDate: IsoDate.nullable().default(null),
    note: z.string().trim().max(RETURN_TICKET_NOTE_MAX).default(''),
    lines: z
      .array(ReturnTicketLineInput)
      .min(1, 'a return ticket has at least one line')
      .max(RETURN_TICKET_LINES_MAX, `a return ticket has at most ${RETURN_TICKET_LINES_MAX} lines`),
  })
  .superRefine((o, ctx) => {
    if (o.invoiceId) return;
    if (!o.customerId)
      ctx.addIssue({ code: 'custom', path: ['customerId'], message: 'a manual return names its customer' });
    if (!o.warehouseId)
      ctx.addIssue({ code: 'custom', path: ['warehouseId'], message: 'a manual return names its warehouse' });
  });
export type ReturnTicketInput = z.input<typeof ReturnTicketInput>;

/** Changing an OPEN ticket: its day, note and lines (replaced whole); the invoice, customer and warehouse stay. */
export const ReturnTicketUpdateInput = z.object({
  returnDate: IsoDate.nullable().default(null),
  note: z.string().trim().max(RETURN_TICKET_NOTE_MAX).default(''),
  lines: z
    .array(ReturnTicketLineInput)
    .min(1, 'a return ticket has at least one line')
    .max(RETURN_TICKET_LINES_MAX, `a return ticket has at most ${RETURN_TICKET_LINES_MAX} lines`),
});
export type ReturnTicketUpdateInput = z.input<typeof ReturnTicketUpdateInput>;

export const ReturnTicketInspectInput = z.object({
  outcomes: z
    .array(z.object({ lineNo: z.number().int().min(1), outcome: ReturnOutcome }))
    .min(1)
    .max(RETURN_TICKET_LINES_MAX),
});
export type ReturnTicketInspectInput = z.input<typeof ReturnTicketInspectInput>;

export const ReturnTicketCancelInput = z.object({ reason: z.string().trim().max(500).default('') });
export type ReturnTicketCancelInput = z.input<typeof ReturnTicketCancelInput>;

const Ref = z.object({ id: Uuid, code: z.string(), name: z.string() });
const UserRef = z.object({ id: Uuid, username: z.string() }).nullable();

export const ReturnTicketLine = z
  .object({
    id: Uuid,
    lineNo: z.number().int(),
    product: z.object({ id: Uuid, sku: z.string(), name: z.string(), unit: z.string() }),
    quantity: z.string(),
    reason: ReturnReason,
    condition: ReturnCondition,
    note: z.string(),
    /** Set at inspection. */
    outcome: ReturnOutcome.nullable(),
    /** GBP per unit and value it came back at; null before receiving. */
    unitCost: z.string().nullable(),
    value: z.string().nullable(),
    costSource: z.enum(RETURN_COST_SOURCES).nullable(),
    /** The reservation holding it out of available stock (DAMAGED, REFURBISH, KEEP_FOR_REFURBISH). */
    holdReservationId: Uuid.nullable(),
  })
  .meta({ id: 'ReturnTicketLine' });
export type ReturnTicketLine = z.infer<typeof ReturnTicketLine>;

const ticketFields = {
  id: Uuid,
  number: z.string(),
  status: ReturnTicketStatus,
  invoice: z
    .object({ id: Uuid, number: z.string(), channel: SalesChannel, externalOrderId: z.string().nullable() })
    .nullable(),
  customer: z.object({ id: Uuid, name: z.string() }),
  warehouse: Ref,
  returnDate: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  receivedAt: z.string().nullable(),
  inspectedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
};

export const ReturnTicketSummary = z
  .object({ ...ticketFields, lineCount: z.number().int(), quantity: z.string(), value: z.string().nullable() })
  .meta({ id: 'ReturnTicketSummary' });
export type ReturnTicketSummary = z.infer<typeof ReturnTicketSummary>;

export const ReturnTicket = z
  .object({
    ...ticketFields,
    note: z.string(),
    cancelReason: z.string(),
    createdBy: UserRef,
    receivedBy: UserRef,
    inspectedBy: UserRef,
    closedBy: UserRef,
    canceledBy: UserRef,
    lines: z.array(ReturnTicketLine),
    totals: z.object({ quantity: z.string(), value: z.string().nullable() }),
  })
  .meta({ id: 'ReturnTicket' });
export type ReturnTicket = z.infer<typeof ReturnTicket>;

export const ReturnTicketStepResult = z.object({ ticket: ReturnTicket, movements: z.array(StockMovement) });
export type ReturnTicketStepResult = z.infer<typeof ReturnTicketStepResult>;

/** The details of RETURN_TICKET_EXCEEDS_RETURNABLE: each line asking for more than is left to return. */
export const ReturnTicketExcessDetails = z.object({
  invoiceNumber: z.string(),
  lines: z.array(
    z.object({
      line: z.number().int(),
      lineNo: z.number().int(),
      productId: Uuid,
      sku: z.string(),
      shipped: z.string(),
      returned: z.string(),
      returnable: z.string(),
      requested: z.string(),
    }),
  ),
});
export type ReturnTicketExcessDetails = z.infer<typeof ReturnTicketExcessDetails>;

/** A shipped invoice's products with what can still come back (the "from an invoice" form). */
export const ReturnableProduct = z
  .object({
    product: z.object({ id: Uuid, sku: z.string(), name: z.string(), unit: z.string() }),
    sold: z.string(),
    shipped: z.string(),
    returned: z.string(),
    returnable: z.string(),
    /** GBP per unit the units left with (issued value ÷ issued quantity, 8 places). */
    unitCost: z.string().nullable(),
  })
  .meta({ id: 'ReturnableProduct' });
export type ReturnableProduct = z.infer<typeof ReturnableProduct>;

export const ReturnableInvoice = z
  .object({
    id: Uuid,
    number: z.string(),
    status: z.string(),
    channel: SalesChannel,
    externalOrderId: z.string().nullable(),
    customer: z.object({ id: Uuid, name: z.string() }),
    warehouse: Ref,
    invoiceDate: z.string(),
    products: z.array(ReturnableProduct),
  })
  .meta({ id: 'ReturnableInvoice' });
export type ReturnableInvoice = z.infer<typeof ReturnableInvoice>;

/** A shipped invoice found by the form's search. */
export const ShippedInvoiceOption = z
  .object({
    id: Uuid,
    number: z.string(),
    channel: SalesChannel,
    externalOrderId: z.string().nullable(),
    customerName: z.string(),
    invoiceDate: z.string(),
  })
  .meta({ id: 'ShippedInvoiceOption' });
export type ShippedInvoiceOption = z.infer<typeof ShippedInvoiceOption>;

export const RETURN_TICKET_SORTS = ['number', 'status', 'returnDate', 'createdAt', 'customer', 'warehouse'] as const;

/**
 * Search (`q`: ticket number, invoice number, external order id, customer name, a SKU on a line), filters and sort:
 * what the list and its export share. Dates are the return date, inclusive.
 */
export const ReturnTicketFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  status: ReturnTicketStatus.optional(),
  warehouseId: Uuid.optional(),
  channel: SalesChannel.optional(),
  reason: ReturnReason.optional(),
  condition: ReturnCondition.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export type ReturnTicketFilter = z.infer<typeof ReturnTicketFilter>;
export const ReturnTicketListQuery = PageQuery.extend(ReturnTicketFilter.shape);
export type ReturnTicketListQuery = z.infer<typeof ReturnTicketListQuery>;

export const ReturnTicketPage = pageOf(ReturnTicketSummary).extend({
  statusCounts: z.object(
    Object.fromEntries(RETURN_TICKET_STATUSES.map((s) => [s, z.number().int()])) as Record<
      ReturnTicketStatus,
      z.ZodNumber
    >,
  ),
});
export type ReturnTicketPage = z.infer<typeof ReturnTicketPage>;

const IdParams = z.object({ id: Uuid });
const tag = 'returns';

export const returnTicketsApi = {
  listReturnTickets: endpoint({
    method: 'GET',
    path: '/api/return-tickets',
    permission: 'view_return_ticket',
    tag,
    summary:
      'Return tickets, paged, with counts per status for the tabs; search by ticket or invoice number, external order id, customer or SKU; filter by status, warehouse, channel, reason, condition and day',
    query: ReturnTicketListQuery,
    response: ReturnTicketPage,
  }),
  exportReturnTickets: endpoint({
    method: 'GET',
    path: '/api/return-tickets/export',
    permission: 'view_return_ticket',
    tag,
    summary: 'The return tickets of a filter as an .xlsx file, one row per line',
    query: ReturnTicketFilter,
    response: z.unknown(),
  }),
  shippedInvoices: endpoint({
    method: 'GET',
    path: '/api/return-tickets/invoices',
    permission: ['add_return_ticket', 'view_return_ticket'],
    tag,
    summary: 'Shipped (PROCESSED) sales invoices matching a number, external order id or customer, newest first',
    query: z.object({ q: z.string().trim().max(100).default('') }),
    response: z.object({ items: z.array(ShippedInvoiceOption) }),
  }),
  returnableInvoice: endpoint({
    method: 'GET',
    path: '/api/return-tickets/invoices/:id',
    permission: ['add_return_ticket', 'view_return_ticket'],
    tag,
    summary: 'A shipped invoice’s products: sold, shipped, already returned, still returnable and the unit cost',
    params: IdParams,
    response: ReturnableInvoice,
  }),
  getReturnTicket: endpoint({
    method: 'GET',
    path: '/api/return-tickets/:id',
    permission: 'view_return_ticket',
    tag,
    summary: 'One return ticket with its lines',
    params: IdParams,
    response: ReturnTicket,
  }),
  createReturnTicket: endpoint({
    method: 'POST',
    path: '/api/return-tickets',
    permission: 'add_return_ticket',
    tag,
    summary:
      'Create an OPEN return ticket from a shipped invoice (never more than shipped less earlier returns: 422 with the figures) or manual',
    body: ReturnTicketInput,
    response: ReturnTicket,
    status: 201,
    idempotent: true,
  }),
  updateReturnTicket: endpoint({
    method: 'PUT',
    path: '/api/return-tickets/:id',
    permission: returnTicketDocument.actions.edit.permission,
    tag,
    summary:
      'Change an OPEN return ticket: its day, note and lines (replaced whole), never more than shipped less the invoice’s other returns',
    params: IdParams,
    body: ReturnTicketUpdateInput,
    response: ReturnTicket,
  }),
  receiveReturnTicket: actionEndpoint(returnTicketDocument, 'receive', {
    path: '/api/return-tickets/:id/receive',
    tag,
    summary:
      'Receive: RETURN rows into the returns bin at the cost the units left with; damaged and refurbish units held out of available stock',
    params: IdParams,
    response: ReturnTicketStepResult,
  }),
  inspectReturnTicket: actionEndpoint(returnTicketDocument, 'inspect', {
    path: '/api/return-tickets/:id/inspect',
    tag,
    summary: 'Inspect: per line RESTOCK (available), SCRAP (written off at its cost) or KEEP_FOR_REFURBISH (held)',
    params: IdParams,
    body: ReturnTicketInspectInput,
    response: ReturnTicketStepResult,
  }),
  closeReturnTicket: actionEndpoint(returnTicketDocument, 'close', {
    path: '/api/return-tickets/:id/close',
    tag,
    summary: 'Close an inspected return ticket',
    params: IdParams,
    response: ReturnTicket,
  }),
  cancelReturnTicket: actionEndpoint(returnTicketDocument, 'cancel', {
    path: '/api/return-tickets/:id/cancel',
    tag,
    summary: 'Cancel an OPEN return ticket (nothing was posted; its units count as returnable again)',
    params: IdParams,
    body: ReturnTicketCancelInput,
    response: ReturnTicket,
  }),
  returnTicketPdf: endpoint({
    method: 'GET',
    path: '/api/return-tickets/:id/pdf',
    permission: 'view_return_ticket',
    tag,
    summary: 'The returns note as a PDF (A4, in the language of lang or Accept-Language)',
    params: IdParams,
    query: PrintoutQuery,
    response: PdfFile,
  }),
};
