import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { CurrenciesPage } from './currencies/currencies-page.tsx';
import { CurrencyRatesPage } from './currencies/currency-rates-page.tsx';
import { ProcessorsPage } from './processors/processors-page.tsx';

const routes = areaRoutes('currency', [
  { path: 'currencies', titleKey: 'currencies', permissions: ['view_currency'], element: <CurrenciesPage /> },
  {
    path: 'currencies/:code',
    titleKey: 'currencies',
    permissions: ['view_currency'],
    element: <CurrencyRatesPage />,
  },
  { path: 'processors', titleKey: 'processors', permissions: ['view_currency'], element: <ProcessorsPage /> },
]);

/** The currency area: currencies with their dated rates to GBP, and the payment processors. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
