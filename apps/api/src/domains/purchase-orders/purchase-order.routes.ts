import { purchaseOrdersApi as api } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { sendPurchaseOrder } from './purchase-order.mail.ts';
import { purchaseOrderPdf } from './purchase-order.pdf.ts';
import * as orders from './purchase-order.service.ts';

export const purchaseOrderRoutes: RouteEntry[] = [
  route(api.listPurchaseOrders, ({ query }, ctx) => orders.listPurchaseOrders(ctx.db, query)),
  route(api.exportPurchaseOrders, ({ query }, ctx) => orders.exportPurchaseOrders(ctx, query)),
  route(api.purchaseProductCost, ({ query }, ctx) => orders.productCost(ctx.db, query)),
  route(api.getPurchaseOrder, ({ params }, ctx) => orders.getPurchaseOrder(ctx.db, params.id)),
  route(api.createPurchaseOrder, ({ body }, ctx) => orders.createPurchaseOrder(ctx, body)),
  route(api.createPurchaseOrdersFromReplenishment, ({ body }, ctx) => orders.createFromReplenishment(ctx, body)),
  route(api.updatePurchaseOrder, ({ params, body }, ctx) => orders.updatePurchaseOrder(ctx, params.id, body)),
  route(api.approvePurchaseOrder, ({ params }, ctx) => orders.approvePurchaseOrder(ctx, params.id)),
  route(api.dispatchPurchaseOrder, ({ params }, ctx) => orders.dispatchPurchaseOrder(ctx, params.id)),
  route(api.sendPurchaseOrder, ({ params, body }, ctx) => sendPurchaseOrder(ctx, params.id, body)),
  route(api.closePurchaseOrder, ({ params, body }, ctx) => orders.closePurchaseOrder(ctx, params.id, body)),
  route(api.cancelPurchaseOrder, ({ params, body }, ctx) => orders.cancelPurchaseOrder(ctx, params.id, body)),
  route(api.purchaseOrderPdf, ({ params, query }, ctx) => purchaseOrderPdf(ctx, params.id, query.lang)),
];
