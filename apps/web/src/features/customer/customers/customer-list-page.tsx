import { type CustomerSummary, SALES_CHANNELS } from '@backoffice/contracts';
import { Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useColumnKit } from '../../../shared/ui/kit/columns.tsx';
import { useDeleteRecord } from '../../../shared/ui/kit/delete-record.tsx';
import { ActiveFilter, FilterBar, SelectFilter } from '../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../shared/ui/kit/list-page.tsx';
import { CreateButton } from '../../../shared/ui/kit/row-actions.tsx';
import { flag, type ListControls, oneOf, useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { countryName, useLanguage } from '../../partners-shared/index.ts';
import { type CustomerFilter, exportCustomers, useCustomers, useDeleteCustomer } from './api.ts';
import { CustomerNoAccess, isRefused, useCanViewCustomers } from './customer-access.tsx';

export const CUSTOMERS_PATH = '/customer/customers';

/** The list's filters in the URL besides page, size, search and sort. */
const FILTERS = ['active', 'channel'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * Customers: server-paged, with search (name, e-mail, phone, channel id), channel and active filters
 * and sort in the URL, export of the current filter, and the way to a customer's page and forms.
 * Someone without view_customer is told so instead of being shown an empty table.
 */
export function CustomerListPage() {
  const canView = useCanViewCustomers();
  const list = useListPage(FILTERS);
  const { active, channel } = list.state.filters;
  const filter: CustomerFilter = { ...list.search, active: flag(active), channel: oneOf(channel, SALES_CHANNELS) };
  const result = useCustomers({ ...list.query, ...filter }, canView);
  if (!canView || (result.error && isRefused(result.error))) return <CustomerNoAccess />;
  return <CustomerList list={list} filter={filter} result={result} />;
}

function CustomerList({
  list,
  filter,
  result,
}: {
  list: ListControls<Filter>;
  filter: CustomerFilter;
  result: ReturnType<typeof useCustomers>;
}) {
  const { t } = useTranslation('partners');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const language = useLanguage();
  const remove = useDeleteCustomer();
  const [deleteRecord, modalHolder] = useDeleteRecord((id) => remove.mutateAsync(id));
  const canEdit = has('edit_customer');
  const canDelete = has('delete_customer');

  const col = useColumnKit<CustomerSummary>(list.state.sort, 'name');
  const columns = [
    col.name({ title: t('fields.name'), link: (record) => `${CUSTOMERS_PATH}/${record.id}` }),
    col.text('email', t('fields.email'), { render: (email: string | null) => (email ? <bdi>{email}</bdi> : null) }),
    col.text('phone', t('fields.phone'), {
      sortable: false,
      render: (phone: string | null) => (phone ? <bdi>{phone}</bdi> : null),
    }),
    {
      key: 'channelIds',
      title: t('fields.channelIds'),
      render: (_: unknown, record: CustomerSummary) => (
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
      render: (_: unknown, record: CustomerSummary) =>
        record.country
          ? [record.city, record.postcode, countryName(record.country, language)].filter(Boolean).join(', ')
          : null,
    },
    col.active({ key: 'status', title: t('fields.status'), value: (record) => record.active }),
    col.date({ title: t('fields.updatedAt') }),
    ...col.editDelete({
      name: (record) => record.name,
      onEdit: canEdit ? (record) => navigate(`${CUSTOMERS_PATH}/${record.id}/edit`) : undefined,
      remove: canDelete
        ? {
            confirm: (record) => t('customers.deleteConfirm', { name: record.name }),
            hint: () => t('deleteHint'),
            run: (record) => deleteRecord(record.id, record.name),
          }
        : undefined,
    }),
  ];

  return (
    <ListPage
      list={list}
      result={result}
      testId="customers-table"
      rowKey="id"
      columns={columns}
      onExport={() => exportCustomers(filter, t('customers.fileName'))}
      create={
        <CreateButton
          permission="add_customer"
          testId="create-customer"
          label={t('customers.create')}
          onClick={() => navigate(`${CUSTOMERS_PATH}/new`)}
        />
      }
      filters={
        <FilterBar list={list} search={t('customers.search')}>
          <SelectFilter
            list={list}
            name="channel"
            label={t('channelId.channel')}
            any={t('customers.channelAny')}
            options={SALES_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))}
          />
          <ActiveFilter list={list} name="active" />
        </FilterBar>
      }
    >
      {modalHolder}
    </ListPage>
  );
}
