// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `purchaseOrdersApi`: method, path and, for a change, the resources it makes stale. */
export const purchaseOrdersEndpoints = {
  listPurchaseOrders: endpointRef<typeof contracts.purchaseOrdersApi.listPurchaseOrders>('GET', '/api/purchase-orders'),
  exportPurchaseOrders: endpointRef<typeof contracts.purchaseOrdersApi.exportPurchaseOrders>(
    'GET',
    '/api/purchase-orders/export',
  ),
  purchaseProductCost: endpointRef<typeof contracts.purchaseOrdersApi.purchaseProductCost>(
    'GET',
    '/api/purchase-orders/product-cost',
  ),
  getPurchaseOrder: endpointRef<typeof contracts.purchaseOrdersApi.getPurchaseOrder>('GET', '/api/purchase-orders/:id'),
  createPurchaseOrder: endpointRef<typeof contracts.purchaseOrdersApi.createPurchaseOrder>(
    'POST',
    '/api/purchase-orders',
    ['/api/purchase-orders'],
  ),
  createPurchaseOrdersFromReplenishment: endpointRef<
    typeof contracts.purchaseOrdersApi.createPurchaseOrdersFromReplenishment
  >('POST', '/api/purchase-orders/from-replenishment', ['/api/purchase-orders']),
  updatePurchaseOrder: endpointRef<typeof contracts.purchaseOrdersApi.updatePurchaseOrder>(
    'PUT',
    '/api/purchase-orders/:id',
    ['/api/purchase-orders'],
  ),
  approvePurchaseOrder: endpointRef<typeof contracts.purchaseOrdersApi.approvePurchaseOrder>(
    'POST',
    '/api/purchase-orders/:id/approve',
    ['/api/purchase-orders'],
  ),
  sendPurchaseOrder: endpointRef<typeof contracts.purchaseOrdersApi.sendPurchaseOrder>(
    'POST',
    '/api/purchase-orders/:id/send',
    ['/api/purchase-orders'],
  ),
  dispatchPurchaseOrder: endpointRef<typeof contracts.purchaseOrdersApi.dispatchPurchaseOrder>(
    'POST',
    '/api/purchase-orders/:id/dispatch',
    ['/api/purchase-orders'],
  ),
  closePurchaseOrder: endpointRef<typeof contracts.purchaseOrdersApi.closePurchaseOrder>(
    'POST',
    '/api/purchase-orders/:id/close',
    ['/api/purchase-orders'],
  ),
  cancelPurchaseOrder: endpointRef<typeof contracts.purchaseOrdersApi.cancelPurchaseOrder>(
    'POST',
    '/api/purchase-orders/:id/cancel',
    ['/api/purchase-orders'],
  ),
  purchaseOrderPdf: endpointRef<typeof contracts.purchaseOrdersApi.purchaseOrderPdf>(
    'GET',
    '/api/purchase-orders/:id/pdf',
  ),
};
