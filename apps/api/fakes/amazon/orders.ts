import Decimal from 'decimal.js';
import type { ChangeClock } from '../kit/clock.ts';
import type { FakeHandler, FakeReply } from '../kit/server.ts';
import type { FakeOrderSeed } from '../kit/types.ts';

/** Orders v0 as the fake keeps them: the contract's shapes, the buyer's data in full. */

export interface Money {
  CurrencyCode: string;
  Amount: string;
}

export interface AmazonOrder {
  AmazonOrderId: string;
  PurchaseDate: string;
  LastUpdateDate: string;
  OrderStatus: 'Pending' | 'Unshipped' | 'PartiallyShipped' | 'Shipped' | 'Canceled';
  FulfillmentChannel: 'MFN';
  SalesChannel: string;
  ShipServiceLevel: string;
  ShipmentServiceLevelCategory: string;
  OrderTotal: Money;
  NumberOfItemsShipped: number;
  NumberOfItemsUnshipped: number;
  MarketplaceId: string;
  OrderType: 'StandardOrder';
  IsPrime: boolean;
  IsBusinessOrder: boolean;
  ShippingAddress: Record<string, string>;
  BuyerInfo: Record<string, string>;
}

export interface AmazonOrderItem {
  ASIN: string;
  SellerSKU: string;
  OrderItemId: string;
  Title: string;
  QuantityOrdered: number;
  QuantityShipped: number;
  ItemPrice: Money;
  ShippingPrice: Money;
}

export interface AmazonPackage {
  packageReferenceId: string;
  carrierCode: string;
  carrierName: string | null;
  trackingNumber: string;
  orderItems: { orderItemId: string; quantity: number }[];
}

export interface AmazonOrderRecord {
  order: AmazonOrder;
  items: AmazonOrderItem[];
  packages: AmazonPackage[];
}

/** What a test may add to the common seed: Amazon's own statuses, and line totals that do not divide. */
export interface AmazonOrderSeed extends FakeOrderSeed {
  status?: 'Pending' | 'Unshipped';
  /** ItemPrice per line (the price of all its units), instead of unitPrice × quantity. */
  lineTotals?: (string | undefined)[];
}

export interface OrdersState {
  marketplaceId: string;
  orders: Map<string, AmazonOrderRecord>;
  itemsPageSize: number;
  /** Amazon may answer fewer orders a page than asked for. */
  ordersPageSize: number;
  counter: number;
  clock: ChangeClock;
}

export const amazonError = (code: string, message: string) => ({ errors: [{ code, message }] });
const refuse = (status: number, code: string, message: string): FakeReply => ({
  status,
  body: amazonError(code, message),
});

const digits = (n: number, width: number) => String(n).padStart(width, '0');
const money = (amount: Decimal.Value, currency: string): Money => ({
  CurrencyCode: currency,
  Amount: new Decimal(amount).toFixed(2),
});

export function seedAmazonOrder(s: OrdersState, seed: AmazonOrderSeed): string {
  s.counter += 1;
  const id = seed.id ?? `202-${digits(s.counter, 7)}-${digits((s.counter * 7919) % 10_000_000, 7)}`;
  const currency = seed.currency ?? 'GBP';
  const now = s.clock.next().toISOString();
  const items = seed.lines.map((l, i) => ({
    ASIN: `B0${digits(s.counter * 100 + i, 8)}`,
    SellerSKU: l.sku,
    OrderItemId: digits(s.counter * 1000 + i + 1, 14),
    Title: l.title ?? l.sku,
    QuantityOrdered: l.quantity,
    QuantityShipped: 0,
    ItemPrice: money(seed.lineTotals?.[i] ?? new Decimal(l.unitPrice).times(l.quantity), currency),
    // Amazon carries the order's shipping charge on its items: all of it on the first here.
    ShippingPrice: money(i === 0 ? (seed.shippingCharge ?? '0') : '0', currency),
  }));
  const total = items.reduce((t, i) => t.plus(i.ItemPrice.Amount).plus(i.ShippingPrice.Amount), new Decimal(0));
  const a = seed.shipTo;
  s.orders.set(id, {
    order: {
      AmazonOrderId: id,
      PurchaseDate: (seed.purchasedAt ?? new Date()).toISOString(),
      LastUpdateDate: now,
      OrderStatus: seed.status ?? 'Unshipped',
      FulfillmentChannel: 'MFN',
      SalesChannel: 'Amazon.co.uk',
      ShipServiceLevel: 'Std UK Dom_1',
      ShipmentServiceLevelCategory: 'Standard',
      OrderTotal: money(total, currency),
      NumberOfItemsShipped: 0,
      NumberOfItemsUnshipped: items.reduce((n, i) => n + i.QuantityOrdered, 0),
      MarketplaceId: s.marketplaceId,
      OrderType: 'StandardOrder',
      IsPrime: false,
      IsBusinessOrder: false,
      ShippingAddress: Object.fromEntries(
        Object.entries({
          Name: a.name,
          AddressLine1: a.line1,
          AddressLine2: a.line2 ?? undefined,
          City: a.city,
          County: a.county ?? undefined,
          PostalCode: a.postcode,
          CountryCode: a.countryCode,
          Phone: seed.buyer.phone ?? undefined,
        }).filter((e): e is [string, string] => e[1] !== undefined),
      ),
      BuyerInfo: { BuyerName: seed.buyer.name, ...(seed.buyer.email ? { BuyerEmail: seed.buyer.email } : {}) },
    },
    items,
    packages: [],
  });
  return id;
}

/** Without a Restricted Data Token Amazon answers only where an order goes, not to whom. */
function withoutPii(o: AmazonOrder): AmazonOrder {
  const { City, PostalCode, CountryCode, County } = o.ShippingAddress;
  const kept = Object.entries({ City, PostalCode, CountryCode, StateOrRegion: County });
  return {
    ...o,
    ShippingAddress: Object.fromEntries(kept.filter((e): e is [string, string] => e[1] !== undefined)),
    BuyerInfo: {},
  };
}

const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const decode = <T>(token: string): T | null => {
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
};

interface OrdersCursor {
  after: string | null;
  before: string | null;
  created: string | null;
  offset: number;
  max: number;
}

export function ordersHandlers(s: OrdersState, hasPii: (token: string) => boolean): Record<string, FakeHandler> {
  const find = (id: string | undefined) => (id ? s.orders.get(id) : undefined);
  return {
    getOrders(req) {
      const q = req.query;
      if (!(q.get('MarketplaceIds') ?? '').split(',').includes(s.marketplaceId))
        return refuse(400, 'InvalidInput', `Invalid MarketplaceIds: this seller sells in ${s.marketplaceId}.`);
      const token = q.get('NextToken');
      let c: OrdersCursor | null;
      if (token) {
        c = decode<OrdersCursor>(token);
        if (!c) return refuse(400, 'InvalidInput', 'Invalid NextToken.');
      } else {
        const after = q.get('LastUpdatedAfter');
        const created = q.get('CreatedAfter');
        if (!after && !created)
          return refuse(400, 'InvalidInput', 'Either CreatedAfter or LastUpdatedAfter must be specified.');
        const before = q.get('LastUpdatedBefore');
        if (before && Date.parse(before) > Date.now() - 120_000)
          return refuse(400, 'InvalidInput', 'LastUpdatedBefore must be at least two minutes before the request.');
        c = {
          after,
          before,
          created,
          offset: 0,
          max: Math.min(Number(q.get('MaxResultsPerPage') ?? 100), s.ordersPageSize),
        };
      }
      const cursor = c;
      const at = (t: string | null) => (t ? Date.parse(t) : null);
      const [after, before, created] = [at(cursor.after), at(cursor.before), at(cursor.created)];
      const within = (o: AmazonOrder) =>
        (after === null || Date.parse(o.LastUpdateDate) >= after) &&
        (before === null || Date.parse(o.LastUpdateDate) <= before) &&
        (created === null || Date.parse(o.PurchaseDate) >= created);
      const all = [...s.orders.values()]
        .map((r) => r.order)
        .filter(within)
        .sort((a, b) => a.LastUpdateDate.localeCompare(b.LastUpdateDate));
      const page = all.slice(cursor.offset, cursor.offset + cursor.max);
      const more = cursor.offset + cursor.max < all.length;
      const pii = hasPii(String(req.headers['x-amz-access-token'] ?? ''));
      return {
        status: 200,
        body: {
          payload: {
            Orders: page.map((o) => (pii ? o : withoutPii(o))),
            ...(more ? { NextToken: encode({ ...cursor, offset: cursor.offset + cursor.max }) } : {}),
          },
        },
      };
    },

    getOrderItems(req) {
      const r = find(req.params.orderId);
      if (!r) return refuse(404, 'NotFound', `No order ${req.params.orderId}.`);
      const offset = Number(req.query.get('NextToken') ?? 0);
      const page = r.items.slice(offset, offset + s.itemsPageSize);
      const more = offset + s.itemsPageSize < r.items.length;
      return {
        status: 200,
        body: {
          payload: {
            AmazonOrderId: r.order.AmazonOrderId,
            OrderItems: page,
            ...(more ? { NextToken: String(offset + s.itemsPageSize) } : {}),
          },
        },
      };
    },

    confirmShipment(req) {
      const r = find(req.params.orderId);
      if (!r) return refuse(404, 'NotFound', `No order ${req.params.orderId}.`);
      const body = req.body as { marketplaceId: string; packageDetail: AmazonPackage & { carrierName?: string } };
      if (body.marketplaceId !== s.marketplaceId)
        return refuse(400, 'InvalidInput', `The order is not in marketplace ${body.marketplaceId}.`);
      const p = body.packageDetail;
      const same = r.packages.find((x) => x.packageReferenceId === p.packageReferenceId);
      if (same) {
        const identical =
          same.trackingNumber === p.trackingNumber && JSON.stringify(same.orderItems) === JSON.stringify(p.orderItems);
        return identical
          ? { status: 204 }
          : refuse(400, 'InvalidInput', `Package ${p.packageReferenceId} is already confirmed with other contents.`);
      }
      if (r.order.OrderStatus === 'Canceled') return refuse(400, 'InvalidInput', 'The order is cancelled.');
      if (r.order.OrderStatus === 'Pending') return refuse(400, 'InvalidInput', 'The order is pending payment.');
      for (const line of p.orderItems) {
        const item = r.items.find((i) => i.OrderItemId === line.orderItemId);
        if (!item) return refuse(400, 'InvalidInput', `No order item ${line.orderItemId} in the order.`);
        if (line.quantity > item.QuantityOrdered - item.QuantityShipped)
          return refuse(400, 'InvalidInput', `Item ${line.orderItemId}: more than is left to ship.`);
      }
      for (const line of p.orderItems) {
        const item = r.items.find((i) => i.OrderItemId === line.orderItemId);
        if (item) item.QuantityShipped += line.quantity;
      }
      r.packages.push({
        packageReferenceId: p.packageReferenceId,
        carrierCode: p.carrierCode,
        carrierName: p.carrierName ?? null,
        trackingNumber: p.trackingNumber,
        orderItems: p.orderItems,
      });
      const shipped = r.items.reduce((n, i) => n + i.QuantityShipped, 0);
      const ordered = r.items.reduce((n, i) => n + i.QuantityOrdered, 0);
      r.order.NumberOfItemsShipped = shipped;
      r.order.NumberOfItemsUnshipped = ordered - shipped;
      r.order.OrderStatus = shipped >= ordered ? 'Shipped' : 'PartiallyShipped';
      r.order.LastUpdateDate = s.clock.next().toISOString();
      return { status: 204 };
    },
  };
}
