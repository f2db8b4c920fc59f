import type {
  EndpointQuery,
  WarehouseConfigInput,
  WarehouseInput,
  WarehouseLocationInput,
  WarehouseLocationRangeInput,
  warehousesApi,
} from '@backoffice/contracts';
import { warehousesEndpoints as api } from '../../../shared/api/endpoints/warehouses.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';

type Api = typeof warehousesApi;

export type WarehouseListQuery = EndpointQuery<Api['listWarehouses']>;
export type WarehouseFilter = EndpointQuery<Api['exportWarehouses']>;
export type LocationListQuery = EndpointQuery<Api['listLocations']>;
export type LocationFilter = EndpointQuery<Api['exportLocations']>;
export type ConfigListQuery = EndpointQuery<Api['listWarehouseConfigs']>;
export type ConfigFilter = EndpointQuery<Api['exportWarehouseConfigs']>;

// Every change refreshes everything under the warehouses' path and the configurations' list: a bin's
// change shows in the warehouse's count and in the configurations (their default bins).

// The pickers' lookups; this area's pages use them too, so one change refreshes both.
export { useLocations, useWarehouse, useWarehouses } from '../../../lookups/api.ts';

export function exportWarehouses(filter: WarehouseFilter, fileName: string) {
  return downloadEndpoint(api.exportWarehouses, { query: filter }, fileName);
}

/** Creates a warehouse; the Idempotency-Key makes a retried submission create it once. */
export function useCreateWarehouse() {
  return useEndpointMutation(api.createWarehouse);
}

export function useUpdateWarehouse() {
  return useEndpointMutation(api.updateWarehouse, {
    input: ({ id, body }: { id: string; body: WarehouseInput }) => ({ params: { id }, body }),
  });
}

/** Deletes a warehouse nothing uses (the server answers 409 IN_USE otherwise). */
export function useDeleteWarehouse() {
  return useEndpointMutation(api.deleteWarehouse, { input: (id: string) => ({ params: { id } }) });
}

export function exportLocations(warehouseId: string, filter: LocationFilter, fileName: string) {
  return downloadEndpoint(api.exportLocations, { params: { id: warehouseId }, query: filter }, fileName);
}

export function useCreateLocation() {
  return useEndpointMutation(api.createLocation, {
    input: ({
      warehouseId,
      body,
      idempotencyKey,
    }: {
      warehouseId: string;
      body: WarehouseLocationInput;
      idempotencyKey: string;
    }) => ({ params: { id: warehouseId }, body, idempotencyKey }),
  });
}

export function useCreateLocationRange() {
  return useEndpointMutation(api.createLocationRange, {
    input: ({
      warehouseId,
      body,
      idempotencyKey,
    }: {
      warehouseId: string;
      body: WarehouseLocationRangeInput;
      idempotencyKey: string;
    }) => ({ params: { id: warehouseId }, body, idempotencyKey }),
  });
}

export function useUpdateLocation() {
  return useEndpointMutation(api.updateLocation, {
    input: ({ warehouseId, id, body }: { warehouseId: string; id: string; body: WarehouseLocationInput }) => ({
      params: { id: warehouseId, locationId: id },
      body,
    }),
  });
}

export function useDeleteLocation() {
  return useEndpointMutation(api.deleteLocation, {
    input: ({ warehouseId, id }: { warehouseId: string; id: string }) => ({
      params: { id: warehouseId, locationId: id },
    }),
  });
}

export function useWarehouseConfigs(query: ConfigListQuery) {
  return useEndpointQuery(api.listWarehouseConfigs, { query }, { keepPreviousData: true });
}

export function exportWarehouseConfigs(filter: ConfigFilter, fileName: string) {
  return downloadEndpoint(api.exportWarehouseConfigs, { query: filter }, fileName);
}

export function useWarehouseConfig(id: string | undefined) {
  return useEndpointQuery(api.getWarehouseConfig, { params: { id: id ?? '' } }, { enabled: !!id });
}

export function useUpdateWarehouseConfig() {
  return useEndpointMutation(api.updateWarehouseConfig, {
    input: ({ id, body }: { id: string; body: WarehouseConfigInput }) => ({ params: { id }, body }),
  });
}
