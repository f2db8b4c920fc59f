import { withPlaces } from '@backoffice/contracts';
import type { ChannelOrder, ChannelOrderLine, ChannelOrderStatus, Page } from '../types.ts';
import type { TiktokClient } from './client.ts';

/**
 * Orders as TikTok's 202309 shapes give them (MODELLED): times in seconds, prices as text including VAT in the UK,
 * and one line item per unit. A line here is the units of one SKU at one price; its id is their ids joined with
 * commas, which shipping splits again.
 */

export const ORDERS_PAGE = 50;

export interface TtLineItem {
  id: string;
  product_id: string;
  sku_id: string;
  seller_sku: string;
  product_name: string;
  sku_name?: string;
  sale_price: string;
  display_status: string;
  package_id?: string;
  tracking_number?: string;
}

export interface TtOrder {
  id: string;
  status: string;
  create_time: number;
  update_time: number;
  buyer_email: string;
  delivery_option_name?: string;
  payment: { currency: string; shipping_fee: string };
  recipient_address: {
    name: string;
    phone_number: string;
    address_line1: string;
    address_line2?: string;
    address_line3?: string;
    post_town?: string;
    postal_code: string;
    region_code: string;
    district_info: { address_level_name: string; address_name: string }[];
  };
  line_items: TtLineItem[];
}

const STATUS: Record<string, ChannelOrderStatus> = {
  UNPAID: 'PENDING',
  ON_HOLD: 'PENDING',
  AWAITING_SHIPMENT: 'UNSHIPPED',
  PARTIALLY_SHIPPING: 'PARTIALLY_SHIPPED',
  AWAITING_COLLECTION: 'SHIPPED',
  IN_TRANSIT: 'SHIPPED',
  DELIVERED: 'SHIPPED',
  COMPLETED: 'SHIPPED',
  CANCELLED: 'CANCELLED',
};

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
/** Seconds, taken down: an order changed late in a second falls in the next window, which starts at that second. */
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function lines(items: TtLineItem[]): ChannelOrderLine[] {
  const groups = new Map<string, TtLineItem[]>();
  for (const i of items) {
    if (i.display_status === 'CANCELLED') continue;
    const key = `${i.sku_id}|${i.sale_price}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  }
  return [...groups.values()].map((units) => {
    const first = units[0]!;
    return {
      externalLineId: units.map((u) => u.id).join(','),
      sku: first.seller_sku,
      title: first.sku_name ? `${first.product_name} (${first.sku_name})` : first.product_name,
      quantity: units.length,
      unitPrice: withPlaces(first.sale_price, 2),
    };
  });
}

function district(o: TtOrder, level: RegExp): string | null {
  return o.recipient_address.district_info.find((d) => level.test(d.address_level_name))?.address_name ?? null;
}

export function toOrder(o: TtOrder): ChannelOrder {
  const a = o.recipient_address;
  const email = o.buyer_email || null;
  return {
    externalOrderId: o.id,
    status: STATUS[o.status] ?? 'PENDING',
    purchasedAt: iso(o.create_time),
    updatedAt: iso(o.update_time),
    currency: o.payment.currency,
    // UK marketplace prices are what the buyer pays, VAT included.
    pricesIncludeVat: true,
    buyer: { name: a.name, email, phone: a.phone_number || null },
    shipTo: {
      name: a.name,
      company: null,
      line1: a.address_line1,
      line2: a.address_line2 || null,
      line3: a.address_line3 || null,
      city: a.post_town || district(o, /city|town/i) || '',
      county: district(o, /county|state|province/i),
      postcode: a.postal_code,
      countryCode: a.region_code,
      phone: a.phone_number || null,
      email,
    },
    lines: lines(o.line_items),
    shippingCharge: withPlaces(o.payment.shipping_fee, 2),
    shippingLevel: o.delivery_option_name ?? null,
  };
}

export async function listOrders(
  client: TiktokClient,
  q: { updatedFrom: Date; updatedTo: Date; next: string | null },
): Promise<Page<ChannelOrder>> {
  const data = await client.call<{ orders: TtOrder[]; next_page_token: string }>(
    'listOrders',
    'POST',
    '/order/202309/orders/search',
    {
      query: {
        page_size: String(ORDERS_PAGE),
        sort_field: 'update_time',
        sort_order: 'ASC',
        ...(q.next ? { page_token: q.next } : {}),
      },
      body: { update_time_ge: seconds(q.updatedFrom), update_time_lt: seconds(q.updatedTo) },
    },
  );
  return { items: data.orders.map(toOrder), next: data.next_page_token || null };
}

export async function orderDetail(client: TiktokClient, id: string): Promise<TtOrder | null> {
  const data = await client.call<{ orders: TtOrder[] }>('getOrderDetail', 'GET', '/order/202309/orders', {
    query: { ids: id },
  });
  return data.orders.find((o) => o.id === id) ?? null;
}
