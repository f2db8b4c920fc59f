import {
  ANALYTICS_DIMENSIONS,
  ANALYTICS_PERIODS,
  type AnalyticsDimension,
  type AnalyticsFigures,
  type AnalyticsPeriod,
  type AnalyticsRow,
  type AnalyticsTable,
  SALES_CHANNELS,
} from '@backoffice/contracts';
import { Button, Card, DatePicker, Segmented, Select, Table, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BrandFilter } from '../../../lookups/brand-filter.tsx';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { sortOrderOf } from '../../../shared/lib/list-state.ts';
import { formatMoney, formatPercent, formatQuantity } from '../../../shared/lib/numbers.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { CategoryBarChart, DatedLineChart } from '../../../shared/ui/charts/chart.tsx';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { ReportPage, useReportFilters } from '../../../shared/ui/report-page.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { EmptyState, ErrorState } from '../../../shared/ui/states.tsx';
import {
  type AnalyticsFilter,
  exportAnalyticsBreakdown,
  exportAnalyticsSeries,
  exportAnalyticsTable,
  useAnalyticsBreakdown,
  useAnalyticsSummary,
} from '../analytics-api.ts';

/** The registered external BI reports, asked for only when the page has drawn (another part of this area). */
const ExternalReports = lazy(() => import('../external-reports.tsx').then((m) => ({ default: m.ExternalReports })));

/** The sales invoice list (the menu's Invoices), opened filtered from a channel or warehouse. */
const SALES_INVOICE_LIST_PATH = '/sales-invoice/sales-invoice';

const FILTERS = ['period', 'from', 'to', 'channel', 'brandId', 'warehouseId', 'dimension'] as const;
const IS_DAY = /^\d{4}-\d{2}-\d{2}$/;

const isPeriod = (v: string | undefined): v is AnalyticsPeriod => ANALYTICS_PERIODS.includes(v as AnalyticsPeriod);
const isDimension = (v: string | undefined): v is AnalyticsDimension =>
  ANALYTICS_DIMENSIONS.includes(v as AnalyticsDimension);

/** The sales invoice list's URL for a row's drill (shipped invoices of its channel or warehouse, its invoice days). */
function invoicesUrl(drill: AnalyticsRow['drill']['salesInvoices']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(drill)) if (v) params.set(k, v);
  return `${SALES_INVOICE_LIST_PATH}?${params.toString()}`;
}

/** A figure's change against the previous period, in per cent of the previous (none when that was zero). */
function change(current: string, previous: string): string | null {
  const [c, p] = [Number.parseFloat(current), Number.parseFloat(previous)];
  // For display only: the figures themselves stay exact decimal text.
  if (!Number.isFinite(c) || !Number.isFinite(p) || p === 0) return null;
  return (((c - p) / Math.abs(p)) * 100).toFixed(1);
}

/**
 * Analytics: sales net of VAT, cost of goods sold at FIFO, margin, returns rate and stock turn for a range (by day,
 * week or month) against the previous range of equal length, by channel, brand, warehouse and product; the filters
 * in the URL; charts of sales and margin over time and by channel (a bar narrows the page to its channel); the
 * breakdowns as sortable, paged tables with .xlsx export; ageing of the stock on hand; top and bottom products;
 * then the registered external BI reports.
 */
/** The cards whose table the summary answers, by test id, and the table each exports. */
const SUMMARY_TABLES: Record<string, AnalyticsTable> = {
  'analytics-channels': 'byChannel',
  'analytics-ageing': 'ageing',
  'analytics-top': 'topProducts',
  'analytics-bottom': 'bottomProducts',
};

export function AnalyticsPage() {
  const { t, i18n } = useTranslation('dashboards');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { has } = usePermissions();
  const lang = i18n.language;
  const { state, update, filtered, clear } = useReportFilters(FILTERS, { view: ['period', 'from', 'to', 'dimension'] });
  const f = state.filters;
  const period: AnalyticsPeriod = isPeriod(f.period) ? f.period : 'month';
  const dimension: AnalyticsDimension = isDimension(f.dimension) ? f.dimension : 'channel';
  const filter: AnalyticsFilter = {
    period,
    ...(f.from && IS_DAY.test(f.from) ? { from: f.from } : {}),
    ...(f.to && IS_DAY.test(f.to) ? { to: f.to } : {}),
    ...(f.channel && SALES_CHANNELS.includes(f.channel as never)
      ? { channel: f.channel as (typeof SALES_CHANNELS)[number] }
      : {}),
    ...(f.brandId ? { brandId: f.brandId } : {}),
    ...(f.warehouseId ? { warehouseId: f.warehouseId } : {}),
  };
  const summary = useAnalyticsSummary(filter);
  const breakdown = useAnalyticsBreakdown({
    ...filter,
    dimension,
    page: state.page,
    pageSize: state.pageSize,
    ...(state.sort ? { sort: state.sort } : {}),
  });
  const data = summary.data;
  const money = (v: string | null | undefined) => formatMoney(v, lang);
  const channelName = (code: string) => t(`home.channels.${code}`, { defaultValue: code });
  /** Narrows the page to a row (its channel, brand or warehouse); a product opens nothing further here. */
  const drillInto = (r: AnalyticsRow) => {
    const d = r.drill.filter;
    update({
      channel: d.channel,
      brandId: d.brandId,
      warehouseId: d.warehouseId,
      dimension: 'product',
      page: 1,
    });
  };

  const tile = (
    key: keyof AnalyticsFigures & ('salesNet' | 'cogs' | 'margin' | 'marginPercent' | 'returnsRate' | 'stockTurn'),
    kind: 'money' | 'percent' | 'rate',
  ) => {
    const value = data?.current[key] ?? undefined;
    const previous = data?.previous[key] ?? null;
    const show = (v: string | null) =>
      v === null ? t('analytics.none') : kind === 'money' ? money(v) : kind === 'percent' ? formatPercent(v, lang) : v;
    const delta = value && previous ? change(value, previous) : null;
    return {
      key,
      label: t(`analytics.figures.${key}`),
      value:
        data === undefined ? undefined : (
          <span>
            <bdi>{show(data.current[key])}</bdi>
            <Typography.Text
              type="secondary"
              style={{ display: 'block', fontSize: token.fontSizeSM, fontWeight: 400 }}
              data-testid={`figure-${key}-previous`}
            >
              {t('analytics.previous', { value: show(previous) })}
              {delta === null ? null : ` (${delta.startsWith('-') ? '' : '+'}${formatPercent(delta, lang, 1)})`}
            </Typography.Text>
          </span>
        ),
    };
  };

  const figureColumn = (
    key: 'salesNet' | 'cogs' | 'margin' | 'marginPercent' | 'unitsShipped' | 'unitsReturned' | 'returnsRate',
  ) => ({
    key,
    dataIndex: key,
    title: t(`analytics.fields.${key}`),
    align: 'end' as const,
    sorter: true,
    sortOrder: sortOrderOf(state.sort, key),
    render: (v: string | null) => (
      <bdi style={{ whiteSpace: 'nowrap' }}>
        {v === null
          ? t('analytics.none')
          : key === 'marginPercent' || key === 'returnsRate'
            ? formatPercent(v, lang)
            : key.startsWith('units')
              ? formatQuantity(v, lang)
              : money(v)}
      </bdi>
    ),
  });

  const columns: ColumnsType<AnalyticsRow> = [
    {
      key: 'code',
      dataIndex: 'code',
      title: t(`analytics.dimensions.${dimension}`),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'code'),
      render: (_: string, r) => (
        <span>
          <bdi>{r.dimension === 'channel' ? channelName(r.key) : r.code || t('analytics.noBrand')}</bdi>
          {r.dimension === 'product' || r.dimension === 'warehouse' ? (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              <bdi>{r.name}</bdi>
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    figureColumn('salesNet'),
    figureColumn('cogs'),
    figureColumn('margin'),
    figureColumn('marginPercent'),
    figureColumn('unitsShipped'),
    figureColumn('unitsReturned'),
    figureColumn('returnsRate'),
    {
      key: 'previousSalesNet',
      dataIndex: 'previousSalesNet',
      title: t('analytics.fields.previousSalesNet'),
      align: 'end',
      render: (v: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{money(v)}</bdi>,
    },
    {
      key: 'open',
      title: t('analytics.open'),
      render: (_: unknown, r) => (
        <span style={{ display: 'inline-flex', gap: token.marginXS, flexWrap: 'wrap' }}>
          {r.dimension === 'product' ? null : (
            <Button size="small" onClick={() => drillInto(r)} data-testid={`analytics-drill-${r.key || 'none'}`}>
              {t('analytics.byProduct')}
            </Button>
          )}
          {r.dimension === 'channel' || r.dimension === 'warehouse' ? (
            <Link to={invoicesUrl(r.drill.salesInvoices)}>{t('analytics.invoices')}</Link>
          ) : null}
        </span>
      ),
    },
  ];

  const productColumns: ColumnsType<AnalyticsRow> = [
    {
      key: 'code',
      title: t('analytics.dimensions.product'),
      render: (_: unknown, r) => (
        <span>
          <bdi>{r.code}</bdi>
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            <bdi>{r.name}</bdi>
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'salesNet',
      title: t('analytics.fields.salesNet'),
      align: 'end',
      render: (_: unknown, r) => money(r.salesNet),
    },
    { key: 'margin', title: t('analytics.fields.margin'), align: 'end', render: (_: unknown, r) => money(r.margin) },
    {
      key: 'marginPercent',
      title: t('analytics.fields.marginPercent'),
      align: 'end',
      render: (_: unknown, r) =>
        r.marginPercent === null ? t('analytics.none') : formatPercent(r.marginPercent, lang),
    },
  ];

  const hasSales = !!data && (data.current.unitsShipped !== '0' || data.current.unitsReturned !== '0');
  /** A card of the page; the summary's tables (SUMMARY_TABLES) carry their own .xlsx export. */
  const section = (title: string, testId: string, content: ReactNode) => {
    const table = SUMMARY_TABLES[testId];
    const extra =
      table && data ? (
        <ExportButton
          size="small"
          name={title}
          testId={`${testId}-export`}
          onExport={() => exportAnalyticsTable({ ...filter, table }, t('analytics.tableFileName', { table }))}
        />
      ) : null;
    return (
      <Card
        size="small"
        title={<h2 style={{ margin: 0, fontSize: token.fontSizeHeading5 }}>{title}</h2>}
        extra={extra}
        data-testid={testId}
        style={{ minWidth: 0 }}
      >
        {content}
      </Card>
    );
  };
  const summaryState = summary.error ? (
    <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
  ) : !data ? (
    <Spinner minHeight={200} />
  ) : null;

  return (
    <ReportPage
      intro={t('analytics.intro')}
      introTestId="analytics-intro"
      onExport={() => exportAnalyticsSeries(filter, t('analytics.seriesFileName'))}
      filtered={filtered}
      onClear={clear}
      filters={
        <>
          <Segmented<AnalyticsPeriod>
            aria-label={t('analytics.period')}
            data-testid="analytics-period"
            value={period}
            onChange={(value) => update({ period: value, from: undefined, to: undefined, page: 1 })}
            options={ANALYTICS_PERIODS.map((p) => ({ value: p, label: t(`analytics.periods.${p}`) }))}
          />
          <DatePicker.RangePicker
            data-testid="analytics-range"
            aria-label={t('analytics.range')}
            format="YYYY-MM-DD"
            value={data ? [dayjs(data.from, 'YYYY-MM-DD'), dayjs(data.to, 'YYYY-MM-DD')] : null}
            allowClear={false}
            onChange={(_, [start, end]) => update({ from: start || undefined, to: end || undefined, page: 1 })}
          />
          <Select
            aria-label={t('analytics.fields.channel')}
            data-testid="analytics-channel"
            value={filter.channel ?? ''}
            onChange={(value: string) => update({ channel: value || undefined, page: 1 })}
            options={[
              { value: '', label: t('analytics.allChannels') },
              ...SALES_CHANNELS.map((c) => ({ value: c, label: channelName(c) })),
            ]}
            style={{ minWidth: 150 }}
          />
          {has('view_brand') ? (
            <BrandFilter
              testId="analytics-brand"
              value={filter.brandId}
              onChange={(id) => update({ brandId: id, page: 1 })}
            />
          ) : null}
          {has('view_warehouse') ? (
            <WarehouseSelect
              testId="analytics-warehouse"
              aria-label={t('analytics.fields.warehouse')}
              placeholder={t('analytics.allWarehouses')}
              allowClear
              value={filter.warehouseId ?? null}
              onChange={(id) => update({ warehouseId: id ?? undefined, page: 1 })}
              style={{ minWidth: 180 }}
            />
          ) : null}
        </>
      }
      totalsTestId="analytics-figures"
      totals={[
        {
          title: data
            ? t('analytics.rangeTitle', {
                from: data.from,
                to: data.to,
                previousFrom: data.previousFrom,
                previousTo: data.previousTo,
              })
            : t('analytics.figuresTitle'),
          testId: 'analytics-kpis',
          items: [
            tile('salesNet', 'money'),
            tile('cogs', 'money'),
            tile('margin', 'money'),
            tile('marginPercent', 'percent'),
            tile('returnsRate', 'percent'),
            tile('stockTurn', 'rate'),
          ],
        },
      ]}
      chart={{
        isWide: true,
        title: t('analytics.salesAndMargin'),
        content:
          summaryState ??
          (hasSales && data ? (
            <DatedLineChart
              testId="analytics-series-chart"
              kind="money"
              series={[
                {
                  name: t('analytics.fields.salesNet'),
                  points: data.series.map((p) => ({ date: p.start, value: p.salesNet })),
                },
                {
                  name: t('analytics.fields.margin'),
                  points: data.series.map((p) => ({ date: p.start, value: p.margin })),
                },
              ]}
              label={t('analytics.salesAndMarginLabel', { from: data.from, to: data.to })}
              format={money}
            />
          ) : (
            <EmptyState filtered={filtered} />
          )),
      }}
    >
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 360px), 1fr))',
          gap: token.margin,
          marginBottom: token.margin,
        }}
      >
        {section(
          t('analytics.byChannel'),
          'analytics-channels',
          summaryState ??
            (data?.byChannel.length ? (
              <>
                <CategoryBarChart
                  testId="analytics-channel-chart"
                  bars={data.byChannel.map((r) => ({
                    key: r.key,
                    label: channelName(r.key),
                    value: r.salesNet,
                    note: `${t('analytics.fields.margin')}: ${money(r.margin)}`,
                  }))}
                  selected={filter.channel}
                  onSelect={(key) => {
                    const row = data.byChannel.find((r) => r.key === key);
                    if (row) drillInto(row);
                  }}
                  label={t('analytics.byChannelLabel', { from: data.from, to: data.to })}
                  format={money}
                />
                <Typography.Text type="secondary">{t('analytics.barHint')}</Typography.Text>
                {filter.channel ? (
                  <div>
                    <Button
                      type="link"
                      onClick={() => {
                        const row = data.byChannel.find((r) => r.key === filter.channel);
                        if (row) navigate(invoicesUrl(row.drill.salesInvoices));
                      }}
                    >
                      {t('analytics.openInvoices', { channel: channelName(filter.channel) })}
                    </Button>
                  </div>
                ) : null}
              </>
            ) : (
              <EmptyState filtered={filtered} />
            )),
        )}
        {section(
          t('analytics.ageing'),
          'analytics-ageing',
          summaryState ?? (
            <Table
              size="small"
              rowKey="bucket"
              pagination={false}
              dataSource={data?.ageing ?? []}
              columns={[
                {
                  key: 'bucket',
                  title: t('analytics.ageBucket'),
                  render: (_: unknown, r) => t(`analytics.ageBuckets.${r.bucket}`),
                },
                {
                  key: 'quantity',
                  title: t('analytics.fields.quantity'),
                  align: 'end',
                  render: (_: unknown, r) => formatQuantity(r.quantity, lang),
                },
                {
                  key: 'value',
                  title: t('analytics.fields.value'),
                  align: 'end',
                  render: (_: unknown, r) => money(r.value),
                },
              ]}
            />
          ),
        )}
        {section(
          t('analytics.topProducts'),
          'analytics-top',
          summaryState ?? (
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={data?.topProducts ?? []}
              columns={productColumns}
            />
          ),
        )}
        {section(
          t('analytics.bottomProducts'),
          'analytics-bottom',
          summaryState ?? (
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={data?.bottomProducts ?? []}
              columns={productColumns}
            />
          ),
        )}
      </div>
      {section(
        t('analytics.breakdown'),
        'analytics-breakdown',
        <DataTable<AnalyticsRow>
          testId="analytics-breakdown-table"
          rowKey={(r) => `${r.dimension}:${r.key}`}
          columns={columns}
          state={state}
          onChange={update}
          page={breakdown.data}
          isLoading={breakdown.isFetching}
          error={breakdown.error}
          onRetry={() => void breakdown.refetch()}
          filtered={filtered}
          columnChooser={{ id: 'analytics-breakdown', defaultHidden: ['previousSalesNet', 'unitsReturned'] }}
          toolbar={
            <>
              <Segmented<AnalyticsDimension>
                aria-label={t('analytics.breakdownBy')}
                data-testid="analytics-dimension"
                value={dimension}
                onChange={(value) => update({ dimension: value, page: 1, sort: undefined })}
                options={ANALYTICS_DIMENSIONS.map((d) => ({ value: d, label: t(`analytics.dimensions.${d}`) }))}
              />
              <ExportButton
                onExport={() =>
                  exportAnalyticsBreakdown(
                    { ...filter, dimension, ...(state.sort ? { sort: state.sort } : {}) },
                    t('analytics.breakdownFileName', { dimension }),
                  )
                }
              />
            </>
          }
        />,
      )}
      <section
        aria-label={t('analytics.externalReports')}
        data-testid="analytics-external-reports"
        style={{ marginTop: token.margin }}
      >
        <Suspense fallback={<Spinner minHeight={120} />}>
          <ExternalReports />
        </Suspense>
      </section>
    </ReportPage>
  );
}
