import { z } from 'zod';
import { Uuid } from '../platform/pagination.ts';

/**
 * A sales invoice's shipment (written by the ship list's confirm, packages/contracts/src/sales/ship-lists.ts): the
 * carrier service it went with and its parcels. Shared by the sales invoice (what it shows once shipped) and the
 * ship list.
 */

export const CarrierServiceOption = z
  .object({
    id: Uuid,
    code: z.string(),
    name: z.string(),
    tracked: z.boolean(),
    carrier: z.object({ id: Uuid, code: z.string(), name: z.string() }),
  })
  .meta({ id: 'CarrierServiceOption' });
export type CarrierServiceOption = z.infer<typeof CarrierServiceOption>;

export const ShipmentParcel = z
  .object({
    parcelNo: z.number().int(),
    /** kg, exact to the gram. */
    weightKg: z.string(),
    trackingNumber: z.string().nullable(),
    /** The carrier connector's label (empty until carrier labels arrive with the connectors). */
    labelReference: z.string().nullable(),
  })
  .meta({ id: 'ShipmentParcel' });
export type ShipmentParcel = z.infer<typeof ShipmentParcel>;

export const SalesInvoiceShipment = z
  .object({
    shippedAt: z.string(),
    shippedBy: z.object({ id: Uuid, username: z.string() }).nullable(),
    shipList: z.object({ id: Uuid, number: z.string() }),
    carrierService: CarrierServiceOption,
    parcels: z.array(ShipmentParcel),
    /** Each tracking number with the carrier's public tracking page (null when the carrier has none). */
    tracking: z.array(z.object({ trackingNumber: z.string(), url: z.string().nullable() })),
  })
  .meta({ id: 'SalesInvoiceShipment' });
export type SalesInvoiceShipment = z.infer<typeof SalesInvoiceShipment>;
