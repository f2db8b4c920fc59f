import type { EndpointQuery, stockReportsApi } from '@backoffice/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpointRef, resolveApiPath } from '../../../shared/lib/api.ts';
import { download } from '../../../shared/lib/http.ts';

type Api = typeof stockReportsApi;

const endpoints = {
  replenishment: endpointRef<Api['replenishment']>('GET', '/api/warehouse-reports/replenishment'),
  exportReplenishment: endpointRef<Api['exportReplenishment']>('GET', '/api/warehouse-reports/replenishment/export'),
  stockQuantity: endpointRef<Api['stockQuantity']>('GET', '/api/warehouse-reports/stock-quantity'),
  exportStockQuantity: endpointRef<Api['exportStockQuantity']>('GET', '/api/warehouse-reports/stock-quantity/export'),
  detail: endpointRef<Api['inventoryDetail']>('GET', '/api/warehouse-reports/inventory-detail'),
  exportDetail: endpointRef<Api['exportInventoryDetail']>('GET', '/api/warehouse-reports/inventory-detail/export'),
  detailLayers: endpointRef<Api['inventoryDetailLayers']>('GET', '/api/warehouse-reports/inventory-detail/layers'),
};

export type ReplenishmentQuery = EndpointQuery<Api['replenishment']>;
export type ReplenishmentFilter = EndpointQuery<Api['exportReplenishment']>;
export type StockQuantityQuery = EndpointQuery<Api['stockQuantity']>;
export type StockQuantityFilter = EndpointQuery<Api['exportStockQuantity']>;
export type InventoryDetailQuery = EndpointQuery<Api['inventoryDetail']>;
export type InventoryDetailFilter = EndpointQuery<Api['exportInventoryDetail']>;
export type DetailLayersQuery = EndpointQuery<Api['inventoryDetailLayers']>;

/** Under the reports' root key: a posting anywhere changes them all. */
const keys = {
  replenishment: (q: ReplenishmentQuery) => ['reports', 'replenishment', q] as const,
  stockQuantity: (q: StockQuantityQuery) => ['reports', 'stock-quantity', q] as const,
  detail: (q: InventoryDetailQuery) => ['reports', 'inventory-detail', q] as const,
  detailLayers: (q: DetailLayersQuery) => ['reports', 'inventory-detail-layers', q] as const,
};

export function useReplenishment(query: ReplenishmentQuery) {
  return useQuery({
    queryKey: keys.replenishment(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.replenishment, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function exportReplenishment(filter: ReplenishmentFilter, fileName: string) {
  return download(resolveApiPath(endpoints.exportReplenishment.path), filter, fileName);
}

export function useStockQuantity(query: StockQuantityQuery) {
  return useQuery({
    queryKey: keys.stockQuantity(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.stockQuantity, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function exportStockQuantity(filter: StockQuantityFilter, fileName: string) {
  return download(resolveApiPath(endpoints.exportStockQuantity.path), filter, fileName);
}

export function useInventoryDetail(query: InventoryDetailQuery) {
  return useQuery({
    queryKey: keys.detail(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.detail, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function exportInventoryDetail(filter: InventoryDetailFilter, fileName: string) {
  return download(resolveApiPath(endpoints.exportDetail.path), filter, fileName);
}

export function useDetailLayers(query: DetailLayersQuery) {
  return useQuery({
    queryKey: keys.detailLayers(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.detailLayers, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The reports' filters in the URL besides page, size, search (q) and sort. */
export const REPLENISHMENT_FILTERS = ['warehouseId', 'brandId', 'days', 'leadDays'] as const;
export const STOCK_QUANTITY_FILTERS = ['brandId', 'withZero'] as const;
export const DETAIL_FILTERS = ['warehouseId', 'brandId', 'productId'] as const;
