import type {
  EndpointQuery,
  ShippingClaimApproveInput,
  ShippingClaimCancelInput,
  ShippingClaimEvidence,
  ShippingClaimPayInput,
  ShippingClaimRejectInput,
  ShippingClaimSubmitInput,
  ShippingClaimUpdateInput,
  shippingClaimsApi,
} from '@backoffice/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { shippingClaimsEndpoints as api } from '../../shared/api/endpoints/shipping-claims.gen.ts';
import { downloadEndpoint, invalidateEndpoint, useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';
import { contractPath, endpointUrl } from '../../shared/lib/api.ts';
import { type UploadOptions, uploadFile } from '../../shared/lib/upload.ts';

type Api = typeof shippingClaimsApi;

export type ShippingClaimListQuery = EndpointQuery<Api['listShippingClaims']>;
export type ShippingClaimFilter = EndpointQuery<Api['exportShippingClaims']>;

export function useShippingClaims(query: ShippingClaimListQuery) {
  return useEndpointQuery(api.listShippingClaims, { query }, { keepPreviousData: true });
}

/** Downloads the claims of a filter as .xlsx. */
export function exportShippingClaims(filter: ShippingClaimFilter, fileName: string) {
  return downloadEndpoint(api.exportShippingClaims, { query: filter }, fileName);
}

export function useShippingClaim(id: string | undefined) {
  return useEndpointQuery(api.getShippingClaim, { params: { id: id ?? '' } }, { enabled: !!id });
}

/** Shipped invoices matching a text, for the picker. */
export function useShippableInvoices(q: string, enabled = true) {
  return useEndpointQuery(api.shippableInvoices, { query: q ? { q } : {} }, { enabled, keepPreviousData: true });
}

/** What a claim may take of a shipped invoice (the claim being edited aside); nothing while `id` is empty. */
export function useShippableInvoice(id: string | undefined, claimId?: string) {
  return useEndpointQuery(
    api.shippableInvoice,
    { params: { id: id ?? '' }, query: claimId ? { claimId } : {} },
    { enabled: !!id },
  );
}

/** Opens a claim; the Idempotency-Key makes a retried submission open one claim. */
export function useCreateShippingClaim() {
  return useEndpointMutation(api.createShippingClaim);
}

export function useUpdateShippingClaim() {
  return useEndpointMutation(api.updateShippingClaim, {
    input: ({ id, body }: { id: string; body: ShippingClaimUpdateInput }) => ({ params: { id }, body }),
  });
}

export function useSubmitShippingClaim() {
  return useEndpointMutation(api.submitShippingClaim, {
    input: ({ id, body }: { id: string; body: ShippingClaimSubmitInput }) => ({ params: { id }, body }),
  });
}

export function useApproveShippingClaim() {
  return useEndpointMutation(api.approveShippingClaim, {
    input: ({ id, body }: { id: string; body: ShippingClaimApproveInput }) => ({ params: { id }, body }),
  });
}

export function useRejectShippingClaim() {
  return useEndpointMutation(api.rejectShippingClaim, {
    input: ({ id, body }: { id: string; body: ShippingClaimRejectInput }) => ({ params: { id }, body }),
  });
}

export function usePayShippingClaim() {
  return useEndpointMutation(api.payShippingClaim, {
    input: ({ id, body }: { id: string; body: ShippingClaimPayInput }) => ({ params: { id }, body }),
  });
}

export function useCancelShippingClaim() {
  return useEndpointMutation(api.cancelShippingClaim, {
    input: ({ id, body }: { id: string; body: ShippingClaimCancelInput }) => ({ params: { id }, body }),
  });
}

export function useRemoveEvidence() {
  return useEndpointMutation(api.removeShippingClaimEvidence, {
    input: ({ id, fileName }: { id: string; fileName: string }) => ({ params: { id, fileName } }),
  });
}

/** Sends one evidence file with progress, then refreshes the claim and the list. */
export function useUploadEvidence() {
  const client = useQueryClient();
  return async (id: string, file: File, options: Omit<UploadOptions, 'url'> = {}) => {
    const stored = await uploadFile<ShippingClaimEvidence>(file, {
      ...options,
      url: endpointUrl(api.addShippingClaimEvidence, { id }),
    });
    await invalidateEndpoint(client, api.addShippingClaimEvidence);
    return stored;
  };
}

/** Downloads an evidence file through the claim's own route (view_shipping_claim). */
export function downloadEvidence(id: string, fileName: string, originalName: string) {
  return downloadEndpoint(api.shippingClaimEvidence, { params: { id, fileName } }, originalName);
}

export function shippingClaimPdfPath(id: string) {
  return contractPath(api.shippingClaimPdf, { id });
}
