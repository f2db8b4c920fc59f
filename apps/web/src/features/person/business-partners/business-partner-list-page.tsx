import { type BusinessPartnerSummary, CURRENCY_CODES } from '@backoffice/contracts';
import { Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useColumnKit } from '../../../shared/ui/kit/columns.tsx';
import { useDeleteRecord } from '../../../shared/ui/kit/delete-record.tsx';
import { ActiveFilter, FilterBar, SelectFilter } from '../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../shared/ui/kit/list-page.tsx';
import { CreateButton } from '../../../shared/ui/kit/row-actions.tsx';
import { flag, oneOf, useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import {
  type BusinessPartnerFilter,
  exportBusinessPartners,
  useBusinessPartners,
  useDeleteBusinessPartner,
} from './api.ts';

export const PEOPLE_PATH = '/person/people';

/** The list's filters in the URL besides page, size, search and sort. */
const FILTERS = ['active', 'consignment', 'currency'] as const;

/**
 * Business partners: server-paged, with search (code, name, VAT number, contact e-mail), filters
 * (active, consignment, currency) and sort in the URL, export of the current filter, and the way to
 * a partner's page, its edit page and a new one.
 */
export function BusinessPartnerListPage() {
  const { t } = useTranslation('partners');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const list = useListPage(FILTERS);
  const { active, consignment, currency } = list.state.filters;
  const filter: BusinessPartnerFilter = {
    ...list.search,
    active: flag(active),
    consignment: flag(consignment),
    currency: oneOf(currency, CURRENCY_CODES),
  };
  const result = useBusinessPartners({ ...list.query, ...filter });
  const remove = useDeleteBusinessPartner();
  const [deleteRecord, modalHolder] = useDeleteRecord((id) => remove.mutateAsync(id));
  const canEdit = has('edit_supplier');
  const canDelete = has('delete_supplier');

  const col = useColumnKit<BusinessPartnerSummary>(list.state.sort, 'code');
  const columns = [
    col.code({ title: t('fields.code'), link: (record) => `${PEOPLE_PATH}/${record.id}` }),
    col.name({ title: t('fields.name') }),
    col.text('vatNumber', t('fields.vatNumber'), {
      sortable: false,
      render: (value: string | null) => (value ? <bdi>{value}</bdi> : null),
    }),
    { ...col.text('defaultCurrency', t('fields.currency'), { sortable: false }), key: 'currency' },
    col.text('paymentTermsDays', t('fields.paymentTerms'), { render: (days: number) => t('days', { count: days }) }),
    {
      key: 'primaryContact',
      title: t('fields.primaryContact'),
      render: (_: unknown, record: BusinessPartnerSummary) =>
        record.primaryContact ? (
          <span>
            {record.primaryContact.name}
            {record.primaryContact.email ? (
              // A long address breaks anywhere rather than widening the table.
              <div style={{ color: token.colorTextSecondary, overflowWrap: 'anywhere' }}>
                <bdi>{record.primaryContact.email}</bdi>
              </div>
            ) : null}
          </span>
        ) : null,
    },
    col.active({
      key: 'status',
      title: t('fields.status'),
      value: (record) => record.active,
      extra: (record) => (record.isConsignment ? <Tag color="purple">{t('fields.isConsignment')}</Tag> : null),
    }),
    col.date({ title: t('fields.updatedAt') }),
    ...col.editDelete({
      name: (record) => record.code,
      onEdit: canEdit ? (record) => navigate(`${PEOPLE_PATH}/${record.id}/edit`) : undefined,
      remove: canDelete
        ? {
            confirm: (record) => t('businessPartners.deleteConfirm', { name: record.code }),
            hint: () => t('deleteHint'),
            run: (record) => deleteRecord(record.id, record.code),
          }
        : undefined,
    }),
  ];

  return (
    <ListPage
      list={list}
      result={result}
      testId="business-partners-table"
      rowKey="id"
      columns={columns}
      onExport={() => exportBusinessPartners(filter, t('businessPartners.fileName'))}
      create={
        <CreateButton
          permission="add_supplier"
          testId="create-business-partner"
          label={t('businessPartners.create')}
          onClick={() => navigate(`${PEOPLE_PATH}/new`)}
        />
      }
      filters={
        <FilterBar list={list} search={t('businessPartners.search')}>
          <ActiveFilter list={list} name="active" />
          <SelectFilter
            list={list}
            name="consignment"
            label={t('fields.isConsignment')}
            any={t('consignment.any')}
            width={180}
            options={[
              { value: 'true', label: t('consignment.yes') },
              { value: 'false', label: t('consignment.no') },
            ]}
          />
          <SelectFilter
            list={list}
            name="currency"
            label={t('fields.currency')}
            any={t('currencyAny')}
            width={140}
            options={CURRENCY_CODES.map((c) => ({ value: c, label: c }))}
          />
        </FilterBar>
      }
    >
      {modalHolder}
    </ListPage>
  );
}
