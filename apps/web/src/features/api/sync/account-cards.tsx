import { PlayCircleOutlined } from '@ant-design/icons';
import {
  CHANNEL_ACCOUNT_TYPE_INFO,
  CHANNEL_STREAM_OPERATION,
  type ChannelAccountState,
  type ChannelAccountType,
  type ChannelStream,
  type ChannelStreamState,
} from '@backoffice/contracts';
import { Button, Progress, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { formatNumber } from '../../../shared/lib/numbers.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { AccountTypeLabel, EnvironmentTag } from '../api-configuration/account-words.tsx';
import { useRunNow } from './api.ts';
import { mayRun, useSyncErrorText } from './sync-words.tsx';

const typeDoes = (type: ChannelAccountType, stream: ChannelStream) =>
  CHANNEL_ACCOUNT_TYPE_INFO[type].operations.includes(CHANNEL_STREAM_OPERATION[stream]);

/** A run's progress: a bar when the total is known, else a moving bar with the count so far. */
function RunProgress({ running, label }: { running: NonNullable<ChannelStreamState['running']>; label: string }) {
  const { t, i18n } = useTranslation('channels');
  const total = running.progressTotal;
  const percent = total ? Math.min(100, Math.round((running.progressDone / total) * 100)) : 100;
  return (
    <div data-testid="run-progress">
      <Progress
        percent={percent}
        status="active"
        showInfo={!!total}
        size="small"
        aria-label={label}
        aria-valuenow={total ? percent : undefined}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {total
          ? t('sync.card.progress', {
              done: formatNumber(running.progressDone, i18n.language),
              total: formatNumber(total, i18n.language),
            })
          : running.progressDone > 0
            ? t('sync.card.progressOpen', { done: formatNumber(running.progressDone, i18n.language) })
            : t('sync.card.waiting')}
      </Typography.Text>
    </div>
  );
}

function When({ label, value, never }: { label: string; value: string | null; never: string }) {
  const { token } = theme.useToken();
  return (
    <div>
      <dt style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{label}</dt>
      <dd style={{ margin: 0 }}>{value ? formatDateTime(value) : never}</dd>
    </div>
  );
}

function StreamBlock({
  account,
  stream,
}: {
  account: ChannelAccountState['account'] & { type: ChannelAccountType };
  stream: ChannelStreamState;
}) {
  const { t } = useTranslation('channels');
  const { token } = theme.useToken();
  const { hasAny } = usePermissions();
  const run = useRunNow();
  const errorText = useSyncErrorText();
  const name = t(`sync.streams.${stream.stream}`);
  const isStarting = run.isPending && run.variables?.stream === stream.stream;
  const canRun = mayRun(hasAny, account.type, stream.stream);
  const start = async () => {
    try {
      await run.mutateAsync({ id: account.id, stream: stream.stream });
      notifySuccess(t('sync.card.started', { stream: name, account: account.name }));
    } catch (error) {
      const text = errorText(error);
      if (text) notifyError(t('sync.card.runFailed', { stream: name, account: account.name }), text);
    }
  };
  return (
    <section
      aria-label={t('sync.card.streamOf', { stream: name, account: account.name })}
      data-testid={`stream-${stream.stream}`}
      style={{ borderTop: `1px solid ${token.colorSplit}`, paddingTop: token.paddingSM, display: 'grid', gap: 8 }}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, justifyContent: 'space-between' }}>
        <Typography.Text strong>{name}</Typography.Text>
        {!stream.enabled ? (
          <Tag style={{ marginInlineEnd: 0 }}>{t('sync.card.streamOff')}</Tag>
        ) : canRun ? (
          <Button
            size="small"
            icon={<PlayCircleOutlined />}
            loading={isStarting}
            disabled={!!stream.running || !account.enabled}
            onClick={() => void start()}
            aria-label={t('sync.card.runNowOf', { stream: name, account: account.name })}
            data-testid={`run-now-${stream.stream}`}
          >
            {t('sync.card.runNow')}
          </Button>
        ) : null}
      </div>
      {stream.running ? (
        <RunProgress running={stream.running} label={t('sync.card.progressOf', { stream: name })} />
      ) : null}
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
          gap: token.marginXS,
          margin: 0,
        }}
      >
        <When label={t('sync.card.lastRun')} value={stream.lastRunAt} never={t('sync.card.never')} />
        <When label={t('sync.card.lastOk')} value={stream.lastOkAt} never={t('sync.card.never')} />
        <When
          label={t('sync.card.nextRun')}
          value={stream.enabled && account.enabled ? stream.nextRunAt : null}
          never={t('sync.card.notPlanned')}
        />
      </dl>
      {stream.lastError ? (
        <Typography.Paragraph type="danger" style={{ margin: 0 }} data-testid="stream-error">
          {t('sync.card.lastError')}: <bdi>{stream.lastError}</bdi>
        </Typography.Paragraph>
      ) : null}
    </section>
  );
}

function Count({ label, value, danger }: { label: string; value: number; danger?: boolean }) {
  const { i18n } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div>
      <dt style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{label}</dt>
      <dd
        style={{
          margin: 0,
          fontSize: token.fontSizeLG,
          fontWeight: 600,
          color: danger && value > 0 ? token.colorError : undefined,
        }}
      >
        {formatNumber(value, i18n.language)}
      </dd>
    </div>
  );
}

/**
 * One card per account: enabled and environment, each stream the screen is about with its last, last good and next
 * run, last error, Run now and progress, and the counts of what waits, failed and went today.
 */
export function AccountCards({
  accounts,
  streams,
  counts,
}: {
  accounts: readonly ChannelAccountState[];
  streams: readonly ChannelStream[];
  counts: 'messages' | 'stock';
}) {
  const { t } = useTranslation('channels');
  const { token } = theme.useToken();
  return (
    <div
      data-testid="channel-account-cards"
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 340px), 1fr))',
        gap: token.margin,
        marginBottom: token.marginLG,
      }}
    >
      {accounts.map((state) => {
        const { account } = state;
        // A stream the account's type cannot do (an Amazon account's returns) is not shown at all.
        const shown = state.streams.filter((s) => streams.includes(s.stream) && typeDoes(account.type, s.stream));
        return (
          <div key={account.id} data-testid={`channel-account-${account.id}`}>
            <Panel title={<bdi>{account.name}</bdi>} style={{ height: '100%', marginBottom: 0 }}>
              <div style={{ display: 'grid', gap: token.marginSM }}>
                <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 6 }}>
                  <AccountTypeLabel type={account.type} />
                  <EnvironmentTag environment={account.environment === 'SANDBOX' ? 'SANDBOX' : 'PRODUCTION'} />
                  {account.enabled ? (
                    <Tag color="green" style={{ marginInlineEnd: 0 }}>
                      {t('list.enabled')}
                    </Tag>
                  ) : (
                    <Tag style={{ marginInlineEnd: 0 }}>{t('list.disabled')}</Tag>
                  )}
                </div>
                <dl
                  style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: token.marginXS, margin: 0 }}
                  data-testid="channel-counts"
                >
                  {counts === 'messages' ? (
                    <>
                      <Count label={t('sync.card.pending')} value={state.messages.pending} />
                      <Count label={t('sync.card.failed')} value={state.messages.failed} danger />
                      <Count label={t('sync.card.doneToday')} value={state.messages.doneToday} />
                    </>
                  ) : (
                    <>
                      <Count label={t('sync.card.waitingStock')} value={state.stock.waiting} />
                      <Count label={t('sync.card.failed')} value={state.stock.failed} danger />
                      <Count label={t('sync.card.listings')} value={state.stock.listings} />
                    </>
                  )}
                </dl>
                {shown.map((stream) => (
                  <StreamBlock key={stream.stream} account={account} stream={stream} />
                ))}
              </div>
            </Panel>
          </div>
        );
      })}
    </div>
  );
}
