/** A decimal as the API writes it: optional minus, digits, optional fraction. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

export const isNegative = (text: string) => DECIMAL.test(text) && text.startsWith('-') && /[1-9]/.test(text);
export const isPositive = (text: string) => DECIMAL.test(text) && !text.startsWith('-') && /[1-9]/.test(text);

/**
 * Formats exact decimal text in the reader's language. Intl.NumberFormat reads a string as an exact
 * decimal (ECMA-402 2023), so no value passes through floating point; text that is not a decimal is
 * shown as it is.
 */
function format(text: string, language: string, options: Intl.NumberFormatOptions): string {
  if (!DECIMAL.test(text)) return text;
  try {
    return new Intl.NumberFormat(language, options).format(text as Intl.StringNumericLiteral);
  } catch {
    return text;
  }
}

/** A stock quantity: up to 4 places, trailing zeros dropped; `signed` shows + on increases. */
export function formatQuantity(text: string, language: string, signed = false): string {
  return format(text, language, { maximumFractionDigits: 4, signDisplay: signed ? 'exceptZero' : 'auto' });
}

/** An amount in GBP with 2 places (values) or up to 4 (unit costs), without the currency sign: the column says £. */
export function formatMoney(text: string, language: string, maxPlaces: 2 | 4 = 2): string {
  return format(text, language, { minimumFractionDigits: 2, maximumFractionDigits: maxPlaces });
}
