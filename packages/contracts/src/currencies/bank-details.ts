import { z } from 'zod';

/**
 * UK and international bank account details, checked the same way by the API and the web form.
 * Values are normalised first (spaces and dashes removed, letters in capitals) and stored that way.
 */

/** A UK sort code: six digits, written 12-34-56, 12 34 56 or 123456; stored as 123456. */
export const SORT_CODE_PATTERN = /^\d{6}$/;
/** A UK account number: eight digits. */
export const ACCOUNT_NUMBER_PATTERN = /^\d{8}$/;

/** The length of an IBAN in the countries the business deals with most (ISO 13616 registry). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LT: 20,
  LU: 20,
  LV: 21,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
};

/** Removes spaces, dashes and dots and puts letters in capitals: "gb82 west-1234…" → "GB82WEST1234…". */
export function compactBankText(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/**
 * Whether an IBAN (already compacted) is well formed: country letters, two check digits, 11–30 letters
 * or digits, the country's length when known, and the ISO 7064 mod-97 check (the number formed by
 * moving the first four characters to the end, letters as 10–35, leaves 1 when divided by 97).
 */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder === 1;
}

/** Groups an IBAN in fours for reading: "GB82 WEST 1234 5698 7654 32". */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Shows a sort code as 12-34-56. */
export function formatSortCode(sortCode: string): string {
  return sortCode.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3');
}

export const SortCode = z
  .string()
  .transform(compactBankText)
  .pipe(z.string().regex(SORT_CODE_PATTERN, 'a sort code has 6 digits, e.g. 12-34-56'));

export const AccountNumber = z
  .string()
  .transform(compactBankText)
  .pipe(z.string().regex(ACCOUNT_NUMBER_PATTERN, 'an account number has 8 digits'));

export const Iban = z
  .string()
  .transform(compactBankText)
  .pipe(z.string().refine(isValidIban, 'not a valid IBAN: check the country code, the length and every digit'));
