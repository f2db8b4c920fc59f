import type {
  EndpointQuery,
  TransferCancelInput,
  TransferInput,
  TransferReceiptInput,
  transfersApi,
} from '@backoffice/contracts';
import { transfersEndpoints as api } from '../../shared/api/endpoints/transfers.gen.ts';
import { warehousesEndpoints } from '../../shared/api/endpoints/warehouses.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';
import { contractPath } from '../../shared/lib/api.ts';

type Api = typeof transfersApi;

export type TransferListQuery = EndpointQuery<Api['listTransfers']>;
export type TransferFilter = EndpointQuery<Api['exportTransfers']>;
export type TransferMovementQuery = EndpointQuery<Api['transferMovements']>;

export function useTransfers(query: TransferListQuery) {
  return useEndpointQuery(api.listTransfers, { query }, { keepPreviousData: true });
}

/** Downloads the transfers of a filter (every page, one row per line) as .xlsx. */
export function exportTransfers(filter: TransferFilter, fileName: string) {
  return downloadEndpoint(api.exportTransfers, { query: filter }, fileName);
}

/** One transfer with its lines; nothing while `id` is empty. */
export function useTransfer(id: string | undefined) {
  return useEndpointQuery(api.getTransfer, { params: { id: id ?? '' } }, { enabled: !!id });
}

export function useTransferMovements(id: string, query: TransferMovementQuery) {
  return useEndpointQuery(api.transferMovements, { params: { id }, query }, { keepPreviousData: true, enabled: !!id });
}

/** Creates a draft; the Idempotency-Key makes a retried submission create one transfer. */
export function useCreateTransfer() {
  return useEndpointMutation(api.createTransfer);
}

export function useUpdateTransfer() {
  return useEndpointMutation(api.updateTransfer, {
    input: ({ id, body }: { id: string; body: TransferInput }) => ({ params: { id }, body }),
  });
}

/**
 * Dispatching and receiving post stock: every stock figure is refreshed after them, also after a
 * refusal, where a status conflict means someone else moved the transfer on.
 */
export function useDispatchTransfer() {
  return useEndpointMutation(api.dispatchTransfer, {
    input: (id: string) => ({ params: { id } }),
    invalidateOn: 'settled',
  });
}

export function useReceiveTransfer() {
  return useEndpointMutation(api.receiveTransfer, {
    input: ({ id, body }: { id: string; body: TransferReceiptInput }) => ({ params: { id }, body }),
    invalidateOn: 'settled',
  });
}

export function useCancelTransfer() {
  return useEndpointMutation(api.cancelTransfer, {
    input: ({ id, body }: { id: string; body: TransferCancelInput }) => ({ params: { id }, body }),
    invalidateOn: 'settled',
  });
}

/** The contract path of a transfer's printout, for the document's print button. */
export function transferPdfPath(id: string) {
  return contractPath(api.transferPdf, { id });
}

/** The destination's configuration, to warn when stock received without a bin would go into no bin. */
export function useReceivingConfig(warehouseId: string, enabled: boolean) {
  return useEndpointQuery(warehousesEndpoints.getWarehouseConfig, { params: { id: warehouseId } }, { enabled });
}
