import { BUSINESS_TIME_ZONE } from '@backoffice/contracts';
import type { PdfLanguage } from './labels.ts';

/**
 * How figures, dates and addresses are written on a printout, per language. Quantities and money are
 * decimal strings and are formatted as strings (Intl formats a numeric string exactly), never as floats.
 */

/** The regional variant each language is written in: the business is in the UK, so dates are UK time. */
const LOCALES: Record<PdfLanguage, string> = { en: 'en-GB', es: 'es-ES', pt: 'pt-PT', de: 'de-DE' };
const DECIMAL = /^[-+]?\d+(\.\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const localeOf = (language: PdfLanguage) => LOCALES[language];

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function cached<F>(cache: Map<string, F>, key: string, make: () => F): F {
  const known = cache.get(key);
  if (known) return known;
  const made = make();
  cache.set(key, made);
  return made;
}
const numberFormat = (key: string, make: () => Intl.NumberFormat) => cached(numberFormats, key, make);
const dateFormat = (key: string, make: () => Intl.DateTimeFormat) => cached(dateFormats, key, make);

/** A quantity as written in the language (1,234.5 / 1.234,5), every decimal place it has kept. */
export function formatQuantity(value: string, language: PdfLanguage): string {
  const v = value.trim();
  if (!DECIMAL.test(v)) return value;
  const f = numberFormat(
    `q:${language}`,
    () => new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 20 }),
  );
  return f.format(v as Intl.StringNumericLiteral);
}

/**
 * An amount in pounds sterling, two places (£1,234.50 / 1.234,50 £); in another currency when given (a supplier's
 * EUR order: €1,234.50); up to `places` places when a price is quoted in fractions of a penny (never fewer than 2).
 */
export function formatMoney(value: string, language: PdfLanguage, currency = 'GBP', places = 2): string {
  const v = value.trim();
  if (!DECIMAL.test(v)) return value;
  const f = numberFormat(
    `m:${language}:${currency}:${places}`,
    () =>
      new Intl.NumberFormat(LOCALES[language], {
        style: 'currency',
        currency,
        // The pound sign in every language (Spanish would write GBP).
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
        maximumFractionDigits: Math.max(2, places),
        roundingMode: 'halfExpand',
      }),
  );
  return f.format(v as Intl.StringNumericLiteral);
}

/**
 * A day (`YYYY-MM-DD`) as written in the language; an instant (ISO 8601) as its UK day and time.
 * Anything else is shown as it is.
 */
export function formatDate(value: string | Date, language: PdfLanguage): string {
  if (typeof value === 'string' && DAY.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(day.getTime())) return value;
    const f = dateFormat(
      `d:${language}`,
      () => new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeZone: 'UTC' }),
    );
    return f.format(day);
  }
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) return String(value);
  const f = dateFormat(
    `t:${language}`,
    () =>
      new Intl.DateTimeFormat(LOCALES[language], {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: BUSINESS_TIME_ZONE,
      }),
  );
  return f.format(instant);
}

/** A country's name in the language, from its ISO code; the code itself when unknown. */
export function countryName(code: string, language: PdfLanguage): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames([LOCALES[language]], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export interface PdfAddress {
  line1?: string;
  line2?: string;
  city?: string;
  postcode?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
}

/** An address as UK letters write it: each line, the town, the postcode, the country; empty parts left out. */
export function addressLines(address: PdfAddress, language: PdfLanguage): string[] {
  return [
    address.line1,
    address.line2,
    address.city,
    address.postcode,
    address.country ? countryName(address.country, language) : '',
  ]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '');
}

/**
 * Unicode code points the standard PDF fonts reach through WinAnsiEncoding besides Latin-1 (€, dashes,
 * curly quotes, …). Text is kept to these: a character outside them would be written as a wrong byte.
 */
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c,
  0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);
const SPACES = /[\t\u2000-\u200a\u202f\u205f\u3000]/g;

function isWinAnsi(code: number): boolean {
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code);
}

/**
 * Text the standard fonts (Helvetica) can write: English, Spanish, Portuguese and German are whole;
 * other letters lose their accents (ł → l is not decomposable, so it becomes ?), other spaces become
 * spaces, control characters go, and line breaks stay.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n').replace(SPACES, ' ')) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\n' || isWinAnsi(code)) {
      out += char;
      continue;
    }
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    const plain = char.normalize('NFD').replace(/\p{M}/gu, '');
    out += plain !== '' && [...plain].every((c) => isWinAnsi(c.codePointAt(0) ?? 0)) ? plain : '?';
  }
  return out;
}
