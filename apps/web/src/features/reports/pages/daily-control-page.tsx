import { PrinterOutlined } from '@ant-design/icons';
import {
  DAILY_CONTROL_COUNTS,
  DAILY_CONTROL_DEFAULT_DAYS,
  DAILY_CONTROL_MAX_DAYS,
  type DailyControlCounts,
  type dailyControlApi,
  type EndpointQuery,
  PRINTOUT_LANGUAGES,
  SALES_CHANNELS,
  type SalesChannel,
} from '@backoffice/contracts';
import { Alert, Button, DatePicker, Select, Table, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dailyControlEndpoints as api } from '../../../shared/api/endpoints/daily-control.gen.ts';
import { downloadEndpoint, useEndpointQuery } from '../../../shared/api/hooks.ts';
import { notifyError } from '../../../shared/lib/notify.ts';
import { formatNumber, formatQuantity } from '../../../shared/lib/numbers.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { DatedLineChart } from '../../../shared/ui/charts/chart.tsx';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ReportPage, useReportFilters } from '../../../shared/ui/report-page.tsx';
import { type DailyControlLine, dailyControlLines } from '../components/daily-control-rows.ts';
import { addDays, daysBetween, IS_DAY, ukToday } from '../components/dates.ts';
import { OptionFilter } from '../components/option-filter.tsx';

type DailyControlFilter = EndpointQuery<(typeof dailyControlApi)['dailyControl']>;

/** The filters kept in the URL: the range (a view), the channel and the warehouse. */
const FILTERS = ['from', 'to', 'channel', 'warehouseId'] as const;
/** The counts that measure the dispatch promise: shown in the warning colour when not zero. */
const LATE: readonly (keyof DailyControlCounts)[] = ['shippedLate', 'overdue'];

/** The page's own texts (`reports:dailyControl.*`). */
type Text =
  | keyof DailyControlCounts
  | 'channel'
  | 'allChannels'
  | 'date'
  | 'dayTotal'
  | 'dispatchDays'
  | 'totals'
  | 'totalsHint'
  | 'rangeTotal'
  | 'chartTitle'
  | 'seriesShipped'
  | 'seriesPending'
  | 'print'
  | 'printFailed'
  | 'fileName'
  | 'printFileName'
  | 'warehouse'
  | 'allWarehouses';

const isChannel = (value: string | undefined): value is SalesChannel =>
  !!value && (SALES_CHANNELS as readonly string[]).includes(value);

/**
 * Daily Control and Ship List: per UK day and sales channel, the invoices received, booked, picked and shipped that
 * day and those pending at its end, with what ships late or is pending past the channel's dispatch promise; the
 * range's totals, shipped against pending charted per day, the days as a table (newest first) with each channel's and
 * the range's totals under it; the range and filters in the URL; .xlsx export and a printout.
 */
export function DailyControlPage() {
  const { t, i18n } = useTranslation(['reports', 'salesInvoices']);
  const { token } = theme.useToken();
  const errorText = useErrorText();
  const { state, update, filtered, clear } = useReportFilters(FILTERS, { view: ['from', 'to'] });
  const { from: fromParam, to: toParam, channel: channelParam, warehouseId } = state.filters;
  const today = ukToday();
  const to = toParam && IS_DAY.test(toParam) ? toParam : today;
  const from = fromParam && IS_DAY.test(fromParam) ? fromParam : addDays(to, -(DAILY_CONTROL_DEFAULT_DAYS - 1));
  const span = daysBetween(from, to) + 1;
  const rangeOk = span >= 1 && span <= DAILY_CONTROL_MAX_DAYS && to <= today;
  const channel = isChannel(channelParam) ? channelParam : undefined;
  const filter: DailyControlFilter = {
    from,
    to,
    ...(channel ? { channel } : {}),
    ...(warehouseId ? { warehouseId } : {}),
  };
  const report = useEndpointQuery(api.dailyControl, { query: filter }, { keepPreviousData: true, enabled: rangeOk });
  const data = rangeOk ? report.data : undefined;
  const [printing, setPrinting] = useState(false);

  const count = (value: number | undefined) =>
    value === undefined ? undefined : (
      <bdi style={{ fontVariantNumeric: 'tabular-nums' }}>{formatNumber(value, i18n.language)}</bdi>
    );
  const channelName = (code: SalesChannel | 'ALL') =>
    code === 'ALL' ? t('reports:dailyControl.dayTotal') : t(`salesInvoices:channels.${code}`);
  const dc = (key: Text): string => t(`reports:dailyControl.${key}`);

  const print = async () => {
    // The printout speaks the language chosen here, not the browser's.
    const lang = PRINTOUT_LANGUAGES.find((l) => l === (i18n.resolvedLanguage ?? i18n.language));
    setPrinting(true);
    try {
      await downloadEndpoint(
        api.printDailyControl,
        { query: { ...filter, ...(lang ? { lang } : {}) } },
        dc('printFileName'),
      );
    } catch (error) {
      const text = errorText(error);
      if (text) notifyError(dc('printFailed'), text);
    } finally {
      setPrinting(false);
    }
  };

  const lines = data ? dailyControlLines(data) : [];
  const columns: ColumnsType<DailyControlLine> = [
    {
      key: 'date',
      dataIndex: 'date',
      title: dc('date'),
      fixed: 'start',
      render: (value: string, line) =>
        line.isFirstOfDay ? <bdi style={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{value}</bdi> : null,
    },
    {
      key: 'channel',
      dataIndex: 'channel',
      title: dc('channel'),
      render: (value: SalesChannel | 'ALL') =>
        value === 'ALL' ? <strong>{channelName(value)}</strong> : <bdi>{channelName(value)}</bdi>,
    },
    ...DAILY_CONTROL_COUNTS.map((key) => ({
      key,
      dataIndex: key,
      title: dc(key),
      align: 'end' as const,
      render: (value: number, line: DailyControlLine) => {
        const figure = count(value);
        const strong = line.channel === 'ALL';
        const warn = LATE.includes(key) && value > 0;
        return (
          <span style={{ fontWeight: strong ? 600 : undefined, color: warn ? token.colorWarningText : undefined }}>
            {figure}
          </span>
        );
      },
    })),
  ];

  const summary = () =>
    data?.channels.length ? (
      <Table.Summary>
        {data.channels.map((c) => (
          <Table.Summary.Row key={c.channel} data-testid={`daily-control-channel-${c.channel}`}>
            <Table.Summary.Cell index={0}>{dc('rangeTotal')}</Table.Summary.Cell>
            <Table.Summary.Cell index={1}>
              <bdi>{channelName(c.channel)}</bdi>{' '}
              <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
                ({dc('dispatchDays')}: {count(c.dispatchDays)})
              </span>
            </Table.Summary.Cell>
            {DAILY_CONTROL_COUNTS.map((key, i) => (
              <Table.Summary.Cell key={key} index={i + 2} align="end">
                {count(c[key])}
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        ))}
        <Table.Summary.Row data-testid="daily-control-range-total">
          <Table.Summary.Cell index={0}>
            <strong>{dc('rangeTotal')}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1}>
            <strong>{dc('allChannels')}</strong>
          </Table.Summary.Cell>
          {DAILY_CONTROL_COUNTS.map((key, i) => (
            <Table.Summary.Cell key={key} index={i + 2} align="end">
              <strong>{count(data.totals[key])}</strong>
            </Table.Summary.Cell>
          ))}
        </Table.Summary.Row>
      </Table.Summary>
    ) : null;

  const chartLabel = dc('chartTitle');
  const shipped = (data?.days ?? []).map((d) => ({ date: d.date, value: String(d.shipped) }));
  const pending = (data?.days ?? []).map((d) => ({ date: d.date, value: String(d.pending) }));

  return (
    <ReportPage
      intro={t('reports:dailyControl.intro', { max: DAILY_CONTROL_MAX_DAYS })}
      introTestId="daily-control-intro"
      onExport={() => downloadEndpoint(api.exportDailyControl, { query: filter }, dc('fileName'))}
      actions={
        <Button
          icon={<PrinterOutlined />}
          loading={printing}
          disabled={!rangeOk}
          onClick={() => void print()}
          data-testid="daily-control-print"
        >
          {dc('print')}
        </Button>
      }
      filtered={filtered}
      onClear={clear}
      filters={
        <>
          <DatePicker.RangePicker
            data-testid="daily-control-range"
            aria-label={t('reports:filters.range')}
            format="YYYY-MM-DD"
            value={[dayjs(from, 'YYYY-MM-DD'), dayjs(to, 'YYYY-MM-DD')]}
            allowClear={false}
            placeholder={[t('reports:filters.from'), t('reports:filters.to')]}
            disabledDate={(d) => d.format('YYYY-MM-DD') > today}
            onChange={(_, [start, end]) => update({ from: start || undefined, to: end || undefined })}
          />
          <Select<SalesChannel>
            data-testid="daily-control-channel"
            aria-label={dc('channel')}
            placeholder={dc('allChannels')}
            allowClear
            value={channel}
            onChange={(value) => update({ channel: value || undefined })}
            options={SALES_CHANNELS.map((c) => ({ value: c, label: channelName(c) }))}
            style={{ minWidth: 180 }}
          />
          <OptionFilter
            kind="warehouses"
            testId="daily-control-warehouse"
            ariaLabel={dc('warehouse')}
            placeholder={dc('allWarehouses')}
            value={warehouseId}
            onChange={(id) => update({ warehouseId: id })}
          />
        </>
      }
      notice={
        rangeOk ? undefined : (
          <Alert
            type="warning"
            showIcon
            role="alert"
            data-testid="daily-control-range-too-long"
            title={t('reports:dailyControl.rangeTooLong', { max: DAILY_CONTROL_MAX_DAYS })}
          />
        )
      }
      totals={[
        {
          title: (
            <>
              {dc('totals')}{' '}
              <span style={{ fontWeight: 'normal', color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
                {dc('totalsHint')}
              </span>
            </>
          ),
          testId: 'daily-control-totals',
          items: DAILY_CONTROL_COUNTS.map((key) => ({ key, label: dc(key), value: count(data?.totals[key]) })),
        },
      ]}
      chart={{
        isWide: true,
        title: chartLabel,
        content: (
          <DatedLineChart
            testId="daily-control-chart"
            series={[
              { name: dc('seriesShipped'), points: shipped },
              { name: dc('seriesPending'), points: pending },
            ]}
            kind="quantity"
            label={`${chartLabel}: ${from} – ${to}`}
            format={(value) => formatQuantity(value, i18n.language)}
          />
        ),
      }}
    >
      <DataTable<DailyControlLine>
        testId="daily-control-table"
        rowKey="key"
        columns={columns}
        state={state}
        onChange={update}
        page={data ? { items: lines, total: lines.length } : undefined}
        isLoading={report.isFetching}
        error={rangeOk ? report.error : null}
        onRetry={() => void report.refetch()}
        filtered={filtered}
        summary={summary}
      />
    </ReportPage>
  );
}
