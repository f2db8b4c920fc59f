import { ConnectorError } from '../../../../platform/connectors/http.ts';
import { explained } from '../access-token.ts';
import { moneyText, pennies, SPLIT_SUFFIX, unitPrices } from '../money.ts';
import type { ChannelAddress, ChannelOrder, ChannelOrderLine, ChannelOrderStatus, Page } from '../types.ts';
import type { AmazonApi, RestrictedResource } from './client.ts';

/** Orders v0 as far as the connector reads it. */
interface Money {
  CurrencyCode?: string;
  Amount?: string;
}
interface Address {
  Name?: string;
  CompanyName?: string;
  AddressLine1?: string;
  AddressLine2?: string;
  AddressLine3?: string;
  City?: string;
  County?: string;
  StateOrRegion?: string;
  PostalCode?: string;
  CountryCode?: string;
  Phone?: string;
}
interface Order {
  AmazonOrderId: string;
  PurchaseDate: string;
  LastUpdateDate: string;
  OrderStatus: string;
  ShipmentServiceLevelCategory?: string;
  ShipServiceLevel?: string;
  OrderTotal?: Money;
  ShippingAddress?: Address;
  BuyerInfo?: { BuyerEmail?: string; BuyerName?: string };
}
interface OrderItem {
  OrderItemId: string;
  SellerSKU?: string;
  ASIN: string;
  Title?: string;
  QuantityOrdered: number;
  ItemPrice?: Money;
  ShippingPrice?: Money;
  ShippingDiscount?: Money;
  PromotionDiscount?: Money;
}

const STATUS: Record<string, ChannelOrderStatus> = {
  Pending: 'PENDING',
  PendingAvailability: 'PENDING',
  Unshipped: 'UNSHIPPED',
  PartiallyShipped: 'PARTIALLY_SHIPPED',
  Shipped: 'SHIPPED',
  Canceled: 'CANCELLED',
  // Amazon could not fulfil it (FBA) or holds it for an invoice: nothing to ship from here.
  Unfulfillable: 'CANCELLED',
  InvoiceUnconfirmed: 'PENDING',
};

/** The buyer's name and address come only with a Restricted Data Token for the orders list. */
const ORDERS_PII: RestrictedResource[] = [
  { method: 'GET', path: '/orders/v0/orders', dataElements: ['buyerInfo', 'shippingAddress'] },
];

/** Amazon answers changes up to two minutes ago; a later LastUpdatedBefore is refused. */
const SETTLE_MS = 2 * 60_000;

function address(o: Order): ChannelAddress {
  const a = o.ShippingAddress ?? {};
  return {
    name: a.Name ?? o.BuyerInfo?.BuyerName ?? '',
    company: a.CompanyName ?? null,
    line1: a.AddressLine1 ?? '',
    line2: a.AddressLine2 ?? null,
    line3: a.AddressLine3 ?? null,
    city: a.City ?? '',
    county: a.County ?? a.StateOrRegion ?? null,
    postcode: a.PostalCode ?? '',
    countryCode: a.CountryCode ?? 'GB',
    phone: a.Phone ?? null,
    email: o.BuyerInfo?.BuyerEmail ?? null,
  };
}

/**
 * ItemPrice is the price of all the line's units and PromotionDiscount what was taken off it: the buyer paid the
 * difference, split to units exactly (see unitPrices).
 */
function lines(items: OrderItem[]): ChannelOrderLine[] {
  return items.flatMap((item) => {
    const paid = pennies(item.ItemPrice?.Amount) - pennies(item.PromotionDiscount?.Amount);
    return unitPrices(paid, item.QuantityOrdered).map((part, i) => ({
      externalLineId: i === 0 ? item.OrderItemId : `${item.OrderItemId}${SPLIT_SUFFIX}`,
      sku: item.SellerSKU ?? item.ASIN,
      title: item.Title ?? null,
      quantity: part.quantity,
      unitPrice: part.unitPrice,
    }));
  });
}

export function toChannelOrder(o: Order, items: OrderItem[]): ChannelOrder {
  const shipping = items.reduce(
    (sum, i) => sum + pennies(i.ShippingPrice?.Amount) - pennies(i.ShippingDiscount?.Amount),
    0n,
  );
  const a = address(o);
  return {
    externalOrderId: o.AmazonOrderId,
    status: STATUS[o.OrderStatus] ?? 'PENDING',
    purchasedAt: new Date(o.PurchaseDate).toISOString(),
    updatedAt: new Date(o.LastUpdateDate).toISOString(),
    currency: o.OrderTotal?.CurrencyCode ?? items.find((i) => i.ItemPrice)?.ItemPrice?.CurrencyCode ?? 'GBP',
    // Amazon's UK prices are what the buyer pays, VAT included.
    pricesIncludeVat: true,
    buyer: { name: o.BuyerInfo?.BuyerName ?? a.name, email: a.email, phone: a.phone },
    shipTo: a,
    lines: lines(items),
    shippingCharge: moneyText(shipping),
    shippingLevel: o.ShipmentServiceLevelCategory ?? o.ShipServiceLevel ?? null,
  };
}

async function orderItems(api: AmazonApi, orderId: string): Promise<OrderItem[]> {
  const out: OrderItem[] = [];
  let next: string | undefined;
  do {
    const res = await api
      .call({
        operation: 'getOrderItems',
        method: 'GET',
        path: `/orders/v0/orders/${encodeURIComponent(orderId)}/orderItems`,
        query: { NextToken: next },
      })
      .catch((e: unknown) => {
        throw explained(e, `Amazon did not give the items of order ${orderId}`);
      });
    const payload = res.json<{ payload?: { OrderItems: OrderItem[]; NextToken?: string } }>().payload;
    out.push(...(payload?.OrderItems ?? []));
    next = payload?.NextToken;
  } while (next);
  return out;
}

/** Orders changed in [from, to): Amazon's bounds are inclusive, so the end is cut here. */
export async function listOrders(
  api: AmazonApi,
  q: { updatedFrom: Date; updatedTo: Date; next: string | null },
): Promise<Page<ChannelOrder>> {
  const settled = Date.now() - SETTLE_MS;
  const query = q.next
    ? { MarketplaceIds: [api.marketplaceId], NextToken: q.next }
    : {
        MarketplaceIds: [api.marketplaceId],
        LastUpdatedAfter: q.updatedFrom.toISOString(),
        // Amazon refuses an end within its last two minutes; left out, it answers up to then.
        LastUpdatedBefore: q.updatedTo.getTime() <= settled ? q.updatedTo.toISOString() : undefined,
        MaxResultsPerPage: 100,
      };
  const res = await api
    .call({ operation: 'getOrders', method: 'GET', path: '/orders/v0/orders', query }, ORDERS_PII)
    .catch((e: unknown) => {
      throw explained(e, 'Amazon did not list the orders');
    });
  const payload = res.json<{ payload?: { Orders: Order[]; NextToken?: string } }>().payload;
  if (!payload) throw new ConnectorError('Amazon answered the orders list without a payload.', { retryable: true });
  const orders = payload.Orders.filter((o) => Date.parse(o.LastUpdateDate) < q.updatedTo.getTime()).sort(
    (a, b) => Date.parse(a.LastUpdateDate) - Date.parse(b.LastUpdateDate),
  );
  const items: ChannelOrder[] = [];
  for (const o of orders) items.push(toChannelOrder(o, await orderItems(api, o.AmazonOrderId)));
  return { items, next: payload.NextToken ?? null };
}
