import { PrinterOutlined, StopOutlined, TagsOutlined } from '@ant-design/icons';
import type { LabelRowInput, ShipList, ShipListLabelsResult, ShippingLabel } from '@backoffice/contracts';
import { Alert, Button, Popconfirm, Space, Table, Tag, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shared/lib/notify.ts';
import { useErrorText } from '../../shared/lib/use-error-text.ts';
import { PrintButton } from '../../shared/ui/documents/action-bar.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { labelsPdfPath, useCancelLabel, useCreateLabels, useShipListLabels } from './api.ts';

/**
 * Carrier labels of a ship list: made at the carriers whose services the rows ship with (Royal Mail, Parcelforce,
 * DHL, DPD), printed in one batch, cancelled one by one; their tracking numbers fill the rows' parcels.
 */
export function LabelsPanel({
  list,
  rows,
  onTracking,
}: {
  list: ShipList;
  /** The services and weights chosen on the page so far (the server's defaults for the rest). */
  rows: () => LabelRowInput[];
  /** The live labels' parcels (weights and tracking numbers), for the rows. */
  onTracking: (labels: ShippingLabel[]) => void;
}) {
  const { t } = useTranslation('shipLists');
  const { token } = theme.useToken();
  const labels = useShipListLabels(list.id);
  const create = useCreateLabels();
  const cancel = useCancelLabel();
  const errorText = useErrorText();
  const [outcome, setOutcome] = useState<ShipListLabelsResult | null>(null);
  const open = list.status === 'OPEN';
  const live = (labels.data?.items ?? []).filter((l) => l.status === 'CREATED');

  const make = async () => {
    try {
      const result = await create.mutateAsync({ id: list.id, rows: rows() });
      setOutcome(result);
      const made = result.items.flatMap((i) => (i.label && i.label.status === 'CREATED' ? [i.label] : []));
      if (made.length) onTracking(made);
    } catch (error) {
      notifyError(t('labels.createFailed'), errorText(error) ?? '');
    }
  };

  const failed = (outcome?.items ?? []).filter((i) => i.outcome === 'FAILED');
  const columns: ColumnsType<ShippingLabel> = [
    { key: 'invoice', title: t('labels.invoice'), render: (_, l) => <bdi>{l.invoice.number}</bdi> },
    {
      key: 'carrier',
      title: t('labels.carrier'),
      render: (_, l) => <bdi>{`${l.carrierService.carrier.name} · ${l.carrierService.name}`}</bdi>,
    },
    {
      key: 'tracking',
      title: t('labels.tracking'),
      render: (_, l) => (
        <Space wrap size={4}>
          {l.trackingNumbers.map((n) => (
            <Typography.Text key={n} code>
              <bdi>{n}</bdi>
            </Typography.Text>
          ))}
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('labels.status'),
      render: (_, l) => (
        <Tag color={l.status === 'CREATED' ? 'success' : l.status === 'FAILED' ? 'error' : 'default'}>
          {t(`labels.statuses.${l.status}`)}
        </Tag>
      ),
    },
    ...(open
      ? [
          {
            key: 'actions',
            title: t('labels.actions'),
            render: (_: unknown, l: ShippingLabel) =>
              l.status === 'CREATED' ? (
                <Popconfirm
                  title={t('labels.cancelConfirm', { number: l.invoice.number })}
                  onConfirm={async () => {
                    try {
                      const r = await cancel.mutateAsync({ id: l.id });
                      if (!r.ok) notifyError(t('labels.cancelFailed'), r.message ?? '');
                    } catch (error) {
                      notifyError(t('labels.cancelFailed'), errorText(error) ?? '');
                    }
                  }}
                >
                  <Button
                    size="small"
                    danger
                    icon={<StopOutlined />}
                    aria-label={t('labels.cancel', { number: l.invoice.number })}
                  >
                    {t('labels.cancelShort')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Panel title={t('labels.title')} style={{ marginBottom: token.margin }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('labels.hint')}</Typography.Text>
        <Space wrap>
          {open ? (
            <Button icon={<TagsOutlined />} loading={create.isPending} onClick={make} data-testid="sl-labels-create">
              {t('labels.create')}
            </Button>
          ) : null}
          {live.length ? (
            <PrintButton
              path={labelsPdfPath(list.id)}
              fileName={`${list.number}-labels.pdf`}
              testId="sl-labels-print"
              label={t('labels.print', { count: live.length })}
            />
          ) : null}
          {open && live.length ? (
            <Button icon={<PrinterOutlined />} onClick={() => onTracking(live)} data-testid="sl-labels-use">
              {t('labels.useTracking')}
            </Button>
          ) : null}
        </Space>
        {failed.length ? (
          <Alert
            type="warning"
            showIcon
            data-testid="sl-labels-failed"
            title={t('labels.someFailed', { count: failed.length })}
            description={
              <ul style={{ margin: 0, paddingInlineStart: token.paddingLG }}>
                {failed.map((f) => (
                  <li key={f.invoiceId}>
                    <bdi>{f.invoiceNumber}</bdi>: {f.message}
                  </li>
                ))}
              </ul>
            }
          />
        ) : null}
        {labels.error ? <Alert type="error" showIcon title={errorText(labels.error)} /> : null}
        {labels.data?.items.length ? (
          <Table<ShippingLabel>
            data-testid="sl-labels"
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={labels.data.items}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        ) : (
          <Typography.Text type="secondary">{t('labels.none')}</Typography.Text>
        )}
      </Space>
    </Panel>
  );
}
