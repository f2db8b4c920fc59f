import type {
  EndpointQuery,
  WarehouseConfigInput,
  WarehouseInput,
  WarehouseLocationInput,
  WarehouseLocationRangeInput,
  warehousesApi,
} from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef, resolveApiPath } from '../../../shared/lib/api.ts';
import { download } from '../../../shared/lib/http.ts';

type Api = typeof warehousesApi;

const endpoints = {
  list: endpointRef<Api['listWarehouses']>('GET', '/api/warehouses'),
  export: endpointRef<Api['exportWarehouses']>('GET', '/api/warehouses/export'),
  get: endpointRef<Api['getWarehouse']>('GET', '/api/warehouses/:id'),
  create: endpointRef<Api['createWarehouse']>('POST', '/api/warehouses'),
  update: endpointRef<Api['updateWarehouse']>('PUT', '/api/warehouses/:id'),
  remove: endpointRef<Api['deleteWarehouse']>('DELETE', '/api/warehouses/:id'),
  locations: endpointRef<Api['listLocations']>('GET', '/api/warehouses/:id/locations'),
  exportLocations: endpointRef<Api['exportLocations']>('GET', '/api/warehouses/:id/locations/export'),
  createLocation: endpointRef<Api['createLocation']>('POST', '/api/warehouses/:id/locations'),
  createRange: endpointRef<Api['createLocationRange']>('POST', '/api/warehouses/:id/locations/range'),
  updateLocation: endpointRef<Api['updateLocation']>('PUT', '/api/warehouses/:id/locations/:locationId'),
  removeLocation: endpointRef<Api['deleteLocation']>('DELETE', '/api/warehouses/:id/locations/:locationId'),
  configs: endpointRef<Api['listWarehouseConfigs']>('GET', '/api/warehouse-configs'),
  exportConfigs: endpointRef<Api['exportWarehouseConfigs']>('GET', '/api/warehouse-configs/export'),
  config: endpointRef<Api['getWarehouseConfig']>('GET', '/api/warehouses/:id/config'),
  updateConfig: endpointRef<Api['updateWarehouseConfig']>('PUT', '/api/warehouses/:id/config'),
};

export type WarehouseListQuery = EndpointQuery<Api['listWarehouses']>;
export type WarehouseFilter = EndpointQuery<Api['exportWarehouses']>;
export type LocationListQuery = EndpointQuery<Api['listLocations']>;
export type LocationFilter = EndpointQuery<Api['exportLocations']>;
export type ConfigListQuery = EndpointQuery<Api['listWarehouseConfigs']>;
export type ConfigFilter = EndpointQuery<Api['exportWarehouseConfigs']>;

/** Everything of this area shares one key: a bin's change shows in the warehouse's count and the configurations. */
export const warehouseKeys = {
  all: ['warehouses'] as const,
  list: (query: WarehouseListQuery) => ['warehouses', 'list', query] as const,
  one: (id: string) => ['warehouses', 'one', id] as const,
  locations: (id: string, query: LocationListQuery) => ['warehouses', 'locations', id, query] as const,
  configs: (query: ConfigListQuery) => ['warehouses', 'configs', query] as const,
  config: (id: string) => ['warehouses', 'config', id] as const,
};

export function useWarehouses(query: WarehouseListQuery, enabled = true) {
  return useQuery({
    queryKey: warehouseKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useWarehouse(id: string | undefined) {
  return useQuery({
    queryKey: warehouseKeys.one(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(endpoints.get, { params: { id: id ?? '' } }, { signal }),
    enabled: !!id,
  });
}

export function exportWarehouses(filter: WarehouseFilter, fileName: string) {
  return download(resolveApiPath(endpoints.export.path), filter, fileName);
}

function useInvalidatingMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: warehouseKeys.all }) });
}

/** Creates a warehouse; the Idempotency-Key makes a retried submission create it once. */
export function useCreateWarehouse() {
  return useInvalidatingMutation(({ body, idempotencyKey }: { body: WarehouseInput; idempotencyKey: string }) =>
    callEndpoint(endpoints.create, { body }, { idempotencyKey }),
  );
}

export function useUpdateWarehouse() {
  return useInvalidatingMutation(({ id, body }: { id: string; body: WarehouseInput }) =>
    callEndpoint(endpoints.update, { params: { id }, body }),
  );
}

/** Deletes a warehouse nothing uses (the server answers 409 IN_USE otherwise). */
export function useDeleteWarehouse() {
  return useInvalidatingMutation((id: string) => callEndpoint(endpoints.remove, { params: { id } }));
}

export function useLocations(warehouseId: string, query: LocationListQuery, enabled = true) {
  return useQuery({
    queryKey: warehouseKeys.locations(warehouseId, query),
    queryFn: ({ signal }) => callEndpoint(endpoints.locations, { params: { id: warehouseId }, query }, { signal }),
    placeholderData: keepPreviousData,
    enabled: enabled && !!warehouseId,
  });
}

export function exportLocations(warehouseId: string, filter: LocationFilter, fileName: string) {
  return download(resolveApiPath(endpoints.exportLocations.path).replace(':id', warehouseId), filter, fileName);
}

export function useCreateLocation() {
  return useInvalidatingMutation(
    ({
      warehouseId,
      body,
      idempotencyKey,
    }: {
      warehouseId: string;
      body: WarehouseLocationInput;
      idempotencyKey: string;
    }) => callEndpoint(endpoints.createLocation, { params: { id: warehouseId }, body }, { idempotencyKey }),
  );
}

export function useCreateLocationRange() {
  return useInvalidatingMutation(
    ({
      warehouseId,
      body,
      idempotencyKey,
    }: {
      warehouseId: string;
      body: WarehouseLocationRangeInput;
      idempotencyKey: string;
    }) => callEndpoint(endpoints.createRange, { params: { id: warehouseId }, body }, { idempotencyKey }),
  );
}

export function useUpdateLocation() {
  return useInvalidatingMutation(
    ({ warehouseId, id, body }: { warehouseId: string; id: string; body: WarehouseLocationInput }) =>
      callEndpoint(endpoints.updateLocation, { params: { id: warehouseId, locationId: id }, body }),
  );
}

export function useDeleteLocation() {
  return useInvalidatingMutation(({ warehouseId, id }: { warehouseId: string; id: string }) =>
    callEndpoint(endpoints.removeLocation, { params: { id: warehouseId, locationId: id } }),
  );
}

export function useWarehouseConfigs(query: ConfigListQuery) {
  return useQuery({
    queryKey: warehouseKeys.configs(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.configs, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function exportWarehouseConfigs(filter: ConfigFilter, fileName: string) {
  return download(resolveApiPath(endpoints.exportConfigs.path), filter, fileName);
}

export function useWarehouseConfig(id: string | undefined) {
  return useQuery({
    queryKey: warehouseKeys.config(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(endpoints.config, { params: { id: id ?? '' } }, { signal }),
    enabled: !!id,
  });
}

export function useUpdateWarehouseConfig() {
  return useInvalidatingMutation(({ id, body }: { id: string; body: WarehouseConfigInput }) =>
    callEndpoint(endpoints.updateConfig, { params: { id }, body }),
  );
}
