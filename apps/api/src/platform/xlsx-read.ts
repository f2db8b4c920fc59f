import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';
import { SpreadsheetErrorCode } from '@backoffice/contracts';
import { AppError } from './errors.ts';
import { zipEntries } from './upload-types.ts';
import { dateStyles, ElementCutter, readSharedStrings, sheetRows, usesDate1904 } from './xlsx-xml.ts';

export interface XlsxReadLimits {
  /** Data rows after the header. */
  maxRows: number;
  /** Columns read per row; the rest are ignored. */
  maxColumns: number;
  /** The most the archive may hold once inflated, and the most any part may inflate by. */
  maxUncompressedBytes: number;
  maxCompressionRatio: number;
  /**
   * The most the shared strings may inflate to: they are held in memory while the sheet is read, so this
   * bounds the memory a file can take (default 32 MB, room for several hundred thousand distinct texts).
   */
  maxSharedStringsBytes?: number;
}

export const DEFAULT_XLSX_LIMITS: XlsxReadLimits = {
  maxRows: 100_000,
  maxColumns: 100,
  maxUncompressedBytes: 400 * 1024 * 1024,
  maxCompressionRatio: 200,
  maxSharedStringsBytes: 32 * 1024 * 1024,
};

/** The workbook's other parts (relationships, workbook, styles) are small; each is held in memory when read. */
const MAX_SMALL_PART_BYTES = 16 * 1024 * 1024;
/**
 * The longest run of XML between two "<" (a tag, or the text of one element): an Excel cell holds at most
 * 32 767 characters, so anything much longer is not a spreadsheet's and would be held whole by the parser.
 */
const MAX_XML_TOKEN_BYTES = 1024 * 1024;
/** The most one row's XML may take (a row of many long cells is far less). */
const MAX_ROW_XML_BYTES = 16 * 1024 * 1024;
/** Parts below this size are not held to the compression ratio (small XML compresses very well). */
const RATIO_FLOOR_BYTES = 1024 * 1024;
/** Compressed input fed to the inflater at a time, so that no single step inflates more than a few MB. */
const INPUT_PIECE_BYTES = 4 * 1024;
/** The reader gives the event loop back at least this often, so a large file never holds the server up. */
const SLICE_MS = 20;

export interface SheetRow {
  /** The row's number in the sheet (the header is row 1). */
  rowNumber: number;
  /** Cell texts by column, trimmed; empty cells are ''. Numbers as Excel holds them, dates as YYYY-MM-DD. */
  cells: string[];
}

export const XlsxErrorCode = SpreadsheetErrorCode;

const tooLarge = (details: Record<string, unknown>) =>
  new AppError(
    413,
    SpreadsheetErrorCode.SPREADSHEET_TOO_LARGE,
    'This workbook expands to more data than can be imported at once. Split it into smaller files.',
    details,
  );
const unreadable = () =>
  new AppError(
    415,
    SpreadsheetErrorCode.NOT_A_SPREADSHEET,
    'This workbook could not be read. Save it again as .xlsx and retry.',
  );

/**
 * Refuses, before parsing, an archive whose declared sizes would inflate past the limits (a zip bomb),
 * or that is not an .xlsx at all. Declared sizes can lie: the reader also counts what it really inflates.
 */
export function checkXlsxArchive(buffer: Buffer, limits: XlsxReadLimits = DEFAULT_XLSX_LIMITS) {
  const entries = zipEntries(buffer);
  if (!entries?.some((e) => e.name === 'xl/workbook.xml'))
    throw new AppError(415, SpreadsheetErrorCode.NOT_A_SPREADSHEET, 'This file is not an Excel workbook (.xlsx).');
  const total = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  const inflated = entries.find(
    (e) =>
      e.uncompressedSize > Math.max(1, e.compressedSize) * limits.maxCompressionRatio &&
      e.uncompressedSize > RATIO_FLOOR_BYTES,
  );
  if (total > limits.maxUncompressedBytes || inflated) throw tooLarge({ uncompressedBytes: total });
}

interface Part {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

/** The archive's parts with where their data starts, from the central directory (sizes are not trusted). */
function archiveParts(b: Buffer): Map<string, Part> {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  const parts = new Map<string, Part>();
  const floor = Math.max(0, b.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = b.length - 22; i >= floor; i--)
    if (b.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw unreadable();
  const count = b.readUInt16LE(eocd + 10);
  let at = b.readUInt32LE(eocd + 16);
  for (let n = 0; n < count; n++) {
    if (at + 46 > b.length || b.readUInt32LE(at) !== CENTRAL) throw unreadable();
    const nameLength = b.readUInt16LE(at + 28);
    const name = b.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    // The first of two parts of one name is the one a reader of the archive in order meets first.
    if (!parts.has(name))
      parts.set(name, {
        name,
        method: b.readUInt16LE(at + 10),
        compressedSize: b.readUInt32LE(at + 20),
        localOffset: b.readUInt32LE(at + 42),
      });
    at += 46 + nameLength + b.readUInt16LE(at + 30) + b.readUInt16LE(at + 32);
  }
  return parts;
}

/** Bytes inflated so far, against the limits: the whole archive's, and each part's own. */
class InflateBudget {
  total = 0;
  constructor(private readonly limits: XlsxReadLimits) {}

  count(part: Part, partBytes: number, partLimit: number, chunk: Buffer) {
    this.total += chunk.length;
    const ratioBroken =
      partBytes > RATIO_FLOOR_BYTES && partBytes > Math.max(1, part.compressedSize) * this.limits.maxCompressionRatio;
    if (this.total > this.limits.maxUncompressedBytes || partBytes > partLimit || ratioBroken)
      throw tooLarge({ part: part.name, inflatedBytes: this.total });
  }
}

/**
 * A part's text, inflated piece by piece from the archive in memory, every byte counted against the budget:
 * the sizes an archive declares are not believed. Nothing is written to disk. Stops (413) as soon as a limit
 * is passed, so a zip bomb costs at most the limit, never what it would expand to.
 */
async function* partText(buffer: Buffer, part: Part, budget: InflateBudget, partLimit: number): AsyncGenerator<string> {
  const LOCAL = 0x04034b50;
  const at = part.localOffset;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== LOCAL) throw unreadable();
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  // A declared compressed size that does not fit the file is not believed either: the data runs to its own end.
  const end =
    part.compressedSize > 0 && start + part.compressedSize <= buffer.length
      ? start + part.compressedSize
      : buffer.length;
  const data = buffer.subarray(start, end);
  const decoder = new StringDecoder('utf8');
  let partBytes = 0;
  let sinceTag = 0;
  const take = (chunk: Buffer) => {
    partBytes += chunk.length;
    budget.count(part, partBytes, partLimit, chunk);
    // The longest run without "<": one element's text or one tag, which the XML parser holds whole.
    let from = 0;
    for (let lt = chunk.indexOf(60); lt >= 0; lt = chunk.indexOf(60, from)) {
      if (sinceTag + lt - from > MAX_XML_TOKEN_BYTES) throw tooLarge({ part: part.name, inflatedBytes: budget.total });
      sinceTag = 0;
      from = lt + 1;
    }
    sinceTag += chunk.length - from;
    if (sinceTag > MAX_XML_TOKEN_BYTES) throw tooLarge({ part: part.name, inflatedBytes: budget.total });
    return decoder.write(chunk);
  };
  if (part.method === 0) {
    for (let i = 0; i < data.length; i += 64 * 1024) yield take(data.subarray(i, i + 64 * 1024));
  } else if (part.method === 8) {
    const inflater = createInflateRaw({ chunkSize: 16 * 1024 });
    const feed = Readable.from(
      (function* () {
        for (let i = 0; i < data.length; i += INPUT_PIECE_BYTES) yield data.subarray(i, i + INPUT_PIECE_BYTES);
      })(),
    );
    feed.on('error', (e) => inflater.destroy(e));
    feed.pipe(inflater);
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) yield take(chunk);
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw unreadable();
    } finally {
      feed.unpipe(inflater);
      feed.destroy();
      inflater.destroy();
    }
  } else throw unreadable();
  const rest = decoder.end();
  if (rest) yield rest;
}

/**
 * Gives the event loop back (setImmediate: requests and timers waiting run first) once the caller has held it
 * for a slice; cheap enough to call on every row of a long loop. Awaiting an already settled promise is not
 * enough: microtasks run before any I/O, so a loop of them holds every other request up.
 */
export function loopSlicer(sliceMs = SLICE_MS) {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/**
 * Reads the first worksheet row by row without holding the workbook in memory. Yields the header
 * (row 1) first. Past `maxRows` data rows it stops with 413 TOO_MANY_ROWS.
 *
 * The archive is read from memory part by part in the order the sheet needs (relationships, workbook,
 * styles, shared strings, then the sheet streamed), whatever their order in the file, so nothing is ever
 * written to a temporary file; every byte inflated is counted against the limits (413 SPREADSHEET_TOO_LARGE).
 * The parts are read by xlsx-xml.ts (cell types, dates by their number format, rich text), keeping one string
 * per cell and little else, so a large sheet is read quickly and with little garbage.
 */
export async function* readXlsxRows(
  buffer: Buffer,
  limits: XlsxReadLimits = DEFAULT_XLSX_LIMITS,
): AsyncGenerator<SheetRow> {
  checkXlsxArchive(buffer, limits);
  const parts = archiveParts(buffer);
  const budget = new InflateBudget(limits);
  const sheetPart = [...parts.values()].find((p) => /^xl\/worksheets\/sheet\d+\.xml$/.test(p.name));
  const whole = async (part: Part | undefined, limit: number) => {
    let text = '';
    if (part) for await (const piece of partText(buffer, part, budget, limit)) text += piece;
    return text;
  };
  const pause = loopSlicer();
  let seen = 0;
  try {
    const date1904 = usesDate1904(await whole(parts.get('xl/workbook.xml'), MAX_SMALL_PART_BYTES));
    const dates = dateStyles(await whole(parts.get('xl/styles.xml'), MAX_SMALL_PART_BYTES));
    const shared = parts.get('xl/sharedStrings.xml');
    const tokenTooLong = () => tooLarge({ part: 'xl/sharedStrings.xml', inflatedBytes: budget.total });
    const sharedStrings = shared
      ? await readSharedStrings(
          partText(buffer, shared, budget, limits.maxSharedStringsBytes ?? limits.maxUncompressedBytes),
          MAX_XML_TOKEN_BYTES,
          tokenTooLong,
        )
      : [];
    if (!sheetPart) return;
    const ctx = { sharedStrings, dateStyles: dates, date1904, maxColumns: limits.maxColumns };
    const rows = new ElementCutter(/<\/(?:\w+:)?row>|<(?:\w+:)?row\b[^>]*\/>/g, MAX_ROW_XML_BYTES, () =>
      tooLarge({ part: sheetPart.name, inflatedBytes: budget.total }),
    );
    let lastRow = 0;
    const pieces = partText(buffer, sheetPart, budget, limits.maxUncompressedBytes);
    for await (const piece of pieces) {
      for (const row of sheetRows(rows.take(piece), ctx, lastRow)) {
        lastRow = row.rowNumber;
        if (row.cells.every((c) => c === '')) continue;
        if (row.rowNumber > 1) seen += 1;
        if (seen > limits.maxRows)
          throw new AppError(
            413,
            SpreadsheetErrorCode.TOO_MANY_ROWS,
            `A file may hold at most ${limits.maxRows} rows.`,
            {
              maxRows: limits.maxRows,
            },
          );
        yield row;
        await pause();
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw unreadable();
  }
}
