import { ConnectorError } from '../../../../platform/connectors/http.ts';
import type { ShipmentConfirmation } from '../types.ts';
import { checkedMutation, type ShopifyClient } from './client.ts';
import {
  allNodes,
  FULFILLMENT_CREATE,
  FULFILLMENT_ORDER_LINES,
  FULFILLMENT_STATE,
  type FulfillmentCreateData,
  type FulfillmentOrderLinesData,
  type FulfillmentOrderNode,
  type FulfillmentStateData,
} from './queries.ts';

/**
 * A shipment is a fulfilment of the order's open fulfilment orders. It is made once: a fulfilment already carrying
 * the tracking number, or nothing left to fulfil for the lines, is success. The shop is taken to ship from one
 * location, as `fulfillmentCreate` takes fulfilment orders of one location only.
 */

interface OrderFulfilment {
  cancelled: boolean;
  trackingNumbers: string[];
  fulfillmentOrders: { id: string; status: string; lines: FulfillmentOrderNode['lineItems']['nodes'] }[];
}

async function fulfilmentState(client: ShopifyClient, orderId: string): Promise<OrderFulfilment> {
  const load = (after: string | null) =>
    client.request<FulfillmentStateData>('confirmShipmentState', FULFILLMENT_STATE, { id: orderId, after });
  const first = await load(null);
  const order = first.order;
  if (!order)
    throw new ConnectorError(`confirmShipment: Shopify has no order ${orderId}.`, { status: 200, retryable: false });
  const fos = await allNodes(
    order.fulfillmentOrders,
    async (after) => (await load(after)).order?.fulfillmentOrders ?? null,
  );
  const fulfillmentOrders = [];
  for (const fo of fos) {
    const lines = await allNodes(fo.lineItems, async (after) => {
      const more = await client.request<FulfillmentOrderLinesData>('confirmShipmentLines', FULFILLMENT_ORDER_LINES, {
        id: fo.id,
        after,
      });
      return more.fulfillmentOrder?.lineItems ?? null;
    });
    fulfillmentOrders.push({ id: fo.id, status: fo.status, lines });
  }
  return {
    cancelled: order.cancelledAt !== null,
    trackingNumbers: order.fulfillments.flatMap((f) => f.trackingInfo.flatMap((t) => (t.number ? [t.number] : []))),
    fulfillmentOrders,
  };
}

/** The fulfilment order lines to fulfil for the shipment: all that remain when it names no lines. */
function plan(state: OrderFulfilment, s: ShipmentConfirmation) {
  const wanted = new Map<string, number>();
  for (const l of s.lines) wanted.set(l.externalLineId, (wanted.get(l.externalLineId) ?? 0) + l.quantity);
  const groups: { fulfillmentOrderId: string; fulfillmentOrderLineItems: { id: string; quantity: number }[] }[] = [];
  for (const fo of state.fulfillmentOrders) {
    if (fo.status !== 'OPEN' && fo.status !== 'IN_PROGRESS') continue;
    const items: { id: string; quantity: number }[] = [];
    for (const line of fo.lines) {
      const want = s.lines.length === 0 ? line.remainingQuantity : (wanted.get(line.lineItem.id) ?? 0);
      const take = Math.min(want, line.remainingQuantity);
      if (take <= 0) continue;
      items.push({ id: line.id, quantity: take });
      wanted.set(line.lineItem.id, want - take);
    }
    if (items.length) groups.push({ fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: items });
  }
  return groups;
}

export async function confirmShipment(client: ShopifyClient, s: ShipmentConfirmation): Promise<void> {
  let groups: ReturnType<typeof plan> = [];
  await checkedMutation(
    client,
    async () => {
      const state = await fulfilmentState(client, s.externalOrderId);
      if (state.trackingNumbers.includes(s.trackingNumber)) return true;
      if (state.cancelled) {
        throw new ConnectorError(`confirmShipment: the order ${s.externalOrderId} was cancelled on Shopify.`, {
          status: 200,
          retryable: false,
        });
      }
      groups = plan(state, s);
      return groups.length === 0 ? true : null;
    },
    async () => {
      // Shopify takes no shipping date: the fulfilment is dated when it is made.
      const data = await client.request<FulfillmentCreateData>(
        'confirmShipment',
        FULFILLMENT_CREATE,
        {
          fulfillment: {
            lineItemsByFulfillmentOrder: groups,
            trackingInfo: { company: s.carrierCode, number: s.trackingNumber },
            notifyCustomer: true,
          },
        },
        true,
      );
      const errors = data.fulfillmentCreate?.userErrors ?? [];
      if (errors.length || !data.fulfillmentCreate?.fulfillment) {
        throw new ConnectorError(
          `confirmShipment: Shopify refused the fulfilment of order ${s.externalOrderId}: ${errors.map((e) => e.message).join('; ') || 'no fulfilment made'}`,
          { status: 200, retryable: false },
        );
      }
      return true;
    },
  );
}
