import { ConnectorError } from '../../../../platform/connectors/http.ts';
import type { ShipmentConfirmation } from '../types.ts';
import type { TiktokClient } from './client.ts';
import { orderDetail, type TtLineItem, type TtOrder } from './orders.ts';

/**
 * A shipment marks the units shipped as one package with its tracking number (Mark Package As Shipped, for orders the
 * seller ships). Units already carrying the tracking number are done. When every unit of the confirmation already
 * went in one package under another number, that package's tracking is corrected instead (Update Package Shipping
 * Info). `carrierCode` is TikTok's shipping provider id (the account's carrier-code mapping gives it).
 */

interface Plan {
  ship: string[];
  /** A package whose tracking number is replaced. */
  retrack: string | null;
}

function plan(order: TtOrder, s: ShipmentConfirmation): Plan {
  const live = order.line_items.filter((i) => i.display_status !== 'CANCELLED');
  const wanted: { units: TtLineItem[]; quantity: number }[] =
    s.lines.length === 0
      ? [{ units: live, quantity: live.length }]
      : s.lines.map((l) => {
          const ids = new Set(l.externalLineId.split(','));
          return { units: live.filter((i) => ids.has(i.id)), quantity: l.quantity };
        });
  const ship: string[] = [];
  let ours = 0;
  const elsewhere = new Set<string>();
  for (const w of wanted) {
    const same = w.units.filter((u) => u.tracking_number === s.trackingNumber);
    const free = w.units.filter((u) => !u.package_id);
    const take = [...same, ...free].slice(0, w.quantity);
    ours += same.length;
    ship.push(...take.filter((u) => !u.package_id).map((u) => u.id));
    if (take.length === 0) for (const u of w.units) if (u.package_id) elsewhere.add(u.package_id);
  }
  const [only] = elsewhere;
  return { ship, retrack: ship.length === 0 && ours === 0 && elsewhere.size === 1 && only ? only : null };
}

async function load(client: TiktokClient, id: string): Promise<TtOrder> {
  const order = await orderDetail(client, id);
  if (!order)
    throw new ConnectorError(`confirmShipment: TikTok Shop has no order ${id}.`, { status: 200, retryable: false });
  return order;
}

export async function confirmShipment(client: TiktokClient, s: ShipmentConfirmation): Promise<void> {
  const order = await load(client, s.externalOrderId);
  if (order.status === 'CANCELLED') {
    throw new ConnectorError(`confirmShipment: the order ${order.id} was cancelled on TikTok Shop.`, {
      status: 200,
      retryable: false,
    });
  }
  const p = plan(order, s);
  const shipping = { tracking_number: s.trackingNumber, shipping_provider_id: s.carrierCode };
  if (p.retrack) {
    await client.call(
      'updateShippingInfo',
      'POST',
      `/fulfillment/202309/packages/${encodeURIComponent(p.retrack)}/shipping_info/update`,
      {
        body: shipping,
      },
    );
    return;
  }
  if (p.ship.length === 0) return;
  try {
    await client.call(
      'confirmShipment',
      'POST',
      `/fulfillment/202309/orders/${encodeURIComponent(order.id)}/packages`,
      {
        body: { order_line_item_ids: p.ship, ...shipping },
      },
    );
  } catch (e) {
    // A try whose answer was lost may have gone through, and TikTok then refuses the repeat: the order tells.
    const after = await load(client, order.id);
    const shipped = new Set(after.line_items.filter((i) => i.tracking_number === s.trackingNumber).map((i) => i.id));
    if (p.ship.every((id) => shipped.has(id))) return;
    throw e;
  }
}
