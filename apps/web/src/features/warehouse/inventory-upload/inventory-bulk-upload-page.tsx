import { DownloadOutlined, SettingOutlined } from '@ant-design/icons';
import {
  IMPORT_KIND_DEFS,
  IMPORT_RUN_STATUSES,
  type ImportRun,
  type ImportRunStatus,
  type InventoryImportMode,
} from '@backoffice/contracts';
import { Alert, Button, Card, Select, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { notifyError } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { RunPanel, type RunSource } from '../../product/bulk-upload/run-panel.tsx';
import { RunStatusTag } from '../../product/bulk-upload/run-status-tag.tsx';
import { type UploadSetup, UploadWizard } from '../../product/bulk-upload/upload-wizard.tsx';
import {
  downloadInventoryProblems,
  downloadInventoryTemplate,
  exportInventoryImports,
  type InventoryImportFilter,
  useInventoryImport,
  useInventoryImports,
  useStartInventoryImport,
} from './api.ts';

const FILTERS = ['status', 'run'] as const;
const isStatus = (value: string | undefined): value is ImportRunStatus =>
  IMPORT_RUN_STATUSES.includes(value as ImportRunStatus);

const INVENTORY_RUNS: RunSource = {
  kind: 'inventory',
  useRun: useInventoryImport,
  downloadProblems: downloadInventoryProblems,
  appliedKey: 'inventoryBulk.applied',
  savingKey: 'inventoryBulk.saving',
};

/** Posting a file is a stock adjustment: it needs the permission adjustments need. */
const POST_PERMISSION = 'edit_manual_stock';

/**
 * Inventory bulk upload: opening balances and adjustments with cost from an .xlsx, through the same
 * wizard and run panel as the product upload (file → mapping → every row checked on the server, all rows
 * posted in one stock posting or none), a choice of mode (set the bins' quantities, or add to them), and
 * the history of uploads. Seeing it needs view_warehouse; posting a file needs edit_manual_stock.
 */
export function InventoryBulkUploadPage() {
  const { t } = useTranslation('imports');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const errorText = useErrorText();
  const [state, update] = useListState(FILTERS);
  const status = isStatus(state.filters.status) ? state.filters.status : undefined;
  const runId = state.filters.run;
  const filter: InventoryImportFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(status ? { status } : {}),
  };
  const list = useInventoryImports({ page: state.page, pageSize: state.pageSize, ...filter }, !!runId);
  const wizard = useRef<HTMLDivElement>(null);
  const [templateBusy, setTemplateBusy] = useState(false);
  const canPost = has(POST_PERMISSION);
  const start = useStartInventoryImport();
  const setup = useMemo<UploadSetup<InventoryImportMode>>(
    () => ({
      kind: 'inventory',
      fields: IMPORT_KIND_DEFS.inventory.fields,
      modeTitle: t('inventoryBulk.mode'),
      modes: [
        { value: 'set', label: t('inventoryBulk.modeSet') },
        { value: 'add', label: t('inventoryBulk.modeAdd') },
      ],
      defaultMode: 'set',
      modeHelp: t('inventoryBulk.modeHelp'),
      start,
    }),
    [t, start],
  );

  const getTemplate = async () => {
    setTemplateBusy(true);
    try {
      await downloadInventoryTemplate(`${t('inventoryBulk.templateFile')}.xlsx`);
    } catch (error) {
      const text = errorText(error);
      if (text) notifyError(t('bulk.downloadFailed'), text);
    } finally {
      setTemplateBusy(false);
    }
  };

  const showRun = (id: string | undefined) => update({ run: id, page: state.page });

  const columns: ColumnsType<ImportRun> = [
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('bulk.cols.uploaded'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? '-createdAt', 'createdAt'),
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'fileName',
      dataIndex: 'fileName',
      title: t('bulk.cols.file'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'fileName'),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('bulk.cols.status'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'status'),
      render: (value: ImportRunStatus) => <RunStatusTag status={value} />,
    },
    {
      key: 'mode',
      dataIndex: 'mode',
      title: t('bulk.cols.mode'),
      render: (value: ImportRun['mode']) => t(`bulk.modeShort.${value}`),
    },
    { key: 'rows', dataIndex: 'rowsTotal', title: t('bulk.cols.rows'), align: 'end' },
    { key: 'opening', dataIndex: 'createdCount', title: t('inventoryBulk.cols.opening'), align: 'end' },
    { key: 'adjusted', dataIndex: 'updatedCount', title: t('inventoryBulk.cols.adjusted'), align: 'end' },
    { key: 'problems', dataIndex: 'errorCount', title: t('bulk.cols.problems'), align: 'end' },
    { key: 'by', title: t('bulk.cols.by'), render: (_, run) => run.createdBy.username },
    {
      key: 'actions',
      title: tc('table.actions'),
      fixed: 'end',
      render: (_, run) => (
        <Button size="small" onClick={() => showRun(run.id)} aria-label={t('bulk.showRun', { name: run.fileName })}>
          {t('bulk.show')}
        </Button>
      ),
    },
  ];

  const filtered = !!(state.q || status);

  return (
    <>
      <PageHeader
        extra={
          <>
            <Button
              icon={<DownloadOutlined />}
              loading={templateBusy}
              onClick={() => void getTemplate()}
              data-testid="download-template"
            >
              {t('bulk.template')}
            </Button>
            {has('view_excel_mapping') ? (
              <Link to="/excel-mapping?kind=inventory">
                <Button icon={<SettingOutlined />}>{t('bulk.manageMappings')}</Button>
              </Link>
            ) : null}
          </>
        }
      >
        <p style={{ margin: `${token.marginXXS}px 0 0`, color: token.colorTextSecondary }}>
          {t('inventoryBulk.intro')}
        </p>
      </PageHeader>

      {runId ? (
        <RunPanel
          key={runId}
          id={runId}
          source={INVENTORY_RUNS}
          onClose={() => showRun(undefined)}
          onUploadAgain={
            canPost
              ? () => {
                  wizard.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                  wizard.current?.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
                }
              : undefined
          }
        />
      ) : null}

      {canPost ? (
        <div ref={wizard}>
          <Card title={t('bulk.newUpload')} style={{ marginBottom: token.margin }}>
            <UploadWizard onStarted={(id) => showRun(id)} setup={setup} />
          </Card>
        </div>
      ) : (
        <Alert
          type="info"
          showIcon
          data-testid="inventory-upload-no-permission"
          title={t('inventoryBulk.noPostPermission')}
          style={{ marginBottom: token.margin }}
        />
      )}

      <Card title={t('bulk.history')}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.margin }}>
          <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('bulk.historySearch')} />
          <Select
            aria-label={t('bulk.cols.status')}
            value={status ?? ''}
            onChange={(value: string) => update({ status: value || undefined })}
            style={{ minWidth: 160 }}
            options={[
              { value: '', label: t('bulk.anyStatus') },
              ...IMPORT_RUN_STATUSES.map((s) => ({ value: s, label: t(`bulk.status.${s}`) })),
            ]}
          />
          {filtered ? (
            <Button onClick={() => update({ q: '', status: undefined })}>{tc('actions.clearFilters')}</Button>
          ) : null}
          <span style={{ flex: 1 }} />
          <ExportButton onExport={() => exportInventoryImports(filter, `${t('inventoryBulk.historyFile')}.xlsx`)} />
        </div>
        <DataTable<ImportRun>
          testId="inventory-import-history-table"
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
      </Card>
    </>
  );
}
