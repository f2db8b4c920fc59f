import { EditOutlined } from '@ant-design/icons';
import type { StockMovement } from '@backoffice/contracts';
import { Alert, Button, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListState } from '../../shared/lib/list-state.ts';
import { usePermissions } from '../../shared/lib/permissions.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { FilterBar } from '../inventory/components/filter-bar.tsx';
import { useMovementColumns } from '../inventory/components/movement-columns.tsx';
import { formatQuantity } from '../inventory/components/numbers.ts';
import { WarehouseSelect } from '../warehouse/components/warehouse-select.tsx';
import { useOverrides } from './api.ts';
import { OverrideFormDrawer, type OverrideOutcome } from './override-form-drawer.tsx';

const FILTERS = ['warehouseId'] as const;

/**
 * Manual stock override: the overrides posted (newest first, by warehouse in the URL) and, for
 * holders of edit_manual_stock, the form that sets a counted quantity and posts the difference.
 */
export function ManualStockListPage() {
  const { t, i18n } = useTranslation('inventory');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const [state, update] = useListState(FILTERS);
  const { warehouseId } = state.filters;
  const list = useOverrides({ page: state.page, pageSize: state.pageSize, ...(warehouseId ? { warehouseId } : {}) });
  const columns = useMovementColumns({ product: true, quantityTitle: t('overrides.fields.difference') });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [outcome, setOutcome] = useState<OverrideOutcome | null>(null);
  const quantity = (text: string, signed = false) => formatQuantity(text, i18n.language, signed);

  return (
    <>
      <PageHeader
        extra={
          has('edit_manual_stock') ? (
            <Button
              type="primary"
              icon={<EditOutlined />}
              data-testid="override-open"
              onClick={() => setDrawerOpen(true)}
            >
              {t('overrides.create')}
            </Button>
          ) : undefined
        }
      />
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
        <FilterBar>
          <WarehouseSelect
            testId="override-filter-warehouse"
            aria-label={t('fields.warehouse')}
            placeholder={t('filters.allWarehouses')}
            value={warehouseId ?? null}
            onChange={(id) => update({ warehouseId: id ?? undefined })}
            allowClear
            style={{ width: 240 }}
          />
          {warehouseId ? (
            <Button onClick={() => update({ warehouseId: undefined })}>{tc('actions.clearFilters')}</Button>
          ) : null}
        </FilterBar>
      ) : null}
      <DataTable<StockMovement>
        testId="overrides-table"
        rowKey="id"
        columns={columns}
        state={state}
        onChange={update}
        page={list.data}
        isLoading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        filtered={!!warehouseId}
      />
      <OverrideFormDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} onPosted={setOutcome} />
    </>
  );
}
