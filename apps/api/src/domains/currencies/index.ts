import type { RouteEntry } from '../../platform/routes.ts';
import { currenciesRoutes as currencyRoutes, processorsRoutes } from './currencies.routes.ts';

/** Currencies with their dated rates to GBP, and the payment processors and accounts. */
export const currenciesRoutes: RouteEntry[] = [...currencyRoutes, ...processorsRoutes];

/** For the areas that book foreign amounts: the rate of a day and conversion to GBP. */
export { BASE_MONEY_PLACES, convertToBase, type DayRate, rateOn, toBase } from './exchange-rates.ts';
