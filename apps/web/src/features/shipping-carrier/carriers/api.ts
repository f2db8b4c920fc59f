import type { CarrierInput, carriersApi, EndpointQuery } from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef, resolveApiPath } from '../../../shared/lib/api.ts';
import { download } from '../../../shared/lib/http.ts';

const endpoints = {
  list: endpointRef<typeof carriersApi.listCarriers>('GET', '/api/shipping-carriers'),
  export: endpointRef<typeof carriersApi.exportCarriers>('GET', '/api/shipping-carriers/export'),
  get: endpointRef<typeof carriersApi.getCarrier>('GET', '/api/shipping-carriers/:id'),
  create: endpointRef<typeof carriersApi.createCarrier>('POST', '/api/shipping-carriers'),
  update: endpointRef<typeof carriersApi.updateCarrier>('PUT', '/api/shipping-carriers/:id'),
  remove: endpointRef<typeof carriersApi.deleteCarrier>('DELETE', '/api/shipping-carriers/:id'),
};

export type CarrierListQuery = EndpointQuery<typeof carriersApi.listCarriers>;
export type CarrierFilter = EndpointQuery<typeof carriersApi.exportCarriers>;

export const carrierKeys = {
  all: ['shipping-carriers'] as const,
  list: (query: CarrierListQuery) => ['shipping-carriers', 'list', query] as const,
  one: (id: string) => ['shipping-carriers', 'one', id] as const,
};

export function useCarriers(query: CarrierListQuery) {
  return useQuery({
    queryKey: carrierKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCarrier(id: string | null) {
  return useQuery({
    queryKey: carrierKeys.one(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(endpoints.get, { params: { id: id ?? '' } }, { signal }),
    enabled: id !== null,
  });
}

/** Downloads the carriers of a filter with their services (a row per service) as .xlsx. */
export function exportCarriers(filter: CarrierFilter, fileName: string) {
  return download(resolveApiPath(endpoints.export.path), filter, fileName);
}

/** Creates a carrier with its services; the Idempotency-Key makes a retried submission create it once. */
export function useCreateCarrier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CarrierInput; idempotencyKey: string }) =>
      callEndpoint(endpoints.create, { body }, { idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: carrierKeys.all }),
  });
}

export function useUpdateCarrier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CarrierInput }) =>
      callEndpoint(endpoints.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: carrierKeys.all }),
  });
}

/** Deletes a carrier nothing uses (the server answers 409 IN_USE otherwise). */
export function useDeleteCarrier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(endpoints.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: carrierKeys.all }),
  });
}
