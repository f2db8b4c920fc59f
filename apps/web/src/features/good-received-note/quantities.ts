/**
 * Quantities typed on the receiving screens, added exactly: at most 4 places (the stock quantity's scale), held
 * as whole ten-thousandths in a bigint, never as a floating-point number.
 */
const QUANTITY = /^\d{1,12}(\.\d{1,4})?$/;
const SCALE = 10_000n;

/** A quantity as typed: digits with at most 4 places, zero or more. */
export const isQuantityText = (text: string) => QUANTITY.test(text.trim());

function units(text: string): bigint {
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(4, '0'));
}

function text(value: bigint): string {
  const whole = value / SCALE;
  const fraction = (value % SCALE).toString().padStart(4, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** The sum of quantities as decimal text; text that is not a quantity counts as zero. */
export function addQuantities(...values: string[]): string {
  return text(values.reduce((sum, v) => sum + (isQuantityText(v) ? units(v) : 0n), 0n));
}

/** Whether a quantity is above zero (text that is not a quantity is not). */
export const isAboveZero = (value: string) => isQuantityText(value) && units(value) > 0n;
