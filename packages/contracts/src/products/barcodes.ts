import { z } from 'zod';

/**
 * Product barcodes: GS1 identifiers, the kinds printed on retail goods in the UK.
 * - EAN-8 (8 digits), UPC-A (12), EAN-13 (13) and GTIN-14 (14, on outer cases).
 * - The last digit is a check digit (GS1 modulo 10), so a mistyped digit is caught at once.
 * - A barcode is stored as typed (digits only), and is unique across all products as its GTIN-14
 *   (the number padded with zeros to 14 digits): UPC-A 012345678905 and EAN-13 0012345678905 are the
 *   same article number, so two products cannot carry them.
 * Pure functions here; the web form, the API and the .xlsx import all check barcodes with them.
 */

export const BARCODE_KINDS = ['EAN_8', 'UPC_A', 'EAN_13', 'GTIN_14'] as const;
export type BarcodeKind = (typeof BARCODE_KINDS)[number];

const KIND_BY_LENGTH: Record<number, BarcodeKind> = { 8: 'EAN_8', 12: 'UPC_A', 13: 'EAN_13', 14: 'GTIN_14' };

/** At most this many barcodes per product. */
export const MAX_BARCODES_PER_PRODUCT = 20;

/** Why a barcode is refused; the web form translates these (`products:barcodeProblem.<problem>`). */
export type BarcodeProblem = 'empty' | 'notDigits' | 'length' | 'checkDigit';

/** The kind of barcode a number of this length is, or undefined for a length that is none. */
export function barcodeKind(digits: string): BarcodeKind | undefined {
  return /^\d+$/.test(digits) ? KIND_BY_LENGTH[digits.length] : undefined;
}

/**
 * The GS1 check digit of the digits before it: from the right, weights 3, 1, 3, 1…;
 * the check digit brings the weighted sum up to a multiple of ten.
 */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** What is wrong with a barcode, or undefined when it is a valid EAN-8, UPC-A, EAN-13 or GTIN-14. */
export function barcodeProblem(value: string): BarcodeProblem | undefined {
  const text = value.trim();
  if (!text) return 'empty';
  if (!/^\d+$/.test(text)) return 'notDigits';
  if (!barcodeKind(text)) return 'length';
  const expected = gs1CheckDigit(text.slice(0, -1));
  return text.endsWith(String(expected)) ? undefined : 'checkDigit';
}

export function isValidBarcode(value: string): boolean {
  return barcodeProblem(value) === undefined;
}

/** The digit the barcode should end with (for "check digit should be 5" feedback), or undefined. */
export function expectedCheckDigit(value: string): number | undefined {
  const text = value.trim();
  return /^\d+$/.test(text) && barcodeKind(text) ? gs1CheckDigit(text.slice(0, -1)) : undefined;
}

/** The 14-digit GTIN form barcodes are compared in (uniqueness): left-padded with zeros. */
export function toGtin14(value: string): string {
  return value.trim().padStart(14, '0');
}

const PROBLEM_MESSAGES: Record<BarcodeProblem, string> = {
  empty: 'a barcode is needed',
  notDigits: 'a barcode has digits only',
  length: 'a barcode has 8 (EAN-8), 12 (UPC-A), 13 (EAN-13) or 14 (GTIN-14) digits',
  checkDigit: 'the last digit (check digit) does not match the others: the barcode is mistyped',
};

export function barcodeProblemMessage(problem: BarcodeProblem, value?: string): string {
  if (problem === 'checkDigit' && value !== undefined) {
    const expected = expectedCheckDigit(value);
    if (expected !== undefined) return `${PROBLEM_MESSAGES.checkDigit} (it would end in ${expected})`;
  }
  return PROBLEM_MESSAGES[problem];
}

/** One barcode as typed: digits only (spaces around are trimmed), a known length, a right check digit. */
export const Barcode = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = barcodeProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: barcodeProblemMessage(problem, value), params: { problem } });
  });

/** A barcode as the API answers it, with its kind. */
export const ProductBarcode = z
  .object({
    barcode: z.string(),
    kind: z.enum(BARCODE_KINDS),
  })
  .meta({ id: 'ProductBarcode' });
export type ProductBarcode = z.infer<typeof ProductBarcode>;
