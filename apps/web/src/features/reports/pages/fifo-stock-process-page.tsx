import { PlayCircleOutlined } from '@ant-design/icons';
import {
  FIFO_DIFFERENCE_KINDS,
  type FifoDifference,
  type FifoDifferenceKind,
  type FifoProcessRun,
  type FifoRunStatus,
} from '@backoffice/contracts';
import { Alert, Button, Progress, Select, Table, Tag, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useListState } from '../../../shared/lib/list-state.ts';
import { notifyError } from '../../../shared/lib/notify.ts';
import { formatNumber } from '../../../shared/lib/numbers.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { exportFifoDifferences, useFifoDifferences, useFifoRun, useFifoRuns, useStartFifoProcess } from '../api.ts';
import { FIFO_PROCESS_FILTERS } from '../urls.ts';

const RUNS_PAGE_SIZE = 5;
const STATUS_COLOURS: Record<FifoRunStatus, string> = { RUNNING: 'processing', DONE: 'success', FAILED: 'error' };
const isKind = (value: string | undefined): value is FifoDifferenceKind =>
  value !== undefined && (FIFO_DIFFERENCE_KINDS as readonly string[]).includes(value);

function StatusTag({ status }: { status: FifoRunStatus }) {
  const { t } = useTranslation('reports');
  return <Tag color={STATUS_COLOURS[status]}>{t(`fifoProcess.statuses.${status}`)}</Tag>;
}

/**
 * The FIFO stock process: starts the replay of every product's valuation from the ledger (in the
 * background, one at a time), follows it with a progress bar, then shows "all agree" or the differences
 * (server-paged, by kind, exportable); earlier runs can be opened again. The run shown is in the URL.
 */
export function FifoStockProcessPage() {
  const { t, i18n } = useTranslation('reports');
  const { token } = theme.useToken();
  const errorText = useErrorText();
  const [state, update] = useListState(FIFO_PROCESS_FILTERS);
  const { run: runParam, kind, runsPage } = state.filters;
  const runsPageNumber = Math.max(1, Number.parseInt(runsPage ?? '1', 10) || 1);
  const submission = useSubmissionKey();
  const start = useStartFifoProcess();

  const runs = useFifoRuns({ page: runsPageNumber, pageSize: RUNS_PAGE_SIZE });
  const latest = runs.data?.items[0];
  const shownId = runParam ?? (runsPageNumber === 1 ? latest?.id : undefined);
  const run = useFifoRun(shownId);
  const shown = run.data;
  const anyRunning = shown?.status === 'RUNNING' || latest?.status === 'RUNNING';
  const number = (n: number) => formatNumber(n, i18n.language);
  const differences = useFifoDifferences(
    shown?.id,
    { page: state.page, pageSize: state.pageSize, ...(isKind(kind) ? { kind } : {}) },
    shown?.status === 'DONE' && shown.differencesFound > 0,
  );

  const startRun = async () => {
    try {
      const created = await start.mutateAsync(submission.keyFor({ startedFrom: 'fifo-stock-process' }));
      submission.reset();
      update({ run: created.id, kind: undefined, runsPage: undefined });
    } catch (error) {
      const text = errorText(error);
      if (text) notifyError(t('fifoProcess.start'), text);
      void runs.refetch();
    }
  };

  const differenceColumns: ColumnsType<FifoDifference> = [
    {
      key: 'kind',
      title: t('fifoProcess.kind'),
      render: (_, d) => <Tag>{t(`fifoProcess.kinds.${d.kind}`)}</Tag>,
    },
    {
      key: 'product',
      title: t('fields.product'),
      render: (_, d) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi>{d.product.sku}</bdi>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{d.product.name}</span>
        </span>
      ),
    },
    {
      key: 'warehouse',
      title: t('fields.warehouse'),
      render: (_, d) => (
        <span style={{ display: 'inline-flex', gap: token.marginXXS }}>
          {d.warehouse ? <bdi title={d.warehouse.name}>{d.warehouse.code}</bdi> : '—'}
          {d.bucket === 'TRANSIT' ? <Tag>{t('common.inTransitTag')}</Tag> : null}
        </span>
      ),
    },
    {
      key: 'expected',
      dataIndex: 'expected',
      title: t('fifoProcess.expected'),
      align: 'end',
      render: (value: string) => <bdi style={{ fontVariantNumeric: 'tabular-nums' }}>{value || '—'}</bdi>,
    },
    {
      key: 'stored',
      dataIndex: 'stored',
      title: t('fifoProcess.stored'),
      align: 'end',
      render: (value: string) => <bdi style={{ fontVariantNumeric: 'tabular-nums' }}>{value || '—'}</bdi>,
    },
    {
      key: 'detail',
      dataIndex: 'detail',
      title: t('fifoProcess.detail'),
      render: (value: string) => (
        <div style={{ minWidth: 160, maxWidth: 360, whiteSpace: 'normal' }}>{value || '—'}</div>
      ),
    },
  ];

  const runColumns: ColumnsType<FifoProcessRun> = [
    {
      key: 'startedAt',
      title: t('fifoProcess.startedAt'),
      render: (_, r) => <bdi style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.startedAt)}</bdi>,
    },
    { key: 'status', title: t('fifoProcess.status'), render: (_, r) => <StatusTag status={r.status} /> },
    {
      key: 'startedBy',
      title: t('fifoProcess.startedBy'),
      render: (_, r) => (r.startedBy ? <bdi>{r.startedBy}</bdi> : '—'),
    },
    {
      key: 'products',
      title: t('fifoProcess.productsDone'),
      align: 'end',
      render: (_, r) => `${number(r.productsDone)} / ${number(r.productsTotal)}`,
    },
    {
      key: 'differences',
      title: t('fifoProcess.differences'),
      align: 'end',
      render: (_, r) => number(r.differencesFound),
    },
    {
      key: 'finishedAt',
      title: t('fifoProcess.finishedAt'),
      render: (_, r) =>
        r.finishedAt ? <bdi style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.finishedAt)}</bdi> : '—',
    },
    {
      key: 'view',
      title: t('fifoProcess.view'),
      render: (_, r) =>
        r.id === shown?.id ? (
          <Tag>{t('fifoProcess.viewing')}</Tag>
        ) : (
          <Button size="small" onClick={() => update({ run: r.id, kind: undefined, runsPage: runsPage })}>
            {t('fifoProcess.view')}
          </Button>
        ),
    },
  ];

  const percent =
    shown && shown.productsTotal > 0 ? Math.min(99, Math.floor((shown.productsDone / shown.productsTotal) * 100)) : 0;

  return (
    <>
      <PageHeader
        extra={
          <Button
            type="primary"
            icon={<PlayCircleOutlined />}
            data-testid="fifo-process-start"
            loading={start.isPending}
            disabled={anyRunning}
            onClick={() => void startRun()}
          >
            {t('fifoProcess.start')}
          </Button>
        }
      >
        <p style={{ margin: `${token.marginXXS}px 0 0`, color: token.colorTextSecondary, maxWidth: 760 }}>
          {t('fifoProcess.intro')}
        </p>
      </PageHeader>

      <Panel
        title={shown ? t('fifoProcess.runTitle', { date: formatDateTime(shown.startedAt) }) : undefined}
        extra={shown ? <StatusTag status={shown.status} /> : undefined}
        style={{ marginBottom: token.margin }}
      >
        <div data-testid="fifo-process-run" data-status={shown?.status ?? 'NONE'}>
          {run.error && !shown ? <ErrorState error={run.error} onRetry={() => void run.refetch()} /> : null}
          {!shownId && runs.data ? (
            <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('fifoProcess.noRun')}</p>
          ) : null}
          {shown?.status === 'RUNNING' ? (
            <div aria-live="polite">
              <div data-testid="fifo-process-phase">
                {t('fifoProcess.running', {
                  done: number(shown.productsDone),
                  total: number(shown.productsTotal),
                  differences: number(shown.differencesFound),
                })}
              </div>
              <Progress
                data-testid="fifo-process-progress"
                percent={percent}
                status="active"
                aria-label={t('fifoProcess.progress')}
              />
            </div>
          ) : null}
          {shown?.status === 'DONE' && shown.differencesFound === 0 ? (
            <Alert
              type="success"
              showIcon
              data-testid="fifo-process-all-agree"
              title={t('fifoProcess.allAgree')}
              description={t('fifoProcess.allAgreeDetail', {
                products: number(shown.productsDone),
                movements: number(shown.movementsDone),
              })}
            />
          ) : null}
          {shown?.status === 'FAILED' ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              data-testid="fifo-process-failed"
              title={t('fifoProcess.failed')}
              description={shown.failure ?? undefined}
            />
          ) : null}
          {shown?.status === 'DONE' && shown.differencesFound > 0 ? (
            <>
              <Alert
                type="warning"
                showIcon
                data-testid="fifo-process-differences-found"
                title={t('fifoProcess.differencesFound', { found: number(shown.differencesFound) })}
                description={t('fifoProcess.differencesDetail', {
                  products: number(shown.productsDone),
                  movements: number(shown.movementsDone),
                })}
                style={{ marginBottom: token.margin }}
              />
              <div
                style={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  justifyContent: 'space-between',
                  gap: token.marginSM,
                  marginBottom: token.marginSM,
                }}
              >
                <Select
                  aria-label={t('fifoProcess.kind')}
                  data-testid="fifo-process-kind"
                  value={isKind(kind) ? kind : ''}
                  onChange={(value: string) => update({ kind: value || undefined, run: shown.id })}
                  style={{ minWidth: 220 }}
                  options={[
                    { value: '', label: t('fifoProcess.anyKind') },
                    ...FIFO_DIFFERENCE_KINDS.map((k) => ({ value: k, label: t(`fifoProcess.kinds.${k}`) })),
                  ]}
                />
                <ExportButton
                  onExport={() =>
                    exportFifoDifferences(shown.id, isKind(kind) ? { kind } : {}, t('fifoProcess.fileName'))
                  }
                />
              </div>
              <DataTable<FifoDifference>
                testId="fifo-process-differences"
                rowKey="seq"
                columns={differenceColumns}
                state={state}
                onChange={update}
                page={differences.data}
                isLoading={differences.isFetching}
                error={differences.error}
                onRetry={() => void differences.refetch()}
                filtered={isKind(kind)}
              />
            </>
          ) : null}
        </div>
      </Panel>

      <Panel title={t('fifoProcess.previousRuns')}>
        {runs.error && !runs.data ? <ErrorState error={runs.error} onRetry={() => void runs.refetch()} /> : null}
        <Table<FifoProcessRun>
          data-testid="fifo-process-runs"
          size="small"
          rowKey="id"
          columns={runColumns}
          dataSource={runs.data?.items ?? []}
          loading={runs.isFetching && !runs.data}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: runsPageNumber,
            pageSize: RUNS_PAGE_SIZE,
            total: runs.data?.total ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: (page) => update({ runsPage: page === 1 ? undefined : String(page), run: shown?.id }),
          }}
        />
      </Panel>
    </>
  );
}
