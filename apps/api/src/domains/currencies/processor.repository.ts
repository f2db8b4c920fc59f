import type { ProcessorFilter, ProcessorValues } from '@backoffice/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, ProcessorsTable } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/** SQL of payment processors and accounts. */

export type ProcessorRow = Selectable<ProcessorsTable>;

const SORTS = { code: 'code', name: 'name', type: 'type', currency: 'currency', updatedAt: 'updated_at' } as const;

export function filteredProcessors(db: Kysely<Database>, f: ProcessorFilter) {
  let query = db.selectFrom('processors');
  const text = f.q;
  if (text) {
    const pattern = likePattern(text);
    // An IBAN is stored without spaces: "GB82 WEST" finds it too.
    const compact = likePattern(text.replace(/\s/g, '').toUpperCase());
    query = query.where((eb) =>
      eb.or([
        eb('code', 'ilike', pattern),
        eb('name', 'ilike', pattern),
        eb('bank_name', 'ilike', pattern),
        eb('account_name', 'ilike', pattern),
        eb('paypal_email', 'ilike', pattern),
        eb('iban', 'like', compact),
      ]),
    );
  }
  if (f.active) query = query.where('active', '=', f.active === 'true');
  if (f.type) query = query.where('type', '=', f.type);
  if (f.currency) query = query.where('currency', '=', f.currency);
  return query;
}

/** The filter's processors in its order (code by default, then code for ties), id last so that paging is stable. */
export function orderedProcessors(db: Kysely<Database>, f: ProcessorFilter) {
  const sort = parseSort(f.sort, SORTS, { column: 'code', direction: 'asc' });
  return (
    filteredProcessors(db, f)
      .selectAll()
      // Names sort regardless of case (the index on lower(name)).
      .orderBy(sort.column === 'name' ? sql`lower(name)` : sql.ref(sort.column), sort.direction)
      .orderBy('code')
      .orderBy('id')
  );
}

export function getProcessorRow(db: Kysely<Database>, id: string, forUpdate = false) {
  let query = db.selectFrom('processors').selectAll().where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export function processorIdWithCode(db: Kysely<Database>, code: string, exceptId?: string) {
  let query = db.selectFrom('processors').select('id').where(sql`upper(code)`, '=', code.toUpperCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

function columns(v: ProcessorValues) {
  return {
    code: v.code,
    name: v.name,
    type: v.type,
    currency: v.currency,
    bank_name: v.bankName,
    account_name: v.accountName,
    sort_code: v.sortCode,
    account_number: v.accountNumber,
    iban: v.iban,
    paypal_email: v.paypalEmail,
    active: v.active,
  };
}

export function insertProcessor(db: Kysely<Database>, v: ProcessorValues) {
  return db.insertInto('processors').values(columns(v)).returning('id').executeTakeFirstOrThrow();
}

export function updateProcessorRow(db: Kysely<Database>, id: string, v: ProcessorValues) {
  return db
    .updateTable('processors')
    .set({ ...columns(v), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export function deleteProcessorRow(db: Kysely<Database>, id: string) {
  return db.deleteFrom('processors').where('id', '=', id).execute();
}

/** Locks a currency's row (shared), so it cannot be deactivated while a processor is put in it. */
export function lockCurrencyShared(db: Kysely<Database>, code: string) {
  return db.selectFrom('currencies').select(['code', 'active']).where('code', '=', code).forShare().executeTakeFirst();
}
