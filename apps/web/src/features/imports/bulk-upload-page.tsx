import { DownloadOutlined, SettingOutlined } from '@ant-design/icons';
import { IMPORT_RUN_STATUSES, type ImportRun, type ImportRunStatus } from '@backoffice/contracts';
import { Alert, Button, Card, theme } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { notifyError } from '../../shared/lib/notify.ts';
import { usePermissions } from '../../shared/lib/permissions.tsx';
import { useErrorText } from '../../shared/lib/use-error-text.ts';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { ExportButton } from '../../shared/ui/export-button.tsx';
import { useColumnKit } from '../../shared/ui/kit/columns.tsx';
import { FilterBar, SelectFilter } from '../../shared/ui/kit/filter-bar.tsx';
import { oneOf, useListPage } from '../../shared/ui/kit/use-list-page.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RunPanel } from './run-panel.tsx';
import { RunStatusTag } from './run-status-tag.tsx';
import { UPLOAD_KINDS, type UploadKind, type UploadKindName } from './upload-kinds.ts';
import { UploadWizard } from './upload-wizard.tsx';

/** The history's filter in the URL, and the upload shown above it (`run`), which is not a filter. */
const FILTERS = ['status'] as const;
const ALSO = ['run'] as const;

/**
 * A bulk upload of one import kind (products, inventory): a template to start from, a new upload (file →
 * mapping → every row checked on the server, applied all or nothing, followed with a progress bar), and
 * the history of uploads. Seeing it needs the route's permission; posting a file, the kind's own.
 */
export function BulkUploadPage({ kind }: { kind: UploadKindName }) {
  // A page of another kind is another page: nothing of one kind's state carries over.
  return <BulkUpload key={kind} config={UPLOAD_KINDS[kind]} />;
}

function BulkUpload({ config }: { config: UploadKind }) {
  const { t } = useTranslation('imports');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const errorText = useErrorText();
  const list = useListPage(FILTERS, ALSO);
  const runId = list.state.filters.run;
  const filter = { ...list.search, status: oneOf(list.state.filters.status, IMPORT_RUN_STATUSES) };
  const result = config.useHistory({ ...list.query, ...filter }, !!runId);
  const setup = config.useSetup();
  const wizard = useRef<HTMLDivElement>(null);
  const [templateBusy, setTemplateBusy] = useState(false);
  const canPost = has(config.postPermission);

  const getTemplate = async () => {
    setTemplateBusy(true);
    try {
      await config.downloadTemplate(`${t(`${config.texts}.templateFile`)}.xlsx`);
    } catch (error) {
      const text = errorText(error);
      if (text) notifyError(t('bulk.downloadFailed'), text);
    } finally {
      setTemplateBusy(false);
    }
  };

  const showRun = (id: string | undefined) => list.update({ run: id, page: list.state.page });

  const col = useColumnKit<ImportRun>(list.state.sort, '-createdAt');
  const columns = [
    col.text('createdAt', t('bulk.cols.uploaded'), { render: (value: string) => formatDateTime(value) }),
    col.text('fileName', t('bulk.cols.file')),
    col.text('status', t('bulk.cols.status'), { render: (value: ImportRunStatus) => <RunStatusTag status={value} /> }),
    col.text('mode', t('bulk.cols.mode'), {
      sortable: false,
      render: (value: ImportRun['mode']) => t(`bulk.modeShort.${value}`),
    }),
    { ...col.text('rowsTotal', t('bulk.cols.rows'), { sortable: false, align: 'end' }), key: 'rows' },
    {
      ...col.text('createdCount', t(config.counts.created.title), { sortable: false, align: 'end' }),
      key: config.counts.created.key,
    },
    {
      ...col.text('updatedCount', t(config.counts.updated.title), { sortable: false, align: 'end' }),
      key: config.counts.updated.key,
    },
    { ...col.text('errorCount', t('bulk.cols.problems'), { sortable: false, align: 'end' }), key: 'problems' },
    { key: 'by', title: t('bulk.cols.by'), render: (_: unknown, run: ImportRun) => run.createdBy.username },
    col.actions((run) => (
      <Button size="small" onClick={() => showRun(run.id)} aria-label={t('bulk.showRun', { name: run.fileName })}>
        {t('bulk.show')}
      </Button>
    )),
  ];

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
              <Link to={`/excel-mapping?kind=${config.kind}`}>
                <Button icon={<SettingOutlined />}>{t('bulk.manageMappings')}</Button>
              </Link>
            ) : null}
          </>
        }
      >
        <p style={{ margin: `${token.marginXXS}px 0 0`, color: token.colorTextSecondary }}>
          {t(`${config.texts}.intro`)}
        </p>
      </PageHeader>

      {runId ? (
        <RunPanel
          key={runId}
          id={runId}
          source={config.runs}
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
      ) : config.noPostNotice ? (
        <Alert
          type="info"
          showIcon
          data-testid={config.noPostNotice.testId}
          title={t(config.noPostNotice.text)}
          style={{ marginBottom: token.margin }}
        />
      ) : null}

      <Card title={t('bulk.history')}>
        <FilterBar
          list={list}
          search={t('bulk.historySearch')}
          autoFocus={false}
          end={
            <ExportButton onExport={() => config.exportHistory(filter, `${t(`${config.texts}.historyFile`)}.xlsx`)} />
          }
        >
          <SelectFilter
            list={list}
            name="status"
            label={t('bulk.cols.status')}
            any={t('bulk.anyStatus')}
            width={160}
            options={IMPORT_RUN_STATUSES.map((s) => ({ value: s, label: t(`bulk.status.${s}`) }))}
          />
        </FilterBar>
        <DataTable<ImportRun>
          testId={config.historyTestId}
          rowKey="id"
          columns={columns}
          state={list.state}
          onChange={list.update}
          page={result.data}
          isLoading={result.isFetching && !result.data}
          error={result.error}
          onRetry={() => void result.refetch()}
          filtered={list.filtered}
        />
      </Card>
    </>
  );
}
