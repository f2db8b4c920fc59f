import { CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  ACTIVE_IMPORT_STATUSES,
  type ImportKind,
  type ImportRowError,
  type ImportRunDetail,
} from '@backoffice/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Table, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { ApiError } from '../../shared/lib/errors.ts';
import { notifyError } from '../../shared/lib/notify.ts';
import { formatNumber } from '../../shared/lib/numbers.ts';
import { useErrorText } from '../../shared/lib/use-error-text.ts';
import { ErrorState } from '../../shared/ui/states.tsx';
import { useFieldLabel } from '../excel-mapping/index.ts';
import { downloadProblems, downloadUploadedFile, useProductImport } from './product-upload-api.ts';
import { RunStatusTag } from './run-status-tag.tsx';

/** Progress of a run: rows read of (about) how many, then rows saved; none while it waits. */
function percentOf(run: ImportRunDetail): number | undefined {
  if (run.status === 'APPLIED') return 100;
  if (!run.rowsTotal) return undefined;
  return Math.min(99, Math.floor((run.rowsDone / run.rowsTotal) * 100));
}

/** Where a kind's runs come from, and the sentences that differ between kinds. */
export interface RunSource {
  kind: ImportKind;
  /** Polls one run (a hook: the same function for the panel's whole life). */
  useRun: (id: string | null) => UseQueryResult<ImportRunDetail>;
  downloadProblems: (id: string, fileName: string) => Promise<void>;
  /** What an applied run did, and what a run saving is doing. */
  appliedKey: 'bulk.applied' | 'inventoryBulk.applied';
  savingKey: 'bulk.phase.APPLYING' | 'inventoryBulk.saving' | 'listingsUpload.saving';
}

export const PRODUCT_RUNS: RunSource = {
  kind: 'products',
  useRun: useProductImport,
  downloadProblems,
  appliedKey: 'bulk.applied',
  savingKey: 'bulk.phase.APPLYING',
};

/**
 * One upload followed as it runs (progress polled from the server) and its outcome: what was
 * imported, or why nothing was, with every problem by row and field, downloadable as .xlsx.
 */
export function RunPanel({
  id,
  onClose,
  onUploadAgain,
  source = PRODUCT_RUNS,
}: {
  id: string;
  onClose: () => void;
  onUploadAgain?: () => void;
  source?: RunSource;
}) {
  const { t, i18n } = useTranslation('imports');
  const { token } = theme.useToken();
  const fieldLabel = useFieldLabel();
  const errorText = useErrorText();
  const query = source.useRun(id);
  const [downloading, setDownloading] = useState(false);
  const run = query.data;
  const number = (n: number) => formatNumber(n, i18n.language);

  const save = async (action: () => Promise<void>) => {
    setDownloading(true);
    try {
      await action();
    } catch (error) {
      const text = errorText(error);
      if (text) notifyError(t('bulk.downloadFailed'), text);
    } finally {
      setDownloading(false);
    }
  };

  const failureText = (r: ImportRunDetail) => {
    if (!r.failure) return '';
    if (r.failure.code === 'IMPORT_INVALID') return t('bulk.problemsFound', { count: r.errorCount });
    return errorText(new ApiError(422, r.failure.code, r.failure.message)) ?? r.failure.message;
  };

  const headerOf = new Map((run?.columns ?? []).map((c) => [c.field, c.header]));
  const active = !!run && ACTIVE_IMPORT_STATUSES.includes(run.status);
  const percent = run ? percentOf(run) : undefined;

  return (
    <Card
      data-testid="import-run"
      data-status={run?.status ?? 'LOADING'}
      title={run ? t('bulk.runTitle', { name: run.fileName }) : t('bulk.runLoading')}
      extra={<Button type="text" icon={<CloseOutlined />} aria-label={t('bulk.closeRun')} onClick={onClose} />}
      style={{ marginBottom: token.margin }}
    >
      {query.error && !run ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      {run ? (
        <>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, alignItems: 'center' }}>
            <RunStatusTag status={run.status} />
            <span style={{ color: token.colorTextSecondary }}>
              {formatDateTime(run.createdAt)} · {run.createdBy.username} · {t(`bulk.modeShort.${run.mode}`)}
              {run.mappingName ? ` · ${run.mappingName}` : ''}
            </span>
          </div>

          {active ? (
            <div style={{ marginTop: token.marginSM }} aria-live="polite">
              <div data-testid="import-run-phase">
                {run.status === 'QUEUED'
                  ? t('bulk.phase.QUEUED')
                  : run.status === 'APPLYING'
                    ? t(source.savingKey, { total: number(run.rowsTotal ?? run.rowsDone) })
                    : run.rowsTotal
                      ? t('bulk.phase.VALIDATING', { done: number(run.rowsDone), total: number(run.rowsTotal) })
                      : t('bulk.phase.VALIDATING_UNKNOWN', { done: number(run.rowsDone) })}
              </div>
              <Progress
                data-testid="import-run-progress"
                percent={percent ?? 0}
                status="active"
                showInfo={percent !== undefined}
                aria-label={t('bulk.progress')}
              />
            </div>
          ) : null}

          {run.status === 'APPLIED' ? (
            <Alert
              type="success"
              showIcon
              data-testid="import-run-applied"
              style={{ marginTop: token.marginSM }}
              title={t(source.appliedKey, { created: number(run.createdCount), updated: number(run.updatedCount) })}
              description={
                run.timings
                  ? t('bulk.took', { seconds: formatNumber(run.timings.totalMs / 1000, i18n.language, 1) })
                  : undefined
              }
            />
          ) : null}

          {run.status === 'FAILED' ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              data-testid="import-run-failed"
              style={{ marginTop: token.marginSM }}
              title={failureText(run)}
              description={t('bulk.nothingImported')}
            />
          ) : null}

          {run.errors.length ? (
            <>
              <Table<ImportRowError & { key: number }>
                data-testid="import-errors-table"
                size="small"
                style={{ marginTop: token.marginSM }}
                scroll={{ x: 'max-content' }}
                pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
                dataSource={run.errors.map((e, key) => ({ ...e, key }))}
                columns={[
                  { key: 'row', title: t('bulk.row'), dataIndex: 'rowNumber', width: 80 },
                  {
                    key: 'column',
                    title: t('bulk.column'),
                    render: (_, e) => (e.field ? (headerOf.get(e.field) ?? '') : ''),
                  },
                  {
                    key: 'field',
                    title: t('bulk.field'),
                    render: (_, e) => (e.field ? fieldLabel(source.kind, e.field) : ''),
                  },
                  { key: 'problem', title: t('bulk.problem'), dataIndex: 'message' },
                ]}
              />
              {run.errorCount > run.errors.length ? (
                <p style={{ color: token.colorTextSecondary }}>
                  {t('bulk.moreProblems', { shown: number(run.errors.length), count: number(run.errorCount) })}
                </p>
              ) : null}
            </>
          ) : null}

          <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS, marginTop: token.marginSM }}>
            {run.status === 'FAILED' && run.errorCount > 0 ? (
              <Button
                icon={<DownloadOutlined />}
                loading={downloading}
                data-testid="download-problems"
                onClick={() =>
                  void save(() =>
                    source.downloadProblems(
                      run.id,
                      `${run.fileName.replace(/\.xlsx$/i, '')}-${t('bulk.problemsFile')}.xlsx`,
                    ),
                  )
                }
              >
                {t('bulk.downloadProblems')}
              </Button>
            ) : null}
            <Button
              icon={<DownloadOutlined />}
              loading={downloading}
              onClick={() => void save(() => downloadUploadedFile(run.fileUrl, run.fileName))}
            >
              {t('bulk.downloadFile')}
            </Button>
            {run.status === 'FAILED' && onUploadAgain ? (
              <Button type="primary" data-testid="upload-again" onClick={onUploadAgain}>
                {t('bulk.uploadFixed')}
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
    </Card>
  );
}
