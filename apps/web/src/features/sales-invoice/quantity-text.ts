/**
 * Quantities compared and subtracted exactly: decimal text (up to 4 places, as the contract's) held as a bigint
 * of ten-thousandths, never a floating-point number.
 */
const SCALE = 4;
const PATTERN = /^(-?)(\d+)(?:\.(\d+))?$/;

function scaled(text: string): bigint | null {
  const match = PATTERN.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const value = BigInt(whole + fraction.padEnd(SCALE, '0').slice(0, SCALE));
  return sign ? -value : value;
}

function text(value: bigint): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(SCALE + 1, '0');
  const fraction = digits.slice(-SCALE).replace(/0+$/, '');
  const whole = digits.slice(0, -SCALE);
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** How much `wanted` exceeds `available` ("0" when it does not, or when either is no quantity). */
export function shortageOf(wanted: string, available: string): string {
  const [w, a] = [scaled(wanted), scaled(available)];
  if (w === null || a === null || w <= a) return '0';
  return text(w - (a > 0n ? a : 0n));
}

/** Whether a quantity text is above zero. */
export const isAboveZero = (value: string) => (scaled(value) ?? 0n) > 0n;
