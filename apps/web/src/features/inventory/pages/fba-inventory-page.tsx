import { PlayCircleOutlined } from '@ant-design/icons';
import { type ChannelAccountState, channelPermissionsFor, type FbaInventoryRow } from '@backoffice/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Progress, Select, Typography, theme } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { channelSyncEndpoints as sync } from '../../../shared/api/endpoints/channel-sync.gen.ts';
import { fbaInventoryEndpoints as fba } from '../../../shared/api/endpoints/fba-inventory.gen.ts';
import { invalidateQueriesOf, useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { ApiError } from '../../../shared/lib/errors.ts';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { FilterBar } from '../../../shared/ui/kit/filter-bar.tsx';
import { oneOf, useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Figure } from '../components/figure.tsx';
import { ProductLink } from '../components/product-link.tsx';
import { StockFigures } from '../components/stock-figures.tsx';

const FILTERS = ['accountId'] as const;
const POLL_MS = 2500;

/** The Amazon accounts with their FBA stream, read again every few seconds while a read is under way. */
function useAmazonAccounts(isAllowed: boolean) {
  const client = useQueryClient();
  const result = useEndpointQuery(
    sync.channelState,
    { query: { types: 'AMAZON' } },
    {
      enabled: isAllowed,
      refetchInterval: (query) =>
        query.state.data?.items.some((a) => a.streams.some((s) => s.stream === 'FBA_INVENTORY' && s.running))
          ? POLL_MS
          : false,
    },
  );
  const isRunning = !!result.data?.items.some((a) => a.streams.some((s) => s.stream === 'FBA_INVENTORY' && s.running));
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !isRunning) void invalidateQueriesOf(client, fba.listFbaInventory);
    wasRunning.current = isRunning;
  }, [isRunning, client]);
  return result;
}

/** Run now of the account's FBA read, with its progress while it goes; hidden without the permission. */
function RunFba({ state }: { state: ChannelAccountState }) {
  const { t } = useTranslation('channels');
  const client = useQueryClient();
  const errorText = useErrorText();
  const run = useEndpointMutation(sync.runNow, {
    onSuccess: () => invalidateQueriesOf(client, sync.channelState),
  });
  const stream = state.streams.find((s) => s.stream === 'FBA_INVENTORY');
  if (!stream?.enabled) return <Typography.Text type="secondary">{t('fba.streamOff')}</Typography.Text>;
  const running = stream.running;
  const start = async () => {
    try {
      await run.mutateAsync({ params: { id: state.account.id }, body: { stream: 'FBA_INVENTORY' } });
      notifySuccess(t('fba.started', { account: state.account.name }));
    } catch (error) {
      const text =
        error instanceof ApiError && error.code === 'CHANNEL_RUN_ALREADY_QUEUED'
          ? t('sync.errors.CHANNEL_RUN_ALREADY_QUEUED')
          : errorText(error);
      if (text)
        notifyError(
          t('sync.card.runFailed', { stream: t('sync.streams.FBA_INVENTORY'), account: state.account.name }),
          text,
        );
    }
  };
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 }}>
      <Button
        type="primary"
        icon={<PlayCircleOutlined />}
        loading={run.isPending}
        disabled={!!running || !state.account.enabled}
        onClick={() => void start()}
        data-testid="fba-run-now"
        aria-label={t('sync.card.runNowOf', { stream: t('sync.streams.FBA_INVENTORY'), account: state.account.name })}
      >
        {t('sync.card.runNow')}
      </Button>
      {running ? (
        <div style={{ minWidth: 200 }} data-testid="run-progress">
          <Progress
            percent={running.progressTotal ? Math.round((running.progressDone / running.progressTotal) * 100) : 100}
            status="active"
            showInfo={!!running.progressTotal}
            size="small"
            aria-label={t('sync.card.progressOf', { stream: t('sync.streams.FBA_INVENTORY') })}
          />
        </div>
      ) : null}
      {stream.lastError ? (
        <Typography.Text type="danger">
          {t('sync.card.lastError')}: <bdi>{stream.lastError}</bdi>
        </Typography.Text>
      ) : null}
    </div>
  );
}

/**
 * Amazon FBA inventory: what Amazon's fulfilment centres hold per SKU as last read (fulfillable, inbound, reserved,
 * unfulfillable), beside what Send Inventory orders have in transit; with totals and, for who may, Run now.
 */
export function FbaInventoryPage() {
  const { t } = useTranslation('channels');
  const { token } = theme.useToken();
  const { hasAny } = usePermissions();
  const list = useListPage(FILTERS);
  const mayRead = hasAny(['view_api_configuration', 'amazon_fulfilment', 'amazon_stock_update', 'view_fba_inventory']);
  const mayRun = hasAny(channelPermissionsFor('AMAZON', 'MESSAGES'));
  const states = useAmazonAccounts(mayRead);
  const accounts = states.data?.items ?? [];
  const accountId = oneOf(
    list.state.filters.accountId,
    accounts.map((a) => a.account.id),
  );
  const result = useEndpointQuery(
    fba.listFbaInventory,
    { query: { ...list.query, ...(accountId ? { accountId } : {}) } },
    { keepPreviousData: true },
  );
  const runFor = accounts.find((a) => a.account.id === accountId) ?? (accounts.length === 1 ? accounts[0] : undefined);
  const totals = result.data?.totals;

  const quantity = (key: 'fulfillable' | 'inbound' | 'reserved' | 'unfulfillable' | 'inTransit', title: string) => ({
    key,
    dataIndex: key,
    title,
    align: 'end' as const,
    render: (value: string) => <Figure value={value} />,
  });
  const columns = [
    { key: 'sku', dataIndex: 'sku', title: t('fba.fields.sku'), render: (v: string) => <bdi>{v}</bdi> },
    {
      key: 'asin',
      dataIndex: 'asin',
      title: t('fba.fields.asin'),
      render: (v: string | null) => (v ? <bdi>{v}</bdi> : ''),
    },
    {
      key: 'fnsku',
      dataIndex: 'fnsku',
      title: t('fba.fields.fnsku'),
      render: (v: string | null) => (v ? <bdi>{v}</bdi> : ''),
    },
    {
      key: 'product',
      title: t('fba.fields.product'),
      render: (_: unknown, r: FbaInventoryRow) =>
        r.product ? (
          <span>
            <ProductLink productId={r.product.id} sku={r.product.sku} /> · <bdi>{r.product.name}</bdi>
          </span>
        ) : (
          <span>
            {r.productName ? <bdi>{r.productName}</bdi> : null}
            <br />
            <Typography.Text type="secondary">{t('fba.notMapped')}</Typography.Text>
          </span>
        ),
    },
    quantity('fulfillable', t('fba.fields.fulfillable')),
    quantity('inbound', t('fba.fields.inbound')),
    quantity('reserved', t('fba.fields.reserved')),
    quantity('unfulfillable', t('fba.fields.unfulfillable')),
    quantity('inTransit', t('fba.fields.inTransit')),
  ];

  return (
    <div data-testid="fba-inventory-page">
      <PageHeader>
        <p style={{ margin: `${token.marginXXS}px 0 0`, color: token.colorTextSecondary }}>
          {result.data?.lastReadAt
            ? t('fba.lastRead', { at: formatDateTime(result.data.lastReadAt) })
            : result.data
              ? t('fba.neverRead')
              : '\u00a0'}
        </p>
      </PageHeader>
      <div data-testid="fba-totals" style={{ marginBottom: token.margin }}>
        <Panel title={t('fba.totals')}>
          <StockFigures
            figures={[
              { key: 'fulfillable', label: t('fba.fields.fulfillable'), value: totals?.fulfillable },
              { key: 'inbound', label: t('fba.fields.inbound'), value: totals?.inbound },
              { key: 'reserved', label: t('fba.fields.reserved'), value: totals?.reserved },
              { key: 'unfulfillable', label: t('fba.fields.unfulfillable'), value: totals?.unfulfillable },
              { key: 'inTransit', label: t('fba.fields.inTransit'), value: totals?.inTransit },
            ]}
          />
        </Panel>
      </div>
      {mayRun && runFor ? (
        <div style={{ marginBottom: token.margin }}>
          <RunFba state={runFor} />
        </div>
      ) : mayRun && accounts.length > 1 ? (
        <Typography.Paragraph type="secondary">{t('fba.chooseAccountToRun')}</Typography.Paragraph>
      ) : null}
      <FilterBar list={list} search={t('fba.search')}>
        {accounts.length > 1 ? (
          <Select
            aria-label={t('fba.fields.account')}
            data-testid="fba-account"
            value={accountId ?? ''}
            onChange={(value: string) => list.update({ accountId: value || undefined })}
            style={{ minWidth: 200 }}
            options={[
              { value: '', label: t('sync.filters.anyAccount') },
              ...accounts.map((a) => ({ value: a.account.id, label: a.account.name })),
            ]}
          />
        ) : null}
      </FilterBar>
      <DataTable<FbaInventoryRow>
        testId="fba-inventory-table"
        rowKey={(r) => `${r.account.id}:${r.sku}`}
        columns={columns}
        state={list.state}
        onChange={(patch) => list.update(patch)}
        page={result.data}
        isLoading={result.isFetching}
        error={result.error}
        onRetry={() => void result.refetch()}
        filtered={list.filtered}
      />
    </div>
  );
}
