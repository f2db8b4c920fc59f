import { ConnectorError } from '../../../../platform/connectors/http.ts';
import type { ChannelConnector, ConnectorContext, ConnectorModule } from '../types.ts';
import { SHOP_PLACEHOLDER_URL, ShopifyClient } from './client.ts';
import { listOrders } from './orders.ts';
import { LOCATION, type LocationData, SHOP, type ShopData } from './queries.ts';
import { refund } from './refunds.ts';
import { listReturns } from './returns.ts';
import { confirmShipment } from './shipments.ts';
import { pushStock, STOCK_BATCH_SIZE } from './stock.ts';

/**
 * Shopify through the Admin GraphQL API 2025-01 of one shop: the account's marketplace is the shop's domain
 * (my-shop.myshopify.com), its first location the location gid stock is set at, its credential the access token of
 * the app installed on the shop. Listing identities: externalId the inventory item gid, externalRef a location gid
 * that overrides the account's.
 */

function create(ctx: ConnectorContext): ChannelConnector {
  // Made on first use, so a wrong shop domain is reported by the call that needs it, in words.
  let client: ShopifyClient | null = null;
  const shopify = () => {
    client ??= new ShopifyClient(ctx);
    return client;
  };
  const location = ctx.account.locations[0] ?? null;
  return {
    stockBatchSize: STOCK_BATCH_SIZE,
    async testConnection() {
      const { shop } = await shopify().request<ShopData>('testConnection', SHOP);
      const seen = `Connected to the Shopify shop ${shop.name} (${shop.myshopifyDomain}, ${shop.currencyCode})`;
      if (!location) return `${seen}; no location is set for stock.`;
      const found = await shopify().request<LocationData>('testLocation', LOCATION, { id: location });
      if (!found.location) {
        throw new ConnectorError(`testConnection: the shop ${shop.myshopifyDomain} has no location ${location}.`, {
          retryable: false,
        });
      }
      return `${seen}; stock is set at ${found.location.name}${found.location.isActive ? '' : ' (not active)'}.`;
    },
    listOrders: (q) => listOrders(shopify(), q),
    confirmShipment: (s) => confirmShipment(shopify(), s),
    pushStock: (levels) => pushStock(shopify(), location, levels),
    refund: (r) => refund(shopify(), r),
    listReturns: (q) => listReturns(shopify(), q),
  };
}

export const shopifyConnector: ConnectorModule<ChannelConnector> = {
  type: 'SHOPIFY',
  kind: 'CHANNEL',
  // The address is per shop: this placeholder means https://{the account's shop domain} (see shopBaseUrl).
  defaultBaseUrl: { PRODUCTION: SHOP_PLACEHOLDER_URL, SANDBOX: SHOP_PLACEHOLDER_URL },
  credentialFields: [{ name: 'accessToken', label: 'Admin API access token', secret: true }],
  modelledOnly: false,
  create,
};
