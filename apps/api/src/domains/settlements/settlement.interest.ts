import type { InterestType, LatePaymentInterest } from '@backoffice/contracts';
import Decimal from 'decimal.js';

/**
 * Late-payment interest (DOMAIN.md "Late payment"; contracts/purchasing/settlements.ts). Pure: the callers read
 * the supplier's terms, the base rates and the payment date's exchange rate.
 *
 * - Contractual (the supplier's rate and type): daily on a 365-day year; simple = P × r × d / 365, compound =
 *   P × ((1 + r/365)^d − 1); rounded once at the end, half up, to the penny. No fixed sum.
 * - Statutory (Late Payment of Commercial Debts (Interest) Act 1998): simple at 8% over the Bank of England base
 *   rate in force on the reference date of the half-year in which the debt became late (31 December before for
 *   January–June, 30 June for July–December), plus the fixed sum by the debt's size in GBP: £40 under £1,000,
 *   £70 under £10,000, £100 from £10,000 (converted into the invoice's currency at the payment date's rate).
 */

/** Enough digits that (1 + r/365)^d stays exact to far below a penny for any principal the tables hold. */
const Precise = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP });
const DAY_MS = 86_400_000;
const STATUTORY_MARGIN = new Decimal(8);

const dayNumber = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayNumber(to) - dayNumber(from)) / DAY_MS);
}

/** Payment date − due date, 0 when paid on or before the due date. */
export function daysLate(dueDate: string, paymentDate: string): number {
  return Math.max(0, daysBetween(dueDate, paymentDate));
}

/** The day after `iso`. */
function nextDay(iso: string): string {
  return new Date(dayNumber(iso) + DAY_MS).toISOString().slice(0, 10);
}

/**
 * The statutory reference date for a debt due on `dueDate`: it becomes late the next day; late in January–June →
 * 31 December of the year before, July–December → 30 June of that year.
 */
export function statutoryReferenceDate(dueDate: string): string {
  const late = nextDay(dueDate);
  const year = Number(late.slice(0, 4));
  const month = Number(late.slice(5, 7));
  return month <= 6 ? `${year - 1}-12-31` : `${year}-06-30`;
}

/** The fixed sum in GBP by the size of the debt in GBP. */
export function statutoryFixedSumGbp(debtGbp: Decimal.Value): Decimal {
  const debt = new Decimal(debtGbp);
  if (debt.lt(1000)) return new Decimal(40);
  if (debt.lt(10000)) return new Decimal(70);
  return new Decimal(100);
}

const penny = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** Contractual interest on `principal` for `days` at `ratePercent` a year, rounded once to the penny. */
export function contractualInterest(
  principal: Decimal.Value,
  ratePercent: Decimal.Value,
  type: InterestType,
  days: number,
): Decimal {
  if (days <= 0) return new Decimal(0);
  const p = new Precise(principal);
  const daily = new Precise(ratePercent).div(100).div(365);
  const raw = type === 'simple_interest' ? p.times(daily).times(days) : p.times(daily.plus(1).pow(days).minus(1));
  return penny(raw.toString());
}

/** Simple statutory interest on `principal` for `days` at 8% + `baseRatePercent`, rounded once to the penny. */
export function statutoryInterest(principal: Decimal.Value, baseRatePercent: Decimal.Value, days: number): Decimal {
  if (days <= 0) return new Decimal(0);
  const rate = new Precise(baseRatePercent).plus(STATUTORY_MARGIN.toString());
  return penny(new Precise(principal).times(rate).div(100).times(days).div(365).toString());
}

export interface InterestTerms {
  /** The supplier's contractual rate (% a year) and type; both null: statutory. */
  lateInterestRate: string | null;
  lateInterestType: InterestType | null;
}

export interface InterestCase {
  principal: Decimal.Value;
  dueDate: string;
  paymentDate: string;
  /** The invoice's gross total in its currency: the size of the debt for the fixed sum. */
  debt: Decimal.Value;
  /** The invoice currency's rate to GBP on the payment date ("1" for GBP). */
  rateToGbp: Decimal.Value;
  /** Whether the statutory fixed sum is still to claim for this invoice (once per debt). */
  fixedSumDue: boolean;
}

/** The base rate (%) in force on a date, or null when none is recorded that early. */
export type BaseRateOn = (date: string) => string | null;

const ZERO_TEXT = '0.00';

/** The proposal for one invoice (see the rules above). */
export function latePaymentInterest(
  terms: InterestTerms,
  c: InterestCase,
  baseRateOn: BaseRateOn,
): LatePaymentInterest {
  const days = daysLate(c.dueDate, c.paymentDate);
  const principal = penny(c.principal).toFixed(2);
  const none = {
    interestType: null,
    annualRatePercent: null,
    baseRatePercent: null,
    referenceDate: null,
    daysLate: days,
    principal,
    interest: ZERO_TEXT,
    fixedSum: ZERO_TEXT,
    total: ZERO_TEXT,
  };
  if (days <= 0) return { basis: 'none', ...none };
  if (terms.lateInterestRate !== null && terms.lateInterestType !== null) {
    const interest = contractualInterest(c.principal, terms.lateInterestRate, terms.lateInterestType, days);
    return {
      ...none,
      basis: 'contractual',
      interestType: terms.lateInterestType,
      annualRatePercent: new Decimal(terms.lateInterestRate).toFixed(),
      interest: interest.toFixed(2),
      total: interest.toFixed(2),
    };
  }
  const referenceDate = statutoryReferenceDate(c.dueDate);
  const base = baseRateOn(referenceDate);
  if (base === null) return { ...none, basis: 'unavailable', interestType: 'simple_interest', referenceDate };
  const interest = statutoryInterest(c.principal, base, days);
  const rate = new Decimal(c.rateToGbp);
  const fixed = c.fixedSumDue
    ? penny(statutoryFixedSumGbp(penny(new Decimal(c.debt).times(rate))).div(rate))
    : new Decimal(0);
  return {
    ...none,
    basis: 'statutory',
    interestType: 'simple_interest',
    annualRatePercent: new Decimal(base).plus(STATUTORY_MARGIN).toFixed(),
    baseRatePercent: new Decimal(base).toFixed(),
    referenceDate,
    interest: interest.toFixed(2),
    fixedSum: fixed.toFixed(2),
    total: interest.plus(fixed).toFixed(2),
  };
}

/** A lookup over base rates sorted by effective date: the latest on or before a date. */
export function baseRateLookup(rates: readonly { effective_date: string; rate_percent: string }[]): BaseRateOn {
  const sorted = [...rates].sort((a, b) => (a.effective_date < b.effective_date ? -1 : 1));
  return (date) => {
    let found: string | null = null;
    for (const r of sorted) {
      if (r.effective_date > date) break;
      found = r.rate_percent;
    }
    return found;
  };
}
