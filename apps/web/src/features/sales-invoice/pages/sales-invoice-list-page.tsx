import { SALES_CHANNELS, type SalesInvoiceSummary, salesInvoiceDocument } from '@backoffice/contracts';
import { DatePicker, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { urlDay, urlDayRange } from '../../../shared/lib/dates.ts';
import { sortOrderOf } from '../../../shared/lib/list-state.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { StatusTabs } from '../../../shared/ui/documents/status-tabs.tsx';
import { isDocumentStatus, StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { FilterBar } from '../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../shared/ui/kit/list-page.tsx';
import { CreateButton } from '../../../shared/ui/kit/row-actions.tsx';
import { flag, useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { exportSalesInvoices, type SalesInvoiceFilter, useSalesInvoices } from '../api.ts';
import { CustomerSelect } from '../components/customer-select.tsx';
import { Money } from '../components/money.tsx';
import { type BackState, LIST_FILTERS, SALES_INVOICE_CREATE_PATH, salesInvoiceUrl } from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';
const rangeOf = (from: string | undefined, to: string | undefined): [dayjs.Dayjs | null, dayjs.Dayjs | null] | null =>
  from || to ? [from ? dayjs(from, DATE_FORMAT) : null, to ? dayjs(to, DATE_FORMAT) : null] : null;
const isChannel = (value: string | undefined): value is (typeof SALES_CHANNELS)[number] =>
  (SALES_CHANNELS as readonly string[]).includes(value ?? '');

/**
 * Invoices: a tab per status with its count (of the other filters), channel, warehouse, customer, invoice period,
 * shipping days and late dispatch in the URL (the landing dashboard's figures link here with them), search by number,
 * external order id, customer or SKU, server paging and sorting, and the filter's export (one row per line).
 */
export function SalesInvoiceListPage() {
  const { t } = useTranslation('salesInvoices');
  const { has } = usePermissions();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useListPage(LIST_FILTERS);
  const { state, update } = list;
  const { status, channel, warehouseId, customerId, shortage } = state.filters;
  const from = urlDay(state.filters.from);
  const to = urlDay(state.filters.to);
  const { from: shippedFrom, to: shippedTo } = urlDayRange(state.filters.shippedFrom, state.filters.shippedTo);
  const late = flag(state.filters.late);
  const filter: SalesInvoiceFilter = {
    ...list.search,
    ...(isDocumentStatus(salesInvoiceDocument, status) ? { status } : {}),
    ...(isChannel(channel) ? { channel } : {}),
    ...(warehouseId ? { warehouseId } : {}),
    ...(customerId ? { customerId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(shortage === 'true' ? { shortage: 'true' as const } : {}),
    ...(shippedFrom ? { shippedFrom } : {}),
    ...(shippedTo ? { shippedTo } : {}),
    ...(late ? { late } : {}),
  };
  const result = useSalesInvoices({ page: state.page, pageSize: state.pageSize, ...filter });
  const counts = result.data?.statusCounts;
  const backState: BackState = { backTo: `${location.pathname}${location.search}` };
  const sortable = (key: string) => ({ sorter: true, sortOrder: sortOrderOf(state.sort, key) });
  // A status counted up to the cap (the API stops there) reads "1,000+", and so does the sum that includes it.
  const capped = new Set(result.data?.countsCapped ?? []);

  const columns: ColumnsType<SalesInvoiceSummary> = [
    {
      key: 'number',
      dataIndex: 'number',
      title: t('fields.number'),
      fixed: 'start',
      ...sortable('number'),
      render: (number: string, row) => (
        <Link to={salesInvoiceUrl(row.id)} state={backState} data-testid="si-link">
          <bdi style={{ whiteSpace: 'nowrap' }}>{number}</bdi>
        </Link>
      ),
    },
    {
      key: 'invoiceDate',
      dataIndex: 'invoiceDate',
      title: t('fields.invoiceDate'),
      ...sortable('invoiceDate'),
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{value}</bdi>,
    },
    {
      key: 'channel',
      dataIndex: 'channel',
      title: t('fields.channel'),
      ...sortable('channel'),
      render: (value: SalesInvoiceSummary['channel']) => t(`channels.${value}`),
    },
    {
      key: 'externalOrderId',
      dataIndex: 'externalOrderId',
      title: t('fields.externalOrderId'),
      ...sortable('externalOrderId'),
      render: (value: string | null) => (value ? <bdi>{value}</bdi> : '—'),
    },
    {
      key: 'customer',
      title: t('fields.customer'),
      ...sortable('customer'),
      render: (_, row) => <bdi data-testid="si-customer">{row.customer.name}</bdi>,
    },
    {
      key: 'warehouse',
      title: t('fields.warehouse'),
      ...sortable('warehouse'),
      render: (_, row) => <bdi title={row.warehouse.name}>{row.warehouse.code}</bdi>,
    },
    {
      key: 'grossTotal',
      title: t('fields.total'),
      align: 'end',
      ...sortable('grossTotal'),
      render: (_, row) => <Money value={row.grossTotal} currency={row.currency} testId="si-total" />,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('fields.status'),
      ...sortable('status'),
      render: (_, row) => (
        <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
          <StatusTag doc={salesInvoiceDocument} status={row.status} testId="si-status" />
          {row.status === 'PENDING' && /[1-9]/.test(row.shortQuantity) ? (
            <span data-testid="si-short-mark">{t('list.short')}</span>
          ) : null}
        </span>
      ),
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

  return (
    <ListPage<SalesInvoiceSummary, (typeof LIST_FILTERS)[number]>
      list={list}
      result={result}
      testId="sales-invoices-table"
      intro={t('list.intro')}
      columns={columns}
      rowKey="id"
      columnChooser={{ id: 'sales-invoices', defaultHidden: ['createdAt'] }}
      onExport={() => exportSalesInvoices(filter, `${t('list.fileName')}.xlsx`)}
      create={
        <CreateButton
          permission="add_sales_invoice"
          testId="si-create"
          label={t('list.create')}
          onClick={() => navigate(SALES_INVOICE_CREATE_PATH, { state: backState })}
        />
      }
      filters={
        <>
          <StatusTabs
            doc={salesInvoiceDocument}
            status={status}
            counts={counts}
            capped={capped}
            allLabel={t('list.all')}
            onChange={(next) => update({ status: next })}
            testId="si"
          />
          <FilterBar list={list} search={t('list.search')} searchTestId="si-search">
            <Select
              data-testid="si-filter-channel"
              aria-label={t('fields.channel')}
              value={isChannel(channel) ? channel : ''}
              onChange={(value: string) => update({ channel: value || undefined })}
              options={[
                { value: '', label: t('list.anyChannel') },
                ...SALES_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) })),
              ]}
              style={{ minWidth: 150 }}
              popupMatchSelectWidth={false}
            />
            {has('view_warehouse') ? (
              <WarehouseSelect
                testId="si-filter-warehouse"
                aria-label={t('fields.warehouse')}
                placeholder={t('list.anyWarehouse')}
                value={warehouseId ?? null}
                onChange={(id) => update({ warehouseId: id ?? undefined })}
                allowClear
                style={{ width: 220 }}
              />
            ) : null}
            {has('view_customer') ? (
              <CustomerSelect
                testId="si-filter-customer"
                aria-label={t('fields.customer')}
                placeholder={t('list.anyCustomer')}
                value={customerId ?? null}
                onChange={(id) => update({ customerId: id ?? undefined })}
                allowClear
                style={{ width: 240 }}
              />
            ) : null}
            <DatePicker.RangePicker
              data-testid="si-filter-period"
              aria-label={t('list.period')}
              format={DATE_FORMAT}
              value={rangeOf(from, to)}
              allowEmpty={[true, true]}
              placeholder={[t('list.from'), t('list.to')]}
              onChange={(_, [start, end]) => update({ from: start || undefined, to: end || undefined })}
            />
            <Select
              data-testid="si-filter-shortage"
              aria-label={t('list.shortageFilter')}
              value={shortage === 'true' ? 'true' : ''}
              onChange={(value: string) => update({ shortage: value || undefined })}
              options={[
                { value: '', label: t('list.anyStock') },
                { value: 'true', label: t('list.onlyShort') },
              ]}
              style={{ minWidth: 170 }}
              popupMatchSelectWidth={false}
            />
            <DatePicker.RangePicker
              data-testid="si-filter-shipped"
              aria-label={t('list.shippedPeriod')}
              format={DATE_FORMAT}
              value={rangeOf(shippedFrom, shippedTo)}
              allowEmpty={[true, true]}
              placeholder={[t('list.shippedFrom'), t('list.shippedTo')]}
              onChange={(_, [start, end]) => update({ shippedFrom: start || undefined, shippedTo: end || undefined })}
            />
            <Select
              data-testid="si-filter-late"
              aria-label={t('list.lateFilter')}
              value={late ?? ''}
              onChange={(value: string) => update({ late: value || undefined })}
              options={[
                { value: '', label: t('list.anyDispatch') },
                { value: 'true', label: t('list.onlyLate') },
                { value: 'false', label: t('list.notLate') },
              ]}
              style={{ minWidth: 170 }}
              popupMatchSelectWidth={false}
            />
          </FilterBar>
        </>
      }
    />
  );
}
