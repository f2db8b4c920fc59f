import Decimal from 'decimal.js';
import type { ChangeClock } from '../kit/clock.ts';
import type { FakeHandler, FakeReply } from '../kit/server.ts';
import type { FakeOrderSeed } from '../kit/types.ts';

/** Sell Fulfillment v1 as the fake plays it: orders in the contract's shape, their fulfilments and refunds. */

interface Amount {
  value: string;
  currency: string;
}

interface Contact {
  fullName: string;
  email?: string;
  primaryPhone?: { phoneNumber: string };
  contactAddress: Record<string, string>;
}

export interface EbayLineItem {
  lineItemId: string;
  legacyItemId: string;
  sku: string;
  title: string;
  quantity: number;
  lineItemCost: Amount;
  total: Amount;
  deliveryCost: { shippingCost: Amount };
  lineItemFulfillmentStatus: 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED';
  soldFormat: 'FIXED_PRICE';
  listingMarketplaceId: string;
  purchaseMarketplaceId: string;
}

export interface EbayOrder {
  orderId: string;
  creationDate: string;
  lastModifiedDate: string;
  orderFulfillmentStatus: 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED';
  orderPaymentStatus: 'PAID' | 'PARTIALLY_REFUNDED' | 'FULLY_REFUNDED';
  cancelStatus: { cancelState: 'NONE_REQUESTED' | 'CANCELED'; cancelRequests: unknown[]; cancelledDate?: string };
  sellerId: string;
  buyer: { username: string; buyerRegistrationAddress: Contact };
  pricingSummary: { priceSubtotal: Amount; deliveryCost: Amount; total: Amount };
  fulfillmentStartInstructions: {
    fulfillmentInstructionsType: 'SHIP_TO';
    ebaySupportedFulfillment: boolean;
    shippingStep: { shipTo: Contact; shippingServiceCode: string; shippingCarrierCode: string };
  }[];
  fulfillmentHrefs: string[];
  lineItems: EbayLineItem[];
  paymentSummary: {
    totalDueSeller: Amount;
    refunds: { refundId: string; amount: Amount; refundDate: string; refundStatus: string }[];
  };
}

export interface EbayOrderRecord {
  order: EbayOrder;
  fulfillments: {
    fulfillmentId: string;
    trackingNumber: string;
    shippingCarrierCode: string;
    lineItems: { lineItemId: string; quantity: number }[];
  }[];
  /** Units shipped per line item. */
  shipped: Map<string, number>;
  refunds: { refundId: string; amount: string; reference: string }[];
}

export interface EbayOrderSeed extends FakeOrderSeed {
  /** lineItemCost per line (the price of all its units), instead of unitPrice × quantity. */
  lineTotals?: (string | undefined)[];
}

export interface FulfillmentState {
  marketplaceId: string;
  sellerId: string;
  orders: Map<string, EbayOrderRecord>;
  clock: ChangeClock;
  counter: number;
}

export function ebayError(status: number, errorId: number, message: string, domain = 'API_FULFILLMENT'): FakeReply {
  return {
    status,
    body: { errors: [{ errorId, domain, category: status >= 500 ? 'APPLICATION' : 'REQUEST', message }] },
  };
}

const digits = (n: number, width: number) => String(n).padStart(width, '0');
const amount = (value: Decimal.Value, currency: string): Amount => ({
  value: new Decimal(value).toFixed(2),
  currency,
});

export function seedEbayOrder(s: FulfillmentState, seed: EbayOrderSeed): string {
  s.counter += 1;
  const id =
    seed.id ?? `${digits(10 + (s.counter % 90), 2)}-${digits(s.counter, 5)}-${digits((s.counter * 7919) % 100_000, 5)}`;
  const currency = seed.currency ?? 'GBP';
  const now = s.clock.next().toISOString();
  const shipping = new Decimal(seed.shippingCharge ?? 0);
  const lines: EbayLineItem[] = seed.lines.map((l, i) => {
    const cost = new Decimal(seed.lineTotals?.[i] ?? new Decimal(l.unitPrice).times(l.quantity));
    const delivery = i === 0 ? shipping : new Decimal(0);
    return {
      lineItemId: digits(s.counter * 1000 + i + 1, 11),
      legacyItemId: digits(s.counter * 100 + i + 1, 12),
      sku: l.sku,
      title: l.title ?? l.sku,
      quantity: l.quantity,
      lineItemCost: amount(cost, currency),
      total: amount(cost.plus(delivery), currency),
      deliveryCost: { shippingCost: amount(delivery, currency) },
      lineItemFulfillmentStatus: 'NOT_STARTED',
      soldFormat: 'FIXED_PRICE',
      listingMarketplaceId: s.marketplaceId,
      purchaseMarketplaceId: s.marketplaceId,
    };
  });
  const subtotal = lines.reduce((t, l) => t.plus(l.lineItemCost.value), new Decimal(0));
  const a = seed.shipTo;
  const contact: Contact = {
    fullName: a.name,
    ...(seed.buyer.email ? { email: seed.buyer.email } : {}),
    ...(seed.buyer.phone ? { primaryPhone: { phoneNumber: seed.buyer.phone } } : {}),
    contactAddress: Object.fromEntries(
      Object.entries({
        addressLine1: a.line1,
        addressLine2: a.line2 ?? undefined,
        city: a.city,
        county: a.county ?? undefined,
        postalCode: a.postcode,
        countryCode: a.countryCode,
      }).filter((e): e is [string, string] => e[1] !== undefined),
    ),
  };
  s.orders.set(id, {
    order: {
      orderId: id,
      creationDate: (seed.purchasedAt ?? new Date(now)).toISOString(),
      lastModifiedDate: now,
      orderFulfillmentStatus: 'NOT_STARTED',
      orderPaymentStatus: 'PAID',
      cancelStatus: { cancelState: 'NONE_REQUESTED', cancelRequests: [] },
      sellerId: s.sellerId,
      buyer: {
        username: seed.buyer.name.toLowerCase().replace(/\W+/g, '_'),
        buyerRegistrationAddress: { ...contact, fullName: seed.buyer.name },
      },
      pricingSummary: {
        priceSubtotal: amount(subtotal, currency),
        deliveryCost: amount(shipping, currency),
        total: amount(subtotal.plus(shipping), currency),
      },
      fulfillmentStartInstructions: [
        {
          fulfillmentInstructionsType: 'SHIP_TO',
          ebaySupportedFulfillment: false,
          shippingStep: {
            shipTo: contact,
            shippingServiceCode: 'UK_RoyalMailSecondClassStandard',
            shippingCarrierCode: 'RoyalMail',
          },
        },
      ],
      fulfillmentHrefs: [],
      lineItems: lines,
      paymentSummary: { totalDueSeller: amount(subtotal.plus(shipping), currency), refunds: [] },
    },
    fulfillments: [],
    shipped: new Map(),
    refunds: [],
  });
  return id;
}

/** A filter as getOrders reads it: `lastmodifieddate:[from..to]` or `creationdate:[from..]`. */
function parseFilter(
  filter: string | null,
): { field: 'lastModifiedDate' | 'creationDate'; from: number; to: number } | string | null {
  if (!filter) return null;
  const m = /^(lastmodifieddate|creationdate):\[(.*?)\.\.(.*)\]$/.exec(filter.trim());
  if (!m) return `Invalid filter ${filter}`;
  const from = Date.parse(m[2] ?? '');
  const to = m[3] ? Date.parse(m[3]) : Number.POSITIVE_INFINITY;
  if (Number.isNaN(from) || Number.isNaN(to)) return 'Invalid date format';
  return { field: m[1] === 'creationdate' ? 'creationDate' : 'lastModifiedDate', from, to };
}

export function fulfillmentHandlers(s: FulfillmentState): Record<string, FakeHandler> {
  const touch = (r: EbayOrderRecord) => {
    r.order.lastModifiedDate = s.clock.next().toISOString();
  };
  return {
    getOrders(req) {
      const q = req.query;
      const limit = Number(q.get('limit') ?? 50);
      const offset = Number(q.get('offset') ?? 0);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) return ebayError(400, 30850, 'Invalid limit');
      if (!Number.isInteger(offset) || offset < 0) return ebayError(400, 30860, 'Invalid offset');
      const ids = q.get('orderIds')?.split(',') ?? null;
      const filter = ids ? null : parseFilter(q.get('filter'));
      if (typeof filter === 'string') return ebayError(400, 30800, filter);
      // Without a filter eBay answers the orders of the last 90 days.
      const since = Date.now() - 90 * 86_400_000;
      const all = [...s.orders.values()]
        .map((r) => r.order)
        .filter((o) =>
          ids
            ? ids.includes(o.orderId)
            : filter
              ? Date.parse(o[filter.field]) >= filter.from && Date.parse(o[filter.field]) <= filter.to
              : Date.parse(o.creationDate) >= since,
        )
        .sort((a, b) => b.creationDate.localeCompare(a.creationDate));
      const base = `${req.path}?${q.toString()}`;
      const next = offset + limit < all.length;
      return {
        status: 200,
        body: {
          href: base,
          limit,
          offset,
          total: all.length,
          orders: all.slice(offset, offset + limit),
          ...(next ? { next: `${req.path}?limit=${limit}&offset=${offset + limit}` } : {}),
        },
      };
    },

    getOrder(req) {
      const r = s.orders.get(req.params.orderId ?? '');
      return r ? { status: 200, body: r.order } : ebayError(404, 32100, `Invalid Order Id: ${req.params.orderId}`);
    },

    createShippingFulfillment(req) {
      const r = s.orders.get(req.params.orderId ?? '');
      if (!r) return ebayError(400, 32100, `Invalid Order Id: ${req.params.orderId}`);
      const b = req.body as {
        lineItems?: { lineItemId: string; quantity: number }[];
        shippingCarrierCode?: string;
        trackingNumber?: string;
        shippedDate?: string;
      };
      const lines = b.lineItems ?? [];
      if (!b.trackingNumber || !b.shippingCarrierCode)
        return ebayError(400, 32300, 'Invalid shipment tracking number or carrier');
      if (b.shippedDate && Number.isNaN(Date.parse(b.shippedDate)))
        return ebayError(400, 32500, 'Invalid shipped date');
      const same = r.fulfillments.find((f) => f.trackingNumber === b.trackingNumber);
      if (same) return ebayError(409, 32600, 'The shipping fulfillment already exists.');
      if (r.order.cancelStatus.cancelState === 'CANCELED')
        return ebayError(400, 32600, 'Invalid input data: the order is cancelled.');
      if (new Set(lines.map((l) => l.lineItemId)).size !== lines.length)
        return ebayError(400, 32210, 'Duplicate line item in the request');
      for (const l of lines) {
        const item = r.order.lineItems.find((i) => i.lineItemId === l.lineItemId);
        if (!item) return ebayError(400, 32200, `Invalid line item id: ${l.lineItemId}`);
        if ((r.shipped.get(l.lineItemId) ?? 0) + l.quantity > item.quantity)
          return ebayError(400, 32600, `Invalid input data: more of ${l.lineItemId} than was sold.`);
      }
      const fulfillmentId = b.trackingNumber;
      r.fulfillments.push({
        fulfillmentId,
        trackingNumber: b.trackingNumber,
        shippingCarrierCode: b.shippingCarrierCode,
        lineItems: lines,
      });
      for (const l of lines) r.shipped.set(l.lineItemId, (r.shipped.get(l.lineItemId) ?? 0) + l.quantity);
      for (const item of r.order.lineItems) {
        const n = r.shipped.get(item.lineItemId) ?? 0;
        item.lineItemFulfillmentStatus = n >= item.quantity ? 'FULFILLED' : n > 0 ? 'IN_PROGRESS' : 'NOT_STARTED';
      }
      const states = new Set(r.order.lineItems.map((i) => i.lineItemFulfillmentStatus));
      r.order.orderFulfillmentStatus = states.size === 1 && states.has('FULFILLED') ? 'FULFILLED' : 'IN_PROGRESS';
      const href = `${req.path}/${fulfillmentId}`;
      r.order.fulfillmentHrefs.push(href);
      touch(r);
      return { status: 201, body: {}, headers: { location: href } };
    },

    issueRefund(req) {
      const r = s.orders.get(req.params.order_id ?? '');
      if (!r) return ebayError(404, 34913, 'Can not find the order.');
      const b = (req.body ?? {}) as {
        reasonForRefund?: string;
        comment?: string;
        orderLevelRefundAmount?: { value?: string; currency?: string };
        refundItems?: { lineItemId?: string; refundAmount?: { value?: string; currency?: string } }[];
      };
      if (!b.reasonForRefund) return ebayError(400, 34903, 'The refund reason must be specified.');
      const amounts = b.orderLevelRefundAmount
        ? [b.orderLevelRefundAmount]
        : (b.refundItems ?? []).map((i) => i.refundAmount ?? {});
      if (!amounts.length)
        return ebayError(400, 34905, 'Either orderLevelRefundAmount or refundItems must be specified.');
      const total = r.order.pricingSummary.total;
      for (const a of amounts) {
        if (!a.value) return ebayError(400, 34906, 'The amount value must be specified.');
        if (!/^\d+(\.\d{1,2})?$/.test(a.value) || new Decimal(a.value).lte(0))
          return ebayError(400, 34907, 'The amount value must be positive and within two decimals.');
        if (a.currency !== total.currency) return ebayError(400, 34909, "The amount currency isn't correct.");
      }
      for (const i of b.refundItems ?? [])
        if (!r.order.lineItems.some((l) => l.lineItemId === i.lineItemId))
          return ebayError(400, 34914, "Can't find the item in the order.");
      if (r.order.orderPaymentStatus === 'FULLY_REFUNDED')
        return ebayError(400, 34917, 'This order was already refunded.');
      const refunded = r.refunds.reduce((t, x) => t.plus(x.amount), new Decimal(0));
      const asked = amounts.reduce((t, a) => t.plus(a.value ?? 0), new Decimal(0));
      if (refunded.plus(asked).gt(total.value)) return ebayError(400, 34915, 'The refund amount exceeds order amount.');
      s.counter += 1;
      const refundId = `5${digits(s.counter, 9)}`;
      r.refunds.push({
        refundId,
        amount: asked.toFixed(2),
        reference: /Credit note (\S+)/.exec(b.comment ?? '')?.[1] ?? '',
      });
      r.order.paymentSummary.refunds.push({
        refundId,
        amount: amount(asked, total.currency),
        refundDate: new Date().toISOString(),
        refundStatus: 'PENDING',
      });
      r.order.orderPaymentStatus = refunded.plus(asked).eq(total.value) ? 'FULLY_REFUNDED' : 'PARTIALLY_REFUNDED';
      touch(r);
      return { status: 200, body: { refundId, refundStatus: 'PENDING' } };
    },
  };
}
