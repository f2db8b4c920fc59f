import { InfoCircleOutlined } from '@ant-design/icons';
import type { InventorySummaryRow } from '@backoffice/contracts';
import { Alert, Button, Checkbox, Tooltip, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { BrandFilter } from '../../../lookups/brand-filter.tsx';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import {
  exportInventorySummary,
  type InventorySummaryFilter,
  useInventorySummary,
  useInventorySummaryTotals,
} from '../api.ts';
import { useAdjustStockColumn } from '../components/adjust-stock-action.tsx';
import { Figure } from '../components/figure.tsx';
import { FilterBar, TestId } from '../components/filter-bar.tsx';
import { ProductLink } from '../components/product-link.tsx';
import { ShortMarker } from '../components/short-marker.tsx';
import { TotalCards } from '../components/total-cards.tsx';
import { UnitLabel } from '../components/unit-label.tsx';
import { SUMMARY_FILTERS } from '../urls.ts';

/**
 * Inventory summary: one row per product over the filtered warehouses, server-paged and sorted, with
 * the totals of the whole filter; search, warehouse, brand, "in stock" and "at or below reorder
 * point" in the URL; export of the filter; each SKU opens the product's movements.
 */
export function InventorySummaryPage() {
  const { t } = useTranslation('inventory');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const [state, update] = useListState(SUMMARY_FILTERS);
  const { warehouseId, brandId, inStock, belowReorder } = state.filters;
  const filter: InventorySummaryFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(warehouseId ? { warehouseId } : {}),
    ...(brandId ? { brandId } : {}),
    ...(inStock === 'true' ? { inStock } : {}),
    ...(belowReorder === 'true' ? { belowReorder } : {}),
  };
  const list = useInventorySummary({ page: state.page, pageSize: state.pageSize, ...filter });
  const totals = useInventorySummaryTotals(filter);

  const quantity = (key: 'onHand' | 'reserved' | 'available' | 'inTransit' | 'consigned', sortable: boolean) => ({
    key,
    dataIndex: key,
    title: t(`fields.${key}`),
    align: 'end' as const,
    ...(sortable ? { sorter: true, sortOrder: sortOrderOf(state.sort, key) } : {}),
    render: (value: string) => <Figure value={value} />,
  });

  const adjustColumn = useAdjustStockColumn<InventorySummaryRow>((row) => ({
    productId: row.productId,
    sku: row.sku,
    warehouseId,
  }));
  const columns: ColumnsType<InventorySummaryRow> = [
    {
      key: 'sku',
      dataIndex: 'sku',
      title: t('fields.sku'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'sku', 'sku'),
      fixed: 'start',
      render: (sku: string, row) => <ProductLink productId={row.productId} sku={sku} warehouseId={warehouseId} />,
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
      render: (_, row) => (row.brand ? <bdi title={row.brand.name}>{row.brand.code}</bdi> : '—'),
    },
    { key: 'unit', title: t('fields.unit'), render: (_, row) => <UnitLabel unit={row.unit} /> },
    quantity('onHand', true),
    {
      ...quantity('reserved', true),
      render: (value: string, row: InventorySummaryRow) => (
        <>
          <Figure value={value} />
          <ShortMarker value={row.short} />
        </>
      ),
    },
    quantity('available', true),
    quantity('inTransit', true),
    {
      key: 'value',
      dataIndex: 'value',
      title: (
        <Tooltip title={t('summary.valueHelp')}>
          <span data-testid="summary-value-header" style={{ display: 'inline-flex', gap: token.marginXXS }}>
            <bdi>{t('fields.valueTotal')}</bdi>
            <InfoCircleOutlined aria-label={t('summary.valueHelp')} />
          </span>
        </Tooltip>
      ),
      align: 'end',
      sorter: true,
      // The header's own tooltip explains the total; the sorter's would cover it.
      showSorterTooltip: false,
      sortOrder: sortOrderOf(state.sort, 'value'),
      render: (value: string) => <Figure value={value} kind="money" />,
    },
    // On hand excludes stock in transit; the total value is split the same way beside it, so the row adds
    // up: on-hand value + in-transit value = total value (the total's header says so).
    {
      key: 'onHandValue',
      dataIndex: 'onHandValue',
      title: <bdi>{t('fields.onHandValue')}</bdi>,
      align: 'end',
      render: (value: string) => <Figure value={value} kind="money" testId="summary-on-hand-value" />,
    },
    {
      key: 'inTransitValue',
      dataIndex: 'inTransitValue',
      title: <bdi>{t('fields.inTransitValue')}</bdi>,
      align: 'end',
      render: (value: string) => <Figure value={value} kind="money" testId="summary-in-transit-value" />,
    },
    quantity('consigned', false),
    {
      key: 'reorderPoint',
      dataIndex: 'reorderPoint',
      title: t('fields.reorderPoint'),
      align: 'end',
      // 0 means the product's stock is not watched (the product form says so).
      render: (value: string) =>
        /[1-9]/.test(value) ? <Figure value={value} /> : <span title={t('summary.noReorderPoint')}>—</span>,
    },
    ...adjustColumn,
  ];

  const filtered = !!(state.q || warehouseId || brandId || inStock || belowReorder);

  return (
    <>
      <PageHeader extra={<ExportButton onExport={() => exportInventorySummary(filter, t('summary.fileName'))} />} />
      <FilterBar>
        <TestId id="inventory-filter-q">
          <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('filters.search')} autoFocus />
        </TestId>
        {has('view_warehouse') ? (
          <WarehouseSelect
            testId="inventory-filter-warehouse"
            aria-label={t('fields.warehouse')}
            placeholder={t('filters.allWarehouses')}
            value={warehouseId ?? null}
            onChange={(id) => update({ warehouseId: id ?? undefined })}
            allowClear
            style={{ width: 240 }}
          />
        ) : null}
        {has('view_brand') ? (
          <BrandFilter testId="inventory-filter-brand" value={brandId} onChange={(id) => update({ brandId: id })} />
        ) : null}
        <Checkbox
          data-testid="inventory-filter-in-stock"
          checked={inStock === 'true'}
          onChange={(event) => update({ inStock: event.target.checked ? 'true' : undefined })}
        >
          {t('filters.inStock')}
        </Checkbox>
        <Checkbox
          data-testid="inventory-filter-below-reorder"
          checked={belowReorder === 'true'}
          onChange={(event) => update({ belowReorder: event.target.checked ? 'true' : undefined })}
        >
          {t('filters.belowReorder')}
        </Checkbox>
        <Tooltip title={t('summary.reorderRule')}>
          <InfoCircleOutlined
            role="img"
            tabIndex={0}
            aria-label={t('summary.reorderRule')}
            data-testid="inventory-reorder-rule-help"
            style={{ color: token.colorTextSecondary }}
          />
        </Tooltip>
        {filtered ? (
          <Button
            onClick={() =>
              update({ q: '', warehouseId: undefined, brandId: undefined, inStock: undefined, belowReorder: undefined })
            }
          >
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </FilterBar>
      {belowReorder === 'true' ? (
        <Alert
          type="info"
          showIcon
          data-testid="inventory-reorder-rule"
          title={<span dir="auto">{t('summary.reorderRule')}</span>}
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      <TotalCards
        testId="inventory-summary-totals"
        label={t('summary.totals')}
        totals={totals.data}
        style={{ marginBottom: token.margin }}
      />
      <DataTable<InventorySummaryRow>
        testId="inventory-summary-table"
        columnChooser={{ id: 'inventory.summary', defaultHidden: ['brand', 'consigned', 'reorderPoint'] }}
        // Eleven figures a row: dense cells keep them on one screen, in German too.
        size="small"
        rowKey="productId"
        columns={columns}
        state={state}
        onChange={update}
        page={list.data}
        isLoading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        filtered={filtered}
      />
    </>
  );
}
