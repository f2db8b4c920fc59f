import { z } from 'zod';
import { type CalendarDay, ukCalendarDay } from '../platform/business-day.ts';

export { type CalendarDay, ukCalendarDay };

/**
 * The documents that get a number of their own. Each kind counts up without gaps within a calendar
 * year, so its format must show the year.
 */
export const DOCUMENT_KINDS = [
  'purchaseOrder',
  'goodReceivedNote',
  'purchaseInvoice',
  'purchaseInvoiceSettlement',
  'salesInvoice',
  'shipList',
  'pickList',
  'returnTicket',
  'creditNote',
  'shippingClaim',
  'rma',
  'inventoryTransfer',
  'bundleTask',
  'stockCount',
] as const;
export const DocumentKind = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof DocumentKind>;

/** The formats a new installation starts with. */
export const DEFAULT_DOCUMENT_NUMBER_FORMATS: Record<DocumentKind, string> = {
  purchaseOrder: 'PO-{YYYY}-{SEQ:5}',
  goodReceivedNote: 'GRN-{YYYY}-{SEQ:5}',
  purchaseInvoice: 'PI-{YYYY}-{SEQ:5}',
  purchaseInvoiceSettlement: 'PIS-{YYYY}-{SEQ:5}',
  salesInvoice: 'SI-{YYYY}-{SEQ:5}',
  shipList: 'SL-{YYYY}-{SEQ:5}',
  pickList: 'PL-{YYYY}-{SEQ:5}',
  returnTicket: 'RT-{YYYY}-{SEQ:5}',
  creditNote: 'CN-{YYYY}-{SEQ:5}',
  shippingClaim: 'SC-{YYYY}-{SEQ:5}',
  rma: 'RMA-{YYYY}-{SEQ:5}',
  inventoryTransfer: 'TR-{YYYY}-{SEQ:5}',
  bundleTask: 'BT-{YYYY}-{SEQ:5}',
  stockCount: 'CNT-{YYYY}-{SEQ:5}',
};

export const DOCUMENT_NUMBER_FORMAT_MAX_LENGTH = 40;
export const SEQUENCE_WIDTH_MAX = 10;

/**
 * The tokens of a format; everything else is written as it is (letters, digits, - _ / and .):
 * {YYYY} the year (2026), {YY} its last two digits (26), {MM} the month (01–12), {DD} the day (01–31),
 * {SEQ:n} the document's number within its kind and year, padded with zeros to n digits (1–10; a
 * larger number is written in full, never cut).
 */
export const DOCUMENT_NUMBER_TOKENS = ['{YYYY}', '{YY}', '{MM}', '{DD}', '{SEQ:n}'] as const;

const TOKEN = /\{([^{}]*)\}/g;
const LITERAL = /^[A-Za-z0-9\-_/.]*$/;

/** Why a format cannot be used, or null when it can. */
export function documentNumberFormatProblem(format: string): string | null {
  if (format.length === 0) return 'a format is needed';
  if (format.length > DOCUMENT_NUMBER_FORMAT_MAX_LENGTH)
    return `a format has at most ${DOCUMENT_NUMBER_FORMAT_MAX_LENGTH} characters`;
  let sequences = 0;
  let years = 0;
  for (const match of format.matchAll(TOKEN)) {
    const token = match[1] ?? '';
    if (token === 'YYYY' || token === 'YY') years += 1;
    else if (token === 'MM' || token === 'DD') continue;
    else if (/^SEQ:\d+$/.test(token)) {
      const width = Number.parseInt(token.slice(4), 10);
      if (width < 1 || width > SEQUENCE_WIDTH_MAX) return `{SEQ:n} pads to 1–${SEQUENCE_WIDTH_MAX} digits`;
      sequences += 1;
    } else return `{${token}} is not a token: use {YYYY}, {YY}, {MM}, {DD} or {SEQ:n}`;
  }
  const literal = format.replace(TOKEN, '');
  if (literal.includes('{') || literal.includes('}')) return 'a brace opens or closes no token';
  if (!LITERAL.test(literal)) return 'besides tokens, a format uses letters, digits, - _ / and . only';
  if (sequences !== 1) return 'a format has exactly one {SEQ:n}';
  if (years === 0) return 'a format shows the year ({YYYY} or {YY}): numbering starts again each year';
  return null;
}

export const DocumentNumberFormat = z
  .string()
  .trim()
  .superRefine((format, ctx) => {
    const problem = documentNumberFormatProblem(format);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A calendar day as YYYY-MM-DD. */
export function calendarDayText(d: CalendarDay): string {
  return `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** A document number from a valid format, the document's day and its sequence within kind and year. */
export function formatDocumentNumber(format: string, on: CalendarDay, sequence: number | bigint | string): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return format.replace(TOKEN, (_, token: string) => {
    if (token === 'YYYY') return pad(on.year, 4);
    if (token === 'YY') return pad(on.year % 100, 2);
    if (token === 'MM') return pad(on.month, 2);
    if (token === 'DD') return pad(on.day, 2);
    return String(sequence).padStart(Number.parseInt(token.slice(4), 10), '0');
  });
}
