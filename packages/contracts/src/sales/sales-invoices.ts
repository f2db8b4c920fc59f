import Decimal from 'decimal.js';
import { z } from 'zod';
import { CurrencyCode, PaymentType, SALES_CHANNELS, SalesChannel } from '../master-data/enumerations.ts';
import { AddressCountry, addressPostcodeProblem, normaliseAddressPostcode } from '../partners/addresses.ts';
import { CustomerInput } from '../partners/customers.ts';
import { OptionalEmail, optionalText, requiredText } from '../partners/fields.ts';
import {
  decimalString,
  divideRoundingHalfUp,
  ExchangeRate,
  Money,
  scaledInteger,
  scaledText,
  tenTo,
} from '../platform/decimal.ts';
import { actionEndpoint, defineDocument, documentStatuses } from '../platform/documents.ts';
import { endpoint } from '../platform/endpoint.ts';
import { dayRange, FilterDay, IsoDate, PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { PdfFile, PrintoutQuery } from '../platform/printouts.ts';
import { singleLine } from '../platform/text.ts';
import { DiscountPercent } from '../purchasing/purchase-orders.ts';
import { VAT_CODE_LIST, VAT_CODES, VatCode } from '../purchasing/vat.ts';
import { PositiveStockQuantity } from '../stock/stock.ts';
import { SalesInvoiceShipment } from './shipments.ts';

/**
 * Sales invoices (DOMAIN.md "Sales and fulfilment"; issue 17): the customer's order and its UK VAT invoice in one
 * document, numbered SI-{YYYY}-{SEQ:5} (document kind `salesInvoice`). Screens: Invoices
 * /sales-invoice/sales-invoice (view_sales_invoice), Create Invoices /sales-invoice/create-sales-invoice
 * (add_sales_invoice).
 *
 * The flow (`salesInvoiceDocument`; statuses are the specification's invoice statuses, word for word):
 *
 *   create ──► PENDING ──book──► BOOKED ──pick──► PROCESSING ──pack──► READY_FOR_DELIVERY ──ship──► PROCESSED
 *                 │  ▲ edit          │
 *                 └──┴──cancel───────┴──► CANCELED (reservations released, reason kept)
 *
 * - Create (`POST /api/sales-invoices`, add_sales_invoice, Idempotency-Key honoured): a PENDING invoice, or, with
 *   `book: true`, created and booked in the same transaction (then approve_sales_invoice is needed too: 403
 *   SALES_INVOICE_BOOK_NOT_PERMITTED). The customer is an existing one (`customerId`) or a new one written inline
 *   (`newCustomer`, a CustomerInput; made through the customers' own service in the same transaction, audited
 *   there; needs add_customer: 403 SALES_INVOICE_CUSTOMER_CREATE_NOT_PERMITTED). Addresses are COPIED onto the
 *   invoice (changing the customer later does not change an invoice); left empty they are the customer's default
 *   shipping address (delivery) and default billing address (billing, else the delivery address).
 * - External order id: unique per channel (a UNIQUE index on (channel, external_order_id), not a lookup). A second
 *   invoice for the same order answers 409 SALES_INVOICE_EXTERNAL_ORDER_EXISTS whose details name the existing
 *   invoice (`SalesInvoiceExistsDetails`); a retry with the same Idempotency-Key replays the first answer instead.
 * - Edit (`PUT /api/sales-invoices/:id`, edit_sales_invoice) while PENDING only: the whole invoice as written
 *   replaces the stored one (lines included); the number, channel's external order id rule and customer copy stay.
 * - Book (`POST …/:id/book`, approve_sales_invoice): reserves each stocked line's quantity in the invoice's
 *   warehouse through the stock core's reservations (source_type `sales_invoice`, source_id the invoice id), all
 *   lines or none. With too little available the request chooses (`onShortage`):
 *     REFUSE (default)  422 SALES_INVOICE_INSUFFICIENT_STOCK, details `SalesInvoiceShortageDetails` (per line:
 *                       requested, available, shortage); nothing is written (not even the shortage record).
 *     KEEP_PENDING      the invoice stays PENDING, nothing is reserved, each line's `shortQuantity` records what was
 *                       missing (the list's `shortage=true` filter finds them); booking again later retries.
 *   Services reserve nothing. A line's units are the product's own (a BUNDLE is sold as assembled bundles in stock).
 * - Cancel (`POST …/:id/cancel`, cancel_sales_invoice) from PENDING or BOOKED with a reason (422
 *   SALES_INVOICE_REASON_REQUIRED without one): every open reservation of the invoice is released.
 * - pick / pack / ship (PROCESSING, READY_FOR_DELIVERY, PROCESSED) are declared here so the machine is whole; their
 *   endpoints come with the pick list and ship list. pick, pack and unpick (PROCESSING → BOOKED: a pick list
 *   cancelled or a short pick sent back) are taken by the pick list (sales/pick-lists.ts, whose header tells how). Shipping issues the reservations at FIFO cost; when the units
 *   issued are consignment (supplier-owned) units, the posting service records what is owed to their supplier
 *   (`consignment_sales`) at that moment: nothing about consignment is recorded at booking.
 *
 * Amounts (`salesLineAmounts`, `salesInvoiceTotals`, computed on the server only; the web may call the same pure
 * functions for a preview). Unit prices are entered in the invoice's currency, either without VAT or with VAT
 * (`pricesIncludeVat`; empty: the channel's setting, `GET /api/sales-invoices/channel-settings`):
 *   - without VAT: net = round(qty × price × (1 − discount/100), 2); VAT = round(net × rate/100, 2); gross = net + VAT
 *     (the purchasing rule of vat.ts);
 *   - with VAT:    gross = round(qty × price × (1 − discount/100), 2); VAT = round(gross × rate/(100 + rate), 2)
 *     (HMRC's VAT fraction, 1/6 at 20%); net = gross − VAT, so net + VAT is the gross entered exactly.
 * All rounding half up to the penny, per line; the shipping charge is one more line at its own VAT code; the
 * document's VAT per rate and totals are the sums of its lines (line-level rounding, as HMRC accepts). EXEMPT
 * carries no VAT like ZERO but is shown apart from it. The exchange rate (what one unit is worth in GBP) is the
 * invoice date's rate unless typed (422 NO_EXCHANGE_RATE when the currency has none that early); GBP is 1.
 */

export const SalesInvoiceErrorCode = {
  /** The invoice's status does not allow this step (details: DocumentStatusConflictDetails). */
  SALES_INVOICE_STATUS_CONFLICT: 'SALES_INVOICE_STATUS_CONFLICT',
  /** Another invoice has this channel's external order id (409; details: SalesInvoiceExistsDetails). */
  SALES_INVOICE_EXTERNAL_ORDER_EXISTS: 'SALES_INVOICE_EXTERNAL_ORDER_EXISTS',
  /** The customer chosen does not exist or is inactive. */
  SALES_INVOICE_CUSTOMER_UNKNOWN: 'SALES_INVOICE_CUSTOMER_UNKNOWN',
  /** A new customer inline needs add_customer (403). */
  SALES_INVOICE_CUSTOMER_CREATE_NOT_PERMITTED: 'SALES_INVOICE_CUSTOMER_CREATE_NOT_PERMITTED',
  /** Create-and-book needs approve_sales_invoice besides add_sales_invoice (403). */
  SALES_INVOICE_BOOK_NOT_PERMITTED: 'SALES_INVOICE_BOOK_NOT_PERMITTED',
  /** No delivery address given and the customer has no shipping address. */
  SALES_INVOICE_ADDRESS_REQUIRED: 'SALES_INVOICE_ADDRESS_REQUIRED',
  /** The warehouse chosen does not exist or is inactive. */
  SALES_INVOICE_WAREHOUSE_UNKNOWN: 'SALES_INVOICE_WAREHOUSE_UNKNOWN',
  /** A product chosen does not exist or is inactive (details: lineNo, productId). */
  SALES_INVOICE_PRODUCT_UNKNOWN: 'SALES_INVOICE_PRODUCT_UNKNOWN',
  /** A product counted in whole units sold in fractions (details: lineNo, sku). */
  SALES_INVOICE_QUANTITY_NOT_WHOLE: 'SALES_INVOICE_QUANTITY_NOT_WHOLE',
  /** The carrier service chosen does not exist or is inactive. */
  SALES_INVOICE_CARRIER_SERVICE_UNKNOWN: 'SALES_INVOICE_CARRIER_SERVICE_UNKNOWN',
  /** Booking with too little available and onShortage REFUSE (422; details: SalesInvoiceShortageDetails). */
  SALES_INVOICE_INSUFFICIENT_STOCK: 'SALES_INVOICE_INSUFFICIENT_STOCK',
  /** Cancelling needs a reason. */
  SALES_INVOICE_REASON_REQUIRED: 'SALES_INVOICE_REASON_REQUIRED',
} as const;
export type SalesInvoiceErrorCode = (typeof SalesInvoiceErrorCode)[keyof typeof SalesInvoiceErrorCode];

/** The sales invoice as a document (see the flow above). */
export const salesInvoiceDocument = defineDocument({
  name: 'sales_invoice',
  label: 'Sales invoice',
  errorPrefix: 'SALES_INVOICE',
  statuses: {
    PENDING: { tone: 'neutral', open: true, phrase: 'pending' },
    BOOKED: { tone: 'info', open: true, phrase: 'booked' },
    PROCESSING: { tone: 'progress', open: true, phrase: 'on a pick list' },
    READY_FOR_DELIVERY: { tone: 'warning', open: true, phrase: 'ready for delivery' },
    PROCESSED: { tone: 'success', open: false, phrase: 'processed' },
    CANCELED: { tone: 'danger', open: false, phrase: 'cancelled' },
  },
  actions: {
    edit: { from: ['PENDING'], to: [], permission: 'edit_sales_invoice', done: 'changed' },
    // PENDING again when the request chose to keep a short invoice waiting (its shortage recorded per line).
    book: {
      from: ['PENDING'],
      to: ['BOOKED', 'PENDING'],
      permission: 'approve_sales_invoice',
      done: 'booked',
    },
    pick: { from: ['BOOKED'], to: ['PROCESSING'], permission: 'handle_pick_list_process', done: 'put on a pick list' },
    pack: { from: ['PROCESSING'], to: ['READY_FOR_DELIVERY'], permission: 'handle_pick_list_process', done: 'packed' },
    // Off its pick list again (the list cancelled, or a short pick sent back): BOOKED, reservations kept.
    unpick: {
      from: ['PROCESSING'],
      to: ['BOOKED'],
      permission: 'handle_pick_list_process',
      done: 'taken off its pick list',
    },
    ship: { from: ['READY_FOR_DELIVERY'], to: ['PROCESSED'], permission: 'ship_list', done: 'shipped' },
    cancel: {
      from: ['PENDING', 'BOOKED'],
      to: ['CANCELED'],
      permission: 'cancel_sales_invoice',
      destructive: true,
      done: 'cancelled',
    },
  },
});

/** The statuses in the order the definition writes them. */
export const SALES_INVOICE_STATUSES = documentStatuses(salesInvoiceDocument);
export const SalesInvoiceStatus = z.enum(SALES_INVOICE_STATUSES);
export type SalesInvoiceStatus = z.infer<typeof SalesInvoiceStatus>;

/** The ledger's and the reservations' source_type of a sales invoice (source_id: the invoice's id). */
export const SALES_INVOICE_SOURCE_TYPE = 'sales_invoice';

export const SALES_INVOICE_LINES_MAX = 500;
export const SALES_INVOICE_NOTE_MAX = 2000;
export const SALES_INVOICE_REFERENCE_MAX = 100;
export const SALES_INVOICE_REASON_MAX = 500;
export const SALES_INVOICE_ADDRESS_LIMITS = { name: 120, line: 120, city: 80, county: 80, postcode: 12 } as const;

/** A unit price in the invoice's currency, as entered (with or without VAT): 4 places, not negative. */
export const SalesUnitPrice = decimalString({ scale: 4, precision: 12 });

/** What to do when booking finds too little available (see the flow above). */
export const SALES_INVOICE_SHORTAGE_CHOICES = ['REFUSE', 'KEEP_PENDING'] as const;
export const SalesInvoiceShortageChoice = z.enum(SALES_INVOICE_SHORTAGE_CHOICES);
export type SalesInvoiceShortageChoice = z.infer<typeof SalesInvoiceShortageChoice>;

// ---------------------------------------------------------------------------------------------
// Amounts

const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
type Exact = string | Decimal;

export interface SalesLineInput {
  quantity: Exact;
  unitPrice: Exact;
  /** 0–100; empty: none. */
  discountPercent?: Exact;
  vatCode: VatCode;
}

export interface SalesLineAmounts {
  net: string;
  vatRate: string;
  vat: string;
  gross: string;
}

/** A line's amounts in pennies (the integers the sums add up). */
interface LinePennies {
  net: bigint;
  vat: bigint;
  gross: bigint;
}

/**
 * A line's net, VAT and gross in pennies, exact: what is entered, quantity × price less the discount, is rounded
 * to the penny once; the VAT is the rate's share of it (in the price: rate ÷ (100 + rate) of it; else rate ÷ 100
 * on top), rounded to the penny, halves up. Computed in integers (see `scaledInteger`).
 */
function linePennies(line: SalesLineInput, rate: string, pricesIncludeVat: boolean): LinePennies {
  const q = scaledInteger(line.quantity);
  const p = scaledInteger(line.unitPrice);
  const d = scaledInteger(line.discountPercent ?? '0');
  // quantity × price × (100 − discount) / 100, in pennies: the places of all three, less the penny's 2.
  const kept = 100n * tenTo(d.places) - d.units;
  const entered = divideRoundingHalfUp(q.units * p.units * kept, tenTo(q.places + p.places + d.places));
  const r = scaledInteger(rate);
  const hundred = 100n * tenTo(r.places);
  if (pricesIncludeVat) {
    const vat = divideRoundingHalfUp(entered * r.units, hundred + r.units);
    return { net: entered - vat, vat, gross: entered };
  }
  const vat = divideRoundingHalfUp(entered * r.units, hundred);
  return { net: entered, vat, gross: entered + vat };
}

const penniesText = (units: bigint) => scaledText(units, 2);

/** A line's net, VAT and gross, exact (see the header: with or without VAT in the price). */
export function salesLineAmounts(line: SalesLineInput, pricesIncludeVat: boolean): SalesLineAmounts {
  const rate = VAT_CODES[line.vatCode];
  const a = linePennies(line, rate, pricesIncludeVat);
  return { net: penniesText(a.net), vatRate: rate, vat: penniesText(a.vat), gross: penniesText(a.gross) };
}

export interface SalesVatRateTotal {
  vatCode: VatCode;
  vatRate: string;
  net: string;
  vat: string;
}

export interface SalesInvoiceTotals {
  lines: SalesLineAmounts[];
  shipping: SalesLineAmounts;
  /** One row per code used (lines and shipping), in VAT_CODE_LIST order. */
  perRate: SalesVatRateTotal[];
  /** The goods' net (the lines without shipping). */
  goodsNet: string;
  net: string;
  vat: string;
  gross: string;
}

/** The invoice's amounts: each line's and the shipping charge's, then sums per VAT code and in total. */
export function salesInvoiceTotals(
  lines: readonly SalesLineInput[],
  shipping: { charge: Exact; vatCode: VatCode },
  pricesIncludeVat: boolean,
): SalesInvoiceTotals {
  const per = new Map<VatCode, { net: bigint; vat: bigint }>();
  let net = 0n;
  let vat = 0n;
  let goodsNet = 0n;
  const add = (code: VatCode, a: LinePennies) => {
    const sum = per.get(code) ?? { net: 0n, vat: 0n };
    sum.net += a.net;
    sum.vat += a.vat;
    per.set(code, sum);
    net += a.net;
    vat += a.vat;
  };
  const text = (a: LinePennies, rate: string): SalesLineAmounts => ({
    net: penniesText(a.net),
    vatRate: rate,
    vat: penniesText(a.vat),
    gross: penniesText(a.gross),
  });
  const lineAmounts = lines.map((l) => {
    const rate = VAT_CODES[l.vatCode];
    const a = linePennies(l, rate, pricesIncludeVat);
    add(l.vatCode, a);
    goodsNet += a.net;
    return text(a, rate);
  });
  const shippingRate = VAT_CODES[shipping.vatCode];
  const ship = linePennies(
    { quantity: '1', unitPrice: shipping.charge, vatCode: shipping.vatCode },
    shippingRate,
    pricesIncludeVat,
  );
  if (scaledInteger(shipping.charge).units !== 0n) add(shipping.vatCode, ship);
  const perRate = VAT_CODE_LIST.filter((c) => per.has(c)).map((c) => {
    const s = per.get(c) as { net: bigint; vat: bigint };
    return { vatCode: c, vatRate: VAT_CODES[c], net: penniesText(s.net), vat: penniesText(s.vat) };
  });
  return {
    lines: lineAmounts,
    shipping: text(ship, shippingRate),
    perRate,
    goodsNet: penniesText(goodsNet),
    net: penniesText(net),
    vat: penniesText(vat),
    gross: penniesText(net + vat),
  };
}

/** The VAT code a product's rate suggests for a new line ("20" STANDARD, "5" REDUCED, "0" ZERO). */
export function vatCodeForRate(rate: string): VatCode {
  const r = new D(rate);
  if (r.eq(5)) return 'REDUCED';
  if (r.isZero()) return 'ZERO';
  return 'STANDARD';
}

// ---------------------------------------------------------------------------------------------
// Input

/** An address as copied onto the invoice: the addressee's name and the postal address (postcode per country). */
export const SalesInvoiceAddressInput = z
  .object({
    /** The addressee: a name, so one line without control characters, as every name field (platform/text.ts). */
    name: singleLine(
      z
        .string()
        .trim()
        .max(SALES_INVOICE_ADDRESS_LIMITS.name, `at most ${SALES_INVOICE_ADDRESS_LIMITS.name} characters`),
    )
      .nullish()
      .transform((v) => v || null),
    line1: requiredText(SALES_INVOICE_ADDRESS_LIMITS.line, 'an address needs its first line'),
    line2: optionalText(SALES_INVOICE_ADDRESS_LIMITS.line),
    city: requiredText(SALES_INVOICE_ADDRESS_LIMITS.city, 'an address needs its town or city'),
    county: optionalText(SALES_INVOICE_ADDRESS_LIMITS.county),
    postcode: optionalText(SALES_INVOICE_ADDRESS_LIMITS.postcode),
    country: AddressCountry,
  })
  .superRefine((a, ctx) => {
    if (!a.postcode) {
      if (a.country === 'GB')
        ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'a UK address needs its postcode' });
      return;
    }
    const problem = addressPostcodeProblem(a.postcode, a.country);
    if (problem) ctx.addIssue({ code: 'custom', path: ['postcode'], message: problem });
  })
  .transform((a) => ({ ...a, postcode: a.postcode && normaliseAddressPostcode(a.postcode, a.country) }));
export type SalesInvoiceAddressInput = z.input<typeof SalesInvoiceAddressInput>;

export const SalesInvoiceAddress = z
  .object({
    name: z.string().nullable(),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    county: z.string().nullable(),
    postcode: z.string().nullable(),
    country: z.string(),
  })
  .meta({ id: 'SalesInvoiceAddress' });
export type SalesInvoiceAddress = z.infer<typeof SalesInvoiceAddress>;

export const SalesInvoiceLineInput = z.object({
  productId: Uuid,
  quantity: PositiveStockQuantity,
  /** In the invoice's currency, with or without VAT as the invoice says. */
  unitPrice: SalesUnitPrice,
  discountPercent: DiscountPercent.default('0'),
  vatCode: VatCode.default('STANDARD'),
});
export type SalesInvoiceLineInput = z.input<typeof SalesInvoiceLineInput>;

const shortText = (max: number, what: string) =>
  z.string().trim().max(max, `${what} has at most ${max} characters`).default('');

const invoiceShape = {
  channel: SalesChannel.default('MANUAL'),
  /** The channel's own order id; unique per channel; empty: none (hand-made orders). */
  externalOrderId: optionalText(SALES_INVOICE_REFERENCE_MAX),
  /** An existing customer; or `newCustomer`, exactly one of the two. */
  customerId: Uuid.nullable().default(null),
  /** A customer made inline with the invoice (needs add_customer). */
  newCustomer: CustomerInput.nullable().default(null),
  /** Empty: the customer's default billing address, else the delivery address. */
  billingAddress: SalesInvoiceAddressInput.nullable().default(null),
  /** Empty: the customer's default shipping address (422 SALES_INVOICE_ADDRESS_REQUIRED when none). */
  deliveryAddress: SalesInvoiceAddressInput.nullable().default(null),
  /** The customer's e-mail on the invoice; empty: the customer's. */
  email: OptionalEmail,
  warehouseId: Uuid,
  currency: CurrencyCode.default('GBP'),
  /** What one unit of the currency is worth in GBP; empty: the invoice date's rate (422 NO_EXCHANGE_RATE). */
  exchangeRate: ExchangeRate.nullable().default(null),
  /** Empty: today (UK). */
  invoiceDate: IsoDate.nullable().default(null),
  /** The tax point (time of supply); empty: the invoice date. */
  taxPointDate: IsoDate.nullable().default(null),
  /** Whether unit prices and the shipping charge include VAT; empty: the channel's setting. */
  pricesIncludeVat: z.boolean().nullable().default(null),
  /** Entered as the prices are (with or without VAT). */
  shippingCharge: Money.default('0'),
  shippingVatCode: VatCode.default('STANDARD'),
  /** A service of a shipping carrier (master data). */
  carrierServiceId: Uuid.nullable().default(null),
  paymentType: PaymentType.nullable().default(null),
  paymentReference: shortText(SALES_INVOICE_REFERENCE_MAX, 'a payment reference'),
  note: shortText(SALES_INVOICE_NOTE_MAX, 'a note'),
  lines: z
    .array(SalesInvoiceLineInput)
    .min(1, 'an invoice has at least one line')
    .max(SALES_INVOICE_LINES_MAX, `an invoice has at most ${SALES_INVOICE_LINES_MAX} lines`),
};

function checkInvoice(o: { customerId: string | null; newCustomer: unknown }, ctx: z.RefinementCtx) {
  if (!o.customerId && !o.newCustomer)
    ctx.addIssue({ code: 'custom', path: ['customerId'], message: 'choose a customer or write a new one' });
  if (o.customerId && o.newCustomer)
    ctx.addIssue({
      code: 'custom',
      path: ['newCustomer'],
      message: 'either an existing customer or a new one, not both',
    });
}

/** An invoice as written (create and edit): totals and VAT are the server's. */
export const SalesInvoiceInput = z.object(invoiceShape).superRefine(checkInvoice);
export type SalesInvoiceInput = z.input<typeof SalesInvoiceInput>;
export type SalesInvoiceValues = z.output<typeof SalesInvoiceInput>;

/** Create: the invoice, and whether to book it at once (with the shortage choice of booking). */
export const SalesInvoiceCreateInput = z
  .object({
    ...invoiceShape,
    book: z.boolean().default(false),
    onShortage: SalesInvoiceShortageChoice.default('REFUSE'),
  })
  .superRefine(checkInvoice);
export type SalesInvoiceCreateInput = z.input<typeof SalesInvoiceCreateInput>;

export const SalesInvoiceBookInput = z.object({ onShortage: SalesInvoiceShortageChoice.default('REFUSE') });
export type SalesInvoiceBookInput = z.input<typeof SalesInvoiceBookInput>;

export const SalesInvoiceCancelInput = z.object({
  reason: z
    .string()
    .trim()
    .max(SALES_INVOICE_REASON_MAX, `a reason has at most ${SALES_INVOICE_REASON_MAX} characters`)
    .default(''),
});
export type SalesInvoiceCancelInput = z.input<typeof SalesInvoiceCancelInput>;

// ---------------------------------------------------------------------------------------------
// Output

const Ref = z.object({ id: Uuid, code: z.string(), name: z.string() });
const UserRef = z.object({ id: Uuid, username: z.string() }).nullable();

/** What the warehouse holds of a line's product now (the product's figures, shared by its lines). */
export const SalesLineAvailability = z
  .object({
    onHand: z.string(),
    reserved: z.string(),
    available: z.string(),
    /**
     * PENDING: what this line would lack if booked now (lines of one product counted in order); BOOKED and later:
     * its reservation's short units (a loss took them); 0 otherwise.
     */
    shortage: z.string(),
  })
  .meta({ id: 'SalesLineAvailability' });
export type SalesLineAvailability = z.infer<typeof SalesLineAvailability>;

export const SalesInvoiceLine = z
  .object({
    id: Uuid,
    lineNo: z.number().int(),
    product: z.object({ id: Uuid, sku: z.string(), name: z.string(), unit: z.string(), kind: z.string() }),
    quantity: z.string(),
    unitPrice: z.string(),
    discountPercent: z.string(),
    vatCode: VatCode,
    vatRate: z.string(),
    netAmount: z.string(),
    vatAmount: z.string(),
    grossAmount: z.string(),
    /** Held by the line's open reservation (0 before booking, after cancelling, and for services). */
    reservedQuantity: z.string(),
    /** The shortage recorded when booking kept the invoice PENDING (0 when none). */
    shortQuantity: z.string(),
    reservationId: Uuid.nullable(),
    /** Now, in the invoice's warehouse (only on the one-invoice answer; null in lists and for services). */
    availability: SalesLineAvailability.nullable(),
  })
  .meta({ id: 'SalesInvoiceLine' });
export type SalesInvoiceLine = z.infer<typeof SalesInvoiceLine>;

export const SalesVatRateTotalSchema = z.object({
  vatCode: VatCode,
  vatRate: z.string(),
  net: z.string(),
  vat: z.string(),
});

const invoiceFields = {
  id: Uuid,
  number: z.string(),
  status: SalesInvoiceStatus,
  channel: SalesChannel,
  externalOrderId: z.string().nullable(),
  customer: z.object({ id: Uuid, name: z.string(), email: z.string().nullable() }),
  email: z.string().nullable(),
  warehouse: Ref,
  currency: z.string(),
  exchangeRate: z.string(),
  invoiceDate: z.string(),
  taxPointDate: z.string(),
  pricesIncludeVat: z.boolean(),
  paymentType: PaymentType.nullable(),
  paymentReference: z.string(),
  netTotal: z.string(),
  vatTotal: z.string(),
  grossTotal: z.string(),
  /** Sum of the lines' quantities. */
  totalQuantity: z.string(),
  /** Sum of the lines' recorded shortages (booking kept it PENDING); "0" when none. */
  shortQuantity: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  bookedAt: z.string().nullable(),
};

/** A row of a list. */
export const SalesInvoiceSummary = z
  .object({
    ...invoiceFields,
    lineCount: z.number().int(),
    deliveryName: z.string().nullable(),
    deliveryPostcode: z.string().nullable(),
    carrierService: z.object({ id: Uuid, code: z.string(), name: z.string(), carrierName: z.string() }).nullable(),
  })
  .meta({ id: 'SalesInvoiceSummary' });
export type SalesInvoiceSummary = z.infer<typeof SalesInvoiceSummary>;

export const SalesInvoice = z
  .object({
    ...invoiceFields,
    billingAddress: SalesInvoiceAddress,
    deliveryAddress: SalesInvoiceAddress,
    carrierService: z
      .object({
        id: Uuid,
        code: z.string(),
        name: z.string(),
        carrier: Ref,
      })
      .nullable(),
    /** As entered (with or without VAT, as the prices). */
    shippingCharge: z.string(),
    shippingVatCode: VatCode,
    shippingNet: z.string(),
    shippingVat: z.string(),
    shippingGross: z.string(),
    /** The lines' net without shipping. */
    goodsNet: z.string(),
    note: z.string(),
    createdBy: UserRef,
    bookedBy: UserRef,
    canceledAt: z.string().nullable(),
    canceledBy: UserRef,
    cancelReason: z.string(),
    lines: z.array(SalesInvoiceLine),
    /** Net and VAT per VAT code (lines and shipping). */
    vatPerRate: z.array(SalesVatRateTotalSchema),
    /** Once PROCESSED: how it was shipped (the ship list's confirm, ship-lists.ts); null before. */
    shipment: SalesInvoiceShipment.nullable(),
  })
  .meta({ id: 'SalesInvoice' });
export type SalesInvoice = z.infer<typeof SalesInvoice>;

/** The details of SALES_INVOICE_EXTERNAL_ORDER_EXISTS: the invoice the channel's order already is. */
export const SalesInvoiceExistsDetails = z.object({
  channel: SalesChannel,
  externalOrderId: z.string(),
  invoiceId: Uuid,
  number: z.string(),
  status: SalesInvoiceStatus,
});
export type SalesInvoiceExistsDetails = z.infer<typeof SalesInvoiceExistsDetails>;

/** The details of SALES_INVOICE_INSUFFICIENT_STOCK: each line that lacks stock (lines of one product in order). */
export const SalesInvoiceShortageDetails = z.object({
  warehouseCode: z.string(),
  lines: z.array(
    z.object({
      lineNo: z.number().int(),
      productId: Uuid,
      sku: z.string(),
      requested: z.string(),
      /** Available for this line after the product's earlier lines on the invoice. */
      available: z.string(),
      shortage: z.string(),
    }),
  ),
});
export type SalesInvoiceShortageDetails = z.infer<typeof SalesInvoiceShortageDetails>;

// ---------------------------------------------------------------------------------------------
// Lists

export const SALES_INVOICE_SORTS = [
  'number',
  'status',
  'channel',
  'invoiceDate',
  'createdAt',
  'customer',
  'warehouse',
  'grossTotal',
  'externalOrderId',
] as const;

/**
 * Search (`q`: number, external order id, customer name or e-mail, a SKU on a line), filters and sort: what the list
 * and its export share. `from`/`to` are the invoice date, inclusive. `shippedFrom`/`shippedTo` are London days of
 * the shipment (`shipped_at`), inclusive: real days, the end not before the start (else 400 VALIDATION_FAILED).
 * `late`: 'true' only the invoices past their channel's dispatch promise today (BOOKED, PROCESSING or
 * READY_FOR_DELIVERY, received on a London day whose promise, `SalesChannelSetting.dispatchDays` working days after
 * it, ended before today: the landing dashboard's late shipments), 'false' every other invoice.
 */
const SalesInvoiceFilterShape = {
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  status: SalesInvoiceStatus.optional(),
  channel: SalesChannel.optional(),
  warehouseId: Uuid.optional(),
  customerId: Uuid.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  /** 'true': only invoices with a recorded shortage. */
  shortage: z.enum(['true', 'false']).optional(),
  /** Shipped on or after this London day. */
  shippedFrom: FilterDay.optional(),
  /** Shipped on or before this London day. */
  shippedTo: FilterDay.optional(),
  /** 'true': only invoices past their channel's dispatch promise; 'false': only the others. */
  late: z.enum(['true', 'false'], { error: 'late is true or false' }).optional(),
};
const shippedRange = dayRange('shippedFrom', 'shippedTo');
export const SalesInvoiceFilter = z.object(SalesInvoiceFilterShape).superRefine(shippedRange);
export type SalesInvoiceFilter = z.infer<typeof SalesInvoiceFilter>;
export const SalesInvoiceListQuery = PageQuery.extend(SalesInvoiceFilterShape).superRefine(shippedRange);
export type SalesInvoiceListQuery = z.infer<typeof SalesInvoiceListQuery>;

/**
 * The tabs count each status up to this many invoices and stop (issue 17: the list answers in at most 50 ms at a
 * million lines, and an exact count of a broad filter would read every invoice of it). A status counted to the cap
 * is named in `countsCapped` and shown as "1,000+"; the page's `total` (the chosen status's count, else the sum) is
 * then a lower bound too, like the inventory list's.
 */
export const SALES_INVOICE_COUNT_CAP = 1000;

/** The list's page plus, for the status tabs, how many invoices of the filter (status aside) each status has. */
export const SalesInvoicePage = pageOf(SalesInvoiceSummary).extend({
  statusCounts: z.object(
    Object.fromEntries(SALES_INVOICE_STATUSES.map((s) => [s, z.number().int()])) as Record<
      SalesInvoiceStatus,
      z.ZodNumber
    >,
  ),
  /**
   * The statuses whose count is "at least": stopped at SALES_INVOICE_COUNT_CAP, or, for a search with more matches
   * than the cap, every status (counted among the matches taken). Empty: all exact.
   */
  countsCapped: z.array(SalesInvoiceStatus),
});
export type SalesInvoicePage = z.infer<typeof SalesInvoicePage>;

// ---------------------------------------------------------------------------------------------
// Availability for the form, and the per-channel setting

export const SalesAvailabilityQuery = z.object({
  warehouseId: Uuid,
  /** Comma-separated product ids, at most 200. */
  productIds: z
    .string()
    .trim()
    .min(1)
    .max(200 * 37)
    .refine(
      (v) => v.split(',').every((id) => Uuid.safeParse(id.trim()).success),
      'product ids are uuids separated by commas',
    ),
});
export type SalesAvailabilityQuery = z.input<typeof SalesAvailabilityQuery>;

export const SalesProductAvailability = z
  .object({
    productId: Uuid,
    sku: z.string(),
    name: z.string(),
    kind: z.string(),
    unit: z.string(),
    onHand: z.string(),
    reserved: z.string(),
    available: z.string(),
    /** The product's sale price and the VAT code its rate suggests: what a new line starts with. */
    salePrice: z.string(),
    vatCode: VatCode,
  })
  .meta({ id: 'SalesProductAvailability' });
export type SalesProductAvailability = z.infer<typeof SalesProductAvailability>;

/** The most working days a channel's dispatch promise may give. */
export const DISPATCH_DAYS_MAX = 30;
/** A channel's dispatch promise when none is set: next working day for the marketplaces, two days otherwise. */
export const defaultDispatchDays = (channel: SalesChannel): number =>
  channel === 'AMAZON' || channel === 'EBAY' || channel === 'SHOPIFY' || channel === 'TIKTOK' ? 1 : 2;
const DISPATCH_DAYS_RULE = `a dispatch promise is a whole number of working days from 0 to ${DISPATCH_DAYS_MAX}`;
const DispatchDays = z
  .number(DISPATCH_DAYS_RULE)
  .int(DISPATCH_DAYS_RULE)
  .min(0, DISPATCH_DAYS_RULE)
  .max(DISPATCH_DAYS_MAX, DISPATCH_DAYS_RULE);

/**
 * Per channel: whether the prices of its orders include VAT (the default of a new invoice's flag), and its dispatch
 * promise: an order received on a London day is to be shipped by the end of the `dispatchDays`-th working day
 * (Monday to Friday) after it (0: the same day; an order of a Saturday or Sunday counts from the Friday before). The
 * Daily Control and Ship List report counts orders shipped after their promise, or still unshipped past it.
 */
export const SalesChannelSetting = z
  .object({ channel: SalesChannel, pricesIncludeVat: z.boolean(), dispatchDays: DispatchDays })
  .meta({ id: 'SalesChannelSetting' });
export type SalesChannelSetting = z.infer<typeof SalesChannelSetting>;
export const SalesChannelSettings = z.object({ items: z.array(SalesChannelSetting) });
export type SalesChannelSettings = z.infer<typeof SalesChannelSettings>;
/** One channel's settings to change: those given change, the others stay. */
export const SalesChannelSettingInput = z
  .object({ channel: SalesChannel, pricesIncludeVat: z.boolean().optional(), dispatchDays: DispatchDays.optional() })
  .refine((s) => s.pricesIncludeVat !== undefined || s.dispatchDays !== undefined, {
    message: 'give pricesIncludeVat, dispatchDays or both',
    path: ['dispatchDays'],
  });
/** The channels' settings to change (those not listed stay). */
export const SalesChannelSettingsInput = z.object({
  items: z
    .array(SalesChannelSettingInput)
    .min(1)
    .max(SALES_CHANNELS.length)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((s, i) => {
        if (seen.has(s.channel))
          ctx.addIssue({ code: 'custom', path: [i, 'channel'], message: 'a channel is listed once' });
        seen.add(s.channel);
      });
    }),
});
export type SalesChannelSettingsInput = z.input<typeof SalesChannelSettingsInput>;

const IdParams = z.object({ id: Uuid });
const TAG = 'sales';

export const salesInvoicesApi = {
  listSalesInvoices: endpoint({
    method: 'GET',
    path: '/api/sales-invoices',
    permission: 'view_sales_invoice',
    tag: TAG,
    summary:
      'Sales invoices, paged, with counts per status for the tabs; search by number, external order id, customer name or e-mail, or a SKU on a line; filter by status, channel, warehouse, customer, invoice date, shipment day, shortage and late dispatch; sort',
    query: SalesInvoiceListQuery,
    response: SalesInvoicePage,
  }),
  exportSalesInvoices: endpoint({
    method: 'GET',
    path: '/api/sales-invoices/export',
    permission: 'view_sales_invoice',
    tag: TAG,
    summary: 'The sales invoices of a filter as an .xlsx file, one row per line',
    query: SalesInvoiceFilter,
    response: z.unknown(),
  }),
  salesAvailability: endpoint({
    method: 'GET',
    path: '/api/sales-invoices/availability',
    permission: ['add_sales_invoice', 'edit_sales_invoice', 'view_sales_invoice'],
    tag: TAG,
    summary:
      'For the invoice form: on hand, reserved and available now in a warehouse for a few products, with the price and VAT code a new line starts with',
    query: SalesAvailabilityQuery,
    response: z.object({ items: z.array(SalesProductAvailability) }),
  }),
  salesChannelSettings: endpoint({
    method: 'GET',
    path: '/api/sales-invoices/channel-settings',
    // The invoice form reads a channel's VAT default; System Config shows the settings, read-only without the edit.
    permission: ['view_sales_invoice', 'add_sales_invoice', 'view_system_configuration', 'edit_system_configuration'],
    tag: TAG,
    summary: 'Per sales channel: whether its prices include VAT (a new invoice’s default) and its dispatch promise',
    response: SalesChannelSettings,
  }),
  updateSalesChannelSettings: endpoint({
    method: 'PUT',
    path: '/api/sales-invoices/channel-settings',
    permission: 'edit_system_configuration',
    tag: TAG,
    summary:
      'Change whether the prices of some channels include VAT (invoices already written keep their flag) or their dispatch promise in working days',
    body: SalesChannelSettingsInput,
    response: SalesChannelSettings,
  }),
  getSalesInvoice: endpoint({
    method: 'GET',
    path: '/api/sales-invoices/:id',
    permission: 'view_sales_invoice',
    tag: TAG,
    summary: 'One sales invoice with its lines, VAT per rate and each line’s availability now in its warehouse',
    params: IdParams,
    response: SalesInvoice,
  }),
  createSalesInvoice: endpoint({
    method: 'POST',
    path: '/api/sales-invoices',
    permission: 'add_sales_invoice',
    tag: TAG,
    summary:
      'Create a PENDING sales invoice with its number (totals and VAT computed here), or create and book it (book: true, needs approve_sales_invoice); a new customer may be written inline',
    body: SalesInvoiceCreateInput,
    response: SalesInvoice,
    status: 201,
    idempotent: true,
  }),
  updateSalesInvoice: endpoint({
    method: 'PUT',
    path: '/api/sales-invoices/:id',
    permission: salesInvoiceDocument.actions.edit.permission,
    tag: TAG,
    summary: 'Change a PENDING invoice (its lines are replaced; totals recomputed)',
    params: IdParams,
    body: SalesInvoiceInput,
    response: SalesInvoice,
  }),
  bookSalesInvoice: actionEndpoint(salesInvoiceDocument, 'book', {
    path: '/api/sales-invoices/:id/book',
    tag: TAG,
    summary:
      'Book: reserve every line in the warehouse, all or none; with too little available refuse (422 with the shortages) or keep it PENDING with the shortage recorded, as asked',
    params: IdParams,
    body: SalesInvoiceBookInput,
    response: SalesInvoice,
  }),
  cancelSalesInvoice: actionEndpoint(salesInvoiceDocument, 'cancel', {
    path: '/api/sales-invoices/:id/cancel',
    tag: TAG,
    summary: 'Cancel a PENDING or BOOKED invoice with a reason: its reservations are released (its number stays used)',
    params: IdParams,
    body: SalesInvoiceCancelInput,
    response: SalesInvoice,
  }),
  salesInvoicePackingSlip: endpoint({
    method: 'GET',
    path: '/api/sales-invoices/:id/packing-slip',
    permission: ['view_sales_invoice', 'ship_list'],
    tag: TAG,
    summary:
      'The packing slip as a PDF (no prices): delivery address, order numbers, lines with SKU, name and quantity, and the parcels once shipped',
    params: IdParams,
    query: PrintoutQuery,
    response: PdfFile,
  }),
  salesInvoicePdf: endpoint({
    method: 'GET',
    path: '/api/sales-invoices/:id/pdf',
    permission: 'view_sales_invoice',
    tag: TAG,
    summary:
      'The UK VAT invoice as a PDF (A4, in the language of lang or Accept-Language): seller and VAT number, number, date, tax point, customer, lines with VAT rate, VAT per rate, totals',
    params: IdParams,
    query: PrintoutQuery,
    response: PdfFile,
  }),
};
