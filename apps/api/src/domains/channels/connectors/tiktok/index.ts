import { ConnectorError } from '../../../../platform/connectors/http.ts';
import type { ChannelConnector, ConnectorContext, ConnectorModule } from '../types.ts';
import { TIKTOK_BASE_URL, TiktokClient } from './client.ts';
import { listOrders } from './orders.ts';
import { confirmShipment } from './shipments.ts';
import { pushStock, STOCK_BATCH_SIZE } from './stock.ts';

/**
 * TikTok Shop through its Partner API 202309, MODELLED from the documented shapes (no published contract here).
 * The account's marketplace is the shop cipher (found from the authorised shops when there is one only), its first
 * location the warehouse id stock is set at. Listing identities: externalId the product id, externalRef the SKU id.
 * Refunds and returns are left out: TikTok's are started by the buyer and approved by the seller, not pushed.
 */

function create(ctx: ConnectorContext): ChannelConnector {
  const client = new TiktokClient(ctx);
  const warehouse = ctx.account.locations[0] ?? null;
  return {
    stockBatchSize: STOCK_BATCH_SIZE,
    async testConnection() {
      const shops = await client.shops();
      const cipher = await client.shopCipher();
      const shop = shops.find((s) => s.cipher === cipher);
      if (!shop) {
        throw new ConnectorError(
          `testConnection: the app is not authorised for the shop with cipher ${cipher}; it is for ${shops.map((s) => s.name).join(', ') || 'no shop'}.`,
          { retryable: false },
        );
      }
      return `Connected to the TikTok shop ${shop.name} (${shop.region}, ${shop.seller_type.toLowerCase()} seller).`;
    },
    listOrders: (q) => listOrders(client, q),
    confirmShipment: (s) => confirmShipment(client, s),
    pushStock: (levels) => pushStock(client, warehouse, levels),
  };
}

export const tiktokConnector: ConnectorModule<ChannelConnector> = {
  type: 'TIKTOK',
  kind: 'CHANNEL',
  defaultBaseUrl: { PRODUCTION: TIKTOK_BASE_URL, SANDBOX: TIKTOK_BASE_URL },
  credentialFields: [
    { name: 'appKey', label: 'App key', secret: false },
    { name: 'appSecret', label: 'App secret', secret: true },
    { name: 'accessToken', label: 'Access token', secret: true },
  ],
  modelledOnly: true,
  create,
};
