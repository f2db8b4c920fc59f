import { PassThrough } from 'node:stream';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import type { Ctx } from './routes.ts';

// The type lives with the other upload types; exports and imports both name it from here too.
import { XLSX_CONTENT_TYPE } from './upload-types.ts';

export { XLSX_CONTENT_TYPE };
/** Exports stop here; a list larger than this is narrowed with filters first. */
export const XLSX_EXPORT_MAX_ROWS = 100_000;

export interface XlsxColumn<T> {
  header: string;
  /** Width in characters. */
  width?: number;
  value: (row: T) => string | number | boolean | Date | null;
}

/**
 * A decimal string as a number cell, so that sheets can sum it. Spreadsheets keep every number as a binary
 * double, which holds any amount of up to 15 significant digits exactly as written; the API's own figures
 * stay decimal strings. null stays an empty cell.
 */
export function numberCell(value: string | null): number | null {
  return value === null ? null : new Decimal(value).toNumber();
}

// A cell that starts like this would become a formula if someone edits it or saves the sheet as CSV.
const FORMULA_START = /^[=+\-@\t\r]/;
// Characters XML 1.0 cannot carry; left in, they corrupt the file.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what is removed
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * Writes the rows as one worksheet with a bold, frozen header row and an auto-filter, streaming
 * (rows are committed as they come, so a long export never holds the whole workbook's objects).
 * Text is always written as text: a value like `=HYPERLINK(…)` stays a string in a text-formatted
 * cell, never a formula (formula injection).
 */
export async function writeXlsx<T>(
  columns: readonly XlsxColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
  sheetName = 'Export',
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ key: String(i), width: c.width ?? Math.max(10, c.header.length + 2) }));
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  let count = 0;
  for await (const item of rows) {
    if (count >= XLSX_EXPORT_MAX_ROWS) break;
    const row = sheet.addRow(columns.map((c) => cleanValue(c.value(item))));
    row.eachCell((cell) => {
      if (typeof cell.value === 'string' && FORMULA_START.test(cell.value)) cell.numFmt = '@';
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

function cleanValue(value: string | number | boolean | Date | null) {
  return typeof value === 'string' ? value.replace(XML_INVALID, '') : value;
}

/** Answers the request with the workbook as a download named `fileName` (.xlsx added when missing). */
export async function sendXlsx<T>(
  ctx: Ctx,
  fileName: string,
  columns: readonly XlsxColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
): Promise<Buffer> {
  const body = await writeXlsx(columns, rows);
  const name = fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`;
  ctx.reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('x-content-type-options', 'nosniff');
  return body;
}
