import type { LatePaymentInterest } from '@backoffice/contracts';
import { addMoney, compareMoney, moneyText, pennies } from './money-text.ts';

/**
 * The late-payment interest on the amount a line pays, worked the server's way (settlements contract): days late,
 * /365, simple = principal × rate × days / 365, compound = principal × ((1 + rate/365)^days − 1), rounded once,
 * half up, to the penny, plus the statutory fixed sum (by the invoice's size, so whatever part is paid). The
 * server's proposal is on the whole open amount; a part payment's interest is worked here on the part, in exact
 * integer arithmetic (never floating point), and sent as the line's interest amount, so what the screen shows is
 * what is charged.
 */

/** Digits kept in the fixed-point compound factor: far beyond a penny on any amount the contract allows. */
const PRECISION = 10n ** 30n;

/** A non-negative decimal rate text ("8.25") as a numerator over 10^places. */
function rational(text: string): { value: bigint; scale: bigint } | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { value: BigInt((match[1] ?? '0') + fraction), scale: 10n ** BigInt(fraction.length) };
}

/** n ÷ d rounded half up (n, d ≥ 0). */
const roundHalfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

/** The interest part (without the fixed sum) on `amount` pennies; null when it cannot be worked out. */
function interestPennies(amount: bigint, proposal: LatePaymentInterest): bigint | null {
  if (proposal.daysLate <= 0 || !proposal.annualRatePercent) return 0n;
  const rate = rational(proposal.annualRatePercent);
  if (!rate) return null;
  const days = BigInt(proposal.daysLate);
  if (proposal.interestType === 'compound_interest') {
    // (1 + r/365) in fixed point, r = rate% / 100; raised to the days by squaring.
    const step = PRECISION + (rate.value * PRECISION) / (rate.scale * 100n * 365n);
    let factor = PRECISION;
    let base = step;
    let n = days;
    while (n > 0n) {
      if (n & 1n) factor = (factor * base) / PRECISION;
      base = (base * base) / PRECISION;
      n >>= 1n;
    }
    return roundHalfUp(amount * (factor - PRECISION), PRECISION);
  }
  return roundHalfUp(amount * rate.value * days, rate.scale * 100n * 365n);
}

/**
 * What including the interest adds for a line paying `amount` (text) of an invoice whose proposal (on its whole
 * open amount) is given: the proposal itself when the whole open amount is paid, else worked on the part; "0.00"
 * when not late or when it cannot be worked out (`basis` unavailable).
 */
export function interestFor(amount: string, openAmount: string, proposal: LatePaymentInterest): string {
  if (proposal.basis === 'none' || proposal.basis === 'unavailable') return '0.00';
  if (compareMoney(amount, openAmount) === 0) return addMoney(proposal.total);
  const principal = pennies(amount);
  if (principal === null || principal <= 0n) return '0.00';
  const interest = interestPennies(principal, proposal);
  if (interest === null) return '0.00';
  return addMoney(moneyText(interest), proposal.fixedSum);
}

/** Whether the interest can be included at all: the invoice is late and the rate is known. */
export const canIncludeInterest = (proposal: LatePaymentInterest) =>
  (proposal.basis === 'contractual' || proposal.basis === 'statutory') && proposal.daysLate > 0;
