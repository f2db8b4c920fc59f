import type { ReplenishmentRow } from '@backoffice/contracts';
import { Button, InputNumber, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { Figure, FilterBar, ProductLink, StockFigures, TestId, UnitLabel } from '../../inventory/index.ts';
import { CreatePurchaseOrdersButton } from '../../purchase-order/index.ts';
import { OptionFilter } from '../../reports/index.ts';
import { exportReplenishment, REPLENISHMENT_FILTERS, type ReplenishmentFilter, useReplenishment } from './api.ts';

const rowKey = (row: ReplenishmentRow) => `${row.productId}:${row.warehouse.id}`;
const whole = (text: string | undefined, min: number, max: number) => {
  const n = Number.parseInt(text ?? '', 10);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

/**
 * Replenishment report: products at or below their reorder point per warehouse, with what they sold
 * over the period, sales per day, days of cover and the suggested order (and its value at the last
 * cost); the period and lead time are the reader's, like every filter kept in the URL; export.
 */
export function ReplenishmentReportPage() {
  const { t } = useTranslation('reports');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const [state, update] = useListState(REPLENISHMENT_FILTERS);
  const { warehouseId, brandId } = state.filters;
  const days = whole(state.filters.days, 1, 365);
  const leadDays = whole(state.filters.leadDays, 0, 365);
  const filter: ReplenishmentFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(warehouseId ? { warehouseId } : {}),
    ...(brandId ? { brandId } : {}),
    ...(days !== undefined ? { days } : {}),
    ...(leadDays !== undefined ? { leadDays } : {}),
  };
  const report = useReplenishment({ page: state.page, pageSize: state.pageSize, ...filter });
  const filtered = !!(state.q || warehouseId || brandId);
  // The suggestions chosen to order, kept across pages by their row key.
  const [chosen, setChosen] = useState<ReadonlyMap<Key, ReplenishmentRow>>(new Map());

  const quantity = (
    key: 'available' | 'inTransit' | 'reorderPoint' | 'reorderQuantity' | 'sold',
    sortable = false,
  ) => ({
    key,
    dataIndex: key,
    title: t(`fields.${key}`),
    align: 'end' as const,
    ...(sortable ? { sorter: true, sortOrder: sortOrderOf(state.sort, key) } : {}),
    render: (value: string) => <Figure value={value} />,
  });
  const columns: ColumnsType<ReplenishmentRow> = [
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
    { key: 'unit', title: t('fields.unit'), render: (_, row) => <UnitLabel unit={row.unit} /> },
    quantity('available', true),
    quantity('inTransit'),
    quantity('reorderPoint'),
    quantity('reorderQuantity'),
    quantity('sold'),
    {
      key: 'velocity',
      dataIndex: 'velocity',
      title: t('fields.velocity'),
      align: 'end',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'velocity'),
      render: (value: string) => <Figure value={value} />,
    },
    {
      key: 'daysOfCover',
      dataIndex: 'daysOfCover',
      title: t('fields.daysOfCover'),
      align: 'end',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'daysOfCover'),
      render: (value: string | null) =>
        value === null ? <span title={t('replenishment.noSales')}>—</span> : <Figure value={value} />,
    },
    {
      key: 'suggestedQuantity',
      dataIndex: 'suggestedQuantity',
      title: t('fields.suggestedQuantity'),
      align: 'end',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'suggestedQuantity'),
      render: (value: string) => (
        <strong>
          <Figure value={value} testId="suggested-quantity" />
        </strong>
      ),
    },
    {
      key: 'suggestedValue',
      dataIndex: 'suggestedValue',
      title: t('fields.suggestedValue'),
      align: 'end',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'suggestedValue'),
      render: (value: string) => <Figure value={value} kind="money" />,
    },
  ];

  return (
    <>
      <PageHeader
        extra={
          <>
            <CreatePurchaseOrdersButton
              suggestions={[...chosen.values()].map((row) => ({
                productId: row.productId,
                sku: row.sku,
                warehouseId: row.warehouse.id,
                quantity: row.suggestedQuantity,
              }))}
            />
            <ExportButton onExport={() => exportReplenishment(filter, t('replenishment.fileName'))} />
          </>
        }
      >
        <p style={{ margin: `${token.marginXXS}px 0 0`, color: token.colorTextSecondary, maxWidth: 760 }}>
          {t('replenishment.intro')}
        </p>
      </PageHeader>
      <FilterBar>
        <TestId id="replenishment-filter-q">
          <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('filters.search')} autoFocus />
        </TestId>
        <OptionFilter
          kind="warehouses"
          testId="replenishment-filter-warehouse"
          ariaLabel={t('fields.warehouse')}
          placeholder={t('filters.allWarehouses')}
          value={warehouseId}
          onChange={(id) => update({ warehouseId: id })}
        />
        <OptionFilter
          kind="brands"
          testId="replenishment-filter-brand"
          ariaLabel={t('fields.brand')}
          placeholder={t('filters.anyBrand')}
          value={brandId}
          onChange={(id) => update({ brandId: id })}
        />
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: token.marginXS }}>
          <label htmlFor="replenishment-days-input">{t('replenishment.days')}</label>
          <InputNumber<number>
            id="replenishment-days-input"
            data-testid="replenishment-days"
            min={1}
            max={365}
            precision={0}
            value={report.data?.days ?? days ?? 30}
            onChange={(value) => update({ days: value === null ? undefined : String(value) })}
            style={{ width: 90 }}
          />
        </span>
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: token.marginXS }}>
          <label htmlFor="replenishment-lead-days-input">{t('replenishment.leadDays')}</label>
          <InputNumber<number>
            id="replenishment-lead-days-input"
            data-testid="replenishment-lead-days"
            min={0}
            max={365}
            precision={0}
            value={report.data?.leadDays ?? leadDays ?? 14}
            onChange={(value) => update({ leadDays: value === null ? undefined : String(value) })}
            style={{ width: 90 }}
          />
        </span>
        {filtered ? (
          <Button onClick={() => update({ q: '', warehouseId: undefined, brandId: undefined })}>
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </FilterBar>
      <div data-testid="replenishment-totals" style={{ marginBottom: token.margin }}>
        <Panel title={t('replenishment.totals')}>
          <StockFigures
            figures={[
              { key: 'rows', label: t('common.rows'), value: report.data ? String(report.data.total) : undefined },
              { key: 'quantity', label: t('fields.suggestedQuantity'), value: report.data?.totals.suggestedQuantity },
              {
                key: 'value',
                label: t('fields.suggestedValue'),
                value: report.data?.totals.suggestedValue,
                kind: 'money',
              },
            ]}
          />
          <p style={{ margin: `${token.marginSM}px 0 0`, color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
            {t('replenishment.formula')}
          </p>
        </Panel>
      </div>
      <DataTable<ReplenishmentRow>
        testId="replenishment-table"
        columnChooser={{ id: 'reports.replenishment', defaultHidden: ['unit', 'sold'] }}
        rowKey={rowKey}
        rowSelection={{
          selectedRowKeys: [...chosen.keys()],
          preserveSelectedRowKeys: true,
          getCheckboxProps: (row) => ({ disabled: !/[1-9]/.test(row.suggestedQuantity) }),
          onChange: (keys, rows) => {
            const next = new Map<Key, ReplenishmentRow>();
            const known = new Map([...chosen, ...rows.filter(Boolean).map((r) => [rowKey(r), r] as const)]);
            for (const key of keys) {
              const row = known.get(key);
              if (row) next.set(key, row);
            }
            setChosen(next);
          },
        }}
        columns={columns}
        state={state}
        onChange={update}
        page={report.data}
        isLoading={report.isFetching}
        error={report.error}
        onRetry={() => void report.refetch()}
        filtered={filtered}
      />
    </>
  );
}
