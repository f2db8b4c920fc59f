import type {
  EndpointQuery,
  PurchaseOrderCancelInput,
  PurchaseOrderCloseInput,
  PurchaseOrderInput,
  PurchaseOrderSendInput,
  purchaseOrdersApi,
} from '@backoffice/contracts';
import { useSupplierLookup } from '../../lookups/api.ts';
import { costCentersEndpoints } from '../../shared/api/endpoints/cost-centers.gen.ts';
import { currenciesEndpoints } from '../../shared/api/endpoints/currencies.gen.ts';
import { purchaseOrdersEndpoints as api } from '../../shared/api/endpoints/purchase-orders.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';
import { callEndpoint, contractPath } from '../../shared/lib/api.ts';

type Api = typeof purchaseOrdersApi;

export type PurchaseOrderListQuery = EndpointQuery<Api['listPurchaseOrders']>;
export type PurchaseOrderFilter = EndpointQuery<Api['exportPurchaseOrders']>;

export function usePurchaseOrders(query: PurchaseOrderListQuery) {
  return useEndpointQuery(api.listPurchaseOrders, { query }, { keepPreviousData: true });
}

/** Downloads the orders of a filter (every page, one row per line) as .xlsx. */
export function exportPurchaseOrders(filter: PurchaseOrderFilter, fileName: string) {
  return downloadEndpoint(api.exportPurchaseOrders, { query: filter }, fileName);
}

/** One order with its lines; nothing while `id` is empty. */
export function usePurchaseOrder(id: string | undefined) {
  return useEndpointQuery(api.getPurchaseOrder, { params: { id: id ?? '' } }, { enabled: !!id });
}

/** The unit cost a new line starts with: the supplier's last price offered, else the cost price. */
export function fetchProductCost(productId: string, supplierId: string | null | undefined, currency: string) {
  return callEndpoint(api.purchaseProductCost, {
    query: {
      productId,
      ...(supplierId ? { supplierId } : {}),
      currency: currency as NonNullable<EndpointQuery<Api['purchaseProductCost']>['currency']>,
    },
  });
}

/** Creates a draft; the Idempotency-Key makes a retried submission create one order. */
export function useCreatePurchaseOrder() {
  return useEndpointMutation(api.createPurchaseOrder);
}

export function useUpdatePurchaseOrder() {
  return useEndpointMutation(api.updatePurchaseOrder, {
    input: ({ id, body }: { id: string; body: PurchaseOrderInput }) => ({ params: { id }, body }),
  });
}

export function useApprovePurchaseOrder() {
  return useEndpointMutation(api.approvePurchaseOrder, {
    input: (id: string) => ({ params: { id } }),
    invalidateOn: 'settled',
  });
}

/** Send Inventory's dispatch posts stock: every stock figure is refreshed after it, also after a refusal. */
export function useDispatchPurchaseOrder() {
  return useEndpointMutation(api.dispatchPurchaseOrder, {
    input: (id: string) => ({ params: { id } }),
    invalidateOn: 'settled',
  });
}

export function useSendPurchaseOrder() {
  return useEndpointMutation(api.sendPurchaseOrder, {
    input: ({ id, body }: { id: string; body: PurchaseOrderSendInput }) => ({ params: { id }, body }),
    invalidateOn: 'settled',
  });
}

export function useClosePurchaseOrder() {
  return useEndpointMutation(api.closePurchaseOrder, {
    input: ({ id, body }: { id: string; body: PurchaseOrderCloseInput }) => ({ params: { id }, body }),
    invalidateOn: 'settled',
  });
}

export function useCancelPurchaseOrder() {
  return useEndpointMutation(api.cancelPurchaseOrder, {
    input: ({ id, body }: { id: string; body: PurchaseOrderCancelInput }) => ({ params: { id }, body }),
    invalidateOn: 'settled',
  });
}

/** Drafts from the Replenishment Report's chosen suggestions. */
export function useCreateFromReplenishment() {
  return useEndpointMutation(api.createPurchaseOrdersFromReplenishment);
}

/** The contract path of an order's printout, for the document's print button. */
export function purchaseOrderPdfPath(id: string) {
  return contractPath(api.purchaseOrderPdf, { id });
}

/** Suppliers for the picker (by code or name, the purchasing lookup), consignment partners only when asked. */
export function useSuppliers(q: string, consignment: boolean, enabled: boolean) {
  return useSupplierLookup(
    { page: 1, pageSize: 30, ...(q ? { q } : {}), ...(consignment ? { consignment: 'true' } : {}) },
    enabled,
  );
}

export function useCostCenters(enabled: boolean) {
  return useEndpointQuery(
    costCentersEndpoints.listCostCenters,
    { query: { page: 1, pageSize: 100, sort: 'code', active: 'true' } },
    { enabled },
  );
}

/** The rate of a currency on a day (for the form's hint; the server takes it when none is typed). */
export function useRateOn(code: string, date: string, enabled: boolean) {
  return useEndpointQuery(
    currenciesEndpoints.rateOn,
    { params: { code: code as 'GBP' }, query: { date } },
    { enabled: enabled && code !== 'GBP', retry: false },
  );
}
