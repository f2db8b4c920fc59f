import { PlusOutlined } from '@ant-design/icons';
import { PAYMENT_TYPES, type PaymentType, type SettlementSummary, settlementDocument } from '@backoffice/contracts';
import { Button, DatePicker, Select, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { isDocumentStatus, StatusTag, useStatusOptions } from '../../../shared/ui/documents/status-tag.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { Figure, FilterBar, TestId } from '../../inventory/index.ts';
import { exportSettlements, type SettlementFilter, useSettlements } from '../api.ts';
import { ChequeStatusTag } from '../components/cheque-status.tsx';
import { ProcessorPicker, SupplierPicker, usePaymentTypeLabel, usePaymentTypeOptions } from '../components/pickers.tsx';
import { type BackState, LIST_FILTERS, SETTLEMENT_NEW_PATH, settlementUrl } from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';
const IS_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isPaymentType = (value: string | undefined): value is PaymentType =>
  !!value && (PAYMENT_TYPES as readonly string[]).includes(value);

/**
 * Settlements: server-paged, newest first; search by number, reference, cheque number, supplier or invoice; status,
 * supplier, payment type, processor and payment period in the URL; sortable; export of the filter (one row per
 * invoice paid); each number opens the settlement.
 */
export function SettlementListPage() {
  const { t } = useTranslation('settlements');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, update] = useListState(LIST_FILTERS);
  const statusOptions = useStatusOptions(settlementDocument, [{ value: '', label: t('list.allStatuses') }]);
  const paymentTypeOptions = usePaymentTypeOptions();
  const paymentTypeLabel = usePaymentTypeLabel();
  const { status, supplierId, paymentType, processorId } = state.filters;
  const from = state.filters.from && IS_DATE.test(state.filters.from) ? state.filters.from : undefined;
  const to = state.filters.to && IS_DATE.test(state.filters.to) ? state.filters.to : undefined;
  const filter: SettlementFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(isDocumentStatus(settlementDocument, status) ? { status } : {}),
    ...(supplierId ? { supplierId } : {}),
    ...(isPaymentType(paymentType) ? { paymentType } : {}),
    ...(processorId ? { processorId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const list = useSettlements({ page: state.page, pageSize: state.pageSize, ...filter });
  const backState: BackState = { backTo: `${location.pathname}${location.search}` };
  const sortable = (key: string) => ({ sorter: true, sortOrder: sortOrderOf(state.sort, key) });

  const columns: ColumnsType<SettlementSummary> = [
    {
      key: 'number',
      dataIndex: 'number',
      title: t('fields.number'),
      fixed: 'start',
      ...sortable('number'),
      render: (number: string, row) => (
        <Link to={settlementUrl(row.id)} state={backState} data-testid="settlement-link">
          <bdi>{number}</bdi>
        </Link>
      ),
    },
    {
      key: 'supplier',
      title: t('fields.supplier'),
      ...sortable('supplier'),
      render: (_, row) => <bdi title={row.supplier.name}>{row.supplier.code}</bdi>,
    },
    {
      key: 'paymentDate',
      dataIndex: 'paymentDate',
      title: t('fields.paymentDate'),
      ...sortable('paymentDate'),
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{value}</bdi>,
    },
    {
      key: 'processor',
      title: t('fields.processor'),
      render: (_, row) => <bdi title={row.processor.name}>{row.processor.code}</bdi>,
    },
    {
      key: 'paymentType',
      dataIndex: 'paymentType',
      title: t('fields.paymentType'),
      render: (value: string) => paymentTypeLabel(value),
    },
    {
      key: 'totalPaid',
      title: t('fields.amount'),
      align: 'end',
      ...sortable('totalPaid'),
      render: (_, row) => (
        <span style={{ whiteSpace: 'nowrap' }} data-testid="settlement-amount">
          <Figure value={row.totals.totalPaid} kind="money" /> <bdi>{row.currency}</bdi>
        </span>
      ),
    },
    {
      key: 'chequeStatus',
      title: t('fields.chequeStatus'),
      render: (_, row) =>
        row.chequeStatus ? (
          <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start' }}>
            <ChequeStatusTag status={row.chequeStatus} testId="settlement-cheque-status" />
            {row.chequeNumber ? (
              <bdi style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{row.chequeNumber}</bdi>
            ) : null}
          </span>
        ) : (
          <span title={t('list.noCheque')}>—</span>
        ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('fields.status'),
      ...sortable('status'),
      render: (_, row) => <StatusTag doc={settlementDocument} status={row.status} testId="settlement-status" />,
    },
    { key: 'lineCount', dataIndex: 'lineCount', title: t('fields.lineCount'), align: 'end' },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('fields.createdAt'),
      ...sortable('createdAt'),
      sortOrder: sortOrderOf(state.sort ?? '-createdAt', 'createdAt'),
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{value.slice(0, 10)}</bdi>,
    },
  ];

  const filtered = !!(state.q || status || supplierId || paymentType || processorId || from || to);
  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null =
    from || to ? [from ? dayjs(from, DATE_FORMAT) : null, to ? dayjs(to, DATE_FORMAT) : null] : null;

  return (
    <>
      <PageHeader
        extra={
          <>
            <ExportButton onExport={() => exportSettlements(filter, t('list.fileName'))} />
            {has('add_purchase_invoice_settlement') ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="settlement-create"
                onClick={() => navigate(SETTLEMENT_NEW_PATH)}
              >
                {t('list.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <FilterBar>
        <TestId id="settlement-search">
          <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('list.search')} autoFocus />
        </TestId>
        <Select
          data-testid="settlement-filter-status"
          aria-label={t('fields.status')}
          value={isDocumentStatus(settlementDocument, status) ? status : ''}
          onChange={(value: string) => update({ status: value || undefined })}
          options={statusOptions}
          style={{ minWidth: 170 }}
          popupMatchSelectWidth={false}
        />
        <Select
          data-testid="settlement-filter-payment-type"
          aria-label={t('fields.paymentType')}
          value={isPaymentType(paymentType) ? paymentType : ''}
          onChange={(value: string) => update({ paymentType: value || undefined })}
          options={[{ value: '', label: t('list.anyPaymentType') }, ...paymentTypeOptions]}
          style={{ minWidth: 170 }}
          popupMatchSelectWidth={false}
        />
        {has('view_supplier') ? (
          <SupplierPicker
            testId="settlement-filter-supplier"
            aria-label={t('fields.supplier')}
            placeholder={t('list.anySupplier')}
            value={supplierId ?? null}
            onChange={(id) => update({ supplierId: id ?? undefined })}
            allowClear
            style={{ width: 220 }}
          />
        ) : null}
        {has('view_currency') ? (
          <ProcessorPicker
            testId="settlement-filter-processor"
            aria-label={t('fields.processor')}
            placeholder={t('list.anyProcessor')}
            value={processorId ?? null}
            onChange={(id) => update({ processorId: id ?? undefined })}
            allowClear
            style={{ width: 220 }}
          />
        ) : null}
        <DatePicker.RangePicker
          data-testid="settlement-filter-period"
          aria-label={t('fields.paymentDate')}
          format={DATE_FORMAT}
          value={range}
          allowEmpty={[true, true]}
          placeholder={[t('list.paidFrom'), t('list.paidTo')]}
          onChange={(_, [start, end]) => update({ from: start || undefined, to: end || undefined })}
        />
        {filtered ? (
          <Button
            onClick={() =>
              update({
                q: '',
                status: undefined,
                supplierId: undefined,
                paymentType: undefined,
                processorId: undefined,
                from: undefined,
                to: undefined,
              })
            }
          >
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </FilterBar>
      <DataTable<SettlementSummary>
        testId="settlements-table"
        columnChooser={{ id: 'settlements.list', defaultHidden: ['lineCount', 'createdAt'] }}
        rowKey="id"
        columns={columns}
        state={state}
        onChange={update}
        page={list.data}
        isLoading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        filtered={filtered}
        style={{ marginTop: token.marginXS }}
      />
    </>
  );
}
