import { scaledInteger, scaledText, sumText, withPlaces } from '@backoffice/contracts';
import type { FakeOrderSeed } from '../kit/types.ts';

/** The fake shop's world: inventory at one location, orders with their fulfilment orders, fulfilments, refunds, returns. */

export interface ShopItem {
  /** gid://shopify/InventoryItem/… */
  id: string;
  sku: string;
  variantId: string;
  title: string;
  /** Available quantity per location gid; a location missing here does not stock the item. */
  available: Map<string, number>;
}

export interface ShopLine {
  id: string;
  sku: string;
  title: string;
  quantity: number;
  /** What one unit was charged, two places. */
  unitPrice: string;
  inventoryItemId: string;
}

export interface ShopFulfillmentOrder {
  id: string;
  locationId: string;
  status: 'OPEN' | 'IN_PROGRESS' | 'CLOSED' | 'CANCELLED';
  lines: { id: string; lineId: string; total: number; remaining: number }[];
}

export interface ShopFulfillment {
  id: string;
  createdAt: Date;
  company: string | null;
  numbers: string[];
  urls: string[];
  lines: { id: string; lineId: string; quantity: number }[];
}

export interface ShopTransaction {
  id: string;
  kind: 'SALE' | 'REFUND';
  gateway: string;
  amount: string;
  parentId: string | null;
  createdAt: Date;
}

export interface ShopRefund {
  id: string;
  note: string | null;
  amount: string;
  createdAt: Date;
  lines: { id: string; lineId: string; quantity: number }[];
}

export type ShopReturnStatus = 'REQUESTED' | 'OPEN' | 'CLOSED' | 'CANCELED' | 'DECLINED';

export interface ShopReturn {
  id: string;
  name: string;
  status: ShopReturnStatus;
  lines: { id: string; lineId: string; fulfillmentLineId: string; quantity: number; reason: string; note: string }[];
}

export interface ShopOrder {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  cancelledAt: Date | null;
  email: string | null;
  phone: string | null;
  customer: { id: string; name: string; email: string | null; phone: string | null };
  shipTo: FakeOrderSeed['shipTo'];
  lines: ShopLine[];
  shippingCharge: string;
  shippingTitle: string;
  currency: string;
  taxesIncluded: boolean;
  transactions: ShopTransaction[];
  fulfillmentOrders: ShopFulfillmentOrder[];
  fulfillments: ShopFulfillment[];
  refunds: ShopRefund[];
  returns: ShopReturn[];
}

export interface CostBucket {
  maximumAvailable: number;
  currentlyAvailable: number;
  /** Points restored per second. */
  restoreRate: number;
  /** When `currentlyAvailable` was last brought up to date (ms). */
  at: number;
}

export interface ShopifyState {
  shopName: string;
  domain: string;
  currency: string;
  locationId: string;
  locationName: string;
  items: Map<string, ShopItem>;
  orders: Map<string, ShopOrder>;
  bucket: CostBucket;
  /** Calls refused as THROTTLED. */
  throttled: number;
  /** The most quantities one inventorySetQuantities call carried. */
  largestQuantitiesBatch: number;
  nextId: number;
}

export function newState(o: { shop: string; restoreRate: number; maximumAvailable: number }): ShopifyState {
  const state: ShopifyState = {
    shopName: 'Fake Shop',
    domain: o.shop,
    currency: 'GBP',
    locationId: '',
    locationName: 'Warehouse',
    items: new Map(),
    orders: new Map(),
    bucket: {
      maximumAvailable: o.maximumAvailable,
      currentlyAvailable: o.maximumAvailable,
      restoreRate: o.restoreRate,
      at: Date.now(),
    },
    throttled: 0,
    largestQuantitiesBatch: 0,
    nextId: 1001,
  };
  state.locationId = gid(state, 'Location');
  return state;
}

export function gid(state: ShopifyState, type: string): string {
  state.nextId += 1;
  return `gid://shopify/${type}/${state.nextId}`;
}

/** Money as Shopify writes a Decimal: no trailing zeros beyond one place ("12.5", "10.0"). */
export function shopifyDecimal(text: string): string {
  const [whole, fraction = ''] = withPlaces(text, 2).split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole}.${trimmed || '0'}`;
}

/** a − b of two decimal texts, two places. */
export function minus(a: string, b: string): string {
  return scaledText(scaledInteger(withPlaces(a, 2)).units - scaledInteger(withPlaces(b, 2)).units, 2);
}

export function itemBySku(state: ShopifyState, sku: string): ShopItem | undefined {
  for (const item of state.items.values()) if (item.sku === sku) return item;
  return undefined;
}

export function seedItem(state: ShopifyState, sku: string, available: number, title = sku): ShopItem {
  const existing = itemBySku(state, sku);
  if (existing) {
    existing.available.set(state.locationId, available);
    return existing;
  }
  const item: ShopItem = {
    id: gid(state, 'InventoryItem'),
    sku,
    variantId: gid(state, 'ProductVariant'),
    title,
    available: new Map([[state.locationId, available]]),
  };
  state.items.set(item.id, item);
  return item;
}

export function orderTotal(order: ShopOrder): string {
  const lines = order.lines.map((l) =>
    scaledText(scaledInteger(withPlaces(l.unitPrice, 2)).units * BigInt(l.quantity), 2),
  );
  return withPlaces(sumText([...lines, order.shippingCharge]), 2);
}

export function seedOrder(state: ShopifyState, seed: FakeOrderSeed): ShopOrder {
  const id = seed.id
    ? seed.id.startsWith('gid://')
      ? seed.id
      : `gid://shopify/Order/${seed.id}`
    : gid(state, 'Order');
  const at = seed.purchasedAt ?? new Date();
  const lines: ShopLine[] = seed.lines.map((l) => {
    const item = itemBySku(state, l.sku) ?? seedItem(state, l.sku, 0, l.title);
    return {
      id: gid(state, 'LineItem'),
      sku: l.sku,
      title: l.title ?? item.title,
      quantity: l.quantity,
      unitPrice: withPlaces(l.unitPrice, 2),
      inventoryItemId: item.id,
    };
  });
  const order: ShopOrder = {
    id,
    name: `#${state.orders.size + 1001}`,
    createdAt: at,
    updatedAt: new Date(),
    cancelledAt: null,
    email: seed.buyer.email,
    phone: seed.buyer.phone ?? null,
    customer: { id: gid(state, 'Customer'), ...seed.buyer, phone: seed.buyer.phone ?? null },
    shipTo: seed.shipTo,
    lines,
    shippingCharge: withPlaces(seed.shippingCharge ?? '0', 2),
    shippingTitle: 'Standard',
    currency: seed.currency ?? state.currency,
    taxesIncluded: true,
    transactions: [],
    fulfillmentOrders: [
      {
        id: gid(state, 'FulfillmentOrder'),
        locationId: state.locationId,
        status: 'OPEN',
        lines: lines.map((l) => ({
          id: gid(state, 'FulfillmentOrderLineItem'),
          lineId: l.id,
          total: l.quantity,
          remaining: l.quantity,
        })),
      },
    ],
    fulfillments: [],
    refunds: [],
    returns: [],
  };
  order.transactions.push({
    id: gid(state, 'OrderTransaction'),
    kind: 'SALE',
    gateway: 'shopify_payments',
    amount: orderTotal(order),
    parentId: null,
    createdAt: at,
  });
  state.orders.set(id, order);
  return order;
}

/** A change to an order moves its update time, never backwards and never onto the previous instant. */
export function touch(order: ShopOrder): void {
  order.updatedAt = new Date(Math.max(Date.now(), order.updatedAt.getTime() + 1));
}

export function cancelOrder(order: ShopOrder): void {
  order.cancelledAt = new Date();
  for (const fo of order.fulfillmentOrders) if (fo.status !== 'CLOSED') fo.status = 'CANCELLED';
  touch(order);
}

export function fulfilledQuantity(order: ShopOrder, lineId: string): number {
  let n = 0;
  for (const f of order.fulfillments) for (const l of f.lines) if (l.lineId === lineId) n += l.quantity;
  return n;
}

export function refundedQuantity(order: ShopOrder, lineId: string): number {
  let n = 0;
  for (const r of order.refunds) for (const l of r.lines) if (l.lineId === lineId) n += l.quantity;
  return n;
}

export function refundedAmount(order: ShopOrder): string {
  return withPlaces(sumText(['0', ...order.refunds.map((r) => r.amount)]), 2);
}

export function seedReturn(
  state: ShopifyState,
  order: ShopOrder,
  r: { status?: ShopReturnStatus; lines: { sku: string; quantity: number; reason?: string; note?: string }[] },
): ShopReturn {
  const ret: ShopReturn = {
    id: gid(state, 'Return'),
    name: `${order.name}-R${order.returns.length + 1}`,
    status: r.status ?? 'REQUESTED',
    lines: r.lines.map((l) => {
      const line = order.lines.find((x) => x.sku === l.sku);
      if (!line) throw new Error(`order ${order.id} has no line of SKU ${l.sku}`);
      const fulfillment = order.fulfillments.find((f) => f.lines.some((fl) => fl.lineId === line.id));
      const fulfillmentLine = fulfillment?.lines.find((fl) => fl.lineId === line.id);
      return {
        id: gid(state, 'ReturnLineItem'),
        lineId: line.id,
        fulfillmentLineId: fulfillmentLine?.id ?? gid(state, 'FulfillmentLineItem'),
        quantity: l.quantity,
        reason: l.reason ?? 'UNWANTED',
        note: l.note ?? '',
      };
    }),
  };
  order.returns.push(ret);
  touch(order);
  return ret;
}
