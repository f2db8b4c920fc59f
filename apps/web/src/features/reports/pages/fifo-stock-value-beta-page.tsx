import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { AGE_BUCKETS, type FifoGroupRow, type FifoLayerRow } from '@backoffice/contracts';
import { Button, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/dates.ts';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ReportPage } from '../../../shared/ui/report-page.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { Figure, magnitude, TestId } from '../../inventory/index.ts';
import {
  exportFifoGroups,
  exportFifoValue,
  type FifoGroupFilter,
  type FifoValueFilter,
  useFifoGroups,
  useFifoValue,
} from '../api.ts';
import { useAgeTotals } from '../components/age-totals.tsx';
import { layerKey, useLayerColumns } from '../components/layer-columns.tsx';
import { OptionFilter } from '../components/option-filter.tsx';
import { FIFO_GROUP_FILTERS } from '../urls.ts';
import { AgeAndOwnershipFilters, isAgeBucket, isOwnership } from './fifo-stock-value-page.tsx';

const groupKey = (row: FifoGroupRow) => `${row.warehouse.id}:${row.brand?.id ?? '-'}:${row.product?.id ?? '-'}`;

/**
 * FIFO stock value (beta): the open layers summed by warehouse and brand, with the value of every age
 * bucket side by side; a group opens its products, a product its layers. The level and the group are in
 * the URL, so each step can be linked and reached back through history; each level exports as shown.
 */
export function FifoStockValueBetaPage() {
  const { t } = useTranslation('reports');
  const { token } = theme.useToken();
  const { direction } = useDirection();
  const [state, update] = useListState(FIFO_GROUP_FILTERS);
  const { warehouseId, brandId, noBrand, ageBucket, ownership, level, productId } = state.filters;
  const atLayers = !!productId && !!warehouseId;
  const atProducts = !atLayers && level === 'product' && !!warehouseId;
  const common = {
    ...(state.q ? { q: state.q } : {}),
    ...(warehouseId ? { warehouseId } : {}),
    ...(brandId ? { brandId } : {}),
    ...(isAgeBucket(ageBucket) ? { ageBucket } : {}),
    ...(isOwnership(ownership) ? { ownership } : {}),
  };
  const groupFilter: FifoGroupFilter = {
    ...common,
    ...(state.sort ? { sort: state.sort } : {}),
    ...(atProducts
      ? { level: 'product' as const, ...(noBrand === 'true' && !brandId ? { noBrand: 'true' as const } : {}) }
      : {}),
  };
  const layerFilter: FifoValueFilter = {
    ...common,
    ...(state.sort ? { sort: state.sort } : {}),
    ...(productId ? { productId } : {}),
  };
  const groups = useFifoGroups({ page: state.page, pageSize: state.pageSize, ...groupFilter }, !atLayers);
  const layers = useFifoValue({ page: state.page, pageSize: state.pageSize, ...layerFilter }, atLayers);
  const layerColumns = useLayerColumns({ sort: state.sort, product: false });
  const data = atLayers ? layers.data : groups.data;
  const filtered = !!(state.q || ageBucket || ownership || (!atProducts && !atLayers && (warehouseId || brandId)));

  const first = groups.data?.items[0];
  const firstLayer = layers.data?.items[0];
  const warehouseCode = (atLayers ? firstLayer?.warehouse.code : first?.warehouse.code) ?? '…';
  const brandCode =
    noBrand === 'true' && !brandId
      ? t('common.noBrand')
      : ((atLayers ? firstLayer?.brand?.code : first?.brand?.code) ?? '…');

  const openGroup = (row: FifoGroupRow) =>
    update({
      level: 'product',
      warehouseId: row.warehouse.id,
      brandId: row.brand?.id,
      noBrand: row.brand ? undefined : 'true',
      sort: undefined,
    });
  const openProduct = (row: FifoGroupRow) => update({ productId: row.product?.id, sort: undefined });
  const toTop = () =>
    update({
      level: undefined,
      warehouseId: undefined,
      brandId: undefined,
      noBrand: undefined,
      productId: undefined,
      sort: undefined,
    });
  const toProducts = () => update({ productId: undefined, sort: undefined });

  const figure = (key: 'quantity' | 'consignedQuantity' | 'deficitQuantity' | 'value', sortKey?: string) => ({
    key,
    dataIndex: key,
    title:
      key === 'consignedQuantity'
        ? t('fields.consigned')
        : key === 'deficitQuantity'
          ? t('fields.deficit')
          : t(`fields.${key}`),
    align: 'end' as const,
    ...(sortKey ? { sorter: true, sortOrder: sortOrderOf(state.sort, sortKey) } : {}),
    render: (value: string) => (
      // The deficit column's header says deficit: its figure is the size (3 owed, not −3).
      <Figure
        value={key === 'deficitQuantity' ? magnitude(value) : value}
        kind={key === 'value' ? 'money' : 'quantity'}
      />
    ),
  });
  const groupColumns: ColumnsType<FifoGroupRow> = [
    {
      key: 'warehouse',
      title: t('fields.warehouse'),
      fixed: 'start',
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? (atProducts ? undefined : 'warehouse'), 'warehouse'),
      render: (_, row) => <bdi title={row.warehouse.name}>{row.warehouse.code}</bdi>,
    },
    {
      key: 'brand',
      title: t('fields.brand'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'brand'),
      render: (_, row) => (row.brand ? <bdi title={row.brand.name}>{row.brand.code}</bdi> : t('common.noBrand')),
    },
  ];
  if (atProducts)
    groupColumns.push({
      key: 'sku',
      title: t('fields.product'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'sku', 'sku'),
      render: (_, row) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi>{row.product?.sku}</bdi>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{row.product?.name}</span>
        </span>
      ),
    });
  else
    groupColumns.push({
      key: 'products',
      dataIndex: 'products',
      title: t('fields.products'),
      align: 'end',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'products'),
      render: (value: number) => <Figure value={String(value)} />,
    });
  groupColumns.push(
    {
      key: 'layers',
      dataIndex: 'layers',
      title: t('fields.layers'),
      align: 'end',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'layers'),
      render: (value: number) => <Figure value={String(value)} />,
    },
    figure('quantity', 'quantity'),
    figure('consignedQuantity'),
    figure('deficitQuantity'),
    figure('value', 'value'),
    ...AGE_BUCKETS.map((bucket, i) => ({
      key: `bucket-${bucket}`,
      title: t(`ageBuckets.${bucket}`),
      align: 'end' as const,
      render: (_: unknown, row: FifoGroupRow) => <Figure value={row.bucketValues[i]?.value} kind="money" />,
    })),
    {
      key: 'oldest',
      dataIndex: 'oldestReceivedAt',
      title: t('fields.oldest'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'oldest'),
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{formatDate(value)}</bdi>,
    },
    {
      key: 'open',
      title: '',
      fixed: 'end',
      render: (_, row) => {
        const label = atProducts
          ? t('fifoBeta.openProduct', { sku: row.product?.sku ?? '' })
          : t('fifoBeta.openGroup', {
              warehouse: row.warehouse.code,
              brand: row.brand?.code ?? t('common.noBrand'),
            });
        return (
          <Button
            size="small"
            // "Onwards" points the way the text runs.
            icon={direction === 'rtl' ? <LeftOutlined /> : <RightOutlined />}
            aria-label={label}
            title={label}
            data-testid="fifo-beta-open"
            onClick={() => (atProducts ? openProduct(row) : openGroup(row))}
          />
        );
      },
    },
  );

  const onExport = () =>
    atLayers
      ? exportFifoValue(layerFilter, t('fifoValue.fileName'))
      : exportFifoGroups(groupFilter, t('fifoBeta.fileName'));

  const navigation = (
    <nav aria-label={t('fifoBeta.drillPath')} data-testid="fifo-beta-path" style={{ marginBottom: token.marginSM }}>
      <ol
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: token.marginXXS,
        }}
      >
        <li>
          {atProducts || atLayers ? (
            <Button type="link" size="small" onClick={toTop}>
              {t('fifoBeta.allGroups')}
            </Button>
          ) : (
            <strong aria-current="page">{t('fifoBeta.allGroups')}</strong>
          )}
        </li>
        {atProducts || atLayers ? (
          <li style={{ display: 'inline-flex', alignItems: 'center', gap: token.marginXXS }}>
            <span aria-hidden>›</span>
            {atLayers && level === 'product' ? (
              <Button type="link" size="small" onClick={toProducts}>
                {t('fifoBeta.groupPath', { warehouse: warehouseCode, brand: brandCode })}
              </Button>
            ) : (
              <bdi aria-current={atProducts ? 'page' : undefined}>
                {t('fifoBeta.groupPath', { warehouse: warehouseCode, brand: brandCode })}
              </bdi>
            )}
          </li>
        ) : null}
        {atLayers ? (
          <li style={{ display: 'inline-flex', alignItems: 'center', gap: token.marginXXS }}>
            <span aria-hidden>›</span>
            <bdi aria-current="page">{firstLayer ? `${firstLayer.product.sku} · ${firstLayer.product.name}` : '…'}</bdi>
          </li>
        ) : null}
      </ol>
    </nav>
  );
  const filters = (
    <>
      <TestId id="fifo-beta-filter-q">
        <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('filters.search')} />
      </TestId>
      {!atProducts && !atLayers ? (
        <>
          <OptionFilter
            kind="warehouses"
            testId="fifo-beta-filter-warehouse"
            ariaLabel={t('fields.warehouse')}
            placeholder={t('filters.allWarehouses')}
            value={warehouseId}
            onChange={(id) => update({ warehouseId: id })}
          />
          <OptionFilter
            kind="brands"
            testId="fifo-beta-filter-brand"
            ariaLabel={t('fields.brand')}
            placeholder={t('filters.anyBrand')}
            value={brandId}
            onChange={(id) => update({ brandId: id })}
          />
        </>
      ) : null}
      <AgeAndOwnershipFilters ageBucket={ageBucket} ownership={ownership} onChange={update} />
    </>
  );
  const summary = useAgeTotals({
    totals: data?.totals,
    selected: isAgeBucket(ageBucket) ? ageBucket : undefined,
    onSelect: (bucket) => update({ ageBucket: bucket }),
  });

  return (
    <ReportPage
      intro={t('fifoBeta.intro')}
      introTestId="fifo-beta-intro"
      onExport={onExport}
      filtered={filtered}
      onClear={() =>
        update({
          q: '',
          ageBucket: undefined,
          ownership: undefined,
          ...(!atProducts && !atLayers ? { warehouseId: undefined, brandId: undefined } : {}),
        })
      }
      navigation={navigation}
      filters={filters}
      chart={summary.chart}
      chartFirst
      totals={summary.totals}
      totalsTestId="fifo-value-totals"
    >
      {atLayers ? (
        <DataTable<FifoLayerRow>
          testId="fifo-beta-layers"
          rowKey={layerKey}
          columns={layerColumns}
          state={state}
          onChange={update}
          page={layers.data}
          isLoading={layers.isFetching}
          error={layers.error}
          onRetry={() => void layers.refetch()}
          filtered={filtered}
        />
      ) : (
        <DataTable<FifoGroupRow>
          testId={atProducts ? 'fifo-beta-products' : 'fifo-beta-groups'}
          columnChooser={{
            id: atProducts ? 'reports.fifoBeta.products' : 'reports.fifoBeta.groups',
            defaultHidden: ['layers', 'consignedQuantity', 'deficitQuantity', 'oldest'],
          }}
          rowKey={groupKey}
          columns={groupColumns}
          state={state}
          onChange={update}
          page={groups.data}
          isLoading={groups.isFetching}
          error={groups.error}
          onRetry={() => void groups.refetch()}
          filtered={filtered}
        />
      )}
    </ReportPage>
  );
}
