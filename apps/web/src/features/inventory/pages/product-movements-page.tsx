import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import {
  MAX_PAGE_SIZE,
  PRODUCT_KINDS,
  type ProductKind,
  type ProductStock,
  type StockMovement,
} from '@backoffice/contracts';
import { Button, DatePicker, Select, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { useListState } from '../../../shared/lib/list-state.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { DatedLineChart } from '../../../shared/ui/charts/chart.tsx';
import type { DatedPoint } from '../../../shared/ui/charts/options.ts';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader, useRecordTitle } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { exportProductMovements, type MovementQuery, useProductMovements, useProductStock } from '../api.ts';
import { AdjustStockAction } from '../components/adjust-stock-action.tsx';
import { FilterBar } from '../components/filter-bar.tsx';
import { useMovementColumns } from '../components/movement-columns.tsx';
import { isMovementKind, useMovementKindOptions } from '../components/movement-kind.tsx';
import { formatQuantity, isPositive } from '../components/numbers.ts';
import { postedDay } from '../components/posted-at.ts';
import { StockFigures } from '../components/stock-figures.tsx';
import { UnitLabel } from '../components/unit-label.tsx';
import {
  type BackState,
  INVENTORY_LIST_PATH,
  INVENTORY_SUMMARY_PATH,
  inventoryListUrl,
  MOVEMENT_FILTERS,
} from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';
const IS_DATE = /^\d{4}-\d{2}-\d{2}$/;

const isProductKind = (value: string): value is ProductKind => (PRODUCT_KINDS as readonly string[]).includes(value);

/**
 * The balance at the end of each day from ledger rows listed newest first: the first row met of a
 * day is its last, so its running balance is the day's closing one. Oldest day first, for the chart.
 */
function dailyBalances(rows: readonly StockMovement[]): DatedPoint[] {
  const seen = new Set<string>();
  const points: DatedPoint[] = [];
  for (const row of rows) {
    const date = postedDay(row.postedAt);
    if (!date || seen.has(date) || row.runningQuantity === undefined) continue;
    seen.add(date);
    points.push({ date, value: row.runningQuantity });
  }
  return points.reverse();
}

/** The product's stock in each warehouse, each with a way to narrow the ledger to it and to see its bins. */
function WarehouseStock({
  stock,
  onShowWarehouse,
}: {
  stock: ProductStock;
  onShowWarehouse: (warehouseId: string) => void;
}) {
  const { t } = useTranslation('inventory');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  if (stock.warehouses.length === 0)
    return <Typography.Text type="secondary">{t('movements.noStock')}</Typography.Text>;
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 340px), 1fr))',
        gap: token.margin,
      }}
    >
      {stock.warehouses.map((row) => (
        <section
          key={row.warehouse.id}
          data-testid="product-stock-warehouse"
          aria-label={`${row.warehouse.code} · ${row.warehouse.name}`}
          style={{
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            padding: token.paddingSM,
          }}
        >
          <header
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: token.marginXS,
              marginBottom: token.marginSM,
            }}
          >
            <h3 style={{ margin: 0, fontSize: token.fontSize, fontWeight: 600 }}>
              <bdi>{row.warehouse.code}</bdi> · <bdi>{row.warehouse.name}</bdi>
            </h3>
            {row.allowNegativeStock ? <Tag color="orange">{t('movements.negativeAllowed')}</Tag> : null}
          </header>
          <StockFigures
            figures={[
              { key: 'onHand', label: t('fields.onHand'), value: row.onHand },
              { key: 'reserved', label: t('fields.reserved'), value: row.reserved },
              ...(isPositive(row.short) ? [{ key: 'short', label: t('fields.short'), value: row.short }] : []),
              { key: 'available', label: t('fields.available'), value: row.available },
              { key: 'inTransit', label: t('fields.inTransit'), value: row.inTransit },
              { key: 'consigned', label: t('fields.consigned'), value: row.consigned },
              { key: 'value', label: t('fields.value'), value: row.value, kind: 'money' },
            ]}
          />
          <div
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: token.marginSM,
              marginTop: token.marginSM,
            }}
          >
            <Button size="small" onClick={() => onShowWarehouse(row.warehouse.id)}>
              {t('movements.showWarehouse', { warehouse: row.warehouse.code })}
            </Button>
            <AdjustStockAction
              productId={stock.product.id}
              sku={stock.product.sku}
              warehouseId={row.warehouse.id}
              warehouseCode={row.warehouse.code}
            />
            {has('view_inventory_list') ? (
              <Link
                to={inventoryListUrl({ productId: stock.product.id, warehouseId: row.warehouse.id })}
                title={t('movements.binsLinkLabel', { sku: stock.product.sku, warehouse: row.warehouse.code })}
                data-testid="product-stock-bins"
              >
                {t('movements.binsLink')}
              </Link>
            ) : null}
          </div>
        </section>
      ))}
    </div>
  );
}

/**
 * A product's stock per warehouse, its balance over time as a chart and its ledger rows (newest
 * first), filtered by warehouse, kind of movement and posting period in the URL.
 */
export function ProductMovementsPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('inventory');
  const { t: tp } = useTranslation('products');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const { direction } = useDirection();
  const location = useLocation();
  const [state, update] = useListState(MOVEMENT_FILTERS);
  const stock = useProductStock(id);
  useRecordTitle(stock.data?.product.sku);
  const kindOptions = useMovementKindOptions();

  const { warehouseId, kind } = state.filters;
  const from = state.filters.from && IS_DATE.test(state.filters.from) ? state.filters.from : undefined;
  const to = state.filters.to && IS_DATE.test(state.filters.to) ? state.filters.to : undefined;
  // The balance runs over every kind of movement, so the chart follows warehouse and period only.
  const scope = {
    ...(warehouseId ? { warehouseId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const query: MovementQuery = {
    page: state.page,
    pageSize: state.pageSize,
    ...scope,
    ...(isMovementKind(kind) ? { kind } : {}),
  };
  const movements = useProductMovements(id, query);
  const series = useProductMovements(id, { page: 1, pageSize: MAX_PAGE_SIZE, ...scope });
  const points = useMemo(() => dailyBalances(series.data?.items ?? []), [series.data]);
  const columns = useMovementColumns({ kind: true, running: true, source: true });

  // Captured once: changing this page's filters replaces the navigation state.
  const [cameFrom] = useState(() => (location.state as BackState | null)?.backTo);
  const backTo = cameFrom ?? (has('view_inventory_summary') ? INVENTORY_SUMMARY_PATH : INVENTORY_LIST_PATH);
  const back = (
    <Link to={backTo} style={{ display: 'inline-flex', gap: token.marginXXS }} data-testid="movements-back">
      {direction === 'rtl' ? <ArrowRightOutlined aria-hidden /> : <ArrowLeftOutlined aria-hidden />}
      {cameFrom
        ? t('movements.back')
        : backTo === INVENTORY_SUMMARY_PATH
          ? t('movements.backToSummary')
          : t('movements.backToList')}
    </Link>
  );

  const product = stock.data?.product;
  const warehouseOptions = [
    { value: '', label: t('filters.allWarehouses') },
    ...(stock.data?.warehouses ?? []).map((row) => ({
      value: row.warehouse.id,
      label: `${row.warehouse.code} · ${row.warehouse.name}`,
    })),
  ];
  const filtered = !!(warehouseId || kind || from || to);
  // Either end may be open.
  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null =
    from || to ? [from ? dayjs(from, DATE_FORMAT) : null, to ? dayjs(to, DATE_FORMAT) : null] : null;

  return (
    <>
      <PageHeader
        extra={
          <>
            {product ? <AdjustStockAction variant="button" productId={product.id} sku={product.sku} /> : null}
            <ExportButton
              onExport={() =>
                exportProductMovements(
                  id,
                  { ...scope, ...(isMovementKind(kind) ? { kind } : {}) },
                  t('movements.fileName', { sku: product?.sku ?? id }),
                )
              }
            />
          </>
        }
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: token.marginXXS }}>
          {back}
          {product ? (
            <>
              <span data-testid="product-heading" style={{ fontSize: token.fontSizeLG, fontWeight: 600 }}>
                <bdi>{product.sku}</bdi> · <bdi>{product.name}</bdi>
              </span>
              <span
                data-testid="product-facts"
                style={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  columnGap: token.marginSM,
                  color: token.colorTextSecondary,
                }}
              >
                {/* Each "label: value" kept whole, so a right-to-left page only reorders the pairs. */}
                <bdi>
                  {t('movements.kindOfProduct')}:{' '}
                  {isProductKind(product.kind) ? tp(`kinds.${product.kind}`) : product.kind}
                </bdi>
                <bdi>
                  {t('movements.unitOfProduct')}: <UnitLabel unit={product.unit} />
                </bdi>
                <bdi>
                  {t('fields.reorderPoint')}:{' '}
                  {/[1-9]/.test(product.reorderPoint)
                    ? formatQuantity(product.reorderPoint, i18n.language)
                    : t('summary.noReorderPoint')}
                </bdi>
              </span>
            </>
          ) : null}
        </div>
      </PageHeader>
      {stock.error ? (
        <ErrorState error={stock.error} onRetry={() => void stock.refetch()} />
      ) : (
        <Panel title={t('movements.stockTitle')} style={{ marginBottom: token.margin }}>
          <div data-testid="product-stock">
            {stock.data ? (
              <WarehouseStock stock={stock.data} onShowWarehouse={(warehouse) => update({ warehouseId: warehouse })} />
            ) : (
              <Typography.Text type="secondary">{tc('states.loading')}</Typography.Text>
            )}
          </div>
        </Panel>
      )}
      <FilterBar>
        <Select
          data-testid="movement-filter-warehouse"
          aria-label={t('fields.warehouse')}
          value={warehouseId ?? ''}
          onChange={(value: string) => update({ warehouseId: value || undefined })}
          options={
            warehouseId && !warehouseOptions.some((option) => option.value === warehouseId)
              ? [...warehouseOptions, { value: warehouseId, label: warehouseId }]
              : warehouseOptions
          }
          style={{ minWidth: 220 }}
          popupMatchSelectWidth={false}
        />
        <Select
          data-testid="movement-filter-kind"
          aria-label={t('fields.kind')}
          value={isMovementKind(kind) ? kind : ''}
          onChange={(value: string) => update({ kind: value || undefined })}
          options={kindOptions}
          style={{ minWidth: 200 }}
          popupMatchSelectWidth={false}
        />
        <DatePicker.RangePicker
          data-testid="movement-filter-period"
          aria-label={t('filters.period')}
          format={DATE_FORMAT}
          value={range}
          allowEmpty={[true, true]}
          placeholder={[t('filters.from'), t('filters.to')]}
          onChange={(_, [start, end]) => update({ from: start || undefined, to: end || undefined })}
        />
        {filtered ? (
          <Button onClick={() => update({ warehouseId: undefined, kind: undefined, from: undefined, to: undefined })}>
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </FilterBar>
      <Panel title={t('movements.chartTitle')} style={{ marginBottom: token.margin }}>
        {series.error ? (
          <ErrorState error={series.error} onRetry={() => void series.refetch()} />
        ) : points.length === 0 ? (
          <Typography.Text type="secondary">
            {series.isPending ? tc('states.loading') : t('movements.chartEmpty')}
          </Typography.Text>
        ) : (
          <>
            <DatedLineChart
              series={[{ points }]}
              label={t('movements.chartLabel', { sku: product?.sku ?? '', count: points.length })}
              format={(value) => formatQuantity(value, i18n.language)}
              kind="quantity"
              testId="movement-chart"
            />
            {series.data && series.data.total > series.data.items.length ? (
              <Typography.Text type="secondary">
                {t('movements.chartLatest', { count: series.data.items.length })}
              </Typography.Text>
            ) : null}
          </>
        )}
      </Panel>
      <Panel title={t('movements.ledgerTitle')}>
        <DataTable<StockMovement>
          testId="movement-table"
          columnChooser={{ id: 'inventory.movements', defaultHidden: ['source', 'user'] }}
          rowKey="id"
          columns={columns}
          state={state}
          onChange={update}
          page={movements.data}
          isLoading={movements.isFetching}
          error={movements.error}
          onRetry={() => void movements.refetch()}
          filtered={filtered}
        />
      </Panel>
    </>
  );
}
