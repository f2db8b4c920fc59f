/** The sessions list (the menu entry) and one session under it. */
export const STOCK_PROCESS_PATH = '/warehouse/warehouse-inventory-stock-process';
export const stockCountUrl = (id: string) => `${STOCK_PROCESS_PATH}/${encodeURIComponent(id)}`;

/** The list's filters in the URL besides page, size, search and sort. */
export const COUNT_FILTERS = ['status', 'warehouseId'] as const;
/** A session's lines: which lines (view), besides page, size, search and sort. */
export const LINE_FILTERS = ['view'] as const;
