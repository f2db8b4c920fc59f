import type { RouteEntry } from '../../platform/routes.ts';
import { salesInvoiceRoutes } from './sales-invoice.routes.ts';
import { salesInvoiceUploadRoutes } from './sales-invoice-upload.routes.ts';

/** The late shipments' rule, shared by the list's `late` filter and the landing dashboard's count. */
export { isLateShipment, lastLateDay, pastDispatchPromise } from './sales-invoice.late.ts';
export { packingSlipsPdf } from './sales-invoice.packing-slip.pdf.ts';
/** The VAT invoice's PDF, for a channel that takes it (Amazon UPLOAD_INVOICE). */
export { salesInvoicePdfBody } from './sales-invoice.pdf.ts';
export { salesInvoiceReferences } from './sales-invoice.references.ts';
export { cancelSalesInvoice, createSalesInvoice, getSalesInvoice } from './sales-invoice.service.ts';
export {
  carrierServicesByIds,
  type InvoiceShipment,
  shipmentOf,
  shipSalesInvoices,
} from './sales-invoice.shipping.ts';
/** The Excel upload's job, registered with the import engine in app.ts. */
export { runSalesInvoiceUpload } from './sales-invoice-upload.ts';

/** Sales invoices: pending drafts, booking (stock reserved), cancelling, the list with its export, the VAT invoice. */
export const salesInvoicesRoutes: RouteEntry[] = [...salesInvoiceRoutes, ...salesInvoiceUploadRoutes];
