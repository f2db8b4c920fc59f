import { PlusOutlined } from '@ant-design/icons';
import { type PurchaseInvoiceSummary, purchaseInvoiceDocument } from '@backoffice/contracts';
import { Button, DatePicker, Select, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { isDocumentStatus, StatusTag, useStatusOptions } from '../../../shared/ui/documents/status-tag.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { Figure, FilterBar, TestId } from '../../inventory/index.ts';
import { exportPurchaseInvoices, usePurchaseInvoices } from '../api.ts';
import { SupplierSelect } from '../components/supplier-select.tsx';
import { consignmentInvoiceUrl, LIST_FILTERS, PI_NEW_PATH, purchaseInvoiceUrl } from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';
const IS_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Client Invoices: supplier invoices, server-paged, newest first; search by number, the supplier's invoice number
 * or supplier; status, supplier and due period in the URL; amount and open amount.
 */
export function PurchaseInvoiceListPage() {
  const { t } = useTranslation('purchaseInvoices');
  const { t: tc } = useTranslation();
  const { t: tk } = useTranslation('consignmentInvoices');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const [state, update] = useListState(LIST_FILTERS);
  const statusOptions = useStatusOptions(purchaseInvoiceDocument, [{ value: '', label: t('list.allStatuses') }]);
  const { status, supplierId } = state.filters;
  const dueFrom = state.filters.dueFrom && IS_DATE.test(state.filters.dueFrom) ? state.filters.dueFrom : undefined;
  const dueTo = state.filters.dueTo && IS_DATE.test(state.filters.dueTo) ? state.filters.dueTo : undefined;
  const filter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(isDocumentStatus(purchaseInvoiceDocument, status) ? { status } : {}),
    ...(supplierId ? { supplierId } : {}),
    ...(dueFrom ? { dueFrom } : {}),
    ...(dueTo ? { dueTo } : {}),
  };
  const list = usePurchaseInvoices({ page: state.page, pageSize: state.pageSize, ...filter });
  const sortable = (key: string) => ({ sorter: true, sortOrder: sortOrderOf(state.sort, key) });
  const money = (key: 'grossTotal' | 'openAmount', title: string) => ({
    key,
    title,
    align: 'end' as const,
    render: (_: unknown, row: PurchaseInvoiceSummary) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        <Figure value={row[key]} kind="money" /> <bdi>{row.currency}</bdi>
      </span>
    ),
  });
  const columns: ColumnsType<PurchaseInvoiceSummary> = [
    {
      key: 'number',
      dataIndex: 'number',
      title: t('fields.number'),
      fixed: 'start',
      ...sortable('number'),
      render: (number: string, row) => (
        <Link
          to={row.kind === 'CONSIGNMENT' ? consignmentInvoiceUrl(row.id) : purchaseInvoiceUrl(row.id)}
          data-testid="pi-link"
        >
          <bdi>{number}</bdi>
        </Link>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('fields.status'),
      ...sortable('status'),
      render: (_, row) => <StatusTag doc={purchaseInvoiceDocument} status={row.status} testId="pi-status" />,
    },
    {
      key: 'kind',
      title: tk('kindTitle'),
      render: (_, row) => <span data-testid="pi-kind">{tk(`kind.${row.kind}`)}</span>,
    },
    {
      key: 'supplier',
      title: t('fields.supplier'),
      render: (_, row) => <bdi title={row.supplier.name}>{row.supplier.code}</bdi>,
    },
    {
      key: 'supplierInvoiceNumber',
      dataIndex: 'supplierInvoiceNumber',
      title: t('fields.supplierInvoiceNumber'),
      render: (v: string) => <bdi>{v}</bdi>,
    },
    {
      key: 'invoiceDate',
      dataIndex: 'invoiceDate',
      title: t('fields.invoiceDate'),
      ...sortable('invoiceDate'),
      render: (v: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{v}</bdi>,
    },
    {
      key: 'dueDate',
      dataIndex: 'dueDate',
      title: t('fields.dueDate'),
      ...sortable('dueDate'),
      render: (v: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{v}</bdi>,
    },
    { ...money('grossTotal', t('fields.grossTotal')), ...sortable('grossTotal') },
    money('openAmount', t('fields.openAmount')),
  ];
  const filtered = !!(state.q || status || supplierId || dueFrom || dueTo);
  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null =
    dueFrom || dueTo ? [dueFrom ? dayjs(dueFrom, DATE_FORMAT) : null, dueTo ? dayjs(dueTo, DATE_FORMAT) : null] : null;
  return (
    <>
      <PageHeader
        extra={
          <>
            <ExportButton onExport={() => exportPurchaseInvoices(filter, t('list.fileName'))} />
            {has('add_purchase_invoice') ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="pi-create"
                onClick={() => navigate(PI_NEW_PATH)}
              >
                {t('list.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <FilterBar>
        <TestId id="pi-search">
          <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('list.search')} autoFocus />
        </TestId>
        <Select
          data-testid="pi-filter-status"
          aria-label={t('fields.status')}
          value={isDocumentStatus(purchaseInvoiceDocument, status) ? status : ''}
          onChange={(value: string) => update({ status: value || undefined })}
          options={statusOptions}
          style={{ minWidth: 150 }}
          popupMatchSelectWidth={false}
        />
        {has('view_supplier') ? (
          <SupplierSelect
            testId="pi-filter-supplier"
            aria-label={t('fields.supplier')}
            placeholder={t('list.anySupplier')}
            value={supplierId ?? null}
            onChange={(id) => update({ supplierId: id ?? undefined })}
            allowClear
            style={{ width: 220 }}
          />
        ) : null}
        <DatePicker.RangePicker
          data-testid="pi-filter-due"
          aria-label={t('fields.dueDate')}
          format={DATE_FORMAT}
          value={range}
          allowEmpty={[true, true]}
          placeholder={[t('list.dueFrom'), t('list.dueTo')]}
          onChange={(_, [start, end]) => update({ dueFrom: start || undefined, dueTo: end || undefined })}
        />
        {filtered ? (
          <Button
            onClick={() =>
              update({ q: '', status: undefined, supplierId: undefined, dueFrom: undefined, dueTo: undefined })
            }
          >
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </FilterBar>
      <DataTable<PurchaseInvoiceSummary>
        testId="pi-table"
        columnChooser={{ id: 'pi.list', defaultHidden: [] }}
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
