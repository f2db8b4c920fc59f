import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { BusinessPartner } from '@backoffice/contracts';
import { Button, Descriptions, Popconfirm, Table, Tabs, Tag, theme } from 'antd';
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
import { useBusinessPartner, useDeleteBusinessPartner } from './api.ts';
import { PEOPLE_PATH } from './business-partner-list-page.tsx';

function General({ partner }: { partner: BusinessPartner }) {
  const { t } = useTranslation('partners');
  return (
    <Descriptions
      column={{ xs: 1, md: 2 }}
      bordered
      size="small"
      items={[
        { key: 'code', label: t('fields.code'), children: partner.code },
        { key: 'name', label: t('fields.name'), children: partner.name },
        {
          key: 'vatNumber',
          label: t('fields.vatNumber'),
          children: partner.vatNumber ? <bdi>{partner.vatNumber}</bdi> : '—',
        },
        {
          key: 'isConsignment',
          label: t('fields.isConsignment'),
          children: partner.isConsignment ? t('yes') : t('no'),
        },
        { key: 'status', label: t('fields.status'), children: <ActiveTag active={partner.active} /> },
        { key: 'updatedAt', label: t('fields.updatedAt'), children: <bdi>{formatDateTime(partner.updatedAt)}</bdi> },
        { key: 'createdAt', label: t('fields.createdAt'), children: <bdi>{formatDateTime(partner.createdAt)}</bdi> },
        {
          key: 'notes',
          label: t('fields.notes'),
          span: 'filled',
          children: partner.notes ? <span style={{ whiteSpace: 'pre-wrap' }}>{partner.notes}</span> : '—',
        },
      ]}
    />
  );
}

function Terms({ partner }: { partner: BusinessPartner }) {
  const { t } = useTranslation('partners');
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      items={[
        { key: 'currency', label: t('fields.currency'), children: partner.defaultCurrency },
        {
          key: 'paymentTerms',
          label: t('fields.paymentTerms'),
          children: t('days', { count: partner.paymentTermsDays }),
        },
        {
          key: 'interest',
          label: t('fields.lateInterest'),
          children:
            partner.lateInterestRate && partner.lateInterestType
              ? t('businessPartners.interestSummary', {
                  rate: partner.lateInterestRate,
                  type: t(`interestTypes.${partner.lateInterestType}`),
                })
              : t('businessPartners.noInterest'),
        },
      ]}
    />
  );
}

function Contacts({ partner }: { partner: BusinessPartner }) {
  const { t } = useTranslation('partners');
  return (
    <Table
      data-testid="business-partner-contacts"
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={partner.contacts}
      locale={{ emptyText: t('contact.none') }}
      columns={[
        {
          key: 'name',
          dataIndex: 'name',
          title: t('contact.name'),
          render: (name: string, c) => (
            <>
              {name} {c.isPrimary ? <Tag color="blue">{t('contact.primary')}</Tag> : null}
            </>
          ),
        },
        { key: 'role', dataIndex: 'role', title: t('contact.role') },
        {
          key: 'email',
          dataIndex: 'email',
          title: t('contact.email'),
          render: (email: string | null) => (email ? <a href={`mailto:${email}`}>{email}</a> : null),
        },
        {
          key: 'phone',
          dataIndex: 'phone',
          title: t('contact.phone'),
          render: (phone: string | null) => (phone ? <bdi>{phone}</bdi> : null),
        },
      ]}
    />
  );
}

/** One business partner: general details, contacts, addresses and terms in tabs; edit and delete. */
export function BusinessPartnerDetailPage() {
  const { id } = useParams();
  const { t } = useTranslation('partners');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const query = useBusinessPartner(id);
  useRecordTitle(query.data?.code);
  const remove = useDeleteBusinessPartner();
  const [deleteRecord, modalHolder] = useDeleteRecord((partnerId) => remove.mutateAsync(partnerId));
  const back = (
    <Link to={PEOPLE_PATH}>
      <Button icon={<ArrowLeftOutlined />}>{t('backToList')}</Button>
    </Link>
  );

  if (query.isPending) return <Spinner />;
  if (query.error) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return (
        <>
          <PageHeader />
          <Notice status="warning" title={t('businessPartners.notFound')} extra={back} />
        </>
      );
    return (
      <>
        <PageHeader />
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const partner = query.data;

  return (
    <>
      {modalHolder}
      <PageHeader
        extra={
          <>
            {back}
            {has('edit_supplier') ? (
              <Link to={`${PEOPLE_PATH}/${partner.id}/edit`}>
                <Button type="primary" icon={<EditOutlined />} data-testid="edit-business-partner">
                  {tc('actions.edit')}
                </Button>
              </Link>
            ) : null}
            {has('delete_supplier') ? (
              <Popconfirm
                title={t('businessPartners.deleteConfirm', { name: partner.code })}
                description={t('deleteHint')}
                okText={tc('actions.delete')}
                cancelText={tc('actions.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={async () => {
                  if (await deleteRecord(partner.id, partner.code)) navigate(PEOPLE_PATH);
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
          <span data-testid="business-partner-heading" style={{ fontSize: token.fontSizeLG }}>
            <bdi>{partner.code}</bdi> · {partner.name}
          </span>
          <ActiveTag active={partner.active} />
          {partner.isConsignment ? <Tag color="purple">{t('fields.isConsignment')}</Tag> : null}
        </div>
      </PageHeader>
      <Tabs
        items={[
          { key: 'general', label: t('sections.general'), children: <General partner={partner} /> },
          {
            key: 'contacts',
            label: `${t('sections.contacts')} (${partner.contacts.length})`,
            children: <Contacts partner={partner} />,
          },
          {
            key: 'addresses',
            label: `${t('sections.addresses')} (${partner.addresses.length})`,
            children: <AddressGrid addresses={partner.addresses} />,
          },
          { key: 'terms', label: t('sections.terms'), children: <Terms partner={partner} /> },
        ]}
      />
    </>
  );
}
