import { salesInvoicesEndpoints } from './endpoints/sales-invoices.gen.ts';
import { useEndpointQuery } from './hooks.ts';

/**
 * Per sales channel: whether its prices include VAT (a new invoice's default) and its dispatch promise in working
 * days. Read by the sales invoice form and by System Config's Sales channels tab, which share the cache; a change
 * (`updateSalesChannelSettings`) refreshes it.
 */
export function useChannelSettings() {
  return useEndpointQuery(salesInvoicesEndpoints.salesChannelSettings, {}, { staleTime: 60_000 });
}
