import type { BusinessPartnerInput, businessPartnersApi, EndpointQuery } from '@backoffice/contracts';
import { businessPartnersEndpoints as api } from '../../../shared/api/endpoints/business-partners.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';

export type BusinessPartnerListQuery = EndpointQuery<typeof businessPartnersApi.listBusinessPartners>;
export type BusinessPartnerFilter = EndpointQuery<typeof businessPartnersApi.exportBusinessPartners>;

export function useBusinessPartners(query: BusinessPartnerListQuery) {
  return useEndpointQuery(api.listBusinessPartners, { query }, { keepPreviousData: true });
}

export function useBusinessPartner(id: string | undefined) {
  return useEndpointQuery(api.getBusinessPartner, { params: { id: id ?? '' } }, { enabled: !!id, retry: false });
}

/** Downloads the business partners of a filter (every page) as .xlsx. */
export function exportBusinessPartners(filter: BusinessPartnerFilter, fileName: string) {
  return downloadEndpoint(api.exportBusinessPartners, { query: filter }, fileName);
}

/** Creates a business partner; the Idempotency-Key makes a retried submission create it once. */
export function useCreateBusinessPartner() {
  return useEndpointMutation(api.createBusinessPartner);
}

export function useUpdateBusinessPartner() {
  return useEndpointMutation(api.updateBusinessPartner, {
    input: ({ id, body }: { id: string; body: BusinessPartnerInput }) => ({ params: { id }, body }),
  });
}

/** Deletes a business partner nothing uses (the server answers 409 IN_USE otherwise). */
export function useDeleteBusinessPartner() {
  return useEndpointMutation(api.deleteBusinessPartner, { input: (id: string) => ({ params: { id } }) });
}
