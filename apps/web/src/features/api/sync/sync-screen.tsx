import type {
  ChannelAccountState,
  ChannelAccountType,
  ChannelMessageOperation,
  ChannelStream,
} from '@backoffice/contracts';
import { Button, Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { API_CONFIG_PATH } from '../api-configuration/account-words.tsx';
import { AccountCards } from './account-cards.tsx';
import { useChannelState } from './api.ts';
import { LabelsTable } from './labels-table.tsx';
import { MessagesTable } from './messages-table.tsx';
import { StockFilesPanels } from './stock-files-panel.tsx';
import { StockTable } from './stock-table.tsx';

/** What one of the area's screens shows: whose accounts, which of their streams, and their messages or stock. */
export interface SyncScreenSpec {
  /** For `data-testid`s. */
  id: string;
  /** The account types; none: every type (narrowed by `nameContains`). */
  types?: readonly ChannelAccountType[];
  /** Only accounts whose name holds this (any case): a store that is an account of an existing type. */
  nameContains?: string;
  streams: readonly ChannelStream[];
  /** The messages table, with the operations it offers (one: fixed to it). */
  messages?: readonly ChannelMessageOperation[];
  /** The stock table instead of messages. */
  stock?: boolean;
  /** The carriers' labels (made from ship lists). */
  labels?: boolean;
  /** The empty state's sentence: `sync.empty.<key>`. */
  empty: 'amazon' | 'ebay' | 'shopify' | 'marketplace' | 'samsung' | 'royalMail' | 'dhl' | 'dpdParcelforce';
}

function NoAccounts({ spec }: { spec: SyncScreenSpec }) {
  const { t } = useTranslation('channels');
  const { has } = usePermissions();
  const navigate = useNavigate();
  return (
    <Empty data-testid="channel-no-accounts" description={t(`sync.empty.${spec.empty}`)}>
      {has('view_api_configuration') ? (
        <Button type="primary" onClick={() => navigate(API_CONFIG_PATH)}>
          {t('sync.empty.openApiConfig')}
        </Button>
      ) : (
        <p>{t('sync.empty.askAdmin')}</p>
      )}
    </Empty>
  );
}

const matches = (spec: SyncScreenSpec) => (state: ChannelAccountState) =>
  !spec.nameContains || state.account.name.toLowerCase().includes(spec.nameContains.toLowerCase());

/**
 * One of the API area's screens: per account a card with its streams (Run now, progress, last and next run, last
 * error) and counts, then the accounts' messages (with Retry) or their stock levels waiting to be sent.
 */
export function SyncScreen({ spec }: { spec: SyncScreenSpec }) {
  const state = useChannelState(spec.types);
  const accounts = state.data?.items.filter(matches(spec)) ?? [];
  let body: ReactNode;
  if (state.isPending) body = <Spinner minHeight={240} />;
  else if (state.error && !state.data) body = <ErrorState error={state.error} onRetry={() => void state.refetch()} />;
  else if (accounts.length === 0) body = <NoAccounts spec={spec} />;
  else
    body = (
      <>
        <AccountCards accounts={accounts} streams={spec.streams} counts={spec.stock ? 'stock' : 'messages'} />
        {spec.stock ? <StockFilesPanels accounts={accounts} /> : null}
        {spec.stock ? <StockTable accounts={accounts} /> : null}
        {spec.labels && spec.types ? <LabelsTable types={spec.types} /> : null}
        {spec.messages ? (
          <MessagesTable
            accounts={accounts}
            types={spec.nameContains ? undefined : spec.types}
            operations={spec.messages}
          />
        ) : null}
      </>
    );
  return (
    <div data-testid={`sync-screen-${spec.id}`}>
      <PageHeader />
      {body}
    </div>
  );
}
