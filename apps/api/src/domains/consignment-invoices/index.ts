import type { RouteEntry } from '../../platform/routes.ts';
import { consignmentInvoiceRoutes } from './consignment-invoice.routes.ts';

export { consignmentInvoiceReferences } from './consignment-invoice.references.ts';
export {
  bookInvoice as bookConsignmentInvoice,
  cancelInvoice as cancelConsignmentInvoice,
} from './consignment-invoice.service.ts';

/**
 * Consignment invoices: a supplier's invoice for their consignment units sold in a period, compared with what is
 * owed, booked (settling it) or cancelled (releasing it). Supplier invoices of kind CONSIGNMENT.
 */
export const consignmentInvoicesRoutes: RouteEntry[] = consignmentInvoiceRoutes;
