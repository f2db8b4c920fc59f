import { EditOutlined } from '@ant-design/icons';
import type { WarehouseConfig } from '@backoffice/contracts';
import { Button, Select, Tag, Tooltip, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../../shared/lib/dates.ts';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { type ConfigFilter, exportWarehouseConfigs, useWarehouseConfigs } from '../warehouses/api.ts';
import { configUrl } from './urls.ts';

const FILTERS = ['active'] as const;

/** Every warehouse's advanced configuration side by side, read-only: paged, searchable, exportable. */
export function WarehouseConfigViewPage() {
  const { t } = useTranslation('warehouses');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const [state, update] = useListState(FILTERS);
  const { active } = state.filters;
  const filter: ConfigFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(active === 'true' || active === 'false' ? { active } : {}),
  };
  const list = useWarehouseConfigs({ page: state.page, pageSize: state.pageSize, ...filter });
  const bin = (location: WarehouseConfig['defaultReceivingLocation']) =>
    location ? (
      <span>
        {location.code}
        {location.active ? null : <Tag style={{ marginInlineStart: token.marginXS }}>{t('status.inactive')}</Tag>}
      </span>
    ) : (
      <span style={{ color: token.colorTextTertiary }}>{t('config.none')}</span>
    );

  const columns: ColumnsType<WarehouseConfig> = [
    {
      key: 'code',
      dataIndex: 'warehouseCode',
      title: t('fields.warehouse'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'code', 'code'),
      render: (code: string, record) => <Link to={`/warehouse/warehouse/${record.warehouseId}`}>{code}</Link>,
    },
    {
      key: 'name',
      dataIndex: 'warehouseName',
      title: t('fields.name'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'name'),
      render: (name: string, record) => (
        <>
          {name}
          {record.warehouseActive ? null : (
            <Tag style={{ marginInlineStart: token.marginXS }}>{t('status.inactive')}</Tag>
          )}
        </>
      ),
    },
    {
      key: 'allowNegativeStock',
      title: t('config.fields.allowNegativeStock'),
      render: (_, record) => (record.allowNegativeStock ? <Tag color="orange">{t('yes')}</Tag> : t('no')),
    },
    {
      key: 'receiving',
      title: t('config.fields.defaultReceivingLocation'),
      render: (_, record) => bin(record.defaultReceivingLocation),
    },
    {
      key: 'returns',
      title: t('config.fields.defaultReturnsLocation'),
      render: (_, record) => bin(record.defaultReturnsLocation),
    },
    {
      key: 'tolerance',
      title: t('config.fields.overReceiptTolerance'),
      align: 'end',
      render: (_, record) => <bdi>{`${record.overReceiptTolerance} %`}</bdi>,
    },
    {
      key: 'pickingOrder',
      title: t('config.fields.pickingOrder'),
      render: (_, record) => t(`pickingOrders.${record.pickingOrder}.label`),
    },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('fields.updatedAt'),
      render: (value: string) => formatDate(value),
    },
  ];
  if (has('edit_warehouse'))
    columns.push({
      key: 'actions',
      title: tc('table.actions'),
      fixed: 'end',
      render: (_, record) => (
        <Tooltip title={tc('actions.edit')}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`${tc('actions.edit')}: ${record.warehouseCode}`}
            onClick={() => navigate(configUrl(record.warehouseId))}
          />
        </Tooltip>
      ),
    });

  const filtered = !!(state.q || active);
  return (
    <>
      <PageHeader extra={<ExportButton onExport={() => exportWarehouseConfigs(filter, t('config.fileName'))} />} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.margin }}>
        <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('config.search')} autoFocus />
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
      <DataTable<WarehouseConfig>
        testId="warehouse-configs-table"
        rowKey="warehouseId"
        columns={columns}
        state={state}
        onChange={update}
        page={list.data}
        isLoading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        filtered={filtered}
      />
    </>
  );
}
