/**
 * Picked and required quantities compared exactly: decimal text (up to 4 places, as the contract's) held as a bigint
 * of ten-thousandths, never a floating-point number.
 */
const SCALE = 4;
const PATTERN = /^(-?)(\d+)(?:\.(\d+))?$/;

function scaled(text: string): bigint {
  const match = PATTERN.exec(text.trim());
  if (!match) return 0n;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const value = BigInt(whole + fraction.padEnd(SCALE, '0').slice(0, SCALE));
  return sign ? -value : value;
}

/** How much of `required` is picked, as a whole percentage rounded down (100 when nothing is required). */
export function pickedPercent(picked: string, required: string): number {
  const need = scaled(required);
  if (need <= 0n) return 100;
  const pct = (scaled(picked) * 100n) / need;
  return Number(pct > 100n ? 100n : pct < 0n ? 0n : pct);
}

/** Whether all that is required is picked. */
export const isComplete = (picked: string, required: string) => scaled(picked) >= scaled(required);

/** Whether anything is picked / required. */
export const isAboveZero = (text: string) => scaled(text) > 0n;
