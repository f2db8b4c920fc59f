import type {
  EndpointQuery,
  RmaApproveInput,
  RmaCancelInput,
  RmaCreditInput,
  RmaInput,
  rmasApi,
} from '@backoffice/contracts';
import { rmasEndpoints as api } from '../../shared/api/endpoints/rmas.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';
import { contractPath } from '../../shared/lib/api.ts';

type Api = typeof rmasApi;

export type RmaListQuery = EndpointQuery<Api['listRmas']>;
export type RmaFilter = EndpointQuery<Api['exportRmas']>;

export function useRmas(query: RmaListQuery) {
  return useEndpointQuery(api.listRmas, { query }, { keepPreviousData: true });
}

/** Downloads the RMAs of a filter (every page, one row per line) as .xlsx. */
export function exportRmas(filter: RmaFilter, fileName: string) {
  return downloadEndpoint(api.exportRmas, { query: filter }, fileName);
}

/** One RMA with its lines; nothing while `id` is empty. */
export function useRma(id: string | undefined) {
  return useEndpointQuery(api.getRma, { params: { id: id ?? '' } }, { enabled: !!id });
}

/** The supplier's posted receipts of a product into a warehouse, with what is left of each; off until all are set. */
export function useRmaReceipts(
  supplierId: string | null | undefined,
  warehouseId: string | null | undefined,
  productId: string | undefined,
) {
  const enabled = !!supplierId && !!warehouseId && !!productId;
  return useEndpointQuery(
    api.rmaReceipts,
    { query: { supplierId: supplierId ?? '', warehouseId: warehouseId ?? '', productId: productId ?? '' } },
    { enabled },
  );
}

/** Creates a draft; the Idempotency-Key makes a retried submission create one RMA. */
export function useCreateRma() {
  return useEndpointMutation(api.createRma);
}

export function useUpdateRma() {
  return useEndpointMutation(api.updateRma, {
    input: ({ id, body }: { id: string; body: RmaInput }) => ({ params: { id }, body }),
  });
}

export function useApproveRma() {
  return useEndpointMutation(api.approveRma, {
    input: ({ id, body }: { id: string; body: RmaApproveInput }) => ({ params: { id }, body }),
  });
}

/** Shipping and replacing post stock: every stock figure is refreshed after them, also after a refusal. */
export function useShipRma() {
  return useEndpointMutation(api.shipRma, { input: (id: string) => ({ params: { id } }), invalidateOn: 'settled' });
}

export function useReplaceRma() {
  return useEndpointMutation(api.replaceRma, {
    input: (id: string) => ({ params: { id } }),
    invalidateOn: 'settled',
  });
}

export function useCreditRma() {
  return useEndpointMutation(api.creditRma, {
    input: ({ id, body }: { id: string; body: RmaCreditInput }) => ({ params: { id }, body }),
  });
}

export function useCancelRma() {
  return useEndpointMutation(api.cancelRma, {
    input: ({ id, body }: { id: string; body: RmaCancelInput }) => ({ params: { id }, body }),
    invalidateOn: 'settled',
  });
}

/** The contract path of an RMA's printout, for the document's print button. */
export function rmaPdfPath(id: string) {
  return contractPath(api.rmaPdf, { id });
}
