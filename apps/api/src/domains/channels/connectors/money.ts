import Decimal from 'decimal.js';

/**
 * Money as the channels write it ("12.5", "12.50", 12.5 in eBay's JSON strings) to and from whole pennies, so
 * sums and divisions stay exact.
 */

export function pennies(amount: string | number | null | undefined): bigint {
  if (amount === null || amount === undefined || amount === '') return 0n;
  return BigInt(new Decimal(amount).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0));
}

export function moneyText(p: bigint): string {
  const sign = p < 0n ? '-' : '';
  const abs = p < 0n ? -p : p;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * The unit price of a line the channel gives as a total for its quantity. When the total does not divide to the
 * penny (10.00 for 3) the line becomes two: the most units at the lower price and the rest a penny dearer
 * (2 × 3.33 + 1 × 3.34), so the order's total stays what the buyer paid.
 */
export function unitPrices(total: bigint, quantity: number): { quantity: number; unitPrice: string }[] {
  if (quantity <= 0) return [{ quantity, unitPrice: moneyText(total) }];
  const q = BigInt(quantity);
  const unit = total / q;
  const rest = Number(total - unit * q);
  if (rest === 0) return [{ quantity, unitPrice: moneyText(unit) }];
  return [
    { quantity: quantity - rest, unitPrice: moneyText(unit) },
    { quantity: rest, unitPrice: moneyText(unit + 1n) },
  ];
}

/** The id of the second part of a split line: the channel's line id and this suffix. */
export const SPLIT_SUFFIX = '#rest';

/** A line id as the channel knows it (a split line's second part is the same line there). */
export function channelLineId(externalLineId: string): string {
  return externalLineId.endsWith(SPLIT_SUFFIX) ? externalLineId.slice(0, -SPLIT_SUFFIX.length) : externalLineId;
}
