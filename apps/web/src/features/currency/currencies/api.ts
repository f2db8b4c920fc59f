import type {
  CurrencyCode,
  CurrencyInput,
  currenciesApi,
  EndpointQuery,
  ExchangeRateInput,
} from '@backoffice/contracts';
import { currenciesEndpoints as api } from '../../../shared/api/endpoints/currencies.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';

export type CurrencyListQuery = EndpointQuery<typeof currenciesApi.listCurrencies>;
export type CurrencyFilter = EndpointQuery<typeof currenciesApi.exportCurrencies>;
export type RateListQuery = EndpointQuery<typeof currenciesApi.listRates>;
export type RateFilter = EndpointQuery<typeof currenciesApi.exportRates>;
export type RatePeriod = EndpointQuery<typeof currenciesApi.rateSeries>;

// Rates live under their currency's path: every change of one refreshes the currency's current rate too.

export function useCurrencies(query: CurrencyListQuery) {
  return useEndpointQuery(api.listCurrencies, { query }, { keepPreviousData: true });
}

export function useCurrency(code: CurrencyCode | null) {
  return useEndpointQuery(api.getCurrency, { params: { code: code as CurrencyCode } }, { enabled: code !== null });
}

export function exportCurrencies(filter: CurrencyFilter, fileName: string) {
  return downloadEndpoint(api.exportCurrencies, { query: filter }, fileName);
}

export function useUpdateCurrency() {
  return useEndpointMutation(api.updateCurrency, {
    input: ({ code, body }: { code: CurrencyCode; body: CurrencyInput }) => ({ params: { code }, body }),
  });
}

export function useRates(code: CurrencyCode, query: RateListQuery, enabled = true) {
  return useEndpointQuery(api.listRates, { params: { code }, query }, { keepPreviousData: true, enabled });
}

export function useRateSeries(code: CurrencyCode, period: RatePeriod, enabled = true) {
  return useEndpointQuery(api.rateSeries, { params: { code }, query: period }, { keepPreviousData: true, enabled });
}

/** Downloads the rates of a filter (every page) as .xlsx. */
export function exportRates(code: CurrencyCode, filter: RateFilter, fileName: string) {
  return downloadEndpoint(api.exportRates, { params: { code }, query: filter }, fileName);
}

/** Adds a rate; the Idempotency-Key makes a retried submission add it once. */
export function useCreateRate() {
  return useEndpointMutation(api.createRate, {
    input: ({
      code,
      body,
      idempotencyKey,
    }: {
      code: CurrencyCode;
      body: ExchangeRateInput;
      idempotencyKey: string;
    }) => ({
      params: { code },
      body,
      idempotencyKey,
    }),
  });
}

export function useUpdateRate() {
  return useEndpointMutation(api.updateRate, {
    input: ({ code, id, body }: { code: CurrencyCode; id: string; body: ExchangeRateInput }) => ({
      params: { code, id },
      body,
    }),
  });
}

export function useDeleteRate() {
  return useEndpointMutation(api.deleteRate, {
    input: ({ code, id }: { code: CurrencyCode; id: string }) => ({ params: { code, id } }),
  });
}
