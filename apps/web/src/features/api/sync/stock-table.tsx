import type { ChannelAccountState, ChannelStockRow } from '@backoffice/contracts';
import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { formatQuantity } from '../../../shared/lib/numbers.ts';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { FilterBar, SelectFilter } from '../../../shared/ui/kit/filter-bar.tsx';
import { oneOf, useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { useChannelStock } from './api.ts';

const FILTERS = ['accountId', 'state'] as const;
const STATES = ['WAITING', 'FAILED'] as const;

/**
 * One account's listings at a time (the first unless another is chosen): the quantity waiting to be sent, the last
 * one the channel accepted and when, attempts and the last failure.
 */
export function StockTable({ accounts }: { accounts: readonly ChannelAccountState[] }) {
  const { t, i18n } = useTranslation('channels');
  const list = useListPage(FILTERS);
  const ids = accounts.map((a) => a.account.id);
  const accountId = oneOf(list.state.filters.accountId, ids) ?? ids[0];
  const state = oneOf(list.state.filters.state, STATES) ?? 'ALL';
  const result = useChannelStock(accountId ? { ...list.query, accountId, state } : null);
  const quantity = (value: string | null) => (value === null ? '' : formatQuantity(value, i18n.language));

  const columns = [
    {
      key: 'sku',
      dataIndex: 'sku',
      title: t('sync.fields.channelSku'),
      render: (value: string) => <bdi>{value}</bdi>,
    },
    {
      key: 'product',
      title: t('sync.fields.product'),
      render: (_: unknown, r: ChannelStockRow) => (
        <span>
          <bdi>{r.product.sku}</bdi> · <bdi>{r.product.name}</bdi>
        </span>
      ),
    },
    {
      key: 'queuedQuantity',
      title: t('sync.fields.waitingQuantity'),
      align: 'end' as const,
      render: (_: unknown, r: ChannelStockRow) => (
        <div>
          <div>{quantity(r.queuedQuantity)}</div>
          {r.queuedAt ? <Typography.Text type="secondary">{formatDateTime(r.queuedAt)}</Typography.Text> : null}
        </div>
      ),
    },
    {
      key: 'pushedQuantity',
      title: t('sync.fields.pushedQuantity'),
      align: 'end' as const,
      render: (_: unknown, r: ChannelStockRow) => (
        <div>
          <div>{quantity(r.pushedQuantity)}</div>
          {r.pushedAt ? <Typography.Text type="secondary">{formatDateTime(r.pushedAt)}</Typography.Text> : null}
        </div>
      ),
    },
    { key: 'attempts', dataIndex: 'attempts', title: t('sync.fields.attempts'), align: 'end' as const },
    {
      key: 'lastError',
      dataIndex: 'lastError',
      title: t('sync.fields.lastError'),
      render: (value: string | null) =>
        value ? (
          <Typography.Paragraph type="danger" ellipsis={{ rows: 3, expandable: true }} style={{ margin: 0 }}>
            {value}
          </Typography.Paragraph>
        ) : (
          ''
        ),
    },
  ];

  return (
    <section aria-label={t('sync.stock.title')}>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('sync.stock.title')}
      </Typography.Title>
      <FilterBar list={list} search={t('sync.stock.search')} autoFocus={false}>
        {accounts.length > 1 ? (
          <Select
            aria-label={t('sync.fields.account')}
            data-testid="stock-account"
            value={accountId}
            onChange={(value: string) => list.update({ accountId: value })}
            style={{ minWidth: 200 }}
            options={accounts.map((a) => ({ value: a.account.id, label: a.account.name }))}
          />
        ) : null}
        <SelectFilter
          list={list}
          name="state"
          label={t('sync.fields.stockState')}
          any={t('sync.stock.ALL')}
          width={190}
          options={STATES.map((value) => ({ value, label: t(`sync.stock.${value}`) }))}
        />
      </FilterBar>
      <DataTable<ChannelStockRow>
        testId="channel-stock-table"
        rowKey="listingId"
        columns={columns}
        state={list.state}
        onChange={(patch) => list.update(patch)}
        page={result.data}
        isLoading={result.isFetching}
        error={result.error}
        onRetry={() => void result.refetch()}
        filtered={list.filtered}
      />
    </section>
  );
}
