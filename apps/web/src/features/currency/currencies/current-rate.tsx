import type { Currency } from '@backoffice/contracts';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatRate } from '../../../shared/lib/numbers.ts';

/** "1 EUR = 0.865 GBP, from 2025-01-06"; "always 1" for GBP; a warning when a currency has no rate yet. */
export function CurrentRate({ currency }: { currency: Currency }) {
  const { t, i18n } = useTranslation('currencies');
  const rate = currency.currentRate;
  if (currency.isBase) return <Typography.Text type="secondary">{t('currencies.baseRate')}</Typography.Text>;
  if (!rate) return <Tag color="warning">{t('currencies.noRate')}</Tag>;
  return (
    <span data-testid={`current-rate-${currency.code}`}>
      <bdi>{t('currencies.rateValue', { code: currency.code, rate: formatRate(rate.rate, i18n.language) })}</bdi>
      {rate.effectiveDate ? (
        <Typography.Text type="secondary"> · {t('currencies.since', { date: rate.effectiveDate })}</Typography.Text>
      ) : null}
    </span>
  );
}
