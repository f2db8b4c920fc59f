import type {
  ChequeStatusInput,
  EndpointQuery,
  SettlementCancelInput,
  SettlementInput,
  settlementsApi,
} from '@backoffice/contracts';
import { useSupplierLookup } from '../../lookups/api.ts';
import { settlementsEndpoints as api } from '../../shared/api/endpoints/settlements.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';
import { contractPath } from '../../shared/lib/api.ts';

type Api = typeof settlementsApi;

export type SettlementListQuery = EndpointQuery<Api['listSettlements']>;
export type SettlementFilter = EndpointQuery<Api['exportSettlements']>;

export function useSettlements(query: SettlementListQuery) {
  return useEndpointQuery(api.listSettlements, { query }, { keepPreviousData: true });
}

/** Downloads the settlements of a filter (every page, one row per invoice paid) as .xlsx. */
export function exportSettlements(filter: SettlementFilter, fileName: string) {
  return downloadEndpoint(api.exportSettlements, { query: filter }, fileName);
}

/** One settlement with its lines, credits and cheque; nothing while `id` is empty. */
export function useSettlement(id: string | undefined) {
  return useEndpointQuery(api.getSettlement, { params: { id: id ?? '' } }, { enabled: !!id });
}

/**
 * The supplier's payable invoices and open credits at a payment date; nothing until a supplier is chosen. With a
 * draft being edited (`settlementId`), its own invoices and credits too, as open as before it took them.
 */
export function usePayables(supplierId: string | null, paymentDate: string, settlementId?: string) {
  return useEndpointQuery(
    api.settlementPayables,
    { query: { supplierId: supplierId ?? '', paymentDate, ...(settlementId ? { settlement: settlementId } : {}) } },
    { enabled: !!supplierId, keepPreviousData: true },
  );
}

/** Changes a draft: what it held is given back and the new amounts taken, in one request. */
export function useUpdateSettlement() {
  return useEndpointMutation(api.updateSettlement, {
    input: ({ id, body }: { id: string; body: SettlementInput }) => ({ params: { id }, body }),
  });
}

/** Creates a draft; the Idempotency-Key makes a retried submission create one settlement. */
export function useCreateSettlement() {
  return useEndpointMutation(api.createSettlement, {
    input: ({ body, key }: { body: SettlementInput; key: string }) => ({ body, idempotencyKey: key }),
  });
}

/** Completing pays or issues the cheque: refreshed also after a refusal (someone may have changed it meanwhile). */
export function useCompleteSettlement() {
  return useEndpointMutation(api.completeSettlement, {
    input: ({ id, key }: { id: string; key: string }) => ({ params: { id }, idempotencyKey: key }),
    invalidateOn: 'settled',
  });
}

export function useChangeChequeStatus() {
  return useEndpointMutation(api.changeChequeStatus, {
    input: ({ id, body }: { id: string; body: ChequeStatusInput }) => ({ params: { id }, body }),
    invalidateOn: 'settled',
  });
}

export function useCancelSettlement() {
  return useEndpointMutation(api.cancelSettlement, {
    input: ({ id, body }: { id: string; body: SettlementCancelInput }) => ({ params: { id }, body }),
    invalidateOn: 'settled',
  });
}

/** The contract path of a settlement's remittance advice, for the document's print button. */
export function settlementPdfPath(id: string) {
  return contractPath(api.settlementPdf, { id });
}

/** Active suppliers matching a search ("CODE · Name"), for the pickers. */
export function useSupplierOptions(q: string) {
  return useSupplierLookup({ page: 1, pageSize: 50, active: 'true', ...(q ? { q } : {}) });
}

/**
 * The active processors a settlement can pay through, matching a search (code, name or currency): read under the
 * settlement permissions, so that a clerk without view_currency can choose one. A handful of accounts: filtered here.
 */
export function useProcessorOptions(q: string, enabled: boolean) {
  const res = useEndpointQuery(api.settlementProcessors, {}, { enabled });
  const needle = q.toLowerCase();
  const items = (res.data?.items ?? []).filter(
    (p) => !needle || `${p.code} ${p.name} ${p.currency}`.toLowerCase().includes(needle),
  );
  return { ...res, data: res.data ? { items } : undefined };
}
