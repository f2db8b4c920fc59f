/** A decimal as the API writes it: optional minus, digits, optional fraction. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * An amount as the reader's language writes it, with its currency (`GBP` unless said): 2 places, or up
 * to `places` (unit costs carry 4). The decimal text goes to Intl.NumberFormat as a string, which
 * formats it as an exact decimal (ECMA-402 2023): the amount never passes through a float. Text that is
 * not a decimal is shown as it is; nothing is shown for nothing.
 */
export function formatMoneyText(
  text: string | null | undefined,
  language: string,
  currency = 'GBP',
  places: 2 | 4 = 2,
): string {
  if (text === null || text === undefined || text === '') return '';
  if (!DECIMAL.test(text)) return text;
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: places,
    }).format(text as Intl.StringNumericLiteral);
  } catch {
    // An unknown currency code: the figure as the API wrote it, with the code.
    return `${text} ${currency}`;
  }
}
