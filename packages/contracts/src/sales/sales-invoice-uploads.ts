import { z } from 'zod';
import { StoredFileName } from '../imports/import-runs.ts';
import { SalesChannel } from '../master-data/enumerations.ts';
import { endpoint } from '../platform/endpoint.ts';
import { Uuid } from '../platform/pagination.ts';

/**
 * Upload Excel /sales-invoice/upload-sale-invoice-excel (add_sales_invoice; issue 17): channel orders from an .xlsx
 * through a saved Excel mapping of import kind `sales_invoices`, one row per line.
 *
 * 1. The file is stored by `POST /api/import-files?kind=sales_invoices` (the import engine's upload).
 * 2. Preview (`POST /api/sales-invoice-uploads/preview`, nothing written): every row read and checked; rows are
 *    grouped into orders by (channel, external order id), the order's header fields (date, customer, address,
 *    warehouse, currency, shipping, carrier service, payment) taken from its first row; a later row of the order
 *    giving a different value is a problem of that row (SALES_UPLOAD_ORDER_CONFLICT). Problems come by row, field
 *    and code (`SalesUploadRowError`); an order already imported for the channel is listed as skipped, not a
 *    problem.
 * 3. Commit (`POST /api/sales-invoice-uploads`, Idempotency-Key honoured): the same checks; with any problem 422 and
 *    nothing written (code SALES_UPLOAD_UNKNOWN_SKU when every problem is an unknown SKU, else
 *    SALES_UPLOAD_INVALID; details `SalesUploadProblemsDetails`). Otherwise an import run is queued and answered at
 *    once; a server-side job writes the orders in batches (progress on the run, which the page polls). Each invoice
 *    is inserted with ON CONFLICT on the unique (channel, external order id) index, so an order already there (or
 *    written meanwhile by another upload of the same file) is skipped, never doubled; the run counts created and
 *    skipped. Invoices are PENDING, or booked when asked (needs approve_sales_invoice: 403
 *    SALES_INVOICE_BOOK_NOT_PERMITTED); a shortage keeps the invoice PENDING with the shortage recorded.
 *    Customers are matched by e-mail, else made through the customers' service (one per new e-mail; an order
 *    without e-mail makes its own customer). Amounts are `salesInvoiceTotals`, with or without VAT per channel
 *    setting.
 */

export const SalesUploadErrorCode = {
  SALES_UPLOAD_INVALID: 'SALES_UPLOAD_INVALID',
  SALES_UPLOAD_UNKNOWN_SKU: 'SALES_UPLOAD_UNKNOWN_SKU',
  SALES_UPLOAD_BAD_QUANTITY: 'SALES_UPLOAD_BAD_QUANTITY',
  SALES_UPLOAD_BAD_PRICE: 'SALES_UPLOAD_BAD_PRICE',
  SALES_UPLOAD_BAD_VAT_CODE: 'SALES_UPLOAD_BAD_VAT_CODE',
  SALES_UPLOAD_UNKNOWN_CHANNEL: 'SALES_UPLOAD_UNKNOWN_CHANNEL',
  SALES_UPLOAD_UNKNOWN_PAYMENT_TYPE: 'SALES_UPLOAD_UNKNOWN_PAYMENT_TYPE',
  SALES_UPLOAD_UNKNOWN_WAREHOUSE: 'SALES_UPLOAD_UNKNOWN_WAREHOUSE',
  SALES_UPLOAD_UNKNOWN_CARRIER_SERVICE: 'SALES_UPLOAD_UNKNOWN_CARRIER_SERVICE',
  SALES_UPLOAD_ORDER_CONFLICT: 'SALES_UPLOAD_ORDER_CONFLICT',
  SALES_UPLOAD_BAD_VALUE: 'SALES_UPLOAD_BAD_VALUE',
  SALES_UPLOAD_MISSING_VALUE: 'SALES_UPLOAD_MISSING_VALUE',
  SALES_UPLOAD_TOO_MANY_LINES: 'SALES_UPLOAD_TOO_MANY_LINES',
} as const;
export type SalesUploadErrorCode = (typeof SalesUploadErrorCode)[keyof typeof SalesUploadErrorCode];

/** Problems answered by a preview or with a refused commit (all are counted). */
export const SALES_UPLOAD_LISTED_ERRORS = 1000;
/** Orders a preview lists, and created or skipped orders a run lists (all are counted). */
export const SALES_UPLOAD_LISTED_ORDERS = 2000;

/** What the screen chooses: the file, the mapping, defaults for rows without them, and whether to book. */
export const SalesUploadInput = z.object({
  fileName: StoredFileName,
  mappingId: Uuid,
  /** The channel of rows whose channel cell is empty (or not mapped). */
  channel: SalesChannel.default('MANUAL'),
  /** The warehouse of orders whose warehouse cell is empty (or not mapped); needed when some order has none. */
  warehouseId: Uuid.nullable().default(null),
  /** Book each invoice on import (needs approve_sales_invoice); a shortage keeps it PENDING, recorded. */
  book: z.boolean().default(false),
});
export type SalesUploadInput = z.input<typeof SalesUploadInput>;
export type SalesUploadValues = z.output<typeof SalesUploadInput>;

/** One problem: the row as Excel numbers it (header: row 1), the field and the file's column, a code and a sentence. */
export const SalesUploadRowError = z
  .object({
    rowNumber: z.number().int(),
    field: z.string().nullable(),
    column: z.string().nullable(),
    code: z.string(),
    message: z.string(),
  })
  .meta({ id: 'SalesUploadRowError' });
export type SalesUploadRowError = z.infer<typeof SalesUploadRowError>;

export const SalesUploadExisting = z.object({ invoiceId: Uuid, number: z.string() });

/** An order of the file as it would be written. */
export const SalesUploadOrder = z
  .object({
    channel: SalesChannel,
    externalOrderId: z.string(),
    firstRow: z.number().int(),
    lineCount: z.number().int(),
    customerName: z.string(),
    customerEmail: z.string().nullable(),
    currency: z.string(),
    /** By the contract's exact functions; null while the order has problems. */
    grossTotal: z.string().nullable(),
    hasErrors: z.boolean(),
    /** The invoice this order already is: it will be skipped. */
    existing: SalesUploadExisting.nullable(),
  })
  .meta({ id: 'SalesUploadOrder' });
export type SalesUploadOrder = z.infer<typeof SalesUploadOrder>;

export const SalesUploadPreview = z
  .object({
    rowCount: z.number().int(),
    orderCount: z.number().int(),
    /** Orders that would be created (good and new). */
    newCount: z.number().int(),
    skipCount: z.number().int(),
    errorCount: z.number().int(),
    errors: z.array(SalesUploadRowError),
    orders: z.array(SalesUploadOrder),
  })
  .meta({ id: 'SalesUploadPreview' });
export type SalesUploadPreview = z.infer<typeof SalesUploadPreview>;

/** The details of a refused commit. */
export const SalesUploadProblemsDetails = z.object({
  errorCount: z.number().int(),
  errors: z.array(SalesUploadRowError),
});
export type SalesUploadProblemsDetails = z.infer<typeof SalesUploadProblemsDetails>;

export const SalesUploadInvoiceRef = z.object({
  invoiceId: Uuid,
  number: z.string(),
  channel: SalesChannel,
  externalOrderId: z.string(),
  status: z.string(),
});
export type SalesUploadInvoiceRef = z.infer<typeof SalesUploadInvoiceRef>;

export const SALES_UPLOAD_STATUSES = ['QUEUED', 'VALIDATING', 'APPLYING', 'APPLIED', 'FAILED'] as const;

/** A commit's run: progress while it works, then what it created and skipped. */
export const SalesUploadRun = z
  .object({
    id: Uuid,
    fileName: z.string(),
    mappingName: z.string().nullable(),
    status: z.enum(SALES_UPLOAD_STATUSES),
    book: z.boolean(),
    /** Orders of the file (once read), and those written or skipped so far. */
    rowsTotal: z.number().int().nullable(),
    rowsDone: z.number().int(),
    createdCount: z.number().int(),
    skippedCount: z.number().int(),
    /** Invoices left PENDING by a shortage when booking was asked. */
    shortCount: z.number().int(),
    failure: z.object({ code: z.string(), message: z.string() }).nullable(),
    errors: z.array(SalesUploadRowError),
    /** The invoices it made and the orders it skipped, listed once the run has ended (empty while it runs). */
    created: z.array(SalesUploadInvoiceRef),
    skipped: z.array(SalesUploadInvoiceRef),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    /** Wall time of the job in milliseconds, once finished. */
    totalMs: z.number().int().nullable(),
    /** The run's progress over all its steps (reading and checking the file, then writing the orders), 0–100. */
    percent: z.number().int().min(0).max(100),
  })
  .meta({ id: 'SalesUploadRun' });
export type SalesUploadRun = z.infer<typeof SalesUploadRun>;

const IdParams = z.object({ id: Uuid });
const TAG = 'sales';

export const salesInvoiceUploadsApi = {
  previewSalesInvoiceUpload: endpoint({
    method: 'POST',
    path: '/api/sales-invoice-uploads/preview',
    permission: 'add_sales_invoice',
    tag: TAG,
    summary:
      'Read a stored .xlsx through a saved sales-invoice mapping and answer its orders and every problem by row, field and code; orders already imported are listed as skipped. Nothing is written.',
    body: SalesUploadInput,
    response: SalesUploadPreview,
  }),
  commitSalesInvoiceUpload: endpoint({
    method: 'POST',
    path: '/api/sales-invoice-uploads',
    permission: 'add_sales_invoice',
    tag: TAG,
    summary:
      'Import a stored .xlsx as sales invoices: refused (422, nothing written) while it has problems; else a run is queued and answered at once (poll it). Orders already imported for their channel are skipped by the unique key. Booking on import needs approve_sales_invoice.',
    body: SalesUploadInput,
    response: SalesUploadRun,
    status: 201,
    idempotent: true,
  }),
  getSalesInvoiceUpload: endpoint({
    method: 'GET',
    path: '/api/sales-invoice-uploads/:id',
    permission: ['add_sales_invoice', 'view_sales_invoice'],
    tag: TAG,
    summary: 'One sales-invoice upload: status, progress, counts, the invoices created and the orders skipped',
    params: IdParams,
    response: SalesUploadRun,
  }),
};
