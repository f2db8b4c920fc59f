import { PlusOutlined } from '@ant-design/icons';
import { type TransferSummary, transferDocument } from '@backoffice/contracts';
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
import { exportTransfers, type TransferFilter, useTransfers } from '../api.ts';
import { type BackState, LIST_FILTERS, TRANSFER_NEW_PATH, transferUrl } from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';
const IS_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Transfers: server-paged, newest first; search by number or SKU, status, source, destination and
 * creation period in the URL; sortable; export of the filter (one row per line); each number opens
 * the transfer.
 */
export function TransferListPage() {
  const { t } = useTranslation('transfers');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, update] = useListState(LIST_FILTERS);
  const statusOptions = useStatusOptions(transferDocument, [{ value: '', label: t('list.allStatuses') }]);
  const { status, fromWarehouseId, toWarehouseId } = state.filters;
  const from = state.filters.from && IS_DATE.test(state.filters.from) ? state.filters.from : undefined;
  const to = state.filters.to && IS_DATE.test(state.filters.to) ? state.filters.to : undefined;
  const filter: TransferFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(isDocumentStatus(transferDocument, status) ? { status } : {}),
    ...(fromWarehouseId ? { fromWarehouseId } : {}),
    ...(toWarehouseId ? { toWarehouseId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const list = useTransfers({ page: state.page, pageSize: state.pageSize, ...filter });
  const backState: BackState = { backTo: `${location.pathname}${location.search}` };
  const canSeeWarehouses = has('view_warehouse');

  const sortable = (key: string) => ({ sorter: true, sortOrder: sortOrderOf(state.sort, key) });
  const quantity = (key: 'quantity' | 'dispatchedQuantity' | 'receivedQuantity' | 'discrepancyQuantity') => ({
    key,
    dataIndex: key,
    title: t(`fields.${key}`),
    align: 'end' as const,
    render: (value: string) => <Figure value={value} />,
  });
  const warehouse = (w: TransferSummary['fromWarehouse']) => <bdi title={w.name}>{w.code}</bdi>;

  const columns: ColumnsType<TransferSummary> = [
    {
      key: 'number',
      dataIndex: 'number',
      title: t('fields.number'),
      fixed: 'start',
      ...sortable('number'),
      render: (number: string, row) => (
        <Link to={transferUrl(row.id)} state={backState} data-testid="transfer-link">
          <bdi>{number}</bdi>
        </Link>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('fields.status'),
      ...sortable('status'),
      render: (_, row) => <StatusTag doc={transferDocument} status={row.status} testId="transfer-status" />,
    },
    {
      key: 'fromWarehouse',
      title: t('fields.fromWarehouse'),
      ...sortable('fromWarehouse'),
      render: (_, row) => warehouse(row.fromWarehouse),
    },
    {
      key: 'toWarehouse',
      title: t('fields.toWarehouse'),
      ...sortable('toWarehouse'),
      render: (_, row) => warehouse(row.toWarehouse),
    },
    { key: 'lineCount', dataIndex: 'lineCount', title: t('fields.lineCount'), align: 'end' },
    quantity('quantity'),
    quantity('dispatchedQuantity'),
    quantity('receivedQuantity'),
    quantity('discrepancyQuantity'),
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('fields.createdAt'),
      ...sortable('createdAt'),
      sortOrder: sortOrderOf(state.sort ?? '-createdAt', 'createdAt'),
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{formatDate(value)}</bdi>,
    },
    {
      key: 'expectedDate',
      dataIndex: 'expectedDate',
      title: t('fields.expectedDate'),
      ...sortable('expectedDate'),
      render: (value: string | null) => (value ? <bdi>{value}</bdi> : '—'),
    },
    {
      key: 'dispatchedAt',
      dataIndex: 'dispatchedAt',
      title: t('list.dispatchedOn'),
      ...sortable('dispatchedAt'),
      render: (value: string | null) => (value ? <bdi>{formatDate(value)}</bdi> : '—'),
    },
    {
      key: 'receivedAt',
      dataIndex: 'receivedAt',
      title: t('list.receivedOn'),
      ...sortable('receivedAt'),
      render: (value: string | null) => (value ? <bdi>{formatDate(value)}</bdi> : '—'),
    },
  ];

  const filtered = !!(state.q || status || fromWarehouseId || toWarehouseId || from || to);
  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null =
    from || to ? [from ? dayjs(from, DATE_FORMAT) : null, to ? dayjs(to, DATE_FORMAT) : null] : null;

  return (
    <>
      <PageHeader
        extra={
          <>
            <ExportButton onExport={() => exportTransfers(filter, t('list.fileName'))} />
            {has('add_inventory_transfer') ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="transfer-create"
                onClick={() => navigate(TRANSFER_NEW_PATH)}
              >
                {t('list.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <FilterBar>
        <TestId id="transfer-search">
          <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('list.search')} autoFocus />
        </TestId>
        <Select
          data-testid="transfer-filter-status"
          aria-label={t('fields.status')}
          value={isDocumentStatus(transferDocument, status) ? status : ''}
          onChange={(value: string) => update({ status: value || undefined })}
          options={statusOptions}
          style={{ minWidth: 170 }}
          popupMatchSelectWidth={false}
        />
        {canSeeWarehouses ? (
          <>
            <WarehouseSelect
              testId="transfer-filter-from"
              aria-label={t('fields.fromWarehouse')}
              placeholder={t('list.anySource')}
              value={fromWarehouseId ?? null}
              onChange={(id) => update({ fromWarehouseId: id ?? undefined })}
              allowClear
              style={{ width: 220 }}
            />
            <WarehouseSelect
              testId="transfer-filter-to"
              aria-label={t('fields.toWarehouse')}
              placeholder={t('list.anyDestination')}
              value={toWarehouseId ?? null}
              onChange={(id) => update({ toWarehouseId: id ?? undefined })}
              allowClear
              style={{ width: 220 }}
            />
          </>
        ) : null}
        <DatePicker.RangePicker
          data-testid="transfer-filter-period"
          aria-label={t('list.period')}
          format={DATE_FORMAT}
          value={range}
          allowEmpty={[true, true]}
          placeholder={[t('list.createdFrom'), t('list.createdTo')]}
          onChange={(_, [start, end]) => update({ from: start || undefined, to: end || undefined })}
        />
        {filtered ? (
          <Button
            onClick={() =>
              update({
                q: '',
                status: undefined,
                fromWarehouseId: undefined,
                toWarehouseId: undefined,
                from: undefined,
                to: undefined,
              })
            }
          >
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </FilterBar>
      <DataTable<TransferSummary>
        testId="transfers-table"
        columnChooser={{
          id: 'transfers.list',
          defaultHidden: ['lineCount', 'dispatchedQuantity', 'dispatchedAt', 'receivedAt'],
        }}
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
