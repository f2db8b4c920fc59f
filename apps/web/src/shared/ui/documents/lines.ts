import { WHOLE_UNIT } from '@backoffice/contracts';

/** A product as a line knows it: its unit decides whether fractions are allowed. */
export interface LineProduct {
  id: string;
  sku: string;
  name: string;
  unit: string;
}

/** One line being edited. Quantities and amounts stay the text typed (decimal strings, never numbers). */
export interface EditorLine {
  /** Stable for React and for undo while lines move. */
  key: string;
  product: LineProduct | null;
  quantity: string;
  /** The chosen bin of each bin column (by the column's key); null: the document's default. */
  bins: Readonly<Record<string, string | null>>;
  /** Unit cost or price, where the document has one. */
  price: string;
  /** The document's own fields of the line (see LinesEditor's `lineExtra`), as typed. */
  extra?: Readonly<Record<string, string>>;
}

/** The contract's positive stock quantity: up to 12 digits and 4 places. */
const QUANTITY_PATTERN = /^\d{1,12}(\.\d{1,4})?$/;
/** The contract's unit cost: up to 12 digits and 4 places, not negative. */
const PRICE_PATTERN = /^\d{1,12}(\.\d{1,4})?$/;

export type LineProblem = 'product' | 'required' | 'quantity' | 'quantityPositive' | 'whole' | 'price';
export type LineProblems = Partial<Record<'product' | 'quantity' | 'price', LineProblem>>;

export const isWholeText = (text: string) => /^\d+(\.0*)?$/.test(text);

/**
 * What is wrong with a quantity, by the contract's rule: a positive decimal of at most 4 places, and a
 * whole number for a product counted in units (WHOLE_UNIT); null when it is right.
 */
export function quantityProblem(text: string, unit: string | undefined): LineProblem | null {
  const value = text.trim();
  if (!value) return 'required';
  if (!QUANTITY_PATTERN.test(value)) return 'quantity';
  if (!/[1-9]/.test(value)) return 'quantityPositive';
  if (unit === WHOLE_UNIT && !isWholeText(value)) return 'whole';
  return null;
}

/** A line's problems; the price only where the document has one (empty is allowed: the server's default). */
export function lineProblems(line: EditorLine, options: { price?: boolean } = {}): LineProblems {
  const problems: LineProblems = {};
  if (!line.product) problems.product = 'product';
  const quantity = quantityProblem(line.quantity, line.product?.unit);
  if (quantity) problems.quantity = quantity;
  if (options.price && line.price.trim() && !PRICE_PATTERN.test(line.price.trim())) problems.price = 'price';
  return problems;
}

export function linesAreValid(lines: readonly EditorLine[], options: { price?: boolean } = {}): boolean {
  return lines.length > 0 && lines.every((line) => Object.keys(lineProblems(line, options)).length === 0);
}

/** One more: exact on decimal text (the whole part grows, the fraction stays); text that is no quantity becomes 1. */
export function addOne(text: string): string {
  const match = /^(\d{1,12})(\.\d{1,4})?$/.exec(text.trim());
  if (!match?.[1]) return '1';
  return `${(BigInt(match[1]) + 1n).toString()}${match[2] ?? ''}`;
}

/** Whether a line is still untouched (the form's first, empty line): a scan fills it rather than adding another. */
export const isBlankLine = (line: EditorLine) =>
  !line.product && !line.quantity.trim() && !line.price.trim() && Object.values(line.bins).every((b) => !b);

let serial = 0;
/** A new line's key: unique in the page's life, which is all React and undo need. */
export const newLineKey = () => `line-${Date.now().toString(36)}-${(serial++).toString(36)}`;

export function blankLine(binKeys: readonly string[] = []): EditorLine {
  return {
    key: newLineKey(),
    product: null,
    quantity: '',
    bins: Object.fromEntries(binKeys.map((k) => [k, null])),
    price: '',
  };
}

/**
 * A scanned code's product among the lookup's answers: the one whose SKU is the code (whatever its case),
 * else the only answer (a barcode or a unique name), else none or several.
 */
export function pickScanned<P extends { sku: string }>(code: string, items: readonly P[]): P | 'none' | 'ambiguous' {
  const wanted = code.trim().toLowerCase();
  const exact = items.filter((item) => item.sku.toLowerCase() === wanted);
  if (exact.length === 1 && exact[0]) return exact[0];
  if (items.length === 1 && items[0]) return items[0];
  return items.length === 0 ? 'none' : 'ambiguous';
}

/**
 * A scan's effect on the lines: one more of the product where a line has it, else a new line with 1 (the
 * blank first line is used rather than left behind). Answers the lines and the index of the line changed.
 */
export function applyScan(
  lines: readonly EditorLine[],
  product: LineProduct,
  binKeys: readonly string[] = [],
): { lines: EditorLine[]; index: number } {
  const at = lines.findIndex((line) => line.product?.id === product.id);
  if (at >= 0) {
    const next = lines.map((line, i) => (i === at ? { ...line, quantity: addOne(line.quantity) } : line));
    return { lines: next, index: at };
  }
  const blank = lines.findIndex(isBlankLine);
  if (blank >= 0) {
    const next = lines.map((line, i) => (i === blank ? { ...line, product, quantity: '1' } : line));
    return { lines: next, index: blank };
  }
  return { lines: [...lines, { ...blankLine(binKeys), product, quantity: '1' }], index: lines.length };
}
