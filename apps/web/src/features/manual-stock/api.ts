import type { EndpointQuery, stockApi } from '@backoffice/contracts';
import { stockEndpoints as api } from '../../shared/api/endpoints/stock.gen.ts';
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
