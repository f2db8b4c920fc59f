import { type CreditNoteSummary, creditNoteDocument, PAYMENT_TYPES, SALES_CHANNELS } from '@backoffice/contracts';
import { DatePicker, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { sortOrderOf } from '../../../shared/lib/list-state.ts';
import { formatMoney } from '../../../shared/lib/numbers.ts';
import { StatusTabs } from '../../../shared/ui/documents/status-tabs.tsx';
import { isDocumentStatus, StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { FilterBar } from '../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../shared/ui/kit/list-page.tsx';
import { CreateButton } from '../../../shared/ui/kit/row-actions.tsx';
import { oneOf, useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { type CreditNoteFilter, exportCreditNotes, useCreditNotes } from '../api.ts';
import { type BackState, CREDIT_NOTE_NEW_PATH, creditNoteUrl, LIST_FILTERS } from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';
const IS_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Credit Notes/Refunds: a tab per status with its count (of the other filters), channel, payment type and period in
 * the URL, search by number, invoice number, external order id or customer, server paging and sorting, and the
 * filter's export (one row per line).
 */
export function CreditNoteListPage() {
  const { t, i18n } = useTranslation('creditNotes');
  const { t: ts } = useTranslation('salesInvoices');
  const navigate = useNavigate();
  const location = useLocation();
  const list = useListPage(LIST_FILTERS);
  const { state, update } = list;
  const { status } = state.filters;
  const channel = oneOf(state.filters.channel, SALES_CHANNELS);
  const paymentType = oneOf(state.filters.paymentType, PAYMENT_TYPES);
  const from = state.filters.from && IS_DATE.test(state.filters.from) ? state.filters.from : undefined;
  const to = state.filters.to && IS_DATE.test(state.filters.to) ? state.filters.to : undefined;
  const filter: CreditNoteFilter = {
    ...list.search,
    ...(isDocumentStatus(creditNoteDocument, status) ? { status } : {}),
    ...(channel ? { channel } : {}),
    ...(paymentType ? { paymentType } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const result = useCreditNotes({ page: state.page, pageSize: state.pageSize, ...filter });
  const counts = result.data?.statusCounts;
  const backState: BackState = { backTo: `${location.pathname}${location.search}` };
  const sortable = (key: string) => ({ sorter: true, sortOrder: sortOrderOf(state.sort, key) });

  const columns: ColumnsType<CreditNoteSummary> = [
    {
      key: 'number',
      dataIndex: 'number',
      title: t('fields.number'),
      fixed: 'start',
      ...sortable('number'),
      render: (number: string, row) => (
        <Link to={creditNoteUrl(row.id)} state={backState} data-testid="cn-link">
          <bdi style={{ whiteSpace: 'nowrap' }}>{number}</bdi>
        </Link>
      ),
    },
    {
      key: 'creditDate',
      dataIndex: 'creditDate',
      title: t('fields.creditDate'),
      ...sortable('creditDate'),
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{value}</bdi>,
    },
    {
      key: 'invoice',
      title: t('fields.invoice'),
      render: (_, row) => <bdi style={{ whiteSpace: 'nowrap' }}>{row.invoice.number}</bdi>,
    },
    {
      key: 'externalOrderId',
      title: t('fields.externalOrderId'),
      render: (_, row) => (row.invoice.externalOrderId ? <bdi>{row.invoice.externalOrderId}</bdi> : '—'),
    },
    { key: 'channel', title: t('fields.channel'), render: (_, row) => ts(`channels.${row.channel}`) },
    {
      key: 'customer',
      title: t('fields.customer'),
      ...sortable('customer'),
      render: (_, row) => <bdi data-testid="cn-customer">{row.customer.name}</bdi>,
    },
    {
      key: 'paymentType',
      title: t('fields.paymentType'),
      render: (_, row) => t(`paymentType.${row.paymentType}`),
    },
    {
      key: 'grossTotal',
      title: t('fields.grossTotal'),
      align: 'end',
      ...sortable('grossTotal'),
      render: (_, row) => <bdi data-testid="cn-gross">{formatMoney(row.grossTotal, i18n.language, row.currency)}</bdi>,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('fields.status'),
      ...sortable('status'),
      render: (_, row) => <StatusTag doc={creditNoteDocument} status={row.status} testId="cn-status" />,
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('fields.createdAt'),
      ...sortable('createdAt'),
      sortOrder: sortOrderOf(state.sort ?? '-createdAt', 'createdAt'),
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{value.slice(0, 10)}</bdi>,
    },
  ];

  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null =
    from || to ? [from ? dayjs(from, DATE_FORMAT) : null, to ? dayjs(to, DATE_FORMAT) : null] : null;

  return (
    <ListPage<CreditNoteSummary, (typeof LIST_FILTERS)[number]>
      list={list}
      result={result}
      testId="credit-notes-table"
      columns={columns}
      rowKey="id"
      columnChooser={{ id: 'credit-notes', defaultHidden: ['createdAt', 'externalOrderId'] }}
      onExport={() => exportCreditNotes(filter, `${t('list.fileName')}.xlsx`)}
      create={
        <CreateButton
          permission="add_credit_note"
          testId="cn-create"
          label={t('list.create')}
          onClick={() => navigate(CREDIT_NOTE_NEW_PATH, { state: backState })}
        />
      }
      filters={
        <>
          <StatusTabs
            doc={creditNoteDocument}
            status={status}
            counts={counts}
            allLabel={t('list.allStatuses')}
            onChange={(next) => update({ status: next })}
            testId="cn"
          />
          <FilterBar list={list} search={t('list.search')} searchTestId="cn-search">
            <Select
              data-testid="cn-filter-channel"
              aria-label={t('fields.channel')}
              value={channel ?? ''}
              onChange={(value: string) => update({ channel: value || undefined })}
              options={[
                { value: '', label: t('list.anyChannel') },
                ...SALES_CHANNELS.map((c) => ({ value: c, label: ts(`channels.${c}`) })),
              ]}
              style={{ minWidth: 150 }}
              popupMatchSelectWidth={false}
            />
            <Select
              data-testid="cn-filter-payment-type"
              aria-label={t('fields.paymentType')}
              value={paymentType ?? ''}
              onChange={(value: string) => update({ paymentType: value || undefined })}
              options={[
                { value: '', label: t('list.anyPaymentType') },
                ...PAYMENT_TYPES.map((p) => ({ value: p, label: t(`paymentType.${p}`) })),
              ]}
              style={{ minWidth: 170 }}
              popupMatchSelectWidth={false}
            />
            <DatePicker.RangePicker
              data-testid="cn-filter-period"
              aria-label={t('fields.creditDate')}
              format={DATE_FORMAT}
              value={range}
              allowEmpty={[true, true]}
              placeholder={[t('fields.from'), t('fields.to')]}
              onChange={(_, [start, end]) => update({ from: start || undefined, to: end || undefined })}
            />
          </FilterBar>
        </>
      }
    />
  );
}
