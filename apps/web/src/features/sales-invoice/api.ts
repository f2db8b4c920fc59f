import type {
  EndpointQuery,
  SalesInvoiceBookInput,
  SalesInvoiceCancelInput,
  SalesInvoiceInput,
  salesInvoicesApi,
} from '@backoffice/contracts';
import { customersEndpoints } from '../../shared/api/endpoints/customers.gen.ts';
import { salesInvoicesEndpoints as api } from '../../shared/api/endpoints/sales-invoices.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';
import { contractPath } from '../../shared/lib/api.ts';

type Api = typeof salesInvoicesApi;

export type SalesInvoiceListQuery = EndpointQuery<Api['listSalesInvoices']>;
export type SalesInvoiceFilter = EndpointQuery<Api['exportSalesInvoices']>;

/** A page of invoices with the counts per status of the filter (for the tabs). */
export function useSalesInvoices(query: SalesInvoiceListQuery) {
  return useEndpointQuery(api.listSalesInvoices, { query }, { keepPreviousData: true });
}

/** Downloads the invoices of a filter (every page, one row per line) as .xlsx. */
export function exportSalesInvoices(filter: SalesInvoiceFilter, fileName: string) {
  return downloadEndpoint(api.exportSalesInvoices, { query: filter }, fileName);
}

/** One invoice with its lines and their availability now; nothing while `id` is empty. */
export function useSalesInvoice(id: string | undefined) {
  return useEndpointQuery(api.getSalesInvoice, { params: { id: id ?? '' } }, { enabled: !!id });
}

/**
 * What the warehouse holds now of the products on the form, with each one's sale price and VAT code; asked
 * again every 20 s while the form is open, so the figures stay live while others book.
 */
export function useSalesAvailability(warehouseId: string | null | undefined, productIds: readonly string[]) {
  const ids = [...new Set(productIds)].sort().slice(0, 200);
  return useEndpointQuery(
    api.salesAvailability,
    { query: { warehouseId: warehouseId ?? '', productIds: ids.join(',') } },
    { enabled: !!warehouseId && ids.length > 0, keepPreviousData: true, refetchInterval: 20_000 },
  );
}

/** Creates (and with `book`, books) an invoice; the Idempotency-Key makes a retried submission create one. */
export function useCreateSalesInvoice() {
  return useEndpointMutation(api.createSalesInvoice, { invalidateOn: 'settled' });
}

export function useUpdateSalesInvoice() {
  return useEndpointMutation(api.updateSalesInvoice, {
    input: ({ id, body }: { id: string; body: SalesInvoiceInput }) => ({ params: { id }, body }),
  });
}

/** Booking reserves stock: stock figures are refreshed after it, also after a refusal. */
export function useBookSalesInvoice() {
  return useEndpointMutation(api.bookSalesInvoice, {
    input: ({ id, body }: { id: string; body: SalesInvoiceBookInput }) => ({ params: { id }, body }),
    invalidateOn: 'settled',
  });
}

export function useCancelSalesInvoice() {
  return useEndpointMutation(api.cancelSalesInvoice, {
    input: ({ id, body }: { id: string; body: SalesInvoiceCancelInput }) => ({ params: { id }, body }),
    invalidateOn: 'settled',
  });
}

/** The contract path of an invoice's VAT invoice printout, for the document's print button. */
export function salesInvoicePdfPath(id: string) {
  return contractPath(api.salesInvoicePdf, { id });
}

/** Customers for the picker (by name, e-mail, phone or channel id), active only. */
export function useCustomerChoices(q: string, enabled: boolean) {
  return useEndpointQuery(
    customersEndpoints.listCustomers,
    { query: { page: 1, pageSize: 30, sort: 'name', active: 'true', ...(q ? { q } : {}) } },
    { keepPreviousData: true, enabled },
  );
}

/** One customer with their addresses (to fill the invoice's). */
export function useCustomerDetail(id: string | null | undefined) {
  return useEndpointQuery(customersEndpoints.getCustomer, { params: { id: id ?? '' } }, { enabled: !!id });
}

/** The active carriers' active services, for the invoice's carrier service. */
export { useCarrierServices } from '../../shared/api/carrier-services.ts';
/** Per channel: whether its prices include VAT (a new invoice's default); System Config reads it too. */
export { useChannelSettings } from '../../shared/api/sales-channel-settings.ts';
