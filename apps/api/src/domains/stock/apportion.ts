import { StockErrorCode } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { unprocessable } from '../../platform/errors.ts';

/**
 * Landed costs split over a receipt's lines (DOMAIN.md "Purchasing rules … (decided)"): by value, quantity, weight or
 * equally. Each share is rounded to the penny (half up) and the pennies left over by rounding go, one each, to the
 * largest lines (by the basis, the first of equal ones first), so the shares add up to the total exactly. A share
 * never has the opposite sign of the total (none is negative for a charge, none positive for a credit). Pure.
 */

export type ApportionBasis = 'value' | 'quantity' | 'weight' | 'equal';
export const APPORTION_BASES: readonly ApportionBasis[] = ['value', 'quantity', 'weight', 'equal'];

export interface ApportionLine {
  /** The line's value (GBP), for `value`. */
  value?: Decimal.Value | null;
  quantity?: Decimal.Value | null;
  /** The line's total weight (null: not known), for `weight`. */
  weight?: Decimal.Value | null;
}

const PENNY = new Decimal('0.01');

/** The shares of `total` (a penny amount, signed), in the order of `lines`. */
export function apportion(total: Decimal.Value, lines: readonly ApportionLine[], basis: ApportionBasis): Decimal[] {
  const amount = new Decimal(total);
  if (!amount.eq(amount.toDecimalPlaces(2)))
    throw unprocessable(
      StockErrorCode.APPORTION_AMOUNT_INVALID,
      `An amount to share out is in pounds and pence: ${amount.toFixed()} has more than 2 decimal places.`,
      { total: amount.toFixed() },
    );
  if (!lines.length)
    throw unprocessable(StockErrorCode.APPORTION_BASIS_ZERO, 'There are no lines to share the amount over.', {
      basis,
    });
  const weights = lines.map((l, i) => {
    if (basis === 'equal') return new Decimal(1);
    const raw = basis === 'value' ? l.value : basis === 'quantity' ? l.quantity : l.weight;
    if (raw === null || raw === undefined || raw === '')
      throw unprocessable(
        StockErrorCode.APPORTION_BASIS_UNKNOWN,
        `Line ${i + 1} has no ${basis}: the amount cannot be shared by ${basis}. Share it another way or enter the ${basis}.`,
        { basis, line: String(i + 1) },
      );
    const d = new Decimal(raw);
    if (d.isNegative())
      throw unprocessable(
        StockErrorCode.APPORTION_BASIS_UNKNOWN,
        `Line ${i + 1} has a negative ${basis} (${d.toFixed()}): an amount is shared over quantities and values above zero.`,
        { basis, line: String(i + 1) },
      );
    return d;
  });
  const sum = weights.reduce((s, w) => s.add(w), new Decimal(0));
  if (sum.isZero())
    throw unprocessable(
      StockErrorCode.APPORTION_BASIS_ZERO,
      `The lines' ${basis} adds up to zero: the amount cannot be shared by ${basis}. Share it another way.`,
      { basis },
    );
  const shares = weights.map((w) => amount.mul(w).div(sum).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
  // Pennies left over (or over-given) by rounding: at most half a penny per line, so fewer pennies than lines.
  let residual = amount.sub(shares.reduce((s, x) => s.add(x), new Decimal(0))).div(PENNY);
  const largestFirst = weights
    .map((w, i) => ({ w, i }))
    .filter(({ w }) => w.gt(0))
    .sort((a, b) => (a.w.eq(b.w) ? a.i - b.i : a.w.gt(b.w) ? -1 : 1));
  const step = residual.isNegative() ? PENNY.neg() : PENNY;
  for (let k = 0; !residual.isZero(); k++) {
    if (k > largestFirst.length * 4) throw new Error('apportion: the residual pennies found no line');
    const { i } = largestFirst[k % largestFirst.length] as { i: number };
    const next = (shares[i] as Decimal).add(step);
    // A line never goes to the other side of zero from the total (a loop over all lines always finds one).
    if (next.isNegative() !== amount.isNegative() && !next.isZero()) continue;
    shares[i] = next;
    residual = residual.sub(residual.isNegative() ? -1 : 1);
  }
  return shares;
}
