import { z } from 'zod';
import { CurrencyCode } from '../master-data/enumerations.ts';
import { MasterDataFilter, MasterDataListQuery } from '../master-data/master-data.ts';
import { ExchangeRate } from '../platform/decimal.ts';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate, PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { singleLine } from '../platform/text.ts';

export const CurrencyErrorCode = {
  /** The base currency (GBP) is worth 1 GBP on every date: it has no rates to add, change or delete. */
  BASE_CURRENCY_RATE_FIXED: 'BASE_CURRENCY_RATE_FIXED',
  /** The base currency cannot be deactivated. */
  BASE_CURRENCY_ALWAYS_ACTIVE: 'BASE_CURRENCY_ALWAYS_ACTIVE',
  /** A currency has one rate per effective date. */
  EXCHANGE_RATE_DATE_TAKEN: 'EXCHANGE_RATE_DATE_TAKEN',
  /** No rate of the currency is effective on or before the date asked for. */
  NO_EXCHANGE_RATE: 'NO_EXCHANGE_RATE',
  /** Something new cannot be put in a deactivated currency. */
  CURRENCY_INACTIVE: 'CURRENCY_INACTIVE',
} as const;

export const CURRENCY_NAME_MAX_LENGTH = 60;
export const CURRENCY_SYMBOL_MAX_LENGTH = 5;
export const RATE_SOURCE_MAX_LENGTH = 200;
/** The rate history's chart shows at most this many points (the latest ones of the period). */
export const RATE_SERIES_MAX_POINTS = 1000;

/** A calendar day that exists (no 30 February), between 1990 and 2099. */
export const CalendarDate = IsoDate.refine((value) => {
  const [y, m, d] = value.split('-').map((part) => Number.parseInt(part, 10)) as [number, number, number];
  if (y < 1990 || y > 2099) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}, 'not a calendar date between 1990-01-01 and 2099-12-31');

/** A rate's effective date and value: what one unit of the currency is worth in GBP from that day on. */
export const RatePoint = z.object({ effectiveDate: z.string(), rate: z.string() });
export type RatePoint = z.infer<typeof RatePoint>;

export const Currency = z
  .object({
    code: CurrencyCode,
    name: z.string(),
    symbol: z.string(),
    /** ISO 4217 minor unit; fixed with the currency. */
    decimalPlaces: z.number().int(),
    active: z.boolean(),
    /** The books are kept in this currency: its rate is 1 on every date. */
    isBase: z.boolean(),
    /**
     * The rate effective today (the latest on or before today in the UK); null for a currency with none
     * yet; 1 with no effective date for the base currency.
     */
    currentRate: z.object({ rate: z.string(), effectiveDate: z.string().nullable() }).nullable(),
    /** How many rates the currency has. */
    rateCount: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Currency' });
export type Currency = z.infer<typeof Currency>;

/** What can change about a currency: its name, symbol and active flag (the code and decimal places are fixed). */
export const CurrencyInput = z.object({
  name: singleLine(
    z
      .string()
      .trim()
      .min(1, 'a name is needed')
      .max(CURRENCY_NAME_MAX_LENGTH, `a name has at most ${CURRENCY_NAME_MAX_LENGTH} characters`),
  ),
  symbol: z
    .string()
    .trim()
    .min(1, 'a symbol is needed')
    .max(CURRENCY_SYMBOL_MAX_LENGTH, `a symbol has at most ${CURRENCY_SYMBOL_MAX_LENGTH} characters`),
  active: z.boolean(),
});
export type CurrencyInput = z.input<typeof CurrencyInput>;

export const CURRENCY_SORTS = ['code', 'name'] as const;

export const ExchangeRateRecord = z
  .object({
    id: Uuid,
    currency: CurrencyCode,
    effectiveDate: z.string(),
    /** Decimal text, up to 8 places: 1 unit of the currency = rate GBP. */
    rate: z.string(),
    /** Where the rate comes from, or a note. */
    source: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ExchangeRate' });
export type ExchangeRateRecord = z.infer<typeof ExchangeRateRecord>;

export const ExchangeRateInput = z.object({
  effectiveDate: CalendarDate,
  rate: ExchangeRate,
  source: z
    .string()
    .trim()
    .max(RATE_SOURCE_MAX_LENGTH, `a source has at most ${RATE_SOURCE_MAX_LENGTH} characters`)
    .default(''),
});
export type ExchangeRateInput = z.input<typeof ExchangeRateInput>;

/** A period of effective dates and a text search in the source: what the rate list and its export share. */
export const ExchangeRateFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  from: CalendarDate.optional(),
  to: CalendarDate.optional(),
});
export type ExchangeRateFilter = z.infer<typeof ExchangeRateFilter>;
export const ExchangeRateListQuery = PageQuery.extend(ExchangeRateFilter.shape);
export type ExchangeRateListQuery = z.infer<typeof ExchangeRateListQuery>;
/** Sortable fields of the rate list; the latest effective date comes first unless asked otherwise. */
export const EXCHANGE_RATE_SORTS = ['effectiveDate', 'rate', 'updatedAt'] as const;

export const ExchangeRateSeriesQuery = z.object({ from: CalendarDate.optional(), to: CalendarDate.optional() });
export const ExchangeRateSeries = z.object({
  currency: CurrencyCode,
  /** Oldest first. */
  points: z.array(RatePoint),
  /** Whether the period had more rates than the chart shows (only the latest are given). */
  truncated: z.boolean(),
});
export type ExchangeRateSeries = z.infer<typeof ExchangeRateSeries>;

export const RateOnQuery = z.object({ date: CalendarDate });
/** The rate to use on a day: the latest effective on or before it (1 for GBP, effectiveDate null). */
export const RateOn = z.object({
  currency: CurrencyCode,
  date: z.string(),
  rate: z.string(),
  effectiveDate: z.string().nullable(),
});
export type RateOn = z.infer<typeof RateOn>;

const CodeParams = z.object({ code: CurrencyCode });
const RateParams = z.object({ code: CurrencyCode, id: Uuid });

export const currenciesApi = {
  listCurrencies: endpoint({
    method: 'GET',
    path: '/api/currencies',
    permission: 'view_currency',
    tag: 'currencies',
    summary: 'The currencies (GBP, EUR, USD) with their current rate; searchable by code or name, filtered by active',
    query: MasterDataListQuery,
    response: pageOf(Currency),
  }),
  exportCurrencies: endpoint({
    method: 'GET',
    path: '/api/currencies/export',
    permission: 'view_currency',
    tag: 'currencies',
    summary: 'The currencies of a filter as an .xlsx file',
    query: MasterDataFilter,
    response: z.unknown(),
  }),
  getCurrency: endpoint({
    method: 'GET',
    path: '/api/currencies/:code',
    permission: 'view_currency',
    tag: 'currencies',
    summary: 'One currency with its current rate',
    params: CodeParams,
    response: Currency,
  }),
  updateCurrency: endpoint({
    method: 'PUT',
    path: '/api/currencies/:code',
    permission: 'edit_currency',
    tag: 'currencies',
    summary:
      "Change a currency's name, symbol or active flag (GBP always stays active; a currency in use cannot be deactivated)",
    params: CodeParams,
    body: CurrencyInput,
    response: Currency,
  }),
  listRates: endpoint({
    method: 'GET',
    path: '/api/currencies/:code/rates',
    permission: 'view_currency',
    tag: 'currencies',
    summary: "A currency's dated exchange rates to GBP, paged, latest first; filtered by period, searched by source",
    params: CodeParams,
    query: ExchangeRateListQuery,
    response: pageOf(ExchangeRateRecord),
  }),
  exportRates: endpoint({
    method: 'GET',
    path: '/api/currencies/:code/rates/export',
    permission: 'view_currency',
    tag: 'currencies',
    summary: 'The rates of a filter as an .xlsx file (every page)',
    params: CodeParams,
    query: ExchangeRateFilter,
    response: z.unknown(),
  }),
  rateSeries: endpoint({
    method: 'GET',
    path: '/api/currencies/:code/rates/series',
    permission: 'view_currency',
    tag: 'currencies',
    summary: `The rates of a period, oldest first, for a chart (at most ${RATE_SERIES_MAX_POINTS}, the latest)`,
    params: CodeParams,
    query: ExchangeRateSeriesQuery,
    response: ExchangeRateSeries,
  }),
  rateOn: endpoint({
    method: 'GET',
    path: '/api/currencies/:code/rate-on',
    permission: 'view_currency',
    tag: 'currencies',
    summary: 'The rate to use on a day: the latest effective on or before it (GBP: 1). 422 NO_EXCHANGE_RATE when none',
    params: CodeParams,
    query: RateOnQuery,
    response: RateOn,
  }),
  createRate: endpoint({
    method: 'POST',
    path: '/api/currencies/:code/rates',
    permission: 'edit_currency',
    tag: 'currencies',
    summary: 'Add a rate effective from a date (one per currency and date: 409 EXCHANGE_RATE_DATE_TAKEN)',
    params: CodeParams,
    body: ExchangeRateInput,
    response: ExchangeRateRecord,
    status: 201,
    idempotent: true,
  }),
  updateRate: endpoint({
    method: 'PUT',
    path: '/api/currencies/:code/rates/:id',
    permission: 'edit_currency',
    tag: 'currencies',
    summary: "Change a rate's date, value or source",
    params: RateParams,
    body: ExchangeRateInput,
    response: ExchangeRateRecord,
  }),
  deleteRate: endpoint({
    method: 'DELETE',
    path: '/api/currencies/:code/rates/:id',
    permission: 'edit_currency',
    tag: 'currencies',
    summary: 'Delete a rate',
    params: RateParams,
    response: z.object({ ok: z.literal(true) }),
  }),
};
