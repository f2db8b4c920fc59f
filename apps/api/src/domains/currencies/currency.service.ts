import {
  BASE_CURRENCY,
  type Currency,
  type CurrencyCode,
  CurrencyErrorCode,
  type ExchangeRateFilter,
  type ExchangeRateListQuery,
  type ExchangeRateRecord,
  type ExchangeRateSeries,
  type MasterDataFilter,
  type MasterDataListQuery,
  PlatformErrorCode,
  RATE_SERIES_MAX_POINTS,
  type ReferenceCount,
} from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { todayInLondon } from '../../platform/business-day.ts';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { allRows, offsetOf, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import { ACTIVE_INACTIVE, sendXlsx, ui, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../platform/xlsx.ts';
import { currencyReferences } from './currency.references.ts';
import {
  type CurrencyRates,
  type CurrencyRow,
  deleteRateRow,
  type ExchangeRateRow,
  filteredRates,
  findCurrencies,
  getCurrencyRow,
  getRateRow,
  insertRate,
  orderedRates,
  rateIdOnDate,
  rateSeries,
  ratesOnDate,
  updateCurrencyRow,
  updateRateRow,
} from './currency.repository.ts';
import { plainDecimal } from './exchange-rates.ts';

function toCurrency(row: CurrencyRow, rates: CurrencyRates | undefined): Currency {
  const current = rates?.current;
  return {
    code: row.code as CurrencyCode,
    name: row.name,
    symbol: row.symbol,
    decimalPlaces: row.decimal_places,
    active: row.active,
    isBase: row.is_base,
    currentRate: row.is_base
      ? { effectiveDate: null, rate: '1' }
      : current
        ? { effectiveDate: current.effectiveDate, rate: plainDecimal(current.rate) }
        : null,
    rateCount: Number(rates?.count ?? 0),
    updatedAt: row.updated_at.toISOString(),
  };
}

function toRate(row: ExchangeRateRow): ExchangeRateRecord {
  return {
    id: row.id,
    currency: row.currency as CurrencyCode,
    effectiveDate: row.effective_date,
    rate: plainDecimal(row.rate),
    source: row.source,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

async function withRates(db: Kysely<Database>, rows: CurrencyRow[]): Promise<Currency[]> {
  const rates = await ratesOnDate(
    db,
    rows.map((r) => r.code),
    todayInLondon(),
  );
  return rows.map((row) => toCurrency(row, rates.get(row.code)));
}

export async function getCurrency(db: Kysely<Database>, code: string, forUpdate = false): Promise<Currency> {
  const row = await getCurrencyRow(db, code, forUpdate);
  if (!row) throw notFound('Currency', code);
  const [currency] = await withRates(db, [row]);
  return currency as Currency;
}

export async function listCurrencies(db: Kysely<Database>, q: MasterDataListQuery) {
  const rows = await findCurrencies(db, q);
  const page = rows.slice(offsetOf(q), offsetOf(q) + q.pageSize);
  return toPage(await withRates(db, page), rows.length, q);
}

const words = (references: readonly ReferenceCount[]) =>
  references.map((r) => `${r.count} ${r.entity.replace(/_/g, ' ')}${r.count === 1 ? '' : 's'}`).join(' and ');

export async function updateCurrency(
  ctx: Ctx,
  code: CurrencyCode,
  input: { name: string; symbol: string; active: boolean },
): Promise<Currency> {
  const before = await getCurrency(ctx.db, code, true);
  if (!input.active && before.active) {
    if (before.isBase)
      throw conflict(
        CurrencyErrorCode.BASE_CURRENCY_ALWAYS_ACTIVE,
        `${code} is the base currency the books are kept in; it cannot be deactivated.`,
        { currency: code },
      );
    const references = await currencyReferences(ctx.db, code);
    if (references.length)
      throw conflict(
        PlatformErrorCode.IN_USE,
        `${code} is used by ${words(references)}; it stays active while they use it.`,
        { references, count: references.reduce((sum, r) => sum + r.count, 0) },
      );
  }
  await updateCurrencyRow(ctx.db, code, input);
  const after = await getCurrency(ctx.db, code);
  await ctx.audit({
    action: before.active && !after.active ? 'deactivate' : 'update',
    entity: 'currency',
    entityId: code,
    before,
    after,
  });
  return after;
}

const CURRENCY_COLUMNS: XlsxColumn<Currency>[] = [
  { header: ui('currencies:fields.code'), width: 8, value: (c) => c.code },
  { header: ui('currencies:fields.name'), width: 24, value: (c) => c.name },
  { header: ui('currencies:fields.symbol'), width: 8, value: (c) => c.symbol },
  {
    header: ui('currencies:fields.decimalPlaces'),
    width: 14,
    type: 'number',
    places: 0,
    value: (c) => c.decimalPlaces,
  },
  { header: ui('currencies:status.base'), width: 14, type: 'boolean', value: (c) => c.isBase },
  // The rate's eight places fit a spreadsheet's number exactly (a rate has far fewer than 15 digits).
  {
    header: ui('currencies:fields.currentRate'),
    width: 18,
    type: 'number',
    places: 8,
    value: (c) => c.currentRate?.rate ?? null,
  },
  {
    header: ui('currencies:fields.effectiveDate'),
    width: 14,
    type: 'date',
    value: (c) => c.currentRate?.effectiveDate ?? null,
  },
  {
    header: ui('currencies:fields.status'),
    width: 10,
    type: 'boolean',
    labels: ACTIVE_INACTIVE,
    value: (c) => c.active,
  },
];

export async function exportCurrencies(ctx: Ctx, filter: MasterDataFilter) {
  const rows = await withRates(ctx.db, await findCurrencies(ctx.db, filter));
  return sendXlsx(ctx, `currencies-${todayInLondon()}.xlsx`, CURRENCY_COLUMNS, rows);
}

/* Rates */

function baseRateFixed(code: string) {
  return conflict(
    CurrencyErrorCode.BASE_CURRENCY_RATE_FIXED,
    `${code} is the base currency: its rate is 1 on every date and cannot be added, changed or deleted.`,
    { currency: code },
  );
}

async function rateCurrency(db: Kysely<Database>, code: CurrencyCode, forUpdate = false) {
  const currency = await getCurrencyRow(db, code, forUpdate);
  if (!currency) throw notFound('Currency', code);
  if (currency.is_base || code === BASE_CURRENCY) throw baseRateFixed(code);
  return currency;
}

export async function listRates(db: Kysely<Database>, code: CurrencyCode, q: ExchangeRateListQuery) {
  if (!(await getCurrencyRow(db, code))) throw notFound('Currency', code);
  const [rows, count] = await Promise.all([
    orderedRates(db, code, q).limit(q.pageSize).offset(offsetOf(q)).execute(),
    filteredRates(db, code, q)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return toPage(rows.map(toRate), count.n, q);
}

export async function ratesSeries(
  db: Kysely<Database>,
  code: CurrencyCode,
  period: { from?: string | undefined; to?: string | undefined },
): Promise<ExchangeRateSeries> {
  if (!(await getCurrencyRow(db, code))) throw notFound('Currency', code);
  const { rows, truncated } = await rateSeries(db, code, period, RATE_SERIES_MAX_POINTS);
  return {
    currency: code,
    points: rows.map((r) => ({ effectiveDate: r.effective_date, rate: plainDecimal(r.rate) })),
    truncated,
  };
}

async function getRate(db: Kysely<Database>, code: CurrencyCode, id: string, forUpdate = false) {
  const row = await getRateRow(db, code, id, forUpdate);
  if (!row) throw notFound('Exchange rate', id);
  return toRate(row);
}

const dateTaken = (code: string, date: string) =>
  conflict(
    CurrencyErrorCode.EXCHANGE_RATE_DATE_TAKEN,
    `${code} already has a rate effective on ${date}. Change that rate instead.`,
    { currency: code, effectiveDate: date },
  );

/** Checks the date is free, then writes; a concurrent request that took the date meanwhile gets the same 409. */
async function withFreeDate<T>(
  db: Kysely<Database>,
  code: string,
  date: string,
  exceptId: string | undefined,
  write: () => Promise<T>,
) {
  if (await rateIdOnDate(db, code, date, exceptId)) throw dateTaken(code, date);
  try {
    return await write();
  } catch (e) {
    throw isUniqueViolation(e, 'exchange_rates_currency_date_key') ? dateTaken(code, date) : e;
  }
}

interface RateValues {
  effectiveDate: string;
  rate: string;
  source: string;
}

export async function createRate(ctx: Ctx, code: CurrencyCode, input: RateValues) {
  // The currency's row lock orders concurrent changes to its rates.
  await rateCurrency(ctx.db, code, true);
  const { id } = await withFreeDate(ctx.db, code, input.effectiveDate, undefined, () =>
    insertRate(ctx.db, {
      currency: code,
      effective_date: input.effectiveDate,
      rate: input.rate,
      source: input.source,
    }),
  );
  const after = await getRate(ctx.db, code, id);
  await ctx.audit({ action: 'create', entity: 'exchange_rate', entityId: id, after });
  return after;
}

export async function updateRate(ctx: Ctx, code: CurrencyCode, id: string, input: RateValues) {
  await rateCurrency(ctx.db, code, true);
  const before = await getRate(ctx.db, code, id, true);
  await withFreeDate(ctx.db, code, input.effectiveDate, id, () =>
    updateRateRow(ctx.db, id, { effective_date: input.effectiveDate, rate: input.rate, source: input.source }),
  );
  const after = await getRate(ctx.db, code, id);
  await ctx.audit({ action: 'update', entity: 'exchange_rate', entityId: id, before, after });
  return after;
}

export async function deleteRate(ctx: Ctx, code: CurrencyCode, id: string) {
  await rateCurrency(ctx.db, code, true);
  const before = await getRate(ctx.db, code, id, true);
  await deleteRateRow(ctx.db, id);
  await ctx.audit({ action: 'delete', entity: 'exchange_rate', entityId: id, before });
  return { ok: true as const };
}

const rateColumns = (code: string): XlsxColumn<ExchangeRateRecord>[] => [
  { header: ui('currencies:fields.currency'), width: 10, value: (r) => r.currency },
  { header: ui('currencies:fields.effectiveDate'), width: 14, type: 'date', value: (r) => r.effectiveDate },
  // Eight places, every one kept: a rate has far fewer than the 15 digits a spreadsheet's number holds exactly.
  { header: ui('currencies:rates.rateColumn', { code }), width: 16, type: 'number', places: 8, value: (r) => r.rate },
  { header: ui('currencies:fields.source'), width: 40, value: (r) => r.source },
  { header: ui('currencies:fields.updatedAt'), width: 12, type: 'date', value: (r) => r.updatedAt },
];

export async function exportRates(ctx: Ctx, code: CurrencyCode, filter: ExchangeRateFilter) {
  if (!(await getCurrencyRow(ctx.db, code))) throw notFound('Currency', code);
  const rows = allRows(
    async (offset, limit) =>
      (await orderedRates(ctx.db, code, filter).limit(limit).offset(offset).execute()).map(toRate),
    XLSX_EXPORT_MAX_ROWS,
  );
  return sendXlsx(ctx, `exchange-rates-${code}-${todayInLondon()}.xlsx`, rateColumns(code), rows);
}
