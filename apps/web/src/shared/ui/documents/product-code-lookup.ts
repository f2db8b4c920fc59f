import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { productsEndpoints } from '../../api/endpoints/products.gen.ts';
import { endpointQueryOptions } from '../../api/hooks.ts';
import type { LineProduct } from './lines.ts';

/** Enough answers to tell one product from several; a scan wants one. */
const SCAN_LOOKUP_LIMIT = 5;

/**
 * Finds the products a scanned or typed code may mean (SKU, barcode or name), through the same lookup the
 * product picker uses and under its cache key, so a repeated scan of the same code asks the server once.
 */
export function useProductCodeLookup(): (code: string) => Promise<LineProduct[]> {
  const client = useQueryClient();
  return useCallback(
    async (code: string) => {
      const query = { q: code.trim(), limit: SCAN_LOOKUP_LIMIT };
      const answer = await client.fetchQuery({
        ...endpointQueryOptions(productsEndpoints.lookupProducts, { query }),
        staleTime: 30_000,
      });
      return answer.items;
    },
    [client],
  );
}
