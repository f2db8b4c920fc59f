import type {
  CurrencyCode,
  CurrencyInput,
  currenciesApi,
  EndpointQuery,
  ExchangeRateInput,
} from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef, resolveApiPath } from '../../../shared/lib/api.ts';
import { download } from '../../../shared/lib/http.ts';

const endpoints = {
  list: endpointRef<typeof currenciesApi.listCurrencies>('GET', '/api/currencies'),
  export: endpointRef<typeof currenciesApi.exportCurrencies>('GET', '/api/currencies/export'),
  get: endpointRef<typeof currenciesApi.getCurrency>('GET', '/api/currencies/:code'),
  update: endpointRef<typeof currenciesApi.updateCurrency>('PUT', '/api/currencies/:code'),
  rates: endpointRef<typeof currenciesApi.listRates>('GET', '/api/currencies/:code/rates'),
  exportRates: endpointRef<typeof currenciesApi.exportRates>('GET', '/api/currencies/:code/rates/export'),
  series: endpointRef<typeof currenciesApi.rateSeries>('GET', '/api/currencies/:code/rates/series'),
  createRate: endpointRef<typeof currenciesApi.createRate>('POST', '/api/currencies/:code/rates'),
  updateRate: endpointRef<typeof currenciesApi.updateRate>('PUT', '/api/currencies/:code/rates/:id'),
  deleteRate: endpointRef<typeof currenciesApi.deleteRate>('DELETE', '/api/currencies/:code/rates/:id'),
};

export type CurrencyListQuery = EndpointQuery<typeof currenciesApi.listCurrencies>;
export type CurrencyFilter = EndpointQuery<typeof currenciesApi.exportCurrencies>;
export type RateListQuery = EndpointQuery<typeof currenciesApi.listRates>;
export type RateFilter = EndpointQuery<typeof currenciesApi.exportRates>;
export type RatePeriod = EndpointQuery<typeof currenciesApi.rateSeries>;

/** Rates change a currency's current rate, so every change refreshes both. */
export const currencyKeys = {
  all: ['currencies'] as const,
  list: (query: CurrencyListQuery) => ['currencies', 'list', query] as const,
  one: (code: string) => ['currencies', 'one', code] as const,
  rates: (code: string, query: RateListQuery) => ['currencies', 'rates', code, query] as const,
  series: (code: string, period: RatePeriod) => ['currencies', 'series', code, period] as const,
};

export function useCurrencies(query: CurrencyListQuery) {
  return useQuery({
    queryKey: currencyKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCurrency(code: CurrencyCode | null) {
  return useQuery({
    queryKey: currencyKeys.one(code ?? ''),
    queryFn: ({ signal }) => callEndpoint(endpoints.get, { params: { code: code as CurrencyCode } }, { signal }),
    enabled: code !== null,
  });
}

export function exportCurrencies(filter: CurrencyFilter, fileName: string) {
  return download(resolveApiPath(endpoints.export.path), filter, fileName);
}

export function useUpdateCurrency() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: CurrencyCode; body: CurrencyInput }) =>
      callEndpoint(endpoints.update, { params: { code }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: currencyKeys.all }),
  });
}

export function useRates(code: CurrencyCode, query: RateListQuery, enabled = true) {
  return useQuery({
    queryKey: currencyKeys.rates(code, query),
    queryFn: ({ signal }) => callEndpoint(endpoints.rates, { params: { code }, query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRateSeries(code: CurrencyCode, period: RatePeriod, enabled = true) {
  return useQuery({
    queryKey: currencyKeys.series(code, period),
    queryFn: ({ signal }) => callEndpoint(endpoints.series, { params: { code }, query: period }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Downloads the rates of a filter (every page) as .xlsx. */
export function exportRates(code: CurrencyCode, filter: RateFilter, fileName: string) {
  const path = resolveApiPath(endpoints.exportRates.path).replace(':code', encodeURIComponent(code));
  return download(path, filter, fileName);
}

/** Adds a rate; the Idempotency-Key makes a retried submission add it once. */
export function useCreateRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      code,
      body,
      idempotencyKey,
    }: {
      code: CurrencyCode;
      body: ExchangeRateInput;
      idempotencyKey: string;
    }) => callEndpoint(endpoints.createRate, { params: { code }, body }, { idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: currencyKeys.all }),
  });
}

export function useUpdateRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, id, body }: { code: CurrencyCode; id: string; body: ExchangeRateInput }) =>
      callEndpoint(endpoints.updateRate, { params: { code, id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: currencyKeys.all }),
  });
}

export function useDeleteRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, id }: { code: CurrencyCode; id: string }) =>
      callEndpoint(endpoints.deleteRate, { params: { code, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: currencyKeys.all }),
  });
}
