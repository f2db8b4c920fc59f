import { DownloadOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { ChannelAccountState, StockFile } from '@backoffice/contracts';
import { Button, Table, Typography, theme } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { channelStockFilesEndpoints as stockFiles } from '../../../shared/api/endpoints/channel-stock-files.gen.ts';
import { downloadEndpoint, useEndpointQuery } from '../../../shared/api/hooks.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { formatNumber } from '../../../shared/lib/numbers.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { useRunNow } from './api.ts';
import { mayRun, useSyncErrorText } from './sync-words.tsx';

/** A size in bytes as KB or MB, one place. */
function sizeText(bytes: number, language: string) {
  if (bytes < 1024) return `${formatNumber(bytes, language)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, language, 1)} KB`;
  return `${formatNumber(bytes / (1024 * 1024), language, 1)} MB`;
}

/**
 * An account whose stock goes to a file: its newest stock files (produced, rows, size, Download) and Run now, which
 * produces a new one. Nothing for an account whose stock goes to the channel's API.
 */
function StockFilesPanel({ state }: { state: ChannelAccountState }) {
  const { t, i18n } = useTranslation('channels');
  const { token } = theme.useToken();
  const { hasAny } = usePermissions();
  const account = state.account;
  const files = useEndpointQuery(stockFiles.listStockFiles, { params: { id: account.id } }, { retry: false });
  const run = useRunNow();
  const errorText = useSyncErrorText();
  const stock = state.streams.find((s) => s.stream === 'STOCK');
  const isRunning = !!stock?.running;
  // A run that has just ended has made a file: read the list again.
  const wasRunning = useRef(isRunning);
  const refetch = files.refetch;
  useEffect(() => {
    if (wasRunning.current && !isRunning) void refetch();
    wasRunning.current = isRunning;
  }, [isRunning, refetch]);

  if (files.data?.account.stockDelivery !== 'FILE') return null;
  const streamName = t('sync.streams.STOCK');
  const canRun = !!stock?.enabled && account.enabled && mayRun(hasAny, account.type, 'STOCK');
  const start = async () => {
    try {
      await run.mutateAsync({ id: account.id, stream: 'STOCK' });
      notifySuccess(t('sync.card.started', { stream: streamName, account: account.name }));
    } catch (error) {
      const text = errorText(error);
      if (text) notifyError(t('sync.card.runFailed', { stream: streamName, account: account.name }), text);
    }
  };
  const save = async (file: StockFile) => {
    try {
      await downloadEndpoint(
        stockFiles.downloadStockFile,
        { params: { id: account.id, fileId: file.id } },
        file.fileName,
      );
    } catch (error) {
      notifyError(t('stockFiles.downloadFailed'), errorText(error) ?? undefined);
    }
  };
  return (
    <Panel
      title={t('stockFiles.title', { account: account.name })}
      extra={
        canRun ? (
          <Button
            size="small"
            icon={<PlayCircleOutlined />}
            loading={(run.isPending && run.variables?.stream === 'STOCK') || isRunning}
            disabled={isRunning}
            onClick={() => void start()}
            data-testid="stock-files-run-now"
          >
            {isRunning ? t('stockFiles.producing') : t('stockFiles.runNow')}
          </Button>
        ) : null
      }
      style={{ marginBottom: token.margin }}
      testId={`stock-files-${account.id}`}
    >
      <div style={{ padding: token.padding, display: 'grid', gap: 8 }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('stockFiles.help', { kept: files.data.kept })}
        </Typography.Paragraph>
        <Table<StockFile>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={files.data.items}
          loading={files.isFetching}
          locale={{ emptyText: t('stockFiles.empty') }}
          data-testid="stock-files-table"
          columns={[
            {
              key: 'producedAt',
              title: t('stockFiles.producedAt'),
              render: (_: unknown, f: StockFile) => formatDateTime(f.producedAt),
            },
            {
              key: 'rows',
              title: t('stockFiles.rows'),
              align: 'end' as const,
              render: (_: unknown, f: StockFile) => formatNumber(f.rows, i18n.language),
            },
            {
              key: 'size',
              title: t('stockFiles.size'),
              align: 'end' as const,
              render: (_: unknown, f: StockFile) => sizeText(f.sizeBytes, i18n.language),
            },
            {
              key: 'download',
              title: '',
              align: 'end' as const,
              render: (_: unknown, f: StockFile) => (
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  onClick={() => void save(f)}
                  aria-label={t('stockFiles.downloadNamed', { file: f.fileName })}
                  data-testid="stock-file-download"
                >
                  {t('stockFiles.download')}
                </Button>
              ),
            },
          ]}
        />
      </div>
    </Panel>
  );
}

/** The Stock files panel of each account of a stock screen whose stock goes to a file. */
export function StockFilesPanels({ accounts }: { accounts: readonly ChannelAccountState[] }) {
  return (
    <>
      {accounts.map((state) => (
        <StockFilesPanel key={state.account.id} state={state} />
      ))}
    </>
  );
}
