import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type BusinessPartnerSummary, CURRENCY_CODES, type CurrencyCode } from '@backoffice/contracts';
import { Button, Popconfirm, Select, Tag, Tooltip, theme } from 'antd';
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
import { ActiveTag } from '../../partners-shared/active-tag.tsx';
import { useDeleteRecord } from '../../partners-shared/use-delete-record.tsx';
import {
  type BusinessPartnerFilter,
  exportBusinessPartners,
  useBusinessPartners,
  useDeleteBusinessPartner,
} from './api.ts';

export const PEOPLE_PATH = '/person/people';

/** The list's filters in the URL besides page, size, search and sort. */
const FILTERS = ['active', 'consignment', 'currency'] as const;
const isFlag = (v: string | undefined): v is 'true' | 'false' => v === 'true' || v === 'false';
const isCurrency = (v: string | undefined): v is CurrencyCode => CURRENCY_CODES.some((c) => c === v);

/**
 * Business partners: server-paged, with search (code, name, VAT number, contact e-mail), filters
 * (active, consignment, currency) and sort in the URL, export of the current filter, and the way to
 * a partner's page, its edit page and a new one.
 */
export function BusinessPartnerListPage() {
  const { t } = useTranslation('partners');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const [state, update] = useListState(FILTERS);
  const { active, consignment, currency } = state.filters;
  const filter: BusinessPartnerFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(isFlag(active) ? { active } : {}),
    ...(isFlag(consignment) ? { consignment } : {}),
    ...(isCurrency(currency) ? { currency } : {}),
  };
  const list = useBusinessPartners({ page: state.page, pageSize: state.pageSize, ...filter });
  const remove = useDeleteBusinessPartner();
  const [deleteRecord, modalHolder] = useDeleteRecord((id) => remove.mutateAsync(id));

  const canAdd = has('add_supplier');
  const canEdit = has('edit_supplier');
  const canDelete = has('delete_supplier');

  const columns: ColumnsType<BusinessPartnerSummary> = [
    {
      key: 'code',
      dataIndex: 'code',
      title: t('fields.code'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'code', 'code'),
      render: (code: string, record) => <Link to={`${PEOPLE_PATH}/${record.id}`}>{code}</Link>,
    },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('fields.name'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'name'),
    },
    {
      key: 'vatNumber',
      dataIndex: 'vatNumber',
      title: t('fields.vatNumber'),
      render: (value: string | null) => (value ? <bdi>{value}</bdi> : null),
    },
    { key: 'currency', dataIndex: 'defaultCurrency', title: t('fields.currency') },
    {
      key: 'paymentTermsDays',
      dataIndex: 'paymentTermsDays',
      title: t('fields.paymentTerms'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'paymentTermsDays'),
      render: (days: number) => t('days', { count: days }),
    },
    {
      key: 'primaryContact',
      title: t('fields.primaryContact'),
      render: (_, record) =>
        record.primaryContact ? (
          <span>
            {record.primaryContact.name}
            {record.primaryContact.email ? (
              <div style={{ color: token.colorTextSecondary }}>
                <bdi>{record.primaryContact.email}</bdi>
              </div>
            ) : null}
          </span>
        ) : null,
    },
    {
      key: 'status',
      title: t('fields.status'),
      render: (_, record) => (
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: token.marginXXS }}>
          <ActiveTag active={record.active} />
          {record.isConsignment ? <Tag color="purple">{t('fields.isConsignment')}</Tag> : null}
        </span>
      ),
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
      render: (_, record) => (
        <span style={{ display: 'inline-flex', gap: token.marginXXS }}>
          {canEdit ? (
            <Tooltip title={tc('actions.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={`${tc('actions.edit')}: ${record.code}`}
                onClick={() => navigate(`${PEOPLE_PATH}/${record.id}/edit`)}
              />
            </Tooltip>
          ) : null}
          {canDelete ? (
            <Popconfirm
              title={t('businessPartners.deleteConfirm', { name: record.code })}
              description={t('deleteHint')}
              okText={tc('actions.delete')}
              cancelText={tc('actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => deleteRecord(record.id, record.code)}
            >
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${tc('actions.delete')}: ${record.code}`}
              />
            </Popconfirm>
          ) : null}
        </span>
      ),
    });

  const filtered = !!(state.q || active || consignment || currency);

  return (
    <>
      {modalHolder}
      <PageHeader
        extra={
          <>
            <ExportButton onExport={() => exportBusinessPartners(filter, t('businessPartners.fileName'))} />
            {canAdd ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="create-business-partner"
                onClick={() => navigate(`${PEOPLE_PATH}/new`)}
              >
                {t('businessPartners.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.margin }}>
        <SearchBox
          value={state.q}
          onSearch={(q) => update({ q })}
          placeholder={t('businessPartners.search')}
          autoFocus
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
        <Select
          aria-label={t('fields.isConsignment')}
          value={consignment ?? ''}
          onChange={(value: string) => update({ consignment: value || undefined })}
          style={{ minWidth: 180 }}
          options={[
            { value: '', label: t('consignment.any') },
            { value: 'true', label: t('consignment.yes') },
            { value: 'false', label: t('consignment.no') },
          ]}
        />
        <Select
          aria-label={t('fields.currency')}
          value={currency ?? ''}
          onChange={(value: string) => update({ currency: value || undefined })}
          style={{ minWidth: 140 }}
          options={[{ value: '', label: t('currencyAny') }, ...CURRENCY_CODES.map((c) => ({ value: c, label: c }))]}
        />
        {filtered ? (
          <Button onClick={() => update({ q: '', active: undefined, consignment: undefined, currency: undefined })}>
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </div>
      <DataTable<BusinessPartnerSummary>
        testId="business-partners-table"
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
