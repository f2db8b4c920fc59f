import { salesInvoicesApi as api } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { exportSalesInvoices } from './sales-invoice.export.ts';
import { salesInvoicePackingSlipPdf } from './sales-invoice.packing-slip.pdf.ts';
import { salesInvoicePdf } from './sales-invoice.pdf.ts';
import * as invoices from './sales-invoice.service.ts';

export const salesInvoiceRoutes: RouteEntry[] = [
  route(api.listSalesInvoices, ({ query }, ctx) => invoices.listSalesInvoices(ctx.db, query)),
  route(api.exportSalesInvoices, ({ query }, ctx) => exportSalesInvoices(ctx, query)),
  route(api.salesAvailability, ({ query }, ctx) => invoices.availability(ctx.db, query)),
  route(api.salesChannelSettings, (_input, ctx) => invoices.getChannelSettings(ctx.db)),
  route(api.updateSalesChannelSettings, ({ body }, ctx) => invoices.updateChannelSettings(ctx, body)),
  route(api.getSalesInvoice, ({ params }, ctx) => invoices.getSalesInvoice(ctx.db, params.id)),
  route(api.createSalesInvoice, ({ body }, ctx) => invoices.createSalesInvoice(ctx, body)),
  route(api.updateSalesInvoice, ({ params, body }, ctx) => invoices.updateSalesInvoice(ctx, params.id, body)),
  route(api.bookSalesInvoice, ({ params, body }, ctx) => invoices.bookSalesInvoice(ctx, params.id, body)),
  route(api.cancelSalesInvoice, ({ params, body }, ctx) => invoices.cancelSalesInvoice(ctx, params.id, body)),
  route(api.salesInvoicePdf, ({ params, query }, ctx) => salesInvoicePdf(ctx, params.id, query.lang)),
  route(api.salesInvoicePackingSlip, ({ params, query }, ctx) =>
    salesInvoicePackingSlipPdf(ctx, params.id, query.lang),
  ),
];
