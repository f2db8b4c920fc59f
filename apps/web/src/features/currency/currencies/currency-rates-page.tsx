import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CURRENCY_CODES, type CurrencyCode, type ExchangeRateRecord } from '@backoffice/contracts';
import { Alert, Button, DatePicker, Popconfirm, Tooltip, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { formatRate } from '../../../shared/lib/numbers.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { DatedLineChart } from '../../../shared/ui/charts/chart.tsx';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { NotFoundPage } from '../../../shared/ui/not-available.tsx';
import { PageHeader, useRecordTitle } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { exportRates, type RateFilter, useCurrency, useDeleteRate, useRateSeries, useRates } from './api.ts';
import { CurrentRate } from './current-rate.tsx';
import { DATE_FORMAT, RateFormDrawer } from './rate-form-drawer.tsx';

const FILTERS = ['from', 'to'] as const;
const IS_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCurrencyCode(value: string | undefined): value is CurrencyCode {
  return (CURRENCY_CODES as readonly string[]).includes(value ?? '');
}

/** A currency's page: its current rate, the rate history as a chart and as a list, and the rates' editing. */
export function CurrencyRatesPage() {
  const { code } = useParams();
  if (!isCurrencyCode(code)) return <NotFoundPage />;
  return <CurrencyRates code={code} />;
}

function CurrencyRates({ code }: { code: CurrencyCode }) {
  const { t, i18n } = useTranslation('currencies');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const { direction } = useDirection();
  const errorText = useErrorText();
  const currency = useCurrency(code);
  useRecordTitle(code);
  const [state, update] = useListState(FILTERS);
  const from = state.filters.from && IS_DATE.test(state.filters.from) ? state.filters.from : undefined;
  const to = state.filters.to && IS_DATE.test(state.filters.to) ? state.filters.to : undefined;
  const period = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const filter: RateFilter = {
    ...period,
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
  };
  const isBase = currency.data?.isBase ?? code === 'GBP';
  const rates = useRates(code, { page: state.page, pageSize: state.pageSize, ...filter }, !isBase);
  const series = useRateSeries(code, period, !isBase);
  const remove = useDeleteRate();
  const [editing, setEditing] = useState<ExchangeRateRecord | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const canEdit = has('edit_currency') && !isBase;

  const openEditor = (rate: ExchangeRateRecord | null) => {
    setEditing(rate);
    setDrawerOpen(true);
  };
  const handleDelete = async (rate: ExchangeRateRecord) => {
    try {
      await remove.mutateAsync({ code, id: rate.id });
      notifySuccess(tc('form.deleted'));
    } catch (error) {
      const text = errorText(error);
      if (text) notifyError(t('rates.deleteFailed'), text);
    }
  };

  const columns: ColumnsType<ExchangeRateRecord> = [
    {
      key: 'effectiveDate',
      dataIndex: 'effectiveDate',
      title: t('fields.effectiveDate'),
      sorter: true,
      // Latest first unless the URL asks otherwise.
      sortOrder: sortOrderOf(state.sort ?? '-effectiveDate', 'effectiveDate'),
      sortDirections: ['descend', 'ascend', 'descend'],
    },
    {
      key: 'rate',
      dataIndex: 'rate',
      title: <bdi>{t('rates.rateColumn', { code })}</bdi>,
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'rate'),
      align: 'end',
      render: (value: string) => (
        <bdi style={{ fontVariantNumeric: 'tabular-nums' }}>{formatRate(value, i18n.language)}</bdi>
      ),
    },
    { key: 'source', dataIndex: 'source', title: t('fields.source') },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('fields.updatedAt'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'updatedAt'),
      render: (value: string) => <bdi>{formatDateTime(value)}</bdi>,
    },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      title: tc('table.actions'),
      fixed: 'end',
      render: (_, rate) => (
        <span style={{ display: 'inline-flex', gap: token.marginXXS }}>
          <Tooltip title={tc('actions.edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`${tc('actions.edit')}: ${rate.effectiveDate}`}
              onClick={() => openEditor(rate)}
            />
          </Tooltip>
          <Popconfirm
            title={t('rates.deleteConfirm', { code, date: rate.effectiveDate })}
            okText={tc('actions.delete')}
            cancelText={tc('actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => handleDelete(rate)}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${tc('actions.delete')}: ${rate.effectiveDate}`}
            />
          </Popconfirm>
        </span>
      ),
    });

  const filtered = !!(state.q || from || to);
  const range: [dayjs.Dayjs, dayjs.Dayjs] | null =
    from && to ? [dayjs(from, DATE_FORMAT), dayjs(to, DATE_FORMAT)] : null;
  const points = (series.data?.points ?? []).map((p) => ({ date: p.effectiveDate, value: p.rate }));

  return (
    <>
      <PageHeader
        extra={
          isBase ? undefined : (
            <>
              <ExportButton onExport={() => exportRates(code, filter, t('rates.fileName', { code }))} />
              {canEdit ? (
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  data-testid="create-rate"
                  onClick={() => openEditor(null)}
                >
                  {t('rates.create')}
                </Button>
              ) : null}
            </>
          )
        }
      >
        <Link to="/currency/currencies" style={{ display: 'inline-flex', gap: token.marginXXS }}>
          {direction === 'rtl' ? <ArrowRightOutlined /> : <ArrowLeftOutlined />}
          {t('rates.back')}
        </Link>
      </PageHeader>
      {currency.error ? <ErrorState error={currency.error} onRetry={() => void currency.refetch()} /> : null}
      {currency.data ? (
        <Panel style={{ marginBottom: token.margin }}>
          <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: token.marginSM }}>
            <Typography.Title
              level={2}
              style={{ margin: 0, fontSize: token.fontSizeHeading4 }}
              data-testid="currency-title"
            >
              <bdi>
                {currency.data.code} · {currency.data.name} ({currency.data.symbol})
              </bdi>
            </Typography.Title>
            <CurrentRate currency={currency.data} />
          </div>
          {isBase ? (
            <Alert type="info" showIcon style={{ marginTop: token.marginSM }} title={t('rates.baseInfo', { code })} />
          ) : !currency.data.currentRate ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: token.marginSM }}
              title={t('rates.noRateWarning', { code })}
            />
          ) : null}
        </Panel>
      ) : null}
      {isBase ? null : (
        <>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.margin }}>
            <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('rates.search')} />
            <DatePicker.RangePicker
              aria-label={t('rates.period')}
              format={DATE_FORMAT}
              value={range}
              placeholder={[t('rates.from'), t('rates.to')]}
              onChange={(_, [start, end]) => update({ from: start || undefined, to: end || undefined })}
            />
            {filtered ? (
              <Button onClick={() => update({ q: '', from: undefined, to: undefined })}>
                {tc('actions.clearFilters')}
              </Button>
            ) : null}
          </div>
          <Panel title={t('rates.history')} style={{ marginBottom: token.margin }}>
            {series.error ? (
              <ErrorState error={series.error} onRetry={() => void series.refetch()} />
            ) : points.length === 0 ? (
              <Typography.Text type="secondary">
                {series.isPending ? tc('states.loading') : t('rates.noHistory')}
              </Typography.Text>
            ) : (
              <>
                <DatedLineChart
                  series={[{ points }]}
                  label={t('rates.chartLabel', { code, count: points.length })}
                  format={(value) => t('currencies.rateValue', { code, rate: formatRate(value, i18n.language) })}
                  testId="rate-chart"
                />
                {series.data?.truncated ? (
                  <Typography.Text type="secondary">{t('rates.truncated', { count: points.length })}</Typography.Text>
                ) : null}
              </>
            )}
          </Panel>
          <DataTable<ExchangeRateRecord>
            testId="rates-table"
            rowKey="id"
            columns={columns}
            state={state}
            onChange={(patch) =>
              // Latest first is the default order, so it is not written in the URL.
              update('sort' in patch && patch.sort === '-effectiveDate' ? { ...patch, sort: undefined } : patch)
            }
            page={rates.data}
            isLoading={rates.isFetching}
            error={rates.error}
            onRetry={() => void rates.refetch()}
            filtered={filtered}
          />
          <RateFormDrawer code={code} open={drawerOpen} rate={editing} onClose={() => setDrawerOpen(false)} />
        </>
      )}
    </>
  );
}
