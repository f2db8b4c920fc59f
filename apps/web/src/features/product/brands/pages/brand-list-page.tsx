import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Brand } from '@backoffice/contracts';
import { Button, Modal, Popconfirm, Select, Tag, Tooltip, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../shared/lib/dates.ts';
import { ApiError, errorDetails } from '../../../../shared/lib/errors.ts';
import { sortOrderOf, useListState } from '../../../../shared/lib/list-state.ts';
import { notifySuccess } from '../../../../shared/lib/notify.ts';
import { usePermissions } from '../../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../../shared/lib/use-error-text.ts';
import { DataTable } from '../../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../../shared/ui/search-box.tsx';
import { type BrandFilter, exportBrands, useBrands, useDeleteBrand } from '../api.ts';
import { BrandFormDrawer } from '../components/brand-form-drawer.tsx';

/** The list's filters in the URL besides page, size, search and sort. */
const FILTERS = ['active'] as const;

/** Brands: a server-paged list (search, active filter and sort in the URL), export, create, edit and delete. */
export function BrandListPage() {
  const { t } = useTranslation('masterData');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const errorText = useErrorText();
  const [modal, modalHolder] = Modal.useModal();
  const [state, update] = useListState(FILTERS);
  const { active } = state.filters;
  const filter: BrandFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(active === 'true' || active === 'false' ? { active } : {}),
  };
  const brands = useBrands({ page: state.page, pageSize: state.pageSize, ...filter });
  const remove = useDeleteBrand();
  const [editing, setEditing] = useState<Brand | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const canAdd = has('add_brand');
  const canEdit = has('edit_brand');
  const canDelete = has('delete_brand');

  const openEditor = (brand: Brand | null) => {
    setEditing(brand);
    setDrawerOpen(true);
  };

  const handleDelete = async (brand: Brand) => {
    try {
      await remove.mutateAsync(brand.id);
      notifySuccess(tc('form.deleted'));
    } catch (error) {
      const text = errorText(error);
      if (!text) return;
      const inUse = error instanceof ApiError && error.code === 'IN_USE';
      modal.error({
        title: t('deleteRefused', { name: brand.code }),
        content: inUse ? t('inUse', { count: Number(errorDetails(error).count ?? 0) }) : text,
      });
    }
  };

  const columns: ColumnsType<Brand> = [
    {
      key: 'code',
      dataIndex: 'code',
      title: t('fields.code'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'code', 'code'),
    },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('fields.name'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'name'),
    },
    {
      key: 'active',
      title: t('fields.status'),
      render: (_, brand) =>
        brand.active ? <Tag color="green">{t('status.active')}</Tag> : <Tag>{t('status.inactive')}</Tag>,
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
      render: (_, brand) => (
        <span style={{ display: 'inline-flex', gap: token.marginXXS }}>
          {canEdit ? (
            <Tooltip title={tc('actions.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={`${tc('actions.edit')}: ${brand.code}`}
                onClick={() => openEditor(brand)}
              />
            </Tooltip>
          ) : null}
          {canDelete ? (
            <Popconfirm
              title={t('brands.deleteConfirm', { name: brand.code })}
              description={t('deleteHint')}
              okText={tc('actions.delete')}
              cancelText={tc('actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => handleDelete(brand)}
            >
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${tc('actions.delete')}: ${brand.code}`}
              />
            </Popconfirm>
          ) : null}
        </span>
      ),
    });

  const filtered = !!(state.q || active);

  return (
    <>
      {modalHolder}
      <PageHeader
        extra={
          <>
            <ExportButton onExport={() => exportBrands(filter, t('brands.fileName'))} />
            {canAdd ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="create-brand"
                onClick={() => openEditor(null)}
              >
                {t('brands.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.margin }}>
        <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('brands.search')} autoFocus />
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
          <Button onClick={() => update({ q: '', active: undefined })}>{tc('actions.clearFilters')}</Button>
        ) : null}
      </div>
      <DataTable<Brand>
        testId="brands-table"
        rowKey="id"
        columns={columns}
        state={state}
        onChange={update}
        page={brands.data}
        isLoading={brands.isFetching}
        error={brands.error}
        onRetry={() => void brands.refetch()}
        filtered={filtered}
      />
      <BrandFormDrawer open={drawerOpen} brand={editing} onClose={() => setDrawerOpen(false)} />
    </>
  );
}
