import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/lib/numbers.ts';
import { formatQuantity } from '../../inventory/index.ts';

/** An amount in its currency, right-aligned digits that do not jump. */
export function Money({
  value,
  currency,
  testId,
  places = 2,
}: {
  value: string;
  currency: string;
  testId?: string;
  /** A unit cost keeps fractions of a penny (up to 4 places shown). */
  places?: 2 | 4;
}) {
  const { i18n } = useTranslation();
  return (
    <bdi style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid={testId}>
      {formatMoney(value, i18n.language, currency, places)}
    </bdi>
  );
}

/** Received (or invoiced) of ordered, as "6 / 15" with a thin bar: the order's progress. */
export function Progress({ done, of, testId }: { done: string; of: string; testId?: string }) {
  const { i18n } = useTranslation();
  // The bar's width only: the figures shown are the exact decimal strings.
  const total = Number.parseFloat(of || '0');
  const percent = total > 0 ? Math.min(100, Math.round((Number.parseFloat(done || '0') / total) * 100)) : 0;
  return (
    <span
      style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', minWidth: 72 }}
      data-testid={testId}
    >
      <bdi style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatQuantity(done, i18n.language)} / {formatQuantity(of, i18n.language)}
      </bdi>
      <span
        aria-hidden
        style={{ display: 'block', width: 72, height: 4, borderRadius: 2, background: 'rgba(127,127,127,0.2)' }}
      >
        <span
          style={{
            display: 'block',
            width: `${percent}%`,
            height: 4,
            borderRadius: 2,
            background: percent >= 100 ? '#52c41a' : '#1677ff',
          }}
        />
      </span>
    </span>
  );
}
