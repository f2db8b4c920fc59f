import {
  ACTIVE_IMPORT_STATUSES,
  type EndpointQuery,
  type ImportRunDetail,
  type InventoryImportInput,
  type inventoryImportsApi,
} from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef, resolveApiPath } from '../../../shared/lib/api.ts';
import { download } from '../../../shared/lib/http.ts';
import { stockKeys } from '../../inventory/api.ts';

type Api = typeof inventoryImportsApi;

const endpoints = {
  list: endpointRef<Api['listInventoryImports']>('GET', '/api/inventory-imports'),
  export: endpointRef<Api['exportInventoryImports']>('GET', '/api/inventory-imports/export'),
  template: endpointRef<Api['inventoryImportTemplate']>('GET', '/api/inventory-imports/template'),
  get: endpointRef<Api['getInventoryImport']>('GET', '/api/inventory-imports/:id'),
  errors: endpointRef<Api['inventoryImportErrors']>('GET', '/api/inventory-imports/:id/errors'),
  create: endpointRef<Api['createInventoryImport']>('POST', '/api/inventory-imports'),
};

export type InventoryImportListQuery = EndpointQuery<Api['listInventoryImports']>;
export type InventoryImportFilter = EndpointQuery<Api['exportInventoryImports']>;

export const inventoryImportKeys = {
  all: ['inventory-imports'] as const,
  list: (query: InventoryImportListQuery) => ['inventory-imports', 'list', query] as const,
  one: (id: string) => ['inventory-imports', 'one', id] as const,
};

/** How often a run under way is asked for its progress. */
const POLL_MS = 700;

export function useInventoryImports(query: InventoryImportListQuery, isPolling: boolean) {
  return useQuery({
    queryKey: inventoryImportKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: isPolling ? POLL_MS * 3 : false,
  });
}

const isActive = (run: ImportRunDetail | undefined) => !!run && ACTIVE_IMPORT_STATUSES.includes(run.status);

/** One run, asked again every moment while it waits or runs, then left alone; a finished run refreshes stock. */
export function useInventoryImport(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: inventoryImportKeys.one(id ?? ''),
    queryFn: async ({ signal }) => {
      const run = await callEndpoint(endpoints.get, { params: { id: id ?? '' } }, { signal });
      if (!isActive(run)) {
        void client.invalidateQueries({ queryKey: [...inventoryImportKeys.all, 'list'] });
        // A posted file changes every stock figure.
        if (run.status === 'APPLIED') void client.invalidateQueries({ queryKey: stockKeys.all });
      }
      return run;
    },
    enabled: id !== null,
    refetchInterval: (query) => (isActive(query.state.data) || !query.state.data ? POLL_MS : false),
  });
}

/** Starts posting a stored file; the Idempotency-Key makes a repeated click start one run. */
export function useStartInventoryImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: InventoryImportInput; idempotencyKey: string }) =>
      callEndpoint(endpoints.create, { body }, { idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: inventoryImportKeys.all }),
  });
}

export function exportInventoryImports(filter: InventoryImportFilter, fileName: string) {
  return download(resolveApiPath(endpoints.export.path), filter, fileName);
}

export function downloadInventoryTemplate(fileName: string) {
  return download(resolveApiPath(endpoints.template.path), undefined, fileName);
}

export function downloadInventoryProblems(id: string, fileName: string) {
  return download(resolveApiPath(endpoints.errors.path.replace(':id', encodeURIComponent(id))), undefined, fileName);
}
