/** Where the shipping claim screens live: the menu's Shipping Claims, a new claim, one claim, an open one's editor. */
export const SHIPPING_CLAIM_LIST_PATH = '/return-ticket/shipping-claims-list';
export const SHIPPING_CLAIM_NEW_PATH = `${SHIPPING_CLAIM_LIST_PATH}/new`;
export const shippingClaimUrl = (id: string) => `${SHIPPING_CLAIM_LIST_PATH}/${encodeURIComponent(id)}`;
export const shippingClaimEditUrl = (id: string) => `${SHIPPING_CLAIM_LIST_PATH}/${encodeURIComponent(id)}/edit`;

/** The list's filters in the URL besides page, size, search (q) and sort; from and to are the claim's days. */
export const LIST_FILTERS = ['status', 'kind', 'carrierId', 'invoiceId', 'from', 'to'] as const;

/** Where a page opened from the list goes back to: the list as it was. */
export interface BackState {
  backTo?: string;
}
