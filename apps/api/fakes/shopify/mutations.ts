import { compareDecimalText, sumText, withPlaces } from '@backoffice/contracts';
import { Refusal } from './connection.ts';
import {
  gid,
  minus,
  refundedAmount,
  refundedQuantity,
  type ShopFulfillment,
  type ShopifyState,
  type ShopOrder,
  touch,
} from './state.ts';
import { dateTime, fulfillmentView, orderView, refundView } from './views.ts';

/** The mutations the fake serves, with the rules of the real ones that a connector can trip over. */

/** Shopify's documented maximum of quantities in one inventorySetQuantities call. */
export const MAX_SET_QUANTITIES = 250;

const REASONS = new Set([
  'correction',
  'cycle_count_available',
  'damaged',
  'movement_canceled',
  'movement_created',
  'movement_received',
  'movement_updated',
  'other',
  'promotion',
  'quality_control',
  'received',
  'reservation_created',
  'reservation_deleted',
  'reservation_updated',
  'restock',
  'safety_stock',
  'shrinkage',
]);

interface UserError {
  field: string[] | null;
  message: string;
  code?: string;
}

interface QuantityInput {
  inventoryItemId: string;
  locationId: string;
  quantity: number;
  compareQuantity?: number | null;
}

function quantityErrors(state: ShopifyState, q: QuantityInput, i: number, ignoreCompare: boolean): UserError[] {
  const at = (f: string) => ['input', 'quantities', String(i), f];
  const item = state.items.get(q.inventoryItemId);
  if (!item)
    return [
      {
        field: at('inventoryItemId'),
        message: 'The specified inventory item could not be found.',
        code: 'INVALID_INVENTORY_ITEM',
      },
    ];
  if (q.locationId !== state.locationId)
    return [
      { field: at('locationId'), message: 'The specified location could not be found.', code: 'INVALID_LOCATION' },
    ];
  const current = item.available.get(q.locationId);
  if (current === undefined)
    return [
      {
        field: at('locationId'),
        message: 'The specified inventory item is not stocked at the location.',
        code: 'ITEM_NOT_STOCKED_AT_LOCATION',
      },
    ];
  if (q.quantity < 0)
    return [{ field: at('quantity'), message: "The quantity can't be negative.", code: 'INVALID_QUANTITY_NEGATIVE' }];
  if (q.quantity > 1_000_000_000)
    return [
      {
        field: at('quantity'),
        message: "The quantity can't be higher than 1,000,000,000.",
        code: 'INVALID_QUANTITY_TOO_HIGH',
      },
    ];
  if (ignoreCompare) return [];
  if (q.compareQuantity === undefined || q.compareQuantity === null) {
    return [
      {
        field: at('compareQuantity'),
        message: 'The compareQuantity argument must be given to each quantity or ignored using ignoreCompareQuantity.',
        code: 'COMPARE_QUANTITY_REQUIRED',
      },
    ];
  }
  if (q.compareQuantity !== current) {
    return [
      {
        field: at('compareQuantity'),
        message: 'The compareQuantity value does not match persisted value.',
        code: 'COMPARE_QUANTITY_STALE',
      },
    ];
  }
  return [];
}

/** All or nothing: when one quantity is refused none is set, as one adjustment group is made or none. */
export function inventorySetQuantities(
  state: ShopifyState,
  a: {
    input: {
      name: string;
      reason: string;
      referenceDocumentUri?: string | null;
      quantities: QuantityInput[];
      ignoreCompareQuantity?: boolean | null;
    };
  },
) {
  const { input } = a;
  state.largestQuantitiesBatch = Math.max(state.largestQuantitiesBatch, input.quantities.length);
  if (input.quantities.length > MAX_SET_QUANTITIES) {
    throw new Refusal(
      `The input array size of ${input.quantities.length} is greater than the maximum allowed of ${MAX_SET_QUANTITIES}.`,
      'MAX_INPUT_SIZE_EXCEEDED',
    );
  }
  const errors: UserError[] = [];
  if (input.name !== 'available' && input.name !== 'on_hand')
    errors.push({
      field: ['input', 'name'],
      message: "The quantity name must be either 'available' or 'on_hand'.",
      code: 'INVALID_NAME',
    });
  if (!REASONS.has(input.reason))
    errors.push({ field: ['input', 'reason'], message: 'The specified reason is invalid.', code: 'INVALID_REASON' });
  const seen = new Set<string>();
  input.quantities.forEach((q, i) => {
    const key = `${q.inventoryItemId}|${q.locationId}`;
    if (seen.has(key))
      errors.push({
        field: ['input', 'quantities', String(i)],
        message: 'The combination of inventoryItemId and locationId must be unique.',
        code: 'NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR',
      });
    seen.add(key);
    errors.push(...quantityErrors(state, q, i, input.ignoreCompareQuantity === true));
  });
  if (errors.length) return { inventoryAdjustmentGroup: null, userErrors: errors };
  const changes = input.quantities.map((q) => {
    const item = state.items.get(q.inventoryItemId)!;
    const before = item.available.get(q.locationId) ?? 0;
    item.available.set(q.locationId, q.quantity);
    return {
      name: input.name,
      delta: q.quantity - before,
      quantityAfterChange: q.quantity,
      item: { id: item.id, sku: item.sku },
      location: { id: q.locationId },
    };
  });
  return {
    inventoryAdjustmentGroup: {
      id: gid(state, 'InventoryAdjustmentGroup'),
      createdAt: dateTime(new Date()),
      reason: input.reason,
      referenceDocumentUri: input.referenceDocumentUri ?? null,
      changes: () => changes,
    },
    userErrors: [],
  };
}

interface FulfillmentInput {
  lineItemsByFulfillmentOrder: {
    fulfillmentOrderId: string;
    fulfillmentOrderLineItems?: { id: string; quantity: number }[] | null;
  }[];
  trackingInfo?: {
    company?: string | null;
    number?: string | null;
    numbers?: string[] | null;
    url?: string | null;
    urls?: string[] | null;
  } | null;
  notifyCustomer?: boolean | null;
}

function orderOfFulfillmentOrder(state: ShopifyState, id: string): ShopOrder | undefined {
  for (const o of state.orders.values()) if (o.fulfillmentOrders.some((fo) => fo.id === id)) return o;
  return undefined;
}

export function fulfillmentCreate(state: ShopifyState, a: { fulfillment: FulfillmentInput }) {
  const refuse = (message: string, field: string[] = ['fulfillment']) => ({
    fulfillment: null,
    userErrors: [{ field, message }],
  });
  const groups = a.fulfillment.lineItemsByFulfillmentOrder;
  if (groups.length === 0) return refuse('Line items by fulfillment order must not be empty.');
  const order = orderOfFulfillmentOrder(state, groups[0]?.fulfillmentOrderId ?? '');
  if (!order)
    return refuse('Fulfillment order does not exist.', [
      'fulfillment',
      'lineItemsByFulfillmentOrder',
      '0',
      'fulfillmentOrderId',
    ]);
  const moves: {
    fo: (typeof order.fulfillmentOrders)[number];
    line: { id: string; lineId: string; remaining: number };
    quantity: number;
  }[] = [];
  for (const [gi, g] of groups.entries()) {
    const fo = order.fulfillmentOrders.find((f) => f.id === g.fulfillmentOrderId);
    if (!fo)
      return refuse('All fulfillment orders must belong to the same order.', [
        'fulfillment',
        'lineItemsByFulfillmentOrder',
        String(gi),
      ]);
    if (fo.status !== 'OPEN' && fo.status !== 'IN_PROGRESS')
      return refuse(`Fulfillment order ${fo.id} has an unfulfillable status= ${fo.status.toLowerCase()}.`);
    const wanted =
      g.fulfillmentOrderLineItems ??
      fo.lines.filter((l) => l.remaining > 0).map((l) => ({ id: l.id, quantity: l.remaining }));
    for (const w of wanted) {
      const line = fo.lines.find((l) => l.id === w.id);
      if (!line || w.quantity <= 0 || w.quantity > line.remaining)
        return refuse('Invalid fulfillment order line item quantity requested.');
      moves.push({ fo, line, quantity: w.quantity });
    }
  }
  if (moves.length === 0) return refuse('There are no line items left to fulfill.');
  const t = a.fulfillment.trackingInfo;
  const fulfillment: ShopFulfillment = {
    id: gid(state, 'Fulfillment'),
    createdAt: new Date(),
    company: t?.company ?? null,
    numbers: [...(t?.number ? [t.number] : []), ...(t?.numbers ?? [])],
    urls: [...(t?.url ? [t.url] : []), ...(t?.urls ?? [])],
    lines: moves.map((m) => ({ id: gid(state, 'FulfillmentLineItem'), lineId: m.line.lineId, quantity: m.quantity })),
  };
  for (const m of moves) m.line.remaining -= m.quantity;
  for (const fo of new Set(moves.map((m) => m.fo)))
    fo.status = fo.lines.every((l) => l.remaining === 0) ? 'CLOSED' : 'IN_PROGRESS';
  order.fulfillments.push(fulfillment);
  touch(order);
  return { fulfillment: fulfillmentView(state, order, fulfillment), userErrors: [] };
}

interface RefundInput {
  orderId: string;
  note?: string | null;
  refundLineItems?: { lineItemId: string; quantity: number }[] | null;
  transactions?: { amount: string; gateway: string; kind: string; orderId: string; parentId?: string | null }[] | null;
}

function refundErrors(order: ShopOrder, input: RefundInput): string | null {
  for (const l of input.refundLineItems ?? []) {
    const line = order.lines.find((x) => x.id === l.lineItemId);
    if (!line) return `Line item ${l.lineItemId} does not belong to the order.`;
    if (l.quantity <= 0 || l.quantity > line.quantity - refundedQuantity(order, line.id))
      return 'Quantity cannot refund more items than were purchased.';
  }
  let total = '0.00';
  for (const t of input.transactions ?? []) {
    if (t.kind !== 'REFUND') return `Transaction kind must be refund, not ${t.kind.toLowerCase()}.`;
    if (t.orderId !== order.id) return 'Transaction must belong to the order being refunded.';
    const parent = order.transactions.find((p) => p.id === t.parentId && p.kind === 'SALE');
    if (!parent) return 'Parent transaction could not be found.';
    if (parent.gateway !== t.gateway) return `Gateway ${t.gateway} does not match the parent transaction's gateway.`;
    if (compareDecimalText(t.amount, '0') <= 0) return 'Amount must be greater than zero.';
    total = withPlaces(sumText([total, t.amount]), 2);
  }
  const sale = order.transactions.find((p) => p.kind === 'SALE');
  if (sale && compareDecimalText(total, minus(sale.amount, refundedAmount(order))) > 0)
    return 'Refund amount exceeds the amount that can be refunded.';
  return null;
}

export function refundCreate(state: ShopifyState, a: { input: RefundInput }) {
  const { input } = a;
  const order = state.orders.get(input.orderId);
  if (!order)
    return { refund: null, order: null, userErrors: [{ field: ['orderId'], message: 'Order does not exist.' }] };
  const error = refundErrors(order, input);
  if (error)
    return { refund: null, order: orderView(state, order), userErrors: [{ field: ['input'], message: error }] };
  const transactions = (input.transactions ?? []).map((t) => ({
    id: gid(state, 'OrderTransaction'),
    kind: 'REFUND' as const,
    gateway: t.gateway,
    amount: withPlaces(t.amount, 2),
    parentId: t.parentId ?? null,
    createdAt: new Date(),
  }));
  const amount = withPlaces(sumText(['0', ...transactions.map((t) => t.amount)]), 2);
  const refund = {
    id: gid(state, 'Refund'),
    note: input.note ?? null,
    amount,
    createdAt: new Date(),
    lines: (input.refundLineItems ?? []).map((l) => ({
      id: gid(state, 'RefundLineItem'),
      lineId: l.lineItemId,
      quantity: l.quantity,
    })),
  };
  order.transactions.push(...transactions);
  order.refunds.push(refund);
  touch(order);
  return { refund: refundView(state, order, refund), order: orderView(state, order), userErrors: [] };
}
