import type { CarrierInput, carriersApi, EndpointQuery } from '@backoffice/contracts';
import { carriersEndpoints as api } from '../../../shared/api/endpoints/carriers.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';

export type CarrierListQuery = EndpointQuery<typeof carriersApi.listCarriers>;
export type CarrierFilter = EndpointQuery<typeof carriersApi.exportCarriers>;

export function useCarriers(query: CarrierListQuery) {
  return useEndpointQuery(api.listCarriers, { query }, { keepPreviousData: true });
}

export function useCarrier(id: string | null) {
  return useEndpointQuery(api.getCarrier, { params: { id: id ?? '' } }, { enabled: id !== null });
}

/** Downloads the carriers of a filter with their services (a row per service) as .xlsx. */
export function exportCarriers(filter: CarrierFilter, fileName: string) {
  return downloadEndpoint(api.exportCarriers, { query: filter }, fileName);
}

/** Creates a carrier with its services; the Idempotency-Key makes a retried submission create it once. */
export function useCreateCarrier() {
  return useEndpointMutation(api.createCarrier);
}

export function useUpdateCarrier() {
  return useEndpointMutation(api.updateCarrier, {
    input: ({ id, body }: { id: string; body: CarrierInput }) => ({ params: { id }, body }),
  });
}

/** Deletes a carrier nothing uses (the server answers 409 IN_USE otherwise). */
export function useDeleteCarrier() {
  return useEndpointMutation(api.deleteCarrier, { input: (id: string) => ({ params: { id } }) });
}
