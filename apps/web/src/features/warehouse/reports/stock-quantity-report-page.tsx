import type { StockQuantityRow } from '@backoffice/contracts';
import { Button, Checkbox, Table, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { Figure, FilterBar, ProductLink, TestId, UnitLabel } from '../../inventory/index.ts';
import { OptionFilter } from '../../reports/index.ts';
import { exportStockQuantity, STOCK_QUANTITY_FILTERS, type StockQuantityFilter, useStockQuantity } from './api.ts';

/**
 * Inventory report: on hand per product with one column per warehouse (those holding stock of the
 * filter, and every active one), the product's total and what is in transit to it; a last row with the
 * totals of the whole filter per warehouse; search and brand in the URL; export with the same columns.
 */
export function StockQuantityReportPage() {
  const { t } = useTranslation('reports');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const [state, update] = useListState(STOCK_QUANTITY_FILTERS);
  const { brandId, withZero } = state.filters;
  const filter: StockQuantityFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(brandId ? { brandId } : {}),
    ...(withZero === 'true' ? { withZero: 'true' as const } : {}),
  };
  const report = useStockQuantity({ page: state.page, pageSize: state.pageSize, ...filter });
  const warehouses = report.data?.warehouses ?? [];
  const filtered = !!(state.q || brandId || withZero);

  const columns: ColumnsType<StockQuantityRow> = [
    {
      key: 'sku',
      dataIndex: 'sku',
      title: t('fields.sku'),
      fixed: 'start',
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'sku', 'sku'),
      render: (sku: string, row) => <ProductLink productId={row.productId} sku={sku} />,
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
    { key: 'unit', title: t('fields.unit'), render: (_, row) => <UnitLabel unit={row.unit} /> },
    ...warehouses.map((w) => ({
      key: `w-${w.id}`,
      title: <bdi title={w.name}>{w.code}</bdi>,
      align: 'end' as const,
      render: (_: unknown, row: StockQuantityRow) => {
        const value = row.quantities[w.id];
        return value ? <Figure value={value} /> : <span aria-hidden>·</span>;
      },
    })),
    {
      key: 'total',
      dataIndex: 'total',
      title: t('fields.total'),
      align: 'end',
      fixed: 'end',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'total'),
      render: (value: string) => (
        <strong>
          <Figure value={value} />
        </strong>
      ),
    },
    {
      key: 'inTransit',
      dataIndex: 'inTransit',
      title: t('fields.inTransit'),
      align: 'end',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'inTransit'),
      render: (value: string) => <Figure value={value} />,
    },
  ];

  return (
    <>
      <PageHeader extra={<ExportButton onExport={() => exportStockQuantity(filter, t('stockQuantity.fileName'))} />}>
        <p style={{ margin: `${token.marginXXS}px 0 0`, color: token.colorTextSecondary, maxWidth: 760 }}>
          {t('stockQuantity.intro')}
        </p>
      </PageHeader>
      <FilterBar>
        <TestId id="stock-quantity-filter-q">
          <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('filters.search')} autoFocus />
        </TestId>
        <OptionFilter
          kind="brands"
          testId="stock-quantity-filter-brand"
          ariaLabel={t('fields.brand')}
          placeholder={t('filters.anyBrand')}
          value={brandId}
          onChange={(id) => update({ brandId: id })}
        />
        <Checkbox
          data-testid="stock-quantity-with-zero"
          checked={withZero === 'true'}
          onChange={(event) => update({ withZero: event.target.checked ? 'true' : undefined })}
        >
          {t('stockQuantity.withZero')}
        </Checkbox>
        {filtered ? (
          <Button onClick={() => update({ q: '', brandId: undefined, withZero: undefined })}>
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </FilterBar>
      <DataTable<StockQuantityRow>
        testId="stock-quantity-table"
        rowKey="productId"
        columns={columns}
        state={state}
        onChange={update}
        page={report.data}
        isLoading={report.isFetching}
        error={report.error}
        onRetry={() => void report.refetch()}
        filtered={filtered}
        summary={() =>
          report.data?.items.length ? (
            <Table.Summary fixed="bottom">
              <Table.Summary.Row data-testid="stock-quantity-totals">
                <Table.Summary.Cell index={0} colSpan={4}>
                  <strong>{t('common.totals')}</strong>
                </Table.Summary.Cell>
                {warehouses.map((w, i) => (
                  <Table.Summary.Cell key={w.id} index={4 + i} align="end">
                    <Figure value={w.total} />
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={4 + warehouses.length} align="end">
                  <strong>
                    <Figure value={report.data.totals.total} />
                  </strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5 + warehouses.length} align="end">
                  <Figure value={report.data.totals.inTransit} />
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </>
  );
}
