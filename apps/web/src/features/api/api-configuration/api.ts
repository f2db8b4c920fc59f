import type { ChannelAccountInput, channelAccountsApi, EndpointQuery } from '@backoffice/contracts';
import { channelAccountsEndpoints as api } from '../../../shared/api/endpoints/channel-accounts.gen.ts';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';

export type ChannelAccountListQuery = EndpointQuery<typeof channelAccountsApi.listChannelAccounts>;

export function useChannelAccounts(query: ChannelAccountListQuery) {
  return useEndpointQuery(api.listChannelAccounts, { query }, { keepPreviousData: true });
}

export function useChannelAccount(id: string | null) {
  return useEndpointQuery(api.getChannelAccount, { params: { id: id ?? '' } }, { enabled: id !== null });
}

/** Creates an account; the Idempotency-Key makes a retried submission create it once. */
export function useCreateChannelAccount() {
  return useEndpointMutation(api.createChannelAccount);
}

export function useUpdateChannelAccount() {
  return useEndpointMutation(api.updateChannelAccount, {
    input: ({ id, body }: { id: string; body: ChannelAccountInput }) => ({ params: { id }, body }),
  });
}

/** Deletes an account no sales invoice came from (the server answers 409 IN_USE otherwise). */
export function useDeleteChannelAccount() {
  return useEndpointMutation(api.deleteChannelAccount, { input: (id: string) => ({ params: { id } }) });
}

/** Test connection: the provider's cheapest signed-in call with the saved account; the list then shows its outcome. */
export function useTestChannelAccount() {
  return useEndpointMutation(api.testChannelAccount, { input: (id: string) => ({ params: { id } }) });
}
