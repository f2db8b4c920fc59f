import { type PurchaseOrderSummary, type PurchaseOrderType, purchaseOrderDocument } from '@backoffice/contracts';
import { DatePicker, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { urlDay, urlDayRange } from '../../../shared/lib/dates.ts';
import { sortOrderOf } from '../../../shared/lib/list-state.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { isDocumentStatus, StatusTag, useStatusOptions } from '../../../shared/ui/documents/status-tag.tsx';
import { FilterBar } from '../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../shared/ui/kit/list-page.tsx';
import { CreateButton } from '../../../shared/ui/kit/row-actions.tsx';
import { flag, useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { exportPurchaseOrders, type PurchaseOrderFilter, usePurchaseOrders } from '../api.ts';
import { Money, Progress } from '../components/money.tsx';
import { SupplierSelect } from '../components/supplier-select.tsx';
import { type BackState, LIST_FILTERS, purchaseOrderNewPath, purchaseOrderUrl } from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';
const rangeOf = (from: string | undefined, to: string | undefined): [dayjs.Dayjs | null, dayjs.Dayjs | null] | null =>
  from || to ? [from ? dayjs(from, DATE_FORMAT) : null, to ? dayjs(to, DATE_FORMAT) : null] : null;

/**
 * One type's purchase orders (the menu's Prior PO, Invoice Order PO, Consignment PO, Send Inventory): server-paged,
 * newest first; search by number, supplier, supplier reference or SKU; status, supplier, warehouse, order period,
 * expected days and waiting for goods in the URL (the landing dashboard's orders due and overdue link here with
 * them); sortable; received and invoiced progress; export of the filter (one row per line).
 */
export function PurchaseOrderListPage({ type }: { type: PurchaseOrderType }) {
  const { t } = useTranslation('purchasing');
  const { has } = usePermissions();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useListPage(LIST_FILTERS);
  const { state, update } = list;
  const statusOptions = useStatusOptions(purchaseOrderDocument, [{ value: '', label: t('list.allStatuses') }]);
  const { status, supplierId, warehouseId } = state.filters;
  const from = urlDay(state.filters.from);
  const to = urlDay(state.filters.to);
  const { from: expectedFrom, to: expectedTo } = urlDayRange(state.filters.expectedFrom, state.filters.expectedTo);
  const awaitingReceipt = flag(state.filters.awaitingReceipt);
  const sending = type === 'SEND_INVENTORY';
  const filter: PurchaseOrderFilter = {
    type,
    ...list.search,
    ...(isDocumentStatus(purchaseOrderDocument, status) ? { status } : {}),
    ...(supplierId ? { supplierId } : {}),
    ...(warehouseId ? { warehouseId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(expectedFrom ? { expectedFrom } : {}),
    ...(expectedTo ? { expectedTo } : {}),
    ...(awaitingReceipt ? { awaitingReceipt } : {}),
  };
  const result = usePurchaseOrders({ page: state.page, pageSize: state.pageSize, ...filter });
  const backState: BackState = { backTo: `${location.pathname}${location.search}` };
  const sortable = (key: string) => ({ sorter: true, sortOrder: sortOrderOf(state.sort, key) });
  const ref = (w: { code: string; name: string } | null) =>
    w ? <bdi title={w.name}>{w.code}</bdi> : <span aria-hidden>—</span>;

  const columns: ColumnsType<PurchaseOrderSummary> = [
    {
      key: 'number',
      dataIndex: 'number',
      title: t('fields.number'),
      fixed: 'start',
      ...sortable('number'),
      render: (number: string, row) => (
        <Link to={purchaseOrderUrl(type, row.id)} state={backState} data-testid="po-link">
          <bdi style={{ whiteSpace: 'nowrap' }}>{number}</bdi>
        </Link>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('fields.status'),
      ...sortable('status'),
      render: (_, row) => <StatusTag doc={purchaseOrderDocument} status={row.status} testId="po-status" />,
    },
    ...(sending
      ? []
      : [
          {
            key: 'supplier',
            title: t('fields.supplier'),
            ...sortable('supplier'),
            render: (_: unknown, row: PurchaseOrderSummary) => <bdi>{row.supplier?.name ?? '—'}</bdi>,
          },
          {
            key: 'supplierReference',
            dataIndex: 'supplierReference',
            title: t('fields.supplierReference'),
            render: (value: string) => (value ? <bdi>{value}</bdi> : '—'),
          },
        ]),
    {
      key: 'warehouse',
      title: sending ? t('fields.fromWarehouse') : t('fields.warehouse'),
      ...sortable('warehouse'),
      render: (_, row) => ref(row.warehouse),
    },
    ...(sending
      ? [
          {
            key: 'destination',
            title: t('fields.destination'),
            render: (_: unknown, row: PurchaseOrderSummary) => ref(row.destinationWarehouse),
          },
        ]
      : []),
    {
      key: 'orderDate',
      dataIndex: 'orderDate',
      title: t('fields.orderDate'),
      ...sortable('orderDate'),
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{value}</bdi>,
    },
    {
      key: 'expectedDate',
      dataIndex: 'expectedDate',
      title: t('fields.expectedDate'),
      ...sortable('expectedDate'),
      render: (value: string | null) => (value ? <bdi style={{ whiteSpace: 'nowrap' }}>{value}</bdi> : '—'),
    },
    ...(sending
      ? []
      : ([
          { key: 'currency', dataIndex: 'currency', title: t('fields.currency') },
          {
            key: 'grossTotal',
            title: t('fields.total'),
            align: 'end',
            ...sortable('grossTotal'),
            render: (_: unknown, row: PurchaseOrderSummary) => <Money value={row.grossTotal} currency={row.currency} />,
          },
        ] as ColumnsType<PurchaseOrderSummary>)),
    {
      key: 'received',
      title: t('fields.received'),
      align: 'end',
      render: (_, row) => <Progress done={row.receivedQuantity} of={row.orderedQuantity} testId="po-received" />,
    },
    ...(sending
      ? []
      : [
          {
            key: 'invoiced',
            title: t('fields.invoiced'),
            align: 'end' as const,
            render: (_: unknown, row: PurchaseOrderSummary) => (
              <Progress done={row.invoicedQuantity} of={row.orderedQuantity} testId="po-invoiced" />
            ),
          },
        ]),
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
    <ListPage<PurchaseOrderSummary, (typeof LIST_FILTERS)[number]>
      list={list}
      result={result}
      testId="purchase-orders-table"
      intro={t(`intro.${type}`)}
      columns={columns}
      rowKey="id"
      columnChooser={{ id: `purchase-orders.${type}`, defaultHidden: ['createdAt', 'supplierReference', 'currency'] }}
      onExport={() => exportPurchaseOrders(filter, `${t(`fileName.${type}`)}.xlsx`)}
      create={
        <CreateButton
          permission="add_purchase_order"
          testId="po-create"
          label={t('list.create')}
          onClick={() => navigate(purchaseOrderNewPath(type), { state: backState })}
        />
      }
      filters={
        <FilterBar list={list} search={t('list.search')} searchTestId="po-search">
          <Select
            data-testid="po-filter-status"
            aria-label={t('fields.status')}
            value={isDocumentStatus(purchaseOrderDocument, status) ? status : ''}
            onChange={(value: string) => update({ status: value || undefined })}
            options={statusOptions}
            style={{ minWidth: 170 }}
            popupMatchSelectWidth={false}
          />
          {!sending && has('view_supplier') ? (
            <SupplierSelect
              testId="po-filter-supplier"
              aria-label={t('fields.supplier')}
              placeholder={t('list.anySupplier')}
              value={supplierId ?? null}
              onChange={(id) => update({ supplierId: id ?? undefined })}
              allowClear
              style={{ width: 240 }}
            />
          ) : null}
          {has('view_warehouse') ? (
            <WarehouseSelect
              testId="po-filter-warehouse"
              aria-label={t('fields.warehouse')}
              placeholder={t('list.anyWarehouse')}
              value={warehouseId ?? null}
              onChange={(id) => update({ warehouseId: id ?? undefined })}
              allowClear
              style={{ width: 220 }}
            />
          ) : null}
          <DatePicker.RangePicker
            data-testid="po-filter-period"
            aria-label={t('list.period')}
            format={DATE_FORMAT}
            value={rangeOf(from, to)}
            allowEmpty={[true, true]}
            placeholder={[t('list.orderedFrom'), t('list.orderedTo')]}
            onChange={(_, [start, end]) => update({ from: start || undefined, to: end || undefined })}
          />
          <DatePicker.RangePicker
            data-testid="po-filter-expected"
            aria-label={t('list.expectedPeriod')}
            format={DATE_FORMAT}
            value={rangeOf(expectedFrom, expectedTo)}
            allowEmpty={[true, true]}
            placeholder={[t('list.expectedFrom'), t('list.expectedTo')]}
            onChange={(_, [start, end]) => update({ expectedFrom: start || undefined, expectedTo: end || undefined })}
          />
          <Select
            data-testid="po-filter-awaiting"
            aria-label={t('list.awaitingFilter')}
            value={awaitingReceipt ?? ''}
            onChange={(value: string) => update({ awaitingReceipt: value || undefined })}
            options={[
              { value: '', label: t('list.anyReceipt') },
              { value: 'true', label: t('list.onlyAwaiting') },
              { value: 'false', label: t('list.notAwaiting') },
            ]}
            style={{ minWidth: 190 }}
            popupMatchSelectWidth={false}
          />
        </FilterBar>
      }
    />
  );
}
