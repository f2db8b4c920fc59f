/** Where the transfer screens live (the list and "new" are the menu's own entries). */
export const TRANSFER_LIST_PATH = '/inventory-transfer/transfer-list';
export const TRANSFER_NEW_PATH = '/inventory-transfer/transfer-new';

export const transferUrl = (id: string) => `/inventory-transfer/transfer/${encodeURIComponent(id)}`;
export const transferEditUrl = (id: string) => `/inventory-transfer/transfer/${encodeURIComponent(id)}/edit`;

/** The list's filters in the URL besides page, size, search (q) and sort; from and to are creation days. */
export const LIST_FILTERS = ['status', 'fromWarehouseId', 'toWarehouseId', 'from', 'to'] as const;

/** Where a page opened from the list goes back to: the list as it was. */
export interface BackState {
  backTo?: string;
}
