import {
  ACTIVE_IMPORT_STATUSES,
  type EndpointQuery,
  type ImportRunDetail,
  type importsApi,
} from '@backoffice/contracts';
import { importsEndpoints as api } from '../../shared/api/endpoints/imports.gen.ts';
import { downloadEndpoint, invalidateEndpoint, useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';
import { resolveApiPath } from '../../shared/lib/api.ts';
import { download } from '../../shared/lib/http.ts';

export type ProductImportListQuery = EndpointQuery<typeof importsApi.listProductImports>;
export type ProductImportFilter = EndpointQuery<typeof importsApi.exportProductImports>;

/** How often a run under way is asked for its progress. */
const POLL_MS = 700;

export function useProductImports(query: ProductImportListQuery, isPolling: boolean) {
  return useEndpointQuery(
    api.listProductImports,
    { query },
    { keepPreviousData: true, refetchInterval: isPolling ? POLL_MS * 3 : false },
  );
}

const isActive = (run: ImportRunDetail | undefined) => !!run && ACTIVE_IMPORT_STATUSES.includes(run.status);

/** One run, asked again every moment while it waits or runs (its progress), then left alone. */
export function useProductImport(id: string | null) {
  return useEndpointQuery(
    api.getProductImport,
    { params: { id: id ?? '' } },
    {
      enabled: id !== null,
      refetchInterval: (query) => (isActive(query.state.data) || !query.state.data ? POLL_MS : false),
      // A run that has just finished has done what its start announced: the history and the products
      // change. This fetch is one of those queries: left running, not cancelled and asked again.
      onFetched: (run, client) => {
        if (!isActive(run)) void invalidateEndpoint(client, api.createProductImport, { cancelRefetch: false });
      },
    },
  );
}

/** Starts importing a stored file; the Idempotency-Key makes a repeated click start one run. */
export function useStartProductImport() {
  return useEndpointMutation(api.createProductImport);
}

export function exportProductImports(filter: ProductImportFilter, fileName: string) {
  return downloadEndpoint(api.exportProductImports, { query: filter }, fileName);
}

export function downloadTemplate(fileName: string) {
  return downloadEndpoint(api.productImportTemplate, {}, fileName);
}

export function downloadProblems(id: string, fileName: string) {
  return downloadEndpoint(api.productImportErrors, { params: { id } }, fileName);
}

/** The uploaded file itself, as it was imported (its address as the server gave it). */
export function downloadUploadedFile(url: string, fileName: string) {
  return download(resolveApiPath(url), undefined, fileName);
}
