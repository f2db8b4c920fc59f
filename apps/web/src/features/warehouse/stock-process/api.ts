import type {
  EndpointQuery,
  StockCountLineInput,
  StockCountPostInput,
  StockCountScanInput,
  stockCountsApi,
} from '@backoffice/contracts';
import { stockCountsEndpoints as api } from '../../../shared/api/endpoints/stock-counts.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';
import { contractPath } from '../../../shared/lib/api.ts';

type Api = typeof stockCountsApi;

export type StockCountListQuery = EndpointQuery<Api['listStockCounts']>;
export type StockCountFilter = EndpointQuery<Api['exportStockCounts']>;
export type StockCountLineQuery = EndpointQuery<Api['listStockCountLines']>;
export type StockCountLineFilter = EndpointQuery<Api['exportStockCountLines']>;
export type VarianceGrouping = NonNullable<EndpointQuery<Api['stockCountVariances']>['by']>;

// Every change refreshes everything under the sessions' path: a scan changes the session's counts, its
// lines, its totals and the list together; posting also every stock figure.

export function useStockCounts(query: StockCountListQuery) {
  return useEndpointQuery(api.listStockCounts, { query }, { keepPreviousData: true });
}

export function useStockCount(id: string) {
  return useEndpointQuery(api.getStockCount, { params: { id } });
}

export function useStockCountLines(id: string, query: StockCountLineQuery) {
  return useEndpointQuery(api.listStockCountLines, { params: { id }, query }, { keepPreviousData: true });
}

export function useVariances(id: string, by: VarianceGrouping, enabled: boolean) {
  return useEndpointQuery(
    api.stockCountVariances,
    { params: { id }, query: { by } },
    { keepPreviousData: true, enabled },
  );
}

export function useZones(warehouseId: string | null | undefined) {
  return useEndpointQuery(
    api.stockCountZones,
    { query: { warehouseId: warehouseId ?? '' } },
    { enabled: !!warehouseId },
  );
}

export function exportStockCounts(filter: StockCountFilter, fileName: string) {
  return downloadEndpoint(api.exportStockCounts, { query: filter }, fileName);
}

export function exportStockCountLines(id: string, filter: StockCountLineFilter, fileName: string) {
  return downloadEndpoint(api.exportStockCountLines, { params: { id }, query: filter }, fileName);
}

/** Starts a session; the Idempotency-Key makes a retried submission start one. */
export function useStartCount() {
  return useEndpointMutation(api.createStockCount);
}

/** A scan, with a key of its own: a retry after a lost answer counts once. */
export function useScan(id: string) {
  return useEndpointMutation(api.scanStockCount, {
    input: ({ body, idempotencyKey }: { body: StockCountScanInput; idempotencyKey: string }) => ({
      params: { id },
      body,
      idempotencyKey,
    }),
  });
}

export function useSetLine(id: string) {
  return useEndpointMutation(api.setStockCountLine, {
    input: ({ lineId, body }: { lineId: string; body: StockCountLineInput }) => ({ params: { id, lineId }, body }),
  });
}

export function useSubmitCount(id: string) {
  return useEndpointMutation(api.submitStockCount, { input: () => ({ params: { id } }) });
}

export function useReopenCount(id: string) {
  return useEndpointMutation(api.reopenStockCount, { input: () => ({ params: { id } }) });
}

export function useCancelCount(id: string) {
  return useEndpointMutation(api.cancelStockCount, { input: () => ({ params: { id } }) });
}

/** Posts the differences; every stock figure is refreshed after it. */
export function usePostCount(id: string) {
  return useEndpointMutation(api.postStockCount, {
    input: ({ body, idempotencyKey }: { body: StockCountPostInput; idempotencyKey: string }) => ({
      params: { id },
      body,
      idempotencyKey,
    }),
  });
}

/** The contract path of a session's printout, for the document's print button. */
export function stockCountPdfPath(id: string) {
  return contractPath(api.stockCountPdf, { id });
}

/** The ledger rows a session posted and, once reversed, those of its reversal. */
export function useCountMovements(id: string, enabled: boolean) {
  return useEndpointQuery(api.stockCountMovements, { params: { id } }, { enabled });
}

/** Reverses a posted session; the key makes a retried confirmation reverse once. Every stock figure is refreshed. */
export function useReverseCount(id: string) {
  return useEndpointMutation(api.reverseStockCount, {
    input: ({ reason, idempotencyKey }: { reason: string; idempotencyKey: string }) => ({
      params: { id },
      body: { reason },
      idempotencyKey,
    }),
  });
}
