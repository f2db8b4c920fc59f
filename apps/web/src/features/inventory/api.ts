import type { EndpointQuery, stockApi } from '@backoffice/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpointRef, resolveApiPath } from '../../shared/lib/api.ts';
import { download } from '../../shared/lib/http.ts';

type Api = typeof stockApi;

const endpoints = {
  summary: endpointRef<Api['inventorySummary']>('GET', '/api/inventory/summary'),
  summaryTotals: endpointRef<Api['inventorySummaryTotals']>('GET', '/api/inventory/summary/totals'),
  exportSummary: endpointRef<Api['exportInventorySummary']>('GET', '/api/inventory/summary/export'),
  list: endpointRef<Api['inventoryList']>('GET', '/api/inventory/list'),
  exportList: endpointRef<Api['exportInventoryList']>('GET', '/api/inventory/list/export'),
  productStock: endpointRef<Api['productStock']>('GET', '/api/inventory/products/:id'),
  movements: endpointRef<Api['productMovements']>('GET', '/api/inventory/products/:id/movements'),
};

export type InventorySummaryQuery = EndpointQuery<Api['inventorySummary']>;
export type InventorySummaryFilter = EndpointQuery<Api['exportInventorySummary']>;
export type InventoryListQuery = EndpointQuery<Api['inventoryList']>;
export type InventoryListFilter = EndpointQuery<Api['exportInventoryList']>;
export type MovementQuery = EndpointQuery<Api['productMovements']>;

/**
 * Every stock figure shares one root key: a posting anywhere (a manual override, say) changes the
 * summary, the list, the product's stock and its ledger together, so they are invalidated together.
 */
export const stockKeys = {
  all: ['stock'] as const,
  summary: (query: InventorySummaryQuery) => ['stock', 'summary', query] as const,
  summaryTotals: (filter: InventorySummaryFilter) => ['stock', 'summaryTotals', filter] as const,
  list: (query: InventoryListQuery) => ['stock', 'list', query] as const,
  product: (id: string) => ['stock', 'product', id] as const,
  movements: (id: string, query: MovementQuery) => ['stock', 'movements', id, query] as const,
};

export function useInventorySummary(query: InventorySummaryQuery) {
  return useQuery({
    queryKey: stockKeys.summary(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.summary, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The totals of a filter over every page: a request of its own, so that the page itself comes fast. */
export function useInventorySummaryTotals(filter: InventorySummaryFilter) {
  return useQuery({
    queryKey: stockKeys.summaryTotals(filter),
    queryFn: ({ signal }) => callEndpoint(endpoints.summaryTotals, { query: filter }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the summary of a filter (every page) as .xlsx. */
export function exportInventorySummary(filter: InventorySummaryFilter, fileName: string) {
  return download(resolveApiPath(endpoints.exportSummary.path), filter, fileName);
}

export function useInventoryList(query: InventoryListQuery) {
  return useQuery({
    queryKey: stockKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the list of a filter (every page) as .xlsx. */
export function exportInventoryList(filter: InventoryListFilter, fileName: string) {
  return download(resolveApiPath(endpoints.exportList.path), filter, fileName);
}

/** A product's stock per warehouse; nothing while `id` is empty. */
export function useProductStock(id: string | undefined) {
  return useQuery({
    queryKey: stockKeys.product(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(endpoints.productStock, { params: { id: id ?? '' } }, { signal }),
    enabled: !!id,
  });
}

/** A product's ledger rows, newest first, with the running balance after each. */
export function useProductMovements(id: string, query: MovementQuery, enabled = true) {
  return useQuery({
    queryKey: stockKeys.movements(id, query),
    queryFn: ({ signal }) => callEndpoint(endpoints.movements, { params: { id }, query }, { signal }),
    placeholderData: keepPreviousData,
    enabled: enabled && !!id,
  });
}
