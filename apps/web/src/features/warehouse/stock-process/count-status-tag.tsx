import type { StockCountStatus } from '@backoffice/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<StockCountStatus, string> = {
  OPEN: 'processing',
  SUBMITTED: 'warning',
  POSTED: 'success',
  CANCELED: 'default',
};

export function CountStatusTag({ status }: { status: StockCountStatus }) {
  const { t } = useTranslation('stockCounts');
  return (
    <Tag color={COLORS[status]} data-testid="count-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
