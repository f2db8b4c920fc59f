import { SHIPPING_CLAIM_KINDS, type ShippingClaimSummary, shippingClaimDocument } from '@backoffice/contracts';
import { DatePicker, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCarrierServices } from '../../../shared/api/carrier-services.ts';
import { sortOrderOf } from '../../../shared/lib/list-state.ts';
import { StatusTabs } from '../../../shared/ui/documents/status-tabs.tsx';
import { isDocumentStatus, StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { FilterBar } from '../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../shared/ui/kit/list-page.tsx';
import { CreateButton } from '../../../shared/ui/kit/row-actions.tsx';
import { oneOf, useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { exportShippingClaims, type ShippingClaimFilter, useShippingClaims } from '../api.ts';
import { Gbp } from '../components.tsx';
import { type BackState, LIST_FILTERS, SHIPPING_CLAIM_NEW_PATH, shippingClaimUrl } from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';
const IS_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Shipping claims: a tab per status with its count (of the other filters), kind, carrier, invoice and claim period in
 * the URL, search by claim, invoice or tracking number, server paging and sorting, and the filter's export.
 */
export function ShippingClaimListPage() {
  const { t } = useTranslation('shippingClaims');
  const navigate = useNavigate();
  const location = useLocation();
  const list = useListPage(LIST_FILTERS);
  const { state, update } = list;
  const { status, carrierId, invoiceId } = state.filters;
  const kind = oneOf(state.filters.kind, SHIPPING_CLAIM_KINDS);
  const from = state.filters.from && IS_DATE.test(state.filters.from) ? state.filters.from : undefined;
  const to = state.filters.to && IS_DATE.test(state.filters.to) ? state.filters.to : undefined;
  const filter: ShippingClaimFilter = {
    ...list.search,
    ...(isDocumentStatus(shippingClaimDocument, status) ? { status } : {}),
    ...(kind ? { kind } : {}),
    ...(carrierId ? { carrierId } : {}),
    ...(invoiceId ? { invoiceId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const result = useShippingClaims({ page: state.page, pageSize: state.pageSize, ...filter });
  const counts = result.data?.statusCounts;
  const backState: BackState = { backTo: `${location.pathname}${location.search}` };
  const sortable = (key: string) => ({ sorter: true, sortOrder: sortOrderOf(state.sort, key) });
  // Every carrier, those no longer used included: a claim outlives its carrier's contract.
  const { carriers } = useCarrierServices({ all: true });

  const columns: ColumnsType<ShippingClaimSummary> = [
    {
      key: 'number',
      dataIndex: 'number',
      title: t('fields.number'),
      fixed: 'start',
      ...sortable('number'),
      render: (number: string, row) => (
        <Link to={shippingClaimUrl(row.id)} state={backState} data-testid="sc-link">
          <bdi style={{ whiteSpace: 'nowrap' }}>{number}</bdi>
        </Link>
      ),
    },
    {
      key: 'claimDate',
      dataIndex: 'claimDate',
      title: t('fields.claimDate'),
      ...sortable('claimDate'),
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{value}</bdi>,
    },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('fields.kind'),
      ...sortable('kind'),
      render: (value: ShippingClaimSummary['kind']) => t(`kinds.${value}`),
    },
    {
      key: 'invoice',
      title: t('fields.invoice'),
      render: (_, row) => (
        <span>
          <bdi>{row.invoice.number}</bdi>
          <br />
          <bdi style={{ fontSize: '0.9em' }}>{row.invoice.customerName}</bdi>
        </span>
      ),
    },
    {
      key: 'carrier',
      title: t('fields.carrier'),
      render: (_, row) => <bdi title={row.carrier.code}>{row.carrier.name}</bdi>,
    },
    {
      key: 'trackingNumber',
      dataIndex: 'trackingNumber',
      title: t('fields.trackingNumber'),
      render: (value: string) => (value ? <bdi data-testid="sc-tracking">{value}</bdi> : '—'),
    },
    {
      key: 'amountClaimed',
      title: t('fields.amountClaimed'),
      align: 'end',
      ...sortable('amountClaimed'),
      render: (_, row) => <Gbp value={row.amountClaimed} testId="sc-amount" />,
    },
    {
      key: 'amountRecovered',
      title: t('fields.amountRecovered'),
      align: 'end',
      render: (_, row) => <Gbp value={row.amountRecovered} />,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('fields.status'),
      ...sortable('status'),
      render: (_, row) => <StatusTag doc={shippingClaimDocument} status={row.status} testId="sc-status" />,
    },
    {
      key: 'evidenceCount',
      dataIndex: 'evidenceCount',
      title: t('fields.evidenceCount'),
      align: 'end',
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
    <ListPage<ShippingClaimSummary, (typeof LIST_FILTERS)[number]>
      list={list}
      result={result}
      testId="shipping-claims-table"
      intro={t('list.intro')}
      columns={columns}
      rowKey="id"
      columnChooser={{ id: 'shipping-claims', defaultHidden: ['createdAt', 'evidenceCount'] }}
      onExport={() => exportShippingClaims(filter, `${t('list.fileName')}.xlsx`)}
      create={
        <CreateButton
          permission="add_shipping_claim"
          testId="sc-create"
          label={t('list.create')}
          onClick={() => navigate(SHIPPING_CLAIM_NEW_PATH, { state: backState })}
        />
      }
      filters={
        <>
          <StatusTabs
            doc={shippingClaimDocument}
            status={status}
            counts={counts}
            allLabel={t('list.all')}
            onChange={(next) => update({ status: next })}
            testId="sc"
          />
          <FilterBar list={list} search={t('list.search')} searchTestId="sc-search">
            <Select
              data-testid="sc-filter-kind"
              aria-label={t('fields.kind')}
              value={kind ?? ''}
              onChange={(value: string) => update({ kind: value || undefined })}
              options={[
                { value: '', label: t('list.anyKind') },
                ...SHIPPING_CLAIM_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
              ]}
              style={{ minWidth: 150 }}
              popupMatchSelectWidth={false}
            />
            <Select
              data-testid="sc-filter-carrier"
              aria-label={t('fields.carrier')}
              value={carrierId ?? ''}
              onChange={(value: string) => update({ carrierId: value || undefined })}
              options={[
                { value: '', label: t('list.anyCarrier') },
                ...carriers.map((c) => ({ value: c.id, label: c.name })),
                ...(carrierId && !carriers.some((c) => c.id === carrierId)
                  ? [{ value: carrierId, label: t('list.chosenCarrier') }]
                  : []),
              ]}
              style={{ minWidth: 170 }}
              popupMatchSelectWidth={false}
            />
            <DatePicker.RangePicker
              data-testid="sc-filter-period"
              aria-label={t('list.period')}
              format={DATE_FORMAT}
              value={range}
              allowEmpty={[true, true]}
              placeholder={[t('list.from'), t('list.to')]}
              onChange={(_, [start, end]) => update({ from: start || undefined, to: end || undefined })}
            />
          </FilterBar>
        </>
      }
    />
  );
}
