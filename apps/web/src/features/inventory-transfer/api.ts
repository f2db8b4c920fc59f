import type {
  EndpointQuery,
  TransferCancelInput,
  TransferInput,
  TransferReceiptInput,
  transfersApi,
} from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef, resolveApiPath } from '../../shared/lib/api.ts';
import { download } from '../../shared/lib/http.ts';
import { stockKeys } from '../inventory/api.ts';

type Api = typeof transfersApi;

const endpoints = {
  list: endpointRef<Api['listTransfers']>('GET', '/api/inventory-transfers'),
  export: endpointRef<Api['exportTransfers']>('GET', '/api/inventory-transfers/export'),
  get: endpointRef<Api['getTransfer']>('GET', '/api/inventory-transfers/:id'),
  movements: endpointRef<Api['transferMovements']>('GET', '/api/inventory-transfers/:id/movements'),
  create: endpointRef<Api['createTransfer']>('POST', '/api/inventory-transfers'),
  update: endpointRef<Api['updateTransfer']>('PUT', '/api/inventory-transfers/:id'),
  dispatch: endpointRef<Api['dispatchTransfer']>('POST', '/api/inventory-transfers/:id/dispatch'),
  receive: endpointRef<Api['receiveTransfer']>('POST', '/api/inventory-transfers/:id/receive'),
  cancel: endpointRef<Api['cancelTransfer']>('POST', '/api/inventory-transfers/:id/cancel'),
};

export type TransferListQuery = EndpointQuery<Api['listTransfers']>;
export type TransferFilter = EndpointQuery<Api['exportTransfers']>;
export type TransferMovementQuery = EndpointQuery<Api['transferMovements']>;

/**
 * Transfers live under the stock key: dispatching or receiving one changes stock figures everywhere
 * (the summary, a product's ledger), so one invalidation refreshes them all.
 */
export const transferKeys = {
  all: [...stockKeys.all, 'transfers'] as const,
  list: (query: TransferListQuery) => [...stockKeys.all, 'transfers', 'list', query] as const,
  one: (id: string) => [...stockKeys.all, 'transfers', 'one', id] as const,
  movements: (id: string, query: TransferMovementQuery) =>
    [...stockKeys.all, 'transfers', 'movements', id, query] as const,
};

export function useTransfers(query: TransferListQuery) {
  return useQuery({
    queryKey: transferKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the transfers of a filter (every page, one row per line) as .xlsx. */
export function exportTransfers(filter: TransferFilter, fileName: string) {
  return download(resolveApiPath(endpoints.export.path), filter, fileName);
}

/** One transfer with its lines; nothing while `id` is empty. */
export function useTransfer(id: string | undefined) {
  return useQuery({
    queryKey: transferKeys.one(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(endpoints.get, { params: { id: id ?? '' } }, { signal }),
    enabled: !!id,
  });
}

export function useTransferMovements(id: string, query: TransferMovementQuery) {
  return useQuery({
    queryKey: transferKeys.movements(id, query),
    queryFn: ({ signal }) => callEndpoint(endpoints.movements, { params: { id }, query }, { signal }),
    placeholderData: keepPreviousData,
    enabled: !!id,
  });
}

/** Creates a draft; the Idempotency-Key makes a retried submission create one transfer. */
export function useCreateTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TransferInput; idempotencyKey: string }) =>
      callEndpoint(endpoints.create, { body }, { idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: transferKeys.all }),
  });
}

export function useUpdateTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TransferInput }) =>
      callEndpoint(endpoints.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: transferKeys.all }),
  });
}

/** Dispatching and receiving post stock: every stock figure is refreshed after them. */
export function useDispatchTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(endpoints.dispatch, { params: { id } }),
    // Also after a refusal: a status conflict means someone else moved the transfer on.
    onSettled: () => client.invalidateQueries({ queryKey: stockKeys.all }),
  });
}

export function useReceiveTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TransferReceiptInput }) =>
      callEndpoint(endpoints.receive, { params: { id }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: stockKeys.all }),
  });
}

export function useCancelTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TransferCancelInput }) =>
      callEndpoint(endpoints.cancel, { params: { id }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: transferKeys.all }),
  });
}
