import { withPlaces } from '@backoffice/contracts';
import type { ChannelOrder, ChannelOrderStatus, Page } from '../types.ts';
import type { ShopifyClient } from './client.ts';
import {
  allNodes,
  type LineNode,
  ORDER_LINES,
  ORDERS,
  ORDERS_PAGE,
  type OrderLinesData,
  type OrderNode,
  type OrdersData,
} from './queries.ts';

/**
 * Shopify's search compares `updated_at` to the second: the window's ends are taken down to their second, so an
 * order changed in the last part of a second falls in the next window, which starts at that same second.
 */
export function windowQuery(from: Date, to: Date): string {
  const second = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;
  return `updated_at:>='${second(from)}' AND updated_at:<'${second(to)}'`;
}

function status(o: OrderNode): ChannelOrderStatus {
  if (o.cancelledAt) return 'CANCELLED';
  if (o.displayFulfillmentStatus === 'FULFILLED') return 'SHIPPED';
  if (o.displayFulfillmentStatus === 'PARTIALLY_FULFILLED') return 'PARTIALLY_SHIPPED';
  // Refunded or voided before anything shipped: nothing is left to send.
  if (o.displayFinancialStatus === 'REFUNDED' || o.displayFinancialStatus === 'VOIDED') return 'CANCELLED';
  if (o.displayFinancialStatus === 'PENDING' || o.displayFinancialStatus === 'EXPIRED') return 'PENDING';
  return 'UNSHIPPED';
}

function toOrder(o: OrderNode, lines: LineNode[]): ChannelOrder {
  const a = o.shippingAddress;
  const buyerName = o.customer?.displayName ?? a?.name ?? '';
  return {
    externalOrderId: o.id,
    status: status(o),
    purchasedAt: o.processedAt,
    updatedAt: o.updatedAt,
    currency: o.currencyCode,
    pricesIncludeVat: o.taxesIncluded,
    buyer: { name: buyerName, email: o.email, phone: o.phone ?? o.customer?.phone ?? a?.phone ?? null },
    shipTo: {
      name: a?.name ?? buyerName,
      company: a?.company ?? null,
      line1: a?.address1 ?? '',
      line2: a?.address2 ?? null,
      line3: null,
      city: a?.city ?? '',
      county: a?.province ?? null,
      postcode: a?.zip ?? '',
      countryCode: a?.countryCodeV2 ?? '',
      phone: a?.phone ?? o.phone,
      email: o.email,
    },
    lines: lines.map((l) => ({
      externalLineId: l.id,
      sku: l.sku ?? '',
      title: l.name,
      quantity: l.quantity,
      // What the buyer paid per unit after every discount, which is what the invoice charges.
      unitPrice: withPlaces(l.discountedUnitPriceAfterAllDiscountsSet.shopMoney.amount, 2),
    })),
    shippingCharge: withPlaces(o.totalShippingPriceSet.shopMoney.amount, 2),
    shippingLevel: o.shippingLine?.title ?? null,
  };
}

export async function listOrders(
  client: ShopifyClient,
  q: { updatedFrom: Date; updatedTo: Date; next: string | null },
): Promise<Page<ChannelOrder>> {
  const data = await client.request<OrdersData>('listOrders', ORDERS, {
    first: ORDERS_PAGE,
    after: q.next,
    query: windowQuery(q.updatedFrom, q.updatedTo),
  });
  const items: ChannelOrder[] = [];
  for (const o of data.orders.nodes) {
    const lines = await allNodes(o.lineItems, async (after) => {
      const more = await client.request<OrderLinesData>('listOrderLines', ORDER_LINES, { id: o.id, after });
      return more.order?.lineItems ?? null;
    });
    items.push(toOrder(o, lines));
  }
  const page = data.orders.pageInfo;
  return { items, next: page.hasNextPage ? page.endCursor : null };
}
