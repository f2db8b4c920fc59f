import type { ChannelAccountType, ShippingLabel, ShippingLabelListQuery } from '@backoffice/contracts';
import { Button, Popconfirm, Space, Table, Tag, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shippingLabelsEndpoints as labels } from '../../../shared/api/endpoints/shipping-labels.gen.ts';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';
import { contractPath } from '../../../shared/lib/api.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { notifyError } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { PrintButton } from '../../../shared/ui/documents/action-bar.tsx';

/** A carrier screen's labels (made from ship lists), newest first: tracking numbers, print, cancel. */
export function LabelsTable({ types }: { types: readonly ChannelAccountType[] }) {
  const { t } = useTranslation('channels');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const errorText = useErrorText();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const query: ShippingLabelListQuery = { ...page, types: types.join(',') };
  const list = useEndpointQuery(labels.listShippingLabels, { query }, { keepPreviousData: true });
  const cancel = useEndpointMutation(labels.cancelShippingLabel, {
    input: ({ id }: { id: string }) => ({ params: { id } }),
  });
  const mayCancel = has('ship_list') || has('shipping_fulfilment');
  const columns: ColumnsType<ShippingLabel> = [
    { key: 'at', title: t('labels.createdAt'), render: (_, l) => <bdi>{formatDateTime(l.createdAt)}</bdi> },
    {
      key: 'invoice',
      title: t('labels.invoice'),
      render: (_, l) => (
        <Link to={`/sales-invoice/sales-invoice/${encodeURIComponent(l.invoice.id)}`}>
          <bdi>{l.invoice.number}</bdi>
        </Link>
      ),
    },
    {
      key: 'shipList',
      title: t('labels.shipList'),
      render: (_, l) => (
        <Link to={`/sales-invoice/sales-invoice-process/${encodeURIComponent(l.shipList.id)}`}>
          <bdi>{l.shipList.number}</bdi>
        </Link>
      ),
    },
    {
      key: 'service',
      title: t('labels.service'),
      // Account and service on two lines: long names must not widen the table past the page.
      render: (_, l) => (
        <>
          <bdi style={{ display: 'block' }}>{l.account.name}</bdi>
          <Typography.Text type="secondary">
            <bdi>{l.carrierService.name}</bdi>
          </Typography.Text>
        </>
      ),
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
        <Space direction="vertical" size={0}>
          <Tag color={l.status === 'CREATED' ? 'success' : l.status === 'FAILED' ? 'error' : 'default'}>
            {t(`labels.statuses.${l.status}`)}
          </Tag>
          {l.deliveredAt ? (
            <Typography.Text type="secondary">
              {t('labels.deliveredAt', { at: formatDateTime(l.deliveredAt) })}
            </Typography.Text>
          ) : null}
          {l.error ? <Typography.Text type="danger">{l.error}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('labels.actions'),
      render: (_, l) =>
        l.status === 'CREATED' ? (
          <Space wrap>
            {l.hasPdf ? (
              <PrintButton
                path={contractPath(labels.shippingLabelPdf, { id: l.id })}
                fileName={`${l.invoice.number}-label.pdf`}
                testId="label-print"
                label={t('labels.print')}
              />
            ) : null}
            {mayCancel ? (
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
                <Button danger aria-label={t('labels.cancel', { number: l.invoice.number })}>
                  {t('labels.cancelShort')}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        ) : null,
    },
  ];
  return (
    <div style={{ marginTop: token.marginLG }}>
      <Typography.Title level={2} style={{ fontSize: token.fontSizeHeading4 }}>
        {t('labels.title')}
      </Typography.Title>
      <Table<ShippingLabel>
        data-testid="carrier-labels"
        rowKey="id"
        size="small"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: list.error ? (errorText(list.error) ?? '') : t('labels.none') }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          onChange: (p, size) => setPage({ page: p, pageSize: size }),
        }}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
