/** Exact comparison of decimal strings (never through binary floating point): 6 places are enough for prices. */
const SCALE = 6;
const PATTERN = /^\d+(\.\d+)?$/;

export function isDecimalText(text: string): boolean {
  return PATTERN.test(text.trim());
}

/** The value × 10^6 as a bigint (digits beyond the sixth cut), or null when not a plain decimal. */
export function scaled(text: string): bigint | null {
  const t = text.trim();
  if (!PATTERN.test(t)) return null;
  const [whole = '0', fraction = ''] = t.split('.');
  return BigInt(whole + fraction.padEnd(SCALE, '0').slice(0, SCALE));
}

/** a + b > c, exactly. */
export function sumExceeds(a: string, b: string, c: string): boolean {
  const [x, y, z] = [scaled(a), scaled(b), scaled(c)];
  return x !== null && y !== null && z !== null && x + y > z;
}

/** Whether two decimal texts differ in value. */
export function differs(a: string, b: string): boolean {
  const [x, y] = [scaled(a), scaled(b)];
  return x !== null && y !== null && x !== y;
}

/** max(a − b, 0) as text. */
export function remaining(a: string, b: string): string {
  const [x, y] = [scaled(a), scaled(b)];
  if (x === null || y === null || x <= y) return '0';
  const d = (x - y).toString().padStart(SCALE + 1, '0');
  const whole = d.slice(0, -SCALE);
  const fraction = d.slice(-SCALE).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
