import { ACTIVE_IMPORT_STATUSES, type ImportRunDetail } from '@backoffice/contracts';
import { channelListingImportsEndpoints as api } from '../../../shared/api/endpoints/channel-listing-imports.gen.ts';
import { channelListingsEndpoints as listings } from '../../../shared/api/endpoints/channel-listings.gen.ts';
import {
  downloadEndpoint,
  invalidateQueriesOf,
  useEndpointMutation,
  useEndpointQuery,
} from '../../../shared/api/hooks.ts';

/** How often a run under way is asked for its progress. */
const POLL_MS = 700;

const isActive = (run: ImportRunDetail | undefined) => !!run && ACTIVE_IMPORT_STATUSES.includes(run.status);

/** One listing upload, asked again every moment while it waits or runs; an applied one refreshes the listings. */
export function useChannelListingImport(id: string | null) {
  return useEndpointQuery(
    api.getChannelListingImport,
    { params: { id: id ?? '' } },
    {
      enabled: id !== null,
      refetchInterval: (query) => (isActive(query.state.data) || !query.state.data ? POLL_MS : false),
      onFetched: (run, client) => {
        if (isActive(run)) return;
        void invalidateQueriesOf(client, api.listChannelListingImports);
        if (run.status !== 'APPLIED') return;
        // The listings it wrote, and the SKUs sold that they now map.
        void invalidateQueriesOf(client, listings.listChannelListings);
        void invalidateQueriesOf(client, listings.listUnmappedSkus);
      },
    },
  );
}

/** Starts importing a stored file; the Idempotency-Key makes a repeated click start one run. */
export function useStartChannelListingImport() {
  return useEndpointMutation(api.createChannelListingImport);
}

export function downloadChannelListingTemplate(fileName: string) {
  return downloadEndpoint(api.channelListingImportTemplate, {}, fileName);
}

export function downloadChannelListingProblems(id: string, fileName: string) {
  return downloadEndpoint(api.channelListingImportErrors, { params: { id } }, fileName);
}
