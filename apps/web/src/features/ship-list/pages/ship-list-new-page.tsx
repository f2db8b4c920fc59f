import { SALES_CHANNELS, type SalesChannel, type ShipListInvoiceHead } from '@backoffice/contracts';
import { Alert, Button, DatePicker, Select, Space, Table, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { formatQuantity } from '../../../shared/lib/numbers.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { uuid } from '../../../shared/lib/uuid.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { useCarrierServices, useCreateShipList, useShipListCandidates } from '../api.ts';
import { SHIP_LIST_PATH, shipListUrl } from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * A new ship list: the packed invoices (ready for delivery) of one warehouse that are on no open list, filtered by
 * channel, carrier and invoice date; the ones ticked make the list.
 */
export function ShipListNewPage() {
  const { t, i18n } = useTranslation('shipLists');
  const { t: ts } = useTranslation('salesInvoices');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [channel, setChannel] = useState<SalesChannel | ''>('');
  const [carrierId, setCarrierId] = useState('');
  const [range, setRange] = useState<[string, string]>(['', '']);
  const [page, setPage] = useState({ page: 1, pageSize: 50 });
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(uuid);
  const services = useCarrierServices();
  const carriers = useMemo(() => {
    const seen = new Map<string, string>();
    for (const s of services.data?.items ?? []) seen.set(s.carrier.id, s.carrier.name);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [services.data]);
  const candidates = useShipListCandidates(
    warehouseId
      ? {
          warehouseId,
          ...page,
          ...(channel ? { channel } : {}),
          ...(carrierId ? { carrierId } : {}),
          ...(range[0] ? { from: range[0] } : {}),
          ...(range[1] ? { to: range[1] } : {}),
        }
      : null,
  );
  const create = useCreateShipList();

  const columns: ColumnsType<ShipListInvoiceHead> = [
    { key: 'number', dataIndex: 'number', title: t('fields.invoice'), render: (v: string) => <bdi>{v}</bdi> },
    {
      key: 'invoiceDate',
      dataIndex: 'invoiceDate',
      title: t('fields.invoiceDate'),
      render: (v: string) => <bdi>{v}</bdi>,
    },
    {
      key: 'channel',
      title: t('fields.channel'),
      render: (_, r) => (
        <>
          {ts(`channels.${r.channel}`)}
          {r.externalOrderId ? (
            <>
              {' '}
              <bdi>{r.externalOrderId}</bdi>
            </>
          ) : null}
        </>
      ),
    },
    {
      key: 'customer',
      title: t('fields.deliverTo'),
      render: (_, r) => (
        <bdi>
          {r.deliveryName ?? r.customerName}
          {r.deliveryPostcode ? `, ${r.deliveryPostcode}` : ''}
        </bdi>
      ),
    },
    {
      key: 'service',
      title: t('fields.service'),
      render: (_, r) =>
        r.carrierService ? <bdi>{`${r.carrierService.carrier.name}: ${r.carrierService.name}`}</bdi> : '—',
    },
    {
      key: 'quantity',
      title: t('fields.units'),
      align: 'end',
      render: (_, r) => formatQuantity(r.totalQuantity, i18n.language),
    },
  ];

  const submit = async () => {
    if (!warehouseId || !selected.length) return;
    setError(null);
    try {
      const list = await create.mutateAsync({ body: { warehouseId, invoiceIds: selected }, idempotencyKey: key });
      navigate(shipListUrl(list.id), { replace: true });
    } catch (e) {
      setError(errorText(e) ?? t('new.failed'));
    }
  };

  return (
    <Space direction="vertical" size={token.margin} style={{ width: '100%' }}>
      <PageHeader />
      <Link to={SHIP_LIST_PATH} data-testid="sl-back">
        {t('detail.back')}
      </Link>
      <Typography.Paragraph>{t('new.intro')}</Typography.Paragraph>
      <Panel title={t('new.choose')}>
        <Space wrap>
          <WarehouseSelect
            testId="sl-new-warehouse"
            aria-label={t('fields.warehouse')}
            placeholder={t('new.warehouse')}
            value={warehouseId}
            onChange={(id) => {
              setWarehouseId(id ?? null);
              setSelected([]);
            }}
            style={{ width: 240 }}
          />
          <Select
            aria-label={t('fields.channel')}
            data-testid="sl-new-channel"
            value={channel}
            onChange={(v: SalesChannel | '') => setChannel(v)}
            options={[
              { value: '', label: t('new.anyChannel') },
              ...SALES_CHANNELS.map((c) => ({ value: c, label: ts(`channels.${c}`) })),
            ]}
            style={{ minWidth: 150 }}
            popupMatchSelectWidth={false}
          />
          <Select
            aria-label={t('fields.carrier')}
            value={carrierId}
            onChange={(v: string) => setCarrierId(v)}
            options={[{ value: '', label: t('new.anyCarrier') }, ...carriers]}
            style={{ minWidth: 170 }}
            popupMatchSelectWidth={false}
          />
          <DatePicker.RangePicker
            aria-label={t('fields.invoiceDate')}
            format={DATE_FORMAT}
            allowEmpty={[true, true]}
            placeholder={[t('list.from'), t('list.to')]}
            onChange={(_, [start, end]) => setRange([start ?? '', end ?? ''])}
          />
        </Space>
      </Panel>
      {error ? <Alert type="error" showIcon title={error} data-testid="sl-new-error" /> : null}
      {candidates.isError ? (
        <Alert type="error" showIcon title={errorText(candidates.error) ?? t('new.failed')} />
      ) : null}
      <Table<ShipListInvoiceHead>
        data-testid="sl-candidates"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={candidates.data?.items ?? []}
        loading={!!warehouseId && candidates.isFetching}
        locale={{ emptyText: warehouseId ? t('new.none') : t('new.pickWarehouse') }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (r) => ({ 'aria-label': t('new.select', { number: r.number }) }),
        }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: candidates.data?.total ?? 0,
          onChange: (p, size) => setPage({ page: p, pageSize: size }),
        }}
      />
      <Button
        type="primary"
        data-testid="sl-new-create"
        disabled={!selected.length}
        loading={create.isPending}
        onClick={() => void submit()}
      >
        {t('new.create', { count: selected.length })}
      </Button>
    </Space>
  );
}
