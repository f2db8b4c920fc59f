import {
  ACTIVE_IMPORT_STATUSES,
  type EndpointQuery,
  type ImportRunDetail,
  type importsApi,
  type ProductImportInput,
} from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef, resolveApiPath } from '../../../shared/lib/api.ts';
import { download } from '../../../shared/lib/http.ts';

const endpoints = {
  list: endpointRef<typeof importsApi.listProductImports>('GET', '/api/product-imports'),
  export: endpointRef<typeof importsApi.exportProductImports>('GET', '/api/product-imports/export'),
  template: endpointRef<typeof importsApi.productImportTemplate>('GET', '/api/product-imports/template'),
  get: endpointRef<typeof importsApi.getProductImport>('GET', '/api/product-imports/:id'),
  errors: endpointRef<typeof importsApi.productImportErrors>('GET', '/api/product-imports/:id/errors'),
  create: endpointRef<typeof importsApi.createProductImport>('POST', '/api/product-imports'),
};

export type ProductImportListQuery = EndpointQuery<typeof importsApi.listProductImports>;
export type ProductImportFilter = EndpointQuery<typeof importsApi.exportProductImports>;

export const productImportKeys = {
  all: ['product-imports'] as const,
  list: (query: ProductImportListQuery) => ['product-imports', 'list', query] as const,
  one: (id: string) => ['product-imports', 'one', id] as const,
};

/** How often a run under way is asked for its progress. */
const POLL_MS = 700;

export function useProductImports(query: ProductImportListQuery, isPolling: boolean) {
  return useQuery({
    queryKey: productImportKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: isPolling ? POLL_MS * 3 : false,
  });
}

const isActive = (run: ImportRunDetail | undefined) => !!run && ACTIVE_IMPORT_STATUSES.includes(run.status);

/** One run, asked again every moment while it waits or runs (its progress), then left alone. */
export function useProductImport(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: productImportKeys.one(id ?? ''),
    queryFn: async ({ signal }) => {
      const run = await callEndpoint(endpoints.get, { params: { id: id ?? '' } }, { signal });
      // A run that has just finished changes the history and the products.
      if (!isActive(run)) {
        void client.invalidateQueries({ queryKey: ['product-imports', 'list'] });
        void client.invalidateQueries({ queryKey: ['products'] });
      }
      return run;
    },
    enabled: id !== null,
    refetchInterval: (query) => (isActive(query.state.data) || !query.state.data ? POLL_MS : false),
  });
}

/** Starts importing a stored file; the Idempotency-Key makes a repeated click start one run. */
export function useStartProductImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ProductImportInput; idempotencyKey: string }) =>
      callEndpoint(endpoints.create, { body }, { idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: productImportKeys.all }),
  });
}

export function exportProductImports(filter: ProductImportFilter, fileName: string) {
  return download(resolveApiPath(endpoints.export.path), filter, fileName);
}

export function downloadTemplate(fileName: string) {
  return download(resolveApiPath(endpoints.template.path), undefined, fileName);
}

export function downloadProblems(id: string, fileName: string) {
  return download(resolveApiPath(endpoints.errors.path.replace(':id', encodeURIComponent(id))), undefined, fileName);
}

/** The uploaded file itself, as it was imported. */
export function downloadUploadedFile(url: string, fileName: string) {
  return download(resolveApiPath(url), undefined, fileName);
}
