import {
  type CarrierServiceOption,
  CHANNEL_ORDER_EVENT,
  type ChannelShippedPayload,
  SALES_INVOICE_SOURCE_TYPE,
  type SalesChannel,
  type SalesInvoiceShipment,
  ShipListErrorCode,
  type ShipListInvoiceProblems,
  type ShipmentParcel,
  salesInvoiceDocument,
} from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { lockForAction, recordStep, userRef } from '../../platform/documents.ts';
import { unprocessable } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/outbox.ts';
import type { Ctx } from '../../platform/routes.ts';
import { issueReservationsWhole } from '../stock/index.ts';
import * as repo from './sales-invoice.repository.ts';
import * as shipping from './sales-invoice-shipping.repository.ts';

/**
 * The sales invoice's `ship` step (READY_FOR_DELIVERY → PROCESSED), taken by a ship list's confirm for all its
 * invoices at once (contract sales/ship-lists.ts tells the flow). In the caller's transaction, in invoice id order:
 * every invoice locked and its step checked (409 SALES_INVOICE_STATUS_CONFLICT), every stocked line's reservation
 * issued whole at FIFO cost by the stock core (422 SHIP_LIST_STOCK_SHORT naming the invoices whose stock a loss took
 * meanwhile; nothing written), the shipment written on the invoice, the step logged, and for a channel order the
 * message STATUS_SHIPPED queued in the outbox for the channel's connector.
 */

export interface InvoiceShipment {
  invoiceId: string;
  shipList: { id: string; number: string };
  carrierService: CarrierServiceOption;
  parcels: ShipmentParcel[];
}

export async function shipSalesInvoices(ctx: Ctx, shipments: InvoiceShipment[]): Promise<void> {
  const ordered = [...shipments].sort((a, b) => (a.invoiceId < b.invoiceId ? -1 : a.invoiceId > b.invoiceId ? 1 : 0));
  const rows = [];
  for (const s of ordered)
    rows.push(await lockForAction(ctx.db, salesInvoiceDocument, 'sales_invoices', s.invoiceId, 'ship'));
  const lines = await repo.findLines(
    ctx.db,
    ordered.map((s) => s.invoiceId),
  );
  const result = await issueReservationsWhole(
    ctx,
    ordered.map((s) => ({
      sourceType: SALES_INVOICE_SOURCE_TYPE,
      sourceId: s.invoiceId,
      reservations: lines
        .filter((l) => l.invoice_id === s.invoiceId && l.kind !== 'SERVICE' && l.reservation_id)
        .map((l) => ({ reservationId: l.reservation_id as string, sourceLine: l.id })),
    })),
  );
  // A stocked line without a reservation cannot be shipped either (booked invoices reserve every stocked line).
  const unreserved = lines.filter((l) => l.kind !== 'SERVICE' && !l.reservation_id);
  if (!result.ok || unreserved.length) {
    const byInvoice = new Map<string, string[]>();
    const skuOf = (reservationId: string) => lines.find((l) => l.reservation_id === reservationId)?.sku ?? '';
    for (const p of result.ok ? [] : result.problems) {
      const list = byInvoice.get(p.sourceId) ?? [];
      list.push(
        p.status === 'OPEN'
          ? `${skuOf(p.reservationId)}: ${p.short.toFixed()} of ${p.open.toFixed()} reserved are short`
          : `${skuOf(p.reservationId)}: its reservation is ${p.status.toLowerCase()}`,
      );
      byInvoice.set(p.sourceId, list);
    }
    for (const l of unreserved) {
      const list = byInvoice.get(l.invoice_id) ?? [];
      list.push(`${l.sku}: nothing reserved`);
      byInvoice.set(l.invoice_id, list);
    }
    const details: ShipListInvoiceProblems = {
      invoices: rows
        .filter((r) => byInvoice.has(r.id))
        .map((r) => ({ invoiceId: r.id, number: r.number, problem: (byInvoice.get(r.id) ?? []).join('; ') })),
    };
    throw unprocessable(
      ShipListErrorCode.SHIP_LIST_STOCK_SHORT,
      `Not all the stock of these invoices is still there: ${details.invoices
        .map((i) => `${i.number} (${i.problem})`)
        .join(', ')}. A count or loss took it since they were booked; nothing was shipped.`,
      details,
    );
  }

  for (const [i, s] of ordered.entries()) {
    const row = rows[i] as (typeof rows)[number];
    await shipping.markShipped(ctx.db, s.invoiceId, ctx.user.id, {
      shipListId: s.shipList.id,
      shipListNumber: s.shipList.number,
      carrierServiceId: s.carrierService.id,
      parcels: s.parcels,
    });
    const trackingNumbers = s.parcels.flatMap((p) => (p.trackingNumber ? [p.trackingNumber] : []));
    const movements = result.movements.get(s.invoiceId) ?? [];
    await recordStep(ctx, salesInvoiceDocument, row, 'ship', 'PROCESSED', {
      after: {
        shipList: s.shipList.number,
        carrier: s.carrierService.carrier.code,
        service: s.carrierService.code,
        parcels: s.parcels.length,
        trackingNumbers,
        movementIds: movements.map((m) => m.id),
      },
    });
    if (row.channel === 'MANUAL') continue;
    const payload: ChannelShippedPayload = {
      processType: 'STATUS_SHIPPED',
      channel: row.channel as SalesChannel,
      externalOrderId: row.external_order_id,
      invoiceId: row.id,
      invoiceNumber: row.number,
      shipListNumber: s.shipList.number,
      shippedAt: new Date().toISOString(),
      carrier: { code: s.carrierService.carrier.code, name: s.carrierService.carrier.name },
      service: { code: s.carrierService.code, name: s.carrierService.name },
      trackingNumbers,
    };
    await emitEvent(ctx.db, {
      type: CHANNEL_ORDER_EVENT,
      key: `${row.channel}:${row.external_order_id ?? row.number}`,
      payload,
    });
  }
}

/** The invoice's shipment once shipped (null before): the detail page, the packing slip. */
export async function shipmentOf(db: Kysely<Database>, id: string): Promise<SalesInvoiceShipment | null> {
  const r = await shipping.findShipment(db, id);
  if (!r?.shipped_at || !r.ship_list_id) return null;
  const parcels = ((r.shipment_parcels as ShipmentParcel[] | null) ?? []).map((p) => ({
    parcelNo: p.parcelNo,
    weightKg: p.weightKg,
    trackingNumber: p.trackingNumber ?? null,
    labelReference: p.labelReference ?? null,
  }));
  return {
    shippedAt: r.shipped_at.toISOString(),
    shippedBy: userRef(r.shipped_by, r.shipped_by_name),
    shipList: { id: r.ship_list_id, number: r.ship_list_number ?? '' },
    carrierService: {
      id: r.service_id,
      code: r.service_code,
      name: r.service_name,
      tracked: r.tracked,
      carrier: { id: r.carrier_id, code: r.carrier_code, name: r.carrier_name },
    },
    parcels,
    tracking: parcels.flatMap((p) =>
      p.trackingNumber
        ? [
            {
              trackingNumber: p.trackingNumber,
              url: r.tracking_url_template
                ? r.tracking_url_template.replace('{trackingNumber}', encodeURIComponent(p.trackingNumber))
                : null,
            },
          ]
        : [],
    ),
  };
}

/** Carrier services by id with their carriers (the ship list's rows). */
export async function carrierServicesByIds(db: Kysely<Database>, ids: string[]) {
  const rows = await shipping.findCarrierServices(db, ids);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        active: r.active && r.carrier_active,
        option: {
          id: r.id,
          code: r.code,
          name: r.name,
          tracked: r.tracked,
          carrier: { id: r.carrier_id, code: r.carrier_code, name: r.carrier_name },
        } satisfies CarrierServiceOption,
      },
    ]),
  );
}
