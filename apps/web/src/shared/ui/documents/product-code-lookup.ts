import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { productsEndpoints } from '../../api/endpoints/products.gen.ts';
import { purchasingLookupsEndpoints } from '../../api/endpoints/purchasing-lookups.gen.ts';
import { endpointQueryOptions } from '../../api/hooks.ts';
import { useLookupScope } from '../../api/lookup-scope.ts';
import type { LineProduct } from './lines.ts';

/** Enough answers to tell one product from several; a scan wants one. */
const SCAN_LOOKUP_LIMIT = 5;

/**
 * Finds the products a scanned or typed code may mean (SKU, barcode or name), through the same lookup the
 * product picker uses (the purchasing one on a purchasing screen) and under its cache key, so a repeated scan
 * of the same code asks the server once.
 */
export function useProductCodeLookup(): (code: string) => Promise<LineProduct[]> {
  const client = useQueryClient();
  const scope = useLookupScope();
  return useCallback(
    async (code: string) => {
      const query = { q: code.trim(), limit: SCAN_LOOKUP_LIMIT };
      const options =
        scope === 'purchasing'
          ? endpointQueryOptions(purchasingLookupsEndpoints.lookupProducts, { query })
          : endpointQueryOptions(productsEndpoints.lookupProducts, { query });
      const answer = await client.fetchQuery({ ...options, staleTime: 30_000 });
      return answer.items;
    },
    [client, scope],
  );
}
