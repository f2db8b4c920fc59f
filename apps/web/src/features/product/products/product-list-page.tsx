import { PRODUCT_KINDS, type ProductListItem } from '@backoffice/contracts';
import { Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BrandFilter } from '../../../lookups/brand-filter.tsx';
import { formatQuantity } from '../../../shared/lib/numbers.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useColumnKit } from '../../../shared/ui/kit/columns.tsx';
import { useDeleteRecord } from '../../../shared/ui/kit/delete-record.tsx';
import { ActiveFilter, FilterBar, SelectFilter } from '../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../shared/ui/kit/list-page.tsx';
import { CreateButton } from '../../../shared/ui/kit/row-actions.tsx';
import { flag, oneOf, useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { exportProducts, type ProductFilter, useDeleteProduct, useProducts } from './api.ts';
import { ProductFormDrawer } from './product-form-drawer.tsx';

/** The list's filters in the URL besides page, size, search and sort. */
const FILTERS = ['brandId', 'kind', 'active'] as const;
/** The product open in the form, in the URL too (`edit=new` or `edit=<id>`), so it survives a reload. */
const EDIT_PARAM = 'edit';
const KIND_COLOURS: Partial<Record<ProductListItem['kind'], string>> = { BUNDLE: 'purple', SERVICE: 'cyan' };

/**
 * Products: server-paged, searched by SKU, name or barcode, filtered by brand, kind and active,
 * sorted, all in the URL; brand by name, cost and sale price, stock on hand and available over every
 * warehouse; export of the current filter; create, edit and delete.
 */
export function ProductListPage() {
  const { t, i18n } = useTranslation('products');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const list = useListPage(FILTERS);
  const [params, setParams] = useSearchParams();
  const { brandId, kind, active } = list.state.filters;
  const filter: ProductFilter = {
    ...list.search,
    ...(brandId ? { brandId } : {}),
    kind: oneOf(kind, PRODUCT_KINDS),
    active: flag(active),
  };
  const result = useProducts({ ...list.query, ...filter });
  const remove = useDeleteProduct();
  const [deleteRecord, modalHolder] = useDeleteRecord((id) => remove.mutateAsync(id), {
    refusedTitle: (sku) => t('list.deleteRefused', { sku }),
  });

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

  const col = useColumnKit<ProductListItem>(list.state.sort, 'sku');
  /** Stock over every warehouse, in the reader's number format (exact: the decimal text goes to Intl as it is). */
  const quantity = (key: 'onHand' | 'available') => ({
    key,
    dataIndex: key,
    title: t(`fields.${key}`),
    align: 'end' as const,
    render: (value: string) => (
      <bdi
        data-testid={`product-${key}`}
        style={{ fontVariantNumeric: 'tabular-nums', color: value.startsWith('-') ? token.colorError : undefined }}
      >
        {formatQuantity(value, i18n.language)}
      </bdi>
    ),
  });
  const columns = [
    col.code({ key: 'sku', title: t('fields.sku') }),
    col.name({ title: t('fields.name') }),
    {
      key: 'brand',
      title: t('fields.brand'),
      render: (_: unknown, record: ProductListItem) =>
        record.brand ? (
          <Tooltip title={record.brand.code}>
            <bdi>{record.brand.name}</bdi>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    col.status<ProductListItem['kind']>({
      key: 'kind',
      title: t('fields.kind'),
      label: (value) => t(`kinds.${value}`),
      color: (value) => KIND_COLOURS[value],
    }),
    {
      key: 'unit',
      title: t('fields.unit'),
      render: (_: unknown, record: ProductListItem) => t(`units.${record.unit}`),
    },
    col.money({ key: 'costPrice', title: t('fields.costPrice') }),
    col.money({ key: 'salePrice', title: t('fields.salePrice'), sortable: true }),
    quantity('onHand'),
    quantity('available'),
    col.active({ title: t('fields.status'), value: (record) => record.active }),
    ...col.editDelete({
      name: (record) => record.sku,
      onEdit: canEdit ? (record) => setEditing(record.id) : undefined,
      remove: canDelete
        ? {
            confirm: (record) => t('list.deleteConfirm', { sku: record.sku }),
            hint: () => t('list.deleteHint'),
            run: (record) => deleteRecord(record.id, record.sku),
          }
        : undefined,
    }),
  ];

  return (
    <ListPage
      list={list}
      result={result}
      testId="products-table"
      rowKey="id"
      columns={columns}
      // Fits 1440 px with the stock figures; the unit waits in the column chooser.
      columnChooser={{ id: 'products.list', defaultHidden: ['unit'] }}
      onExport={() => exportProducts(filter, t('list.fileName'))}
      create={
        <CreateButton
          permission="add_product"
          testId="create-product"
          label={t('list.create')}
          onClick={() => setEditing('new')}
        />
      }
      filters={
        <FilterBar list={list} search={t('list.search')}>
          {has('view_brand') ? <BrandFilter value={brandId} onChange={(id) => list.update({ brandId: id })} /> : null}
          <SelectFilter
            list={list}
            name="kind"
            label={t('fields.kind')}
            any={t('list.anyKind')}
            options={PRODUCT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          />
          <ActiveFilter list={list} name="active" />
        </FilterBar>
      }
    >
      {modalHolder}
      <ProductFormDrawer productId={drawerProduct} onClose={() => setEditing(null)} />
    </ListPage>
  );
}
