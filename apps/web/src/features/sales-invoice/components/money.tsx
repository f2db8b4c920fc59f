import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/lib/numbers.ts';

/** An amount in its currency, digits that do not jump; the text is the server's exact decimal string. */
export function Money({
  value,
  currency,
  testId,
  places = 2,
}: {
  value: string;
  currency: string;
  testId?: string;
  /** A unit price keeps fractions of a penny (up to 4 places shown). */
  places?: 2 | 4;
}) {
  const { i18n } = useTranslation();
  return (
    <bdi style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid={testId}>
      {formatMoney(value, i18n.language, currency, places)}
    </bdi>
  );
}
