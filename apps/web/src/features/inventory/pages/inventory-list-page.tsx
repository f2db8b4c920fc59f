import { CloseOutlined } from '@ant-design/icons';
import type { InventoryListRow } from '@backoffice/contracts';
import { Checkbox, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { BrandFilter } from '../../../lookups/brand-filter.tsx';
import { LocationSelect } from '../../../lookups/location-select.tsx';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useColumnKit } from '../../../shared/ui/kit/columns.tsx';
import { FilterBar } from '../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../shared/ui/kit/list-page.tsx';
import { useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { exportInventoryList, type InventoryListFilter, useInventoryList } from '../api.ts';
import { useAdjustStockColumn } from '../components/adjust-stock-action.tsx';
import { Figure } from '../components/figure.tsx';
import { ProductLink } from '../components/product-link.tsx';
import { ShortMarker } from '../components/short-marker.tsx';
import { LIST_FILTERS } from '../urls.ts';

const rowKey = (row: InventoryListRow) => `${row.productId}:${row.warehouse.id}:${row.location?.id ?? '-'}`;

/**
 * Inventory list: one row per product, warehouse and bin, server-paged and sorted; search,
 * warehouse, bin (of the chosen warehouse), brand and "hide zero rows" (on unless the URL says
 * `nonZero=false`) in the URL, plus a product when opened from its page; export of the filter.
 */
export function InventoryListPage() {
  const { t } = useTranslation('inventory');
  const { has } = usePermissions();
  const list = useListPage(LIST_FILTERS);
  const { update } = list;
  const { warehouseId, locationId, productId, brandId, nonZero } = list.state.filters;
  const hideZero = nonZero !== 'false';
  const filter: InventoryListFilter = {
    ...list.search,
    ...(warehouseId ? { warehouseId } : {}),
    // A bin belongs to one warehouse: without the warehouse the bin filter is not applied.
    ...(warehouseId && locationId ? { locationId } : {}),
    ...(productId ? { productId } : {}),
    ...(brandId ? { brandId } : {}),
    nonZero: hideZero ? 'true' : 'false',
  };
  const result = useInventoryList({ ...list.query, ...filter });
  const rows = result.data?.items ?? [];
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

  const col = useColumnKit<InventoryListRow>(list.state.sort, 'sku');
  const adjustColumn = useAdjustStockColumn<InventoryListRow>((row) => ({
    productId: row.productId,
    sku: row.sku,
    warehouseId: row.warehouse.id,
    warehouseCode: row.warehouse.code,
    locationId: row.location?.id ?? null,
  }));
  const columns: ColumnsType<InventoryListRow> = [
    col.text('sku', t('fields.sku'), {
      fixed: 'start',
      render: (sku: string, row: InventoryListRow) => (
        <ProductLink productId={row.productId} sku={sku} warehouseId={row.warehouse.id} />
      ),
    }),
    col.name({ title: t('fields.name') }),
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
        col.text('onHand', t('fields.onHand'), { align: 'end', render: (value: string) => <Figure value={value} /> }),
      ],
    },
    {
      title: t('list.inWarehouse'),
      children: [
        warehouseFigure('warehouseOnHand', 'onHand'),
        {
          ...warehouseFigure('warehouseReserved', 'reserved'),
          render: (value: string, row: InventoryListRow) => (
            <>
              <Figure value={value} />
              <ShortMarker value={row.warehouseShort} />
            </>
          ),
        },
        warehouseFigure('warehouseAvailable', 'available'),
        warehouseFigure('warehouseInTransit', 'inTransit'),
      ],
    },
    ...adjustColumn,
  ];

  return (
    <ListPage
      list={list}
      result={result}
      testId="inventory-list-table"
      rowKey={rowKey}
      columns={columns}
      columnChooser={{ id: 'inventory.list', defaultHidden: ['brand'] }}
      intro={<Typography.Text type="secondary">{t('list.warehouseFigures')}</Typography.Text>}
      onExport={() => exportInventoryList(filter, t('list.fileName'))}
      filters={
        <FilterBar list={list} search={t('filters.search')} searchTestId="inventory-filter-q">
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
        </FilterBar>
      }
    />
  );
}
