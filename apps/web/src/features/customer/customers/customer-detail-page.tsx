import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { Customer } from '@backoffice/contracts';
import { Button, Descriptions, Popconfirm, Table, Tabs, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { ApiError } from '../../../shared/lib/errors.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { Notice } from '../../../shared/ui/notice.tsx';
import { PageHeader, useRecordTitle } from '../../../shared/ui/page-header.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { ActiveTag, AddressGrid, useDeleteRecord } from '../../partners-shared/index.ts';
import { useCustomer, useDeleteCustomer } from './api.ts';
import { CustomerNoAccess, isRefused, useCanViewCustomers } from './customer-access.tsx';
import { CUSTOMERS_PATH } from './customer-list-page.tsx';

function General({ customer }: { customer: Customer }) {
  const { t } = useTranslation('partners');
  return (
    <Descriptions
      column={{ xs: 1, md: 2 }}
      bordered
      size="small"
      items={[
        { key: 'name', label: t('fields.name'), children: customer.name },
        {
          key: 'email',
          label: t('fields.email'),
          children: customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : '—',
        },
        { key: 'phone', label: t('fields.phone'), children: customer.phone ? <bdi>{customer.phone}</bdi> : '—' },
        { key: 'status', label: t('fields.status'), children: <ActiveTag active={customer.active} /> },
        { key: 'updatedAt', label: t('fields.updatedAt'), children: <bdi>{formatDateTime(customer.updatedAt)}</bdi> },
        { key: 'createdAt', label: t('fields.createdAt'), children: <bdi>{formatDateTime(customer.createdAt)}</bdi> },
        {
          key: 'notes',
          label: t('fields.notes'),
          span: 'filled',
          children: customer.notes ? <span style={{ whiteSpace: 'pre-wrap' }}>{customer.notes}</span> : '—',
        },
      ]}
    />
  );
}

/** One customer: details, channel ids and addresses in tabs; edit and delete. */
export function CustomerDetailPage() {
  const canView = useCanViewCustomers();
  const { id } = useParams();
  const { t } = useTranslation('partners');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const query = useCustomer(id, canView);
  useRecordTitle(query.data?.name);
  const remove = useDeleteCustomer();
  const [deleteRecord, modalHolder] = useDeleteRecord((customerId) => remove.mutateAsync(customerId));
  const back = (
    <Link to={CUSTOMERS_PATH}>
      <Button icon={<ArrowLeftOutlined />}>{t('backToList')}</Button>
    </Link>
  );

  if (!canView || (query.error && isRefused(query.error))) return <CustomerNoAccess />;
  if (query.isPending) return <Spinner />;
  if (query.error) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return (
        <>
          <PageHeader />
          <Notice status="warning" title={t('customers.notFound')} extra={back} />
        </>
      );
    return (
      <>
        <PageHeader />
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const customer = query.data;

  return (
    <>
      {modalHolder}
      <PageHeader
        extra={
          <>
            {back}
            {has('edit_customer') ? (
              <Link to={`${CUSTOMERS_PATH}/${customer.id}/edit`}>
                <Button type="primary" icon={<EditOutlined />} data-testid="edit-customer">
                  {tc('actions.edit')}
                </Button>
              </Link>
            ) : null}
            {has('delete_customer') ? (
              <Popconfirm
                title={t('customers.deleteConfirm', { name: customer.name })}
                description={t('deleteHint')}
                okText={tc('actions.delete')}
                cancelText={tc('actions.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={async () => {
                  if (await deleteRecord(customer.id, customer.name)) navigate(CUSTOMERS_PATH);
                }}
              >
                <Button danger icon={<DeleteOutlined />}>
                  {tc('actions.delete')}
                </Button>
              </Popconfirm>
            ) : null}
          </>
        }
      >
        <div style={{ marginTop: token.marginXXS, display: 'flex', flexWrap: 'wrap', gap: token.marginXS }}>
          <span data-testid="customer-heading" style={{ fontSize: token.fontSizeLG }}>
            {customer.name}
          </span>
          <ActiveTag active={customer.active} />
        </div>
      </PageHeader>
      <Tabs
        items={[
          { key: 'general', label: t('sections.general'), children: <General customer={customer} /> },
          {
            key: 'channelIds',
            label: `${t('sections.channelIds')} (${customer.channelIds.length})`,
            children: (
              <Table
                data-testid="customer-channel-ids"
                rowKey={(c) => `${c.channel}:${c.externalId}`}
                size="small"
                pagination={false}
                dataSource={customer.channelIds}
                locale={{ emptyText: t('channelId.none') }}
                columns={[
                  {
                    key: 'channel',
                    dataIndex: 'channel',
                    title: t('channelId.channel'),
                    render: (channel: Customer['channelIds'][number]['channel']) => t(`channels.${channel}`),
                  },
                  {
                    key: 'externalId',
                    dataIndex: 'externalId',
                    title: t('channelId.externalId'),
                    render: (value: string) => <bdi>{value}</bdi>,
                  },
                ]}
              />
            ),
          },
          {
            key: 'addresses',
            label: `${t('sections.addresses')} (${customer.addresses.length})`,
            children: <AddressGrid addresses={customer.addresses} />,
          },
        ]}
      />
    </>
  );
}
