import type {
  ChannelAccountType,
  ChannelListingInput,
  ChannelStream,
  channelListingsApi,
  channelSyncApi,
  EndpointQuery,
} from '@backoffice/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { channelListingsEndpoints as listings } from '../../../shared/api/endpoints/channel-listings.gen.ts';
import { channelSyncEndpoints as sync } from '../../../shared/api/endpoints/channel-sync.gen.ts';
import { invalidateQueriesOf, useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';

/** How often the accounts' state is read again while a run waits or goes. */
export const POLL_MS = 2500;

export type ChannelMessageQuery = EndpointQuery<typeof channelSyncApi.listChannelMessages>;
export type ChannelStockQuery = EndpointQuery<typeof channelSyncApi.listChannelStock>;
export type ChannelListingQuery = EndpointQuery<typeof channelListingsApi.listChannelListings>;
export type UnmappedSkuQuery = EndpointQuery<typeof channelListingsApi.listUnmappedSkus>;

/**
 * The accounts of the given types with their streams, read again every few seconds while a run is under way; when
 * the last run ends, the messages and stock it changed are read again too.
 */
export function useChannelState(types: readonly ChannelAccountType[] | undefined) {
  const client = useQueryClient();
  const result = useEndpointQuery(
    sync.channelState,
    { query: types?.length ? { types: types.join(',') } : {} },
    {
      refetchInterval: (query) =>
        query.state.data?.items.some((account) => account.streams.some((stream) => stream.running)) ? POLL_MS : false,
    },
  );
  const isRunning = !!result.data?.items.some((account) => account.streams.some((stream) => stream.running));
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !isRunning) {
      void invalidateQueriesOf(client, sync.listChannelMessages);
      void invalidateQueriesOf(client, sync.listChannelStock);
    }
    wasRunning.current = isRunning;
  }, [isRunning, client]);
  return result;
}

/** Run now: the stream's pull (or the stock push) at once; the state is read again so its progress shows. */
export function useRunNow() {
  const client = useQueryClient();
  return useEndpointMutation(sync.runNow, {
    input: ({ id, stream }: { id: string; stream: ChannelStream }) => ({ params: { id }, body: { stream } }),
    onSuccess: () => invalidateQueriesOf(client, sync.channelState),
  });
}

export function useChannelMessages(query: ChannelMessageQuery, isEnabled = true) {
  return useEndpointQuery(sync.listChannelMessages, { query }, { keepPreviousData: true, enabled: isEnabled });
}

export function useRetryChannelMessage() {
  const client = useQueryClient();
  return useEndpointMutation(sync.retryChannelMessage, {
    input: (id: string) => ({ params: { id } }),
    onSuccess: () => invalidateQueriesOf(client, sync.channelState),
  });
}

export function useChannelStock(query: ChannelStockQuery | null) {
  return useEndpointQuery(
    sync.listChannelStock,
    { query: query ?? { accountId: '', state: 'ALL' } },
    { keepPreviousData: true, enabled: query !== null },
  );
}

export function useChannelListings(query: ChannelListingQuery) {
  return useEndpointQuery(listings.listChannelListings, { query }, { keepPreviousData: true });
}

export function useUnmappedSkus(query: UnmappedSkuQuery) {
  return useEndpointQuery(listings.listUnmappedSkus, { query }, { keepPreviousData: true });
}

/** Creates a listing; the Idempotency-Key makes a retried submission create it once. */
export function useCreateChannelListing() {
  const client = useQueryClient();
  return useEndpointMutation(listings.createChannelListing, {
    onSuccess: () => invalidateQueriesOf(client, listings.listUnmappedSkus),
  });
}

export function useUpdateChannelListing() {
  return useEndpointMutation(listings.updateChannelListing, {
    input: ({ id, body }: { id: string; body: ChannelListingInput }) => ({ params: { id }, body }),
  });
}

export function useDeleteChannelListing() {
  return useEndpointMutation(listings.deleteChannelListing, { input: (id: string) => ({ params: { id } }) });
}
