import {
  ACTIVE_IMPORT_STATUSES,
  type EndpointQuery,
  type ImportRunDetail,
  type inventoryImportsApi,
} from '@backoffice/contracts';
import { inventoryImportsEndpoints as api } from '../../shared/api/endpoints/inventory-imports.gen.ts';
import {
  downloadEndpoint,
  invalidateEndpoint,
  invalidateQueriesOf,
  useEndpointMutation,
  useEndpointQuery,
} from '../../shared/api/hooks.ts';

type Api = typeof inventoryImportsApi;

export type InventoryImportListQuery = EndpointQuery<Api['listInventoryImports']>;
export type InventoryImportFilter = EndpointQuery<Api['exportInventoryImports']>;

/** How often a run under way is asked for its progress. */
const POLL_MS = 700;

export function useInventoryImports(query: InventoryImportListQuery, isPolling: boolean) {
  return useEndpointQuery(
    api.listInventoryImports,
    { query },
    { keepPreviousData: true, refetchInterval: isPolling ? POLL_MS * 3 : false },
  );
}

const isActive = (run: ImportRunDetail | undefined) => !!run && ACTIVE_IMPORT_STATUSES.includes(run.status);

/** One run, asked again every moment while it waits or runs, then left alone; a posted run refreshes stock. */
export function useInventoryImport(id: string | null) {
  return useEndpointQuery(
    api.getInventoryImport,
    { params: { id: id ?? '' } },
    {
      enabled: id !== null,
      refetchInterval: (query) => (isActive(query.state.data) || !query.state.data ? POLL_MS : false),
      onFetched: (run, client) => {
        if (isActive(run)) return;
        // A posted file has done what its start announced: every stock figure changes. This fetch is
        // one of the queries refreshed: left running, not cancelled and asked again.
        if (run.status === 'APPLIED')
          void invalidateEndpoint(client, api.createInventoryImport, { cancelRefetch: false });
        else void invalidateQueriesOf(client, api.listInventoryImports);
      },
    },
  );
}

/** Starts posting a stored file; the Idempotency-Key makes a repeated click start one run. */
export function useStartInventoryImport() {
  return useEndpointMutation(api.createInventoryImport);
}

export function exportInventoryImports(filter: InventoryImportFilter, fileName: string) {
  return downloadEndpoint(api.exportInventoryImports, { query: filter }, fileName);
}

export function downloadInventoryTemplate(fileName: string) {
  return downloadEndpoint(api.inventoryImportTemplate, {}, fileName);
}

export function downloadInventoryProblems(id: string, fileName: string) {
  return downloadEndpoint(api.inventoryImportErrors, { params: { id } }, fileName);
}
