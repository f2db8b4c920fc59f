import type { EndpointQuery, stockApi } from '@backoffice/contracts';
import { stockEndpoints as api } from '../../shared/api/endpoints/stock.gen.ts';
import { downloadEndpoint, useEndpointQuery } from '../../shared/api/hooks.ts';

type Api = typeof stockApi;

export type InventorySummaryQuery = EndpointQuery<Api['inventorySummary']>;
export type InventorySummaryFilter = EndpointQuery<Api['exportInventorySummary']>;
export type InventoryListQuery = EndpointQuery<Api['inventoryList']>;
export type InventoryListFilter = EndpointQuery<Api['exportInventoryList']>;
export type MovementQuery = EndpointQuery<Api['productMovements']>;
export type MovementFilter = EndpointQuery<Api['exportProductMovements']>;

// Every stock posting (an override, a transfer's dispatch, a count) names these paths among what it
// makes stale, so the summary, the list, a product's stock and its ledger are refreshed together.

export function useInventorySummary(query: InventorySummaryQuery) {
  return useEndpointQuery(api.inventorySummary, { query }, { keepPreviousData: true });
}

/** The totals of a filter over every page: a request of its own, so that the page itself comes fast. */
export function useInventorySummaryTotals(filter: InventorySummaryFilter) {
  return useEndpointQuery(api.inventorySummaryTotals, { query: filter }, { keepPreviousData: true });
}

/** Downloads the summary of a filter (every page) as .xlsx. */
export function exportInventorySummary(filter: InventorySummaryFilter, fileName: string) {
  return downloadEndpoint(api.exportInventorySummary, { query: filter }, fileName);
}

export function useInventoryList(query: InventoryListQuery) {
  return useEndpointQuery(api.inventoryList, { query }, { keepPreviousData: true });
}

/** Downloads the list of a filter (every page) as .xlsx. */
export function exportInventoryList(filter: InventoryListFilter, fileName: string) {
  return downloadEndpoint(api.exportInventoryList, { query: filter }, fileName);
}

/** A product's stock per warehouse; nothing while `id` is empty. */
export function useProductStock(id: string | undefined) {
  return useEndpointQuery(api.productStock, { params: { id: id ?? '' } }, { enabled: !!id });
}

/** A product's ledger rows of a filter as .xlsx: unit cost and value now (as the table shows them) and as posted. */
export function exportProductMovements(id: string, filter: MovementFilter, fileName: string) {
  return downloadEndpoint(api.exportProductMovements, { params: { id }, query: filter }, fileName);
}

/** A product's ledger rows, newest first, with the running balance after each. */
export function useProductMovements(id: string, query: MovementQuery, enabled = true) {
  return useEndpointQuery(
    api.productMovements,
    { params: { id }, query },
    { keepPreviousData: true, enabled: enabled && !!id },
  );
}
