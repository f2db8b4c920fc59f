import type { EndpointQuery, stockReportsApi } from '@backoffice/contracts';
import { stockReportsEndpoints as api } from '../../shared/api/endpoints/stock-reports.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';

type Api = typeof stockReportsApi;

export type StockAndValueQuery = EndpointQuery<Api['stockAndValue']>;
export type StockAndValueFilter = EndpointQuery<Api['exportStockAndValue']>;
export type FifoValueQuery = EndpointQuery<Api['fifoStockValue']>;
export type FifoValueFilter = EndpointQuery<Api['exportFifoStockValue']>;
export type FifoGroupQuery = EndpointQuery<Api['fifoStockValueGroups']>;
export type FifoGroupFilter = EndpointQuery<Api['exportFifoStockValueGroups']>;
export type DailyLevelQuery = EndpointQuery<Api['dailyInventoryLevel']>;
export type DailyLevelFilter = EndpointQuery<Api['exportDailyInventoryLevel']>;
export type FifoDifferenceQuery = EndpointQuery<Api['fifoProcessDifferences']>;
export type FifoDifferenceFilter = EndpointQuery<Api['exportFifoProcessDifferences']>;
export type ReportOptionKind = 'warehouses' | 'brands' | 'products';

// Report figures change with every posting: a stock posting names the reports' path among what it
// makes stale.

export function useStockAndValue(query: StockAndValueQuery) {
  return useEndpointQuery(api.stockAndValue, { query }, { keepPreviousData: true });
}

export function exportStockAndValue(filter: StockAndValueFilter, fileName: string) {
  return downloadEndpoint(api.exportStockAndValue, { query: filter }, fileName);
}

/** Runs, newest first; polled while one of them runs, so its status there follows. */
export function useFifoRuns(query: { page: number; pageSize: number }) {
  return useEndpointQuery(
    api.listFifoProcessRuns,
    { query },
    {
      keepPreviousData: true,
      refetchInterval: (q) => (q.state.data?.items.some((r) => r.status === 'RUNNING') ? 2000 : false),
    },
  );
}

/** A run, polled every second while it runs (its progress bar), then left alone. */
export function useFifoRun(id: string | undefined) {
  return useEndpointQuery(
    api.getFifoProcessRun,
    { params: { id: id ?? '' } },
    { enabled: !!id, refetchInterval: (query) => (query.state.data?.status === 'RUNNING' ? 1000 : false) },
  );
}

export function useFifoDifferences(id: string | undefined, query: FifoDifferenceQuery, enabled: boolean) {
  return useEndpointQuery(
    api.fifoProcessDifferences,
    { params: { id: id ?? '' }, query },
    { enabled: enabled && !!id, keepPreviousData: true },
  );
}

export function exportFifoDifferences(id: string, filter: FifoDifferenceFilter, fileName: string) {
  return downloadEndpoint(api.exportFifoProcessDifferences, { params: { id }, query: filter }, fileName);
}

/** Starts a run; the Idempotency-Key makes a double click or a retry start one run, not two. */
export function useStartFifoProcess() {
  return useEndpointMutation(api.startFifoProcess, { input: (key: string) => ({ idempotencyKey: key }) });
}

export function useFifoValue(query: FifoValueQuery, enabled = true) {
  return useEndpointQuery(api.fifoStockValue, { query }, { keepPreviousData: true, enabled });
}

export function exportFifoValue(filter: FifoValueFilter, fileName: string) {
  return downloadEndpoint(api.exportFifoStockValue, { query: filter }, fileName);
}

export function useFifoGroups(query: FifoGroupQuery, enabled = true) {
  return useEndpointQuery(api.fifoStockValueGroups, { query }, { keepPreviousData: true, enabled });
}

export function exportFifoGroups(filter: FifoGroupFilter, fileName: string) {
  return downloadEndpoint(api.exportFifoStockValueGroups, { query: filter }, fileName);
}

export function useDailyLevel(query: DailyLevelQuery, enabled = true) {
  return useEndpointQuery(api.dailyInventoryLevel, { query }, { keepPreviousData: true, enabled });
}

export function exportDailyLevel(filter: DailyLevelFilter, fileName: string) {
  return downloadEndpoint(api.exportDailyInventoryLevel, { query: filter }, fileName);
}

/** A filter's choices (at most 20 found by text), or the one chosen looked up by id. */
export function useReportOptions(kind: ReportOptionKind, q: string, id?: string) {
  return useEndpointQuery(
    api.reportOptions,
    { params: { kind }, query: { ...(q ? { q } : {}), ...(id ? { id } : {}) } },
    { staleTime: 60_000 },
  );
}
