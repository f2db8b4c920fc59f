import { explained } from '../access-token.ts';
import type { ChannelConnector, ConnectorContext, ConnectorModule } from '../types.ts';
import { AMAZON_PRODUCTION, AMAZON_SANDBOX, AmazonApi } from './client.ts';
import { type FeedResult, feedResult, pushStockFeed, refund, uploadInvoice } from './feeds.ts';
import { fbaInventory } from './inventory.ts';
import { listOrders } from './orders.ts';
import { confirmShipment } from './shipments.ts';

/** Amazon's connector, with what the interface does not carry: a feed's fate after Amazon processed it. */
export interface AmazonConnector extends ChannelConnector {
  feedResult(feedId: string): Promise<FeedResult>;
  /** pushStock, and the id of the feed that carries the quantities (for feedResult). */
  pushStockFeed(levels: Parameters<ChannelConnector['pushStock']>[0]): ReturnType<typeof pushStockFeed>;
}

const MARKETPLACE_NAMES: Record<string, string> = {
  A1F83G8C2ARO7P: 'Amazon.co.uk',
  A1PA6795UKMFR9: 'Amazon.de',
  A13V1IB3VIYZZH: 'Amazon.fr',
  APJ6JRA9NG5V4: 'Amazon.it',
  A1RKKUPIHCS9HS: 'Amazon.es',
};

function create(ctx: ConnectorContext): AmazonConnector {
  const api = new AmazonApi(ctx);
  const sellerId = ctx.account.credentials.sellerId || undefined;
  return {
    // JSON_LISTINGS_FEED takes many messages; ten thousand keeps one document a few megabytes.
    stockBatchSize: 10_000,
    async testConnection() {
      const since = new Date(Date.now() - 24 * 3600_000);
      const page = await api
        .call({
          operation: 'getOrders',
          method: 'GET',
          path: '/orders/v0/orders',
          query: { MarketplaceIds: [api.marketplaceId], LastUpdatedAfter: since.toISOString(), MaxResultsPerPage: 1 },
        })
        .catch((e: unknown) => {
          throw explained(e, 'Amazon refused the connection');
        });
      const orders = page.json<{ payload?: { Orders?: unknown[]; NextToken?: string } }>().payload;
      const seen = orders?.Orders?.length ? (orders.NextToken ? 'orders' : 'an order') : 'no orders';
      const where = MARKETPLACE_NAMES[api.marketplaceId] ?? api.marketplaceId;
      const who = sellerId ? `seller ${sellerId}` : `app ${ctx.account.credentials.clientId}`;
      return `Connected to Amazon as ${who}, marketplace ${api.marketplaceId} (${where}): ${seen} changed in the last day.`;
    },
    listOrders: (q) => listOrders(api, q),
    confirmShipment: (s) => confirmShipment(api, s),
    pushStockFeed: (levels) => pushStockFeed(api, sellerId, levels),
    async pushStock(levels) {
      return (await pushStockFeed(api, sellerId, levels)).results;
    },
    feedResult: (feedId) => feedResult(api, feedId),
    async refund(r) {
      return { externalRefundId: await refund(api, sellerId, r) };
    },
    fbaInventory: (q) => fbaInventory(api, q),
    uploadInvoice: (i) => uploadInvoice(api, i),
  };
}

export const amazonConnector: ConnectorModule<AmazonConnector> = {
  type: 'AMAZON',
  kind: 'CHANNEL',
  defaultBaseUrl: { PRODUCTION: AMAZON_PRODUCTION, SANDBOX: AMAZON_SANDBOX },
  credentialFields: [
    { name: 'clientId', label: 'LWA client id', secret: false },
    { name: 'clientSecret', label: 'LWA client secret', secret: true },
    { name: 'refreshToken', label: 'Refresh token', secret: true },
    { name: 'sellerId', label: 'Seller id (merchant token), for stock and refund feeds', secret: false },
  ],
  modelledOnly: false,
  create,
};
