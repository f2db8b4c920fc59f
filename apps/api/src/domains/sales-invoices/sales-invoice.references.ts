import type { AreaReferences } from '../../platform/references.ts';
import {
  countInvoicesOfCarrier,
  countInvoicesOfCarrierService,
  countInvoicesOfCurrency,
  countInvoicesOfCustomer,
  countInvoicesOfProduct,
  countInvoicesOfWarehouse,
} from './sales-invoice.repository.ts';

/** Sales invoices hold their customer, warehouse, products, currency and carrier service. */
export const salesInvoiceReferences: AreaReferences = {
  entity: 'sales_invoice',
  holds: {
    customer: countInvoicesOfCustomer,
    warehouse: countInvoicesOfWarehouse,
    product: countInvoicesOfProduct,
    currency: countInvoicesOfCurrency,
    carrier: countInvoicesOfCarrier,
    carrier_service: countInvoicesOfCarrierService,
  },
};
