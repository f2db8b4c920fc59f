import type { ExchangeRateFilter, MasterDataFilter } from '@backoffice/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { CurrenciesTable, Database, ExchangeRatesTable } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/** SQL of currencies and their dated rates. */

export type CurrencyRow = Selectable<CurrenciesTable>;
export type ExchangeRateRow = Selectable<ExchangeRatesTable>;

const CURRENCY_SORTS = { code: 'code', name: 'name' } as const;

function filteredCurrencies(db: Kysely<Database>, f: MasterDataFilter) {
  let query = db.selectFrom('currencies');
  const text = f.q;
  if (text)
    query = query.where((eb) =>
      eb.or([eb('code', 'ilike', likePattern(text)), eb('name', 'ilike', likePattern(text))]),
    );
  if (f.active) query = query.where('active', '=', f.active === 'true');
  return query;
}

/** The filter's currencies in its order (code by default). */
export function findCurrencies(db: Kysely<Database>, f: MasterDataFilter) {
  const sort = parseSort(f.sort, CURRENCY_SORTS, { column: 'code', direction: 'asc' });
  return filteredCurrencies(db, f).selectAll().orderBy(sql.ref(sort.column), sort.direction).orderBy('code').execute();
}

export function getCurrencyRow(db: Kysely<Database>, code: string, forUpdate = false) {
  let query = db.selectFrom('currencies').selectAll().where('code', '=', code);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export function updateCurrencyRow(
  db: Kysely<Database>,
  code: string,
  values: { name: string; symbol: string; active: boolean },
) {
  return db
    .updateTable('currencies')
    .set({ ...values, updated_at: new Date() })
    .where('code', '=', code)
    .execute();
}

/** The rate of each currency effective on `date` (the latest on or before it) and how many rates each has. */
export interface CurrencyRates {
  current: { rate: string; effectiveDate: string } | null;
  count: string;
}
export async function ratesOnDate(
  db: Kysely<Database>,
  codes: readonly string[],
  date: string,
): Promise<Map<string, CurrencyRates>> {
  if (codes.length === 0) return new Map();
  const rows = await sql<{ currency: string; rate: string | null; effective_date: string | null; n: string }>`
    SELECT c.code AS currency, r.rate, r.effective_date,
           (SELECT count(*) FROM exchange_rates x WHERE x.currency = c.code) AS n
    FROM currencies c
    LEFT JOIN LATERAL (
      SELECT rate, effective_date FROM exchange_rates
      WHERE currency = c.code AND effective_date <= ${date}::date
      ORDER BY effective_date DESC LIMIT 1
    ) r ON true
    WHERE c.code = ANY(${codes as string[]}::text[])`.execute(db);
  return new Map(
    rows.rows.map((r): [string, CurrencyRates] => [
      r.currency,
      { current: r.rate && r.effective_date ? { rate: r.rate, effectiveDate: r.effective_date } : null, count: r.n },
    ]),
  );
}

const RATE_SORTS = { effectiveDate: 'effective_date', rate: 'rate', updatedAt: 'updated_at' } as const;

export function filteredRates(db: Kysely<Database>, currency: string, f: Omit<ExchangeRateFilter, 'sort'>) {
  let query = db.selectFrom('exchange_rates').where('currency', '=', currency);
  const text = f.q;
  if (text) query = query.where('source', 'ilike', likePattern(text));
  if (f.from) query = query.where('effective_date', '>=', f.from);
  if (f.to) query = query.where('effective_date', '<=', f.to);
  return query;
}

/** The filter's rates in its order (latest effective date first by default), id last so paging is stable. */
export function orderedRates(db: Kysely<Database>, currency: string, f: ExchangeRateFilter) {
  const sort = parseSort(f.sort, RATE_SORTS, { column: 'effective_date', direction: 'desc' });
  return filteredRates(db, currency, f)
    .selectAll()
    .orderBy(sql.ref(sort.column), sort.direction)
    .orderBy('effective_date', 'desc')
    .orderBy('id');
}

export function getRateRow(db: Kysely<Database>, currency: string, id: string, forUpdate = false) {
  let query = db.selectFrom('exchange_rates').selectAll().where('id', '=', id).where('currency', '=', currency);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export function rateOnDateRow(db: Kysely<Database>, currency: string, date: string) {
  return db
    .selectFrom('exchange_rates')
    .select(['rate', 'effective_date'])
    .where('currency', '=', currency)
    .where('effective_date', '<=', date)
    .orderBy('effective_date', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function rateIdOnDate(db: Kysely<Database>, currency: string, date: string, exceptId?: string) {
  let query = db
    .selectFrom('exchange_rates')
    .select('id')
    .where('currency', '=', currency)
    .where('effective_date', '=', date);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export function insertRate(
  db: Kysely<Database>,
  values: { currency: string; effective_date: string; rate: string; source: string },
) {
  return db.insertInto('exchange_rates').values(values).returning('id').executeTakeFirstOrThrow();
}

export function updateRateRow(
  db: Kysely<Database>,
  id: string,
  values: { effective_date: string; rate: string; source: string },
) {
  return db
    .updateTable('exchange_rates')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export function deleteRateRow(db: Kysely<Database>, id: string) {
  return db.deleteFrom('exchange_rates').where('id', '=', id).execute();
}

/** The latest `limit` rates of a period, oldest first, and whether the period has more. */
export async function rateSeries(
  db: Kysely<Database>,
  currency: string,
  period: { from?: string | undefined; to?: string | undefined },
  limit: number,
) {
  const rows = await filteredRates(db, currency, period)
    .select(['effective_date', 'rate'])
    .orderBy('effective_date', 'desc')
    .limit(limit + 1)
    .execute();
  return { rows: rows.slice(0, limit).reverse(), truncated: rows.length > limit };
}
