import { EyeInvisibleOutlined, PlusOutlined } from '@ant-design/icons';
import { type StockCount, type StockCountStatus, stockCountDocument } from '@backoffice/contracts';
import { Button, Select, Tooltip, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { isDocumentStatus, StatusTag, useStatusOptions } from '../../../shared/ui/documents/status-tag.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { exportStockCounts, type StockCountFilter, useStockCounts } from './api.ts';
import { StartCountDrawer } from './start-count-drawer.tsx';
import { COUNT_FILTERS, stockCountUrl } from './urls.ts';

/**
 * Inventory stock process: the counting sessions, newest first, with search, status and warehouse filters
 * and sort in the URL, export, and "start a count" for those who count.
 */
export function StockCountListPage() {
  const { t } = useTranslation('stockCounts');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const [state, update] = useListState(COUNT_FILTERS);
  const status = isDocumentStatus(stockCountDocument, state.filters.status) ? state.filters.status : undefined;
  const statusOptions = useStatusOptions(stockCountDocument, [{ value: '', label: t('anyStatus') }]);
  const warehouseId = state.filters.warehouseId;
  const filter: StockCountFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(status ? { status } : {}),
    ...(warehouseId ? { warehouseId } : {}),
  };
  const list = useStockCounts({ page: state.page, pageSize: state.pageSize, ...filter });
  const [starting, setStarting] = useState(false);
  const canCount = has('handle_inventory_stock_process');

  const columns: ColumnsType<StockCount> = [
    {
      key: 'number',
      dataIndex: 'number',
      title: t('fields.number'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'number'),
      render: (value: string, record) => (
        <Link to={stockCountUrl(record.id)} data-testid="count-link">
          <bdi>{value}</bdi>
        </Link>
      ),
    },
    {
      key: 'warehouse',
      title: t('fields.warehouse'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'warehouse'),
      render: (_, record) => (
        <span title={record.warehouse.name}>
          <bdi>{record.warehouse.code}</bdi>
        </span>
      ),
    },
    {
      key: 'zone',
      title: t('fields.zone'),
      render: (_, record) => (record.zone ? <bdi>{record.zone}</bdi> : t('wholeWarehouse')),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('fields.status'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'status'),
      render: (value: StockCountStatus, record) => (
        <span style={{ display: 'inline-flex', gap: token.marginXXS, alignItems: 'center' }}>
          <StatusTag doc={stockCountDocument} status={value} testId="count-status" />
          {record.blind ? (
            <Tooltip title={t('fields.blind')}>
              <EyeInvisibleOutlined aria-label={t('fields.blind')} />
            </Tooltip>
          ) : null}
        </span>
      ),
    },
    {
      key: 'progress',
      title: t('fields.progress'),
      align: 'end',
      render: (_, record) => t('progressValue', { counted: record.countedLineCount, lines: record.lineCount }),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('fields.started'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? '-createdAt', 'createdAt'),
      render: (value: string, record) => `${formatDateTime(value)} · ${record.createdBy.username}`,
    },
    {
      key: 'postedAt',
      title: t('fields.closed'),
      render: (_, record) =>
        record.postedAt
          ? `${formatDateTime(record.postedAt)} · ${record.postedBy?.username ?? ''}`
          : record.canceledAt
            ? `${formatDateTime(record.canceledAt)} · ${record.canceledBy?.username ?? ''}`
            : '',
    },
  ];

  const filtered = !!(state.q || status || warehouseId);

  return (
    <>
      <PageHeader
        extra={
          <>
            <ExportButton onExport={() => exportStockCounts(filter, `${t('listFile')}.xlsx`)} />
            {canCount ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="start-count"
                onClick={() => setStarting(true)}
              >
                {t('start.action')}
              </Button>
            ) : null}
          </>
        }
      >
        <p style={{ margin: `${token.marginXXS}px 0 0`, color: token.colorTextSecondary }}>{t('intro')}</p>
      </PageHeader>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.margin }}>
        <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('search')} autoFocus />
        <Select
          aria-label={t('fields.status')}
          data-testid="status-filter"
          value={status ?? ''}
          onChange={(value: string) => update({ status: value || undefined })}
          style={{ minWidth: 160 }}
          options={statusOptions}
        />
        <WarehouseSelect
          value={warehouseId ?? null}
          onChange={(value) => update({ warehouseId: value ?? undefined })}
          allowClear
          aria-label={t('fields.warehouse')}
          placeholder={t('anyWarehouse')}
          style={{ minWidth: 220, width: 'auto' }}
          testId="warehouse-filter"
        />
        {filtered ? (
          <Button onClick={() => update({ q: '', status: undefined, warehouseId: undefined })}>
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </div>
      <DataTable<StockCount>
        testId="stock-count-table"
        rowKey="id"
        columns={columns}
        state={state}
        onChange={update}
        page={list.data}
        isLoading={list.isFetching && !list.data}
        error={list.error}
        onRetry={() => void list.refetch()}
        filtered={filtered}
      />
      <StartCountDrawer
        open={starting}
        onClose={() => setStarting(false)}
        onStarted={(count) => {
          setStarting(false);
          navigate(stockCountUrl(count.id));
        }}
      />
    </>
  );
}
