import { DownloadOutlined, SettingOutlined } from '@ant-design/icons';
import { IMPORT_RUN_STATUSES, type ImportRun, type ImportRunStatus } from '@backoffice/contracts';
import { Button, Card, Select, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useRef, useState } from 'react';
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
import { downloadTemplate, exportProductImports, type ProductImportFilter, useProductImports } from './api.ts';
import { RunPanel } from './run-panel.tsx';
import { RunStatusTag } from './run-status-tag.tsx';
import { UploadWizard, useProductUploadSetup } from './upload-wizard.tsx';

/** The list's filters in the URL, and the upload shown above it (`run`). */
const FILTERS = ['status', 'run'] as const;
const isStatus = (value: string | undefined): value is ImportRunStatus =>
  IMPORT_RUN_STATUSES.includes(value as ImportRunStatus);

/**
 * Product bulk upload: a template to start from, a new upload (file → mapping → checked and applied
 * all or nothing on the server, followed with a progress bar), and the history of uploads.
 */
export function ProductBulkUploadPage() {
  const { t } = useTranslation('imports');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const errorText = useErrorText();
  const [state, update] = useListState(FILTERS);
  const status = isStatus(state.filters.status) ? state.filters.status : undefined;
  const runId = state.filters.run;
  const filter: ProductImportFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(status ? { status } : {}),
  };
  const list = useProductImports({ page: state.page, pageSize: state.pageSize, ...filter }, !!runId);
  const wizard = useRef<HTMLDivElement>(null);
  const [templateBusy, setTemplateBusy] = useState(false);
  const canAdd = has('add_product');
  const uploadSetup = useProductUploadSetup();

  const getTemplate = async () => {
    setTemplateBusy(true);
    try {
      await downloadTemplate(`${t('bulk.templateFile')}.xlsx`);
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
    { key: 'created', dataIndex: 'createdCount', title: t('bulk.cols.created'), align: 'end' },
    { key: 'updated', dataIndex: 'updatedCount', title: t('bulk.cols.updated'), align: 'end' },
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
              <Link to="/excel-mapping?kind=products">
                <Button icon={<SettingOutlined />}>{t('bulk.manageMappings')}</Button>
              </Link>
            ) : null}
          </>
        }
      >
        <p style={{ margin: `${token.marginXXS}px 0 0`, color: token.colorTextSecondary }}>{t('bulk.intro')}</p>
      </PageHeader>

      {runId ? (
        <RunPanel
          key={runId}
          id={runId}
          onClose={() => showRun(undefined)}
          onUploadAgain={
            canAdd
              ? () => {
                  wizard.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                  wizard.current?.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
                }
              : undefined
          }
        />
      ) : null}

      {canAdd ? (
        <div ref={wizard}>
          <Card title={t('bulk.newUpload')} style={{ marginBottom: token.margin }}>
            <UploadWizard onStarted={(id) => showRun(id)} setup={uploadSetup} />
          </Card>
        </div>
      ) : null}

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
          <ExportButton onExport={() => exportProductImports(filter, `${t('bulk.historyFile')}.xlsx`)} />
        </div>
        <DataTable<ImportRun>
          testId="import-history-table"
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
