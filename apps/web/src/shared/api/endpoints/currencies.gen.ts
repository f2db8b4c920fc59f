// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `currenciesApi`: method, path and, for a change, the resources it makes stale. */
export const currenciesEndpoints = {
  listCurrencies: endpointRef<typeof contracts.currenciesApi.listCurrencies>('GET', '/api/currencies'),
  exportCurrencies: endpointRef<typeof contracts.currenciesApi.exportCurrencies>('GET', '/api/currencies/export'),
  getCurrency: endpointRef<typeof contracts.currenciesApi.getCurrency>('GET', '/api/currencies/:code'),
  updateCurrency: endpointRef<typeof contracts.currenciesApi.updateCurrency>('PUT', '/api/currencies/:code', [
    '/api/currencies',
  ]),
  listRates: endpointRef<typeof contracts.currenciesApi.listRates>('GET', '/api/currencies/:code/rates'),
  exportRates: endpointRef<typeof contracts.currenciesApi.exportRates>('GET', '/api/currencies/:code/rates/export'),
  rateSeries: endpointRef<typeof contracts.currenciesApi.rateSeries>('GET', '/api/currencies/:code/rates/series'),
  rateOn: endpointRef<typeof contracts.currenciesApi.rateOn>('GET', '/api/currencies/:code/rate-on'),
  createRate: endpointRef<typeof contracts.currenciesApi.createRate>('POST', '/api/currencies/:code/rates', [
    '/api/currencies',
  ]),
  updateRate: endpointRef<typeof contracts.currenciesApi.updateRate>('PUT', '/api/currencies/:code/rates/:id', [
    '/api/currencies',
  ]),
  deleteRate: endpointRef<typeof contracts.currenciesApi.deleteRate>('DELETE', '/api/currencies/:code/rates/:id', [
    '/api/currencies',
  ]),
};
