import { randomBytes } from 'node:crypto';
import type { CarrierServiceOption, PickList, ShipList, ShipListConfirmInput } from '@backoffice/contracts';
import { expect } from '@playwright/test';
import type { adminApi } from './api.ts';

/**
 * Order to cash through the real API, for browser tests that need an invoice picked or shipped before the screens
 * under test: the pick list (create, scan every line's quantity, confirm) and the ship list (create, confirm with
 * parcels and tracking numbers), exactly as a picker and a shipper do it (as apps/api/test/fulfilment.ts does for
 * the API tests). Nothing is written behind the product's back.
 */

type Api = Awaited<ReturnType<typeof adminApi>>;

let keys = 0;
const key = (prefix: string) => ({
  'idempotency-key': `${prefix}-${Date.now()}-${randomBytes(4).toString('hex')}-${++keys}`,
});

/** A tracking number no other shipment has (the contract's form: capitals and digits). */
export function uniqueTrackingNumber(prefix = 'FT'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(4).toString('hex')}`.toUpperCase();
}

/**
 * Picks these BOOKED invoices of the warehouse in full on one pick list: every line scanned to its required quantity,
 * then confirmed, so each invoice is READY_FOR_DELIVERY. Answers the confirmed list.
 */
export async function pickInvoices(api: Api, warehouseId: string, invoiceIds: string[]): Promise<PickList> {
  const list = await api.call<PickList>('POST', '/api/pick-lists', { warehouseId, invoiceIds }, key('pick'));
  for (const line of list.lines)
    await api.call<PickList>('POST', `/api/pick-lists/${list.id}/scan`, {
      code: line.product.sku,
      quantity: line.required,
      warehouseId,
    });
  const confirmed = await api.call<PickList>('POST', `/api/pick-lists/${list.id}/confirm`, { warehouseId });
  expect(confirmed.status).toBe('CONFIRMED');
  expect(confirmed.invoices.map((i) => [i.id, i.status, i.outcome]).sort()).toEqual(
    invoiceIds.map((id) => [id, 'READY_FOR_DELIVERY', 'PICKED']).sort(),
  );
  return confirmed;
}

export interface Shipped {
  pickList: PickList;
  /** The confirmed ship list. */
  shipList: ShipList;
  /** Per invoice id, the tracking numbers shipped with, as stored (capitals). */
  trackingNumbers: Record<string, string[]>;
}

/**
 * Ships these BOOKED invoices of the warehouse: picked in full (`pickInvoices`), then on one ship list confirmed with
 * a parcel of 1.250 kg and a new tracking number each, by the invoice's own carrier service (else the first the ship
 * list offers). The confirm issues their reservations at FIFO cost and makes them PROCESSED with the shipment recorded.
 */
export async function shipInvoices(api: Api, warehouseId: string, invoiceIds: string[]): Promise<Shipped> {
  const pickList = await pickInvoices(api, warehouseId, invoiceIds);
  const created = await api.call<ShipList>('POST', '/api/ship-lists', { warehouseId, invoiceIds }, key('ship'));
  let fallback: CarrierServiceOption | undefined;
  const rows: ShipListConfirmInput['rows'] = [];
  for (const row of created.rows) {
    let serviceId = row.carrierService?.id;
    if (!serviceId) {
      if (!fallback) {
        const offered = await api.call<{ items: CarrierServiceOption[] }>('GET', '/api/ship-lists/carrier-services');
        fallback = offered.items[0];
        expect(fallback, 'a carrier service to ship with').toBeDefined();
      }
      serviceId = fallback?.id as string;
    }
    rows.push({
      invoiceId: row.invoice.id,
      carrierServiceId: serviceId,
      parcels: [{ weightKg: '1.250', trackingNumber: uniqueTrackingNumber() }],
    });
  }
  const shipList = await api.call<ShipList>('POST', `/api/ship-lists/${created.id}/confirm`, { rows }, key('ship'));
  expect(shipList.status).toBe('CONFIRMED');
  const trackingNumbers = Object.fromEntries(
    shipList.rows.map((r) => [r.invoice.id, r.parcels.flatMap((p) => (p.trackingNumber ? [p.trackingNumber] : []))]),
  );
  return { pickList, shipList, trackingNumbers };
}
