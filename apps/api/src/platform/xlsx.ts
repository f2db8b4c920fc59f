import { PassThrough } from 'node:stream';
import { BUSINESS_TIME_ZONE } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { loadExcelJs } from './exceljs.ts';
import { pickPdfLanguage } from './pdf/labels.ts';
import type { Ctx } from './routes.ts';
import { DEFAULT_UI_LANGUAGE, type UiLanguage, uiText } from './ui-words.ts';

// The type lives with the other upload types; exports and imports both name it from here too.
import { XLSX_CONTENT_TYPE } from './upload-types.ts';

export { XLSX_CONTENT_TYPE };
/** Exports stop here; a list larger than this is narrowed with filters first. */
export const XLSX_EXPORT_MAX_ROWS = 100_000;

/** Words in the four languages, for a title or label the web app has no text for. */
export type XlsxWords = Record<UiLanguage, string>;
/**
 * A column title or a label: a key of the web app's texts (`ui('products:fields.sku')`, so the sheet says what the
 * screen says), words in each language (`words(...)`), or text written as it is (a warehouse's code).
 */
export type XlsxText =
  | string
  | { key: string; values?: Record<string, string> }
  | { words: XlsxWords }
  | { parts: readonly XlsxText[] };

export const ui = (key: string, values?: Record<string, string>): XlsxText => (values ? { key, values } : { key });
export const words = (en: string, es: string, pt: string, de: string): XlsxText => ({ words: { en, es, pt, de } });
/** Texts one after the other, separated by a space. */
export const joinText = (...parts: XlsxText[]): XlsxText => ({ parts });

/** Yes and no, for a column of flags. */
export const YES_NO: readonly [XlsxText, XlsxText] = [
  words('Yes', 'Sí', 'Sim', 'Ja'),
  words('No', 'No', 'Não', 'Nein'),
];
/** Active and inactive, as the lists' status column says them. */
export const ACTIVE_INACTIVE: readonly [XlsxText, XlsxText] = [
  words('Active', 'Activo', 'Ativo', 'Aktiv'),
  words('Inactive', 'Inactivo', 'Inativo', 'Inaktiv'),
];

/** When a record was made and last changed, as the lists title them. */
export const CREATED = words('Created', 'Creado', 'Criado', 'Erstellt');
export const UPDATED = ui('masterData:fields.updatedAt');

interface ColumnBase {
  header: XlsxText;
  /** Width in characters; by default the title's. */
  width?: number;
}
/**
 * One column of an export and what its cells are. Text is written as text; `number`, `quantity` and `money` as
 * number cells with a number format (quantities with the places they have, money with two, or `places`, and its
 * currency's sign); `date` as a date cell shown `yyyy-mm-dd` (the specification's format; an instant is its
 * London day), `datetime` with the London time too; `enum` as the word the screen shows for the code; `boolean`
 * as yes or no (or `labels`).
 */
export type XlsxColumn<T> =
  | (ColumnBase & { type?: 'text'; value: (row: T) => string | null | undefined })
  | (ColumnBase & {
      type: 'number' | 'quantity';
      /** Fixed places; by default as many as the value has. */
      places?: number;
      /** Written after the figure by the number format (` %`), so the cell stays a number. */
      suffix?: string;
      value: (row: T) => string | number | null | undefined;
    })
  | (ColumnBase & {
      type: 'money';
      /** ISO code, GBP by default. */
      currency?: string | ((row: T) => string | null | undefined);
      /** Most places shown; two are always shown (unit costs carry four). */
      places?: 2 | 4 | 8;
      value: (row: T) => string | null | undefined;
    })
  | (ColumnBase & { type: 'date' | 'datetime'; value: (row: T) => string | Date | null | undefined })
  | (ColumnBase & {
      type: 'enum';
      /** A key prefix of the web app's texts (`<prefix>.<CODE>`), or the label of each code. */
      labels: string | ((code: string) => XlsxText | undefined);
      value: (row: T) => string | null | undefined;
    })
  | (ColumnBase & {
      type: 'boolean';
      /** The words for true and false; yes and no by default. */
      labels?: readonly [XlsxText, XlsxText];
      value: (row: T) => boolean | null | undefined;
    });

/** A text in the language: the web app's words for a key (the key itself when it has none), or the given words. */
export function textIn(text: XlsxText, language: UiLanguage): string {
  if (typeof text === 'string') return text;
  if ('words' in text) return text.words[language];
  if ('parts' in text) return text.parts.map((p) => textIn(p, language)).join(' ');
  return uiText(language, text.key, text.values) ?? text.key;
}

/**
 * A decimal string as a number cell, so that sheets can sum it. Spreadsheets keep every number as a binary
 * double, which holds any amount of up to 15 significant digits exactly as written (every amount, quantity and
 * rate the API keeps is well inside that); the API's own figures stay decimal strings until this cell.
 * null stays an empty cell.
 */
export function numberCell(value: string | null): number | null {
  return value === null ? null : new Decimal(value).toNumber();
}

// A cell that starts like this would become a formula if someone edits it or saves the sheet as CSV.
const FORMULA_START = /^[=+\-@\t\r]/;
// Characters XML 1.0 cannot carry; left in, they corrupt the file.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what is removed
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
export const XLSX_DATE_FORMAT = 'yyyy-mm-dd';
export const XLSX_DATETIME_FORMAT = 'yyyy-mm-dd hh:mm';

/** The signs a money format writes; other currencies are written with their code after the amount. */
const CURRENCY_SIGNS: Record<string, string> = { GBP: '£', EUR: '€', USD: '$' };

function placesOf(value: Decimal.Value): number {
  return new Decimal(value).decimalPlaces();
}
const fixedFormat = (places: number, min = places) =>
  places <= 0 ? '#,##0' : `#,##0.${'0'.repeat(min)}${'#'.repeat(Math.max(0, places - min))}`;

/** `"£"#,##0.00` (or `#,##0.00 "CHF"`), with `places` at most and two at least. */
export function moneyFormat(currency: string, places = 2): string {
  const digits = fixedFormat(places, 2);
  const sign = CURRENCY_SIGNS[currency];
  return sign ? `"${sign}"${digits}` : `${digits} "${currency.replace(/"/g, '')}"`;
}

const LONDON = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * The date cell for a day or an instant. A spreadsheet's date has no time zone: it is the wall-clock day (and
 * time) written as a UTC instant, which is how exceljs turns a Date into a serial number.
 */
function dateCell(value: string | Date, withTime: boolean): Date | string {
  if (typeof value === 'string') {
    const day = DAY.exec(value);
    if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  }
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) return String(value);
  const parts = Object.fromEntries(LONDON.formatToParts(instant).map((p) => [p.type, p.value]));
  return new Date(
    Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      withTime ? Number(parts.hour) : 0,
      withTime ? Number(parts.minute) : 0,
      withTime ? Number(parts.second) : 0,
    ),
  );
}

interface Cell {
  value: string | number | Date | null;
  numFmt?: string;
}

function cellOf<T>(column: XlsxColumn<T>, row: T, language: UiLanguage): Cell {
  switch (column.type) {
    case 'number':
    case 'quantity': {
      const v = column.value(row);
      if (v === null || v === undefined || v === '') return { value: null };
      const places = column.places ?? placesOf(v);
      const suffix = column.type === 'number' && column.suffix ? `"${column.suffix.replace(/"/g, '')}"` : '';
      return { value: typeof v === 'number' ? v : numberCell(v), numFmt: fixedFormat(places) + suffix };
    }
    case 'money': {
      const v = column.value(row);
      if (v === null || v === undefined || v === '') return { value: null };
      const currency = (typeof column.currency === 'function' ? column.currency(row) : column.currency) ?? 'GBP';
      return { value: numberCell(v), numFmt: moneyFormat(currency, column.places ?? 2) };
    }
    case 'date':
    case 'datetime': {
      const v = column.value(row);
      if (v === null || v === undefined || v === '') return { value: null };
      const cell = dateCell(v, column.type === 'datetime');
      return typeof cell === 'string'
        ? textCell(cell)
        : { value: cell, numFmt: column.type === 'datetime' ? XLSX_DATETIME_FORMAT : XLSX_DATE_FORMAT };
    }
    case 'enum': {
      const v = column.value(row);
      if (v === null || v === undefined || v === '') return { value: null };
      const label =
        typeof column.labels === 'string' ? ui(`${column.labels}.${v}`) : (column.labels(v) ?? (v as XlsxText));
      const text = textIn(label, language);
      // A code the web app has no word for is shown as it is rather than as a key.
      return textCell(typeof label === 'object' && 'key' in label && text === label.key ? v : text);
    }
    case 'boolean': {
      const v = column.value(row);
      if (v === null || v === undefined) return { value: null };
      const [yes, no] = column.labels ?? YES_NO;
      return textCell(textIn(v ? yes : no, language));
    }
    default: {
      const v = column.value(row);
      return v === null || v === undefined ? { value: null } : textCell(v);
    }
  }
}

function textCell(value: string): Cell {
  const clean = value.replace(XML_INVALID, '');
  return FORMULA_START.test(clean) ? { value: clean, numFmt: '@' } : { value: clean };
}

export interface XlsxOptions {
  /** The language of titles and words; English by default. */
  language?: UiLanguage;
  sheetName?: string;
}

/**
 * Writes the rows as one worksheet with a bold, frozen header row and an auto-filter, streaming
 * (rows are committed as they come, so a long export never holds the whole workbook's objects).
 * Text is always written as text: a value like `=HYPERLINK(…)` stays a string in a text-formatted
 * cell, never a formula (formula injection).
 */
export async function writeXlsx<T>(
  columns: readonly XlsxColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
  options: XlsxOptions = {},
): Promise<Buffer> {
  const language = options.language ?? DEFAULT_UI_LANGUAGE;
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const excel = await loadExcelJs();
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet((options.sheetName ?? 'Export').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const headers = columns.map((c) => textIn(c.header, language));
  sheet.columns = columns.map((c, i) => ({
    key: String(i),
    width: Math.max(c.width ?? 10, (headers[i] ?? '').length + 2),
  }));
  const header = sheet.addRow(headers);
  header.font = { bold: true };
  header.commit();
  let count = 0;
  for await (const item of rows) {
    if (count >= XLSX_EXPORT_MAX_ROWS) break;
    const cells = columns.map((c) => cellOf(c, item, language));
    const row = sheet.addRow(cells.map((c) => c.value));
    cells.forEach((c, i) => {
      if (c.numFmt && c.value !== null) row.getCell(i + 1).numFmt = c.numFmt;
    });
    row.commit();
    count += 1;
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, columns.length) } };
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

/** The language of an export: the `lang` asked for, else Accept-Language (the web app sends its own), else English. */
export function exportLanguage(ctx: Pick<Ctx, 'request'>): UiLanguage {
  const query = ctx.request.query as { lang?: unknown } | undefined;
  return pickPdfLanguage(query?.lang, ctx.request.headers['accept-language']);
}

/** Answers the request with the workbook as a download named `fileName` (.xlsx added when missing). */
export async function sendXlsx<T>(
  ctx: Ctx,
  fileName: string,
  columns: readonly XlsxColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
): Promise<Buffer> {
  const body = await writeXlsx(columns, rows, { language: exportLanguage(ctx) });
  const name = fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`;
  ctx.reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('x-content-type-options', 'nosniff');
  return body;
}
