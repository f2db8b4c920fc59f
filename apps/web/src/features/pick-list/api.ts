import type { EndpointQuery, PickListConfirmInput, PickListScanInput, pickListsApi } from '@backoffice/contracts';
import { pickListsEndpoints as api } from '../../shared/api/endpoints/pick-lists.gen.ts';
import { useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';
import { contractPath } from '../../shared/lib/api.ts';

type Api = typeof pickListsApi;

export type PickListListQuery = EndpointQuery<Api['listPickLists']>;
export type PickListCandidateQuery = EndpointQuery<Api['pickListCandidates']>;

/** A page of pick lists with the counts per status of the filter (for the tabs). */
export function usePickLists(query: PickListListQuery, enabled = true) {
  return useEndpointQuery(api.listPickLists, { query }, { keepPreviousData: true, enabled });
}

/** The BOOKED invoices a filter would batch; nothing until a warehouse is chosen. */
export function usePickListCandidates(query: PickListCandidateQuery | null) {
  return useEndpointQuery(
    api.pickListCandidates,
    { query: query ?? { warehouseId: '' } },
    { keepPreviousData: true, enabled: !!query?.warehouseId },
  );
}

export function usePickList(id: string | undefined) {
  return useEndpointQuery(api.getPickList, { params: { id: id ?? '' } }, { enabled: !!id });
}

/** Creates a list; the Idempotency-Key makes a retried submission create one. */
export function useCreatePickList() {
  return useEndpointMutation(api.createPickList, { invalidateOn: 'settled' });
}

export function useScanPickList() {
  return useEndpointMutation(api.scanPickList, {
    input: ({ id, body }: { id: string; body: PickListScanInput }) => ({ params: { id }, body }),
  });
}

export function useConfirmPickList() {
  return useEndpointMutation(api.confirmPickList, {
    input: ({ id, body }: { id: string; body: PickListConfirmInput }) => ({ params: { id }, body }),
    invalidateOn: 'settled',
  });
}

export function useCancelPickList() {
  return useEndpointMutation(api.cancelPickList, {
    input: ({ id }: { id: string }) => ({ params: { id } }),
    invalidateOn: 'settled',
  });
}

/** The contract path of the pick sheet printout, for the document's print button. */
export function pickListPdfPath(id: string) {
  return contractPath(api.pickListPdf, { id });
}
