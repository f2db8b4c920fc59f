import { type ShipListSummary, shipListDocument } from '@backoffice/contracts';
import { DatePicker } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { sortOrderOf } from '../../../shared/lib/list-state.ts';
import { formatNumber } from '../../../shared/lib/numbers.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { StatusTabs } from '../../../shared/ui/documents/status-tabs.tsx';
import { isDocumentStatus, StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { FilterBar } from '../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../shared/ui/kit/list-page.tsx';
import { CreateButton } from '../../../shared/ui/kit/row-actions.tsx';
import { useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { useShipLists } from '../api.ts';
import { LIST_FILTERS, SHIP_LIST_NEW_PATH, shipListUrl } from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';
const IS_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Ship List: the lists by status (tabs with counts), warehouse and day, search by number or an invoice on it. */
export function ShipListListPage() {
  const { t, i18n } = useTranslation('shipLists');
  const { has } = usePermissions();
  const navigate = useNavigate();
  const list = useListPage(LIST_FILTERS);
  const { state, update } = list;
  const { status, warehouseId } = state.filters;
  const from = state.filters.from && IS_DATE.test(state.filters.from) ? state.filters.from : undefined;
  const to = state.filters.to && IS_DATE.test(state.filters.to) ? state.filters.to : undefined;
  const result = useShipLists({
    page: state.page,
    pageSize: state.pageSize,
    ...list.search,
    ...(isDocumentStatus(shipListDocument, status) ? { status } : {}),
    ...(warehouseId ? { warehouseId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  });
  const counts = result.data?.statusCounts;
  const sortable = (key: string) => ({ sorter: true, sortOrder: sortOrderOf(state.sort, key) });

  const columns: ColumnsType<ShipListSummary> = [
    {
      key: 'number',
      dataIndex: 'number',
      title: t('fields.number'),
      ...sortable('number'),
      render: (number: string, row) => (
        <Link to={shipListUrl(row.id)} data-testid="sl-link">
          <bdi style={{ whiteSpace: 'nowrap' }}>{number}</bdi>
        </Link>
      ),
    },
    {
      key: 'warehouse',
      title: t('fields.warehouse'),
      render: (_, row) => <bdi title={row.warehouse.name}>{row.warehouse.code}</bdi>,
    },
    {
      key: 'invoiceCount',
      dataIndex: 'invoiceCount',
      title: t('fields.invoices'),
      align: 'end',
      ...sortable('invoiceCount'),
      render: (v: number) => formatNumber(v, i18n.language),
    },
    {
      key: 'parcelCount',
      dataIndex: 'parcelCount',
      title: t('fields.parcels'),
      align: 'end',
      render: (v: number, row) => (row.status === 'CONFIRMED' ? formatNumber(v, i18n.language) : '—'),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('fields.status'),
      ...sortable('status'),
      render: (_, row) => <StatusTag doc={shipListDocument} status={row.status} testId="sl-status" />,
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('fields.createdAt'),
      ...sortable('createdAt'),
      sortOrder: sortOrderOf(state.sort ?? '-createdAt', 'createdAt'),
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</bdi>,
    },
    {
      key: 'confirmedAt',
      dataIndex: 'confirmedAt',
      title: t('fields.confirmedAt'),
      ...sortable('confirmedAt'),
      render: (value: string | null) =>
        value ? <bdi style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</bdi> : '—',
    },
  ];

  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null =
    from || to ? [from ? dayjs(from, DATE_FORMAT) : null, to ? dayjs(to, DATE_FORMAT) : null] : null;

  return (
    <ListPage<ShipListSummary, (typeof LIST_FILTERS)[number]>
      list={list}
      result={result}
      testId="ship-lists-table"
      intro={t('list.intro')}
      columns={columns}
      rowKey="id"
      create={
        <CreateButton
          permission="ship_list"
          testId="sl-create"
          label={t('list.create')}
          onClick={() => navigate(SHIP_LIST_NEW_PATH)}
        />
      }
      filters={
        <>
          <StatusTabs
            doc={shipListDocument}
            status={status}
            counts={counts}
            allLabel={t('list.all')}
            onChange={(next) => update({ status: next })}
            testId="sl"
          />
          <FilterBar list={list} search={t('list.search')} searchTestId="sl-search">
            {has('view_warehouse') ? (
              <WarehouseSelect
                testId="sl-filter-warehouse"
                aria-label={t('fields.warehouse')}
                placeholder={t('list.anyWarehouse')}
                value={warehouseId ?? null}
                onChange={(id) => update({ warehouseId: id ?? undefined })}
                allowClear
                style={{ width: 220 }}
              />
            ) : null}
            <DatePicker.RangePicker
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
