import Decimal from 'decimal.js';

/**
 * The few parts of SpreadsheetML (ECMA-376 part 1, §18) an import reads, parsed from their XML text as it is
 * inflated: the shared strings, the cell formats that make a number a date, the workbook's date system, and the
 * rows of a worksheet. Only what a cell's text needs is kept, one string per cell and nothing per cell beyond it,
 * so a sheet of tens of thousands of rows is read at the speed of a regular expression with little garbage (a
 * general XML parser builds an object per tag and per cell). Entities and character references are decoded;
 * tags may carry a namespace prefix (x:c), as some writers emit.
 */

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML text with its entities and character references decoded, and OOXML's _xHHHH_ escapes. */
export function xmlText(raw: string): string {
  let t = raw;
  if (t.includes('<![CDATA[')) {
    // CDATA sections are literal; the rest around them is decoded as usual.
    return t
      .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
      .map((part) => (part.startsWith('<![CDATA[') ? part.slice(9, -3) : xmlText(part)))
      .join('');
  }
  if (t.includes('&'))
    t = t.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[name] ?? whole;
    });
  if (t.includes('_x'))
    t = t.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return t;
}

/** The text of an element's <t> children (a plain string, or rich text's runs), phonetic hints left out. */
function runText(inner: string): string {
  if (!inner.includes('<')) return xmlText(inner);
  const body = inner.includes('rPh') ? inner.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, '') : inner;
  let text = '';
  for (const m of body.matchAll(/<(?:\w+:)?t(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?t>/g)) text += xmlText(m[1] ?? '');
  return text;
}

const attrPatterns = new Map<string, RegExp>();
/** An attribute's value in a tag's attribute text, or undefined. */
function attr(attrs: string, name: string): string | undefined {
  let re = attrPatterns.get(name);
  if (!re) {
    re = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attrPatterns.set(name, re);
  }
  const m = re.exec(attrs);
  return m ? (m[1] ?? m[2]) : undefined;
}

/**
 * Reads complete elements out of text that arrives in pieces: `take` is given each piece, and returns what of
 * it (with what was left before) ends with the last complete `</close>`; the rest waits for the next piece.
 */
export class ElementCutter {
  private rest = '';
  constructor(
    private readonly close: RegExp,
    private readonly maxPending: number,
    private readonly tooLong: () => Error,
  ) {}
  take(piece: string): string {
    const text = this.rest + piece;
    let end = -1;
    this.close.lastIndex = 0;
    for (let m = this.close.exec(text); m; m = this.close.exec(text)) end = m.index + m[0].length;
    if (end < 0) {
      if (text.length > this.maxPending) throw this.tooLong();
      this.rest = text;
      return '';
    }
    this.rest = text.slice(end);
    if (this.rest.length > this.maxPending) throw this.tooLong();
    return text.slice(0, end);
  }
  /** What is left at the end (an element never closed is not read). */
  end(): string {
    const r = this.rest;
    this.rest = '';
    return r;
  }
}

/** Shared strings (<si> elements, in order), from pieces of sharedStrings.xml. */
export async function readSharedStrings(
  pieces: AsyncIterable<string>,
  maxPending: number,
  tooLong: () => Error,
): Promise<string[]> {
  const strings: string[] = [];
  const cutter = new ElementCutter(/<\/(?:\w+:)?si>/g, maxPending, tooLong);
  const si = /<(?:\w+:)?si(?:\s[^>]*)?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?si>)/g;
  for await (const piece of pieces) {
    const whole = cutter.take(piece);
    si.lastIndex = 0;
    for (let m = si.exec(whole); m; m = si.exec(whole)) strings.push(m[1] === undefined ? '' : runText(m[1]));
  }
  return strings;
}

/** Number formats Excel builds in that show a date or a time (ECMA-376 §18.8.30). */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

/** A format code shows a date when, outside quoted text and [..] sections, it has a day, month, year or time part. */
export function isDateFormat(code: string): boolean {
  const plain = code
    .replace(/\[[^\]]*]/g, '')
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '');
  return /[ymdhsb]/i.test(plain) && !/^general$/i.test(plain.trim());
}

/** Which cell formats (the cellXfs' positions, a cell's s attribute) show dates, from styles.xml. */
export function dateStyles(stylesXml: string): boolean[] {
  const custom = new Map<number, string>();
  for (const m of stylesXml.matchAll(/<(?:\w+:)?numFmt\s([^>]*?)\/?>/g)) {
    const id = Number(attr(m[1] ?? '', 'numFmtId'));
    const code = attr(m[1] ?? '', 'formatCode');
    if (Number.isInteger(id) && code !== undefined) custom.set(id, xmlText(code));
  }
  const xfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(stylesXml)?.[1] ?? '';
  const dates: boolean[] = [];
  for (const m of xfs.matchAll(/<(?:\w+:)?xf\b([^>]*?)\/?>/g)) {
    const id = Number(attr(m[1] ?? '', 'numFmtId') ?? 0);
    const code = custom.get(id);
    dates.push(code !== undefined ? isDateFormat(code) : BUILT_IN_DATE_FORMATS.has(id));
  }
  return dates;
}

/** Whether the workbook counts days from 1904 (workbook.xml's workbookPr date1904). */
export function usesDate1904(workbookXml: string): boolean {
  const pr = /<(?:\w+:)?workbookPr\b([^>]*)>/.exec(workbookXml)?.[1] ?? '';
  const v = attr(pr, 'date1904');
  return v === '1' || v === 'true';
}

/** Excel's serial day (with its time as a fraction) as YYYY-MM-DD. */
export function serialDay(serial: number, date1904: boolean): string {
  const ms = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000);
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10);
}

/** A column's number from a cell reference's letters: A1 → 1, AB7 → 28; undefined when there are none. */
function columnOf(ref: string | undefined): number | undefined {
  if (!ref) return undefined;
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    const upper = c >= 65 && c <= 90 ? c - 64 : c >= 97 && c <= 122 ? c - 96 : 0;
    if (!upper) break;
    col = col * 26 + upper;
  }
  return i > 0 ? col : undefined;
}

export interface SheetContext {
  sharedStrings: readonly string[];
  dateStyles: readonly boolean[];
  date1904: boolean;
  maxColumns: number;
}

/**
 * A string of its own: V8 makes a longer substring a view of the text it was cut from, so a cell's text kept
 * for long would keep the whole piece of XML it came from alive. A short one is copied anyway.
 */
function own(s: string): string {
  return s.length < 13 ? s : ` ${s}`.slice(1);
}

/** A number cell's text (xsd:double as spreadsheets write it). */
const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** One cell's text: strings trimmed, numbers as Excel holds them, dates as YYYY-MM-DD, errors empty. */
function cellText(attrs: string, inner: string, ctx: SheetContext): string {
  const type = attr(attrs, 't') ?? 'n';
  if (type === 'inlineStr') {
    const is = /<(?:\w+:)?is\b[^>]*>([\s\S]*?)<\/(?:\w+:)?is>/.exec(inner);
    return is ? runText(is[1] ?? '').trim() : '';
  }
  const v = /<(?:\w+:)?v(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?v>/.exec(inner)?.[1];
  if (v === undefined) return '';
  switch (type) {
    case 's':
      return (ctx.sharedStrings[Number.parseInt(v, 10)] ?? '').trim();
    case 'str':
      return xmlText(v).trim();
    case 'b':
      return Number.parseInt(v, 10) ? 'true' : 'false';
    case 'e':
      return '';
    case 'd':
      return /^\d{4}-\d{2}-\d{2}/.test(v.trim()) ? v.trim().slice(0, 10) : '';
    default: {
      // A number as the file writes it (its shortest decimal text), never through a float: a price stays exact.
      // Only a date's serial day is read as a number.
      const t = v.trim();
      if (!NUMBER_TEXT.test(t)) return '';
      const style = Number.parseInt(attr(attrs, 's') ?? '0', 10);
      if (ctx.dateStyles[style]) return serialDay(Number(t), ctx.date1904);
      // Plain decimal text as it is; another spelling (1E-3, .5, +1) as plain decimal text, exactly.
      return /^-?\d+(\.\d+)?$/.test(t) ? t : new Decimal(t).toFixed();
    }
  }
}

/**
 * The rows of a piece of worksheet XML made only of complete <row> elements (and whatever lies between them),
 * each as its number and its cells' texts by column (1-based positions, the first `maxColumns`).
 */
export function* sheetRows(
  xml: string,
  ctx: SheetContext,
  previousRow: number,
): Generator<{ rowNumber: number; cells: string[] }> {
  const rowRe = /<(?:\w+:)?row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g;
  let last = previousRow;
  for (let m = rowRe.exec(xml); m; m = rowRe.exec(xml)) {
    const r = Number.parseInt(attr(m[1] ?? '', 'r') ?? '', 10);
    const rowNumber = Number.isInteger(r) && r > 0 ? r : last + 1;
    last = rowNumber;
    const cells: string[] = [];
    const body = m[2];
    if (body) {
      const cellRe = /<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g;
      let column = 0;
      for (let c = cellRe.exec(body); c; c = cellRe.exec(body)) {
        const attrs = c[1] ?? '';
        column = columnOf(attr(attrs, 'r')) ?? column + 1;
        if (column > ctx.maxColumns) continue;
        if (c[2] === undefined) continue;
        const text = cellText(attrs, c[2], ctx);
        if (text === '') continue;
        while (cells.length < column - 1) cells.push('');
        cells[column - 1] = own(text);
      }
    }
    yield { rowNumber, cells };
  }
}
