import type { BusinessPartnerInput, businessPartnersApi, EndpointQuery } from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef, resolveApiPath } from '../../../shared/lib/api.ts';
import { download } from '../../../shared/lib/http.ts';

const endpoints = {
  list: endpointRef<typeof businessPartnersApi.listBusinessPartners>('GET', '/api/business-partners'),
  export: endpointRef<typeof businessPartnersApi.exportBusinessPartners>('GET', '/api/business-partners/export'),
  get: endpointRef<typeof businessPartnersApi.getBusinessPartner>('GET', '/api/business-partners/:id'),
  create: endpointRef<typeof businessPartnersApi.createBusinessPartner>('POST', '/api/business-partners'),
  update: endpointRef<typeof businessPartnersApi.updateBusinessPartner>('PUT', '/api/business-partners/:id'),
  remove: endpointRef<typeof businessPartnersApi.deleteBusinessPartner>('DELETE', '/api/business-partners/:id'),
};

export type BusinessPartnerListQuery = EndpointQuery<typeof businessPartnersApi.listBusinessPartners>;
export type BusinessPartnerFilter = EndpointQuery<typeof businessPartnersApi.exportBusinessPartners>;

export const businessPartnerKeys = {
  all: ['business-partners'] as const,
  list: (query: BusinessPartnerListQuery) => ['business-partners', 'list', query] as const,
  detail: (id: string) => ['business-partners', 'detail', id] as const,
};

export function useBusinessPartners(query: BusinessPartnerListQuery) {
  return useQuery({
    queryKey: businessPartnerKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBusinessPartner(id: string | undefined) {
  return useQuery({
    queryKey: businessPartnerKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(endpoints.get, { params: { id: id ?? '' } }, { signal }),
    enabled: !!id,
    retry: false,
  });
}

/** Downloads the business partners of a filter (every page) as .xlsx. */
export function exportBusinessPartners(filter: BusinessPartnerFilter, fileName: string) {
  return download(resolveApiPath(endpoints.export.path), filter, fileName);
}

/** Creates a business partner; the Idempotency-Key makes a retried submission create it once. */
export function useCreateBusinessPartner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BusinessPartnerInput; idempotencyKey: string }) =>
      callEndpoint(endpoints.create, { body }, { idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: businessPartnerKeys.all }),
  });
}

export function useUpdateBusinessPartner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BusinessPartnerInput }) =>
      callEndpoint(endpoints.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: businessPartnerKeys.all }),
  });
}

/** Deletes a business partner nothing uses (the server answers 409 IN_USE otherwise). */
export function useDeleteBusinessPartner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(endpoints.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: businessPartnerKeys.all }),
  });
}
