/** Where the pick list screens live: the menu's Pick List, a new list, one list. */
export const PICK_LIST_PATH = '/sales-invoice/pick-list';
export const PICK_LIST_NEW_PATH = '/sales-invoice/pick-list/new';
export const pickListUrl = (id: string) => `${PICK_LIST_PATH}/${encodeURIComponent(id)}`;

/** The list's filters in the URL besides page, size, search (q) and sort. */
export const LIST_FILTERS = ['status', 'warehouseId'] as const;

/** The warehouse the user picks in, remembered on this device (what scans and confirmations are checked against). */
const WAREHOUSE_KEY = 'pickList.warehouseId';
export function rememberedWarehouse(): string | null {
  try {
    return localStorage.getItem(WAREHOUSE_KEY);
  } catch {
    return null;
  }
}
export function rememberWarehouse(id: string | null) {
  try {
    if (id) localStorage.setItem(WAREHOUSE_KEY, id);
    else localStorage.removeItem(WAREHOUSE_KEY);
  } catch {
    // Storage may be off (private mode): the choice lasts for the page only.
  }
}

export interface BackState {
  backTo?: string;
}
