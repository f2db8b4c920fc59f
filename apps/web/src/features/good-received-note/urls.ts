/** Where the goods received note screens live (the list and the fast screen are the menu's own entries). */
export const GRN_LIST_PATH = '/good-received-note/good-received-note';
export const GRN_FAST_PATH = '/good-received-note/good-received-note-v2';
export const GRN_NEW_PATH = '/good-received-note/good-received-note/new';

export const grnUrl = (id: string) => `/good-received-note/good-received-note/${encodeURIComponent(id)}`;
/** A new receipt of one order, its lines prefilled. */
export const grnNewForOrderUrl = (orderId: string) => `${GRN_NEW_PATH}?order=${encodeURIComponent(orderId)}`;

/** The list's filters in the URL besides page, size, search (q) and sort; from and to are received days. */
export const LIST_FILTERS = ['status', 'supplierId', 'warehouseId', 'from', 'to'] as const;

/** Where a page opened from the list goes back to: the list as it was. */
export interface BackState {
  backTo?: string;
}

/** A supplier invoice's page (its area's route; areas link to each other by address, never by import). */
export const purchaseInvoiceUrl = (id: string) => `/purchase-invoice/purchase-invoice/${encodeURIComponent(id)}`;
