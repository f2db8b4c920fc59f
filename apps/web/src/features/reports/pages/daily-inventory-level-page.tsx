import { DAILY_LEVEL_MAX_DAYS, type DailyLevelRow } from '@backoffice/contracts';
import { Alert, DatePicker, Segmented } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { sortOrderOf } from '../../../shared/lib/list-state.ts';
import { formatMoney as formatMoneyWithSign } from '../../../shared/lib/numbers.ts';
import { DatedLineChart } from '../../../shared/ui/charts/chart.tsx';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ReportPage, useReportFilters } from '../../../shared/ui/report-page.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { Figure, formatQuantity, TestId } from '../../inventory/index.ts';
import { type DailyLevelFilter, exportDailyLevel, useDailyLevel } from '../api.ts';
import { addDays, daysBetween, IS_DAY, ukToday } from '../components/dates.ts';
import { OptionFilter } from '../components/option-filter.tsx';
import { DAILY_FILTERS } from '../urls.ts';

/** Days shown when the URL names none: the last 30, today included. */
const DEFAULT_DAYS = 30;

/**
 * Daily inventory level: the quantity (or value) at the end of each day of a range, for a product or for
 * the filter (warehouse, brand, text), charted, with the opening and closing balances and what came in
 * and went out; the days as a server-paged table; the range and filters in the URL; export.
 */
export function DailyInventoryLevelPage() {
  const { t, i18n } = useTranslation('reports');
  const { state, update, filtered, clear } = useReportFilters(DAILY_FILTERS, { view: ['from', 'to', 'show'] });
  const { from: fromParam, to: toParam, productId, warehouseId, brandId, show } = state.filters;
  const today = ukToday();
  const to = toParam && IS_DAY.test(toParam) ? toParam : today;
  const from = fromParam && IS_DAY.test(fromParam) ? fromParam : addDays(to, -(DEFAULT_DAYS - 1));
  const span = daysBetween(from, to) + 1;
  const rangeOk = span >= 1 && span <= DAILY_LEVEL_MAX_DAYS;
  const showValue = show === 'value';
  const filter: DailyLevelFilter = {
    from,
    to,
    ...(state.q ? { q: state.q } : {}),
    ...(productId ? { productId } : {}),
    ...(warehouseId ? { warehouseId } : {}),
    ...(brandId ? { brandId } : {}),
  };
  // The table opens on the latest day; the reader may turn it round (the chart keeps date order).
  const sort = state.sort === 'date' ? 'date' : '-date';
  const report = useDailyLevel({ page: state.page, pageSize: state.pageSize, sort, ...filter }, rangeOk);
  const data = rangeOk ? report.data : undefined;
  const points = (data?.series ?? []).map((p) => ({ date: p.date, value: showValue ? p.value : p.quantity }));
  const chartLabel = showValue ? t('daily.chartValue') : t('daily.chartQuantity');

  const columns: ColumnsType<DailyLevelRow> = [
    {
      key: 'date',
      dataIndex: 'date',
      title: t('fields.date'),
      fixed: 'start',
      sorter: true,
      sortOrder: sortOrderOf(sort, 'date'),
      // Two ways round and no third: without a sort the table is newest first anyway.
      sortDirections: ['ascend', 'descend', 'ascend'],
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{value}</bdi>,
    },
    ...(['onHand', 'inTransit', 'value'] as const).map((key) => ({
      key,
      dataIndex: key,
      title: t(`fields.${key}`),
      align: 'end' as const,
      render: (value: string) => <Figure value={value} kind={key === 'value' ? 'money' : 'quantity'} />,
    })),
    {
      key: 'received',
      dataIndex: 'received',
      title: t('fields.received'),
      align: 'end',
      render: (value: string) => <Figure value={value} />,
    },
    {
      key: 'issued',
      dataIndex: 'issued',
      title: t('fields.issued'),
      align: 'end',
      render: (value: string) => <Figure value={value} />,
    },
  ];

  const quantity = (value: string | undefined) => (value === undefined ? undefined : <Figure value={value} />);

  return (
    <ReportPage
      intro={t('daily.intro')}
      onExport={() => exportDailyLevel(filter, t('daily.fileName'))}
      filtered={filtered}
      onClear={clear}
      filters={
        <>
          <DatePicker.RangePicker
            data-testid="daily-range"
            aria-label={t('filters.range')}
            format="YYYY-MM-DD"
            value={[dayjs(from, 'YYYY-MM-DD'), dayjs(to, 'YYYY-MM-DD')]}
            allowClear={false}
            placeholder={[t('filters.from'), t('filters.to')]}
            disabledDate={(d) => d.format('YYYY-MM-DD') > today}
            onChange={(_, [start, end]) => update({ from: start || undefined, to: end || undefined })}
          />
          <OptionFilter
            kind="products"
            testId="daily-filter-product"
            ariaLabel={t('fields.product')}
            placeholder={t('filters.anyProduct')}
            value={productId}
            onChange={(id) => update({ productId: id })}
            minWidth={240}
          />
          <OptionFilter
            kind="warehouses"
            testId="daily-filter-warehouse"
            ariaLabel={t('fields.warehouse')}
            placeholder={t('filters.allWarehouses')}
            value={warehouseId}
            onChange={(id) => update({ warehouseId: id })}
          />
          <OptionFilter
            kind="brands"
            testId="daily-filter-brand"
            ariaLabel={t('fields.brand')}
            placeholder={t('filters.anyBrand')}
            value={brandId}
            onChange={(id) => update({ brandId: id })}
          />
          <TestId id="daily-filter-q">
            <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('filters.search')} />
          </TestId>
        </>
      }
      notice={
        rangeOk ? undefined : (
          <Alert
            type="warning"
            showIcon
            role="alert"
            data-testid="daily-range-too-long"
            title={t('daily.rangeTooLong', { max: DAILY_LEVEL_MAX_DAYS })}
          />
        )
      }
      totals={[
        {
          title: t('common.totals'),
          testId: 'daily-totals',
          items: [
            { key: 'opening', label: t('daily.opening'), value: quantity(data?.totals.openingQuantity) },
            { key: 'received', label: t('daily.received'), value: quantity(data?.totals.received) },
            { key: 'issued', label: t('daily.issued'), value: quantity(data?.totals.issued) },
            { key: 'closing', label: t('daily.closing'), value: quantity(data?.totals.closingQuantity) },
            {
              key: 'closingValue',
              label: t('daily.closingValue'),
              value: data ? <Figure value={data.totals.closingValue} kind="money" /> : undefined,
            },
          ],
        },
      ]}
      chart={{
        isWide: true,
        title: chartLabel,
        extra: (
          <Segmented<'quantity' | 'value'>
            size="small"
            aria-label={t('daily.show')}
            data-testid="daily-show"
            value={showValue ? 'value' : 'quantity'}
            onChange={(value) => update({ show: value === 'value' ? 'value' : undefined, page: state.page })}
            options={[
              { value: 'quantity', label: t('daily.showQuantity') },
              { value: 'value', label: t('daily.showValue') },
            ]}
          />
        ),
        content: (
          <DatedLineChart
            testId="daily-chart"
            series={[{ points }]}
            kind={showValue ? 'money' : 'quantity'}
            label={`${chartLabel}: ${from} – ${to}`}
            format={(value) =>
              showValue ? formatMoneyWithSign(value, i18n.language) : formatQuantity(value, i18n.language)
            }
          />
        ),
      }}
    >
      <DataTable<DailyLevelRow>
        testId="daily-table"
        rowKey="date"
        columns={columns}
        state={state}
        onChange={update}
        page={data}
        isLoading={report.isFetching}
        error={rangeOk ? report.error : null}
        onRetry={() => void report.refetch()}
        filtered={filtered}
      />
    </ReportPage>
  );
}
