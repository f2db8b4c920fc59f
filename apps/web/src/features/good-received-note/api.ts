import type {
  EndpointQuery,
  FastReceiptInput,
  FastReceiptPostInput,
  GoodReceivedNoteCancelInput,
  goodsReceivedNotesApi,
  LandedCostInput,
} from '@backoffice/contracts';
import { goodsReceivedNotesEndpoints as api } from '../../shared/api/endpoints/goods-received-notes.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';
import { contractPath } from '../../shared/lib/api.ts';
import { uuid } from '../../shared/lib/uuid.ts';

type Api = typeof goodsReceivedNotesApi;

export type GrnListQuery = EndpointQuery<Api['listGoodsReceivedNotes']>;
export type GrnFilter = EndpointQuery<Api['exportGoodsReceivedNotes']>;
export type GrnMovementQuery = EndpointQuery<Api['goodsReceivedNoteMovements']>;
export type ReceivableOrderQuery = EndpointQuery<Api['receivableOrders']>;

export function useGoodsReceivedNotes(query: GrnListQuery) {
  return useEndpointQuery(api.listGoodsReceivedNotes, { query }, { keepPreviousData: true });
}

/** Downloads the notes of a filter (every page, one row per line) as .xlsx. */
export function exportGoodsReceivedNotes(filter: GrnFilter, fileName: string) {
  return downloadEndpoint(api.exportGoodsReceivedNotes, { query: filter }, fileName);
}

export function useGoodsReceivedNote(id: string | undefined) {
  return useEndpointQuery(api.getGoodsReceivedNote, { params: { id: id ?? '' } }, { enabled: !!id });
}

export function useGrnMovements(id: string, query: GrnMovementQuery, enabled: boolean) {
  return useEndpointQuery(
    api.goodsReceivedNoteMovements,
    { params: { id }, query },
    { keepPreviousData: true, enabled: !!id && enabled },
  );
}

/** Approved and partly received orders (oldest first); nothing while `enabled` is false. */
export function useReceivableOrders(query: ReceivableOrderQuery, enabled = true) {
  return useEndpointQuery(api.receivableOrders, { query }, { keepPreviousData: true, enabled });
}

export function useReceivableOrder(id: string | undefined) {
  return useEndpointQuery(api.receivableOrder, { params: { id: id ?? '' } }, { enabled: !!id });
}

/** Creates a draft; the Idempotency-Key makes a retried submission create one note. */
export function useCreateGoodsReceivedNote() {
  return useEndpointMutation(api.createGoodsReceivedNote);
}

/** Posting moves stock: every stock figure is refreshed after it, also after a refusal. */
export function usePostGoodsReceivedNote() {
  return useEndpointMutation(api.postGoodsReceivedNote, {
    input: (id: string) => ({ params: { id }, idempotencyKey: uuid() }),
    invalidateOn: 'settled',
  });
}

export function useCancelGoodsReceivedNote() {
  return useEndpointMutation(api.cancelGoodsReceivedNote, {
    input: ({ id, body }: { id: string; body: GoodReceivedNoteCancelInput }) => ({ params: { id }, body }),
    invalidateOn: 'settled',
  });
}

/** Fast receiving's match: changes nothing, so it refreshes nothing. */
export function useMatchFastReceipt() {
  return useEndpointMutation(api.matchFastReceipt, {
    input: (body: FastReceiptInput) => ({ body }),
    invalidateOn: 'never',
  });
}

export function usePostFastReceipt() {
  return useEndpointMutation(api.postFastReceipt, {
    input: ({ body, key }: { body: FastReceiptPostInput; key: string }) => ({ body, idempotencyKey: key }),
    invalidateOn: 'settled',
  });
}

/** The landed costs applied to a note, with their shares per line. */
export function useLandedCosts(id: string, enabled: boolean) {
  return useEndpointQuery(api.landedCosts, { params: { id } }, { enabled: !!id && enabled });
}

/** A charge's shares per line before it is applied: changes nothing, so it refreshes nothing. */
export function usePreviewLandedCost() {
  return useEndpointMutation(api.previewLandedCost, {
    input: ({ id, body }: { id: string; body: LandedCostInput }) => ({ params: { id }, body }),
    invalidateOn: 'never',
  });
}

/** Applying revalues stock: every stock figure is refreshed after it; the key makes a retry apply it once. */
export function useApplyLandedCost() {
  return useEndpointMutation(api.applyLandedCost, {
    input: ({ id, body, key }: { id: string; body: LandedCostInput; key: string }) => ({
      params: { id },
      body,
      idempotencyKey: key,
    }),
    invalidateOn: 'settled',
  });
}

/** The contract path of a note's printout, for the document's print button. */
export function grnPdfPath(id: string) {
  return contractPath(api.goodsReceivedNotePdf, { id });
}
