import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type CustomerSummary, SALES_CHANNELS, type SalesChannel } from '@backoffice/contracts';
import { Button, Popconfirm, Select, Tag, Tooltip, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../../shared/lib/dates.ts';
import { type ListPatch, type ListState, sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { ActiveTag } from '../../partners-shared/active-tag.tsx';
import { countryName, useLanguage } from '../../partners-shared/countries.ts';
import { useDeleteRecord } from '../../partners-shared/use-delete-record.tsx';
import { type CustomerFilter, exportCustomers, useCustomers, useDeleteCustomer } from './api.ts';
import { CustomerNoAccess, isRefused, useCanViewCustomers } from './customer-access.tsx';

export const CUSTOMERS_PATH = '/customer/customers';

/** The list's filters in the URL besides page, size, search and sort. */
const FILTERS = ['active', 'channel'] as const;
type Filter = (typeof FILTERS)[number];
const isFlag = (v: string | undefined): v is 'true' | 'false' => v === 'true' || v === 'false';
const isChannel = (v: string | undefined): v is SalesChannel => SALES_CHANNELS.some((c) => c === v);

/**
 * Customers: server-paged, with search (name, e-mail, phone, channel id), channel and active filters
 * and sort in the URL, export of the current filter, and the way to a customer's page and forms.
 * Someone without view_customer is told so instead of being shown an empty table.
 */
export function CustomerListPage() {
  const canView = useCanViewCustomers();
  const [state, update] = useListState(FILTERS);
  const { active, channel } = state.filters;
  const filter: CustomerFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(isFlag(active) ? { active } : {}),
    ...(isChannel(channel) ? { channel } : {}),
  };
  const list = useCustomers({ page: state.page, pageSize: state.pageSize, ...filter }, canView);
  if (!canView || (list.error && isRefused(list.error))) return <CustomerNoAccess />;
  return <CustomerList state={state} update={update} filter={filter} list={list} />;
}

function CustomerList({
  state,
  update,
  filter,
  list,
}: {
  state: ListState<Filter>;
  update: (patch: ListPatch<Filter>) => void;
  filter: CustomerFilter;
  list: ReturnType<typeof useCustomers>;
}) {
  const { t } = useTranslation('partners');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const language = useLanguage();
  const remove = useDeleteCustomer();
  const [deleteRecord, modalHolder] = useDeleteRecord((id) => remove.mutateAsync(id));
  const { active, channel } = state.filters;

  const canAdd = has('add_customer');
  const canEdit = has('edit_customer');
  const canDelete = has('delete_customer');

  const columns: ColumnsType<CustomerSummary> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('fields.name'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'name', 'name'),
      render: (name: string, record) => <Link to={`${CUSTOMERS_PATH}/${record.id}`}>{name}</Link>,
    },
    {
      key: 'email',
      dataIndex: 'email',
      title: t('fields.email'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'email'),
      render: (email: string | null) => (email ? <bdi>{email}</bdi> : null),
    },
    {
      key: 'phone',
      dataIndex: 'phone',
      title: t('fields.phone'),
      render: (phone: string | null) => (phone ? <bdi>{phone}</bdi> : null),
    },
    {
      key: 'channelIds',
      title: t('fields.channelIds'),
      render: (_, record) => (
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: token.marginXXS }}>
          {record.channelIds.map((c) => (
            <Tag key={`${c.channel}:${c.externalId}`}>
              <bdi>
                {t(`channels.${c.channel}`)}: {c.externalId}
              </bdi>
            </Tag>
          ))}
        </span>
      ),
    },
    {
      key: 'location',
      title: t('fields.location'),
      render: (_, record) =>
        record.country
          ? [record.city, record.postcode, countryName(record.country, language)].filter(Boolean).join(', ')
          : null,
    },
    { key: 'status', title: t('fields.status'), render: (_, record) => <ActiveTag active={record.active} /> },
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
                aria-label={`${tc('actions.edit')}: ${record.name}`}
                onClick={() => navigate(`${CUSTOMERS_PATH}/${record.id}/edit`)}
              />
            </Tooltip>
          ) : null}
          {canDelete ? (
            <Popconfirm
              title={t('customers.deleteConfirm', { name: record.name })}
              description={t('deleteHint')}
              okText={tc('actions.delete')}
              cancelText={tc('actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => deleteRecord(record.id, record.name)}
            >
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${tc('actions.delete')}: ${record.name}`}
              />
            </Popconfirm>
          ) : null}
        </span>
      ),
    });

  const filtered = !!(state.q || active || channel);

  return (
    <>
      {modalHolder}
      <PageHeader
        extra={
          <>
            <ExportButton onExport={() => exportCustomers(filter, t('customers.fileName'))} />
            {canAdd ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="create-customer"
                onClick={() => navigate(`${CUSTOMERS_PATH}/new`)}
              >
                {t('customers.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.margin }}>
        <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('customers.search')} autoFocus />
        <Select
          aria-label={t('channelId.channel')}
          value={channel ?? ''}
          onChange={(value: string) => update({ channel: value || undefined })}
          style={{ minWidth: 150 }}
          options={[
            { value: '', label: t('customers.channelAny') },
            ...SALES_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) })),
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
          <Button onClick={() => update({ q: '', active: undefined, channel: undefined })}>
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </div>
      <DataTable<CustomerSummary>
        testId="customers-table"
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
    </>
  );
}
