import type {
  brandsApi,
  EndpointQuery,
  ProductLookupQuery,
  SupplierLookupQuery,
  usersApi,
  warehousesApi,
} from '@backoffice/contracts';
import { brandsEndpoints } from '../shared/api/endpoints/brands.gen.ts';
import { productsEndpoints } from '../shared/api/endpoints/products.gen.ts';
import { purchasingLookupsEndpoints } from '../shared/api/endpoints/purchasing-lookups.gen.ts';
import { usersEndpoints } from '../shared/api/endpoints/users.gen.ts';
import { warehousesEndpoints } from '../shared/api/endpoints/warehouses.gen.ts';
import { useEndpointQuery } from '../shared/api/hooks.ts';
import { useLookupScope } from '../shared/api/lookup-scope.ts';

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

/**
 * A picker's search: a few products by SKU prefix, name or barcode; on a purchasing screen (`LookupScope`)
 * through the purchasing lookup, which the screen's own permissions open.
 */
export function useProductLookup(query: ProductLookupQuery, enabled = true) {
  const purchasing = useLookupScope() === 'purchasing';
  const master = useEndpointQuery(
    productsEndpoints.lookupProducts,
    { query },
    { keepPreviousData: true, enabled: enabled && !purchasing, staleTime: 30_000 },
  );
  const bought = useEndpointQuery(
    purchasingLookupsEndpoints.lookupProducts,
    { query },
    { keepPreviousData: true, enabled: enabled && purchasing, staleTime: 30_000 },
  );
  return purchasing ? bought : master;
}

/** What a warehouse picker shows of a warehouse. */
export interface WarehouseOption {
  id: string;
  code: string;
  name: string;
  active: boolean;
}

/** A warehouse picker's first 50 by code for a search (the purchasing lookup on a purchasing screen). */
export function useWarehouseOptions(search: { q: string; activeOnly: boolean }, enabled = true) {
  const purchasing = useLookupScope() === 'purchasing';
  const q = search.q ? { q: search.q } : {};
  const master = useWarehouses(
    { page: 1, pageSize: 50, sort: 'code', ...q, ...(search.activeOnly ? { active: 'true' } : {}) },
    enabled && !purchasing,
  );
  const bought = useEndpointQuery(
    purchasingLookupsEndpoints.lookupWarehouses,
    { query: { page: 1, pageSize: 50, ...q, active: search.activeOnly ? 'true' : 'all' } },
    { keepPreviousData: true, enabled: enabled && purchasing },
  );
  const list = purchasing ? bought : master;
  const items: WarehouseOption[] = list.data?.items ?? [];
  return { items, isFetching: list.isFetching };
}

/** The chosen warehouse of a picker, for its label before any search. */
export function useWarehouseOption(id: string | undefined): WarehouseOption | undefined {
  const purchasing = useLookupScope() === 'purchasing';
  const master = useEndpointQuery(
    warehousesEndpoints.getWarehouse,
    { params: { id: id ?? '' } },
    { enabled: !!id && !purchasing },
  );
  const bought = useEndpointQuery(
    purchasingLookupsEndpoints.lookupWarehouses,
    { query: { page: 1, pageSize: 1, id: id ?? '', active: 'all' } },
    { enabled: !!id && purchasing },
  );
  return purchasing ? bought.data?.items[0] : master.data;
}

/** A bin picker's first 50 active bins of a warehouse by code for a search (purchasing lookup on a purchasing screen). */
export function useLocationOptions(warehouseId: string, q: string, enabled = true) {
  const purchasing = useLookupScope() === 'purchasing';
  const master = useLocations(
    warehouseId,
    { page: 1, pageSize: 50, active: 'true', ...(q ? { q } : {}) },
    enabled && !purchasing,
  );
  const bought = useEndpointQuery(
    purchasingLookupsEndpoints.lookupLocations,
    { params: { id: warehouseId }, query: { page: 1, pageSize: 50, active: 'true', ...(q ? { q } : {}) } },
    { keepPreviousData: true, enabled: enabled && purchasing && !!warehouseId },
  );
  const list = purchasing ? bought : master;
  const items: { id: string; code: string; zone: string }[] = list.data?.items ?? [];
  return { items, isFetching: list.isFetching };
}

/**
 * Suppliers for a purchasing screen's picker: id, code, name, currency and payment terms, by code, through the
 * purchasing lookup (any purchasing permission opens it; the Business Partners list needs view_supplier).
 */
export function useSupplierLookup(query: SupplierLookupQuery, enabled = true) {
  return useEndpointQuery(
    purchasingLookupsEndpoints.lookupSuppliers,
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
