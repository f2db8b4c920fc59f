import { PlusOutlined } from '@ant-design/icons';
import { type BundleTaskListItem, bundleTaskDocument } from '@backoffice/contracts';
import { Button, Checkbox, DatePicker, Select, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
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
import { exportTasks, type TaskFilter, useTasks } from './api.ts';
import { AssigneeSelect } from './assignee-select.tsx';
import { BundlePicker } from './bundle-picker.tsx';
import { DueDate } from './status-tag.tsx';
import { TaskFormDrawer } from './task-form-drawer.tsx';
import { type BackState, taskUrl } from './urls.ts';

const FILTERS = [
  'status',
  'warehouseId',
  'assigneeUserId',
  'unassigned',
  'bundleProductId',
  'dueFrom',
  'dueTo',
  'overdue',
] as const;
/** The status filter's "still to do": open or in progress. */
const TO_DO = 'toDo';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Bundling › Task List: every task, server-paged, with search, filters (status, warehouse, assignee, bundle,
 * due dates, overdue) and sort in the URL, export, and for holders of add_bundle_task a new task.
 */
export function TaskListPage() {
  const { t } = useTranslation('bundles');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, update] = useListState(FILTERS);
  const f = state.filters;
  const filter: TaskFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(isDocumentStatus(bundleTaskDocument, f.status) ? { status: f.status } : {}),
    ...(f.status === TO_DO ? { openOnly: 'true' } : {}),
    ...(f.warehouseId ? { warehouseId: f.warehouseId } : {}),
    ...(f.assigneeUserId ? { assigneeUserId: f.assigneeUserId } : {}),
    ...(f.unassigned === 'true' ? { unassigned: 'true' } : {}),
    ...(f.bundleProductId ? { bundleProductId: f.bundleProductId } : {}),
    ...(f.dueFrom && DAY.test(f.dueFrom) ? { dueFrom: f.dueFrom } : {}),
    ...(f.dueTo && DAY.test(f.dueTo) ? { dueTo: f.dueTo } : {}),
    ...(f.overdue === 'true' ? { overdue: 'true' } : {}),
  };
  const list = useTasks({ page: state.page, pageSize: state.pageSize, ...filter });
  const statusOptions = useStatusOptions(bundleTaskDocument, [
    { value: '', label: t('status.any') },
    { value: TO_DO, label: t('status.toDo') },
  ]);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const rows = list.data?.items ?? [];
  const knownBundle = rows.find((r) => r.bundle.id === f.bundleProductId)?.bundle ?? null;
  const knownAssignee = rows.find((r) => r.assignee?.id === f.assigneeUserId)?.assignee ?? null;
  const back: BackState = { backTo: `${location.pathname}${location.search}` };

  const columns: ColumnsType<BundleTaskListItem> = [
    {
      key: 'number',
      dataIndex: 'number',
      title: t('fields.number'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'number'),
      render: (number: string, row) => (
        <Link to={taskUrl(row.id)} state={back} data-testid="task-link" aria-label={t('list.open', { number })}>
          <bdi>{number}</bdi>
        </Link>
      ),
    },
    {
      key: 'status',
      title: t('fields.status'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'status'),
      render: (_, row) => <StatusTag doc={bundleTaskDocument} status={row.status} testId="task-status" />,
    },
    {
      key: 'bundle',
      title: t('fields.bundle'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'bundle'),
      render: (_, row) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi style={{ fontWeight: 600 }}>{row.bundle.sku}</bdi>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{row.bundle.name}</span>
        </span>
      ),
    },
    {
      key: 'warehouse',
      title: t('fields.warehouse'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'warehouse'),
      render: (_, row) => <bdi title={row.warehouse.name}>{row.warehouse.code}</bdi>,
    },
    {
      key: 'quantity',
      title: t('fields.quantity'),
      align: 'end',
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'quantity'),
      render: (_, row) => <Figure value={row.quantity} />,
    },
    {
      key: 'completed',
      title: t('fields.completed'),
      align: 'end',
      render: (_, row) => <Figure value={row.completedQuantity} />,
    },
    {
      key: 'assignee',
      title: t('fields.assignee'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'assignee'),
      render: (_, row) => (row.assignee ? <bdi title={row.assignee.name}>{row.assignee.username}</bdi> : '—'),
    },
    {
      key: 'dueDate',
      title: t('fields.dueDate'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'dueDate'),
      render: (_, row) => <DueDate task={row} />,
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('fields.createdAt'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? '-createdAt', 'createdAt'),
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{formatDate(value)}</bdi>,
    },
  ];

  const filtered = !!(
    state.q ||
    f.status ||
    f.warehouseId ||
    f.assigneeUserId ||
    f.unassigned ||
    f.bundleProductId ||
    f.dueFrom ||
    f.dueTo ||
    f.overdue
  );
  const clear = () =>
    update({
      q: '',
      status: undefined,
      warehouseId: undefined,
      assigneeUserId: undefined,
      unassigned: undefined,
      bundleProductId: undefined,
      dueFrom: undefined,
      dueTo: undefined,
      overdue: undefined,
    });

  return (
    <>
      <PageHeader
        extra={
          <>
            <ExportButton onExport={() => exportTasks(filter, t('list.fileName'))} />
            {has('add_bundle_task') ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="create-task"
                onClick={() => setDrawerOpen(true)}
              >
                {t('list.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <FilterBar>
        <TestId id="task-search">
          <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('list.search')} autoFocus />
        </TestId>
        <Select
          aria-label={t('fields.status')}
          data-testid="task-filter-status"
          value={f.status ?? ''}
          onChange={(value: string) => update({ status: value || undefined })}
          style={{ minWidth: 160 }}
          options={statusOptions}
        />
        <WarehouseSelect
          testId="task-filter-warehouse"
          aria-label={t('fields.warehouse')}
          placeholder={t('list.allWarehouses')}
          value={f.warehouseId ?? null}
          onChange={(id) => update({ warehouseId: id ?? undefined })}
          allowClear
          style={{ width: 220 }}
        />
        <BundlePicker
          testId="task-filter-bundle"
          aria-label={t('fields.bundle')}
          placeholder={t('list.allBundles')}
          value={f.bundleProductId ?? null}
          known={knownBundle}
          onChange={(id) => update({ bundleProductId: id ?? undefined })}
          allowClear
          style={{ width: 240 }}
        />
        <AssigneeSelect
          testId="task-filter-assignee"
          aria-label={t('fields.assignee')}
          placeholder={t('list.anyAssignee')}
          value={f.assigneeUserId ?? null}
          current={knownAssignee}
          onChange={(id) => update({ assigneeUserId: id ?? undefined, unassigned: undefined })}
          style={{ width: 200 }}
        />
        <Checkbox
          checked={f.unassigned === 'true'}
          onChange={(e) => update({ unassigned: e.target.checked ? 'true' : undefined, assigneeUserId: undefined })}
          data-testid="task-filter-unassigned"
        >
          {t('list.unassigned')}
        </Checkbox>
        <DatePicker.RangePicker
          aria-label={t('fields.dueDate')}
          placeholder={[t('list.dueFrom'), t('list.dueTo')]}
          format="YYYY-MM-DD"
          allowEmpty={[true, true]}
          value={[f.dueFrom ? dayjs(f.dueFrom) : null, f.dueTo ? dayjs(f.dueTo) : null]}
          onChange={(range) =>
            update({
              dueFrom: range?.[0]?.format('YYYY-MM-DD') ?? undefined,
              dueTo: range?.[1]?.format('YYYY-MM-DD') ?? undefined,
            })
          }
          data-testid="task-filter-due"
        />
        <Checkbox
          checked={f.overdue === 'true'}
          onChange={(e) => update({ overdue: e.target.checked ? 'true' : undefined })}
          data-testid="task-filter-overdue"
        >
          {t('list.overdueOnly')}
        </Checkbox>
        {filtered ? <Button onClick={clear}>{tc('actions.clearFilters')}</Button> : null}
      </FilterBar>
      <DataTable<BundleTaskListItem>
        testId="tasks-table"
        rowKey="id"
        columns={columns}
        state={state}
        onChange={update}
        page={list.data}
        isLoading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        filtered={filtered}
      />
      <TaskFormDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        onCreated={(task) => navigate(taskUrl(task.id), { state: back })}
      />
    </>
  );
}
