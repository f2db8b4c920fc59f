import type { StockAndValueRow } from '@backoffice/contracts';
import { DatePicker, Segmented, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { sortOrderOf } from '../../../shared/lib/list-state.ts';
import { formatMoney as formatMoneyWithSign } from '../../../shared/lib/numbers.ts';
import { CategoryBarChart } from '../../../shared/ui/charts/chart.tsx';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ReportPage, useReportFilters } from '../../../shared/ui/report-page.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { Figure, formatQuantity, ProductLink, TestId } from '../../inventory/index.ts';
import { exportStockAndValue, type StockAndValueFilter, useStockAndValue } from '../api.ts';
import { IS_DAY, ukToday } from '../components/dates.ts';
import { OptionFilter } from '../components/option-filter.tsx';
import { STOCK_VALUE_FILTERS } from '../urls.ts';

type Grouping = 'none' | 'warehouse' | 'brand';
const rowKey = (row: StockAndValueRow) => `${row.productId}:${row.warehouse.id}`;

/**
 * Stock and value as at the end of a day: quantity on hand, in transit and FIFO value per product and
 * warehouse, filtered by warehouse, brand and text, grouped by warehouse or brand with each group's
 * totals and a chart of value by group (choosing a bar filters by it); totals of the whole filter; the
 * filter in the URL; export of the filter.
 */
export function StockAndValuePage() {
  const { t, i18n } = useTranslation('reports');
  const { token } = theme.useToken();
  const { state, update, filtered, clear } = useReportFilters(STOCK_VALUE_FILTERS, { view: ['groupBy'] });
  const { asAt, warehouseId, brandId, groupBy } = state.filters;
  const day = asAt && IS_DAY.test(asAt) ? asAt : undefined;
  const grouping: Grouping = groupBy === 'warehouse' || groupBy === 'brand' ? groupBy : 'none';
  const filter: StockAndValueFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(day ? { asAt: day } : {}),
    ...(warehouseId ? { warehouseId } : {}),
    ...(brandId ? { brandId } : {}),
    ...(grouping !== 'none' ? { groupBy: grouping } : {}),
  };
  const report = useStockAndValue({ page: state.page, pageSize: state.pageSize, ...filter });
  const shownDay = report.data?.asAt ?? day ?? ukToday();

  const figure = (key: 'onHand' | 'inTransit' | 'value') => ({
    key,
    dataIndex: key,
    title: t(`fields.${key}`),
    align: 'end' as const,
    sorter: true,
    sortOrder: sortOrderOf(state.sort, key),
    render: (value: string) => <Figure value={value} kind={key === 'value' ? 'money' : 'quantity'} />,
  });
  const columns: ColumnsType<StockAndValueRow> = [
    {
      key: 'sku',
      dataIndex: 'sku',
      title: t('fields.sku'),
      fixed: 'start',
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'sku', 'sku'),
      render: (sku: string, row) => <ProductLink productId={row.productId} sku={sku} warehouseId={row.warehouse.id} />,
    },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('fields.name'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'name'),
    },
    {
      key: 'brand',
      title: t('fields.brand'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'brand'),
      render: (_, row) => (row.brand ? <bdi title={row.brand.name}>{row.brand.code}</bdi> : '—'),
    },
    {
      key: 'warehouse',
      title: t('fields.warehouse'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'warehouse'),
      render: (_, row) => <bdi title={row.warehouse.name}>{row.warehouse.code}</bdi>,
    },
    figure('onHand'),
    figure('inTransit'),
    figure('value'),
  ];
  if (grouping !== 'none')
    // The group leads, so rows of one group stand together (the server orders them so).
    columns.unshift({
      key: 'group',
      title: t('stockValue.group'),
      fixed: 'start',
      render: (_, row) =>
        grouping === 'warehouse' ? (
          <bdi title={row.warehouse.name}>{row.warehouse.code}</bdi>
        ) : row.brand ? (
          <bdi title={row.brand.name}>{row.brand.code}</bdi>
        ) : (
          t('common.noBrand')
        ),
    });

  const groups = report.data?.groups ?? [];
  const chartTitle =
    grouping === 'warehouse'
      ? t('stockValue.chartByWarehouse', { date: shownDay })
      : t('stockValue.chartByBrand', { date: shownDay });
  const selectedGroup = grouping === 'warehouse' ? warehouseId : grouping === 'brand' ? brandId : undefined;

  const money = (value: string | undefined) =>
    value === undefined ? undefined : <Figure value={value} kind="money" />;
  const quantity = (value: string | undefined) => (value === undefined ? undefined : <Figure value={value} />);

  return (
    <ReportPage
      intro={t('stockValue.intro')}
      onExport={() => exportStockAndValue(filter, t('stockValue.fileName'))}
      filtered={filtered}
      onClear={clear}
      filters={
        <>
          <DatePicker
            data-testid="stock-value-as-at"
            aria-label={t('filters.asAt')}
            prefix={t('filters.asAt')}
            format="YYYY-MM-DD"
            value={dayjs(shownDay, 'YYYY-MM-DD')}
            allowClear={!!day}
            disabledDate={(d) => d.format('YYYY-MM-DD') > ukToday()}
            onChange={(_, text) => update({ asAt: typeof text === 'string' && text ? text : undefined })}
          />
          <TestId id="stock-value-filter-q">
            <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('filters.search')} autoFocus />
          </TestId>
          <OptionFilter
            kind="warehouses"
            testId="stock-value-filter-warehouse"
            ariaLabel={t('fields.warehouse')}
            placeholder={t('filters.allWarehouses')}
            value={warehouseId}
            onChange={(id) => update({ warehouseId: id })}
          />
          <OptionFilter
            kind="brands"
            testId="stock-value-filter-brand"
            ariaLabel={t('fields.brand')}
            placeholder={t('filters.anyBrand')}
            value={brandId}
            onChange={(id) => update({ brandId: id })}
          />
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: token.marginXS }}>
            <span id="stock-value-group-label">{t('stockValue.groupBy')}</span>
            <Segmented<Grouping>
              aria-labelledby="stock-value-group-label"
              data-testid="stock-value-group-by"
              value={grouping}
              onChange={(value) => update({ groupBy: value === 'none' ? undefined : value })}
              options={[
                { value: 'none', label: t('stockValue.noGrouping') },
                { value: 'warehouse', label: t('stockValue.byWarehouse') },
                { value: 'brand', label: t('stockValue.byBrand') },
              ]}
            />
          </span>
        </>
      }
      totals={[
        {
          title: t('stockValue.totals', { date: shownDay }),
          testId: 'stock-value-totals',
          items: [
            {
              key: 'rows',
              label: t('common.rows'),
              value: report.data ? <Figure value={String(report.data.total)} /> : undefined,
            },
            { key: 'onHand', label: t('fields.onHand'), value: quantity(report.data?.totals.onHand) },
            { key: 'inTransit', label: t('fields.inTransit'), value: quantity(report.data?.totals.inTransit) },
            { key: 'value', label: t('fields.value'), value: money(report.data?.totals.value) },
          ],
        },
      ]}
      chart={
        grouping === 'none'
          ? { content: <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('stockValue.chartEmpty')}</p> }
          : {
              title: chartTitle,
              content: (
                <CategoryBarChart
                  testId="stock-value-chart"
                  label={chartTitle}
                  selected={selectedGroup}
                  onSelect={(key) => {
                    const id = key === '' || key === selectedGroup ? undefined : key;
                    update(grouping === 'warehouse' ? { warehouseId: id } : { brandId: id });
                  }}
                  format={(value) => formatMoneyWithSign(value, i18n.language)}
                  bars={groups.map((g) => ({
                    key: g.id ?? '',
                    label: g.id ? `${g.code} · ${g.name}` : t('common.noBrand'),
                    value: g.value,
                    note: `${t('fields.onHand')} ${formatQuantity(g.onHand, i18n.language)} · ${t('fields.inTransit')} ${formatQuantity(g.inTransit, i18n.language)}`,
                  }))}
                />
              ),
              hint: t('common.chartHint'),
            }
      }
    >
      <DataTable<StockAndValueRow>
        testId="stock-value-table"
        rowKey={rowKey}
        columns={columns}
        state={state}
        onChange={update}
        page={report.data}
        isLoading={report.isFetching}
        error={report.error}
        onRetry={() => void report.refetch()}
        filtered={filtered}
      />
    </ReportPage>
  );
}
