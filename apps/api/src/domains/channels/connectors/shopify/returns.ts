import type { ChannelReturn, Page } from '../types.ts';
import type { ShopifyClient } from './client.ts';
import { windowQuery } from './orders.ts';
import {
  allNodes,
  ORDER_RETURNS,
  type OrderReturnsData,
  RETURN_LINES,
  RETURNS,
  RETURNS_ORDERS_PAGE,
  type ReturnLinesData,
  type ReturnNode,
  type ReturnsData,
} from './queries.ts';

/**
 * 2025-01 has no shop-wide list of returns, and a Return has no update time: returns are read from the orders changed
 * in the window that have any (a return's request or progress changes its order), with the order's update time.
 */

const STATUS: Record<string, ChannelReturn['status']> = {
  REQUESTED: 'REQUESTED',
  OPEN: 'REQUESTED',
  CLOSED: 'COMPLETED',
  CANCELED: 'CANCELLED',
  DECLINED: 'CANCELLED',
};

const words = (code: string) => code.toLowerCase().replaceAll('_', ' ');

async function toReturn(
  client: ShopifyClient,
  orderId: string,
  updatedAt: string,
  r: ReturnNode,
): Promise<ChannelReturn> {
  const lines = await allNodes(r.returnLineItems, async (after) => {
    const more = await client.request<ReturnLinesData>('listReturnLines', RETURN_LINES, { id: r.id, after });
    return more.return?.returnLineItems ?? null;
  });
  // Lines not tied to a fulfilment (UnverifiedReturnLineItem) carry no SKU and are left out.
  const verified = lines.filter((l) => l.fulfillmentLineItem && l.quantity !== undefined);
  const first = verified[0];
  const reason = first?.returnReason
    ? [words(first.returnReason), first.returnReasonNote].filter(Boolean).join(': ')
    : null;
  return {
    externalReturnId: r.id,
    externalOrderId: orderId,
    status: STATUS[r.status] ?? 'REQUESTED',
    updatedAt,
    reason,
    lines: verified.map((l) => ({
      externalLineId: l.fulfillmentLineItem?.lineItem.id ?? null,
      sku: l.fulfillmentLineItem?.lineItem.sku ?? '',
      quantity: l.quantity ?? 0,
    })),
  };
}

export async function listReturns(
  client: ShopifyClient,
  q: { updatedFrom: Date; updatedTo: Date; next: string | null },
): Promise<Page<ChannelReturn>> {
  const data = await client.request<ReturnsData>('listReturns', RETURNS, {
    first: RETURNS_ORDERS_PAGE,
    after: q.next,
    query: `${windowQuery(q.updatedFrom, q.updatedTo)} AND -return_status:no_return`,
  });
  const items: ChannelReturn[] = [];
  for (const o of data.orders.nodes) {
    const returns = await allNodes(o.returns, async (after) => {
      const more = await client.request<OrderReturnsData>('listOrderReturns', ORDER_RETURNS, { id: o.id, after });
      return more.order?.returns ?? null;
    });
    for (const r of returns) items.push(await toReturn(client, o.id, o.updatedAt, r));
  }
  const page = data.orders.pageInfo;
  return { items, next: page.hasNextPage ? page.endCursor : null };
}
