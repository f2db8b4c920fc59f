import type { EndpointQuery, stockReportsApi } from '@backoffice/contracts';
import { stockReportsEndpoints as api } from '../../../shared/api/endpoints/stock-reports.gen.ts';
import { downloadEndpoint, useEndpointQuery } from '../../../shared/api/hooks.ts';

type Api = typeof stockReportsApi;

export type ReplenishmentQuery = EndpointQuery<Api['replenishment']>;
export type ReplenishmentFilter = EndpointQuery<Api['exportReplenishment']>;
export type StockQuantityQuery = EndpointQuery<Api['stockQuantity']>;
export type StockQuantityFilter = EndpointQuery<Api['exportStockQuantity']>;
export type InventoryDetailQuery = EndpointQuery<Api['inventoryDetail']>;
export type InventoryDetailFilter = EndpointQuery<Api['exportInventoryDetail']>;
export type DetailLayersQuery = EndpointQuery<Api['inventoryDetailLayers']>;

// A stock posting anywhere names these reports' path among what it makes stale.

export function useReplenishment(query: ReplenishmentQuery) {
  return useEndpointQuery(api.replenishment, { query }, { keepPreviousData: true });
}

export function exportReplenishment(filter: ReplenishmentFilter, fileName: string) {
  return downloadEndpoint(api.exportReplenishment, { query: filter }, fileName);
}

export function useStockQuantity(query: StockQuantityQuery) {
  return useEndpointQuery(api.stockQuantity, { query }, { keepPreviousData: true });
}

export function exportStockQuantity(filter: StockQuantityFilter, fileName: string) {
  return downloadEndpoint(api.exportStockQuantity, { query: filter }, fileName);
}

export function useInventoryDetail(query: InventoryDetailQuery) {
  return useEndpointQuery(api.inventoryDetail, { query }, { keepPreviousData: true });
}

export function exportInventoryDetail(filter: InventoryDetailFilter, fileName: string) {
  return downloadEndpoint(api.exportInventoryDetail, { query: filter }, fileName);
}

export function useDetailLayers(query: DetailLayersQuery) {
  return useEndpointQuery(api.inventoryDetailLayers, { query }, { keepPreviousData: true });
}

/** The reports' filters in the URL besides page, size, search (q) and sort. */
export const REPLENISHMENT_FILTERS = ['warehouseId', 'brandId', 'days', 'leadDays'] as const;
export const STOCK_QUANTITY_FILTERS = ['brandId', 'withZero'] as const;
export const DETAIL_FILTERS = ['warehouseId', 'brandId', 'productId'] as const;
