import {
  DiscountPercent,
  type InvoicableOrderLine,
  IsoDate,
  PositiveStockQuantity,
  PURCHASE_INVOICE_LINES_MAX,
  PURCHASE_INVOICE_SHEET_ROWS_MAX,
  PurchaseInvoiceErrorCode,
  type PurchaseInvoiceSheet,
  type PurchaseInvoiceSheetInput,
  type PurchaseInvoiceSheetLine,
  type PurchaseInvoiceSheetProblem,
  PurchaseUnitCost,
  VAT_CODE_LIST,
  type VatCode,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { AppError, unprocessable } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';
import { type CellResult, decimalCell, mappingById, mappingsOfKind, readMappedRows } from '../imports/index.ts';
import { partnerTerms } from './purchase-invoice.repository.ts';
import { invoicableOrderLines } from './purchase-invoice.service.ts';
import { barcodesOf, findSheetFile, productsByCodes } from './purchase-invoice-sheet.repository.ts';

/**
 * Client Invoices Upload from a supplier's .xlsx: the sheet is read through a saved mapping of kind
 * purchase_invoices (SKU or barcode, quantity, unit price, discount, VAT, and optionally the order, the supplier,
 * the currency and the invoice's own number and dates), and each row is matched to the supplier's open order lines
 * of that product, the oldest order first, filling what is still open on each (ordered or received, the larger,
 * less what is invoiced); what is left beyond every open line goes on the newest one, where the three-way match
 * will show it. Rows that give no line are listed as problems, each in words. Nothing is written: the person
 * reviews the lines side by side with their orders and saves the invoice as any other.
 */

type Field =
  | 'supplier'
  | 'supplierInvoiceNumber'
  | 'invoiceDate'
  | 'dueDate'
  | 'currency'
  | 'purchaseOrderNumber'
  | 'sku'
  | 'barcode'
  | 'quantity'
  | 'unitCost'
  | 'discountPercent'
  | 'vatRate';

type Row = Partial<Record<Field, string>>;

const ZERO = new Decimal(0);

/** A VAT cell: a code (STANDARD, S, EXEMPT, E…) or a rate (20, 20 %, 0.2 as a percent cell holds it). */
function vatCodeOf(text: string): VatCode | undefined {
  const t = text.trim().toUpperCase();
  if ((VAT_CODE_LIST as readonly string[]).includes(t)) return t as VatCode;
  const words: Record<string, VatCode> = {
    S: 'STANDARD',
    SR: 'STANDARD',
    R: 'REDUCED',
    RR: 'REDUCED',
    Z: 'ZERO',
    ZR: 'ZERO',
    E: 'EXEMPT',
    EX: 'EXEMPT',
  };
  if (words[t]) return words[t];
  const rate = decimalCell(t);
  if (typeof rate !== 'string' || !/^\d+(\.\d+)?$/.test(rate)) return undefined;
  const r = new Decimal(rate);
  if (r.eq(20) || r.eq('0.2')) return 'STANDARD';
  if (r.eq(5) || r.eq('0.05')) return 'REDUCED';
  if (r.isZero()) return 'ZERO';
  return undefined;
}

const cell = <T extends z.ZodType>(schema: T, prepare: (v: string) => unknown = (v) => v) =>
  z.preprocess((v) => (typeof v === 'string' ? prepare(v) : v), schema);
const text = (max: number, what: string) => cell(z.string().trim().max(max, `${what} has at most ${max} characters`));

const CELLS: Record<Field, z.ZodType> = {
  supplier: text(60, 'a supplier code'),
  supplierInvoiceNumber: text(60, 'an invoice number'),
  invoiceDate: cell(IsoDate),
  dueDate: cell(IsoDate),
  currency: cell(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'a currency is its three-letter code, such as GBP'),
  ),
  purchaseOrderNumber: text(60, 'an order number'),
  sku: text(64, 'a SKU or barcode'),
  barcode: text(64, 'a barcode'),
  quantity: cell(PositiveStockQuantity, decimalCell),
  unitCost: cell(PurchaseUnitCost, decimalCell),
  discountPercent: cell(DiscountPercent, decimalCell),
  vatRate: cell(
    z.string().transform((v, ctx) => {
      const code = vatCodeOf(v);
      if (!code) {
        ctx.addIssue({ code: 'custom', message: 'a VAT rate is 20, 5, 0 or exempt' });
        return z.NEVER;
      }
      return code;
    }),
  ),
};

function checkCell(field: Field, value: string): CellResult {
  const schema = CELLS[field];
  if (!schema) return { ok: true, value };
  const parsed = schema.safeParse(value);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, messages: parsed.error.issues.map((i) => i.message) };
}

const REQUIRED: Partial<Record<Field, string>> = {
  quantity: 'a quantity is needed',
  unitCost: 'a unit price is needed',
};

const gtinOf = (code: string) => (/^\d{8,14}$/.test(code) ? code.padStart(14, '0') : undefined);

/** The saved mappings a supplier's sheet can be read through, the default first. */
export async function sheetMappings(db: Kysely<Database>) {
  const mappings = await mappingsOfKind(db, 'purchase_invoices');
  return {
    items: mappings.map((m) => ({ id: m.id, name: m.name, isDefault: m.isDefault, columns: m.columns })),
  };
}

interface Planned {
  rowNumbers: number[];
  line: InvoicableOrderLine;
  quantity: Decimal;
  unitPrice: string;
  discountPercent: string;
  vatCode: VatCode;
}

export async function readSheet(
  ctx: Ctx,
  input: z.output<typeof PurchaseInvoiceSheetInput>,
): Promise<PurchaseInvoiceSheet> {
  const db = ctx.db;
  const partner = await partnerTerms(db, input.supplierId);
  if (!partner)
    throw unprocessable(PurchaseInvoiceErrorCode.PURCHASE_INVOICE_LINE_UNKNOWN, 'The chosen supplier does not exist.', {
      field: 'supplierId',
      supplierId: input.supplierId,
    });
  const mapping = await mappingById(db, input.mappingId);
  if (mapping?.kind !== 'purchase_invoices')
    throw unprocessable(
      PurchaseInvoiceErrorCode.PURCHASE_INVOICE_MAPPING_UNKNOWN,
      mapping
        ? `The mapping "${mapping.name}" is not a purchase invoice mapping: choose one saved for purchase invoices.`
        : 'The chosen mapping no longer exists: choose another, or save one under Excel mapping.',
      { field: 'mappingId', mappingId: input.mappingId },
    );
  const mapped = new Set(mapping.columns.map((c) => c.field));
  if (!mapped.has('sku') && !mapped.has('barcode'))
    throw unprocessable(
      PurchaseInvoiceErrorCode.PURCHASE_INVOICE_SHEET_INVALID,
      `The mapping "${mapping.name}" has no column for the SKU or the barcode, so no row can name its product. Add one to the mapping.`,
      { field: 'mappingId', reason: 'NO_PRODUCT_COLUMN' },
    );
  const file = await findSheetFile(db, input.attachment);
  if (!file || file.uploaded_by !== ctx.user.id || file.attached_entity)
    throw unprocessable(
      PurchaseInvoiceErrorCode.PURCHASE_INVOICE_UPLOAD_UNKNOWN,
      file?.attached_entity
        ? `${file.original_name} is attached to another document already: upload the supplier's file again.`
        : 'The attached file is not among the files you uploaded: upload it again.',
      { field: 'attachment', attachment: input.attachment },
    );
  if (file.kind !== 'xlsx')
    throw unprocessable(
      PurchaseInvoiceErrorCode.PURCHASE_INVOICE_SHEET_INVALID,
      `${file.original_name} is not an .xlsx spreadsheet: only a spreadsheet's lines can be read through a mapping. A PDF is attached as it is.`,
      { field: 'attachment', reason: 'NOT_XLSX' },
    );

  const open = (await invoicableOrderLines(db, input.supplierId)).items;
  const chosen = new Set(input.orderIds);
  const unknownOrders = [...chosen].filter((id) => !open.some((l) => l.orderId === id));
  if (unknownOrders.length)
    throw unprocessable(
      PurchaseInvoiceErrorCode.PURCHASE_INVOICE_LINE_UNKNOWN,
      `An order chosen is not one of ${partner.code}’s open orders: choose among those listed.`,
      { field: 'orderIds', orderIds: unknownOrders },
    );
  const lines = chosen.size ? open.filter((l) => chosen.has(l.orderId)) : open;
  const barcodes = await barcodesOf(db, [...new Set(lines.map((l) => l.product.id))]);
  const gtinProducts = new Map<string, Set<string>>();
  for (const b of barcodes) gtinProducts.set(b.gtin, (gtinProducts.get(b.gtin) ?? new Set()).add(b.product_id));
  const orderNumbers = new Set(lines.map((l) => l.orderNumber.toUpperCase()));

  /** The candidate lines of a code: by SKU (case ignored) first, else by barcode. */
  const candidatesOf = (code: string) => {
    const bySku = lines.filter((l) => l.product.sku.toUpperCase() === code.toUpperCase());
    if (bySku.length) return bySku;
    const gtin = gtinOf(code);
    const ids = gtin ? gtinProducts.get(gtin) : undefined;
    return ids ? lines.filter((l) => ids.has(l.product.id)) : [];
  };

  const problems: PurchaseInvoiceSheetProblem[] = [];
  const unmatched: { rowNumber: number; code: string }[] = [];
  const invoice = {
    supplierInvoiceNumber: null as string | null,
    invoiceDate: null as string | null,
    dueDate: null as string | null,
  };
  const taken = new Map<string, Decimal>();
  const planned = new Map<string, Planned>();
  let rowsRead = 0;

  try {
    for await (const row of readMappedRows<Field, Row>(file.content, {
      kind: 'purchase_invoices',
      columns: mapping.columns,
      checkCell,
      requiredMessages: REQUIRED,
    })) {
      const v = row.value;
      // A row with nothing in any mapped column (a blank row between lines) is not a line.
      const blank = !Object.keys(v).length && row.errors.every((e) => e.message === REQUIRED[e.field as Field]);
      if (blank) continue;
      rowsRead += 1;
      if (rowsRead > PURCHASE_INVOICE_SHEET_ROWS_MAX)
        throw unprocessable(
          PurchaseInvoiceErrorCode.PURCHASE_INVOICE_SHEET_INVALID,
          `The sheet has more than ${PURCHASE_INVOICE_SHEET_ROWS_MAX} rows: an invoice has at most ${PURCHASE_INVOICE_LINES_MAX} lines. Split the file.`,
          { reason: 'TOO_MANY_ROWS', max: PURCHASE_INVOICE_SHEET_ROWS_MAX },
        );
      invoice.supplierInvoiceNumber ??= v.supplierInvoiceNumber || null;
      invoice.invoiceDate ??= v.invoiceDate || null;
      invoice.dueDate ??= v.dueDate || null;
      // One problem per cell, saying everything wrong with it.
      const byField = new Map<string, string[]>();
      for (const e of row.errors) {
        const list = byField.get(e.field ?? '') ?? [];
        if (!list.includes(e.message)) list.push(e.message);
        byField.set(e.field ?? '', list);
      }
      for (const [field, messages] of byField)
        problems.push({
          rowNumber: row.rowNumber,
          problem: 'CELL',
          ...(field ? { field } : {}),
          value: messages.join('; '),
          message: `Row ${row.rowNumber}, ${field || 'a cell'}: ${messages.join('; ')}.`,
        });
      if (row.errors.length) continue;
      const code = v.sku || v.barcode;
      if (!code) {
        problems.push({
          rowNumber: row.rowNumber,
          problem: 'NO_PRODUCT_CODE',
          message: `Row ${row.rowNumber} names no product: its SKU and barcode are empty.`,
        });
        continue;
      }
      if (v.supplier && v.supplier.toUpperCase() !== partner.code.toUpperCase()) {
        problems.push({
          rowNumber: row.rowNumber,
          problem: 'OTHER_SUPPLIER',
          value: v.supplier,
          message: `Row ${row.rowNumber} is for supplier ${v.supplier}, not ${partner.code}.`,
        });
        continue;
      }
      let candidates = candidatesOf(v.sku ?? '');
      if (!candidates.length && v.barcode) candidates = candidatesOf(v.barcode);
      if (!candidates.length) {
        unmatched.push({ rowNumber: row.rowNumber, code });
        continue;
      }
      if (v.purchaseOrderNumber) {
        const order = v.purchaseOrderNumber.toUpperCase();
        if (!orderNumbers.has(order)) {
          problems.push({
            rowNumber: row.rowNumber,
            problem: 'UNKNOWN_ORDER',
            value: v.purchaseOrderNumber,
            message: `Row ${row.rowNumber} names order ${v.purchaseOrderNumber}, which is not one of ${partner.code}’s open orders${chosen.size ? ' chosen' : ''}.`,
          });
          continue;
        }
        candidates = candidates.filter((l) => l.orderNumber.toUpperCase() === order);
        if (!candidates.length) {
          problems.push({
            rowNumber: row.rowNumber,
            problem: 'NOT_ORDERED',
            value: code,
            message: `Row ${row.rowNumber}: ${code} is not on order ${v.purchaseOrderNumber} with anything left to invoice.`,
          });
          continue;
        }
      }
      if (v.currency) {
        const inCurrency = candidates.filter((l) => l.currency === v.currency);
        if (!inCurrency.length) {
          problems.push({
            rowNumber: row.rowNumber,
            problem: 'OTHER_CURRENCY',
            value: v.currency,
            message: `Row ${row.rowNumber} is in ${v.currency}; ${code} was ordered in ${candidates[0]?.currency}.`,
          });
          continue;
        }
        candidates = inCurrency;
      }

      // Fill the open lines oldest first; what is left goes on the newest. A line another row already invoices at
      // other terms is passed over (an order line is on an invoice once).
      const unitPrice = new Decimal(v.unitCost as string).toFixed();
      const discountPercent = new Decimal(v.discountPercent ?? '0').toFixed();
      const usable = candidates.filter((l) => {
        const p = planned.get(l.orderLineId);
        const vat = (v.vatRate as VatCode | undefined) ?? l.vatCode;
        return !p || (p.unitPrice === unitPrice && p.discountPercent === discountPercent && p.vatCode === vat);
      });
      if (!usable.length) {
        const other = planned.get(candidates[0]?.orderLineId ?? '');
        problems.push({
          rowNumber: row.rowNumber,
          problem: 'CONFLICTING_ROWS',
          value: code,
          ...(other?.rowNumbers[0] ? { otherRow: other.rowNumbers[0] } : {}),
          message: `Row ${row.rowNumber} invoices ${code} at other terms than row ${other?.rowNumbers[0]}, on the same order line: an order line is invoiced once per invoice.`,
        });
        continue;
      }
      let left = new Decimal(v.quantity as string);
      const take = (l: InvoicableOrderLine, quantity: Decimal) => {
        taken.set(l.orderLineId, (taken.get(l.orderLineId) ?? ZERO).add(quantity));
        const p = planned.get(l.orderLineId);
        if (p) {
          p.quantity = p.quantity.add(quantity);
          if (!p.rowNumbers.includes(row.rowNumber)) p.rowNumbers.push(row.rowNumber);
        } else
          planned.set(l.orderLineId, {
            rowNumbers: [row.rowNumber],
            line: l,
            quantity,
            unitPrice,
            discountPercent,
            vatCode: (v.vatRate as VatCode | undefined) ?? l.vatCode,
          });
      };
      for (const l of usable) {
        if (left.isZero()) break;
        const capacity = Decimal.max(
          Decimal.max(new Decimal(l.ordered), new Decimal(l.received))
            .minus(l.invoiced)
            .minus(taken.get(l.orderLineId) ?? ZERO),
          ZERO,
        );
        if (capacity.isZero()) continue;
        const q = Decimal.min(capacity, left);
        take(l, q);
        left = left.minus(q);
      }
      if (!left.isZero()) take(usable[usable.length - 1] as InvoicableOrderLine, left);
    }
  } catch (e) {
    // A file the reader cannot take is a bad sheet, said in words (a zip bomb stays 413).
    if (e instanceof AppError && e.code === 'NOT_A_SPREADSHEET')
      throw unprocessable(
        PurchaseInvoiceErrorCode.PURCHASE_INVOICE_SHEET_INVALID,
        `${file.original_name} could not be read as an Excel workbook. Save it again as .xlsx and retry.`,
        { field: 'attachment', reason: 'NOT_XLSX' },
      );
    throw e;
  }

  if (unmatched.length) {
    const known = new Map(
      (await productsByCodes(db, [...new Set(unmatched.map((u) => u.code))])).map((p) => [p.code, p.sku]),
    );
    for (const u of unmatched) {
      const sku = known.get(u.code.toUpperCase()) ?? known.get(gtinOf(u.code) ?? '');
      problems.push(
        sku
          ? {
              rowNumber: u.rowNumber,
              problem: 'NOT_ORDERED',
              value: u.code,
              message: `Row ${u.rowNumber}: ${u.code} is on none of ${partner.code}’s open orders${chosen.size ? ' chosen' : ''} with anything left to invoice.`,
            }
          : {
              rowNumber: u.rowNumber,
              problem: 'UNKNOWN_PRODUCT',
              value: u.code,
              message: `Row ${u.rowNumber}: no product has the SKU or barcode ${u.code}.`,
            },
      );
    }
  }
  if (!rowsRead)
    throw unprocessable(
      PurchaseInvoiceErrorCode.PURCHASE_INVOICE_SHEET_INVALID,
      `${file.original_name} has a header row but no lines under it.`,
      { field: 'attachment', reason: 'NO_LINES' },
    );
  if (planned.size > PURCHASE_INVOICE_LINES_MAX)
    throw unprocessable(
      PurchaseInvoiceErrorCode.PURCHASE_INVOICE_SHEET_INVALID,
      `The sheet gives ${planned.size} invoice lines; an invoice has at most ${PURCHASE_INVOICE_LINES_MAX}. Split the file.`,
      { reason: 'TOO_MANY_LINES', max: PURCHASE_INVOICE_LINES_MAX },
    );

  const answer: PurchaseInvoiceSheetLine[] = [...planned.values()]
    .sort((a, b) => (a.rowNumbers[0] ?? 0) - (b.rowNumbers[0] ?? 0))
    .map((p) => ({
      rowNumbers: p.rowNumbers,
      orderLine: p.line,
      quantity: p.quantity.toFixed(),
      unitPrice: p.unitPrice,
      discountPercent: p.discountPercent,
      vatCode: p.vatCode,
      openQuantity: Decimal.max(
        Decimal.max(new Decimal(p.line.ordered), new Decimal(p.line.received)).minus(p.line.invoiced),
        ZERO,
      ).toFixed(),
    }));
  return {
    mapping: { id: mapping.id, name: mapping.name },
    fileName: file.original_name,
    rowsRead,
    invoice,
    lines: answer,
    problems: problems.sort((a, b) => a.rowNumber - b.rowNumber),
  };
}
