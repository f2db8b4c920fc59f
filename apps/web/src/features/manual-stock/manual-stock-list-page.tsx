import { EditOutlined } from '@ant-design/icons';
import type { StockMovement } from '@backoffice/contracts';
import { Alert, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WarehouseSelect } from '../../lookups/warehouse-select.tsx';
import { usePermissions } from '../../shared/lib/permissions.tsx';
import { FilterBar } from '../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../shared/ui/kit/list-page.tsx';
import { CreateButton } from '../../shared/ui/kit/row-actions.tsx';
import { useListPage } from '../../shared/ui/kit/use-list-page.ts';
import { formatQuantity, useMovementColumns } from '../inventory/index.ts';
import { useAdjustStart } from './adjust-start.tsx';
import { useOverrides } from './api.ts';
import { OverrideLink } from './override-detail-page.tsx';
import { OverrideFormDrawer, type OverrideOutcome } from './override-form-drawer.tsx';

const FILTERS = ['warehouseId'] as const;

/**
 * Manual stock override: the overrides posted (newest first, by warehouse in the URL) and, for
 * holders of edit_manual_stock, the form that sets a counted quantity and posts the difference.
 */
export function ManualStockListPage() {
  const { t, i18n } = useTranslation('inventory');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const list = useListPage(FILTERS);
  const { warehouseId } = list.state.filters;
  const result = useOverrides({ page: list.state.page, pageSize: list.state.pageSize, warehouseId });
  const movementColumns = useMovementColumns({ product: true, quantityTitle: t('overrides.fields.difference') });
  // Each override opens its page (its reversal, or what it reverses, and Reverse).
  const columns: ColumnsType<StockMovement> = [
    {
      key: 'number',
      title: t('overrides.fields.number'),
      render: (_, row) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <OverrideLink id={row.id} testId="override-link" />
          {/* A reversal names the override it reverses (its source). */}
          {row.sourceId ? (
            <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
              {t('overrides.reversalOfShort', { number: row.sourceId })}
            </span>
          ) : null}
        </span>
      ),
    },
    ...movementColumns,
  ];
  const [drawerOpen, setDrawerOpen] = useState(false);
  const adjust = useAdjustStart();
  const [outcome, setOutcome] = useState<OverrideOutcome | null>(null);
  const quantity = (text: string, signed = false) => formatQuantity(text, i18n.language, signed);

  return (
    <ListPage
      list={list}
      result={result}
      testId="overrides-table"
      rowKey="id"
      columns={columns}
      create={
        <CreateButton
          permission="edit_manual_stock"
          testId="override-open"
          label={t('overrides.create')}
          icon={<EditOutlined />}
          onClick={() => setDrawerOpen(true)}
        />
      }
      filters={
        <>
          {adjust.notice}
          {outcome ? (
            <Alert
              type="success"
              showIcon
              role="status"
              data-testid="override-result"
              title={t('overrides.posted')}
              description={t('overrides.result', {
                sku: outcome.sku,
                warehouse: outcome.warehouse,
                book: quantity(outcome.bookQuantity),
                counted: quantity(outcome.countedQuantity),
                difference: quantity(outcome.difference, true),
              })}
              closable={{ onClose: () => setOutcome(null), 'aria-label': t('overrides.dismiss') }}
              style={{ marginBottom: token.margin }}
            />
          ) : null}
          {has('view_warehouse') ? (
            <FilterBar list={list}>
              <WarehouseSelect
                testId="override-filter-warehouse"
                aria-label={t('fields.warehouse')}
                placeholder={t('filters.allWarehouses')}
                value={warehouseId ?? null}
                onChange={(id) => list.update({ warehouseId: id ?? undefined })}
                allowClear
                style={{ width: 240 }}
              />
            </FilterBar>
          ) : null}
        </>
      }
    >
      <OverrideFormDrawer
        open={drawerOpen || !!adjust.start}
        start={drawerOpen ? undefined : adjust.start}
        onClose={() => {
          setDrawerOpen(false);
          if (adjust.start) adjust.clear();
        }}
        onPosted={setOutcome}
      />
    </ListPage>
  );
}
