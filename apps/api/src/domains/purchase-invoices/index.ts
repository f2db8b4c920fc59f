import type { RouteEntry } from '../../platform/routes.ts';
import { purchaseInvoiceRoutes } from './purchase-invoice.routes.ts';

export { purchaseInvoiceReferences } from './purchase-invoice.references.ts';

/** Supplier invoices: entered against order lines, matched three ways and to receipts, booked, cancelled. */
export const purchaseInvoicesRoutes: RouteEntry[] = purchaseInvoiceRoutes;
