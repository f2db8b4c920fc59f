/**
 * Money typed on the settlement form, added exactly: amounts to the penny held as whole pennies in a bigint,
 * never as a floating-point number. Text from the API ("12.50", "-3.2") and text typed ("12.5") alike.
 */
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
const SIGNED = /^(-?)(\d+)(?:\.(\d+))?$/;

/** An amount as typed: up to 12 digits and at most 2 places, not negative. */
export const isMoneyText = (text: string) => MONEY.test(text.trim());

/** The amount in pennies; null when the text is no decimal or has more than 2 places that are not zeros. */
export function pennies(text: string): bigint | null {
  const match = SIGNED.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(2))) return null;
  const value = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  return sign ? -value : value;
}

/** Pennies as decimal text with 2 places ("-3.20"). */
export function moneyText(value: bigint): string {
  const negative = value < 0n;
  const size = negative ? -value : value;
  const text = `${size / 100n}.${(size % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** The sum of amounts as text with 2 places; text that is no amount counts as zero. */
export function addMoney(...values: readonly string[]): string {
  return moneyText(values.reduce((sum, v) => sum + (pennies(v) ?? 0n), 0n));
}

/** a − b as text with 2 places (either may be negative); text that is no amount counts as zero. */
export function subtractMoney(a: string, b: string): string {
  return moneyText((pennies(a) ?? 0n) - (pennies(b) ?? 0n));
}

/** −1, 0 or 1 as a is below, equal to or above b; text that is no amount counts as zero. */
export function compareMoney(a: string, b: string): -1 | 0 | 1 {
  const x = pennies(a) ?? 0n;
  const y = pennies(b) ?? 0n;
  return x === y ? 0 : x < y ? -1 : 1;
}

/** Whether an amount is above zero (text that is no amount is not). */
export const isAboveZeroMoney = (text: string) => (pennies(text) ?? 0n) > 0n;

/** What is wrong with an amount typed against the most it may be; null when it is right. */
export type AmountProblem = 'required' | 'format' | 'positive' | 'aboveOpen';
export function amountProblem(text: string, most: string): AmountProblem | null {
  const value = text.trim();
  if (!value) return 'required';
  if (!MONEY.test(value)) return 'format';
  if (!/[1-9]/.test(value)) return 'positive';
  if (compareMoney(value, most) > 0) return 'aboveOpen';
  return null;
}
