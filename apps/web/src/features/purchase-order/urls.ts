import { PURCHASE_ORDER_TYPES, type PurchaseOrderType } from '@backoffice/contracts';
import type { MenuTitleKey } from '../../shared/lib/i18n-keys.ts';

/** Where the purchase order screens live: one list per type (the menu's entries), its new order, an order. */
const BASE = '/purchase-order/purchase-order';

export const purchaseOrderListPath = (type: PurchaseOrderType) => `${BASE}/${type}`;
export const purchaseOrderNewPath = (type: PurchaseOrderType) => `${BASE}/${type}/new`;
export const purchaseOrderUrl = (type: PurchaseOrderType, id: string) => `${BASE}/${type}/${encodeURIComponent(id)}`;
export const purchaseOrderEditUrl = (type: PurchaseOrderType, id: string) =>
  `${BASE}/${type}/${encodeURIComponent(id)}/edit`;

/** Each type's title: the menu's words (Prior PO, Invoice Order PO, Consignment PO, Send Inventory). */
export const TYPE_TITLE: Record<PurchaseOrderType, MenuTitleKey> = {
  PRIOR_ORDER_PO: 'priorPo',
  INVOICE_ORDER_PO: 'invoiceOrderPo',
  CONSIGNMENT_PO: 'consignmentPo',
  SEND_INVENTORY: 'sendInventory',
};

export const isPurchaseOrderType = (value: string | undefined): value is PurchaseOrderType =>
  (PURCHASE_ORDER_TYPES as readonly string[]).includes(value ?? '');

/**
 * The list's filters in the URL besides page, size, search (q) and sort; from and to are order days, expectedFrom and
 * expectedTo expected days, awaitingReceipt (true/false) waiting for goods or not.
 */
export const LIST_FILTERS = [
  'status',
  'supplierId',
  'warehouseId',
  'from',
  'to',
  'expectedFrom',
  'expectedTo',
  'awaitingReceipt',
] as const;

/** Where a page opened from the list goes back to: the list as it was. */
export interface BackState {
  backTo?: string;
}
