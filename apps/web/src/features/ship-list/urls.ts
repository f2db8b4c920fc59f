/** Where the Ship List screens live: the menu's route, a new list, one list. */
export const SHIP_LIST_PATH = '/sales-invoice/sales-invoice-process';
export const SHIP_LIST_NEW_PATH = `${SHIP_LIST_PATH}/new`;
export const shipListUrl = (id: string) => `${SHIP_LIST_PATH}/${encodeURIComponent(id)}`;
/** An invoice's own page (the sales invoice area, linked by URL). */
export const salesInvoiceUrl = (id: string) => `/sales-invoice/sales-invoice/${encodeURIComponent(id)}`;

/** The list's filters in the URL besides page, size, search (q) and sort. */
export const LIST_FILTERS = ['status', 'warehouseId', 'from', 'to'] as const;
