import { formatMoney } from '../../lib/numbers.ts';

/**
 * An amount as the reader's language writes it, with its currency (`GBP` unless said): 2 places, or up
 * to `places` (unit costs carry 4). The app's one money format (`shared/lib/numbers.ts`): exact decimal text,
 * never a float; text that is not a decimal is shown as it is; nothing is shown for nothing.
 */
export function formatMoneyText(
  text: string | null | undefined,
  language: string,
  currency = 'GBP',
  places: 2 | 4 = 2,
): string {
  return formatMoney(text, language, currency, places);
}
