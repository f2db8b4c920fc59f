import type { Transfer } from '@backoffice/contracts';
import { Steps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useSmallScreen } from '../../../shared/lib/use-small-screen.ts';
import { formatQuantity } from '../../inventory/index.ts';

type StepStatus = 'wait' | 'process' | 'finish' | 'error';

/** When and by whom a step was taken, as the step's second line. */
function stamp(at: string | null, user: { username: string } | null): ReactNode {
  if (!at) return null;
  return (
    <bdi>
      {formatDateTime(at)}
      {user ? ` · ${user.username}` : ''}
    </bdi>
  );
}

/**
 * Where a transfer stands: drafted, dispatched, receiving, received (or drafted, then canceled).
 * Vertical on narrow screens, so that each step keeps its date and user readable.
 */
export function TransferProgress({ transfer }: { transfer: Transfer }) {
  const { t, i18n } = useTranslation('transfers');
  const small = useSmallScreen();
  const drafted = {
    key: 'draft',
    title: t('progress.drafted'),
    content: stamp(transfer.createdAt, transfer.createdBy),
  };
  const items =
    transfer.status === 'CANCELED'
      ? [
          { ...drafted, status: 'finish' as StepStatus },
          {
            key: 'canceled',
            title: t('progress.canceled'),
            content: stamp(transfer.canceledAt, transfer.canceledBy),
            status: 'error' as StepStatus,
          },
        ]
      : [
          { ...drafted, status: (transfer.status === 'DRAFT' ? 'process' : 'finish') as StepStatus },
          {
            key: 'dispatched',
            title: t('progress.dispatched'),
            content: stamp(transfer.dispatchedAt, transfer.dispatchedBy),
            status: (transfer.dispatchedAt ? 'finish' : 'wait') as StepStatus,
          },
          {
            key: 'receiving',
            title: t('progress.receiving'),
            content:
              transfer.status === 'PARTIALLY_RECEIVED'
                ? t('progress.receivedSoFar', {
                    received: formatQuantity(transfer.totals.receivedQuantity, i18n.language),
                    dispatched: formatQuantity(transfer.totals.dispatchedQuantity, i18n.language),
                  })
                : null,
            status: (transfer.status === 'RECEIVED'
              ? 'finish'
              : transfer.status === 'PARTIALLY_RECEIVED' || transfer.status === 'DISPATCHED'
                ? 'process'
                : 'wait') as StepStatus,
          },
          {
            key: 'received',
            title: t('progress.received'),
            content: stamp(transfer.receivedAt, transfer.receivedBy),
            status: (transfer.status === 'RECEIVED' ? 'finish' : 'wait') as StepStatus,
          },
        ];
  return (
    <section data-testid="transfer-progress" aria-label={t('progress.label')}>
      <Steps size="small" orientation={small ? 'vertical' : 'horizontal'} items={items} />
    </section>
  );
}
