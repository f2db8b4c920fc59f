import {
  PICK_LIST_LINE_KINDS,
  type PickListCandidate,
  type PickListLineKind,
  SALES_CHANNELS,
  type SalesChannel,
} from '@backoffice/contracts';
import { Alert, Button, DatePicker, Select, Table, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { useCarrierServices } from '../../../shared/api/carrier-services.ts';
import { formatNumber, formatQuantity } from '../../../shared/lib/numbers.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { useCreatePickList, usePickListCandidates } from '../api.ts';
import { type BackState, PICK_LIST_PATH, pickListUrl, rememberedWarehouse, rememberWarehouse } from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';
const PAGE_SIZE = 50;

/**
 * New pick list: the warehouse (required), filters (channel, carrier, invoice dates, single- or multi-line), the BOOKED
 * invoices they find with checkboxes; creating batches the ticked ones, or every one found when none is ticked.
 */
export function PickListCreatePage() {
  const { t, i18n } = useTranslation('pickLists');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const errorText = useErrorText();
  const backTo = (location.state as BackState | null)?.backTo ?? PICK_LIST_PATH;
  const [warehouseId, setWarehouseId] = useState<string | null>(rememberedWarehouse());
  const [channel, setChannel] = useState<SalesChannel | ''>('');
  const [carrierId, setCarrierId] = useState<string>('');
  const [lines, setLines] = useState<PickListLineKind | ''>('');
  const [range, setRange] = useState<[dayjs.Dayjs | null, dayjs.Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const { carriers } = useCarrierServices();
  const filter = {
    ...(channel ? { channel } : {}),
    ...(carrierId ? { carrierId } : {}),
    ...(range?.[0] ? { from: range[0].format(DATE_FORMAT) } : {}),
    ...(range?.[1] ? { to: range[1].format(DATE_FORMAT) } : {}),
    ...(lines ? { lines } : {}),
  };
  const candidates = usePickListCandidates(warehouseId ? { warehouseId, page, pageSize: PAGE_SIZE, ...filter } : null);
  const create = useCreatePickList();
  const submission = useSubmissionKey();
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
      setSelected([]);
      setFailure(null);
    };

  const submit = async () => {
    if (!warehouseId) return;
    setFailure(null);
    const body = { warehouseId, invoiceIds: selected, filter };
    try {
      const made = await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      navigate(pickListUrl(made.id), { state: { backTo } });
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  const columns: ColumnsType<PickListCandidate> = [
    { key: 'number', dataIndex: 'number', title: t('fields.invoice'), render: (v: string) => <bdi>{v}</bdi> },
    {
      key: 'invoiceDate',
      dataIndex: 'invoiceDate',
      title: t('fields.invoiceDate'),
      render: (v: string) => <bdi>{v}</bdi>,
    },
    {
      key: 'channel',
      dataIndex: 'channel',
      title: t('fields.channel'),
      render: (v: SalesChannel) => t(`channels.${v}`),
    },
    { key: 'customer', dataIndex: 'customerName', title: t('fields.customer'), render: (v: string) => <bdi>{v}</bdi> },
    {
      key: 'carrier',
      title: t('fields.carrier'),
      render: (_, row) => (row.carrierName ? <bdi>{`${row.carrierName} · ${row.carrierServiceName ?? ''}`}</bdi> : '—'),
    },
    {
      key: 'lines',
      dataIndex: 'lineCount',
      title: t('fields.lines'),
      align: 'end',
      render: (n: number) => formatNumber(n, i18n.language),
    },
    {
      key: 'quantity',
      dataIndex: 'totalQuantity',
      title: t('fields.quantity'),
      align: 'end',
      render: (v: string) => <bdi>{formatQuantity(v, i18n.language)}</bdi>,
    },
  ];
  const total = candidates.data?.total ?? 0;

  return (
    <>
      <PageHeader>
        <Link to={backTo} data-testid="pl-back">
          {t('detail.back')}
        </Link>
      </PageHeader>
      <Typography.Paragraph type="secondary">{t('create.intro')}</Typography.Paragraph>
      <Panel title={t('create.filters')} style={{ marginBottom: token.margin }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, alignItems: 'flex-end' }}>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            <span aria-hidden>{t('fields.warehouse')} *</span>
            <WarehouseSelect
              testId="pl-new-warehouse"
              aria-label={t('fields.warehouse')}
              placeholder={t('create.chooseWarehouse')}
              value={warehouseId}
              activeOnly
              onChange={changed((id: string | null) => {
                setWarehouseId(id);
                rememberWarehouse(id);
              })}
              style={{ width: 240 }}
            />
          </div>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            <span aria-hidden>{t('fields.channel')}</span>
            <Select
              data-testid="pl-new-channel"
              aria-label={t('fields.channel')}
              value={channel}
              onChange={changed(setChannel)}
              options={[
                { value: '', label: t('create.anyChannel') },
                ...SALES_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) })),
              ]}
              style={{ minWidth: 150 }}
              popupMatchSelectWidth={false}
            />
          </div>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            <span aria-hidden>{t('fields.carrier')}</span>
            <Select
              data-testid="pl-new-carrier"
              aria-label={t('fields.carrier')}
              value={carrierId}
              onChange={changed(setCarrierId)}
              options={[
                { value: '', label: t('create.anyCarrier') },
                ...carriers.map((c) => ({ value: c.id, label: c.name })),
              ]}
              style={{ minWidth: 170 }}
              popupMatchSelectWidth={false}
            />
          </div>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            <span aria-hidden>{t('fields.invoiceDate')}</span>
            <DatePicker.RangePicker
              data-testid="pl-new-period"
              aria-label={t('fields.invoiceDate')}
              format={DATE_FORMAT}
              value={range}
              allowEmpty={[true, true]}
              placeholder={[t('create.from'), t('create.to')]}
              onChange={changed((v: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null) => setRange(v))}
            />
          </div>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            <span aria-hidden>{t('fields.lines')}</span>
            <Select
              data-testid="pl-new-lines"
              aria-label={t('fields.lines')}
              value={lines}
              onChange={changed(setLines)}
              options={[
                { value: '', label: t('create.anyLines') },
                ...PICK_LIST_LINE_KINDS.map((k) => ({ value: k, label: t(`create.lineKinds.${k}`) })),
              ]}
              style={{ minWidth: 170 }}
              popupMatchSelectWidth={false}
            />
          </div>
        </div>
      </Panel>
      <Panel
        title={t('create.candidates')}
        extra={
          warehouseId ? (
            <span data-testid="pl-new-count">
              {t('create.found', { count: total, n: formatNumber(total, i18n.language) })}
            </span>
          ) : null
        }
        style={{ marginBottom: token.margin }}
      >
        {!warehouseId ? (
          <Alert type="info" showIcon title={t('create.warehouseFirst')} data-testid="pl-new-warehouse-first" />
        ) : candidates.error && !candidates.data ? (
          <ErrorState error={candidates.error} onRetry={() => void candidates.refetch()} />
        ) : (
          <Table<PickListCandidate>
            data-testid="pl-candidates"
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={candidates.data?.items ?? []}
            loading={candidates.isFetching}
            locale={{ emptyText: t('create.none') }}
            rowSelection={{
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              onChange: (keys) => setSelected(keys.map(String)),
              getCheckboxProps: (row) => ({ 'aria-label': t('create.choose', { number: row.number }) }),
              columnTitle: undefined,
            }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total,
              showSizeChanger: false,
              onChange: setPage,
            }}
          />
        )}
      </Panel>
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={failure}
          style={{ marginBottom: token.margin }}
          data-testid="pl-new-error"
        />
      ) : null}
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: token.marginXS }}>
        <Button onClick={() => navigate(backTo)} data-testid="pl-new-cancel">
          {t('create.cancel')}
        </Button>
        <Button
          type="primary"
          disabled={!warehouseId || total === 0}
          loading={create.isPending}
          onClick={() => void submit()}
          data-testid="pl-new-submit"
        >
          {selected.length
            ? t('create.submitSelected', { count: selected.length, n: formatNumber(selected.length, i18n.language) })
            : t('create.submitAll', { count: total, n: formatNumber(Math.min(total, 500), i18n.language) })}
        </Button>
      </div>
    </>
  );
}
