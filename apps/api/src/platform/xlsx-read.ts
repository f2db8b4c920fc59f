import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { AppError } from './errors.ts';
import { zipEntries } from './upload-types.ts';

export interface XlsxReadLimits {
  /** Data rows after the header. */
  maxRows: number;
  /** Columns read per row; the rest are ignored. */
  maxColumns: number;
  /** The most the archive may hold once inflated, and the most any part may inflate by. */
  maxUncompressedBytes: number;
  maxCompressionRatio: number;
}

export const DEFAULT_XLSX_LIMITS: XlsxReadLimits = {
  maxRows: 100_000,
  maxColumns: 100,
  maxUncompressedBytes: 400 * 1024 * 1024,
  maxCompressionRatio: 200,
};

export interface SheetRow {
  /** The row's number in the sheet (the header is row 1). */
  rowNumber: number;
  /** Cell texts by column, trimmed; empty cells are ''. Numbers as Excel holds them, dates as YYYY-MM-DD. */
  cells: string[];
}

export const XlsxErrorCode = {
  NOT_A_SPREADSHEET: 'NOT_A_SPREADSHEET',
  SPREADSHEET_TOO_LARGE: 'SPREADSHEET_TOO_LARGE',
  TOO_MANY_ROWS: 'TOO_MANY_ROWS',
  EMPTY_SPREADSHEET: 'EMPTY_SPREADSHEET',
} as const;

/**
 * Refuses, before parsing, an archive whose declared sizes would inflate past the limits (a zip bomb),
 * or that is not an .xlsx at all.
 */
export function checkXlsxArchive(buffer: Buffer, limits: XlsxReadLimits = DEFAULT_XLSX_LIMITS) {
  const entries = zipEntries(buffer);
  if (!entries?.some((e) => e.name === 'xl/workbook.xml'))
    throw new AppError(415, XlsxErrorCode.NOT_A_SPREADSHEET, 'This file is not an Excel workbook (.xlsx).');
  const total = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  const inflated = entries.find(
    (e) =>
      e.uncompressedSize > Math.max(1, e.compressedSize) * limits.maxCompressionRatio &&
      e.uncompressedSize > 1024 * 1024,
  );
  if (total > limits.maxUncompressedBytes || inflated)
    throw new AppError(
      413,
      XlsxErrorCode.SPREADSHEET_TOO_LARGE,
      'This workbook expands to more data than can be imported at once. Split it into smaller files.',
      { uncompressedBytes: total },
    );
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return value.trim();
  if ('richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('text' in value && typeof value.text === 'string') return value.text.trim();
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  if ('error' in value) return '';
  return '';
}

/**
 * Reads the first worksheet row by row without holding the workbook in memory. Yields the header
 * (row 1) first. Past `maxRows` data rows it stops with 413 TOO_MANY_ROWS.
 */
export async function* readXlsxRows(
  buffer: Buffer,
  limits: XlsxReadLimits = DEFAULT_XLSX_LIMITS,
): AsyncGenerator<SheetRow> {
  checkXlsxArchive(buffer, limits);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  let seen = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        const cells: string[] = [];
        for (let c = 1; c <= Math.min(limits.maxColumns, values.length - 1); c++)
          cells.push(cellText(values[c] ?? null));
        if (cells.every((c) => c === '')) continue;
        if (row.number > 1) seen += 1;
        if (seen > limits.maxRows)
          throw new AppError(413, XlsxErrorCode.TOO_MANY_ROWS, `A file may hold at most ${limits.maxRows} rows.`, {
            maxRows: limits.maxRows,
          });
        yield { rowNumber: row.number, cells };
      }
      return; // the first worksheet only
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError(
      415,
      XlsxErrorCode.NOT_A_SPREADSHEET,
      'This workbook could not be read. Save it again as .xlsx and retry.',
    );
  }
}
