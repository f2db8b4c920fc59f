import {
  AddressCountry,
  BASE_CURRENCY,
  CurrencyCode,
  CustomerInput,
  DiscountPercent,
  IMPORT_KIND_DEFS,
  ImportRunErrorCode,
  type MappingColumn,
  Money,
  NAME_MAX_LENGTH,
  PARTNER_EMAIL_PATTERN,
  PARTNER_LIMITS,
  PARTNER_PHONE_PATTERN,
  PAYMENT_TYPES,
  type PaymentType,
  PositiveStockQuantity,
  SALES_CHANNELS,
  SALES_INVOICE_LINES_MAX,
  SALES_UPLOAD_LISTED_ERRORS,
  SALES_UPLOAD_LISTED_ORDERS,
  type SalesChannel,
  SalesInvoiceAddressInput,
  SalesInvoiceErrorCode,
  SalesUnitPrice,
  type SalesUploadInvoiceRef,
  type SalesUploadOrder,
  type SalesUploadPreview,
  type SalesUploadProblemsDetails,
  type SalesUploadRowError,
  type SalesUploadRun,
  type SalesUploadValues,
  salesInvoiceTotals,
  sumText,
  todayInLondon,
  SalesUploadErrorCode as U,
  VAT_CODE_LIST,
  type VatCode,
  WHOLE_UNIT,
  withPlaces,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { writeAudit, writeAudits } from '../../platform/audit.ts';
import { nextDocumentNumbers } from '../../platform/documents-numbers.ts';
import { AppError, forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import { loopSlicer } from '../../platform/import.ts';
import { jobCtx } from '../../platform/jobs/index.ts';
import type { Ctx } from '../../platform/routes.ts';
import { rateOn } from '../currencies/index.ts';
import {
  type CellResult,
  decimalCell,
  estimateDataRows,
  fileContent,
  finishRun,
  type ImportJob,
  mappingById,
  queueImport,
  readMappedRows,
} from '../imports/index.ts';
import { matchOrCreateCustomers } from '../partners/index.ts';
import type { AddressWrite, InvoiceWrite, LineWrite } from './sales-invoice.repository.ts';
import { bookSalesInvoice, getChannelSettings } from './sales-invoice.service.ts';
import * as repo from './sales-invoice-upload.repository.ts';

/**
 * The sales-invoice Excel upload (contract sales/sales-invoice-uploads.ts has the whole flow). `parseUpload` reads
 * the file once, row by row, grouping rows into orders; what it read is kept (`parseOnce`) for the steps that
 * follow, so the preview, the commit and the run's job read the file once between them. `checkUpload` checks the
 * orders against the database in a few batched lookups, at every step (the database may have changed): the
 * preview answers what it found, a commit refuses while anything is wrong, and the run's job checks again and then
 * writes the orders in batches, each its own transaction: the batch's customers matched or made at once (the
 * customers' service), a multi-row insert of the invoices that skips orders already invoiced (ON CONFLICT on the
 * unique channel order key), their numbers taken at once, their lines and log rows in multi-row inserts. The event
 * loop is given back between batches, and the run reports one 0–100 over all its steps (`runPercent`). A batch
 * committed stays; a run taken up again after an interruption plans the same orders and finds its own invoices
 * there (counted created, not skipped).
 */

type Field =
  | 'channel'
  | 'externalOrderId'
  | 'orderDate'
  | 'customerName'
  | 'customerEmail'
  | 'customerPhone'
  | 'addressLine1'
  | 'addressLine2'
  | 'city'
  | 'postcode'
  | 'country'
  | 'warehouse'
  | 'currency'
  | 'sku'
  | 'quantity'
  | 'unitPrice'
  | 'discount'
  | 'vatRate'
  | 'shippingCharge'
  | 'carrierService'
  | 'paymentType'
  | 'paymentReference';

type Row = Partial<Record<Field, string>>;

/** Fields that describe the order (taken from its first row); the rest describe the row's line. */
const HEAD_FIELDS = [
  'orderDate',
  'customerName',
  'customerEmail',
  'customerPhone',
  'addressLine1',
  'addressLine2',
  'city',
  'postcode',
  'country',
  'warehouse',
  'currency',
  'shippingCharge',
  'carrierService',
  'paymentType',
  'paymentReference',
] as const satisfies readonly Field[];

type CellCheck = (v: string) => CellResult;
const good = (value: unknown): CellResult => ({ ok: true, value });
const wrong = (message: string): CellResult => ({ ok: false, messages: [message] });

/**
 * A cell checked by a schema, the cell's text prepared first. Most of a file's values of such fields repeat
 * (quantities, prices, channels, countries): what a text gave is remembered, up to a bound, so a large file
 * does not run the same schema on the same text tens of thousands of times.
 */
const SCHEMA_MEMO = 4096;
function cell<T extends z.ZodType>(schema: T, prepare: (v: string) => unknown = (v) => v): CellCheck {
  const memo = new Map<string, CellResult>();
  return (v) => {
    const known = memo.get(v);
    if (known) return known;
    const parsed = schema.safeParse(prepare(v));
    // One problem per cell: the first rule it breaks says what to fix.
    const result = parsed.success ? good(parsed.data) : wrong(parsed.error.issues[0]?.message ?? 'not a valid value');
    if (memo.size < SCHEMA_MEMO) memo.set(v, result);
    return result;
  };
}
/** Free text, trimmed, of at most `max` characters (checked directly: these are most of a file's cells). */
const text =
  (max: number, what: string, upper = false): CellCheck =>
  (v) => {
    const t = upper ? v.trim().toUpperCase() : v.trim();
    return t.length > max ? wrong(`${what} has at most ${max} characters`) : good(t);
  };
const upper = (max: number, what: string) => text(max, what, true);
const oneOf =
  (check: CellCheck, list: readonly string[], message: string): CellCheck =>
  (v) => {
    const r = check(v);
    return r.ok && !list.includes(r.value as string) ? wrong(message) : r;
  };

const VAT_WORDS: Record<string, VatCode> = { '20': 'STANDARD', '5': 'REDUCED', '0': 'ZERO' };

/** A date cell: YYYY-MM-DD, DD/MM/YYYY (UK) or Excel's day number. */
function dateCell(v: string): unknown {
  const t = v.trim();
  if (/^\d{4}-\d{2}-\d{2}/.test(t)) return t.slice(0, 10);
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (uk) return `${uk[3]}-${(uk[2] ?? '').padStart(2, '0')}-${(uk[1] ?? '').padStart(2, '0')}`;
  if (/^\d{5}(\.\d+)?$/.test(t)) {
    const days = Number.parseInt(t, 10);
    return new Date(Date.UTC(1899, 11, 30) + days * 86_400_000).toISOString().slice(0, 10);
  }
  return t;
}
const IsoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is YYYY-MM-DD or DD/MM/YYYY')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'not a date of the calendar',
  );

const CELLS: Record<Field, CellCheck> = {
  channel: oneOf(upper(20, 'a channel'), SALES_CHANNELS, `a channel is one of ${SALES_CHANNELS.join(', ')}`),
  externalOrderId: text(100, 'an order id'),
  orderDate: cell(IsoDay, dateCell),
  // A customer's name (a new buyer becomes a customer under it).
  customerName: (v) => {
    const r = text(NAME_MAX_LENGTH, 'a name')(v);
    return r.ok && r.value === '' ? wrong('a name is needed') : r;
  },
  customerEmail: (v) => {
    const t = v.trim().toLowerCase();
    if (t.length > PARTNER_LIMITS.email) return wrong(`an e-mail has at most ${PARTNER_LIMITS.email} characters`);
    return PARTNER_EMAIL_PATTERN.test(t) ? good(t) : wrong('not an e-mail address (name@example.com)');
  },
  customerPhone: (v) => {
    const t = v.trim().replace(/\s+/g, ' ');
    return PARTNER_PHONE_PATTERN.test(t) ? good(t) : wrong('a phone number is digits, with an optional + first');
  },
  addressLine1: text(120, 'an address line'),
  addressLine2: text(120, 'an address line'),
  city: text(80, 'a town or city'),
  postcode: text(12, 'a postcode'),
  country: cell(AddressCountry),
  warehouse: upper(30, 'a warehouse code'),
  currency: cell(CurrencyCode, (v) => v.trim().toUpperCase()),
  sku: upper(64, 'a SKU'),
  quantity: cell(PositiveStockQuantity, decimalCell),
  unitPrice: cell(SalesUnitPrice, decimalCell),
  discount: cell(DiscountPercent, decimalCell),
  vatRate: cell(
    z.string().refine((v) => v in VAT_WORDS || (VAT_CODE_LIST as readonly string[]).includes(v), {
      message: `a VAT code is one of ${VAT_CODE_LIST.join(', ')} (or the rate 20, 5 or 0)`,
    }),
    (v) => {
      const t = String(decimalCell(v)).trim().toUpperCase();
      return /^\d+(\.0+)?$/.test(t) ? new Decimal(t).toFixed() : t;
    },
  ),
  shippingCharge: cell(Money, decimalCell),
  carrierService: upper(40, 'a carrier service code'),
  paymentType: oneOf(
    upper(30, 'a payment type'),
    PAYMENT_TYPES,
    `a payment type is one of ${PAYMENT_TYPES.join(', ')}`,
  ),
  paymentReference: text(100, 'a payment reference'),
};

const REQUIRED: Partial<Record<Field, string>> = {
  externalOrderId: 'an order id is needed',
  sku: 'a SKU is needed',
  quantity: 'a quantity is needed',
  unitPrice: 'a unit price is needed',
};

function checkCell(field: Field, value: string): CellResult {
  return CELLS[field](value);
}

/** The code of a cell's own problem, by its field. */
function cellCode(field: string | undefined, missing: boolean): string {
  if (missing) return U.SALES_UPLOAD_MISSING_VALUE;
  switch (field) {
    case 'quantity':
      return U.SALES_UPLOAD_BAD_QUANTITY;
    case 'unitPrice':
    case 'shippingCharge':
      return U.SALES_UPLOAD_BAD_PRICE;
    case 'vatRate':
      return U.SALES_UPLOAD_BAD_VAT_CODE;
    case 'channel':
      return U.SALES_UPLOAD_UNKNOWN_CHANNEL;
    case 'paymentType':
      return U.SALES_UPLOAD_UNKNOWN_PAYMENT_TYPE;
    default:
      return U.SALES_UPLOAD_BAD_VALUE;
  }
}

/** Problems by row (all counted, the first SALES_UPLOAD_LISTED_ERRORS kept, in row order once sorted). */
class Problems {
  readonly list: SalesUploadRowError[] = [];
  count = 0;
  /** The cells already found wrong ("row:field"), so a check of the order does not report one twice. */
  private readonly cells = new Set<string>();
  constructor(private readonly headerOf: Map<string, string>) {}
  /** A copy to go on adding to (the file's own problems stay as read). */
  copy() {
    const c = new Problems(this.headerOf);
    c.list.push(...this.list);
    c.count = this.count;
    for (const cell of this.cells) c.cells.add(cell);
    return c;
  }
  has(rowNumber: number, field: string) {
    return this.cells.has(`${rowNumber}:${field}`);
  }
  add(rowNumber: number, field: string | null, code: string, message: string) {
    this.count += 1;
    if (field) this.cells.add(`${rowNumber}:${field}`);
    if (this.list.length < SALES_UPLOAD_LISTED_ERRORS * 4)
      this.list.push({ rowNumber, field, column: field ? (this.headerOf.get(field) ?? null) : null, code, message });
  }
  sorted() {
    return [...this.list].sort((a, b) => a.rowNumber - b.rowNumber).slice(0, SALES_UPLOAD_LISTED_ERRORS);
  }
}

interface OrderLine {
  rowNumber: number;
  sku: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  vatCode: VatCode;
}

/**
 * What the check resolved of a good order: all its invoice needs but the amounts, which are worked out when it is
 * written (`invoiceOf`), so a large file's thousands of invoices are never all held at once.
 */
interface Resolved {
  warehouseId: string;
  carrierServiceId: string | null;
  delivery: AddressWrite;
  currency: string;
  exchangeRate: string;
  invoiceDate: string;
  pricesIncludeVat: boolean;
  /** Each line's product, in the lines' order. */
  productIds: string[];
}

interface PlannedOrder {
  channel: SalesChannel;
  externalOrderId: string;
  /** The order's first row: its head (customer, address, …) is read from there. */
  firstRow: number;
  /** The head's fields the file fills (from the first row; later rows may repeat them, never differ). */
  head: Row;
  lines: OrderLine[];
  hasErrors: boolean;
  /** Set once the order is good. */
  ready?: Resolved;
  customerName: string;
  customerEmail: string | null;
  customerPhone: string | null;
  existing: { id: string; number: string; status: string; importRunId: string | null } | null;
}

export interface UploadPlan {
  rowCount: number;
  orders: PlannedOrder[];
  problems: Problems;
  columns: MappingColumn[];
}

/** What the file alone says (its rows grouped into orders, its cells' own problems): read once, then kept. */
interface ParsedUpload {
  rowCount: number;
  orders: readonly Readonly<Omit<PlannedOrder, 'write' | 'existing'>>[];
  problems: Problems;
  columns: MappingColumn[];
}

interface UploadOptions {
  columns: MappingColumn[];
  channel: SalesChannel;
  warehouseId: string | null;
}

/**
 * Files read, kept for the steps that follow (preview, commit, the run's job) so the file is read once: an
 * uploaded file never changes, and what is kept depends only on it, the mapping's columns and the default channel.
 * A few at most, for a while; another server (or one restarted) reads the file again. The database is checked
 * again at every step all the same.
 */
const PARSED_KEPT = 3;
const PARSED_KEEP_MS = 30 * 60_000;
const parsedFiles = new Map<string, { at: number; parsed: Promise<ParsedUpload> }>();
const parsedKey = (fileId: string, options: UploadOptions) =>
  JSON.stringify([fileId, options.channel, options.columns.map((c) => [c.field, c.header])]);

function keptParse(fileId: string, options: UploadOptions) {
  const now = Date.now();
  for (const [k, v] of parsedFiles) if (now - v.at > PARSED_KEEP_MS) parsedFiles.delete(k);
  return parsedFiles.get(parsedKey(fileId, options))?.parsed;
}

function parseOnce(
  fileId: string,
  content: () => Promise<Buffer>,
  options: UploadOptions,
  onRows?: (rows: number) => void,
): Promise<ParsedUpload> {
  const kept = keptParse(fileId, options);
  if (kept) return kept;
  const key = parsedKey(fileId, options);
  const parsed = content().then((c) => parseUpload(c, options, onRows));
  parsedFiles.set(key, { at: Date.now(), parsed });
  while (parsedFiles.size > PARSED_KEPT) parsedFiles.delete(parsedFiles.keys().next().value as string);
  // A file that cannot be read is not kept: the next step says why again.
  parsed.catch(() => {
    if (parsedFiles.get(key)?.parsed === parsed) parsedFiles.delete(key);
  });
  return parsed;
}

/** Forgets what was kept of a file (its run has ended). */
function forgetParse(fileId: string) {
  for (const k of parsedFiles.keys()) if ((JSON.parse(k) as string[])[0] === fileId) parsedFiles.delete(k);
}

const orderKey = (channel: string, id: string) => `${channel}\u0000${id}`;

/** Reads a file once, row by row, grouping its rows into orders as they come (no row is kept beyond its order). */
async function parseUpload(
  content: Buffer,
  options: UploadOptions,
  onRows?: (rows: number) => void,
): Promise<ParsedUpload> {
  let columns = options.columns;
  let problems = new Problems(new Map());
  let rowCount = 0;
  // Orders by (channel, external order id), in the order of their first rows.
  const orders = new Map<string, PlannedOrder>();
  for await (const { rowNumber, value, errors } of readMappedRows<Field, Row>(content, {
    kind: 'sales_invoices',
    columns: options.columns,
    checkCell,
    requiredMessages: REQUIRED,
    onColumns: (c) => {
      columns = c;
      problems = new Problems(new Map(c.map((m) => [m.field, m.header])));
    },
  })) {
    rowCount += 1;
    if (rowCount % 2000 === 0) onRows?.(rowCount);
    for (const e of errors)
      problems.add(
        e.rowNumber,
        e.field ?? null,
        cellCode(e.field, e.message === REQUIRED[e.field as Field]),
        e.message,
      );
    if (!value.externalOrderId) continue;
    const badChannel = errors.some((e) => e.field === 'channel');
    if (badChannel) continue;
    const channel = (value.channel ?? options.channel) as SalesChannel;
    const key = orderKey(channel, value.externalOrderId);
    let order = orders.get(key);
    if (!order) {
      const head: Row = {};
      for (const f of HEAD_FIELDS) if (value[f] !== undefined) head[f] = value[f];
      order = {
        channel,
        externalOrderId: value.externalOrderId,
        firstRow: rowNumber,
        head,
        lines: [],
        hasErrors: false,
        customerName: value.customerName ?? '',
        customerEmail: value.customerEmail ?? null,
        customerPhone: value.customerPhone ?? null,
        existing: null,
      };
      orders.set(key, order);
    } else {
      for (const f of HEAD_FIELDS) {
        const v = value[f];
        if (v === undefined || errors.some((e) => e.field === f)) continue;
        if (order.head[f] !== v) {
          problems.add(
            rowNumber,
            f,
            U.SALES_UPLOAD_ORDER_CONFLICT,
            `order ${value.externalOrderId} says "${order.head[f] ?? ''}" in row ${order.firstRow}, here "${v}": an order's rows agree`,
          );
          order.hasErrors = true;
        }
      }
    }
    if (errors.length) order.hasErrors = true;
    if (order.lines.length >= SALES_INVOICE_LINES_MAX) {
      problems.add(
        rowNumber,
        'externalOrderId',
        U.SALES_UPLOAD_TOO_MANY_LINES,
        `order ${value.externalOrderId} has more than ${SALES_INVOICE_LINES_MAX} lines`,
      );
      order.hasErrors = true;
      continue;
    }
    if (value.sku && value.quantity && value.unitPrice && !errors.length)
      order.lines.push({
        rowNumber,
        sku: value.sku,
        quantity: value.quantity,
        unitPrice: value.unitPrice,
        discount: value.discount ?? '0',
        vatCode: value.vatRate ? (VAT_WORDS[value.vatRate] ?? (value.vatRate as VatCode)) : 'STANDARD',
      });
  }
  onRows?.(rowCount);
  return { rowCount, orders: [...orders.values()], problems, columns };
}

/**
 * Checks a file's orders against the database (nothing written): what the rows name, each kind in one lookup
 * (or a few for many keys), then each order's invoice worked out.
 */
async function checkUpload(db: Kysely<Database>, parsed: ParsedUpload, options: UploadOptions): Promise<UploadPlan> {
  const problems = parsed.problems.copy();
  const list: PlannedOrder[] = parsed.orders.map((o) => ({ ...o, existing: null }));
  const pause = loopSlicer();

  // What the rows name, each kind in one lookup (or a few for many keys).
  const skus = [...new Set(list.flatMap((o) => o.lines.map((l) => l.sku)))];
  const products = new Map((await repo.productsBySkus(db, skus)).map((p) => [p.sku.toUpperCase(), p]));
  const warehouseCodes = [...new Set(list.flatMap((o) => (o.head.warehouse ? [o.head.warehouse] : [])))];
  const warehouses = new Map((await repo.warehousesByCodes(db, warehouseCodes)).map((w) => [w.code.toUpperCase(), w]));
  const defaultWarehouse = options.warehouseId ? await repo.warehouseById(db, options.warehouseId) : undefined;
  const serviceCodes = [...new Set(list.flatMap((o) => (o.head.carrierService ? [o.head.carrierService] : [])))];
  const services = new Map<string, { id: string; code: string; active: boolean; carrier_active: boolean }[]>();
  for (const s of await repo.carrierServicesByCodes(db, serviceCodes))
    services.set(s.code.toUpperCase(), [...(services.get(s.code.toUpperCase()) ?? []), s]);
  const settings = new Map((await getChannelSettings(db)).items.map((s) => [s.channel, s.pricesIncludeVat]));
  const existing = new Map(
    (await repo.invoicesOfOrders(db, list)).map((i) => [orderKey(i.channel, i.external_order_id), i]),
  );
  const rates = new Map<string, string | AppError>();
  const today = todayInLondon();

  for (const order of list) {
    await pause();
    const found = existing.get(orderKey(order.channel, order.externalOrderId));
    // An order already invoiced is skipped whatever else it says: only its rows' own cells were checked.
    if (found) {
      order.existing = { id: found.id, number: found.number, status: found.status, importRunId: found.import_run_id };
      continue;
    }
    const add = (field: Field | null, code: string, message: string, row = order.firstRow) => {
      problems.add(row, field, code, message);
      order.hasErrors = true;
    };
    const productIds: string[] = [];
    for (const l of order.lines) {
      const p = products.get(l.sku);
      if (!p?.active) {
        problems.add(
          l.rowNumber,
          'sku',
          U.SALES_UPLOAD_UNKNOWN_SKU,
          p ? `${p.sku} is deactivated: it cannot be sold` : `no product has the SKU ${l.sku}`,
        );
        order.hasErrors = true;
        continue;
      }
      if (p.unit === WHOLE_UNIT && !/^\d+(\.0+)?$/.test(l.quantity)) {
        problems.add(
          l.rowNumber,
          'quantity',
          U.SALES_UPLOAD_BAD_QUANTITY,
          `${p.sku} is counted in units: sell a whole quantity`,
        );
        order.hasErrors = true;
        continue;
      }
      productIds.push(p.id);
    }
    if (!order.customerName && !problems.has(order.firstRow, 'customerName'))
      add('customerName', U.SALES_UPLOAD_MISSING_VALUE, 'a customer name is needed');
    const h = order.head;
    let warehouseId: string | undefined;
    if (h.warehouse) {
      const w = warehouses.get(h.warehouse);
      if (!w?.active)
        add(
          'warehouse',
          U.SALES_UPLOAD_UNKNOWN_WAREHOUSE,
          w ? `warehouse ${w.code} is inactive: it ships no orders` : `there is no warehouse with code ${h.warehouse}`,
        );
      else warehouseId = w.id;
    } else if (defaultWarehouse?.active) warehouseId = defaultWarehouse.id;
    else add('warehouse', U.SALES_UPLOAD_MISSING_VALUE, 'choose a warehouse for orders whose row names none');
    let carrierServiceId: string | null = null;
    if (h.carrierService) {
      const matches = services.get(h.carrierService) ?? [];
      const live = matches.filter((s) => s.active && s.carrier_active);
      if (live.length !== 1)
        add(
          'carrierService',
          U.SALES_UPLOAD_UNKNOWN_CARRIER_SERVICE,
          live.length > 1
            ? `several carriers have a service ${h.carrierService}`
            : `there is no active carrier service with code ${h.carrierService}`,
        );
      else carrierServiceId = live[0]?.id ?? null;
    }
    const address = SalesInvoiceAddressInput.safeParse({
      name: order.customerName || null,
      line1: h.addressLine1 ?? '',
      line2: h.addressLine2 ?? null,
      city: h.city ?? '',
      county: null,
      postcode: h.postcode ?? null,
      country: h.country ?? 'GB',
    });
    let delivery: AddressWrite | undefined;
    if (!address.success)
      for (const issue of address.error.issues) {
        const fields: Record<string, Field> = {
          line1: 'addressLine1',
          line2: 'addressLine2',
          city: 'city',
          postcode: 'postcode',
        };
        const field: Field = fields[String(issue.path[0])] ?? 'country';
        add(field, h[field] ? U.SALES_UPLOAD_BAD_VALUE : U.SALES_UPLOAD_MISSING_VALUE, issue.message);
      }
    else delivery = { ...address.data, county: address.data.county ?? null };
    const invoiceDate = h.orderDate ?? today;
    const currency = h.currency ?? BASE_CURRENCY;
    let exchangeRate = '1';
    if (currency !== BASE_CURRENCY) {
      const rk = `${currency}|${invoiceDate}`;
      if (!rates.has(rk))
        rates.set(
          rk,
          await rateOn(db, currency as CurrencyCode, invoiceDate).then(
            (r) => r.rate,
            (e: unknown) => {
              if (e instanceof AppError) return e;
              throw e;
            },
          ),
        );
      const rate = rates.get(rk);
      if (rate instanceof AppError) add('currency', U.SALES_UPLOAD_BAD_VALUE, rate.message);
      else exchangeRate = rate ?? '1';
    }
    if (order.hasErrors || !warehouseId || !delivery || !productIds.length) {
      order.hasErrors = order.hasErrors || !productIds.length;
      continue;
    }
    order.ready = {
      warehouseId,
      carrierServiceId,
      delivery,
      currency,
      exchangeRate,
      invoiceDate,
      pricesIncludeVat: settings.get(order.channel) ?? false,
      productIds,
    };
  }
  return { rowCount: parsed.rowCount, orders: list, problems, columns: parsed.columns };
}

/** A good order's invoice and lines, their amounts worked out (exactly, on the server) from its rows. */
function invoiceOf(order: PlannedOrder, r: Resolved): { head: Omit<InvoiceWrite, 'customerId'>; lines: LineWrite[] } {
  const h = order.head;
  // The cells' texts are exact decimals already (checked by their schemas): written as they are.
  const lines: LineWrite[] = order.lines.map((l, i) => ({
    lineNo: i + 1,
    productId: r.productIds[i] as string,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    discountPercent: l.discount,
    vatCode: l.vatCode,
    vatRate: '0',
    netAmount: '0',
    vatAmount: '0',
    grossAmount: '0',
  }));
  const totals = salesInvoiceTotals(
    lines.map((l) => ({
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discountPercent: l.discountPercent,
      vatCode: l.vatCode as VatCode,
    })),
    { charge: h.shippingCharge ?? '0', vatCode: 'STANDARD' },
    r.pricesIncludeVat,
  );
  lines.forEach((l, i) => {
    const a = totals.lines[i];
    if (!a) return;
    l.vatRate = a.vatRate;
    l.netAmount = a.net;
    l.vatAmount = a.vat;
    l.grossAmount = a.gross;
  });
  return {
    lines,
    head: {
      channel: order.channel,
      externalOrderId: order.externalOrderId,
      email: order.customerEmail,
      billing: r.delivery,
      delivery: r.delivery,
      warehouseId: r.warehouseId,
      currency: r.currency,
      exchangeRate: r.exchangeRate,
      invoiceDate: r.invoiceDate,
      taxPointDate: r.invoiceDate,
      pricesIncludeVat: r.pricesIncludeVat,
      shippingCharge: withPlaces(h.shippingCharge ?? '0', 2),
      shippingVatCode: 'STANDARD',
      shippingNet: totals.shipping.net,
      shippingVat: totals.shipping.vat,
      carrierServiceId: r.carrierServiceId,
      paymentType: (h.paymentType as PaymentType | undefined) ?? null,
      paymentReference: h.paymentReference ?? '',
      note: '',
      netTotal: totals.net,
      vatTotal: totals.vat,
      grossTotal: totals.gross,
      lineCount: lines.length,
      totalQuantity: sumText(lines.map((l) => l.quantity)),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Requests

async function storedFile(ctx: Ctx, fileName: string) {
  const file = await repo.uploadedFileOf(ctx.db, fileName);
  // Someone else's upload is treated as unknown: its existence is not revealed.
  if (!file || file.uploaded_by !== ctx.user.id) throw notFound('File', fileName);
  if (file.kind !== 'xlsx')
    throw new AppError(
      415,
      ImportRunErrorCode.IMPORT_FILE_NOT_SPREADSHEET,
      'Only an Excel .xlsx file can be imported.',
    );
  return {
    id: file.id,
    content: async () => {
      const content = await fileContent(ctx.db, file.id);
      if (!content) throw notFound('File', fileName);
      return content;
    },
  };
}

/** A request's plan: the file read once (kept for the next steps), the database checked now. */
async function requestPlan(ctx: Ctx, input: SalesUploadValues) {
  const columns = await mappingColumns(ctx, input.mappingId);
  const file = await storedFile(ctx, input.fileName);
  const options: UploadOptions = { columns, channel: input.channel, warehouseId: input.warehouseId };
  return checkUpload(ctx.db, await parseOnce(file.id, file.content, options), options);
}

async function mappingColumns(ctx: Ctx, mappingId: string): Promise<MappingColumn[]> {
  const mapping = await mappingById(ctx.db, mappingId);
  if (!mapping) throw notFound('Excel mapping', mappingId);
  if (mapping.kind !== 'sales_invoices')
    throw unprocessable(
      ImportRunErrorCode.IMPORT_MAPPING_KIND_MISMATCH,
      `Mapping "${mapping.name}" is for ${IMPORT_KIND_DEFS[mapping.kind as 'products'].label.toLowerCase()}, not sales invoices.`,
    );
  return mapping.columns as MappingColumn[];
}

function toOrder(o: PlannedOrder): SalesUploadOrder {
  return {
    channel: o.channel,
    externalOrderId: o.externalOrderId,
    firstRow: o.firstRow,
    lineCount: o.lines.length,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    currency: o.ready?.currency ?? o.head.currency ?? BASE_CURRENCY,
    grossTotal: o.ready ? invoiceOf(o, o.ready).head.grossTotal : null,
    hasErrors: o.hasErrors,
    existing: o.existing ? { invoiceId: o.existing.id, number: o.existing.number } : null,
  };
}

/** The preview: every order and every problem; nothing written. */
export async function previewUpload(ctx: Ctx, input: SalesUploadValues): Promise<SalesUploadPreview> {
  const plan = await requestPlan(ctx, input);
  const skipCount = plan.orders.filter((o) => o.existing).length;
  return {
    rowCount: plan.rowCount,
    orderCount: plan.orders.length,
    newCount: plan.orders.filter((o) => !o.existing && !o.hasErrors).length,
    skipCount,
    errorCount: plan.problems.count,
    errors: plan.problems.sorted(),
    // Orders with problems first, so a long file's problems are on the first page.
    orders: [...plan.orders]
      .sort((a, b) => Number(b.hasErrors) - Number(a.hasErrors) || a.firstRow - b.firstRow)
      .slice(0, SALES_UPLOAD_LISTED_ORDERS)
      .map(toOrder),
  };
}

function refuseProblems(problems: Problems): AppError {
  const errors = problems.sorted();
  const onlySkus = problems.list.every((e) => e.code === U.SALES_UPLOAD_UNKNOWN_SKU);
  const details: SalesUploadProblemsDetails = { errorCount: problems.count, errors };
  const first = errors[0];
  return unprocessable(
    onlySkus ? U.SALES_UPLOAD_UNKNOWN_SKU : U.SALES_UPLOAD_INVALID,
    `${problems.count} problem(s) in the file${first ? ` (row ${first.rowNumber}: ${first.message})` : ''}; nothing was imported. Fix them and upload the file again.`,
    details,
  );
}

interface RunOptions {
  channel: SalesChannel;
  warehouseId: string | null;
  book: boolean;
}

/** The commit: refused while the file has problems; else a run queued for the job. */
export async function commitUpload(ctx: Ctx, input: SalesUploadValues): Promise<SalesUploadRun> {
  if (input.book && !ctx.user.permissions.has('approve_sales_invoice'))
    throw forbidden(
      'Booking invoices needs the permission to book sales invoices: import them as pending instead.',
      { required: ['approve_sales_invoice'] },
      SalesInvoiceErrorCode.SALES_INVOICE_BOOK_NOT_PERMITTED,
    );
  const plan = await requestPlan(ctx, input);
  if (plan.problems.count) throw refuseProblems(plan.problems);
  const run = await queueImport(ctx, 'sales_invoices', {
    fileName: input.fileName,
    mappingId: input.mappingId,
    mode: 'insert',
  });
  const options: RunOptions = { channel: input.channel, warehouseId: input.warehouseId, book: input.book };
  await repo.setRunOptions(ctx.db, run.id, options);
  handOver(run.id, plan);
  return getUploadRun(ctx.db, run.id);
}

/**
 * The commit's checked plan, handed to its run's job when the job runs in this process soon after (it always does
 * unless the server restarts): the file is then checked against the database once per commit, not twice, as the
 * request's check is as fresh as the job's own would be a moment later. A job that finds none checks for itself.
 */
const HANDOVER_MS = 60_000;
const handedPlans = new Map<string, { at: number; plan: UploadPlan }>();
function handOver(runId: string, plan: UploadPlan) {
  const now = Date.now();
  for (const [k, v] of handedPlans) if (now - v.at > HANDOVER_MS) handedPlans.delete(k);
  handedPlans.set(runId, { at: now, plan });
}
function takeHandedPlan(runId: string): UploadPlan | undefined {
  const handed = handedPlans.get(runId);
  handedPlans.delete(runId);
  return handed && Date.now() - handed.at <= HANDOVER_MS ? handed.plan : undefined;
}

interface Outcome {
  skipped?: SalesUploadInvoiceRef[];
  skippedCount?: number;
  errors?: SalesUploadRowError[];
  createdCount?: number;
}

export async function getUploadRun(db: Kysely<Database>, id: string): Promise<SalesUploadRun> {
  const r = await repo.uploadRun(db, id);
  if (!r) throw notFound('Upload', id);
  const options = (r.options ?? {}) as Partial<RunOptions>;
  const outcome = (r.outcome ?? {}) as Outcome;
  // The lists once the run has ended: a screen polls its progress every moment while it runs.
  const ended = r.status === 'APPLIED' || r.status === 'FAILED';
  const created = ended ? await repo.invoicesOfRun(db, id, SALES_UPLOAD_LISTED_ORDERS) : [];
  const timings = r.timings as { totalMs?: number } | null;
  return {
    id: r.id,
    fileName: r.file_name,
    mappingName: r.mapping_name,
    status: r.status as SalesUploadRun['status'],
    book: options.book ?? false,
    rowsTotal: r.rows_total,
    rowsDone: r.rows_done,
    createdCount: r.created_count,
    skippedCount: r.updated_count,
    shortCount: options.book && ended ? await repo.shortInvoicesOfRun(db, id) : 0,
    failure: r.failure_code ? { code: r.failure_code, message: r.failure_message ?? '' } : null,
    errors: outcome.errors ?? [],
    created: created.map((i) => ({
      invoiceId: i.id,
      number: i.number,
      channel: i.channel as SalesChannel,
      externalOrderId: i.external_order_id ?? '',
      status: i.status,
    })),
    skipped: outcome.skipped ?? [],
    createdAt: new Date(r.created_at).toISOString(),
    finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    totalMs: timings?.totalMs ?? null,
    percent: runPercent(r.status, r.rows_done, r.rows_total),
  };
}

// ---------------------------------------------------------------------------------------------
// The job

/** Orders per transaction: large enough for few statements, small enough that progress moves and locks are short. */
const BATCH = 500;

/**
 * The run's progress as one bar over all its steps, 0–100: reading and checking the file take the first
 * VALIDATE_SHARE (rows read of the rows there are), writing the orders the rest (orders done of the orders).
 */
const VALIDATE_SHARE = 20;
export function runPercent(status: string, rowsDone: number, rowsTotal: number | null): number {
  if (status === 'APPLIED') return 100;
  const part = rowsTotal ? Math.min(1, Math.max(0, rowsDone / rowsTotal)) : 0;
  if (status === 'VALIDATING') return Math.floor(part * VALIDATE_SHARE);
  if (status === 'APPLYING' || status === 'FAILED')
    return Math.min(99, VALIDATE_SHARE + Math.floor(part * (100 - VALIDATE_SHARE)));
  return 0;
}

/** The sales-invoice upload job (see the top of this file). */
export async function runSalesInvoiceUpload(job: ImportJob): Promise<void> {
  try {
    await runUpload(job);
  } finally {
    forgetParse(job.run.fileId);
  }
}

type CheckedPlan = UploadPlan & { readMs: number };

/** The job's own reading and check of the file (no plan was handed over by the commit). */
async function readAndCheck(job: ImportJob, options: UploadOptions): Promise<CheckedPlan> {
  const started = Date.now();
  let estimate = 0;
  const parsed = await parseOnce(
    job.run.fileId,
    async () => {
      const content = await fileContent(job.db, job.run.fileId);
      if (!content) throw new AppError(404, 'NOT_FOUND', 'The uploaded file is gone. Upload it again.');
      estimate = estimateDataRows(content) ?? 0;
      job.progress(0, estimate || null);
      return content;
    },
    options,
    // Rows read of the rows there seem to be (never quite all until the last is read).
    (n) => job.progress(n, Math.max(estimate, n + 1)),
  );
  job.progress(parsed.rowCount, parsed.rowCount);
  const readMs = Date.now() - started;
  return { ...(await checkUpload(job.db, parsed, options)), readMs };
}

async function runUpload(job: ImportJob): Promise<void> {
  const started = Date.now();
  const run = job.run;
  const runOptions = ((await repo.runOptions(job.db, run.id))?.options ?? {}) as Partial<RunOptions>;
  const options: UploadOptions = {
    columns: run.columns ?? [],
    channel: runOptions.channel ?? 'MANUAL',
    warehouseId: runOptions.warehouseId ?? null,
  };
  job.progress(0, null);
  const handed = takeHandedPlan(run.id);
  const plan = handed ?? (await readAndCheck(job, options));
  const readMs = handed ? 0 : (plan as CheckedPlan).readMs;
  const checkMs = handed ? 0 : Date.now() - started - readMs;
  job.progress(plan.rowCount, plan.rowCount);
  // The plan holds all the run needs: what was kept of the file is let go now, not at the end.
  forgetParse(run.fileId);
  if (plan.problems.count) {
    await repo.setRunOutcome(job.db, run.id, { errors: plan.problems.sorted() } satisfies Outcome);
    await finishRun(job.db, run.id, {
      status: 'FAILED',
      columns: plan.columns,
      rowsTotal: plan.rowCount,
      rowsDone: plan.rowCount,
      errorCount: plan.problems.count,
      errors: plan.problems
        .sorted()
        .map((e) => ({ rowNumber: e.rowNumber, ...(e.field ? { field: e.field } : {}), message: e.message })),
      failure: {
        code: 'IMPORT_INVALID',
        message: `${plan.problems.count} problem(s) in the file; nothing was imported. Fix them and upload the file again.`,
      },
      timings: { readMs, checkMs, applyMs: 0, totalMs: Date.now() - started },
    });
    return;
  }
  const skipped: SalesUploadInvoiceRef[] = [];
  let skippedCount = 0;
  let createdCount = 0;
  const ref = (o: PlannedOrder, e: { id: string; number: string; status: string }): SalesUploadInvoiceRef => ({
    invoiceId: e.id,
    number: e.number,
    channel: o.channel,
    externalOrderId: o.externalOrderId,
    status: e.status,
  });
  const skip = (o: PlannedOrder, e: { id: string; number: string; status: string }) => {
    skippedCount += 1;
    if (skipped.length < SALES_UPLOAD_LISTED_ORDERS) skipped.push(ref(o, e));
  };
  // Orders already invoiced before this run are skipped without a write; this run's own earlier writes count.
  const todo: PlannedOrder[] = [];
  for (const o of plan.orders) {
    if (o.existing && o.existing.importRunId === run.id) createdCount += 1;
    else if (o.existing) skip(o, o.existing);
    else todo.push(o);
  }

  await job.applying(plan.orders.length);
  let done = plan.orders.length - todo.length;
  job.progress(done, plan.orders.length);
  const applyStarted = Date.now();
  let shortCount = 0;
  for (let i = 0; i < todo.length; i += BATCH) {
    const batch = todo.slice(i, i + BATCH);
    const outcome = await writeBatch(job, batch, runOptions.book ?? false);
    createdCount += outcome.created;
    shortCount += outcome.short;
    for (const [o, e] of outcome.skipped) skip(o, e);
    // What a written order was to become is not needed any more (the memory of a large file is given back as it goes).
    for (const o of batch) {
      o.ready = undefined;
      o.lines = [];
    }
    done += batch.length;
    job.progress(done, plan.orders.length);
    // Other requests get the event loop between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const applyMs = Date.now() - applyStarted;
  await job.db.transaction().execute(async (tx) => {
    await repo.setRunOutcome(tx, run.id, { skipped, skippedCount } satisfies Outcome);
    await finishRun(tx, run.id, {
      status: 'APPLIED',
      columns: plan.columns,
      rowsTotal: plan.orders.length,
      rowsDone: plan.orders.length,
      createdCount,
      updatedCount: skippedCount,
      timings: { readMs, checkMs, applyMs, totalMs: Date.now() - started },
    });
    await writeAudit(tx, {
      user: run.createdBy,
      requestId: run.requestId,
      action: 'apply',
      entity: 'sales_invoices_import',
      entityId: run.id,
      after: {
        fileName: run.fileName,
        rows: plan.rowCount,
        orders: plan.orders.length,
        created: createdCount,
        skipped: skippedCount,
        book: runOptions.book ?? false,
        leftPendingShort: shortCount,
      },
    });
  });
}

/** Thrown inside a batch's transaction when an order was invoiced meanwhile: the batch is rolled back and redone. */
class OrderRaced extends Error {}

/** Attempts at a batch whose orders another upload keeps invoicing meanwhile (each attempt finds those before). */
const BATCH_ATTEMPTS = 5;

interface BatchOutcome {
  created: number;
  short: number;
  skipped: [PlannedOrder, { id: string; number: string; status: string }][];
}

/**
 * Writes a batch of orders in one transaction: the orders invoiced since the plan was checked are skipped (looked
 * up first when the batch is done again, see below), the others' customers matched or made, their numbers taken at once (the counter stays locked until the end, so
 * the numbers are gap-free and in the file's order) and the invoices inserted with them, then their lines and log
 * rows, each kind in multi-row statements. Should an order be invoiced meanwhile by another upload (the unique
 * channel order key skips it), the numbers taken would leave a gap: the batch is rolled back and done again.
 */
async function writeBatch(job: ImportJob, batch: readonly PlannedOrder[], book: boolean): Promise<BatchOutcome> {
  const run = job.run;
  for (let attempt = 1; ; attempt++) {
    try {
      return await job.db.transaction().execute(async (tx) => {
        const ctx = jobCtx(tx, run.createdBy, run.requestId);
        // The plan was checked a moment ago, so the first attempt expects none of its orders invoiced (the insert
        // skipping one proves otherwise, and the batch is done again); a later attempt looks them up first.
        const already = new Map(
          attempt === 1
            ? []
            : (await repo.invoicesOfOrders(tx, batch)).map((e) => [orderKey(e.channel, e.external_order_id), e]),
        );
        const skipped: BatchOutcome['skipped'] = [];
        const writes: { order: PlannedOrder; write: ReturnType<typeof invoiceOf> }[] = [];
        for (const order of batch) {
          const e = already.get(orderKey(order.channel, order.externalOrderId));
          if (e) skipped.push([order, e]);
          else if (order.ready) writes.push({ order, write: invoiceOf(order, order.ready) });
        }
        // The batch's customers at once, through the customers' service: one per new e-mail (the oldest active
        // customer holding a known one), one of its own for an order without e-mail.
        const customerIds = await matchOrCreateCustomers(
          ctx,
          writes.map(({ order, write }) => ({
            email: order.customerEmail,
            values: () => {
              const d = write.head.delivery;
              return CustomerInput.parse({
                name: order.customerName,
                email: order.customerEmail,
                phone: order.customerPhone,
                addresses: [
                  {
                    kind: 'shipping',
                    line1: d.line1,
                    line2: d.line2,
                    city: d.city,
                    postcode: d.postcode,
                    country: d.country,
                    isDefault: true,
                  },
                ],
              });
            },
          })),
        );
        const numbers = await nextDocumentNumbers(tx, 'salesInvoice', writes.length);
        const inserted = await repo.insertInvoices(
          tx,
          writes.map(({ write }, n) => ({
            number: numbers[n] as string,
            head: { ...write.head, customerId: customerIds[n] as string },
          })),
          run.createdBy.id,
          run.id,
        );
        if (inserted.length !== writes.length) throw new OrderRaced();
        const idOf = new Map(inserted.map((r) => [r.number, r.id]));
        const ids = numbers.map((n) => idOf.get(n) as string);
        await repo.insertLines(
          tx,
          writes.flatMap(({ write }, n) => write.lines.map((line) => ({ invoiceId: ids[n] as string, line }))),
        );
        await writeAudits(
          tx,
          { user: run.createdBy, requestId: run.requestId },
          writes.map(({ order, write }, n) => ({
            entity: 'sales_invoice',
            action: 'create',
            entityId: numbers[n] as string,
            after: {
              number: numbers[n],
              channel: order.channel,
              externalOrderId: order.externalOrderId,
              grossTotal: write.head.grossTotal,
              currency: write.head.currency,
              lineCount: write.lines.length,
              importRunId: run.id,
              fileName: run.fileName,
            },
          })),
        );
        let short = 0;
        if (book)
          for (const id of ids) {
            const booked = await bookSalesInvoice(ctx, id, { onShortage: 'KEEP_PENDING' });
            if (booked.status === 'PENDING') short += 1;
          }
        return { created: writes.length, short, skipped };
      });
    } catch (e) {
      if (!(e instanceof OrderRaced) || attempt >= BATCH_ATTEMPTS) throw e;
    }
  }
}
