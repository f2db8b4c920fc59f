/** Where the RMA screens live (the list and "create" are the menu's own entries). */
export const RMA_LIST_PATH = '/rma/rma';
export const RMA_NEW_PATH = '/rma/create-rma';

export const rmaUrl = (id: string) => `/rma/rma/${encodeURIComponent(id)}`;
export const rmaEditUrl = (id: string) => `/rma/rma/${encodeURIComponent(id)}/edit`;

/** The list's filters in the URL besides page, size, search (q) and sort; from and to are the RMA's days. */
export const LIST_FILTERS = ['status', 'supplierId', 'warehouseId', 'from', 'to'] as const;

/** Where a page opened from the list goes back to: the list as it was. */
export interface BackState {
  backTo?: string;
}
