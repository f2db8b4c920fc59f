import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { PRODUCT_KINDS, type ProductKind, type ProductListItem } from '@backoffice/contracts';
import { Button, Modal, Popconfirm, Select, Tag, Tooltip, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { BrandFilter } from '../brands/brand-filter.tsx';
import { exportProducts, type ProductFilter, useDeleteProduct, useProducts } from './api.ts';
import { ProductFormDrawer } from './product-form-drawer.tsx';

/** The list's filters in the URL besides page, size, search and sort. */
const FILTERS = ['brandId', 'kind', 'active'] as const;
/** The product open in the form, in the URL too (`edit=new` or `edit=<id>`), so it survives a reload. */
const EDIT_PARAM = 'edit';

const isKind = (value: string | undefined): value is ProductKind =>
  value !== undefined && (PRODUCT_KINDS as readonly string[]).includes(value);

/**
 * Products: server-paged, searched by SKU, name or barcode, filtered by brand, kind and active,
 * sorted, all in the URL; export of the current filter; create, edit and delete.
 */
export function ProductListPage() {
  const { t } = useTranslation('products');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const errorText = useErrorText();
  const [modal, modalHolder] = Modal.useModal();
  const [state, update] = useListState(FILTERS);
  const [params, setParams] = useSearchParams();
  const { brandId, kind, active } = state.filters;
  const filter: ProductFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(brandId ? { brandId } : {}),
    ...(isKind(kind) ? { kind } : {}),
    ...(active === 'true' || active === 'false' ? { active } : {}),
  };
  const list = useProducts({ page: state.page, pageSize: state.pageSize, ...filter });
  const remove = useDeleteProduct();

  const canAdd = has('add_product');
  const canEdit = has('edit_product');
  const canDelete = has('delete_product');
  const editing = params.get(EDIT_PARAM);
  const drawerProduct = editing === 'new' ? (canAdd ? 'new' : null) : editing && canEdit ? editing : null;

  const setEditing = (value: string | null) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(EDIT_PARAM, value);
      else next.delete(EDIT_PARAM);
      return next;
    });

  const handleDelete = async (record: ProductListItem) => {
    try {
      await remove.mutateAsync(record.id);
      notifySuccess(tc('form.deleted'));
    } catch (error) {
      const text = errorText(error);
      if (!text) return;
      const inUse = error instanceof ApiError && error.code === 'IN_USE';
      modal.error({
        title: t('list.deleteRefused', { sku: record.sku }),
        content: inUse ? t('list.inUse', { count: Number(errorDetails(error).count ?? 0) }) : text,
      });
    }
  };

  const columns: ColumnsType<ProductListItem> = [
    {
      key: 'sku',
      dataIndex: 'sku',
      title: t('fields.sku'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'sku', 'sku'),
      render: (sku: string) => <bdi>{sku}</bdi>,
    },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('fields.name'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'name'),
    },
    {
      key: 'brand',
      title: t('fields.brand'),
      render: (_, record) => (record.brand ? <bdi title={record.brand.name}>{record.brand.code}</bdi> : '—'),
    },
    {
      key: 'kind',
      title: t('fields.kind'),
      render: (_, record) => (
        <Tag color={record.kind === 'BUNDLE' ? 'purple' : record.kind === 'SERVICE' ? 'cyan' : undefined}>
          {t(`kinds.${record.kind}`)}
        </Tag>
      ),
    },
    { key: 'unit', title: t('fields.unit'), render: (_, record) => t(`units.${record.unit}`) },
    {
      key: 'salePrice',
      dataIndex: 'salePrice',
      title: t('fields.salePrice'),
      align: 'end',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'salePrice'),
      render: (price: string) => <bdi>£{price}</bdi>,
    },
    {
      key: 'active',
      title: t('fields.status'),
      render: (_, record) =>
        record.active ? <Tag color="green">{t('status.active')}</Tag> : <Tag>{t('status.inactive')}</Tag>,
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
                aria-label={`${tc('actions.edit')}: ${record.sku}`}
                onClick={() => setEditing(record.id)}
              />
            </Tooltip>
          ) : null}
          {canDelete ? (
            <Popconfirm
              title={t('list.deleteConfirm', { sku: record.sku })}
              description={t('list.deleteHint')}
              okText={tc('actions.delete')}
              cancelText={tc('actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => handleDelete(record)}
            >
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${tc('actions.delete')}: ${record.sku}`}
              />
            </Popconfirm>
          ) : null}
        </span>
      ),
    });

  const filtered = !!(state.q || brandId || kind || active);

  return (
    <>
      {modalHolder}
      <PageHeader
        extra={
          <>
            <ExportButton onExport={() => exportProducts(filter, t('list.fileName'))} />
            {canAdd ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="create-product"
                onClick={() => setEditing('new')}
              >
                {t('list.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.margin }}>
        <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('list.search')} autoFocus />
        {has('view_brand') ? <BrandFilter value={brandId} onChange={(id) => update({ brandId: id })} /> : null}
        <Select
          aria-label={t('fields.kind')}
          value={kind ?? ''}
          onChange={(value: string) => update({ kind: value || undefined })}
          style={{ minWidth: 150 }}
          options={[
            { value: '', label: t('list.anyKind') },
            ...PRODUCT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
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
          <Button onClick={() => update({ q: '', brandId: undefined, kind: undefined, active: undefined })}>
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </div>
      <DataTable<ProductListItem>
        testId="products-table"
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
      <ProductFormDrawer productId={drawerProduct} onClose={() => setEditing(null)} />
    </>
  );
}
