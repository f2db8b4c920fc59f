import type { AreaReferences } from '../../platform/references.ts';
import { countInvoicesOfPartner, countInvoicesOfProduct } from './purchase-invoice.repository.ts';

/** Supplier invoices hold their supplier and the products invoiced. */
export const purchaseInvoiceReferences: AreaReferences = {
  entity: 'purchase_invoice',
  holds: { product: countInvoicesOfProduct, business_partner: countInvoicesOfPartner },
};
