import { ArrowLeftOutlined } from '@ant-design/icons';
import { type StockMovement, type StockOverrideDetail, stockOverrideDocument } from '@backoffice/contracts';
import { Alert, Descriptions, Table, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { notifySuccess } from '../../shared/lib/notify.ts';
import { useSubmissionKey } from '../../shared/lib/use-submission-key.ts';
import { ActionBar } from '../../shared/ui/documents/action-bar.tsx';
import { ReasonModal } from '../../shared/ui/documents/reason-modal.tsx';
import { StatusTag } from '../../shared/ui/documents/status-tag.tsx';
import { DetailFrame } from '../../shared/ui/kit/detail-frame.tsx';
import { Figure, ProductLink, useMovementColumns } from '../inventory/index.ts';
import { useOverride, useReverseOverride } from './api.ts';

export const OVERRIDES_PATH = '/manual-stock/manual-stock-list';
export const overridePath = (id: string) => `${OVERRIDES_PATH}/${id}`;

/** A link to an override's page, named by its number. */
export function OverrideLink({ id, testId }: { id: string; testId?: string }) {
  const { t } = useTranslation('inventory');
  return (
    <Link to={overridePath(id)} data-testid={testId} aria-label={t('overrides.open', { number: id })}>
      <bdi>{id}</bdi>
    </Link>
  );
}

/** What the override posted: product, where, the difference and its value, why, who and when. */
function Facts({ detail }: { detail: StockOverrideDetail }) {
  const { t } = useTranslation('inventory');
  const { token } = theme.useToken();
  const m = detail.movement;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      style={{ marginBottom: token.margin }}
      items={[
        {
          key: 'product',
          label: t('fields.product'),
          children: (
            <span>
              <ProductLink productId={m.product.id} sku={m.product.sku} warehouseId={m.warehouse.id} />{' '}
              <bdi>{m.product.name}</bdi>
            </span>
          ),
        },
        {
          key: 'warehouse',
          label: t('fields.warehouse'),
          children: <bdi>{`${m.warehouse.code} · ${m.warehouse.name}`}</bdi>,
        },
        { key: 'bin', label: t('fields.bin'), children: m.location ? <bdi>{m.location.code}</bdi> : t('noBin') },
        {
          key: 'difference',
          label: t('overrides.fields.difference'),
          children: <Figure value={m.quantity} signed testId="override-difference" />,
        },
        { key: 'value', label: t('fields.value'), children: <Figure value={m.currentValue} kind="money" /> },
        { key: 'unitCost', label: t('fields.unitCost'), children: <Figure value={m.unitCost} kind="cost" /> },
        {
          key: 'postedAt',
          label: t('fields.postedAt'),
          children: `${formatDateTime(m.postedAt)} · ${m.username ?? ''}`,
        },
        { key: 'reason', label: t('fields.reason'), children: <span dir="auto">{m.reason || '—'}</span> },
        ...(detail.reversalOf
          ? [
              {
                key: 'reversalOf',
                label: t('overrides.reversalOf'),
                children: <OverrideLink id={detail.reversalOf.id} testId="override-reversal-of" />,
              },
            ]
          : []),
        ...(detail.reversal?.movements[0]
          ? [
              {
                key: 'reversedBy',
                label: t('overrides.reversedBy'),
                children: <OverrideLink id={detail.reversal.movements[0].id} testId="override-reversed-by" />,
              },
            ]
          : []),
      ]}
    />
  );
}

/**
 * One manual override: what it posted, the override it reverses (when it is a reversal) and its reversal (once
 * reversed), with "Reverse" for holders of reverse_stock_adjustment while it can be reversed: a reason, then
 * the opposite difference is posted at the original cost. A refusal (reversed meanwhile, stock taken since)
 * is shown in the dialog with the server's figures.
 */
export function OverrideDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('inventory');
  const { token } = theme.useToken();
  const query = useOverride(id);
  const reverse = useReverseOverride(id);
  const submission = useSubmissionKey();
  const [reversing, setReversing] = useState(false);
  const columns = useMovementColumns({ product: true, kind: true, quantityTitle: t('overrides.fields.difference') });

  const back = (
    <Link to={OVERRIDES_PATH} style={{ display: 'inline-flex', gap: token.marginXXS }} data-testid="override-back">
      <ArrowLeftOutlined aria-hidden />
      {t('overrides.backToList')}
    </Link>
  );

  return (
    <DetailFrame
      query={query}
      number={(detail) => detail.number}
      numberTestId="override-number"
      back={back}
      tags={(detail) => <StatusTag doc={stockOverrideDocument} status={detail.status} testId="override-status" />}
      actions={(detail) => (
        <ActionBar
          doc={stockOverrideDocument}
          status={detail.status}
          number={detail.number}
          handlers={{
            reverse: { open: () => setReversing(true), hidden: detail.isReversal, testId: 'override-reverse' },
          }}
        />
      )}
    >
      {(detail) => (
        <>
          <Facts detail={detail} />
          {detail.isReversal ? (
            <Alert
              type="info"
              showIcon
              title={<span dir="auto">{t('overrides.notReversible')}</span>}
              style={{ marginBottom: token.margin }}
            />
          ) : null}
          {detail.reversal ? (
            <>
              <Alert
                type="warning"
                showIcon
                data-testid="override-reversal"
                title={
                  <span dir="auto">
                    {t('overrides.reversedOn', {
                      date: formatDateTime(detail.reversal.reversedAt),
                      user: detail.reversal.reversedBy.username,
                      reason: detail.reversal.reason,
                    })}
                  </span>
                }
                style={{ marginBottom: token.margin }}
              />
              <Table<StockMovement>
                data-testid="override-reversal-rows"
                caption={t('overrides.reversalMovements')}
                rowKey="id"
                size="small"
                columns={columns}
                dataSource={detail.reversal.movements}
                pagination={false}
                scroll={{ x: 'max-content' }}
              />
            </>
          ) : null}
          <ReasonModal
            open={reversing}
            testId="override-reverse-dialog"
            title={t('overrides.reverseTitle', { number: detail.number })}
            intro={t('overrides.reverseIntro')}
            reasonLabel={t('overrides.reverseReason')}
            okText={t('overrides.reverse')}
            onClose={() => setReversing(false)}
            onSubmit={async (reason) => {
              await reverse.mutateAsync({ reason, idempotencyKey: submission.keyFor({ id, reason }) });
              submission.reset();
              setReversing(false);
              notifySuccess(t('overrides.reversed', { number: detail.number }));
            }}
          />
        </>
      )}
    </DetailFrame>
  );
}
