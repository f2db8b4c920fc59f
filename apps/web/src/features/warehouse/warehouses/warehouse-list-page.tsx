import { WAREHOUSE_KINDS, type Warehouse, type WarehouseKind } from '@backoffice/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useColumnKit } from '../../../shared/ui/kit/columns.tsx';
import { useDeleteRecord } from '../../../shared/ui/kit/delete-record.tsx';
import { ActiveFilter, FilterBar, SelectFilter } from '../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../shared/ui/kit/list-page.tsx';
import { CreateButton } from '../../../shared/ui/kit/row-actions.tsx';
import { flag, oneOf, useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { exportWarehouses, useDeleteWarehouse, useWarehouses, type WarehouseFilter } from './api.ts';
import { WarehouseFormDrawer } from './warehouse-form-drawer.tsx';

const FILTERS = ['active', 'kind'] as const;

export const warehouseUrl = (id: string) => `/warehouse/warehouse/${id}`;

/** Warehouses: server-paged, search, kind and active filters and sort in the URL, export, create, edit, delete. */
export function WarehouseListPage() {
  const { t } = useTranslation('warehouses');
  const { has } = usePermissions();
  const navigate = useNavigate();
  const list = useListPage(FILTERS);
  const { active, kind } = list.state.filters;
  const filter: WarehouseFilter = { ...list.search, active: flag(active), kind: oneOf(kind, WAREHOUSE_KINDS) };
  const result = useWarehouses({ ...list.query, ...filter });
  const remove = useDeleteWarehouse();
  const [deleteRecord, modalHolder] = useDeleteRecord((id) => remove.mutateAsync(id));
  const [editing, setEditing] = useState<Warehouse | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const canEdit = has('edit_warehouse');
  const canDelete = has('delete_warehouse');

  const openEditor = (warehouse: Warehouse | null) => {
    setEditing(warehouse);
    setDrawerOpen(true);
  };

  const col = useColumnKit<Warehouse>(list.state.sort, 'code');
  const columns = [
    col.code({ title: t('fields.code'), link: (record) => warehouseUrl(record.id) }),
    col.name({ title: t('fields.name') }),
    col.text('kind', t('fields.kind'), { render: (value: WarehouseKind) => t(`kinds.${value}`) }),
    {
      key: 'city',
      title: t('fields.city'),
      ...col.sorted('city'),
      render: (_: unknown, record: Warehouse) =>
        [record.address.city, record.address.country].filter(Boolean).join(', '),
    },
    col.text('locationCount', t('fields.locationCount'), { sortable: false, align: 'end' }),
    col.active({ title: t('fields.status'), value: (record) => record.active }),
    col.date({ title: t('fields.updatedAt') }),
    ...col.editDelete({
      name: (record) => record.code,
      onEdit: canEdit ? openEditor : undefined,
      remove: canDelete
        ? {
            confirm: (record) => t('warehouses.deleteConfirm', { name: record.code }),
            hint: () => t('warehouses.deleteHint'),
            run: (record) => deleteRecord(record.id, record.code),
          }
        : undefined,
    }),
  ];

  return (
    <ListPage
      list={list}
      result={result}
      testId="warehouses-table"
      rowKey="id"
      columns={columns}
      onExport={() => exportWarehouses(filter, t('warehouses.fileName'))}
      create={
        <CreateButton
          permission="add_warehouse"
          testId="create-warehouse"
          label={t('warehouses.create')}
          onClick={() => openEditor(null)}
        />
      }
      filters={
        <FilterBar list={list} search={t('warehouses.search')}>
          <SelectFilter
            list={list}
            name="kind"
            label={t('fields.kind')}
            any={t('kinds.any')}
            width={170}
            options={WAREHOUSE_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          />
          <ActiveFilter list={list} name="active" />
        </FilterBar>
      }
    >
      {modalHolder}
      <WarehouseFormDrawer
        open={drawerOpen}
        warehouse={editing}
        onClose={() => setDrawerOpen(false)}
        onCreated={(created) => navigate(warehouseUrl(created.id))}
      />
    </ListPage>
  );
}
