/**
 * The one way the app writes a figure: quantities, amounts (with or without their currency), percentages
 * and counts, each in the reader's language (`i18n.language`: 1,234.5 in English, 1.234,5 in German and
 * Portuguese, 1234,5 / 1.234,5 in Spanish), so that a price reads the same on every screen, chart and message.
 *
 * Figures from the API are decimal strings. Intl.NumberFormat reads a string as an exact decimal
 * (ECMA-402 2023), so no amount or quantity passes through floating point on its way to the screen; text
 * that is not a decimal is shown as it is.
 */

/** A decimal as the API writes it: optional minus, digits, optional fraction. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

export const isDecimal = (text: string) => DECIMAL.test(text);
export const isNegative = (text: string) => DECIMAL.test(text) && text.startsWith('-') && /[1-9]/.test(text);
export const isPositive = (text: string) => DECIMAL.test(text) && !text.startsWith('-') && /[1-9]/.test(text);

/**
 * The regional variant each language is written in, as on the printouts: the business is in the UK, and
 * Portuguese is Portugal's (1234,50 £), not Brazil's (£ 1.234,50).
 */
const REGIONS: Record<string, string> = { en: 'en-GB', es: 'es-ES', pt: 'pt-PT', de: 'de-DE' };
export const numberLocale = (language: string) => REGIONS[(language || 'en').split('-')[0] ?? 'en'] ?? language;

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(numberLocale(language), options);
    } catch {
      // An unknown language tag or currency: English figures rather than none.
      format = new Intl.NumberFormat('en', {
        ...options,
        style: options.style === 'currency' ? 'decimal' : options.style,
      });
    }
    formats.set(key, format);
  }
  return format;
}

function formatText(text: string | null | undefined, language: string, options: Intl.NumberFormatOptions): string {
  if (text === null || text === undefined) return '';
  if (!DECIMAL.test(text)) return text;
  return numberFormat(language, options).format(text as Intl.StringNumericLiteral);
}

/**
 * A figure under a label that already says its direction ("Losses", "Deficit", "Written off"): its size
 * without the sign, so that a loss of 5.00 reads "Losses 5.00", not "Losses −5.00".
 */
export function magnitude(text: string): string {
  return DECIMAL.test(text) ? text.replace(/^-/, '') : text;
}

/** A stock quantity: up to 4 places, trailing zeros dropped; `signed` shows + on increases. */
export function formatQuantity(text: string | null | undefined, language: string, signed = false): string {
  return formatText(text, language, { maximumFractionDigits: 4, signDisplay: signed ? 'exceptZero' : 'auto' });
}

/**
 * An amount with 2 places (values) or up to 4 (unit costs), without its currency sign: for a column or card
 * whose title says the currency ("Value (£)").
 */
export function formatAmount(text: string | null | undefined, language: string, maxPlaces: 2 | 4 = 2): string {
  return formatText(text, language, { minimumFractionDigits: 2, maximumFractionDigits: maxPlaces });
}

/**
 * An amount with its currency (`GBP` unless said), where the language puts it: £1,234.50, 1.234,50 £.
 * The pound is written £ in every language (Spanish would otherwise write GBP).
 */
export function formatMoney(
  text: string | null | undefined,
  language: string,
  currency = 'GBP',
  maxPlaces: 2 | 4 = 2,
): string {
  if (text === null || text === undefined || text === '') return '';
  if (!DECIMAL.test(text)) return text;
  try {
    return new Intl.NumberFormat(numberLocale(language), {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: maxPlaces,
    }).format(text as Intl.StringNumericLiteral);
  } catch {
    // An unknown currency code: the figure in the language, with the code.
    return `${formatAmount(text, language, maxPlaces)} ${currency}`;
  }
}

/** A percentage of a value given in per cent ("12.5" → 12.5 %), up to `maxPlaces` places. */
export function formatPercent(text: string | number | null | undefined, language: string, maxPlaces = 2): string {
  if (text === null || text === undefined || text === '') return '';
  const value = typeof text === 'number' ? String(text) : text;
  if (!DECIMAL.test(value)) return value;
  // Intl's percent style multiplies by 100; the figure is already in per cent, so it is written as a unit.
  return numberFormat(language, { style: 'unit', unit: 'percent', maximumFractionDigits: maxPlaces }).format(
    value as Intl.StringNumericLiteral,
  );
}

/**
 * A count or a figure the app computed itself (rows, products, seconds, a chart's axis tick): a JavaScript
 * number, up to `maxPlaces` places.
 */
export function formatNumber(value: number, language: string, maxPlaces = 0): string {
  if (!Number.isFinite(value)) return '';
  return numberFormat(language, { maximumFractionDigits: maxPlaces }).format(value);
}

/** An exchange rate: every place it has, up to 8 (1 EUR = 0,86123456 GBP in German). */
export function formatRate(text: string | null | undefined, language: string): string {
  return formatText(text, language, { maximumFractionDigits: 8 });
}
