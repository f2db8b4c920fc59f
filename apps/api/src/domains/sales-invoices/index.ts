import type { RouteEntry } from '../../platform/routes.ts';
import { salesInvoiceRoutes } from './sales-invoice.routes.ts';

export { salesInvoiceReferences } from './sales-invoice.references.ts';
export { getSalesInvoice } from './sales-invoice.service.ts';

/** Sales invoices: pending drafts, booking (stock reserved), cancelling, the list with its export, the VAT invoice. */
export const salesInvoicesRoutes: RouteEntry[] = salesInvoiceRoutes;
