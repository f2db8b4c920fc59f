import { connection, firstOf, type PageArgs } from './connection.ts';
import {
  fulfilledQuantity,
  minus,
  refundedAmount,
  refundedQuantity,
  type ShopFulfillment,
  type ShopFulfillmentOrder,
  type ShopItem,
  type ShopifyState,
  type ShopLine,
  type ShopOrder,
  type ShopRefund,
  type ShopReturn,
  type ShopTransaction,
  shopifyDecimal,
} from './state.ts';

/**
 * The fake's objects as GraphQL sees them: plain values, and functions for the fields that take arguments (graphql's
 * default resolver calls them with the arguments). Execution against the published schema shapes every answer, so
 * a field the fake does not fill and the schema says cannot be null shows up as an execution error.
 */

/** Shopify's DateTime: ISO 8601 to the second. */
export const dateTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export const money = (amount: string, currency: string) => {
  const m = { amount: shopifyDecimal(amount), currencyCode: currency };
  return { shopMoney: m, presentmentMoney: m };
};

const legacyId = (gid: string) => gid.slice(gid.lastIndexOf('/') + 1);

export function locationView(state: ShopifyState) {
  return {
    __typename: 'Location',
    id: state.locationId,
    legacyResourceId: legacyId(state.locationId),
    name: state.locationName,
    isActive: true,
    fulfillsOnlineOrders: true,
    shipsInventory: true,
    hasActiveInventory: state.items.size > 0,
  };
}

export function itemView(state: ShopifyState, item: ShopItem) {
  const level = (locationId: string) => {
    const quantity = item.available.get(locationId);
    if (quantity === undefined) return null;
    return {
      id: `gid://shopify/InventoryLevel/${legacyId(item.id)}?inventory_item_id=${legacyId(item.id)}`,
      item: () => itemView(state, item),
      location: () => locationView(state),
      quantities: (a: { names: string[] }) =>
        a.names.map((name) => ({
          id: `gid://shopify/InventoryQuantity/${legacyId(item.id)}?name=${name}`,
          name,
          quantity: name === 'available' ? quantity : 0,
        })),
    };
  };
  return {
    __typename: 'InventoryItem',
    id: item.id,
    legacyResourceId: legacyId(item.id),
    sku: item.sku,
    tracked: true,
    requiresShipping: true,
    inventoryLevel: (a: { locationId: string }) => level(a.locationId),
    variant: () => ({ __typename: 'ProductVariant', id: item.variantId, sku: item.sku, title: item.title }),
  };
}

function lineView(state: ShopifyState, o: ShopOrder, l: ShopLine) {
  const unit = money(l.unitPrice, o.currency);
  const refunded = refundedQuantity(o, l.id);
  const item = state.items.get(l.inventoryItemId);
  return {
    __typename: 'LineItem',
    id: l.id,
    sku: l.sku,
    name: l.title,
    title: l.title,
    variantTitle: null,
    quantity: l.quantity,
    currentQuantity: l.quantity - refunded,
    refundableQuantity: l.quantity - refunded,
    unfulfilledQuantity: Math.max(0, l.quantity - fulfilledQuantity(o, l.id)),
    nonFulfillableQuantity: 0,
    requiresShipping: true,
    isGiftCard: false,
    taxable: true,
    originalUnitPriceSet: unit,
    discountedUnitPriceSet: unit,
    discountedUnitPriceAfterAllDiscountsSet: unit,
    variant: item
      ? () => ({ __typename: 'ProductVariant', id: item.variantId, sku: item.sku, title: item.title })
      : null,
  };
}

function addressView(o: ShopOrder) {
  const a = o.shipTo;
  const [firstName, ...rest] = a.name.split(' ');
  return {
    __typename: 'MailingAddress',
    id: `${o.id.replace('/Order/', '/MailingAddress/')}?model_name=Address`,
    name: a.name,
    firstName: firstName ?? null,
    lastName: rest.join(' ') || null,
    company: null,
    address1: a.line1,
    address2: a.line2 ?? null,
    city: a.city,
    province: a.county ?? null,
    zip: a.postcode,
    countryCodeV2: a.countryCode,
    phone: o.phone,
    coordinatesValidated: false,
  };
}

function fulfillmentStatus(o: ShopOrder): string {
  const done = o.lines.map((l) => Math.min(l.quantity, fulfilledQuantity(o, l.id)));
  const all = o.lines.reduce((n, l) => n + l.quantity, 0);
  const shipped = done.reduce((n, q) => n + q, 0);
  if (shipped === 0) return 'UNFULFILLED';
  return shipped >= all ? 'FULFILLED' : 'PARTIALLY_FULFILLED';
}

function financialStatus(o: ShopOrder): string {
  const refunded = refundedAmount(o);
  if (refunded === '0.00') return 'PAID';
  const sale = o.transactions.find((t) => t.kind === 'SALE');
  return sale && minus(sale.amount, refunded) === '0.00' ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}

function returnStatus(o: ShopOrder): string {
  const statuses = new Set(o.returns.map((r) => r.status));
  if (statuses.has('REQUESTED')) return 'RETURN_REQUESTED';
  if (statuses.has('OPEN')) return 'IN_PROGRESS';
  if (statuses.has('CLOSED')) return 'RETURNED';
  return 'NO_RETURN';
}

function transactionView(state: ShopifyState, o: ShopOrder, t: ShopTransaction) {
  return {
    __typename: 'OrderTransaction',
    id: t.id,
    kind: t.kind,
    status: 'SUCCESS',
    gateway: t.gateway,
    formattedGateway: t.gateway,
    amountSet: money(t.amount, o.currency),
    createdAt: dateTime(t.createdAt),
    processedAt: dateTime(t.createdAt),
    test: false,
    manualPaymentGateway: false,
    manuallyCapturable: false,
    multiCapturable: false,
    fees: [],
    parentTransaction: () => {
      const parent = o.transactions.find((p) => p.id === t.parentId);
      return parent ? transactionView(state, o, parent) : null;
    },
  };
}

export function fulfillmentOrderView(state: ShopifyState, o: ShopOrder, fo: ShopFulfillmentOrder) {
  return {
    __typename: 'FulfillmentOrder',
    id: fo.id,
    orderId: o.id,
    orderName: o.name,
    status: fo.status,
    requestStatus: 'UNSUBMITTED',
    createdAt: dateTime(o.createdAt),
    updatedAt: dateTime(o.updatedAt),
    orderProcessedAt: dateTime(o.createdAt),
    assignedLocation: { name: state.locationName, location: () => locationView(state) },
    fulfillmentHolds: [],
    supportedActions: [],
    lineItems: (a: PageArgs) =>
      connection(fo.lines, a, (fl) => {
        const line = o.lines.find((l) => l.id === fl.lineId);
        return {
          __typename: 'FulfillmentOrderLineItem',
          id: fl.id,
          totalQuantity: fl.total,
          remainingQuantity: fl.remaining,
          sku: line?.sku ?? null,
          productTitle: line?.title ?? '',
          requiresShipping: true,
          inventoryItemId: line?.inventoryItemId ?? null,
          warnings: [],
          financialSummaries: [],
          lineItem: line ? () => lineView(state, o, line) : null,
        };
      }),
    order: () => orderView(state, o),
  };
}

export function fulfillmentView(state: ShopifyState, o: ShopOrder, f: ShopFulfillment) {
  const index = o.fulfillments.indexOf(f) + 1;
  return {
    __typename: 'Fulfillment',
    id: f.id,
    legacyResourceId: legacyId(f.id),
    name: `${o.name}-F${index}`,
    status: 'SUCCESS',
    displayStatus: 'FULFILLED',
    createdAt: dateTime(f.createdAt),
    updatedAt: dateTime(f.createdAt),
    requiresShipping: true,
    totalQuantity: f.lines.reduce((n, l) => n + l.quantity, 0),
    trackingInfo: (a: { first?: number | null }) =>
      firstOf(f.numbers, a).map((number, i) => ({ company: f.company, number, url: f.urls[i] ?? null })),
    fulfillmentLineItems: (a: PageArgs) =>
      connection(f.lines, a, (fl) => {
        const line = o.lines.find((l) => l.id === fl.lineId);
        return { id: fl.id, quantity: fl.quantity, lineItem: line ? () => lineView(state, o, line) : null };
      }),
    order: () => orderView(state, o),
  };
}

export function refundView(state: ShopifyState, o: ShopOrder, r: ShopRefund) {
  return {
    __typename: 'Refund',
    id: r.id,
    legacyResourceId: legacyId(r.id),
    note: r.note,
    createdAt: dateTime(r.createdAt),
    updatedAt: dateTime(r.createdAt),
    totalRefundedSet: money(r.amount, o.currency),
    order: () => orderView(state, o),
  };
}

export function returnView(state: ShopifyState, o: ShopOrder, r: ShopReturn) {
  return {
    __typename: 'Return',
    id: r.id,
    name: r.name,
    status: r.status,
    totalQuantity: r.lines.reduce((n, l) => n + l.quantity, 0),
    returnShippingFees: [],
    decline: null,
    order: () => orderView(state, o),
    returnLineItems: (a: PageArgs) =>
      connection(r.lines, a, (rl) => {
        const line = o.lines.find((l) => l.id === rl.lineId);
        return {
          __typename: 'ReturnLineItem',
          id: rl.id,
          quantity: rl.quantity,
          refundableQuantity: rl.quantity,
          refundedQuantity: 0,
          returnReason: rl.reason,
          returnReasonNote: rl.note,
          customerNote: null,
          fulfillmentLineItem: {
            id: rl.fulfillmentLineId,
            quantity: rl.quantity,
            lineItem: line ? () => lineView(state, o, line) : null,
          },
        };
      }),
  };
}

export function orderView(state: ShopifyState, o: ShopOrder) {
  const total = o.transactions.find((t) => t.kind === 'SALE')?.amount ?? '0';
  return {
    __typename: 'Order',
    id: o.id,
    legacyResourceId: legacyId(o.id),
    name: o.name,
    createdAt: dateTime(o.createdAt),
    processedAt: dateTime(o.createdAt),
    updatedAt: dateTime(o.updatedAt),
    cancelledAt: o.cancelledAt ? dateTime(o.cancelledAt) : null,
    closed: false,
    confirmed: true,
    test: false,
    email: o.email,
    phone: o.phone,
    currencyCode: o.currency,
    presentmentCurrencyCode: o.currency,
    taxesIncluded: o.taxesIncluded,
    displayFinancialStatus: financialStatus(o),
    displayFulfillmentStatus: fulfillmentStatus(o),
    returnStatus: returnStatus(o),
    customer: {
      __typename: 'Customer',
      id: o.customer.id,
      displayName: o.customer.name,
      email: o.customer.email,
      phone: o.customer.phone,
    },
    shippingAddress: addressView(o),
    billingAddress: addressView(o),
    shippingLine: {
      title: o.shippingTitle,
      code: o.shippingTitle,
      custom: false,
      isRemoved: false,
      originalPriceSet: money(o.shippingCharge, o.currency),
      discountedPriceSet: money(o.shippingCharge, o.currency),
    },
    totalShippingPriceSet: money(o.shippingCharge, o.currency),
    totalPriceSet: money(total, o.currency),
    currentTotalPriceSet: money(minus(total, refundedAmount(o)), o.currency),
    totalRefundedSet: money(refundedAmount(o), o.currency),
    lineItems: (a: PageArgs) => connection(o.lines, a, (l) => lineView(state, o, l)),
    fulfillmentOrders: (a: PageArgs) => connection(o.fulfillmentOrders, a, (fo) => fulfillmentOrderView(state, o, fo)),
    fulfillments: (a: { first?: number | null }) => firstOf(o.fulfillments, a).map((f) => fulfillmentView(state, o, f)),
    refunds: (a: { first?: number | null }) => firstOf(o.refunds, a).map((r) => refundView(state, o, r)),
    transactions: (a: { first?: number | null }) => firstOf(o.transactions, a).map((t) => transactionView(state, o, t)),
    returns: (a: PageArgs) => connection(o.returns, a, (r) => returnView(state, o, r)),
  };
}
