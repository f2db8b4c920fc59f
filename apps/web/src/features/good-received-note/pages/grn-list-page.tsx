import { PlusOutlined, ScanOutlined } from '@ant-design/icons';
import { type GoodReceivedNoteSummary, goodReceivedNoteDocument } from '@backoffice/contracts';
import { Button, DatePicker, Select, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { isDocumentStatus, StatusTag, useStatusOptions } from '../../../shared/ui/documents/status-tag.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { Figure, FilterBar, TestId } from '../../inventory/index.ts';
import { exportGoodsReceivedNotes, type GrnFilter, useGoodsReceivedNotes } from '../api.ts';
import { SupplierSelect } from '../components/supplier-select.tsx';
import { type BackState, GRN_FAST_PATH, GRN_NEW_PATH, grnUrl, LIST_FILTERS } from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';
const IS_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Goods received notes: server-paged, newest first; search by number, order number, supplier or SKU; status,
 * supplier, warehouse and received period in the URL; sortable; export of the filter (one row per line).
 */
export function GrnListPage() {
  const { t } = useTranslation('receiving');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, update] = useListState(LIST_FILTERS);
  const statusOptions = useStatusOptions(goodReceivedNoteDocument, [{ value: '', label: t('list.allStatuses') }]);
  const { status, supplierId, warehouseId } = state.filters;
  const from = state.filters.from && IS_DATE.test(state.filters.from) ? state.filters.from : undefined;
  const to = state.filters.to && IS_DATE.test(state.filters.to) ? state.filters.to : undefined;
  const filter: GrnFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(isDocumentStatus(goodReceivedNoteDocument, status) ? { status } : {}),
    ...(supplierId ? { supplierId } : {}),
    ...(warehouseId ? { warehouseId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const list = useGoodsReceivedNotes({ page: state.page, pageSize: state.pageSize, ...filter });
  const backState: BackState = { backTo: `${location.pathname}${location.search}` };

  const sortable = (key: string) => ({ sorter: true, sortOrder: sortOrderOf(state.sort, key) });
  const quantity = (key: 'receivedQuantity' | 'acceptedQuantity' | 'rejectedQuantity', title: string) => ({
    key,
    dataIndex: key,
    title,
    align: 'end' as const,
    render: (value: string) => <Figure value={value} />,
  });
  const columns: ColumnsType<GoodReceivedNoteSummary> = [
    {
      key: 'number',
      dataIndex: 'number',
      title: t('fields.number'),
      fixed: 'start',
      ...sortable('number'),
      render: (number: string, row) => (
        <Link to={grnUrl(row.id)} state={backState} data-testid="grn-link">
          <bdi>{number}</bdi>
        </Link>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('fields.status'),
      ...sortable('status'),
      render: (_, row) => <StatusTag doc={goodReceivedNoteDocument} status={row.status} testId="grn-status" />,
    },
    {
      key: 'order',
      title: t('fields.order'),
      ...sortable('order'),
      render: (_, row) => <bdi>{row.purchaseOrder.number}</bdi>,
    },
    {
      key: 'supplier',
      title: t('fields.supplier'),
      ...sortable('supplier'),
      render: (_, row) => (row.supplier ? <bdi title={row.supplier.name}>{row.supplier.code}</bdi> : '—'),
    },
    {
      key: 'warehouse',
      title: t('fields.warehouse'),
      ...sortable('warehouse'),
      render: (_, row) => <bdi title={row.warehouse.name}>{row.warehouse.code}</bdi>,
    },
    {
      key: 'receivedDate',
      dataIndex: 'receivedDate',
      title: t('fields.receivedDate'),
      ...sortable('receivedDate'),
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{value}</bdi>,
    },
    { key: 'lineCount', dataIndex: 'lineCount', title: t('fields.lineCount'), align: 'end' },
    quantity('receivedQuantity', t('fields.received')),
    quantity('acceptedQuantity', t('fields.accepted')),
    quantity('rejectedQuantity', t('fields.rejected')),
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('fields.createdAt'),
      ...sortable('createdAt'),
      sortOrder: sortOrderOf(state.sort ?? '-createdAt', 'createdAt'),
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{value.slice(0, 10)}</bdi>,
    },
  ];

  const filtered = !!(state.q || status || supplierId || warehouseId || from || to);
  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null =
    from || to ? [from ? dayjs(from, DATE_FORMAT) : null, to ? dayjs(to, DATE_FORMAT) : null] : null;

  return (
    <>
      <PageHeader
        extra={
          <>
            <ExportButton onExport={() => exportGoodsReceivedNotes(filter, t('list.fileName'))} />
            {has('approve_good_received_note') ? (
              <Button icon={<ScanOutlined />} data-testid="grn-fast" onClick={() => navigate(GRN_FAST_PATH)}>
                {t('list.fast')}
              </Button>
            ) : null}
            {has('add_good_received_note') ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="grn-create"
                onClick={() => navigate(GRN_NEW_PATH)}
              >
                {t('list.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <FilterBar>
        <TestId id="grn-search">
          <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('list.search')} autoFocus />
        </TestId>
        <Select
          data-testid="grn-filter-status"
          aria-label={t('fields.status')}
          value={isDocumentStatus(goodReceivedNoteDocument, status) ? status : ''}
          onChange={(value: string) => update({ status: value || undefined })}
          options={statusOptions}
          style={{ minWidth: 150 }}
          popupMatchSelectWidth={false}
        />
        {has('view_supplier') ? (
          <SupplierSelect
            testId="grn-filter-supplier"
            aria-label={t('fields.supplier')}
            placeholder={t('list.anySupplier')}
            value={supplierId ?? null}
            onChange={(id) => update({ supplierId: id ?? undefined })}
            allowClear
            style={{ width: 220 }}
            anySupplier
          />
        ) : null}
        {has('view_warehouse') ? (
          <WarehouseSelect
            testId="grn-filter-warehouse"
            aria-label={t('fields.warehouse')}
            placeholder={t('list.anyWarehouse')}
            value={warehouseId ?? null}
            onChange={(id) => update({ warehouseId: id ?? undefined })}
            allowClear
            style={{ width: 220 }}
          />
        ) : null}
        <DatePicker.RangePicker
          data-testid="grn-filter-period"
          aria-label={t('list.period')}
          format={DATE_FORMAT}
          value={range}
          allowEmpty={[true, true]}
          placeholder={[t('list.receivedFrom'), t('list.receivedTo')]}
          onChange={(_, [start, end]) => update({ from: start || undefined, to: end || undefined })}
        />
        {filtered ? (
          <Button
            onClick={() =>
              update({
                q: '',
                status: undefined,
                supplierId: undefined,
                warehouseId: undefined,
                from: undefined,
                to: undefined,
              })
            }
          >
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </FilterBar>
      <DataTable<GoodReceivedNoteSummary>
        testId="grn-table"
        columnChooser={{ id: 'grn.list', defaultHidden: ['lineCount', 'receivedQuantity', 'createdAt'] }}
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
