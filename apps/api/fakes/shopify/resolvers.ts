import { connection, type PageArgs } from './connection.ts';
import { fulfillmentCreate, inventorySetQuantities, refundCreate } from './mutations.ts';
import { orderFilter } from './search.ts';
import type { ShopifyState, ShopOrder } from './state.ts';
import { dateTime, fulfillmentOrderView, itemView, locationView, orderView, returnView } from './views.ts';

/** The root fields the fake serves; a document asking for any other is refused (and recorded) rather than half-answered. */

const SORTS: Record<string, (o: ShopOrder) => number> = {
  UPDATED_AT: (o) => o.updatedAt.getTime(),
  CREATED_AT: (o) => o.createdAt.getTime(),
  PROCESSED_AT: (o) => o.createdAt.getTime(),
};

function sortedOrders(state: ShopifyState, sortKey: string | null | undefined): ShopOrder[] {
  const key = SORTS[sortKey ?? 'PROCESSED_AT'];
  const byId = (a: ShopOrder, b: ShopOrder) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return [...state.orders.values()].sort((a, b) => (key ? key(a) - key(b) : 0) || byId(a, b));
}

export function queryRoot(state: ShopifyState): Record<string, unknown> {
  return {
    shop: () => ({
      __typename: 'Shop',
      id: 'gid://shopify/Shop/1',
      name: state.shopName,
      myshopifyDomain: state.domain,
      currencyCode: state.currency,
      email: `owner@${state.domain}`,
      contactEmail: `owner@${state.domain}`,
      ianaTimezone: 'Europe/London',
      taxesIncluded: true,
      url: `https://${state.domain}`,
      createdAt: dateTime(new Date('2020-01-01T00:00:00Z')),
    }),
    location: (a: { id?: string | null }) => (!a.id || a.id === state.locationId ? locationView(state) : null),
    inventoryItem: (a: { id: string }) => {
      const item = state.items.get(a.id);
      return item ? itemView(state, item) : null;
    },
    nodes: (a: { ids: string[] }) =>
      a.ids.map((id) => {
        const item = state.items.get(id);
        if (item) return itemView(state, item);
        const o = state.orders.get(id);
        return o ? orderView(state, o) : null;
      }),
    fulfillmentOrder: (a: { id: string }) => {
      for (const o of state.orders.values()) {
        const fo = o.fulfillmentOrders.find((f) => f.id === a.id);
        if (fo) return fulfillmentOrderView(state, o, fo);
      }
      return null;
    },
    return: (a: { id: string }) => {
      for (const o of state.orders.values()) {
        const r = o.returns.find((x) => x.id === a.id);
        if (r) return returnView(state, o, r);
      }
      return null;
    },
    order: (a: { id: string }) => {
      const o = state.orders.get(a.id);
      return o ? orderView(state, o) : null;
    },
    orders: (a: PageArgs & { sortKey?: string | null; query?: string | null }) => {
      const keep = orderFilter(a.query);
      return connection(sortedOrders(state, a.sortKey).filter(keep), a, (o) => orderView(state, o));
    },
  };
}

export function mutationRoot(state: ShopifyState): Record<string, unknown> {
  return {
    inventorySetQuantities: (a: Parameters<typeof inventorySetQuantities>[1]) => inventorySetQuantities(state, a),
    fulfillmentCreate: (a: Parameters<typeof fulfillmentCreate>[1]) => fulfillmentCreate(state, a),
    refundCreate: (a: Parameters<typeof refundCreate>[1]) => refundCreate(state, a),
  };
}
