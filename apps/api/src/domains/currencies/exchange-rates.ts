import { BASE_CURRENCY, type CurrencyCode, CurrencyErrorCode } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { unprocessable } from '../../platform/errors.ts';
import { rateOnDateRow } from './currency.repository.ts';

/**
 * Converting to the base currency (GBP), for every area that books foreign amounts.
 *
 * A rate says what one unit of a currency is worth in GBP from its effective date on
 * (1 EUR = 0.865 GBP): base amount = amount × rate. The rate of a day is the latest effective on or
 * before it; GBP is 1 on every date.
 *
 * Rounding: money in GBP is rounded to 2 places, half up (a half penny goes away from zero:
 * 0.005 → 0.01, -0.005 → -0.01; decimal.js ROUND_HALF_UP), once, on the converted amount. Sum
 * unrounded line values first and convert the sum when a total must equal the document's total.
 */

/** Money's places in GBP. */
export const BASE_MONEY_PLACES = 2;

export interface DayRate {
  currency: CurrencyCode;
  /** Decimal text without trailing zeros: "0.865". */
  rate: string;
  /** The effective date of the rate used; null for GBP, which needs none. */
  effectiveDate: string | null;
}

/** Decimal text as decimal.js writes it: no exponent, no trailing zeros ("0.86500000" → "0.865"). */
export function plainDecimal(value: string | Decimal): string {
  return new Decimal(value).toFixed();
}

export function noExchangeRate(currency: string, date: string) {
  return unprocessable(
    CurrencyErrorCode.NO_EXCHANGE_RATE,
    `There is no ${currency} exchange rate effective on or before ${date}. Add one under Currencies first.`,
    { currency, date },
  );
}

/**
 * The rate of `currency` on `date` (YYYY-MM-DD): the latest effective on or before it; 1 for GBP.
 * 422 NO_EXCHANGE_RATE when the currency has no rate that early.
 */
export async function rateOn(db: Kysely<Database>, currency: CurrencyCode, date: string): Promise<DayRate> {
  if (currency === BASE_CURRENCY) return { currency, rate: '1', effectiveDate: null };
  const row = await rateOnDateRow(db, currency, date);
  if (!row) throw noExchangeRate(currency, date);
  return { currency, rate: plainDecimal(row.rate), effectiveDate: row.effective_date };
}

/** amount × rate, rounded half up to 2 places: a GBP amount as decimal text ("12.35"). */
export function convertToBase(amount: string | Decimal, rate: string | Decimal): string {
  return new Decimal(amount)
    .times(rate)
    .toDecimalPlaces(BASE_MONEY_PLACES, Decimal.ROUND_HALF_UP)
    .toFixed(BASE_MONEY_PLACES);
}

/**
 * `amount` in `currency` converted to GBP at the rate of `date` (see `rateOn`), with the rate used.
 * 422 NO_EXCHANGE_RATE when the currency has no rate that early.
 */
export async function toBase(
  db: Kysely<Database>,
  amount: string | Decimal,
  currency: CurrencyCode,
  date: string,
): Promise<DayRate & { amount: string }> {
  const dayRate = await rateOn(db, currency, date);
  return { ...dayRate, amount: convertToBase(amount, dayRate.rate) };
}
