import type { brandsApi, EndpointQuery, ProductLookupQuery, usersApi, warehousesApi } from '@backoffice/contracts';
import { brandsEndpoints } from '../shared/api/endpoints/brands.gen.ts';
import { productsEndpoints } from '../shared/api/endpoints/products.gen.ts';
import { usersEndpoints } from '../shared/api/endpoints/users.gen.ts';
import { warehousesEndpoints } from '../shared/api/endpoints/warehouses.gen.ts';
import { useEndpointQuery } from '../shared/api/hooks.ts';

/**
 * The lookups behind the pickers: the reads any area may make of another area's records to choose one.
 * They live below the areas so that an area uses a picker without importing the area that owns the records;
 * the owning area's list pages use the same hooks, so one change refreshes both.
 */

export type WarehouseListQuery = EndpointQuery<typeof warehousesApi.listWarehouses>;
export type LocationListQuery = EndpointQuery<typeof warehousesApi.listLocations>;
export type BrandListQuery = EndpointQuery<typeof brandsApi.listBrands>;
export type UserListQuery = EndpointQuery<typeof usersApi.listUsers>;

export function useWarehouses(query: WarehouseListQuery, enabled = true) {
  return useEndpointQuery(warehousesEndpoints.listWarehouses, { query }, { keepPreviousData: true, enabled });
}

export function useWarehouse(id: string | undefined) {
  return useEndpointQuery(warehousesEndpoints.getWarehouse, { params: { id: id ?? '' } }, { enabled: !!id });
}

export function useLocations(warehouseId: string, query: LocationListQuery, enabled = true) {
  return useEndpointQuery(
    warehousesEndpoints.listLocations,
    { params: { id: warehouseId }, query },
    { keepPreviousData: true, enabled: enabled && !!warehouseId },
  );
}

/** A picker's search: a few products by SKU prefix, name or barcode. */
export function useProductLookup(query: ProductLookupQuery, enabled = true) {
  return useEndpointQuery(
    productsEndpoints.lookupProducts,
    { query },
    { keepPreviousData: true, enabled, staleTime: 30_000 },
  );
}

export function useBrands(query: BrandListQuery) {
  return useEndpointQuery(brandsEndpoints.listBrands, { query }, { keepPreviousData: true });
}

export function useUsers(query: UserListQuery, enabled = true) {
  return useEndpointQuery(usersEndpoints.listUsers, { query }, { keepPreviousData: true, enabled });
}
