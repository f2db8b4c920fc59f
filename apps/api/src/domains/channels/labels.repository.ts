import type { ChannelAccountType, ShippingLabelStatus } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** SQL of carrier labels. */

type Db = Kysely<Database>;

export function lockShipList(db: Db, id: string) {
  return db
    .selectFrom('ship_lists')
    .select(['id', 'number', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function findShipList(db: Db, id: string) {
  return db.selectFrom('ship_lists').select(['id', 'number', 'status']).where('id', '=', id).executeTakeFirst();
}

/** The invoices of a list in its order, with what a shipment needs of each. */
export function listInvoices(db: Db, shipListId: string) {
  return db
    .selectFrom('ship_list_invoices as li')
    .innerJoin('sales_invoices as i', 'i.id', 'li.invoice_id')
    .innerJoin('customers as c', 'c.id', 'i.customer_id')
    .select([
      'li.invoice_id',
      'li.position',
      'li.carrier_service_id',
      'i.number',
      'i.status',
      'i.shipped_at',
      'i.email',
      'c.name as customer_name',
      'c.phone as customer_phone',
      'i.delivery_name',
      'i.delivery_line1',
      'i.delivery_line2',
      'i.delivery_city',
      'i.delivery_county',
      'i.delivery_postcode',
      'i.delivery_country',
      'i.currency',
      'i.gross_total',
    ])
    .where('li.ship_list_id', '=', shipListId)
    .orderBy('li.position')
    .execute();
}
export type ListInvoice = Awaited<ReturnType<typeof listInvoices>>[number];

export function invoiceLines(db: Db, invoiceIds: string[]) {
  if (!invoiceIds.length) return Promise.resolve([]);
  return db
    .selectFrom('sales_invoice_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select(['l.invoice_id', 'l.line_no', 'l.quantity', 'l.gross_amount', 'p.sku', 'p.name', 'p.weight_kg'])
    .where('l.invoice_id', 'in', invoiceIds)
    .orderBy('l.invoice_id')
    .orderBy('l.line_no')
    .execute();
}

export function services(db: Db, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('carrier_services as s')
    .innerJoin('shipping_carriers as c', 'c.id', 's.carrier_id')
    .select([
      's.id',
      's.code',
      's.name',
      's.active',
      'c.id as carrier_id',
      'c.code as carrier_code',
      'c.name as carrier_name',
      'c.integration',
      'c.active as carrier_active',
    ])
    .where('s.id', 'in', ids)
    .execute();
}
export type ServiceRow = Awaited<ReturnType<typeof services>>[number];

export function accountsOfType(db: Db, type: ChannelAccountType) {
  return db
    .selectFrom('channel_accounts')
    .selectAll()
    .where('type', '=', type)
    .where('enabled', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function liveLabel(db: Db, shipListId: string, invoiceId: string) {
  return db
    .selectFrom('shipping_labels')
    .select('id')
    .where('ship_list_id', '=', shipListId)
    .where('invoice_id', '=', invoiceId)
    .where('status', '=', 'CREATED')
    .executeTakeFirst();
}

export interface LabelValues {
  accountId: string;
  shipListId: string;
  invoiceId: string;
  carrierServiceId: string;
  status: ShippingLabelStatus;
  reference: string;
  externalId: string | null;
  trackingNumbers: string[];
  labelPdf: Buffer | null;
  labelZpl: string | null;
  error: string | null;
  parcels: { weightKg: string }[];
  createdBy: string;
}

export async function insertLabel(db: Db, v: LabelValues): Promise<string> {
  const row = await db
    .insertInto('shipping_labels')
    .values({
      account_id: v.accountId,
      ship_list_id: v.shipListId,
      invoice_id: v.invoiceId,
      carrier_service_id: v.carrierServiceId,
      status: v.status,
      reference: v.reference,
      external_id: v.externalId,
      tracking_numbers: v.trackingNumbers,
      label_pdf: v.labelPdf,
      label_zpl: v.labelZpl,
      error: v.error,
      parcels: JSON.stringify(v.parcels),
      created_by: v.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Labels with what the screens show of them (never the files themselves). */
export function labelViews(db: Db) {
  return db
    .selectFrom('shipping_labels as l')
    .innerJoin('channel_accounts as a', 'a.id', 'l.account_id')
    .innerJoin('ship_lists as sl', 'sl.id', 'l.ship_list_id')
    .innerJoin('sales_invoices as i', 'i.id', 'l.invoice_id')
    .innerJoin('carrier_services as s', 's.id', 'l.carrier_service_id')
    .innerJoin('shipping_carriers as c', 'c.id', 's.carrier_id')
    .leftJoin('users as u', 'u.id', 'l.created_by')
    .leftJoin('ship_list_invoices as li', (j) =>
      j.onRef('li.ship_list_id', '=', 'l.ship_list_id').onRef('li.invoice_id', '=', 'l.invoice_id'),
    )
    .select((eb) => [
      'l.id',
      'l.status',
      'l.reference',
      'l.external_id',
      'l.tracking_numbers',
      'l.parcels',
      'l.error',
      'l.delivered_at',
      'l.created_at',
      'l.cancelled_at',
      eb('l.label_pdf', 'is not', null).as('has_pdf'),
      eb('l.label_zpl', 'is not', null).as('has_zpl'),
      'a.id as account_id',
      'a.name as account_name',
      'a.type as account_type',
      'sl.id as ship_list_id',
      'sl.number as ship_list_number',
      'i.id as invoice_id',
      'i.number as invoice_number',
      's.id as service_id',
      's.code as service_code',
      's.name as service_name',
      'c.id as carrier_id',
      'c.code as carrier_code',
      'c.name as carrier_name',
      'u.id as user_id',
      'u.username',
      'li.position',
    ]);
}
export type LabelViewRow = Awaited<ReturnType<ReturnType<typeof labelViews>['execute']>>[number];

export function lockLabel(db: Db, id: string) {
  return db.selectFrom('shipping_labels').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function labelFile(db: Db, id: string) {
  return db
    .selectFrom('shipping_labels as l')
    .innerJoin('channel_accounts as a', 'a.id', 'l.account_id')
    .select(['l.id', 'l.reference', 'l.label_pdf', 'l.label_zpl', 'a.type', 'a.name'])
    .where('l.id', '=', id)
    .executeTakeFirst();
}

export function livePdfsOfList(db: Db, shipListId: string) {
  return db
    .selectFrom('shipping_labels as l')
    .innerJoin('ship_list_invoices as li', (j) =>
      j.onRef('li.ship_list_id', '=', 'l.ship_list_id').onRef('li.invoice_id', '=', 'l.invoice_id'),
    )
    .select(['l.id', 'l.reference', 'l.label_pdf'])
    .where('l.ship_list_id', '=', shipListId)
    .where('l.status', '=', 'CREATED')
    .where('l.label_pdf', 'is not', null)
    .orderBy('li.position')
    .execute();
}

export function markCancelled(db: Db, id: string) {
  return db
    .updateTable('shipping_labels')
    .set({ status: 'CANCELLED', cancelled_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export function invoiceShipped(db: Db, invoiceId: string) {
  return db
    .selectFrom('sales_invoices')
    .select(['number', 'shipped_at', 'status'])
    .where('id', '=', invoiceId)
    .forUpdate()
    .executeTakeFirst();
}
