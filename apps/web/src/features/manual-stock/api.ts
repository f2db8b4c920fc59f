import type { EndpointQuery, StockOverrideInput, stockApi } from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef } from '../../shared/lib/api.ts';
import { stockKeys } from '../inventory/api.ts';

type Api = typeof stockApi;

const endpoints = {
  list: endpointRef<Api['listOverrides']>('GET', '/api/manual-stock/overrides'),
  create: endpointRef<Api['overrideStock']>('POST', '/api/manual-stock/overrides'),
};

export type OverrideListQuery = EndpointQuery<Api['listOverrides']>;

/** Overrides are stock postings: they live under the stock key, so one posting refreshes every stock screen. */
export const overrideKeys = {
  list: (query: OverrideListQuery) => [...stockKeys.all, 'overrides', query] as const,
};

export function useOverrides(query: OverrideListQuery) {
  return useQuery({
    queryKey: overrideKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Posts a counted quantity; the Idempotency-Key makes a retried submission post once. Every stock
 * figure (summary, list, a product's stock and ledger, this list) is refreshed after it.
 */
export function useOverrideStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: StockOverrideInput; idempotencyKey: string }) =>
      callEndpoint(endpoints.create, { body }, { idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: stockKeys.all }),
  });
}
