import { TRANSFER_STATUSES, type TransferStatus } from '@backoffice/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Colours by where the goods are: not yet moved, on the road, partly or fully arrived, never sent. */
const COLOURS: Record<TransferStatus, string> = {
  DRAFT: 'default',
  DISPATCHED: 'blue',
  PARTIALLY_RECEIVED: 'gold',
  RECEIVED: 'green',
  CANCELED: 'red',
};

export const isTransferStatus = (value: string | undefined): value is TransferStatus =>
  value !== undefined && (TRANSFER_STATUSES as readonly string[]).includes(value);

export function TransferStatusTag({ status }: { status: TransferStatus }) {
  const { t } = useTranslation('transfers');
  return (
    <Tag color={COLOURS[status]} data-testid="transfer-status">
      {t(`statuses.${status}`)}
    </Tag>
  );
}

/** The statuses as options of a filter, "all statuses" first. */
export function useStatusOptions() {
  const { t } = useTranslation('transfers');
  return [
    { value: '', label: t('list.allStatuses') },
    ...TRANSFER_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
  ];
}
