import { constants, inflateRawSync } from 'node:zlib';
import { IMPORT_PREVIEW_ROWS } from '@backoffice/contracts';
import { AppError } from '../../platform/errors.ts';
import { DEFAULT_XLSX_LIMITS, readXlsxRows, type XlsxReadLimits } from '../../platform/xlsx-read.ts';

export interface SheetHead {
  headers: string[];
  sampleRows: string[][];
}

/** The header row and the first data rows of the first worksheet, reading no further. */
export async function readSheetHead(
  buffer: Buffer,
  sampleSize = IMPORT_PREVIEW_ROWS,
  limits: XlsxReadLimits = DEFAULT_XLSX_LIMITS,
): Promise<SheetHead> {
  let headers: string[] | undefined;
  const sampleRows: string[][] = [];
  for await (const row of readXlsxRows(buffer, limits)) {
    if (!headers) {
      headers = row.cells;
      if (sampleSize === 0) break;
      continue;
    }
    sampleRows.push(headers.map((_, i) => row.cells[i] ?? ''));
    if (sampleRows.length >= sampleSize) break;
  }
  if (!headers) throw new AppError(422, 'EMPTY_SPREADSHEET', 'The file has no rows.');
  return { headers, sampleRows };
}

const sameHeader = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The file's own spelling of a header a mapping names (mappings match headers whatever their case). */
export function resolveHeader(headers: readonly string[], wanted: string): string | undefined {
  return headers.find((h) => h === wanted) ?? headers.find((h) => sameHeader(h, wanted));
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL = 0x02014b50;
const EOCD = 0x06054b50;
/** Enough of the sheet's start to find its declared size or measure a few rows. */
const PEEK_BYTES = 32 * 1024;
/** XML inflates ten to fifty times; more than this is not a sheet worth estimating from. */
const PEEK_INFLATED = 4 * 1024 * 1024;

interface WorksheetEntry {
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

/** The first worksheet of the archive (the one imports read), from the central directory. */
function firstWorksheet(b: Buffer): WorksheetEntry | undefined {
  const floor = Math.max(0, b.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = b.length - 22; i >= floor; i--)
    if (b.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  if (eocd < 0) return undefined;
  const count = b.readUInt16LE(eocd + 10);
  let at = b.readUInt32LE(eocd + 16);
  for (let n = 0; n < count && at + 46 <= b.length && b.readUInt32LE(at) === CENTRAL; n++) {
    const nameLength = b.readUInt16LE(at + 28);
    const name = b.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (/^xl\/worksheets\/sheet\d+\.xml$/.test(name))
      return {
        method: b.readUInt16LE(at + 10),
        compressedSize: b.readUInt32LE(at + 20),
        uncompressedSize: b.readUInt32LE(at + 24),
        localOffset: b.readUInt32LE(at + 42),
      };
    at += 46 + nameLength + b.readUInt16LE(at + 30) + b.readUInt16LE(at + 32);
  }
  return undefined;
}

/**
 * How many data rows the first worksheet holds, estimated without reading it: the sheet's declared
 * dimension when it has one (Excel writes it), else its size divided by the size of its first rows.
 * Only for progress; the reader counts the real rows. Null when it cannot tell.
 */
export function estimateDataRows(buffer: Buffer): number | null {
  try {
    const entry = firstWorksheet(buffer);
    if (!entry || buffer.readUInt32LE(entry.localOffset) !== LOCAL_HEADER) return null;
    const start =
      entry.localOffset +
      30 +
      buffer.readUInt16LE(entry.localOffset + 26) +
      buffer.readUInt16LE(entry.localOffset + 28);
    const chunk = buffer.subarray(start, start + Math.min(entry.compressedSize || PEEK_BYTES, PEEK_BYTES));
    const head = (
      entry.method === 8
        ? inflateRawSync(chunk, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: PEEK_INFLATED })
        : chunk
    ).toString('utf8');
    const dimension = /<dimension ref="[A-Z]+(\d+)(?::[A-Z]+(\d+))?"/.exec(head);
    if (dimension) return Math.max(0, Number(dimension[2] ?? dimension[1]) - 1);
    const rows = [...head.matchAll(/<row[\s>]/g)].map((m) => m.index);
    // The whole sheet was read: its rows are counted.
    if (head.includes('</sheetData>')) return Math.max(0, rows.length - 1);
    const [header, first] = rows;
    const last = rows.at(-1);
    if (header === undefined || first === undefined || last === undefined || rows.length < 4) return null;
    const perRow = (last - first) / (rows.length - 2);
    return Math.max(0, Math.round((entry.uncompressedSize - first) / perRow));
  } catch {
    return null;
  }
}
