import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatQuantity, isPositive } from './numbers.ts';

/**
 * Reserved units a physical loss left without stock (their reservations are marked short): a red tag beside
 * the reserved figure, with why on hover; nothing when every reservation has its stock.
 */
export function ShortMarker({ value, testId = 'short-marker' }: { value: string | undefined; testId?: string }) {
  const { t, i18n } = useTranslation('inventory');
  if (!value || !isPositive(value)) return null;
  return (
    <Tooltip title={t('short.hint')}>
      <Tag color="error" data-testid={testId} style={{ marginInlineStart: 4, marginInlineEnd: 0 }}>
        {t('short.marker', { quantity: formatQuantity(value, i18n.language) })}
      </Tag>
    </Tooltip>
  );
}
