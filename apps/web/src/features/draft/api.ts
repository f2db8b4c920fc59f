import type { draftsApi, EndpointQuery } from '@backoffice/contracts';
import { draftsEndpoints as api } from '../../shared/api/endpoints/drafts.gen.ts';
import { useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';

export type DraftListQuery = EndpointQuery<typeof draftsApi.listDrafts>;

/** The signed-in user's own drafts (the server lists no one else's). */
export function useDrafts(query: DraftListQuery) {
  return useEndpointQuery(api.listDrafts, { query }, { keepPreviousData: true });
}

export function useDeleteDraft() {
  return useEndpointMutation(api.deleteDraft, { input: (id: string) => ({ params: { id } }) });
}
