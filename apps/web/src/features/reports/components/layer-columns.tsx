import type { FifoLayerRow } from '@backoffice/contracts';
import { Tag, Tooltip, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/dates.ts';
import { sortOrderOf } from '../../../shared/lib/list-state.ts';
import { Figure, ProductLink } from '../../inventory/index.ts';
import { AgeBucketTag } from './age-bucket-tag.tsx';

/** The columns of a table of open FIFO layers; `sort` makes them sortable (server-side), `product` shows the product. */
export function useLayerColumns({ sort, product = true }: { sort?: string | undefined | null; product?: boolean }) {
  const { t } = useTranslation('reports');
  const { token } = theme.useToken();
  const sortable = (key: string) =>
    sort === null ? {} : { sorter: true, sortOrder: sortOrderOf(sort ?? (key === 'sku' ? 'sku' : undefined), key) };
  const columns: ColumnsType<FifoLayerRow> = [];
  if (product)
    columns.push({
      key: 'sku',
      title: t('fields.product'),
      fixed: 'start',
      ...sortable('sku'),
      render: (_, row) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <ProductLink productId={row.product.id} sku={row.product.sku} warehouseId={row.warehouse.id} />
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{row.product.name}</span>
        </span>
      ),
    });
  columns.push(
    {
      key: 'warehouse',
      title: t('fields.warehouse'),
      ...sortable('warehouse'),
      render: (_, row) => (
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: token.marginXXS }}>
          <bdi title={row.warehouse.name}>{row.warehouse.code}</bdi>
          {row.bucket === 'TRANSIT' ? <Tag>{t('common.inTransitTag')}</Tag> : null}
          {row.owner ? (
            <Tooltip title={`${t('fields.owner')}: ${row.owner.code} · ${row.owner.name}`}>
              <Tag color="cyan">{t('common.consignedTag')}</Tag>
            </Tooltip>
          ) : null}
          {row.isDeficit ? (
            // Negative quantity and provisional value: without these rows the layers would not add up to the stock value.
            <Tooltip title={t('common.deficitHint')}>
              <Tag color="orange" data-testid="layer-deficit">
                {t('common.deficitTag')}
              </Tag>
            </Tooltip>
          ) : null}
        </span>
      ),
    },
    {
      key: 'receivedAt',
      dataIndex: 'receivedAt',
      title: t('fields.receivedAt'),
      ...sortable('receivedAt'),
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{formatDate(value)}</bdi>,
    },
    {
      key: 'age',
      title: t('fields.age'),
      align: 'end',
      render: (_, row) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: token.marginXXS, whiteSpace: 'nowrap' }}>
          <Figure value={String(row.ageDays)} />
          <AgeBucketTag bucket={row.ageBucket} />
        </span>
      ),
    },
    {
      key: 'quantity',
      dataIndex: 'quantity',
      title: t('fields.quantity'),
      align: 'end',
      ...sortable('quantity'),
      render: (value: string) => <Figure value={value} />,
    },
    {
      key: 'unitCost',
      dataIndex: 'unitCost',
      title: t('fields.unitCost'),
      align: 'end',
      ...sortable('unitCost'),
      render: (value: string) => <Figure value={value} kind="cost" />,
    },
    {
      key: 'value',
      dataIndex: 'value',
      title: t('fields.value'),
      align: 'end',
      ...sortable('value'),
      render: (value: string) => <Figure value={value} kind="money" />,
    },
  );
  return columns;
}

export const layerKey = (row: FifoLayerRow) => `${row.movementId}:${row.seq}`;
