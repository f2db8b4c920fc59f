import { type PickListSummary, pickListDocument } from '@backoffice/contracts';
import { Progress } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { sortOrderOf } from '../../../shared/lib/list-state.ts';
import { formatNumber, formatQuantity } from '../../../shared/lib/numbers.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { StatusTabs } from '../../../shared/ui/documents/status-tabs.tsx';
import { isDocumentStatus, StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { FilterBar } from '../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../shared/ui/kit/list-page.tsx';
import { CreateButton } from '../../../shared/ui/kit/row-actions.tsx';
import { useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { usePickLists } from '../api.ts';
import { pickedPercent } from '../quantity.ts';
import { type BackState, LIST_FILTERS, PICK_LIST_NEW_PATH, pickListUrl } from '../urls.ts';

/** Pick List: a tab per status with its count, warehouse and number search in the URL, server paging and sorting. */
export function PickListListPage() {
  const { t, i18n } = useTranslation('pickLists');
  const { has } = usePermissions();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useListPage(LIST_FILTERS);
  const { state, update } = list;
  const { status, warehouseId } = state.filters;
  const result = usePickLists({
    page: state.page,
    pageSize: state.pageSize,
    ...list.search,
    ...(isDocumentStatus(pickListDocument, status) ? { status } : {}),
    ...(warehouseId ? { warehouseId } : {}),
  });
  const counts = result.data?.statusCounts;
  const backState: BackState = { backTo: `${location.pathname}${location.search}` };
  const sortable = (key: string) => ({ sorter: true, sortOrder: sortOrderOf(state.sort, key) });

  const columns: ColumnsType<PickListSummary> = [
    {
      key: 'number',
      dataIndex: 'number',
      title: t('fields.number'),
      ...sortable('number'),
      render: (number: string, row) => (
        <Link to={pickListUrl(row.id)} state={backState} data-testid="pl-link">
          <bdi style={{ whiteSpace: 'nowrap' }}>{number}</bdi>
        </Link>
      ),
    },
    {
      key: 'warehouse',
      title: t('fields.warehouse'),
      ...sortable('warehouse'),
      render: (_, row) => <bdi title={row.warehouse.name}>{row.warehouse.code}</bdi>,
    },
    {
      key: 'invoiceCount',
      dataIndex: 'invoiceCount',
      title: t('fields.invoices'),
      align: 'end',
      render: (n: number) => formatNumber(n, i18n.language),
    },
    {
      key: 'progress',
      title: t('fields.picked'),
      render: (_, row) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minWidth: 160 }}>
          <Progress
            percent={pickedPercent(row.pickedQuantity, row.requiredQuantity)}
            size="small"
            showInfo={false}
            aria-label={t('fields.picked')}
            style={{ width: 80, margin: 0 }}
          />
          <bdi style={{ whiteSpace: 'nowrap' }}>
            {t('detail.pickedOf', {
              picked: formatQuantity(row.pickedQuantity, i18n.language),
              required: formatQuantity(row.requiredQuantity, i18n.language),
            })}
          </bdi>
        </span>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('fields.status'),
      ...sortable('status'),
      render: (_, row) => <StatusTag doc={pickListDocument} status={row.status} testId="pl-status" />,
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('fields.createdAt'),
      ...sortable('createdAt'),
      sortOrder: sortOrderOf(state.sort ?? '-createdAt', 'createdAt'),
      render: (value: string, row) => (
        <bdi style={{ whiteSpace: 'nowrap' }}>
          {value.slice(0, 10)}
          {row.createdBy ? ` · ${row.createdBy.username}` : ''}
        </bdi>
      ),
    },
  ];

  return (
    <ListPage<PickListSummary, (typeof LIST_FILTERS)[number]>
      list={list}
      result={result}
      testId="pick-lists-table"
      intro={t('list.intro')}
      columns={columns}
      rowKey="id"
      create={
        <CreateButton
          permission="handle_pick_list_process"
          testId="pl-create"
          label={t('list.create')}
          onClick={() => navigate(PICK_LIST_NEW_PATH, { state: backState })}
        />
      }
      filters={
        <>
          <StatusTabs
            doc={pickListDocument}
            status={status}
            counts={counts}
            allLabel={t('list.all')}
            onChange={(next) => update({ status: next })}
            testId="pl"
          />
          <FilterBar list={list} search={t('list.search')} searchTestId="pl-search">
            {has('view_warehouse') ? (
              <WarehouseSelect
                testId="pl-filter-warehouse"
                aria-label={t('fields.warehouse')}
                placeholder={t('list.anyWarehouse')}
                value={warehouseId ?? null}
                onChange={(id) => update({ warehouseId: id ?? undefined })}
                allowClear
                style={{ width: 220 }}
              />
            ) : null}
          </FilterBar>
        </>
      }
    />
  );
}
