import type {
  EndpointQuery,
  StockCountInput,
  StockCountLineInput,
  StockCountPostInput,
  StockCountScanInput,
  stockCountsApi,
} from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef, resolveApiPath } from '../../../shared/lib/api.ts';
import { download } from '../../../shared/lib/http.ts';
import { stockKeys } from '../../inventory/api.ts';

type Api = typeof stockCountsApi;

const endpoints = {
  list: endpointRef<Api['listStockCounts']>('GET', '/api/stock-counts'),
  export: endpointRef<Api['exportStockCounts']>('GET', '/api/stock-counts/export'),
  zones: endpointRef<Api['stockCountZones']>('GET', '/api/stock-counts/zones'),
  create: endpointRef<Api['createStockCount']>('POST', '/api/stock-counts'),
  get: endpointRef<Api['getStockCount']>('GET', '/api/stock-counts/:id'),
  lines: endpointRef<Api['listStockCountLines']>('GET', '/api/stock-counts/:id/lines'),
  exportLines: endpointRef<Api['exportStockCountLines']>('GET', '/api/stock-counts/:id/lines/export'),
  variances: endpointRef<Api['stockCountVariances']>('GET', '/api/stock-counts/:id/variances'),
  scan: endpointRef<Api['scanStockCount']>('POST', '/api/stock-counts/:id/scans'),
  setLine: endpointRef<Api['setStockCountLine']>('PUT', '/api/stock-counts/:id/lines/:lineId'),
  submit: endpointRef<Api['submitStockCount']>('POST', '/api/stock-counts/:id/submit'),
  reopen: endpointRef<Api['reopenStockCount']>('POST', '/api/stock-counts/:id/reopen'),
  post: endpointRef<Api['postStockCount']>('POST', '/api/stock-counts/:id/post'),
  cancel: endpointRef<Api['cancelStockCount']>('POST', '/api/stock-counts/:id/cancel'),
};

export type StockCountListQuery = EndpointQuery<Api['listStockCounts']>;
export type StockCountFilter = EndpointQuery<Api['exportStockCounts']>;
export type StockCountLineQuery = EndpointQuery<Api['listStockCountLines']>;
export type StockCountLineFilter = EndpointQuery<Api['exportStockCountLines']>;
export type VarianceGrouping = NonNullable<EndpointQuery<Api['stockCountVariances']>['by']>;

/** One root key: a scan changes the session's counts, its lines, its totals and the list together. */
export const stockCountKeys = {
  all: ['stock-counts'] as const,
  list: (query: StockCountListQuery) => ['stock-counts', 'list', query] as const,
  one: (id: string) => ['stock-counts', 'one', id] as const,
  lines: (id: string, query: StockCountLineQuery) => ['stock-counts', 'lines', id, query] as const,
  variances: (id: string, by: VarianceGrouping) => ['stock-counts', 'variances', id, by] as const,
  zones: (warehouseId: string) => ['stock-counts', 'zones', warehouseId] as const,
};

export function useStockCounts(query: StockCountListQuery) {
  return useQuery({
    queryKey: stockCountKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStockCount(id: string) {
  return useQuery({
    queryKey: stockCountKeys.one(id),
    queryFn: ({ signal }) => callEndpoint(endpoints.get, { params: { id } }, { signal }),
  });
}

export function useStockCountLines(id: string, query: StockCountLineQuery) {
  return useQuery({
    queryKey: stockCountKeys.lines(id, query),
    queryFn: ({ signal }) => callEndpoint(endpoints.lines, { params: { id }, query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useVariances(id: string, by: VarianceGrouping, enabled: boolean) {
  return useQuery({
    queryKey: stockCountKeys.variances(id, by),
    queryFn: ({ signal }) => callEndpoint(endpoints.variances, { params: { id }, query: { by } }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useZones(warehouseId: string | null | undefined) {
  return useQuery({
    queryKey: stockCountKeys.zones(warehouseId ?? ''),
    queryFn: ({ signal }) => callEndpoint(endpoints.zones, { query: { warehouseId: warehouseId ?? '' } }, { signal }),
    enabled: !!warehouseId,
  });
}

export function exportStockCounts(filter: StockCountFilter, fileName: string) {
  return download(resolveApiPath(endpoints.export.path), filter, fileName);
}

export function exportStockCountLines(id: string, filter: StockCountLineFilter, fileName: string) {
  return download(resolveApiPath(endpoints.exportLines.path.replace(':id', encodeURIComponent(id))), filter, fileName);
}

function useRefreshing<V, R>(mutationFn: (variables: V) => Promise<R>, alsoStock = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: stockCountKeys.all });
      if (alsoStock) await client.invalidateQueries({ queryKey: stockKeys.all });
    },
  });
}

/** Starts a session; the Idempotency-Key makes a retried submission start one. */
export function useStartCount() {
  return useRefreshing(({ body, idempotencyKey }: { body: StockCountInput; idempotencyKey: string }) =>
    callEndpoint(endpoints.create, { body }, { idempotencyKey }),
  );
}

/** A scan, with a key of its own: a retry after a lost answer counts once. */
export function useScan(id: string) {
  return useRefreshing(({ body, idempotencyKey }: { body: StockCountScanInput; idempotencyKey: string }) =>
    callEndpoint(endpoints.scan, { params: { id }, body }, { idempotencyKey }),
  );
}

export function useSetLine(id: string) {
  return useRefreshing(({ lineId, body }: { lineId: string; body: StockCountLineInput }) =>
    callEndpoint(endpoints.setLine, { params: { id, lineId }, body }),
  );
}

export function useSubmitCount(id: string) {
  return useRefreshing(() => callEndpoint(endpoints.submit, { params: { id } }));
}

export function useReopenCount(id: string) {
  return useRefreshing(() => callEndpoint(endpoints.reopen, { params: { id } }));
}

export function useCancelCount(id: string) {
  return useRefreshing(() => callEndpoint(endpoints.cancel, { params: { id } }));
}

/** Posts the differences; every stock figure is refreshed after it. */
export function usePostCount(id: string) {
  return useRefreshing(
    ({ body, idempotencyKey }: { body: StockCountPostInput; idempotencyKey: string }) =>
      callEndpoint(endpoints.post, { params: { id }, body }, { idempotencyKey }),
    true,
  );
}
