import type { EndpointQuery, stockReportsApi } from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef, resolveApiPath } from '../../shared/lib/api.ts';
import { download } from '../../shared/lib/http.ts';

type Api = typeof stockReportsApi;

const endpoints = {
  stockAndValue: endpointRef<Api['stockAndValue']>('GET', '/api/reports/stock-and-value'),
  exportStockAndValue: endpointRef<Api['exportStockAndValue']>('GET', '/api/reports/stock-and-value/export'),
  startFifo: endpointRef<Api['startFifoProcess']>('POST', '/api/reports/fifo-stock-process/runs'),
  fifoRuns: endpointRef<Api['listFifoProcessRuns']>('GET', '/api/reports/fifo-stock-process/runs'),
  fifoRun: endpointRef<Api['getFifoProcessRun']>('GET', '/api/reports/fifo-stock-process/runs/:id'),
  fifoDifferences: endpointRef<Api['fifoProcessDifferences']>(
    'GET',
    '/api/reports/fifo-stock-process/runs/:id/differences',
  ),
  exportFifoDifferences: endpointRef<Api['exportFifoProcessDifferences']>(
    'GET',
    '/api/reports/fifo-stock-process/runs/:id/differences/export',
  ),
  fifoValue: endpointRef<Api['fifoStockValue']>('GET', '/api/reports/fifo-stock-value'),
  exportFifoValue: endpointRef<Api['exportFifoStockValue']>('GET', '/api/reports/fifo-stock-value/export'),
  fifoGroups: endpointRef<Api['fifoStockValueGroups']>('GET', '/api/reports/fifo-stock-value/groups'),
  exportFifoGroups: endpointRef<Api['exportFifoStockValueGroups']>(
    'GET',
    '/api/reports/fifo-stock-value/groups/export',
  ),
  daily: endpointRef<Api['dailyInventoryLevel']>('GET', '/api/reports/daily-inventory-level'),
  exportDaily: endpointRef<Api['exportDailyInventoryLevel']>('GET', '/api/reports/daily-inventory-level/export'),
  options: endpointRef<Api['reportOptions']>('GET', '/api/reports/options/:kind'),
};

export type StockAndValueQuery = EndpointQuery<Api['stockAndValue']>;
export type StockAndValueFilter = EndpointQuery<Api['exportStockAndValue']>;
export type FifoValueQuery = EndpointQuery<Api['fifoStockValue']>;
export type FifoValueFilter = EndpointQuery<Api['exportFifoStockValue']>;
export type FifoGroupQuery = EndpointQuery<Api['fifoStockValueGroups']>;
export type FifoGroupFilter = EndpointQuery<Api['exportFifoStockValueGroups']>;
export type DailyLevelQuery = EndpointQuery<Api['dailyInventoryLevel']>;
export type DailyLevelFilter = EndpointQuery<Api['exportDailyInventoryLevel']>;
export type FifoDifferenceQuery = EndpointQuery<Api['fifoProcessDifferences']>;
export type ReportOptionKind = 'warehouses' | 'brands' | 'products';

/** Report figures change with every posting: one root key, refreshed together. */
export const reportKeys = {
  all: ['reports'] as const,
  stockAndValue: (q: StockAndValueQuery) => ['reports', 'stock-and-value', q] as const,
  fifoRuns: (q: { page: number; pageSize: number }) => ['reports', 'fifo-runs', q] as const,
  fifoRun: (id: string) => ['reports', 'fifo-run', id] as const,
  fifoDifferences: (id: string, q: FifoDifferenceQuery) => ['reports', 'fifo-differences', id, q] as const,
  fifoValue: (q: FifoValueQuery) => ['reports', 'fifo-value', q] as const,
  fifoGroups: (q: FifoGroupQuery) => ['reports', 'fifo-groups', q] as const,
  daily: (q: DailyLevelQuery) => ['reports', 'daily', q] as const,
  options: (kind: ReportOptionKind, q: string, id: string) => ['reports', 'options', kind, q, id] as const,
};

export function useStockAndValue(query: StockAndValueQuery) {
  return useQuery({
    queryKey: reportKeys.stockAndValue(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.stockAndValue, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function exportStockAndValue(filter: StockAndValueFilter, fileName: string) {
  return download(resolveApiPath(endpoints.exportStockAndValue.path), filter, fileName);
}

/** Runs, newest first; polled while one of them runs, so its status there follows. */
export function useFifoRuns(query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: reportKeys.fifoRuns(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.fifoRuns, { query }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((r) => r.status === 'RUNNING') ? 2000 : false),
  });
}

/** A run, polled every second while it runs (its progress bar), then left alone. */
export function useFifoRun(id: string | undefined) {
  return useQuery({
    queryKey: reportKeys.fifoRun(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(endpoints.fifoRun, { params: { id: id ?? '' } }, { signal }),
    enabled: !!id,
    refetchInterval: (query) => (query.state.data?.status === 'RUNNING' ? 1000 : false),
  });
}

export function useFifoDifferences(id: string | undefined, query: FifoDifferenceQuery, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.fifoDifferences(id ?? '', query),
    queryFn: ({ signal }) => callEndpoint(endpoints.fifoDifferences, { params: { id: id ?? '' }, query }, { signal }),
    enabled: enabled && !!id,
    placeholderData: keepPreviousData,
  });
}

export function exportFifoDifferences(id: string, filter: { kind?: string }, fileName: string) {
  return download(
    resolveApiPath(endpoints.exportFifoDifferences.path.replace(':id', encodeURIComponent(id))),
    filter,
    fileName,
  );
}

/** Starts a run; the Idempotency-Key makes a double click or a retry start one run, not two. */
export function useStartFifoProcess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => callEndpoint(endpoints.startFifo, {}, { idempotencyKey: key }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reports', 'fifo-runs'] }),
  });
}

export function useFifoValue(query: FifoValueQuery, enabled = true) {
  return useQuery({
    queryKey: reportKeys.fifoValue(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.fifoValue, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function exportFifoValue(filter: FifoValueFilter, fileName: string) {
  return download(resolveApiPath(endpoints.exportFifoValue.path), filter, fileName);
}

export function useFifoGroups(query: FifoGroupQuery, enabled = true) {
  return useQuery({
    queryKey: reportKeys.fifoGroups(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.fifoGroups, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function exportFifoGroups(filter: FifoGroupFilter, fileName: string) {
  return download(resolveApiPath(endpoints.exportFifoGroups.path), filter, fileName);
}

export function useDailyLevel(query: DailyLevelQuery, enabled = true) {
  return useQuery({
    queryKey: reportKeys.daily(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.daily, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function exportDailyLevel(filter: DailyLevelFilter, fileName: string) {
  return download(resolveApiPath(endpoints.exportDaily.path), filter, fileName);
}

/** A filter's choices (at most 20 found by text), or the one chosen looked up by id. */
export function useReportOptions(kind: ReportOptionKind, q: string, id?: string) {
  return useQuery({
    queryKey: reportKeys.options(kind, q, id ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(
        endpoints.options,
        { params: { kind }, query: { ...(q ? { q } : {}), ...(id ? { id } : {}) } },
        { signal },
      ),
    staleTime: 60_000,
  });
}
