import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** SQL of the shipment facts on a sales invoice (sales-invoice.shipping.ts). */

type Db = Kysely<Database>;

export interface ShipmentWrite {
  shipListId: string;
  shipListNumber: string;
  carrierServiceId: string;
  parcels: { parcelNo: number; weightKg: string; trackingNumber: string | null; labelReference: string | null }[];
}

export async function markShipped(db: Db, id: string, userId: string, s: ShipmentWrite) {
  await db
    .updateTable('sales_invoices')
    .set({
      status: 'PROCESSED',
      shipped_at: sql`now()`,
      shipped_by: userId,
      ship_list_id: s.shipListId,
      ship_list_number: s.shipListNumber,
      shipped_carrier_service_id: s.carrierServiceId,
      shipment_parcels: JSON.stringify(s.parcels),
      tracking_numbers: s.parcels.flatMap((p) => (p.trackingNumber ? [p.trackingNumber] : [])),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function findShipment(db: Db, id: string) {
  return db
    .selectFrom('sales_invoices as i')
    .innerJoin('carrier_services as s', 's.id', 'i.shipped_carrier_service_id')
    .innerJoin('shipping_carriers as c', 'c.id', 's.carrier_id')
    .leftJoin('users as u', 'u.id', 'i.shipped_by')
    .select([
      'i.shipped_at',
      'i.shipped_by',
      'u.username as shipped_by_name',
      'i.ship_list_id',
      'i.ship_list_number',
      'i.shipment_parcels',
      's.id as service_id',
      's.code as service_code',
      's.name as service_name',
      's.tracked',
      'c.id as carrier_id',
      'c.code as carrier_code',
      'c.name as carrier_name',
      'c.tracking_url_template',
    ])
    .where('i.id', '=', id)
    .where('i.shipped_at', 'is not', null)
    .executeTakeFirst();
}

export async function findCarrierServices(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('carrier_services as s')
    .innerJoin('shipping_carriers as c', 'c.id', 's.carrier_id')
    .select([
      's.id',
      's.code',
      's.name',
      's.tracked',
      's.active',
      'c.active as carrier_active',
      'c.id as carrier_id',
      'c.code as carrier_code',
      'c.name as carrier_name',
    ])
    .where('s.id', 'in', ids)
    .execute();
}
