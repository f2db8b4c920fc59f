import {
  type BusinessPartnerFilter,
  type BusinessPartnerValues,
  type CurrencyCode,
  type InterestType,
  normaliseVatNumber,
  type PartnerContact,
} from '@backoffice/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { BusinessPartnersTable, Database } from '../../../db/schema.ts';
import { likePattern, parseSort } from '../../../platform/pagination.ts';
import { type PostalAddressValues, postalAddressRow, toPostalAddress } from '../postal-addresses.ts';

/** SQL of business partners, their contacts and addresses; rules live in the service. */

const SORTS = {
  code: 'p.code',
  name: 'p.name',
  paymentTermsDays: 'p.payment_terms_days',
  updatedAt: 'p.updated_at',
} as const;

export interface PartnerRow {
  id: string;
  code: string;
  name: string;
  vatNumber: string | null;
  defaultCurrency: CurrencyCode;
  paymentTermsDays: number;
  lateInterestRate: string | null;
  lateInterestType: InterestType | null;
  isConsignment: boolean;
  active: boolean;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

function toPartnerRow(r: Selectable<BusinessPartnersTable>): PartnerRow {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    vatNumber: r.vat_number,
    defaultCurrency: r.default_currency as CurrencyCode,
    paymentTermsDays: r.payment_terms_days,
    lateInterestRate: r.late_interest_rate,
    lateInterestType: r.late_interest_type as InterestType | null,
    isConsignment: r.is_consignment,
    active: r.active,
    notes: r.notes,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** The partners of a filter: text in code, name, VAT number or a contact's e-mail; active, consignment, currency. */
function filtered(db: Kysely<Database>, f: BusinessPartnerFilter) {
  let query = db.selectFrom('business_partners as p');
  const text = f.q;
  if (text) {
    const pattern = likePattern(text);
    const vat = normaliseVatNumber(text);
    // A union of one search per column, so that each uses its trigram index (an OR would scan every row).
    query = query.where('p.id', 'in', (eb) =>
      eb
        .selectFrom('business_partners')
        .select('id')
        .where('code', 'ilike', pattern)
        .union(eb.selectFrom('business_partners').select('id').where('name', 'ilike', pattern))
        .union(
          eb
            .selectFrom('business_partners')
            .select('id')
            .where('vat_number', 'ilike', likePattern(vat || text)),
        )
        .union(eb.selectFrom('business_partner_contacts').select('partner_id as id').where('email', 'ilike', pattern)),
    );
  }
  if (f.active) query = query.where('p.active', '=', f.active === 'true');
  if (f.consignment) query = query.where('p.is_consignment', '=', f.consignment === 'true');
  if (f.currency) query = query.where('p.default_currency', '=', f.currency);
  return query;
}

/** The filter's partners in its order (code by default), id last so that paging is stable. */
function ordered(db: Kysely<Database>, f: BusinessPartnerFilter) {
  const sort = parseSort(f.sort, SORTS, { column: 'p.code', direction: 'asc' });
  return filtered(db, f).orderBy(sql.ref(sort.column), sort.direction).orderBy('p.id');
}

/** The rows with their primary contact, fetched for these rows alone. */
async function withPrimaryContact(db: Kysely<Database>, rows: readonly Selectable<BusinessPartnersTable>[]) {
  const ids = rows.map((r) => r.id);
  const contacts = ids.length
    ? await db
        .selectFrom('business_partner_contacts')
        .select(['partner_id', 'name', 'email', 'phone'])
        .where('partner_id', 'in', ids)
        .where('is_primary', '=', true)
        .execute()
    : [];
  const primary = new Map(contacts.map((c) => [c.partner_id, { name: c.name, email: c.email, phone: c.phone }]));
  return rows.map((r) => ({ ...toPartnerRow(r), primaryContact: primary.get(r.id) ?? null }));
}

/** A page of the filter's partners with their primary contact. */
export async function listPartners(db: Kysely<Database>, f: BusinessPartnerFilter, limit: number, offset: number) {
  return withPrimaryContact(db, await ordered(db, f).selectAll('p').limit(limit).offset(offset).execute());
}

/**
 * The ids of the filter's partners in its order, at most `max`: an export reads them once, then its
 * rows a chunk of ids at a time, so its last chunk costs no more than its first.
 */
export async function orderedPartnerIds(db: Kysely<Database>, f: BusinessPartnerFilter, max: number) {
  return (await ordered(db, f).select('p.id').limit(max).execute()).map((r) => r.id);
}

/** These partners, in the order of `ids` (those deleted meanwhile left out), with their primary contact. */
export async function partnersByIds(db: Kysely<Database>, ids: readonly string[]) {
  if (!ids.length) return [];
  const rows = await db.selectFrom('business_partners').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return withPrimaryContact(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

export async function countPartners(db: Kysely<Database>, f: BusinessPartnerFilter): Promise<string> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function findPartner(
  db: Kysely<Database>,
  id: string,
  forUpdate = false,
): Promise<PartnerRow | undefined> {
  let query = db.selectFrom('business_partners').selectAll().where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toPartnerRow(row);
}

export async function contactsOf(db: Kysely<Database>, partnerId: string): Promise<PartnerContact[]> {
  const rows = await db
    .selectFrom('business_partner_contacts')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    role: r.role,
    email: r.email,
    phone: r.phone,
    isPrimary: r.is_primary,
  }));
}

export async function addressesOf(db: Kysely<Database>, partnerId: string) {
  const rows = await db
    .selectFrom('business_partner_addresses')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .orderBy('position')
    .execute();
  return rows.map(toPostalAddress);
}

/** The id of another partner holding this code (whatever its case), if any. */
export async function codeHolder(db: Kysely<Database>, code: string, exceptId?: string) {
  let query = db.selectFrom('business_partners').select('id').where(sql`upper(code)`, '=', code.toUpperCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst())?.id;
}

type PartnerFields = Omit<BusinessPartnerValues, 'contacts' | 'addresses'>;

function partnerColumns(p: PartnerFields) {
  return {
    code: p.code,
    name: p.name,
    vat_number: p.vatNumber,
    default_currency: p.defaultCurrency,
    payment_terms_days: p.paymentTermsDays,
    late_interest_rate: p.lateInterestRate,
    late_interest_type: p.lateInterestType,
    is_consignment: p.isConsignment,
    active: p.active,
    notes: p.notes,
  };
}

export async function insertPartner(db: Kysely<Database>, p: PartnerFields): Promise<string> {
  const row = await db
    .insertInto('business_partners')
    .values(partnerColumns(p))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePartner(db: Kysely<Database>, id: string, p: PartnerFields) {
  await db
    .updateTable('business_partners')
    .set({ ...partnerColumns(p), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Replaces the partner's contacts and addresses by these lists, in their order. */
export async function replaceChildren(
  db: Kysely<Database>,
  partnerId: string,
  contacts: BusinessPartnerValues['contacts'],
  addresses: readonly PostalAddressValues[],
) {
  await db.deleteFrom('business_partner_contacts').where('partner_id', '=', partnerId).execute();
  await db.deleteFrom('business_partner_addresses').where('partner_id', '=', partnerId).execute();
  if (contacts.length)
    await db
      .insertInto('business_partner_contacts')
      .values(
        contacts.map((c, position) => ({
          partner_id: partnerId,
          position,
          name: c.name,
          role: c.role,
          email: c.email,
          phone: c.phone,
          is_primary: c.isPrimary,
        })),
      )
      .execute();
  if (addresses.length)
    await db
      .insertInto('business_partner_addresses')
      .values(addresses.map((a, position) => ({ partner_id: partnerId, ...postalAddressRow(a, position) })))
      .execute();
}

export async function deletePartner(db: Kysely<Database>, id: string) {
  await db.deleteFrom('business_partners').where('id', '=', id).execute();
}

/** The default address of a kind of each of these partners, by partner id. */
export async function defaultAddresses(db: Kysely<Database>, partnerIds: readonly string[], kind: string) {
  if (!partnerIds.length) return new Map<string, ReturnType<typeof toPostalAddress>>();
  const rows = await db
    .selectFrom('business_partner_addresses')
    .selectAll()
    .where('partner_id', 'in', partnerIds)
    .where('kind', '=', kind)
    .where('is_default', '=', true)
    .execute();
  return new Map(rows.map((r) => [r.partner_id, toPostalAddress(r)]));
}
