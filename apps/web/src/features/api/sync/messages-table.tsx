import { LoadingOutlined, RedoOutlined } from '@ant-design/icons';
import {
  CHANNEL_MESSAGE_OPERATIONS,
  CHANNEL_MESSAGE_STATUSES,
  type ChannelAccountState,
  type ChannelAccountType,
  type ChannelMessage,
  type ChannelMessageOperation,
} from '@backoffice/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { FilterBar, SelectFilter } from '../../../shared/ui/kit/filter-bar.tsx';
import { RowAction, RowActions } from '../../../shared/ui/kit/row-actions.tsx';
import { oneOf, useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { useChannelMessages, useRetryChannelMessage } from './api.ts';
import { MessageStatusTag, ProcessTypeText, useSyncErrorText } from './sync-words.tsx';

const FILTERS = ['accountId', 'operation', 'status'] as const;
const INVOICE_PATH = '/sales-invoice/sales-invoice';
const invoiceUrl = (id: string) => `${INVOICE_PATH}/${encodeURIComponent(id)}`;
const RETURN_TICKET_PATH = '/return-ticket/return-tickets-list';
const returnTicketUrl = (id: string) => `${RETURN_TICKET_PATH}/${encodeURIComponent(id)}`;

/**
 * The messages of the screen's accounts, newest first: what came in and went out, what waits, what failed and why,
 * with Retry on a failed one. One operation fixes the list to it; several offer it as a filter.
 */
export function MessagesTable({
  accounts,
  types,
  operations,
}: {
  accounts: readonly ChannelAccountState[];
  types: readonly ChannelAccountType[] | undefined;
  operations: readonly ChannelMessageOperation[];
}) {
  const { t } = useTranslation('channels');
  const list = useListPage(FILTERS);
  const { accountId, operation, status } = list.state.filters;
  const ids = accounts.map((a) => a.account.id);
  const fixed = operations.length === 1 ? operations[0] : undefined;
  const chosenAccount = oneOf(accountId, ids);
  const result = useChannelMessages(
    {
      ...list.query,
      ...(types?.length ? { types: types.join(',') } : {}),
      ...(chosenAccount ? { accountId: chosenAccount } : {}),
      ...(fixed
        ? { operation: fixed }
        : { operation: oneOf(oneOf(operation, operations), CHANNEL_MESSAGE_OPERATIONS) }),
      status: oneOf(status, CHANNEL_MESSAGE_STATUSES),
    },
    accounts.length > 0,
  );
  const retry = useRetryChannelMessage();
  const errorText = useSyncErrorText();

  const runRetry = async (record: ChannelMessage) => {
    const name = record.externalOrderId ?? record.summary;
    try {
      await retry.mutateAsync(record.id);
      notifySuccess(t('sync.messages.retried', { name }));
    } catch (error) {
      const text = errorText(error);
      if (text) notifyError(t('sync.messages.retryFailed', { name }), text);
    }
  };

  const columns = [
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('sync.fields.when'),
      render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</span>,
    },
    // With one account its card above names it.
    ...(accounts.length > 1
      ? [
          {
            key: 'account',
            title: t('sync.fields.account'),
            render: (_: unknown, r: ChannelMessage) => <bdi>{r.account.name}</bdi>,
          },
        ]
      : []),
    {
      key: 'processType',
      title: t('sync.fields.processType'),
      render: (_: unknown, r: ChannelMessage) =>
        r.processType ? <ProcessTypeText value={r.processType} /> : t(`sync.operations.${r.operation}`),
    },
    {
      key: 'externalOrderId',
      dataIndex: 'externalOrderId',
      title: t('sync.fields.orderId'),
      render: (value: string | null) => (value ? <bdi>{value}</bdi> : ''),
    },
    {
      key: 'invoice',
      title: t('sync.fields.invoice'),
      render: (_: unknown, r: ChannelMessage) =>
        r.returnTicket ? (
          <Link to={returnTicketUrl(r.returnTicket.id)}>
            <bdi>{r.returnTicket.number}</bdi>
          </Link>
        ) : r.salesInvoice ? (
          <Link to={invoiceUrl(r.salesInvoice.id)}>
            <bdi>{r.salesInvoice.number}</bdi>
          </Link>
        ) : r.creditNote ? (
          <bdi>{r.creditNote.number}</bdi>
        ) : (
          ''
        ),
    },
    {
      key: 'summary',
      dataIndex: 'summary',
      title: t('sync.fields.summary'),
      render: (value: string) => <bdi>{value}</bdi>,
    },
    {
      key: 'attempts',
      title: t('sync.fields.attempts'),
      render: (_: unknown, r: ChannelMessage) =>
        r.maxAttempts ? t('sync.messages.attemptsOf', { attempts: r.attempts, max: r.maxAttempts }) : r.attempts,
    },
    {
      key: 'lastError',
      dataIndex: 'lastError',
      title: t('sync.fields.lastError'),
      render: (value: string | null, r: ChannelMessage) =>
        value ? (
          <Typography.Paragraph
            type={r.status === 'FAILED' ? 'danger' : 'secondary'}
            ellipsis={{ rows: 3, expandable: true }}
            // The reason is what a reader comes for: room for a few words a line, also in longer languages.
            style={{ margin: 0, minWidth: 150 }}
          >
            {value}
          </Typography.Paragraph>
        ) : r.nextAttemptAt ? (
          <Typography.Text type="secondary">
            {t('sync.messages.nextAttempt', { at: formatDateTime(r.nextAttemptAt) })}
          </Typography.Text>
        ) : (
          ''
        ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('sync.fields.status'),
      render: (value: ChannelMessage['status']) => <MessageStatusTag status={value} />,
    },
    {
      key: 'actions',
      title: t('sync.fields.actions'),
      render: (_: unknown, r: ChannelMessage) =>
        r.status === 'FAILED' ? (
          <RowActions>
            <RowAction
              label={t('sync.messages.retry')}
              name={r.externalOrderId ?? r.summary}
              icon={retry.isPending && retry.variables === r.id ? <LoadingOutlined /> : <RedoOutlined />}
              onClick={() => void runRetry(r)}
            />
          </RowActions>
        ) : null,
    },
  ];

  return (
    <section aria-label={t('sync.messages.title')}>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {fixed ? t('sync.messages.titleOf', { operation: t(`sync.operations.${fixed}`) }) : t('sync.messages.title')}
      </Typography.Title>
      <FilterBar list={list} search={t('sync.messages.search')} autoFocus={false}>
        {accounts.length > 1 ? (
          <SelectFilter
            list={list}
            name="accountId"
            label={t('sync.fields.account')}
            any={t('sync.filters.anyAccount')}
            width={200}
            options={accounts.map((a) => ({ value: a.account.id, label: a.account.name }))}
          />
        ) : null}
        {fixed ? null : (
          <SelectFilter
            list={list}
            name="operation"
            label={t('sync.fields.operation')}
            any={t('sync.filters.anyOperation')}
            width={200}
            options={operations.map((value) => ({ value, label: t(`sync.operations.${value}`) }))}
          />
        )}
        <SelectFilter
          list={list}
          name="status"
          label={t('sync.fields.status')}
          any={t('sync.filters.anyStatus')}
          width={170}
          options={CHANNEL_MESSAGE_STATUSES.map((value) => ({ value, label: t(`sync.statuses.${value}`) }))}
        />
      </FilterBar>
      <DataTable<ChannelMessage>
        testId="channel-messages-table"
        rowKey="id"
        columns={columns}
        state={list.state}
        onChange={(patch) => list.update(patch)}
        page={result.data}
        isLoading={result.isFetching}
        error={result.error}
        onRetry={() => void result.refetch()}
        filtered={list.filtered}
        columnChooser={{ id: 'api.channel-messages', defaultHidden: ['attempts'] }}
      />
    </section>
  );
}
