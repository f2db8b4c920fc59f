import type { EndpointQuery, stockApi } from '@backoffice/contracts';
import { stockEndpoints as api } from '../../shared/api/endpoints/stock.gen.ts';
import { warehousesEndpoints } from '../../shared/api/endpoints/warehouses.gen.ts';
import { useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';

export type OverrideListQuery = EndpointQuery<(typeof stockApi)['listOverrides']>;

export function useOverrides(query: OverrideListQuery) {
  return useEndpointQuery(api.listOverrides, { query }, { keepPreviousData: true });
}

/**
 * Posts a counted quantity; the Idempotency-Key makes a retried submission post once. Every stock
 * figure (summary, list, a product's stock and ledger, this list) is refreshed after it.
 */
export function useOverrideStock() {
  return useEndpointMutation(api.overrideStock);
}

/** One override with its reversal links both ways. */
export function useOverride(id: string) {
  return useEndpointQuery(api.getOverride, { params: { id } });
}

/** Reverses an override; the key makes a retried confirmation reverse once. Every stock figure is refreshed. */
export function useReverseOverride(id: string) {
  return useEndpointMutation(api.reverseOverride, {
    input: ({ reason, idempotencyKey }: { reason: string; idempotencyKey: string }) => ({
      params: { id },
      body: { reason },
      idempotencyKey,
    }),
  });
}

/** A warehouse's configuration, for the bin an override proposes: the warehouse's default receiving bin. */
export function useWarehouseConfig(warehouseId: string | null) {
  return useEndpointQuery(
    warehousesEndpoints.getWarehouseConfig,
    { params: { id: warehouseId ?? '' } },
    { enabled: !!warehouseId },
  );
}
