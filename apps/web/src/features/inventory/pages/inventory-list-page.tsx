import { CloseOutlined } from '@ant-design/icons';
import type { InventoryListRow } from '@backoffice/contracts';
import { Button, Checkbox, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { BrandFilter } from '../../product/brands/brand-filter.tsx';
import { LocationSelect } from '../../warehouse/components/location-select.tsx';
import { WarehouseSelect } from '../../warehouse/components/warehouse-select.tsx';
import { exportInventoryList, type InventoryListFilter, useInventoryList } from '../api.ts';
import { Figure } from '../components/figure.tsx';
import { FilterBar, TestId } from '../components/filter-bar.tsx';
import { ProductLink } from '../components/product-link.tsx';
import { LIST_FILTERS } from '../urls.ts';

const rowKey = (row: InventoryListRow) => `${row.productId}:${row.warehouse.id}:${row.location?.id ?? '-'}`;

/**
 * Inventory list: one row per product, warehouse and bin, server-paged and sorted; search,
 * warehouse, bin (of the chosen warehouse), brand and "hide zero rows" (on unless the URL says
 * `nonZero=false`) in the URL, plus a product when opened from its page; export of the filter.
 */
export function InventoryListPage() {
  const { t } = useTranslation('inventory');
  const { t: tc } = useTranslation();
  const { has } = usePermissions();
  const [state, update] = useListState(LIST_FILTERS);
  const { warehouseId, locationId, productId, brandId, nonZero } = state.filters;
  const hideZero = nonZero !== 'false';
  const filter: InventoryListFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(warehouseId ? { warehouseId } : {}),
    // A bin belongs to one warehouse: without the warehouse the bin filter is not applied.
    ...(warehouseId && locationId ? { locationId } : {}),
    ...(productId ? { productId } : {}),
    ...(brandId ? { brandId } : {}),
    nonZero: hideZero ? 'true' : 'false',
  };
  const list = useInventoryList({ page: state.page, pageSize: state.pageSize, ...filter });
  const rows = list.data?.items ?? [];
  const chosenBin = locationId ? (rows.find((row) => row.location?.id === locationId)?.location ?? null) : null;
  const productSku = productId ? rows.find((row) => row.productId === productId)?.sku : undefined;

  const warehouseFigure = (
    key: 'warehouseOnHand' | 'warehouseReserved' | 'warehouseAvailable' | 'warehouseInTransit',
    label: 'onHand' | 'reserved' | 'available' | 'inTransit',
  ) => ({
    key,
    dataIndex: key,
    title: t(`fields.${label}`),
    align: 'end' as const,
    render: (value: string) => <Figure value={value} />,
  });

  const columns: ColumnsType<InventoryListRow> = [
    {
      key: 'sku',
      dataIndex: 'sku',
      title: t('fields.sku'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'sku', 'sku'),
      fixed: 'start',
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
      render: (_, row) => (row.brand ? <bdi title={row.brand.name}>{row.brand.code}</bdi> : '—'),
    },
    {
      key: 'warehouse',
      title: t('fields.warehouse'),
      render: (_, row) => <bdi title={row.warehouse.name}>{row.warehouse.code}</bdi>,
    },
    {
      key: 'location',
      title: t('fields.bin'),
      render: (_, row) =>
        row.location ? (
          <bdi>{row.location.zone ? `${row.location.code} · ${row.location.zone}` : row.location.code}</bdi>
        ) : (
          <Typography.Text type="secondary">{t('noBin')}</Typography.Text>
        ),
    },
    {
      title: t('list.inBin'),
      children: [
        {
          key: 'onHand',
          dataIndex: 'onHand',
          title: t('fields.onHand'),
          align: 'end',
          sorter: true,
          sortOrder: sortOrderOf(state.sort, 'onHand'),
          render: (value: string) => <Figure value={value} />,
        },
      ],
    },
    {
      title: t('list.inWarehouse'),
      children: [
        warehouseFigure('warehouseOnHand', 'onHand'),
        warehouseFigure('warehouseReserved', 'reserved'),
        warehouseFigure('warehouseAvailable', 'available'),
        warehouseFigure('warehouseInTransit', 'inTransit'),
      ],
    },
  ];

  const filtered = !!(state.q || warehouseId || locationId || productId || brandId || !hideZero);

  return (
    <>
      <PageHeader extra={<ExportButton onExport={() => exportInventoryList(filter, t('list.fileName'))} />}>
        <Typography.Text type="secondary">{t('list.warehouseFigures')}</Typography.Text>
      </PageHeader>
      <FilterBar>
        <TestId id="inventory-filter-q">
          <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('filters.search')} autoFocus />
        </TestId>
        {productId ? (
          <Tag
            data-testid="inventory-filter-product"
            closable={{ closeIcon: <CloseOutlined />, 'aria-label': t('filters.removeProduct') }}
            onClose={() => update({ productId: undefined })}
          >
            {productSku ? t('filters.product', { sku: productSku }) : t('filters.someProduct')}
          </Tag>
        ) : null}
        {has('view_warehouse') ? (
          <>
            <WarehouseSelect
              testId="inventory-filter-warehouse"
              aria-label={t('fields.warehouse')}
              placeholder={t('filters.allWarehouses')}
              value={warehouseId ?? null}
              // The bin filter belongs to the warehouse it was chosen in.
              onChange={(id) => update({ warehouseId: id ?? undefined, locationId: undefined })}
              allowClear
              style={{ width: 240 }}
            />
            <div style={{ width: 200 }} title={warehouseId ? undefined : t('filters.binNeedsWarehouse')}>
              <LocationSelect
                testId="inventory-filter-bin"
                aria-label={t('fields.bin')}
                placeholder={t('filters.allBins')}
                warehouseId={warehouseId ?? ''}
                disabled={!warehouseId}
                value={locationId ?? null}
                current={chosenBin}
                onChange={(id) => update({ locationId: id ?? undefined })}
              />
            </div>
          </>
        ) : null}
        {has('view_brand') ? (
          <BrandFilter testId="inventory-filter-brand" value={brandId} onChange={(id) => update({ brandId: id })} />
        ) : null}
        <Checkbox
          data-testid="inventory-filter-hide-zero"
          checked={hideZero}
          onChange={(event) => update({ nonZero: event.target.checked ? undefined : 'false' })}
        >
          {t('filters.hideZero')}
        </Checkbox>
        {filtered ? (
          <Button
            onClick={() =>
              update({
                q: '',
                warehouseId: undefined,
                locationId: undefined,
                productId: undefined,
                brandId: undefined,
                nonZero: undefined,
              })
            }
          >
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </FilterBar>
      <DataTable<InventoryListRow>
        testId="inventory-list-table"
        rowKey={rowKey}
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
