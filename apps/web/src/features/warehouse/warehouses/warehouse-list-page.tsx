import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { WAREHOUSE_KINDS, type Warehouse, type WarehouseKind } from '@backoffice/contracts';
import { Button, Modal, Popconfirm, Select, Tag, Tooltip, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../../shared/lib/dates.ts';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { exportWarehouses, useDeleteWarehouse, useWarehouses, type WarehouseFilter } from './api.ts';
import { WarehouseFormDrawer } from './warehouse-form-drawer.tsx';

const FILTERS = ['active', 'kind'] as const;

export const warehouseUrl = (id: string) => `/warehouse/warehouse/${id}`;

/** Warehouses: server-paged, search, kind and active filters and sort in the URL, export, create, edit, delete. */
export function WarehouseListPage() {
  const { t } = useTranslation('warehouses');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [state, update] = useListState(FILTERS);
  const { active, kind } = state.filters;
  const filter: WarehouseFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(active === 'true' || active === 'false' ? { active } : {}),
    ...(kind && (WAREHOUSE_KINDS as readonly string[]).includes(kind) ? { kind: kind as WarehouseKind } : {}),
  };
  const list = useWarehouses({ page: state.page, pageSize: state.pageSize, ...filter });
  const remove = useDeleteWarehouse();
  const [editing, setEditing] = useState<Warehouse | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const canAdd = has('add_warehouse');
  const canEdit = has('edit_warehouse');
  const canDelete = has('delete_warehouse');

  const openEditor = (warehouse: Warehouse | null) => {
    setEditing(warehouse);
    setDrawerOpen(true);
  };

  const handleDelete = async (warehouse: Warehouse) => {
    try {
      await remove.mutateAsync(warehouse.id);
      notifySuccess(tc('form.deleted'));
    } catch (error) {
      const text = errorText(error);
      if (!text) return;
      const inUse = error instanceof ApiError && error.code === 'IN_USE';
      modal.error({
        title: t('deleteRefused', { name: warehouse.code }),
        content: inUse ? t('inUse', { count: Number(errorDetails(error).count ?? 0) }) : text,
      });
    }
  };

  const columns: ColumnsType<Warehouse> = [
    {
      key: 'code',
      dataIndex: 'code',
      title: t('fields.code'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'code', 'code'),
      render: (code: string, record) => <Link to={warehouseUrl(record.id)}>{code}</Link>,
    },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('fields.name'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'name'),
    },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('fields.kind'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'kind'),
      render: (value: WarehouseKind) => t(`kinds.${value}`),
    },
    {
      key: 'city',
      title: t('fields.city'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'city'),
      render: (_, record) => [record.address.city, record.address.country].filter(Boolean).join(', '),
    },
    { key: 'locationCount', dataIndex: 'locationCount', title: t('fields.locationCount'), align: 'end' },
    {
      key: 'active',
      title: t('fields.status'),
      render: (_, record) =>
        record.active ? <Tag color="green">{t('status.active')}</Tag> : <Tag>{t('status.inactive')}</Tag>,
    },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('fields.updatedAt'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'updatedAt'),
      render: (value: string) => formatDate(value),
    },
  ];
  if (canEdit || canDelete)
    columns.push({
      key: 'actions',
      title: tc('table.actions'),
      fixed: 'end',
      render: (_, record) => (
        <span style={{ display: 'inline-flex', gap: token.marginXXS }}>
          {canEdit ? (
            <Tooltip title={tc('actions.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={`${tc('actions.edit')}: ${record.code}`}
                onClick={() => openEditor(record)}
              />
            </Tooltip>
          ) : null}
          {canDelete ? (
            <Popconfirm
              title={t('warehouses.deleteConfirm', { name: record.code })}
              description={t('warehouses.deleteHint')}
              okText={tc('actions.delete')}
              cancelText={tc('actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => handleDelete(record)}
            >
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${tc('actions.delete')}: ${record.code}`}
              />
            </Popconfirm>
          ) : null}
        </span>
      ),
    });

  const filtered = !!(state.q || active || kind);

  return (
    <>
      {modalHolder}
      <PageHeader
        extra={
          <>
            <ExportButton onExport={() => exportWarehouses(filter, t('warehouses.fileName'))} />
            {canAdd ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="create-warehouse"
                onClick={() => openEditor(null)}
              >
                {t('warehouses.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.margin }}>
        <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('warehouses.search')} autoFocus />
        <Select
          aria-label={t('fields.kind')}
          value={kind ?? ''}
          onChange={(value: string) => update({ kind: value || undefined })}
          style={{ minWidth: 170 }}
          options={[
            { value: '', label: t('kinds.any') },
            ...WAREHOUSE_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) })),
          ]}
        />
        <Select
          aria-label={t('fields.status')}
          value={active ?? ''}
          onChange={(value: string) => update({ active: value || undefined })}
          style={{ minWidth: 150 }}
          options={[
            { value: '', label: t('status.any') },
            { value: 'true', label: t('status.active') },
            { value: 'false', label: t('status.inactive') },
          ]}
        />
        {filtered ? (
          <Button onClick={() => update({ q: '', active: undefined, kind: undefined })}>
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </div>
      <DataTable<Warehouse>
        testId="warehouses-table"
        rowKey="id"
        columns={columns}
        state={state}
        onChange={update}
        page={list.data}
        isLoading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        filtered={filtered}
      />
      <WarehouseFormDrawer
        open={drawerOpen}
        warehouse={editing}
        onClose={() => setDrawerOpen(false)}
        onCreated={(created) => navigate(warehouseUrl(created.id))}
      />
    </>
  );
}
