import { purchaseInvoicesApi as api } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { purchaseInvoicePdf } from './purchase-invoice.pdf.ts';
import * as invoices from './purchase-invoice.service.ts';
import { readSheet, sheetMappings } from './purchase-invoice.sheet.ts';

export const purchaseInvoiceRoutes: RouteEntry[] = [
  route(api.listPurchaseInvoices, ({ query }, ctx) => invoices.listInvoices(ctx.db, query)),
  route(api.exportPurchaseInvoices, ({ query }, ctx) => invoices.exportInvoices(ctx, query)),
  route(api.invoicableOrderLines, ({ query }, ctx) => invoices.invoicableOrderLines(ctx.db, query.supplierId)),
  route(api.purchaseInvoiceTolerances, (_input, ctx) => invoices.tolerancesOf(ctx.db)),
  route(api.setPurchaseInvoiceTolerances, ({ body }, ctx) => invoices.setTolerances(ctx, body)),
  route(api.purchaseInvoiceSheetMappings, (_input, ctx) => sheetMappings(ctx.db)),
  route(api.readPurchaseInvoiceSheet, ({ body }, ctx) => readSheet(ctx, body)),
  route(api.chargeableReceipts, ({ query }, ctx) => invoices.chargeableReceipts(ctx.db, query.q)),
  route(api.previewPurchaseInvoiceCharge, ({ body }, ctx) => invoices.previewCharge(ctx.db, body)),
  route(api.getPurchaseInvoice, ({ params }, ctx) => invoices.getInvoice(ctx.db, params.id)),
  route(api.purchaseInvoicePdf, ({ params, query }, ctx) => purchaseInvoicePdf(ctx, params.id, query.lang)),
  route(api.createPurchaseInvoice, ({ body }, ctx) => invoices.createInvoice(ctx, body)),
  route(api.bookPurchaseInvoice, ({ params, body }, ctx) => invoices.bookInvoice(ctx, params.id, body)),
  route(api.cancelPurchaseInvoice, ({ params, body }, ctx) => invoices.cancelInvoice(ctx, params.id, body)),
];
