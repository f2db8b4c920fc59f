/**
 * Stock figures as the inventory screens write them: the app's one number format (`shared/lib/numbers.ts`).
 * `formatMoney` here is an amount without its sign, for columns and cards whose title says £.
 */
export {
  formatAmount as formatMoney,
  formatQuantity,
  isNegative,
  isPositive,
  magnitude,
} from '../../../shared/lib/numbers.ts';
