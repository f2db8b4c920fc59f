import type { AreaReferences } from '../../platform/references.ts';
import { countLinesOfProduct } from './consignment-invoice.repository.ts';

/** Consignment invoices hold the products invoiced (their supplier is a supplier invoice's, counted there). */
export const consignmentInvoiceReferences: AreaReferences = {
  entity: 'consignment_invoice',
  holds: { product: countLinesOfProduct },
};
