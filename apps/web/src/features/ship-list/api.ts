import type {
  EndpointQuery,
  LabelRowInput,
  ShipListCancelInput,
  ShipListConfirmInput,
  shipListsApi,
} from '@backoffice/contracts';
import { shipListsEndpoints as api } from '../../shared/api/endpoints/ship-lists.gen.ts';
import { shippingLabelsEndpoints as labelsApi } from '../../shared/api/endpoints/shipping-labels.gen.ts';
import { useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';
import { contractPath } from '../../shared/lib/api.ts';
import { uuid } from '../../shared/lib/uuid.ts';

type Api = typeof shipListsApi;
export type ShipListListQuery = EndpointQuery<Api['listShipLists']>;
export type ShipListCandidateQuery = EndpointQuery<Api['shipListCandidates']>;

/** A page of ship lists with the counts per status of the filter (for the tabs). */
export function useShipLists(query: ShipListListQuery) {
  return useEndpointQuery(api.listShipLists, { query }, { keepPreviousData: true });
}

/** Packed invoices of a warehouse on no open list; nothing while no warehouse is chosen. */
export function useShipListCandidates(query: ShipListCandidateQuery | null) {
  return useEndpointQuery(
    api.shipListCandidates,
    { query: query ?? { warehouseId: '', page: 1, pageSize: 50 } },
    { enabled: !!query?.warehouseId, keepPreviousData: true },
  );
}

/** The active carrier services for the rows' selects. */
export function useCarrierServices() {
  return useEndpointQuery(api.shipListCarrierServices, {}, { staleTime: 60_000 });
}

export function useShipList(id: string | undefined) {
  return useEndpointQuery(api.getShipList, { params: { id: id ?? '' } }, { enabled: !!id });
}

export function useCreateShipList() {
  return useEndpointMutation(api.createShipList, { invalidateOn: 'settled' });
}

export function useConfirmShipList() {
  return useEndpointMutation(api.confirmShipList, {
    // One key per confirmation: a retried request replays the first answer instead of shipping twice.
    input: ({ id, body }: { id: string; body: ShipListConfirmInput }) => ({
      params: { id },
      body,
      idempotencyKey: uuid(),
    }),
  });
}

export function useCancelShipList() {
  return useEndpointMutation(api.cancelShipList, {
    input: ({ id, body }: { id: string; body: ShipListCancelInput }) => ({ params: { id }, body }),
  });
}

export function packingSlipsPath(id: string) {
  return contractPath(api.shipListPackingSlips, { id });
}

/** The ship list's carrier labels (live, failed and cancelled). */
export function useShipListLabels(id: string) {
  return useEndpointQuery(labelsApi.listShipListLabels, { params: { id } });
}

/** Labels for every row of the list whose carrier has a connector (the server makes each once). */
export function useCreateLabels() {
  return useEndpointMutation(labelsApi.createShipListLabels, {
    input: ({ id, rows }: { id: string; rows: LabelRowInput[] }) => ({ params: { id }, body: { rows } }),
  });
}

export function useCancelLabel() {
  return useEndpointMutation(labelsApi.cancelShippingLabel, {
    input: ({ id }: { id: string }) => ({ params: { id } }),
  });
}

/** Every live label of the list in one PDF. */
export function labelsPdfPath(id: string) {
  return contractPath(labelsApi.shipListLabelsPdf, { id });
}
