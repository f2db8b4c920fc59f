import { z } from 'zod';

/**
 * Exact decimals travel as strings ("12.50"), never JSON numbers, so money, costs, rates and quantities
 * never pass through floating point. The checks here are textual; code computes with decimal.js and
 * PostgreSQL stores `numeric`.
 */
export interface DecimalRule {
  /** Digits allowed after the point. */
  scale: number;
  /** Digits allowed before the point. */
  precision?: number;
  /** Allow a leading minus sign. */
  signed?: boolean;
  /** Refuse zero (and, unsigned, anything not above zero). */
  positive?: boolean;
  /** An upper bound compared exactly, e.g. "100" for a percentage. */
  max?: string;
}

/** Compares two non-negative decimal strings without converting them to numbers. */
export function compareDecimalText(a: string, b: string): number {
  const [ai = '0', af = ''] = a.replace(/^0+(?=\d)/, '').split('.');
  const [bi = '0', bf = ''] = b.replace(/^0+(?=\d)/, '').split('.');
  if (ai.length !== bi.length) return ai.length < bi.length ? -1 : 1;
  if (ai !== bi) return ai < bi ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const x = af.padEnd(width, '0');
  const y = bf.padEnd(width, '0');
  return x === y ? 0 : x < y ? -1 : 1;
}

/** A decimal string with at most `scale` places: "12", "12.5", "-3.25". Leading/trailing spaces are trimmed. */
export function decimalString(rule: DecimalRule) {
  const precision = rule.precision ?? 12;
  const sign = rule.signed ? '-?' : '';
  const fraction = rule.scale > 0 ? `(\\.\\d{1,${rule.scale}})?` : '';
  const pattern = new RegExp(`^${sign}\\d{1,${precision}}${fraction}$`);
  const places = rule.scale > 0 ? `at most ${rule.scale} decimal places` : 'no decimal places';
  return z
    .string()
    .trim()
    .regex(pattern, `a number with ${places}${rule.signed ? '' : ', not negative'}, written as text`)
    .refine((v) => !rule.positive || /[1-9]/.test(v), 'must be more than zero')
    .refine(
      (v) => rule.max === undefined || v.startsWith('-') || compareDecimalText(v, rule.max) <= 0,
      `at most ${rule.max ?? ''}`,
    );
}

/** Money in a currency: 2 places, not negative. */
export const Money = decimalString({ scale: 2 });
/** A unit cost or price: 4 places, not negative (costs divide and must stay exact to the penny in sums). */
export const UnitCost = decimalString({ scale: 4 });
/** A quantity: 4 places, not negative (kilograms, litres); whole units are checked by their unit. */
export const Quantity = decimalString({ scale: 4 });
/** A percentage such as a VAT rate or an interest rate: 0–100 with 2 places. */
export const Percentage = decimalString({ scale: 2, precision: 3, max: '100' });
/** An exchange rate: what one unit of the currency is worth in the base currency (1 EUR = 0.865 GBP), 8 places, above zero; base amount = amount × rate. */
export const ExchangeRate = decimalString({ scale: 8, precision: 6, positive: true });

/**
 * A decimal as an integer and its places ("12.50" → 1250n, 2), for sums and products that must be exact and
 * cheap: a hot path (an invoice's amounts, tens of thousands of times in an upload) computes in integers and
 * rounds once where the rule says, instead of building a decimal object per step. Text that is not a plain
 * decimal ("1e3") is refused.
 */
export function scaledInteger(text: string | { toFixed(): string }): { units: bigint; places: number } {
  const t = typeof text === 'string' ? text.trim() : text.toFixed();
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(t);
  if (!m || `${m[2] ?? ''}${m[3] ?? ''}` === '') throw new Error(`not a decimal: ${t}`);
  const fraction = m[3] ?? '';
  const units = BigInt(`${m[2] || '0'}${fraction}`);
  return { units: m[1] ? -units : units, places: fraction.length };
}

/** a ÷ b rounded to an integer, halves away from zero (decimal.js's ROUND_HALF_UP); b is not zero. */
export function divideRoundingHalfUp(a: bigint, b: bigint): bigint {
  const negative = a < 0n !== b < 0n;
  const n = a < 0n ? -a : a;
  const d = b < 0n ? -b : b;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
}

/** An integer of `places` implied places as decimal text: (1250n, 2) → "12.50". */
export function scaledText(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const whole = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return negative ? `-${whole}` : whole;
}

/** 10 to a power, as a bigint. */
export const tenTo = (power: number): bigint => 10n ** BigInt(power);

/** A decimal's text with exactly `places` places, rounded halves up: ("3.5", 2) → "3.50". */
export function withPlaces(text: string, places: number): string {
  const v = scaledInteger(text);
  const units =
    v.places <= places ? v.units * tenTo(places - v.places) : divideRoundingHalfUp(v.units, tenTo(v.places - places));
  return scaledText(units, places);
}

/** The exact sum of decimals' texts, with as many places as the most precise of them. */
export function sumText(texts: readonly string[]): string {
  const values = texts.map((t) => scaledInteger(t));
  const places = values.reduce((p, v) => Math.max(p, v.places), 0);
  return scaledText(
    values.reduce((sum, v) => sum + v.units * tenTo(places - v.places), 0n),
    places,
  );
}
