import {
  type CarrierServiceOption,
  type SalesChannel,
  SHIP_LIST_STATUSES,
  type ShipList,
  type ShipListCancelInput,
  type ShipListCandidateQuery,
  type ShipListConfirmInput,
  type ShipListCreateInput,
  ShipListErrorCode,
  type ShipListInvoiceHead,
  type ShipListInvoiceProblems,
  type ShipListListQuery,
  type ShipListPage,
  type ShipListStatus,
  type ShipListSummary,
  type ShipmentParcel,
  shipListDocument,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import {
  auditDocument,
  found,
  isoOrNull,
  lockForAction,
  nextDocumentNumber,
  pageOfDocuments,
  recordStep,
  userRef,
} from '../../platform/documents.ts';
import { isUniqueViolation, unprocessable } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';
import { lookupCarrierServices } from '../purchasing-lookups/index.ts';
import { carrierServicesByIds, type InvoiceShipment, shipSalesInvoices } from '../sales-invoices/index.ts';
import * as repo from './ship-list.repository.ts';

/**
 * Ship lists (contract packages/contracts/src/sales/ship-lists.ts, whose header tells the whole flow): a batch of
 * packed invoices of one warehouse, confirmed all at once through the sales invoices' `ship` step, which issues the
 * stock at FIFO cost and queues the channel's STATUS_SHIPPED message, all in the request's one transaction.
 */

type CreateValues = z.output<typeof ShipListCreateInput>;
type ConfirmValues = z.output<typeof ShipListConfirmInput>;
type CancelValues = z.output<typeof ShipListCancelInput>;

const E = ShipListErrorCode;
const LABEL = shipListDocument.label;

// Reading

async function servicesOf(db: Kysely<Database>, ids: (string | null)[]) {
  return carrierServicesByIds(db, [...new Set(ids.filter((id): id is string => !!id))]);
}

function headOf(r: repo.InvoiceHeadRow, service: CarrierServiceOption | null): ShipListInvoiceHead {
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    channel: r.channel as SalesChannel,
    externalOrderId: r.external_order_id,
    invoiceDate: r.invoice_date,
    customerName: r.customer_name,
    deliveryName: r.delivery_name,
    deliveryPostcode: r.delivery_postcode,
    deliveryCountry: r.delivery_country,
    lineCount: r.line_count,
    totalQuantity: new Decimal(r.total_quantity).toFixed(),
    carrierService: service,
  };
}

export async function listCandidates(db: Kysely<Database>, q: ShipListCandidateQuery) {
  const page = await pageOfDocuments(
    q,
    (limit, offset) => repo.findCandidates(db, q, limit, offset),
    () => repo.countCandidates(db, q),
    (r) => r,
  );
  const services = await servicesOf(
    db,
    page.items.map((r) => r.carrier_service_id),
  );
  return {
    ...page,
    items: page.items.map((r) =>
      headOf(r, r.carrier_service_id ? (services.get(r.carrier_service_id)?.option ?? null) : null),
    ),
  };
}

/** The ship list's selects offer what the sales screens' pickers do: the active services of active carriers. */
export function carrierServices(db: Kysely<Database>): Promise<{ items: CarrierServiceOption[] }> {
  return lookupCarrierServices(db);
}

function summaryOf(r: repo.ShipListRow): ShipListSummary {
  return {
    id: r.id,
    number: r.number,
    status: r.status as ShipListStatus,
    warehouse: { id: r.warehouse_id, code: r.warehouse_code, name: r.warehouse_name },
    invoiceCount: r.invoice_count,
    parcelCount: r.parcel_count,
    note: r.note,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    createdBy: userRef(r.created_by, r.created_by_name),
    confirmedAt: isoOrNull(r.confirmed_at),
    confirmedBy: userRef(r.confirmed_by, r.confirmed_by_name),
    canceledAt: isoOrNull(r.canceled_at),
    cancelReason: r.cancel_reason,
  };
}

export async function getShipList(db: Kysely<Database>, id: string): Promise<ShipList> {
  const head = found(await repo.findShipList(db, id), LABEL, id);
  const [entries, parcels] = await Promise.all([repo.findListInvoices(db, id), repo.findParcels(db, id)]);
  const invoices = new Map(
    (
      await repo.findInvoiceHeads(
        db,
        entries.map((e) => e.invoice_id),
      )
    ).map((r) => [r.id, r]),
  );
  const services = await servicesOf(db, [
    ...entries.map((e) => e.carrier_service_id),
    ...[...invoices.values()].map((i) => i.carrier_service_id),
  ]);
  const option = (id: string | null) => (id ? (services.get(id)?.option ?? null) : null);
  return {
    ...summaryOf(head),
    canceledBy: userRef(head.canceled_by, head.canceled_by_name),
    rows: entries.flatMap((e) => {
      const invoice = invoices.get(e.invoice_id);
      if (!invoice) return [];
      return [
        {
          invoice: headOf(invoice, option(invoice.carrier_service_id)),
          carrierService: option(e.carrier_service_id),
          parcels: parcels
            .filter((p) => p.invoice_id === e.invoice_id)
            .map((p) => ({
              parcelNo: p.parcel_no,
              weightKg: new Decimal(p.weight_kg).toFixed(),
              trackingNumber: p.tracking_number,
              labelReference: p.label_reference,
            })),
        },
      ];
    }),
  };
}

export async function listShipLists(db: Kysely<Database>, q: ShipListListQuery): Promise<ShipListPage> {
  const [page, counts] = await Promise.all([
    pageOfDocuments(
      q,
      (limit, offset) => repo.findShipLists(db, q, limit, offset),
      () => repo.countShipLists(db, q),
      summaryOf,
    ),
    repo.countByStatus(db, q),
  ]);
  const statusCounts = Object.fromEntries(SHIP_LIST_STATUSES.map((s) => [s, counts.get(s) ?? 0])) as Record<
    ShipListStatus,
    number
  >;
  return { ...page, statusCounts };
}

// Writing

/** Every invoice packed, of the list's warehouse and on no other open list, else 422 naming each that is not. */
export async function createShipList(ctx: Ctx, input: CreateValues): Promise<ShipList> {
  const warehouse = await repo.findWarehouse(ctx.db, input.warehouseId);
  if (!warehouse?.active)
    throw unprocessable(
      E.SHIP_LIST_WAREHOUSE_UNKNOWN,
      warehouse
        ? `Warehouse ${warehouse.code} is inactive: it ships nothing.`
        : 'The chosen warehouse no longer exists.',
      { field: 'warehouseId', warehouseId: input.warehouseId },
    );
  const rows = await repo.lockInvoicesForList(ctx.db, input.invoiceIds);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const problems: ShipListInvoiceProblems['invoices'] = [];
  for (const id of input.invoiceIds) {
    const r = byId.get(id);
    if (!r) problems.push({ invoiceId: id, number: '', problem: 'no such invoice' });
    else if (r.status !== 'READY_FOR_DELIVERY')
      problems.push({ invoiceId: id, number: r.number, problem: `it is ${r.status.toLowerCase().replace(/_/g, ' ')}` });
    else if (r.warehouse_id !== input.warehouseId)
      problems.push({
        invoiceId: id,
        number: r.number,
        problem: `it ships from another warehouse than ${warehouse.code}`,
      });
    else if (r.open_list)
      problems.push({ invoiceId: id, number: r.number, problem: `it is on ship list ${r.open_list}` });
  }
  if (problems.length)
    throw unprocessable(
      E.SHIP_LIST_INVOICE_NOT_READY,
      `These invoices cannot go on a ship list: ${problems
        .map((p) => `${p.number || p.invoiceId} (${p.problem})`)
        .join(', ')}. Only packed invoices (ready for delivery) of the warehouse that are on no open list can.`,
      { invoices: problems } satisfies ShipListInvoiceProblems,
    );
  const number = await nextDocumentNumber(ctx.db, 'shipList');
  const id = await repo.insertShipList(ctx.db, {
    number,
    warehouseId: input.warehouseId,
    note: input.note,
    invoiceCount: input.invoiceIds.length,
    userId: ctx.user.id,
  });
  try {
    await repo.insertListInvoices(
      ctx.db,
      id,
      input.invoiceIds.map((invoiceId) => ({
        invoiceId,
        carrierServiceId: byId.get(invoiceId)?.carrier_service_id ?? null,
      })),
    );
  } catch (e) {
    // Another list took one of them between the check and the write: the partial unique index refuses it.
    if (isUniqueViolation(e, 'ship_list_invoices_open_key'))
      throw unprocessable(E.SHIP_LIST_INVOICE_NOT_READY, 'One of these invoices was just put on another ship list.');
    throw e;
  }
  const created = await getShipList(ctx.db, id);
  await auditDocument(ctx, shipListDocument, {
    number,
    action: 'create',
    after: { warehouse: warehouse.code, invoices: created.rows.map((r) => r.invoice.number) },
  });
  return created;
}

const lockFor = (ctx: Ctx, id: string, action: keyof typeof shipListDocument.actions) =>
  lockForAction(ctx.db, shipListDocument, 'ship_lists', id, action);

/**
 * Confirm: the rows checked (one per invoice of the list, a usable carrier service, a tracking number on every parcel
 * of a tracked service, no number twice nor already shipped), then the invoices shipped through the sales invoices'
 * `ship` step (stock issued whole at FIFO cost, the invoice PROCESSED, the channel told), the parcels recorded and
 * the list CONFIRMED. Any refusal rolls everything back.
 */
export async function confirmShipList(ctx: Ctx, id: string, input: ConfirmValues): Promise<ShipList> {
  const row = await lockFor(ctx, id, 'confirm');
  const entries = await repo.findListInvoices(ctx.db, id);
  const heads = new Map(
    (
      await repo.findInvoiceHeads(
        ctx.db,
        entries.map((e) => e.invoice_id),
      )
    ).map((h) => [h.id, h]),
  );
  const numberOf = (invoiceId: string) => heads.get(invoiceId)?.number ?? invoiceId;
  const onList = new Set(entries.map((e) => e.invoice_id));
  const given = new Set(input.rows.map((r) => r.invoiceId));
  if (given.size !== input.rows.length || given.size !== onList.size || [...given].some((g) => !onList.has(g))) {
    const missing = [...onList].filter((i) => !given.has(i)).map(numberOf);
    throw unprocessable(
      E.SHIP_LIST_ROWS_MISMATCH,
      `Give one row for each invoice of ${row.number}, and no other${missing.length ? `: missing ${missing.join(', ')}` : ''}.`,
      { missing },
    );
  }

  const services = await servicesOf(
    ctx.db,
    input.rows.map((r) => r.carrierServiceId),
  );
  const trackingRequired: ShipListInvoiceProblems['invoices'] = [];
  const seen = new Map<string, { invoice: string; carrierId: string; trackingNumber: string }>();
  for (const [i, r] of input.rows.entries()) {
    const service = services.get(r.carrierServiceId);
    if (!service?.active)
      throw unprocessable(
        E.SHIP_LIST_CARRIER_SERVICE_UNKNOWN,
        service
          ? `${service.option.carrier.name} ${service.option.name} is inactive: choose another service for ${numberOf(r.invoiceId)}.`
          : `The carrier service chosen for ${numberOf(r.invoiceId)} no longer exists.`,
        { index: i, invoiceId: r.invoiceId, field: 'carrierServiceId' },
      );
    if (service.option.tracked && r.parcels.some((p) => !p.trackingNumber))
      trackingRequired.push({
        invoiceId: r.invoiceId,
        number: numberOf(r.invoiceId),
        problem: `${service.option.name} is tracked: every parcel needs its tracking number`,
      });
    // A number is used once per carrier (two carriers may issue the same text).
    const carrierId = service.option.carrier.id;
    for (const p of r.parcels) {
      if (!p.trackingNumber) continue;
      const key = `${carrierId}|${p.trackingNumber}`;
      const other = seen.get(key);
      if (other)
        throw unprocessable(
          E.SHIP_LIST_TRACKING_DUPLICATE,
          `Tracking number ${p.trackingNumber} is typed twice (${other.invoice} and ${numberOf(r.invoiceId)}): each parcel has its own.`,
          { trackingNumber: p.trackingNumber },
        );
      seen.set(key, { invoice: numberOf(r.invoiceId), carrierId, trackingNumber: p.trackingNumber });
    }
  }
  if (trackingRequired.length)
    throw unprocessable(
      E.SHIP_LIST_TRACKING_REQUIRED,
      `Tracking numbers are missing: ${trackingRequired.map((t) => `${t.number} (${t.problem})`).join(', ')}.`,
      { invoices: trackingRequired } satisfies ShipListInvoiceProblems,
    );
  const used = await repo.findUsedTracking(ctx.db, [...seen.values()]);
  const firstUsed = used[0];
  if (firstUsed)
    throw trackingUsed(firstUsed.tracking_number ?? '', firstUsed.ship_list_number, firstUsed.invoice_number);

  const shipments: InvoiceShipment[] = input.rows.map((r) => ({
    invoiceId: r.invoiceId,
    shipList: { id, number: row.number },
    carrierService: services.get(r.carrierServiceId)?.option as CarrierServiceOption,
    parcels: r.parcels.map(
      (p, n): ShipmentParcel => ({
        parcelNo: n + 1,
        weightKg: new Decimal(p.weightKg).toFixed(),
        trackingNumber: p.trackingNumber,
        labelReference: null,
      }),
    ),
  }));
  await shipSalesInvoices(ctx, shipments);
  try {
    await repo.insertParcels(
      ctx.db,
      id,
      shipments.flatMap((s) =>
        s.parcels.map((p) => ({
          invoiceId: s.invoiceId,
          parcelNo: p.parcelNo,
          weightKg: p.weightKg,
          trackingNumber: p.trackingNumber,
          carrierId: s.carrierService.carrier.id,
        })),
      ),
    );
  } catch (e) {
    // Another list confirmed one of these numbers at the same moment: the unique index settles it.
    if (isUniqueViolation(e, 'ship_list_parcels_tracking_key'))
      throw unprocessable(
        E.SHIP_LIST_TRACKING_NUMBER_USED,
        'One of these tracking numbers was just confirmed on another shipment: check the numbers and confirm again.',
      );
    throw e;
  }
  for (const s of shipments) await repo.setRowService(ctx.db, id, s.invoiceId, s.carrierService.id);
  const parcelCount = shipments.reduce((n, s) => n + s.parcels.length, 0);
  await repo.markConfirmed(ctx.db, id, ctx.user.id, parcelCount);
  await recordStep(ctx, shipListDocument, row, 'confirm', 'CONFIRMED', {
    after: {
      invoices: shipments.map((s) => numberOf(s.invoiceId)),
      parcels: parcelCount,
      trackingNumbers: [...seen.values()].map((v) => v.trackingNumber),
    },
  });
  return getShipList(ctx.db, id);
}

function trackingUsed(trackingNumber: string, shipListNumber: string, invoiceNumber: string) {
  return unprocessable(
    E.SHIP_LIST_TRACKING_NUMBER_USED,
    `Tracking number ${trackingNumber} is already on invoice ${invoiceNumber} (ship list ${shipListNumber}): a parcel's number is used once.`,
    { trackingNumber, shipList: shipListNumber, invoice: invoiceNumber },
  );
}

export async function cancelShipList(ctx: Ctx, id: string, input: CancelValues): Promise<ShipList> {
  const row = await lockFor(ctx, id, 'cancel');
  await repo.markCanceled(ctx.db, id, ctx.user.id, input.reason);
  await recordStep(ctx, shipListDocument, row, 'cancel', 'CANCELED', { after: { reason: input.reason } });
  return getShipList(ctx.db, id);
}

/** The invoice ids of a list in its order (its packing slips). */
export async function invoiceIdsOf(db: Kysely<Database>, id: string) {
  const head = found(await repo.findShipList(db, id), LABEL, id);
  const entries = await repo.findListInvoices(db, id);
  return { number: head.number, ids: entries.map((e) => e.invoice_id) };
}
