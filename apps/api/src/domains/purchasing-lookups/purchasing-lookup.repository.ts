import type {
  CarrierServiceLookupQuery,
  CarrierServiceOption,
  LocationLookupItem,
  LocationLookupQuery,
  Page,
  SupplierLookupItem,
  SupplierLookupQuery,
  WarehouseLookupItem,
  WarehouseLookupQuery,
} from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { likePattern, offsetOf, toPage } from '../../platform/pagination.ts';

type Db = Kysely<Database>;
type SupplierQuery = z.output<typeof SupplierLookupQuery>;
type WarehouseQuery = z.output<typeof WarehouseLookupQuery>;
type LocationQuery = z.output<typeof LocationLookupQuery>;
type CarrierServiceQuery = z.output<typeof CarrierServiceLookupQuery>;

/** The picker's page of suppliers (business partners), by code: only the columns a picker shows. */
export async function lookupSuppliers(db: Db, q: SupplierQuery): Promise<Page<SupplierLookupItem>> {
  let query = db.selectFrom('business_partners');
  if (q.id) query = query.where('id', '=', q.id);
  if (q.active === 'true') query = query.where('active', '=', true);
  if (q.consignment) query = query.where('is_consignment', '=', q.consignment === 'true');
  if (q.q) {
    const pattern = likePattern(q.q);
    query = query.where((eb) => eb.or([eb('code', 'ilike', pattern), eb('name', 'ilike', pattern)]));
  }
  const [rows, count] = await Promise.all([
    query
      .select(['id', 'code', 'name', 'default_currency', 'payment_terms_days', 'is_consignment', 'active'])
      .orderBy('code')
      .orderBy('id')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      currency: r.default_currency,
      paymentTermsDays: r.payment_terms_days,
      consignment: r.is_consignment,
      active: r.active,
    })),
    total: Number(count.n),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The picker's page of warehouses, by code. */
export async function lookupWarehouses(db: Db, q: WarehouseQuery): Promise<Page<WarehouseLookupItem>> {
  let query = db.selectFrom('warehouses');
  if (q.id) query = query.where('id', '=', q.id);
  if (q.active === 'true') query = query.where('active', '=', true);
  if (q.q) {
    const pattern = likePattern(q.q);
    query = query.where((eb) => eb.or([eb('code', 'ilike', pattern), eb('name', 'ilike', pattern)]));
  }
  const [items, count] = await Promise.all([
    query
      .select(['id', 'code', 'name', 'active'])
      .orderBy('code')
      .orderBy('id')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return toPage(items, count.n, q);
}

/** The picker's page of one warehouse's bins, by code; none for a warehouse that does not exist. */
export async function lookupLocations(
  db: Db,
  warehouseId: string,
  q: LocationQuery,
): Promise<Page<LocationLookupItem>> {
  let query = db.selectFrom('warehouse_locations').where('warehouse_id', '=', warehouseId);
  if (q.id) query = query.where('id', '=', q.id);
  if (q.active === 'true') query = query.where('active', '=', true);
  if (q.q) {
    const pattern = likePattern(q.q);
    query = query.where((eb) => eb.or([eb('code', 'ilike', pattern), eb('zone', 'ilike', pattern)]));
  }
  const [items, count] = await Promise.all([
    query
      .select(['id', 'code', 'zone', 'active'])
      .orderBy('code')
      .orderBy('id')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return toPage(items, count.n, q);
}

/**
 * The carriers' services with their carrier, for the selects and filters of the sales screens: by carrier name, then
 * the carrier's own order of its services. Active ones only (of active carriers) unless `all` is asked for.
 */
export async function lookupCarrierServices(
  db: Db,
  q: CarrierServiceQuery = { active: 'true' },
): Promise<{ items: CarrierServiceOption[] }> {
  let query = db
    .selectFrom('carrier_services as s')
    .innerJoin('shipping_carriers as c', 'c.id', 's.carrier_id')
    .select([
      's.id',
      's.code',
      's.name',
      's.tracked',
      'c.id as carrier_id',
      'c.code as carrier_code',
      'c.name as carrier_name',
    ]);
  if (q.active === 'true') query = query.where('s.active', '=', true).where('c.active', '=', true);
  const rows = await query.orderBy('c.name').orderBy('c.id').orderBy('s.position').orderBy('s.name').execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      tracked: r.tracked,
      carrier: { id: r.carrier_id, code: r.carrier_code, name: r.carrier_name },
    })),
  };
}
