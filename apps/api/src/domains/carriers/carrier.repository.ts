import type { CarrierFilter } from '@backoffice/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { CarrierServicesTable, Database, ShippingCarriersTable } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/** SQL of shipping carriers and their services. */

export type CarrierRow = Selectable<ShippingCarriersTable>;
export type CarrierServiceRow = Selectable<CarrierServicesTable>;

const SORTS = { code: 'code', name: 'name', integration: 'integration', updatedAt: 'updated_at' } as const;

export function filteredCarriers(db: Kysely<Database>, f: CarrierFilter) {
  let query = db.selectFrom('shipping_carriers as c');
  const text = f.q;
  if (text) {
    const pattern = likePattern(text);
    query = query.where((eb) =>
      eb.or([
        eb('c.code', 'ilike', pattern),
        eb('c.name', 'ilike', pattern),
        eb.exists(
          eb
            .selectFrom('carrier_services as s')
            .select('s.id')
            .whereRef('s.carrier_id', '=', 'c.id')
            .where((s) => s.or([s('s.code', 'ilike', pattern), s('s.name', 'ilike', pattern)])),
        ),
      ]),
    );
  }
  if (f.active) query = query.where('c.active', '=', f.active === 'true');
  if (f.integration) query = query.where('c.integration', '=', f.integration);
  return query;
}

/** The filter's carriers with their service counts, in its order (code by default, then code for ties), id last. */
export function orderedCarriers(db: Kysely<Database>, f: CarrierFilter) {
  const sort = parseSort(f.sort, SORTS, { column: 'code', direction: 'asc' });
  return (
    filteredCarriers(db, f)
      .selectAll('c')
      .select((eb) => [
        eb
          .selectFrom('carrier_services as s')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('s.carrier_id', '=', 'c.id')
          .as('service_count'),
        eb
          .selectFrom('carrier_services as s')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('s.carrier_id', '=', 'c.id')
          .where('s.active', '=', true)
          .as('active_service_count'),
      ])
      // Names sort regardless of case (the index on lower(name)).
      .orderBy(sort.column === 'name' ? sql`lower(c.name)` : sql.ref(`c.${sort.column}`), sort.direction)
      .orderBy('c.code')
      .orderBy('c.id')
  );
}

export function getCarrierRow(db: Kysely<Database>, id: string, forUpdate = false) {
  let query = db.selectFrom('shipping_carriers').selectAll().where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The services of these carriers, each carrier's in their listed order. */
export function servicesOf(db: Kysely<Database>, carrierIds: readonly string[]) {
  if (carrierIds.length === 0) return Promise.resolve([] as CarrierServiceRow[]);
  return db
    .selectFrom('carrier_services')
    .selectAll()
    .where('carrier_id', 'in', carrierIds)
    .orderBy('carrier_id')
    .orderBy('position')
    .orderBy('code')
    .execute();
}

export function carrierIdWithCode(db: Kysely<Database>, code: string, exceptId?: string) {
  let query = db.selectFrom('shipping_carriers').select('id').where(sql`upper(code)`, '=', code.toUpperCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export interface CarrierColumns {
  code: string;
  name: string;
  tracking_url_template: string | null;
  integration: string;
  active: boolean;
}

export function insertCarrier(db: Kysely<Database>, values: CarrierColumns) {
  return db.insertInto('shipping_carriers').values(values).returning('id').executeTakeFirstOrThrow();
}

export function updateCarrierRow(db: Kysely<Database>, id: string, values: CarrierColumns) {
  return db
    .updateTable('shipping_carriers')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export function deleteCarrierRow(db: Kysely<Database>, id: string) {
  return db.deleteFrom('shipping_carriers').where('id', '=', id).execute();
}

export interface ServiceColumns {
  code: string;
  name: string;
  tracked: boolean;
  signature: boolean;
  delivery_days: number | null;
  active: boolean;
  position: number;
}

export function insertServices(db: Kysely<Database>, carrierId: string, services: readonly ServiceColumns[]) {
  if (services.length === 0) return Promise.resolve();
  return db
    .insertInto('carrier_services')
    .values(services.map((s) => ({ ...s, carrier_id: carrierId })))
    .execute()
    .then(() => undefined);
}

export function updateServiceRow(db: Kysely<Database>, id: string, values: ServiceColumns) {
  return db
    .updateTable('carrier_services')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export function deleteServiceRows(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve();
  return db
    .deleteFrom('carrier_services')
    .where('id', 'in', ids)
    .execute()
    .then(() => undefined);
}
