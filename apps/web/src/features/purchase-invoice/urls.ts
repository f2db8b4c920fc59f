/** Where the supplier invoice screens live (the list and the upload are the menu's own entries). */
export const PI_LIST_PATH = '/purchase-invoice/purchase-invoice';
export const PI_NEW_PATH = '/purchase-invoice/create-purchase-invoice';
export const CONSIGNMENT_UPLOAD_PATH = '/purchase-invoice/consignment-invoice-upload';

export const purchaseInvoiceUrl = (id: string) => `/purchase-invoice/purchase-invoice/${encodeURIComponent(id)}`;

/** The list's filters in the URL besides page, size, search (q) and sort. */
export const LIST_FILTERS = ['status', 'supplierId', 'dueFrom', 'dueTo'] as const;

/** A consignment invoice (a supplier invoice of kind CONSIGNMENT) opens on its own page beside the upload. */
export const consignmentInvoiceUrl = (id: string) => `${CONSIGNMENT_UPLOAD_PATH}/${encodeURIComponent(id)}`;

/** A goods received note's page (its area's route; areas link to each other by address, never by import). */
export const grnUrl = (id: string) => `/good-received-note/good-received-note/${encodeURIComponent(id)}`;
