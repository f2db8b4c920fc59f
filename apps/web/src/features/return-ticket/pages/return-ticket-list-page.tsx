import {
  RETURN_CONDITIONS,
  RETURN_REASONS,
  type ReturnTicketSummary,
  returnTicketDocument,
  SALES_CHANNELS,
} from '@backoffice/contracts';
import { Button, DatePicker, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { sortOrderOf } from '../../../shared/lib/list-state.ts';
import { formatMoney, formatQuantity } from '../../../shared/lib/numbers.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { StatusTabs } from '../../../shared/ui/documents/status-tabs.tsx';
import { isDocumentStatus, StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { FilterBar } from '../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../shared/ui/kit/list-page.tsx';
import { CreateButton } from '../../../shared/ui/kit/row-actions.tsx';
import { oneOf, useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { exportReturnTickets, type ReturnTicketFilter, useReturnTickets } from '../api.ts';
import {
  type BackState,
  LIST_FILTERS,
  RETURN_TICKET_FROM_INVOICE_PATH,
  RETURN_TICKET_MANUAL_PATH,
  returnTicketUrl,
} from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';
const IS_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Return Tickets: a tab per status with its count (of the other filters), warehouse, channel, reason, condition and
 * return period in the URL, search by ticket or invoice number, external order id, customer or SKU, server paging and
 * sorting, and the filter's export (one row per line).
 */
export function ReturnTicketListPage() {
  const { t, i18n } = useTranslation('returnTickets');
  const { t: ts } = useTranslation('salesInvoices');
  const { has } = usePermissions();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useListPage(LIST_FILTERS);
  const { state, update } = list;
  const { status, warehouseId } = state.filters;
  const channel = oneOf(state.filters.channel, SALES_CHANNELS);
  const reason = oneOf(state.filters.reason, RETURN_REASONS);
  const condition = oneOf(state.filters.condition, RETURN_CONDITIONS);
  const from = state.filters.from && IS_DATE.test(state.filters.from) ? state.filters.from : undefined;
  const to = state.filters.to && IS_DATE.test(state.filters.to) ? state.filters.to : undefined;
  const filter: ReturnTicketFilter = {
    ...list.search,
    ...(isDocumentStatus(returnTicketDocument, status) ? { status } : {}),
    ...(warehouseId ? { warehouseId } : {}),
    ...(channel ? { channel } : {}),
    ...(reason ? { reason } : {}),
    ...(condition ? { condition } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const result = useReturnTickets({ page: state.page, pageSize: state.pageSize, ...filter });
  const counts = result.data?.statusCounts;
  const backState: BackState = { backTo: `${location.pathname}${location.search}` };
  const sortable = (key: string) => ({ sorter: true, sortOrder: sortOrderOf(state.sort, key) });

  const columns: ColumnsType<ReturnTicketSummary> = [
    {
      key: 'number',
      dataIndex: 'number',
      title: t('fields.number'),
      fixed: 'start',
      ...sortable('number'),
      render: (number: string, row) => (
        <Link to={returnTicketUrl(row.id)} state={backState} data-testid="rt-link">
          <bdi style={{ whiteSpace: 'nowrap' }}>{number}</bdi>
        </Link>
      ),
    },
    {
      key: 'returnDate',
      dataIndex: 'returnDate',
      title: t('fields.returnDate'),
      ...sortable('returnDate'),
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{value}</bdi>,
    },
    {
      key: 'invoice',
      title: t('fields.invoice'),
      render: (_, row) => (row.invoice ? <bdi style={{ whiteSpace: 'nowrap' }}>{row.invoice.number}</bdi> : '—'),
    },
    {
      key: 'externalOrderId',
      title: t('fields.externalOrderId'),
      render: (_, row) => (row.invoice?.externalOrderId ? <bdi>{row.invoice.externalOrderId}</bdi> : '—'),
    },
    {
      key: 'channel',
      title: t('fields.channel'),
      render: (_, row) => ts(`channels.${row.invoice?.channel ?? 'MANUAL'}`),
    },
    {
      key: 'customer',
      title: t('fields.customer'),
      ...sortable('customer'),
      render: (_, row) => <bdi data-testid="rt-customer">{row.customer.name}</bdi>,
    },
    {
      key: 'warehouse',
      title: t('fields.warehouse'),
      ...sortable('warehouse'),
      render: (_, row) => <bdi title={row.warehouse.name}>{row.warehouse.code}</bdi>,
    },
    {
      key: 'quantity',
      title: t('fields.quantity'),
      align: 'end',
      render: (_, row) => <bdi>{formatQuantity(row.quantity, i18n.language)}</bdi>,
    },
    {
      key: 'value',
      title: t('fields.value'),
      align: 'end',
      render: (_, row) => (row.value === null ? '—' : <bdi>{formatMoney(row.value, i18n.language, 'GBP')}</bdi>),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('fields.status'),
      ...sortable('status'),
      render: (_, row) => <StatusTag doc={returnTicketDocument} status={row.status} testId="rt-status" />,
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
    <ListPage<ReturnTicketSummary, (typeof LIST_FILTERS)[number]>
      list={list}
      result={result}
      testId="return-tickets-table"
      columns={columns}
      rowKey="id"
      columnChooser={{ id: 'return-tickets', defaultHidden: ['createdAt', 'externalOrderId'] }}
      onExport={() => exportReturnTickets(filter, `${t('list.fileName')}.xlsx`)}
      create={
        <span style={{ display: 'inline-flex', gap: 8, flexWrap: 'wrap' }}>
          {has('add_return_ticket') ? (
            <Button
              data-testid="rt-create-manual"
              onClick={() => navigate(RETURN_TICKET_MANUAL_PATH, { state: backState })}
            >
              {t('list.createManual')}
            </Button>
          ) : null}
          <CreateButton
            permission="add_return_ticket"
            testId="rt-create"
            label={t('list.create')}
            onClick={() => navigate(RETURN_TICKET_FROM_INVOICE_PATH, { state: backState })}
          />
        </span>
      }
      filters={
        <>
          <StatusTabs
            doc={returnTicketDocument}
            status={status}
            counts={counts}
            allLabel={t('list.allStatuses')}
            onChange={(next) => update({ status: next })}
            testId="rt"
          />
          <FilterBar list={list} search={t('list.search')} searchTestId="rt-search">
            {has('view_warehouse') ? (
              <WarehouseSelect
                testId="rt-filter-warehouse"
                aria-label={t('fields.warehouse')}
                placeholder={t('list.anyWarehouse')}
                value={warehouseId ?? null}
                onChange={(id) => update({ warehouseId: id ?? undefined })}
                allowClear
                style={{ width: 220 }}
              />
            ) : null}
            <Select
              data-testid="rt-filter-channel"
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
              data-testid="rt-filter-reason"
              aria-label={t('fields.reason')}
              value={reason ?? ''}
              onChange={(value: string) => update({ reason: value || undefined })}
              options={[
                { value: '', label: t('list.anyReason') },
                ...RETURN_REASONS.map((r) => ({ value: r, label: t(`reason.${r}`) })),
              ]}
              style={{ minWidth: 170 }}
              popupMatchSelectWidth={false}
            />
            <Select
              data-testid="rt-filter-condition"
              aria-label={t('fields.condition')}
              value={condition ?? ''}
              onChange={(value: string) => update({ condition: value || undefined })}
              options={[
                { value: '', label: t('list.anyCondition') },
                ...RETURN_CONDITIONS.map((c) => ({ value: c, label: t(`condition.${c}`) })),
              ]}
              style={{ minWidth: 170 }}
              popupMatchSelectWidth={false}
            />
            <DatePicker.RangePicker
              data-testid="rt-filter-period"
              aria-label={t('fields.returnDate')}
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
