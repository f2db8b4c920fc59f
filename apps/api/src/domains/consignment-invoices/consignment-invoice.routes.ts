import { consignmentInvoicesApi as api } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import * as invoices from './consignment-invoice.service.ts';

export const consignmentInvoiceRoutes: RouteEntry[] = [
  route(api.consignmentSuppliers, (_input, ctx) => invoices.suppliers(ctx.db)),
  route(api.consignmentOwed, ({ query }, ctx) => invoices.owed(ctx.db, query)),
  route(api.readConsignmentSheet, ({ body }, ctx) => invoices.readSheet(ctx, body)),
  route(api.checkConsignmentInvoice, ({ body }, ctx) => invoices.check(ctx.db, body)),
  route(api.createConsignmentInvoice, ({ body }, ctx) => invoices.createInvoice(ctx, body)),
  route(api.getConsignmentInvoice, ({ params }, ctx) => invoices.getInvoice(ctx.db, params.id)),
  route(api.bookConsignmentInvoice, ({ params, body }, ctx) => invoices.bookInvoice(ctx, params.id, body)),
  route(api.cancelConsignmentInvoice, ({ params, body }, ctx) => invoices.cancelInvoice(ctx, params.id, body)),
];
