import type {
  CustomerChannelId,
  CustomerFilter,
  CustomerValues,
  PostalAddress,
  SalesChannel,
} from '@backoffice/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { CustomersTable, Database } from '../../../db/schema.ts';
import { likePattern, parseSort } from '../../../platform/pagination.ts';
import { postalAddressRow, toPostalAddress } from '../postal-addresses.ts';

/** SQL of customers, their addresses and channel ids; rules live in the service. */

const SORTS = {
  name: 'c.name',
  email: 'c.email',
  createdAt: 'c.created_at',
  updatedAt: 'c.updated_at',
} as const;

export interface CustomerRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  active: boolean;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

function toCustomerRow(r: Selectable<CustomersTable>): CustomerRow {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    active: r.active,
    notes: r.notes,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** The customers of a filter: text in name, e-mail, phone or an external id; channel, active. */
function filtered(db: Kysely<Database>, f: CustomerFilter) {
  let query = db.selectFrom('customers as c');
  const text = f.q;
  if (text) {
    const pattern = likePattern(text);
    // A union of one search per column, so that each uses its trigram index (an OR would scan every row).
    query = query.where('c.id', 'in', (eb) =>
      eb
        .selectFrom('customers')
        .select('id')
        .where('name', 'ilike', pattern)
        .union(eb.selectFrom('customers').select('id').where('email', 'ilike', pattern))
        .union(eb.selectFrom('customers').select('id').where('phone', 'ilike', pattern))
        .union(
          eb.selectFrom('customer_channel_ids').select('customer_id as id').where('external_id', 'ilike', pattern),
        ),
    );
  }
  const channel = f.channel;
  if (channel)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('customer_channel_ids as x')
          .select(sql`1`.as('one'))
          .whereRef('x.customer_id', '=', 'c.id')
          .where('x.channel', '=', channel),
      ),
    );
  if (f.active) query = query.where('c.active', '=', f.active === 'true');
  return query;
}

/** The filter's customers in its order (name by default), id last so that paging is stable. */
function ordered(db: Kysely<Database>, f: CustomerFilter) {
  const sort = parseSort(f.sort, SORTS, { column: 'c.name', direction: 'asc' });
  return filtered(db, f).orderBy(sql.ref(sort.column), sort.direction).orderBy('c.id');
}

/** The rows with their channel ids and default shipping address, fetched for these rows alone. */
async function withDetails(db: Kysely<Database>, rows: readonly Selectable<CustomersTable>[]) {
  const ids = rows.map((r) => r.id);
  const [channelIds, shipping] = [await channelIdsOf(db, ids), await defaultShippingOf(db, ids)];
  return rows.map((r) => ({
    ...toCustomerRow(r),
    channelIds: channelIds.get(r.id) ?? [],
    shipping: shipping.get(r.id) ?? null,
  }));
}

/** A page of the filter's customers with their channel ids and default shipping address. */
export async function listCustomers(db: Kysely<Database>, f: CustomerFilter, limit: number, offset: number) {
  const rows = await ordered(db, f).selectAll('c').limit(limit).offset(offset).execute();
  return withDetails(db, rows);
}

/**
 * The ids of the filter's customers in its order, at most `max`: an export reads them once, then
 * its rows a chunk of ids at a time, so its last chunk costs no more than its first (an offset
 * would walk every row before it).
 */
export async function orderedCustomerIds(db: Kysely<Database>, f: CustomerFilter, max: number) {
  return (await ordered(db, f).select('c.id').limit(max).execute()).map((r) => r.id);
}

/** These customers, in the order of `ids` (those deleted meanwhile left out), with their details. */
export async function customersByIds(db: Kysely<Database>, ids: readonly string[]) {
  if (!ids.length) return [];
  const rows = await db.selectFrom('customers').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return withDetails(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

/** The default shipping address of each of these customers, by customer id. */
async function defaultShippingOf(db: Kysely<Database>, customerIds: readonly string[]) {
  if (!customerIds.length) return new Map<string, PostalAddress>();
  const rows = await db
    .selectFrom('customer_addresses')
    .selectAll()
    .where('customer_id', 'in', customerIds)
    .where('kind', '=', 'shipping')
    .where('is_default', '=', true)
    .execute();
  return new Map(rows.map((r) => [r.customer_id, toPostalAddress(r)]));
}

export async function countCustomers(db: Kysely<Database>, f: CustomerFilter): Promise<string> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The channel ids of these customers, in their order, by customer id. */
export async function channelIdsOf(db: Kysely<Database>, customerIds: readonly string[]) {
  const found = new Map<string, CustomerChannelId[]>();
  if (!customerIds.length) return found;
  const rows = await db
    .selectFrom('customer_channel_ids')
    .selectAll()
    .where('customer_id', 'in', customerIds)
    .orderBy('customer_id')
    .orderBy('position')
    .execute();
  for (const r of rows) {
    const list = found.get(r.customer_id) ?? [];
    list.push({ channel: r.channel as SalesChannel, externalId: r.external_id });
    found.set(r.customer_id, list);
  }
  return found;
}

export async function findCustomer(
  db: Kysely<Database>,
  id: string,
  forUpdate = false,
): Promise<CustomerRow | undefined> {
  let query = db.selectFrom('customers').selectAll().where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toCustomerRow(row);
}

export async function addressesOf(db: Kysely<Database>, customerId: string) {
  const rows = await db
    .selectFrom('customer_addresses')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('position')
    .execute();
  return rows.map(toPostalAddress);
}

/** Who else holds each of these channel ids: the first one found, or undefined. */
export async function channelIdHolder(
  db: Kysely<Database>,
  ids: readonly CustomerChannelId[],
  exceptCustomerId?: string,
) {
  if (!ids.length) return undefined;
  let query = db
    .selectFrom('customer_channel_ids')
    .select(['customer_id as customerId', 'channel', 'external_id as externalId'])
    .where((eb) =>
      eb.or(ids.map((i) => eb.and([eb('channel', '=', i.channel), eb('external_id', '=', i.externalId)]))),
    );
  if (exceptCustomerId) query = query.where('customer_id', '<>', exceptCustomerId);
  return query.orderBy('channel').orderBy('external_id').executeTakeFirst();
}

type CustomerFields = Omit<CustomerValues, 'addresses' | 'channelIds'>;

function customerColumns(c: CustomerFields) {
  return { name: c.name, email: c.email, phone: c.phone, active: c.active, notes: c.notes };
}

export async function insertCustomer(db: Kysely<Database>, c: CustomerFields): Promise<string> {
  const row = await db.insertInto('customers').values(customerColumns(c)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The active customers holding these e-mails (stored in lower case), oldest first: the first of an e-mail wins. */
export async function activeCustomersByEmails(db: Kysely<Database>, emails: readonly string[]) {
  if (!emails.length) return [];
  return db
    .selectFrom('customers')
    .select(['id', 'email'])
    .where('email', '=', sql<string>`ANY(${[...emails]}::text[])`)
    .where('active', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Serialises the creation of customers for these e-mails until the transaction ends (taken in e-mail order, so
 * two callers never wait on each other crosswise): whoever comes second finds the customer the first one made.
 */
export async function lockCustomerEmails(db: Kysely<Database>, emails: readonly string[]) {
  if (!emails.length) return;
  await sql`
    SELECT pg_advisory_xact_lock(hashtextextended('customer-email:' || e.email, 0))
    FROM (SELECT DISTINCT unnest(${[...emails]}::text[]) AS email ORDER BY 1) e`.execute(db);
}

/** Rows per multi-row insert of customers and addresses (a dozen columns each, far below the parameter limit). */
const CUSTOMER_ROWS_PER_STATEMENT = 2000;

/** Many new customers (ids given by the caller) with their addresses, in multi-row statements. */
export async function insertCustomers(
  db: Kysely<Database>,
  customers: readonly { id: string; fields: CustomerFields; addresses: CustomerValues['addresses'] }[],
) {
  const made: Selectable<CustomersTable>[] = [];
  const addresses: Awaited<ReturnType<typeof insertAddressRows>> = [];
  for (let i = 0; i < customers.length; i += CUSTOMER_ROWS_PER_STATEMENT) {
    const part = customers.slice(i, i + CUSTOMER_ROWS_PER_STATEMENT);
    made.push(
      ...(await db
        .insertInto('customers')
        .values(part.map((c) => ({ id: c.id, ...customerColumns(c.fields) })))
        .returningAll()
        .execute()),
    );
    addresses.push(
      ...(await insertAddressRows(
        db,
        part.flatMap((c) =>
          c.addresses.map((a, position) => ({ customer_id: c.id, ...postalAddressRow(a, position) })),
        ),
      )),
    );
  }
  const addressesOfCustomer = new Map<string, PostalAddress[]>();
  for (const a of [...addresses].sort((x, y) => x.position - y.position))
    addressesOfCustomer.set(a.customer_id, [...(addressesOfCustomer.get(a.customer_id) ?? []), toPostalAddress(a)]);
  return made.map((r) => ({ ...toCustomerRow(r), addresses: addressesOfCustomer.get(r.id) ?? [] }));
}

function insertAddressRows(
  db: Kysely<Database>,
  rows: readonly ({ customer_id: string } & ReturnType<typeof postalAddressRow>)[],
) {
  if (!rows.length) return Promise.resolve([]);
  return db
    .insertInto('customer_addresses')
    .values([...rows])
    .returningAll()
    .execute();
}

export async function updateCustomer(db: Kysely<Database>, id: string, c: CustomerFields) {
  await db
    .updateTable('customers')
    .set({ ...customerColumns(c), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Replaces the customer's addresses and channel ids by these lists, in their order. */
export async function replaceChildren(
  db: Kysely<Database>,
  customerId: string,
  addresses: CustomerValues['addresses'],
  channelIds: CustomerValues['channelIds'],
) {
  await db.deleteFrom('customer_addresses').where('customer_id', '=', customerId).execute();
  await db.deleteFrom('customer_channel_ids').where('customer_id', '=', customerId).execute();
  if (addresses.length)
    await db
      .insertInto('customer_addresses')
      .values(addresses.map((a, position) => ({ customer_id: customerId, ...postalAddressRow(a, position) })))
      .execute();
  if (channelIds.length)
    await db
      .insertInto('customer_channel_ids')
      .values(
        channelIds.map((c, position) => ({
          customer_id: customerId,
          position,
          channel: c.channel,
          external_id: c.externalId,
        })),
      )
      .execute();
}

export async function deleteCustomer(db: Kysely<Database>, id: string) {
  await db.deleteFrom('customers').where('id', '=', id).execute();
}
