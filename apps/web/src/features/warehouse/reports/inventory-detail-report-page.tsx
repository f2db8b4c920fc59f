import type { FifoLayerRow, InventoryDetailRow } from '@backoffice/contracts';
import { Button, Table, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/dates.ts';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { Figure, FilterBar, magnitude, ProductLink, StockFigures, TestId } from '../../inventory/index.ts';
import { AgeBucketTag, layerKey, OptionFilter, useLayerColumns } from '../../reports/index.ts';
import {
  DETAIL_FILTERS,
  exportInventoryDetail,
  type InventoryDetailFilter,
  useDetailLayers,
  useInventoryDetail,
} from './api.ts';

const rowKey = (row: InventoryDetailRow) => `${row.productId}:${row.warehouse.id}:${row.location?.id ?? '-'}`;
const LAYERS_PAGE_SIZE = 10;

/** The open layers of a row's product in its warehouse, shown under the row (paged here, not in the URL). */
function RowLayers({ row }: { row: InventoryDetailRow }) {
  const { t } = useTranslation('reports');
  const [page, setPage] = useState(1);
  const layers = useDetailLayers({
    productId: row.productId,
    warehouseId: row.warehouse.id,
    page,
    pageSize: LAYERS_PAGE_SIZE,
  });
  const columns = useLayerColumns({ sort: null, product: false });
  if (layers.error && !layers.data) return <ErrorState error={layers.error} onRetry={() => void layers.refetch()} />;
  return (
    <Table<FifoLayerRow>
      data-testid="inventory-detail-layers"
      size="small"
      rowKey={layerKey}
      columns={columns}
      dataSource={layers.data?.items ?? []}
      loading={layers.isFetching}
      scroll={{ x: 'max-content' }}
      title={() => t('detail.showLayers', { sku: row.sku, warehouse: row.warehouse.code })}
      pagination={{
        current: page,
        pageSize: LAYERS_PAGE_SIZE,
        total: layers.data?.total ?? 0,
        hideOnSinglePage: true,
        showSizeChanger: false,
        onChange: setPage,
      }}
    />
  );
}

/**
 * Inventory detail report: stock per product, warehouse and bin with the age (oldest, average, bucket)
 * and value of the warehouse's open FIFO layers, the bin's value as its share by quantity; each row opens
 * the layers themselves; totals of the whole filter; filters in the URL; export.
 */
export function InventoryDetailReportPage() {
  const { t } = useTranslation('reports');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const [state, update] = useListState(DETAIL_FILTERS);
  const { warehouseId, brandId, productId } = state.filters;
  const filter: InventoryDetailFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(warehouseId ? { warehouseId } : {}),
    ...(brandId ? { brandId } : {}),
    ...(productId ? { productId } : {}),
  };
  const report = useInventoryDetail({ page: state.page, pageSize: state.pageSize, ...filter });
  const filtered = !!(state.q || warehouseId || brandId || productId);

  const columns: ColumnsType<InventoryDetailRow> = [
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
      key: 'warehouse',
      title: t('fields.warehouse'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'warehouse'),
      render: (_, row) => <bdi title={row.warehouse.name}>{row.warehouse.code}</bdi>,
    },
    {
      key: 'location',
      title: t('fields.bin'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'location'),
      render: (_, row) =>
        row.location ? (
          <bdi>{row.location.zone ? `${row.location.code} · ${row.location.zone}` : row.location.code}</bdi>
        ) : (
          <Typography.Text type="secondary">{t('common.noBin')}</Typography.Text>
        ),
    },
    {
      key: 'onHand',
      dataIndex: 'onHand',
      title: t('fields.onHand'),
      align: 'end',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'onHand'),
      render: (value: string) => <Figure value={value} />,
    },
    {
      key: 'value',
      dataIndex: 'value',
      title: t('fields.binValue'),
      align: 'end',
      render: (value: string) => <Figure value={value} kind="money" />,
    },
    {
      key: 'warehouseValue',
      dataIndex: 'warehouseValue',
      title: t('fields.warehouseValue'),
      align: 'end',
      render: (value: string) => <Figure value={value} kind="money" />,
    },
    {
      key: 'consigned',
      dataIndex: 'consigned',
      title: t('fields.consigned'),
      align: 'end',
      render: (value: string) => <Figure value={value} />,
    },
    {
      // The warehouse's units owed (below zero): its value and the bins' shares include their provisional value.
      key: 'deficit',
      dataIndex: 'deficit',
      title: <span title={t('common.deficitHint')}>{t('fields.deficit')}</span>,
      align: 'end',
      // The header says deficit: the figure is its size (3 owed, not −3).
      render: (value: string) => <Figure value={magnitude(value)} />,
    },
    {
      key: 'oldest',
      title: t('fields.oldest'),
      render: (_, row) =>
        row.oldestReceivedAt ? (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: token.marginXXS, whiteSpace: 'nowrap' }}>
            <bdi>{formatDate(row.oldestReceivedAt)}</bdi>
            {row.oldestAgeBucket ? <AgeBucketTag bucket={row.oldestAgeBucket} /> : null}
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'averageAge',
      dataIndex: 'averageAgeDays',
      title: t('fields.averageAge'),
      align: 'end',
      render: (value: string | null) => <Figure value={value} />,
    },
    {
      key: 'layers',
      dataIndex: 'layers',
      title: t('fields.layers'),
      align: 'end',
      render: (value: number) => <Figure value={String(value)} />,
    },
  ];

  return (
    <>
      <PageHeader extra={<ExportButton onExport={() => exportInventoryDetail(filter, t('detail.fileName'))} />}>
        <p style={{ margin: `${token.marginXXS}px 0 0`, color: token.colorTextSecondary, maxWidth: 760 }}>
          {t('detail.intro')}
        </p>
      </PageHeader>
      <FilterBar>
        <TestId id="inventory-detail-filter-q">
          <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('filters.search')} autoFocus />
        </TestId>
        <OptionFilter
          kind="warehouses"
          testId="inventory-detail-filter-warehouse"
          ariaLabel={t('fields.warehouse')}
          placeholder={t('filters.allWarehouses')}
          value={warehouseId}
          onChange={(id) => update({ warehouseId: id })}
        />
        <OptionFilter
          kind="brands"
          testId="inventory-detail-filter-brand"
          ariaLabel={t('fields.brand')}
          placeholder={t('filters.anyBrand')}
          value={brandId}
          onChange={(id) => update({ brandId: id })}
        />
        <OptionFilter
          kind="products"
          testId="inventory-detail-filter-product"
          ariaLabel={t('fields.product')}
          placeholder={t('filters.anyProduct')}
          value={productId}
          onChange={(id) => update({ productId: id })}
          minWidth={240}
        />
        {filtered ? (
          <Button onClick={() => update({ q: '', warehouseId: undefined, brandId: undefined, productId: undefined })}>
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </FilterBar>
      <div data-testid="inventory-detail-totals" style={{ marginBottom: token.margin }}>
        <Panel title={t('common.totals')}>
          <StockFigures
            figures={[
              { key: 'rows', label: t('common.rows'), value: report.data ? String(report.data.total) : undefined },
              { key: 'onHand', label: t('fields.onHand'), value: report.data?.totals.onHand },
              { key: 'value', label: t('fields.value'), value: report.data?.totals.value, kind: 'money' },
            ]}
          />
        </Panel>
      </div>
      <DataTable<InventoryDetailRow>
        testId="inventory-detail-table"
        columnChooser={{
          id: 'reports.inventoryDetail',
          defaultHidden: ['consigned', 'deficit', 'layers', 'averageAge'],
        }}
        rowKey={rowKey}
        columns={columns}
        state={state}
        onChange={update}
        page={report.data}
        isLoading={report.isFetching}
        error={report.error}
        onRetry={() => void report.refetch()}
        filtered={filtered}
        expandable={{
          expandedRowRender: (row) => <RowLayers row={row} />,
          rowExpandable: (row) => row.layers > 0,
        }}
      />
    </>
  );
}
