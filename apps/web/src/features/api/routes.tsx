import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { AccountEditPage } from './api-configuration/account-edit-page.tsx';
import { AccountsPage } from './api-configuration/accounts-page.tsx';
import { ListingsPage } from './api-configuration/listings-page.tsx';
import { SYNC_SCREENS } from './sync/screens.ts';
import { SyncScreen } from './sync/sync-screen.tsx';

// Each screen under its menu entry's path and permissions (shell/menu-config.ts).
const routes = areaRoutes('api', [
  {
    path: 'api-configuration',
    titleKey: 'apiConfig',
    permissions: ['view_api_configuration'],
    element: <AccountsPage />,
  },
  {
    // Before `:id`: a fixed segment outranks a parameter.
    path: 'api-configuration/listings',
    titleKey: 'apiConfig',
    permissions: ['view_api_configuration'],
    element: <ListingsPage />,
  },
  {
    // `new` for a new account, else the account's id: its settings, credentials and connection test.
    path: 'api-configuration/:id',
    titleKey: 'apiConfig',
    permissions: ['view_api_configuration'],
    element: <AccountEditPage />,
  },
  {
    path: 'amazon-fulfillment',
    titleKey: 'amazonFulfilment',
    permissions: ['amazon_fulfilment'],
    element: <SyncScreen key="amazon-fulfillment" spec={SYNC_SCREENS.amazonFulfillment} />,
  },
  {
    path: 'amazon-tracking-update',
    titleKey: 'amazonFulfillmentVygs',
    permissions: ['amazon_stock_update'],
    element: <SyncScreen key="amazon-tracking-update" spec={SYNC_SCREENS.amazonTrackingUpdate} />,
  },
  {
    path: 'dhl-fulfillment',
    titleKey: 'dhlFulfillment',
    element: <SyncScreen key="dhl-fulfillment" spec={SYNC_SCREENS.dhlFulfillment} />,
  },
  {
    path: 'royal-mail-fulfillment',
    titleKey: 'royalMailFulfillment',
    element: <SyncScreen key="royal-mail-fulfillment" spec={SYNC_SCREENS.royalMailFulfillment} />,
  },
  {
    path: 'royal-mail',
    titleKey: 'royalMailSync',
    element: <SyncScreen key="royal-mail" spec={SYNC_SCREENS.royalMail} />,
  },
  {
    path: 'shipping-career-fulfillment',
    titleKey: 'dpdParcelForceFulfillment',
    permissions: ['shipping_fulfilment'],
    element: <SyncScreen key="shipping-career-fulfillment" spec={SYNC_SCREENS.shippingCareerFulfillment} />,
  },
  {
    path: 'marketplace-fulfillment',
    titleKey: 'marketplaceFulfilment',
    permissions: ['marketplace_fulfilment'],
    element: <SyncScreen key="marketplace-fulfillment" spec={SYNC_SCREENS.marketplaceFulfillment} />,
  },
  {
    path: 'seller-hub-update',
    titleKey: 'sellerHubUpdate',
    permissions: ['ebay_stock_update'],
    element: <SyncScreen key="seller-hub-update" spec={SYNC_SCREENS.sellerHubUpdate} />,
  },
  {
    path: 'amazon-stock-update',
    titleKey: 'amazonStockUpdate',
    permissions: ['amazon_stock_update'],
    element: <SyncScreen key="amazon-stock-update" spec={SYNC_SCREENS.amazonStockUpdate} />,
  },
  {
    path: 'ebay-stock-update',
    titleKey: 'ebayStockUpdate',
    permissions: ['ebay_stock_update'],
    element: <SyncScreen key="ebay-stock-update" spec={SYNC_SCREENS.ebayStockUpdate} />,
  },
  {
    path: 'shopify-stock-update',
    titleKey: 'shopifyStockUpdate',
    permissions: ['shopify_stock_update'],
    element: <SyncScreen key="shopify-stock-update" spec={SYNC_SCREENS.shopifyStockUpdate} />,
  },
  {
    path: 'samsung-stock-update',
    titleKey: 'samsungStockUpdate',
    permissions: ['ebay_stock_update'],
    element: <SyncScreen key="samsung-stock-update" spec={SYNC_SCREENS.samsungStockUpdate} />,
  },
]);

/** The api area: Api Config's accounts and listings, and each channel's and carrier's orders, messages and stock. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
