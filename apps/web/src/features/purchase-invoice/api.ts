import type {
  EndpointQuery,
  PurchaseInvoiceBookInput,
  PurchaseInvoiceCancelInput,
  PurchaseInvoiceInput,
  PurchaseInvoiceSheetInput,
  purchaseInvoicesApi,
} from '@backoffice/contracts';
import { purchaseInvoicesEndpoints as api } from '../../shared/api/endpoints/purchase-invoices.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';
import { contractPath } from '../../shared/lib/api.ts';
import { uuid } from '../../shared/lib/uuid.ts';

type Api = typeof purchaseInvoicesApi;

export type PurchaseInvoiceListQuery = EndpointQuery<Api['listPurchaseInvoices']>;

export function usePurchaseInvoices(query: PurchaseInvoiceListQuery) {
  return useEndpointQuery(api.listPurchaseInvoices, { query }, { keepPreviousData: true });
}

/** Downloads the invoices of a filter (every page) as .xlsx. */
export function exportPurchaseInvoices(filter: EndpointQuery<Api['exportPurchaseInvoices']>, fileName: string) {
  return downloadEndpoint(api.exportPurchaseInvoices, { query: filter }, fileName);
}

export function usePurchaseInvoice(id: string | undefined) {
  return useEndpointQuery(api.getPurchaseInvoice, { params: { id: id ?? '' } }, { enabled: !!id });
}

/** The supplier's order lines that can be invoiced; nothing until a supplier is chosen. */
export function useInvoicableLines(supplierId: string | null) {
  return useEndpointQuery(
    api.invoicableOrderLines,
    { query: { supplierId: supplierId ?? '' } },
    { enabled: !!supplierId },
  );
}

export function useTolerances() {
  return useEndpointQuery(api.purchaseInvoiceTolerances, {});
}

/** The key makes a retried submission enter one invoice. */
export function useCreatePurchaseInvoice() {
  return useEndpointMutation(api.createPurchaseInvoice, {
    input: ({ body, key }: { body: PurchaseInvoiceInput; key: string }) => ({ body, idempotencyKey: key }),
  });
}

/** Booking may revalue stock: every figure is refreshed after it, also after a refusal. */
export function useBookPurchaseInvoice() {
  return useEndpointMutation(api.bookPurchaseInvoice, {
    input: ({ id, body }: { id: string; body: PurchaseInvoiceBookInput }) => ({
      params: { id },
      body,
      idempotencyKey: uuid(),
    }),
    invalidateOn: 'settled',
  });
}

export function useCancelPurchaseInvoice() {
  return useEndpointMutation(api.cancelPurchaseInvoice, {
    input: ({ id, body }: { id: string; body: PurchaseInvoiceCancelInput }) => ({ params: { id }, body }),
    invalidateOn: 'settled',
  });
}

/** The saved Excel mappings a supplier's .xlsx can be read through (kind purchase_invoices), the default first. */
export function useSheetMappings(enabled: boolean) {
  return useEndpointQuery(api.purchaseInvoiceSheetMappings, {}, { enabled });
}

/** Reads an uploaded .xlsx through a mapping against the supplier's open orders; it changes nothing. */
export function useReadSheet() {
  return useEndpointMutation(api.readPurchaseInvoiceSheet, {
    input: (body: PurchaseInvoiceSheetInput) => ({ body }),
    invalidateOn: 'never',
  });
}

/** The contract path of an invoice's printout, for the print button. */
export function purchaseInvoicePdfPath(id: string) {
  return contractPath(api.purchaseInvoicePdf, { id });
}

/** Posted receipts of any supplier a landed charge can be for, by number or supplier; for the charges' picker. */
export function useChargeableReceipts(q: string, enabled = true) {
  return useEndpointQuery(api.chargeableReceipts, { query: { q } }, { keepPreviousData: true, enabled });
}
