/** Where the sales invoice screens live: the menu's Invoices and Create Invoices, one invoice, a pending one's editor. */
export const SALES_INVOICE_LIST_PATH = '/sales-invoice/sales-invoice';
export const SALES_INVOICE_CREATE_PATH = '/sales-invoice/create-sales-invoice';
export const salesInvoiceUrl = (id: string) => `${SALES_INVOICE_LIST_PATH}/${encodeURIComponent(id)}`;
export const salesInvoiceEditUrl = (id: string) => `${SALES_INVOICE_LIST_PATH}/${encodeURIComponent(id)}/edit`;

/**
 * The list's filters in the URL besides page, size, search (q) and sort; from and to are invoice days, shippedFrom
 * and shippedTo London shipping days, late (true/false) past the channel's dispatch promise or not.
 */
export const LIST_FILTERS = [
  'status',
  'channel',
  'warehouseId',
  'customerId',
  'from',
  'to',
  'shortage',
  'shippedFrom',
  'shippedTo',
  'late',
] as const;

/** Where a page opened from the list goes back to: the list as it was. */
export interface BackState {
  backTo?: string;
}
