import { randomBytes } from 'node:crypto';
import type { CarrierServiceOption, PickList, ShipList, ShipListConfirmInput } from '@backoffice/contracts';
import { expect } from 'vitest';
import type { ApiClient } from './app.ts';

/**
 * Order to cash through the real API, for tests that need an invoice picked or shipped: the pick list (create, scan
 * every line's quantity, confirm) and the ship list (create, confirm with parcels and tracking numbers), exactly as a
 * picker and a shipper do it. The client needs handle_pick_list_process and ship_list.
 */

let keys = 0;
const key = (prefix: string) => ({ 'idempotency-key': `${prefix}-${Date.now()}-${++keys}` });

/** A tracking number no other shipment has (the contract's form: capitals and digits). */
export function uniqueTrackingNumber(prefix = 'FT'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(4).toString('hex')}`.toUpperCase();
}

/**
 * Picks these BOOKED invoices of the warehouse in full on one pick list: every line scanned to its required quantity,
 * then confirmed, so each invoice is READY_FOR_DELIVERY. Returns the confirmed list.
 */
export async function pickInvoices(api: ApiClient, warehouseId: string, invoiceIds: string[]): Promise<PickList> {
  const created = await api.post<PickList>('/api/pick-lists', { warehouseId, invoiceIds }, key('pick'));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const list = created.body;
  for (const line of list.lines) {
    const scanned = await api.post<PickList>(`/api/pick-lists/${list.id}/scan`, {
      code: line.product.sku,
      quantity: line.required,
      warehouseId,
    });
    expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
  }
  const confirmed = await api.post<PickList>(`/api/pick-lists/${list.id}/confirm`, { warehouseId });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  expect(confirmed.body.status).toBe('CONFIRMED');
  expect(confirmed.body.invoices.map((i) => [i.id, i.status, i.outcome]).sort()).toEqual(
    invoiceIds.map((id) => [id, 'READY_FOR_DELIVERY', 'PICKED']).sort(),
  );
  return confirmed.body;
}

export interface ShipOptions {
  /** The service every invoice ships with; default: the invoice's own, else the first service the ship list offers. */
  carrierServiceId?: string;
  /** Per invoice id, its parcels' tracking numbers (null: a parcel without); default: one parcel, a new number. */
  trackingNumbers?: Record<string, (string | null)[]>;
  /** The invoices are already READY_FOR_DELIVERY: no pick list. */
  picked?: boolean;
}

export interface Shipped {
  /** The pick list that picked them (null when they came picked). */
  pickList: PickList | null;
  /** The confirmed ship list. */
  shipList: ShipList;
  /** Per invoice id, the tracking numbers shipped with, as stored (capitals). */
  trackingNumbers: Record<string, string[]>;
}

/**
 * Ships these BOOKED invoices of the warehouse: picked in full (`pickInvoices`), then on one ship list confirmed with
 * a parcel of 1.250 kg and a tracking number each (or as given). The confirm issues their reservations at FIFO cost
 * and makes them PROCESSED with the shipment recorded.
 */
export async function shipInvoices(
  api: ApiClient,
  warehouseId: string,
  invoiceIds: string[],
  options: ShipOptions = {},
): Promise<Shipped> {
  const pickList = options.picked ? null : await pickInvoices(api, warehouseId, invoiceIds);
  const created = await api.post<ShipList>('/api/ship-lists', { warehouseId, invoiceIds }, key('ship'));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  let fallback: CarrierServiceOption | undefined;
  const rows: ShipListConfirmInput['rows'] = [];
  for (const row of created.body.rows) {
    let serviceId = options.carrierServiceId ?? row.carrierService?.id;
    if (!serviceId) {
      if (!fallback) {
        const offered = await api.get<{ items: CarrierServiceOption[] }>('/api/ship-lists/carrier-services');
        expect(offered.status, JSON.stringify(offered.body)).toBe(200);
        fallback = offered.body.items[0];
        expect(fallback, 'a carrier service to ship with').toBeDefined();
      }
      serviceId = fallback?.id as string;
    }
    const tracking = options.trackingNumbers?.[row.invoice.id] ?? [uniqueTrackingNumber()];
    rows.push({
      invoiceId: row.invoice.id,
      carrierServiceId: serviceId,
      parcels: tracking.map((trackingNumber) => ({ weightKg: '1.250', trackingNumber })),
    });
  }
  const confirmed = await api.post<ShipList>(`/api/ship-lists/${created.body.id}/confirm`, { rows }, key('ship'));
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  expect(confirmed.body.status).toBe('CONFIRMED');
  const trackingNumbers = Object.fromEntries(
    confirmed.body.rows.map((r) => [
      r.invoice.id,
      r.parcels.flatMap((p) => (p.trackingNumber ? [p.trackingNumber] : [])),
    ]),
  );
  return { pickList, shipList: confirmed.body, trackingNumbers };
}
