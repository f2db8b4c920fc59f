import { createHash } from 'node:crypto';
import { ConnectorError } from '../../../../platform/connectors/http.ts';
import { explained } from '../access-token.ts';
import { channelLineId } from '../money.ts';
import type { ShipmentConfirmation } from '../types.ts';
import type { AmazonApi } from './client.ts';

/**
 * Amazon names a package by a positive number unique within the order. It is made from the tracking number, so
 * the same package confirmed again carries the same reference and Amazon sees a repeat, not a second parcel.
 */
export function packageReference(trackingNumber: string): string {
  return String(
    (parseInt(createHash('sha256').update(trackingNumber).digest('hex').slice(0, 12), 16) % 999_999_999) + 1,
  );
}

export async function confirmShipment(api: AmazonApi, s: ShipmentConfirmation): Promise<void> {
  const quantities = new Map<string, number>();
  for (const l of s.lines) {
    const id = channelLineId(l.externalLineId);
    quantities.set(id, (quantities.get(id) ?? 0) + l.quantity);
  }
  try {
    await api.call({
      operation: 'confirmShipment',
      method: 'POST',
      path: `/orders/v0/orders/${encodeURIComponent(s.externalOrderId)}/shipmentConfirmation`,
      json: {
        marketplaceId: api.marketplaceId,
        packageDetail: {
          packageReferenceId: packageReference(s.trackingNumber),
          carrierCode: s.carrierCode,
          carrierName: s.carrierName,
          shippingMethod: s.serviceName,
          trackingNumber: s.trackingNumber,
          shipDate: s.shippedAt.toISOString(),
          orderItems: [...quantities].map(([orderItemId, quantity]) => ({ orderItemId, quantity })),
        },
      },
    });
  } catch (e) {
    // A package Amazon already has is what was wanted.
    if (e instanceof ConnectorError && e.status === 400 && /already/i.test(e.message)) return;
    throw explained(e, `Amazon refused the shipment of order ${s.externalOrderId}`);
  }
}
