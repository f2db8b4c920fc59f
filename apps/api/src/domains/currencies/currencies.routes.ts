import { currenciesApi, processorsApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import {
  createRate,
  deleteRate,
  exportCurrencies,
  exportRates,
  getCurrency,
  listCurrencies,
  listRates,
  ratesSeries,
  updateCurrency,
  updateRate,
} from './currency.service.ts';
import { rateOn } from './exchange-rates.ts';
import {
  createProcessor,
  deleteProcessor,
  exportProcessors,
  getProcessor,
  listProcessors,
  updateProcessor,
} from './processor.service.ts';

export const currenciesRoutes: RouteEntry[] = [
  route(currenciesApi.listCurrencies, ({ query }, ctx) => listCurrencies(ctx.db, query)),
  route(currenciesApi.exportCurrencies, ({ query }, ctx) => exportCurrencies(ctx, query)),
  route(currenciesApi.getCurrency, ({ params }, ctx) => getCurrency(ctx.db, params.code)),
  route(currenciesApi.updateCurrency, ({ params, body }, ctx) => updateCurrency(ctx, params.code, body)),
  route(currenciesApi.listRates, ({ params, query }, ctx) => listRates(ctx.db, params.code, query)),
  route(currenciesApi.exportRates, ({ params, query }, ctx) => exportRates(ctx, params.code, query)),
  route(currenciesApi.rateSeries, ({ params, query }, ctx) => ratesSeries(ctx.db, params.code, query)),
  route(currenciesApi.rateOn, async ({ params, query }, ctx) => {
    const found = await rateOn(ctx.db, params.code, query.date);
    return { currency: found.currency, date: query.date, rate: found.rate, effectiveDate: found.effectiveDate };
  }),
  route(currenciesApi.createRate, ({ params, body }, ctx) => createRate(ctx, params.code, body)),
  route(currenciesApi.updateRate, ({ params, body }, ctx) => updateRate(ctx, params.code, params.id, body)),
  route(currenciesApi.deleteRate, ({ params }, ctx) => deleteRate(ctx, params.code, params.id)),
];

export const processorsRoutes: RouteEntry[] = [
  route(processorsApi.listProcessors, ({ query }, ctx) => listProcessors(ctx.db, query)),
  route(processorsApi.exportProcessors, ({ query }, ctx) => exportProcessors(ctx, query)),
  route(processorsApi.getProcessor, ({ params }, ctx) => getProcessor(ctx.db, params.id)),
  route(processorsApi.createProcessor, ({ body }, ctx) => createProcessor(ctx, body)),
  route(processorsApi.updateProcessor, ({ params, body }, ctx) => updateProcessor(ctx, params.id, body)),
  route(processorsApi.deleteProcessor, ({ params }, ctx) => deleteProcessor(ctx, params.id)),
];
