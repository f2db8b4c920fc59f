import { explained } from '../access-token.ts';
import type { ChannelConnector, ConnectorContext, ConnectorModule } from '../types.ts';
import { EBAY_PRODUCTION, EBAY_SANDBOX, EbayApi, FULFILLMENT } from './client.ts';
import { confirmShipment, listOrders, refund } from './orders.ts';
import { listReturns } from './returns.ts';
import { EBAY_STOCK_BATCH, pushStock } from './stock.ts';

function create(ctx: ConnectorContext): ChannelConnector {
  const api = new EbayApi(ctx);
  return {
    stockBatchSize: EBAY_STOCK_BATCH,
    async testConnection() {
      const res = await api
        .call({ operation: 'getOrders', method: 'GET', path: `${FULFILLMENT}/order`, query: { limit: 1 } })
        .catch((e: unknown) => {
          throw explained(e, 'eBay refused the connection');
        });
      const total = res.json<{ total?: number }>().total ?? 0;
      return `Connected to eBay, marketplace ${api.marketplaceId}: the account has ${total} order${total === 1 ? '' : 's'} of the last 90 days.`;
    },
    listOrders: (q) => listOrders(api, q),
    confirmShipment: (s) => confirmShipment(api, s),
    pushStock: (levels) => pushStock(api, levels),
    refund: (r) => refund(api, r),
    listReturns: (q) => listReturns(api, q),
  };
}

export const ebayConnector: ConnectorModule<ChannelConnector> = {
  type: 'EBAY',
  kind: 'CHANNEL',
  defaultBaseUrl: { PRODUCTION: EBAY_PRODUCTION, SANDBOX: EBAY_SANDBOX },
  credentialFields: [
    { name: 'clientId', label: 'App id (client id)', secret: false },
    { name: 'clientSecret', label: 'Cert id (client secret)', secret: true },
    { name: 'refreshToken', label: 'User refresh token', secret: true },
  ],
  modelledOnly: false,
  create,
};
