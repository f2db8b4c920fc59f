/** Where the settlement screens live (the list and "create" are the menu's own entries). */
export const SETTLEMENT_LIST_PATH = '/purchase-invoice-settlement/list';
export const SETTLEMENT_NEW_PATH = '/purchase-invoice-settlement/create';

export const settlementUrl = (id: string) => `/purchase-invoice-settlement/list/${encodeURIComponent(id)}`;
/** A draft's editor (the New Settlement form, filled with the draft). */
export const settlementEditUrl = (id: string) => `${settlementUrl(id)}/edit`;

/** A supplier invoice's page (the purchase-invoice area's route), linked from a settlement's lines. */
export const invoiceUrl = (id: string) => `/purchase-invoice/purchase-invoice/${encodeURIComponent(id)}`;

/** The list's filters in the URL besides page, size, search (q) and sort; from and to are payment days. */
export const LIST_FILTERS = ['status', 'supplierId', 'paymentType', 'processorId', 'from', 'to'] as const;

/** Where a page opened from the list goes back to: the list as it was. */
export interface BackState {
  backTo?: string;
}
