import {
  AppstoreAddOutlined,
  ArrowLeftOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { Warehouse, WarehouseLocation } from '@backoffice/contracts';
import { Button, Descriptions, Input, Modal, Popconfirm, Select, Tag, Tooltip, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDate } from '../../../shared/lib/dates.ts';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader, useRecordTitle } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { configUrl } from '../config/urls.ts';
import { exportLocations, type LocationFilter, useDeleteLocation, useLocations, useWarehouse } from './api.ts';
import { LocationFormDrawer } from './location-form-drawer.tsx';
import { LocationRangeDrawer } from './location-range-drawer.tsx';
import { WarehouseFormDrawer } from './warehouse-form-drawer.tsx';

const FILTERS = ['zone', 'pickable', 'active'] as const;

/** A zone filter applied on Enter, showing the URL's zone. */
function ZoneFilter({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const { t } = useTranslation('warehouses');
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Input.Search
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(zone) => onChange(zone.trim())}
      placeholder={t('locations.zoneFilter')}
      aria-label={t('locations.zoneFilter')}
      allowClear
      style={{ maxWidth: 200 }}
    />
  );
}

function WarehouseFacts({ warehouse }: { warehouse: Warehouse }) {
  const { t } = useTranslation('warehouses');
  const { address } = warehouse;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        { key: 'kind', label: t('fields.kind'), children: t(`kinds.${warehouse.kind}`) },
        {
          key: 'status',
          label: t('fields.status'),
          children: warehouse.active ? (
            <Tag color="green">{t('status.active')}</Tag>
          ) : (
            <Tag>{t('status.inactive')}</Tag>
          ),
        },
        { key: 'bins', label: t('fields.locationCount'), children: warehouse.locationCount },
        {
          key: 'address',
          label: t('fields.address'),
          children:
            [address.line1, address.line2, address.city, address.postcode, address.country]
              .filter(Boolean)
              .join(', ') || '—',
        },
      ]}
    />
  );
}

/** The bins of one warehouse: paged, searchable and filterable in the URL, export, add one or a range, edit, delete. */
function LocationsPanel({ warehouse }: { warehouse: Warehouse }) {
  const { t } = useTranslation('warehouses');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const errorText = useErrorText();
  const [modal, modalHolder] = Modal.useModal();
  const [state, update] = useListState(FILTERS);
  const { zone, pickable, active } = state.filters;
  const filter: LocationFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(zone ? { zone } : {}),
    ...(pickable === 'true' || pickable === 'false' ? { pickable } : {}),
    ...(active === 'true' || active === 'false' ? { active } : {}),
  };
  const list = useLocations(warehouse.id, { page: state.page, pageSize: state.pageSize, ...filter });
  const remove = useDeleteLocation();
  const [editing, setEditing] = useState<WarehouseLocation | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [rangeOpen, setRangeOpen] = useState(false);
  const canEdit = has('edit_warehouse');

  const openEditor = (location: WarehouseLocation | null) => {
    setEditing(location);
    setDrawerOpen(true);
  };

  const handleDelete = async (location: WarehouseLocation) => {
    try {
      await remove.mutateAsync({ warehouseId: warehouse.id, id: location.id });
      notifySuccess(tc('form.deleted'));
    } catch (error) {
      const text = errorText(error);
      if (!text) return;
      const inUse = error instanceof ApiError && error.code === 'IN_USE';
      modal.error({
        title: t('deleteRefused', { name: location.code }),
        content: inUse ? t('locations.inUse', { count: Number(errorDetails(error).count ?? 0) }) : text,
      });
    }
  };

  const yesNo = (value: boolean) => (value ? t('yes') : t('no'));
  const columns: ColumnsType<WarehouseLocation> = [
    {
      key: 'code',
      dataIndex: 'code',
      title: t('locations.fields.code'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'code', 'code'),
    },
    {
      key: 'zone',
      dataIndex: 'zone',
      title: t('locations.fields.zone'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'zone'),
    },
    {
      key: 'pickSequence',
      dataIndex: 'pickSequence',
      title: t('locations.fields.pickSequence'),
      align: 'end',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'pickSequence'),
    },
    {
      key: 'pickable',
      title: t('locations.fields.pickable'),
      render: (_, record) => yesNo(record.pickable),
    },
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
  if (canEdit)
    columns.push({
      key: 'actions',
      title: tc('table.actions'),
      fixed: 'end',
      render: (_, record) => (
        <span style={{ display: 'inline-flex', gap: token.marginXXS }}>
          <Tooltip title={tc('actions.edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`${tc('actions.edit')}: ${record.code}`}
              onClick={() => openEditor(record)}
            />
          </Tooltip>
          <Popconfirm
            title={t('locations.deleteConfirm', { name: record.code })}
            description={t('locations.deleteHint')}
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
        </span>
      ),
    });

  const filtered = !!(state.q || zone || pickable || active);
  const statusOptions = [
    { value: '', label: t('status.any') },
    { value: 'true', label: t('status.active') },
    { value: 'false', label: t('status.inactive') },
  ];

  return (
    <Panel
      title={t('locations.title')}
      extra={
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: token.marginXS, fontWeight: 'normal' }}>
          <ExportButton
            onExport={() => exportLocations(warehouse.id, filter, t('locations.fileName', { code: warehouse.code }))}
          />
          {canEdit ? (
            <>
              <Button
                icon={<AppstoreAddOutlined />}
                data-testid="add-location-range"
                onClick={() => setRangeOpen(true)}
              >
                {t('range.open')}
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="add-location"
                onClick={() => openEditor(null)}
              >
                {t('locations.create')}
              </Button>
            </>
          ) : null}
        </span>
      }
    >
      {modalHolder}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.margin }}>
        <SearchLocations value={state.q} onSearch={(q) => update({ q })} />
        <ZoneFilter value={zone ?? ''} onChange={(value) => update({ zone: value || undefined })} />
        <Select
          aria-label={t('locations.fields.pickable')}
          value={pickable ?? ''}
          onChange={(value: string) => update({ pickable: value || undefined })}
          style={{ minWidth: 150 }}
          options={[
            { value: '', label: t('locations.pickableAny') },
            { value: 'true', label: t('locations.pickableOnly') },
            { value: 'false', label: t('locations.notPickable') },
          ]}
        />
        <Select
          aria-label={t('fields.status')}
          value={active ?? ''}
          onChange={(value: string) => update({ active: value || undefined })}
          style={{ minWidth: 150 }}
          options={statusOptions}
        />
        {filtered ? (
          <Button onClick={() => update({ q: '', zone: undefined, pickable: undefined, active: undefined })}>
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </div>
      <DataTable<WarehouseLocation>
        testId="locations-table"
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
      <LocationFormDrawer
        warehouseId={warehouse.id}
        open={drawerOpen}
        location={editing}
        onClose={() => setDrawerOpen(false)}
      />
      <LocationRangeDrawer warehouseId={warehouse.id} open={rangeOpen} onClose={() => setRangeOpen(false)} />
    </Panel>
  );
}

function SearchLocations({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('warehouses');
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Input.Search
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(q) => onSearch(q.trim())}
      placeholder={t('locations.search')}
      aria-label={t('locations.search')}
      allowClear
      enterButton
      style={{ maxWidth: 320 }}
    />
  );
}

/** One warehouse: its facts, a way to edit them and its configuration, and its bins. */
export function WarehouseDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('warehouses');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const warehouse = useWarehouse(id);
  useRecordTitle(warehouse.data?.code);
  const [editOpen, setEditOpen] = useState(false);
  const back = (
    <Link to="/warehouse/warehouse" style={{ display: 'inline-flex', gap: token.marginXXS }}>
      <ArrowLeftOutlined aria-hidden />
      {t('warehouses.back')}
    </Link>
  );

  if (warehouse.isPending) return <Spinner />;
  if (warehouse.isError)
    return (
      <>
        <PageHeader>{back}</PageHeader>
        <ErrorState error={warehouse.error} onRetry={() => void warehouse.refetch()} />
      </>
    );
  const w = warehouse.data;
  return (
    <>
      <PageHeader
        extra={
          <>
            <Button icon={<SettingOutlined />} data-testid="open-config" onClick={() => navigate(configUrl(w.id))}>
              {t('warehouses.advancedConfig')}
            </Button>
            {has('edit_warehouse') ? (
              <Button icon={<EditOutlined />} data-testid="edit-warehouse" onClick={() => setEditOpen(true)}>
                {tc('actions.edit')}
              </Button>
            ) : null}
          </>
        }
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: token.marginXXS }}>
          {back}
          <span data-testid="warehouse-heading" style={{ fontSize: token.fontSizeLG, fontWeight: 600 }}>
            <bdi>{w.code}</bdi> · <bdi>{w.name}</bdi>
          </span>
        </div>
      </PageHeader>
      <Panel style={{ marginBottom: token.margin }}>
        <WarehouseFacts warehouse={w} />
      </Panel>
      <LocationsPanel warehouse={w} />
      <WarehouseFormDrawer open={editOpen} warehouse={w} onClose={() => setEditOpen(false)} />
    </>
  );
}
