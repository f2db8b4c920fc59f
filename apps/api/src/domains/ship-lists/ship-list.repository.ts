import type { ShipListCandidateQuery, ShipListListQuery } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/** SQL of ship lists (ship-list.service.ts tells the rules). */

type Db = Kysely<Database>;

// Candidates: packed invoices of a warehouse on no open list

const invoiceHeadColumns = [
  'i.id',
  'i.number',
  'i.status',
  'i.channel',
  'i.external_order_id',
  'i.invoice_date',
  'i.delivery_name',
  'i.delivery_postcode',
  'i.delivery_country',
  'i.line_count',
  'i.total_quantity',
  'i.warehouse_id',
  'c.name as customer_name',
  'i.carrier_service_id',
] as const;

function candidates(db: Db, q: ShipListCandidateQuery) {
  let query = db
    .selectFrom('sales_invoices as i')
    .innerJoin('customers as c', 'c.id', 'i.customer_id')
    .where('i.status', '=', 'READY_FOR_DELIVERY')
    .where('i.warehouse_id', '=', q.warehouseId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ship_list_invoices as sli')
            .select(sql`1`.as('one'))
            .whereRef('sli.invoice_id', '=', 'i.id')
            .where('sli.open', '=', true),
        ),
      ),
    );
  if (q.channel) query = query.where('i.channel', '=', q.channel);
  if (q.from) query = query.where('i.invoice_date', '>=', q.from);
  if (q.to) query = query.where('i.invoice_date', '<=', q.to);
  if (q.carrierId) {
    const carrierId = q.carrierId;
    query = query.where('i.carrier_service_id', 'in', (eb) =>
      eb.selectFrom('carrier_services').select('id').where('carrier_id', '=', carrierId),
    );
  }
  if (q.q) {
    const pattern = likePattern(q.q);
    query = query.where((eb) =>
      eb.or([
        eb('i.number', 'ilike', pattern),
        eb('i.external_order_id', 'ilike', pattern),
        eb('c.name', 'ilike', pattern),
      ]),
    );
  }
  return query;
}

export function findCandidates(db: Db, q: ShipListCandidateQuery, limit: number, offset: number) {
  return candidates(db, q)
    .select(invoiceHeadColumns)
    .orderBy('i.invoice_date')
    .orderBy('i.number')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countCandidates(db: Db, q: ShipListCandidateQuery) {
  const row = await candidates(db, q)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type InvoiceHeadRow = Awaited<ReturnType<typeof findCandidates>>[number];

/** The invoices named, with the open list each is on (if any), locked while a list is made of them. */
export async function lockInvoicesForList(db: Db, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('sales_invoices as i')
    .innerJoin('customers as c', 'c.id', 'i.customer_id')
    .select(invoiceHeadColumns)
    .where('i.id', 'in', ids)
    .orderBy('i.id')
    .forUpdate('i')
    .execute();
  const open = await db
    .selectFrom('ship_list_invoices as sli')
    .innerJoin('ship_lists as s', 's.id', 'sli.ship_list_id')
    .select(['sli.invoice_id', 's.number'])
    .where('sli.invoice_id', 'in', ids)
    .where('sli.open', '=', true)
    .execute();
  const onList = new Map(open.map((o) => [o.invoice_id, o.number]));
  return rows.map((r) => ({ ...r, open_list: onList.get(r.id) ?? null }));
}

export async function findInvoiceHeads(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('sales_invoices as i')
    .innerJoin('customers as c', 'c.id', 'i.customer_id')
    .select(invoiceHeadColumns)
    .where('i.id', 'in', ids)
    .execute();
}

// The list itself

export async function findWarehouse(db: Db, id: string) {
  return db.selectFrom('warehouses').select(['id', 'code', 'name', 'active']).where('id', '=', id).executeTakeFirst();
}

export async function insertShipList(
  db: Db,
  v: { number: string; warehouseId: string; note: string; invoiceCount: number; userId: string },
) {
  const row = await db
    .insertInto('ship_lists')
    .values({
      number: v.number,
      warehouse_id: v.warehouseId,
      note: v.note,
      invoice_count: v.invoiceCount,
      created_by: v.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertListInvoices(
  db: Db,
  shipListId: string,
  rows: { invoiceId: string; carrierServiceId: string | null }[],
) {
  if (!rows.length) return;
  await db
    .insertInto('ship_list_invoices')
    .values(
      rows.map((r, i) => ({
        ship_list_id: shipListId,
        invoice_id: r.invoiceId,
        position: i + 1,
        carrier_service_id: r.carrierServiceId,
      })),
    )
    .execute();
}

const HEAD = [
  's.id',
  's.number',
  's.status',
  's.warehouse_id',
  'w.code as warehouse_code',
  'w.name as warehouse_name',
  's.invoice_count',
  's.parcel_count',
  's.note',
  's.created_at',
  's.updated_at',
  's.created_by',
  'cu.username as created_by_name',
  's.confirmed_at',
  's.confirmed_by',
  'fu.username as confirmed_by_name',
  's.canceled_at',
  's.canceled_by',
  'xu.username as canceled_by_name',
  's.cancel_reason',
] as const;

function heads(db: Db) {
  return db
    .selectFrom('ship_lists as s')
    .innerJoin('warehouses as w', 'w.id', 's.warehouse_id')
    .leftJoin('users as cu', 'cu.id', 's.created_by')
    .leftJoin('users as fu', 'fu.id', 's.confirmed_by')
    .leftJoin('users as xu', 'xu.id', 's.canceled_by');
}

export function findShipList(db: Db, id: string) {
  return heads(db).select(HEAD).where('s.id', '=', id).executeTakeFirst();
}
export type ShipListRow = NonNullable<Awaited<ReturnType<typeof findShipList>>>;

export function findListInvoices(db: Db, shipListId: string) {
  return db
    .selectFrom('ship_list_invoices')
    .select(['invoice_id', 'position', 'carrier_service_id', 'open'])
    .where('ship_list_id', '=', shipListId)
    .orderBy('position')
    .execute();
}

export function findParcels(db: Db, shipListId: string) {
  return db
    .selectFrom('ship_list_parcels')
    .select(['invoice_id', 'parcel_no', 'weight_kg', 'tracking_number', 'label_reference'])
    .where('ship_list_id', '=', shipListId)
    .orderBy('invoice_id')
    .orderBy('parcel_no')
    .execute();
}

const SORTS = {
  number: 's.number',
  status: 's.status',
  createdAt: 's.created_at',
  confirmedAt: 's.confirmed_at',
  invoiceCount: 's.invoice_count',
} as const;

function filtered(db: Db, q: ShipListListQuery, withStatus = true) {
  let query = db.selectFrom('ship_lists as s');
  if (withStatus && q.status) query = query.where('s.status', '=', q.status);
  if (q.warehouseId) query = query.where('s.warehouse_id', '=', q.warehouseId);
  if (q.from) query = query.where(sql<string>`(s.created_at AT TIME ZONE 'Europe/London')::date`, '>=', q.from);
  if (q.to) query = query.where(sql<string>`(s.created_at AT TIME ZONE 'Europe/London')::date`, '<=', q.to);
  if (q.q) {
    const pattern = likePattern(q.q);
    query = query.where((eb) =>
      eb.or([
        eb('s.number', 'ilike', pattern),
        eb(
          's.id',
          'in',
          eb
            .selectFrom('ship_list_invoices as sli')
            .innerJoin('sales_invoices as i', 'i.id', 'sli.invoice_id')
            .select('sli.ship_list_id')
            .where((e) => e.or([e('i.number', 'ilike', pattern), e('i.external_order_id', 'ilike', pattern)])),
        ),
      ]),
    );
  }
  return query;
}

export function findShipLists(db: Db, q: ShipListListQuery, limit: number, offset: number) {
  // An unknown field (a prototype key included) is refused with 400 naming the sortable ones.
  const { column, direction } = parseSort(q.sort, SORTS, { column: SORTS.createdAt, direction: 'desc' });
  const desc = direction === 'desc';
  return filtered(db, q)
    .innerJoin('warehouses as w', 'w.id', 's.warehouse_id')
    .leftJoin('users as cu', 'cu.id', 's.created_by')
    .leftJoin('users as fu', 'fu.id', 's.confirmed_by')
    .leftJoin('users as xu', 'xu.id', 's.canceled_by')
    .select(HEAD)
    .orderBy(column, desc ? 'desc' : 'asc')
    .orderBy('s.id', desc ? 'desc' : 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countShipLists(db: Db, q: ShipListListQuery) {
  const row = await filtered(db, q)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countByStatus(db: Db, q: ShipListListQuery) {
  const rows = await filtered(db, q, false)
    .select(['s.status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('s.status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

// Confirm and cancel

/** Tracking numbers already on a shipment of the same carrier, with where. */
export function findUsedTracking(db: Db, numbers: { carrierId: string; trackingNumber: string }[]) {
  if (!numbers.length) return Promise.resolve([]);
  return db
    .selectFrom('ship_list_parcels as p')
    .innerJoin('ship_lists as s', 's.id', 'p.ship_list_id')
    .innerJoin('sales_invoices as i', 'i.id', 'p.invoice_id')
    .select(['p.tracking_number', 's.number as ship_list_number', 'i.number as invoice_number'])
    .where('p.tracking_number', 'in', [...new Set(numbers.map((n) => n.trackingNumber))])
    .where((eb) =>
      eb.or(
        numbers.map((n) =>
          eb.and([eb('p.carrier_id', '=', n.carrierId), eb('p.tracking_number', '=', n.trackingNumber)]),
        ),
      ),
    )
    .execute();
}

export async function insertParcels(
  db: Db,
  shipListId: string,
  rows: { invoiceId: string; parcelNo: number; weightKg: string; trackingNumber: string | null; carrierId: string }[],
) {
  if (!rows.length) return;
  await db
    .insertInto('ship_list_parcels')
    .values(
      rows.map((r) => ({
        ship_list_id: shipListId,
        invoice_id: r.invoiceId,
        parcel_no: r.parcelNo,
        weight_kg: r.weightKg,
        tracking_number: r.trackingNumber,
        carrier_id: r.carrierId,
      })),
    )
    .execute();
}

export async function setRowService(db: Db, shipListId: string, invoiceId: string, carrierServiceId: string) {
  await db
    .updateTable('ship_list_invoices')
    .set({ carrier_service_id: carrierServiceId })
    .where('ship_list_id', '=', shipListId)
    .where('invoice_id', '=', invoiceId)
    .execute();
}

export async function markConfirmed(db: Db, id: string, userId: string, parcelCount: number) {
  await db
    .updateTable('ship_lists')
    .set({
      status: 'CONFIRMED',
      confirmed_at: sql`now()`,
      confirmed_by: userId,
      parcel_count: parcelCount,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
  await db.updateTable('ship_list_invoices').set({ open: false }).where('ship_list_id', '=', id).execute();
}

export async function markCanceled(db: Db, id: string, userId: string, reason: string) {
  await db
    .updateTable('ship_lists')
    .set({
      status: 'CANCELED',
      canceled_at: sql`now()`,
      canceled_by: userId,
      cancel_reason: reason,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
  await db.updateTable('ship_list_invoices').set({ open: false }).where('ship_list_id', '=', id).execute();
}

// What a ship list holds (ship-list.references.ts)

export async function countListsOfWarehouse(db: Db, id: string) {
  const row = await db
    .selectFrom('ship_lists')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('warehouse_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countListsOfCarrierService(db: Db, id: string) {
  const row = await db
    .selectFrom('ship_list_invoices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('carrier_service_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countListsOfCarrier(db: Db, id: string) {
  const row = await db
    .selectFrom('ship_list_invoices as sli')
    .innerJoin('carrier_services as s', 's.id', 'sli.carrier_service_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('s.carrier_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
