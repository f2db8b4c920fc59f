import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { AccountEditPage } from './api-configuration/account-edit-page.tsx';
import { AccountsPage } from './api-configuration/accounts-page.tsx';

const routes = areaRoutes('api', [
  {
    path: 'api-configuration',
    titleKey: 'apiConfig',
    permissions: ['view_api_configuration'],
    element: <AccountsPage />,
  },
  {
    // `new` for a new account, else the account's id: its settings, credentials and connection test.
    path: 'api-configuration/:id',
    titleKey: 'apiConfig',
    permissions: ['view_api_configuration'],
    element: <AccountEditPage />,
  },
]);

/** The api area: Api Config's channel and carrier accounts; its other menu entries are still to come. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
