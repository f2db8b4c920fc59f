import { PlusOutlined } from '@ant-design/icons';
import { type RmaSummary, rmaDocument } from '@backoffice/contracts';
import { Button, DatePicker, Select, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { formatDate } from '../../../shared/lib/dates.ts';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { isDocumentStatus, StatusTag, useStatusOptions } from '../../../shared/ui/documents/status-tag.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { Figure, FilterBar, TestId } from '../../inventory/index.ts';
import { exportRmas, type RmaFilter, useRmas } from '../api.ts';
import { SupplierSelect } from '../components/supplier-select.tsx';
import { type BackState, LIST_FILTERS, RMA_NEW_PATH, rmaUrl } from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';
const IS_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Returns to supplier: server-paged, newest first; search by number, the supplier's RMA number, supplier or SKU;
 * status, supplier, warehouse and period in the URL; sortable; export of the filter (one row per line); each
 * number opens the RMA.
 */
export function RmaListPage() {
  const { t } = useTranslation('rmas');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, update] = useListState(LIST_FILTERS);
  const statusOptions = useStatusOptions(rmaDocument, [{ value: '', label: t('list.allStatuses') }]);
  const { status, supplierId, warehouseId } = state.filters;
  const from = state.filters.from && IS_DATE.test(state.filters.from) ? state.filters.from : undefined;
  const to = state.filters.to && IS_DATE.test(state.filters.to) ? state.filters.to : undefined;
  const filter: RmaFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(isDocumentStatus(rmaDocument, status) ? { status } : {}),
    ...(supplierId ? { supplierId } : {}),
    ...(warehouseId ? { warehouseId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const list = useRmas({ page: state.page, pageSize: state.pageSize, ...filter });
  const backState: BackState = { backTo: `${location.pathname}${location.search}` };
  const sortable = (key: string) => ({ sorter: true, sortOrder: sortOrderOf(state.sort, key) });

  const columns: ColumnsType<RmaSummary> = [
    {
      key: 'number',
      dataIndex: 'number',
      title: t('fields.number'),
      fixed: 'start',
      ...sortable('number'),
      render: (number: string, row) => (
        <Link to={rmaUrl(row.id)} state={backState} data-testid="rma-link">
          <bdi>{number}</bdi>
        </Link>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('fields.status'),
      ...sortable('status'),
      render: (_, row) => <StatusTag doc={rmaDocument} status={row.status} testId="rma-status" />,
    },
    {
      key: 'supplier',
      title: t('fields.supplier'),
      ...sortable('supplier'),
      render: (_, row) => <bdi title={row.supplier.name}>{row.supplier.code}</bdi>,
    },
    {
      key: 'warehouse',
      title: t('fields.warehouse'),
      ...sortable('warehouse'),
      render: (_, row) => <bdi title={row.warehouse.name}>{row.warehouse.code}</bdi>,
    },
    {
      key: 'rmaDate',
      dataIndex: 'rmaDate',
      title: t('fields.rmaDate'),
      ...sortable('rmaDate'),
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{value}</bdi>,
    },
    {
      key: 'supplierRmaNumber',
      dataIndex: 'supplierRmaNumber',
      title: t('fields.supplierRmaNumber'),
      render: (value: string) => (value ? <bdi>{value}</bdi> : '—'),
    },
    { key: 'lineCount', dataIndex: 'lineCount', title: t('fields.lineCount'), align: 'end' },
    {
      key: 'quantity',
      dataIndex: 'quantity',
      title: t('fields.quantity'),
      align: 'end',
      render: (value: string) => <Figure value={value} />,
    },
    {
      key: 'value',
      dataIndex: 'value',
      title: t('fields.value'),
      align: 'end',
      render: (value: string | null) => (value === null ? '—' : <Figure value={value} kind="money" />),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('fields.createdAt'),
      ...sortable('createdAt'),
      sortOrder: sortOrderOf(state.sort ?? '-createdAt', 'createdAt'),
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{formatDate(value)}</bdi>,
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
            <ExportButton onExport={() => exportRmas(filter, t('list.fileName'))} />
            {has('add_rma') ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="rma-create"
                onClick={() => navigate(RMA_NEW_PATH)}
              >
                {t('list.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <FilterBar>
        <TestId id="rma-search">
          <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('list.search')} autoFocus />
        </TestId>
        <Select
          data-testid="rma-filter-status"
          aria-label={t('fields.status')}
          value={isDocumentStatus(rmaDocument, status) ? status : ''}
          onChange={(value: string) => update({ status: value || undefined })}
          options={statusOptions}
          style={{ minWidth: 170 }}
          popupMatchSelectWidth={false}
        />
        {has('view_supplier') ? (
          <SupplierSelect
            testId="rma-filter-supplier"
            aria-label={t('fields.supplier')}
            placeholder={t('list.anySupplier')}
            value={supplierId ?? null}
            onChange={(id) => update({ supplierId: id ?? undefined })}
            allowClear
            style={{ width: 220 }}
          />
        ) : null}
        {has('view_warehouse') ? (
          <WarehouseSelect
            testId="rma-filter-warehouse"
            aria-label={t('fields.warehouse')}
            placeholder={t('list.anyWarehouse')}
            value={warehouseId ?? null}
            onChange={(id) => update({ warehouseId: id ?? undefined })}
            allowClear
            style={{ width: 220 }}
          />
        ) : null}
        <DatePicker.RangePicker
          data-testid="rma-filter-period"
          aria-label={t('fields.rmaDate')}
          format={DATE_FORMAT}
          value={range}
          allowEmpty={[true, true]}
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
      <DataTable<RmaSummary>
        testId="rmas-table"
        columnChooser={{ id: 'rmas.list', defaultHidden: ['lineCount', 'createdAt'] }}
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
