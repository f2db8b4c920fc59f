import {
  ConnectorError,
  ConnectorHttp,
  type ConnectorRequest,
  type ConnectorResponse,
  type RateLimit,
} from '../../../../platform/connectors/http.ts';
import { accessToken, explained, forgetToken, heldToken, maskingSink, tokenKey } from '../access-token.ts';
import type { ConnectorContext } from '../types.ts';

/**
 * eBay's REST APIs as the connector speaks them: a user access token got with the account's refresh token
 * (OAuth, the app's id and secret as Basic credentials), the marketplace named on every call.
 */

export const EBAY_PRODUCTION = 'https://api.ebay.com';
export const EBAY_SANDBOX = 'https://api.sandbox.ebay.com';
export const FULFILLMENT = '/sell/fulfillment/v1';
export const INVENTORY = '/sell/inventory/v1';
export const POST_ORDER = '/post-order/v2';

/**
 * eBay publishes daily call limits per API (Fulfillment 100,000, Inventory 2,000,000, Post-Order 300,000 calls a
 * day), not per-second rates: these buckets keep one account well inside them and smooth its bursts.
 */
export const EBAY_LIMITS: Record<string, RateLimit> = {
  getOrders: { ratePerSecond: 1, burst: 10 },
  getOrder: { ratePerSecond: 1, burst: 10 },
  createShippingFulfillment: { ratePerSecond: 1, burst: 10 },
  issueRefund: { ratePerSecond: 0.5, burst: 5 },
  bulkUpdatePriceQuantity: { ratePerSecond: 5, burst: 10 },
  search: { ratePerSecond: 1, burst: 5 },
  ebayToken: { ratePerSecond: 1, burst: 5 },
};

export class EbayApi {
  readonly marketplaceId: string;
  private readonly http: ConnectorHttp;
  private readonly key: string;
  private readonly credentials: { clientId: string; clientSecret: string; refreshToken: string };

  constructor(ctx: ConnectorContext) {
    const { account } = ctx;
    const c = account.credentials;
    this.credentials = {
      clientId: c.clientId ?? '',
      clientSecret: c.clientSecret ?? '',
      refreshToken: c.refreshToken ?? '',
    };
    this.marketplaceId = account.marketplace || 'EBAY_GB';
    this.key = tokenKey('ebay', account.id, account.baseUrl, ...Object.values(this.credentials));
    this.http = new ConnectorHttp({
      sink: maskingSink(ctx.sink, ['access_token', 'refresh_token']),
      secrets: () => [
        this.credentials.clientSecret,
        this.credentials.refreshToken,
        heldToken(this.key) ?? '',
        Buffer.from(`${this.credentials.clientId}:${this.credentials.clientSecret}`).toString('base64'),
      ],
      signal: ctx.signal,
      ...ctx.http,
      baseUrl: account.baseUrl,
      bucketKey: `ebay:${account.id}`,
      limits: EBAY_LIMITS,
    });
  }

  private token(): Promise<string> {
    const { clientId, clientSecret, refreshToken } = this.credentials;
    if (!clientId || !clientSecret || !refreshToken)
      throw new ConnectorError('eBay needs the client id, client secret and refresh token of the account.', {
        retryable: false,
      });
    return accessToken(this.key, async () => {
      try {
        const res = await this.http.request({
          operation: 'ebayToken',
          method: 'POST',
          path: '/identity/v1/oauth2/token',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          },
          body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
        });
        const body = res.json<{ access_token?: string; expires_in?: number }>();
        if (!body.access_token) throw new ConnectorError('eBay answered no access token.', { retryable: true });
        return { token: body.access_token, expiresInSeconds: body.expires_in ?? 7200 };
      } catch (e) {
        const status = e instanceof ConnectorError ? e.status : null;
        throw explained(
          e,
          status === 400
            ? 'eBay refused the refresh token'
            : status === 401
              ? 'eBay refused the client id and secret'
              : 'eBay sign-in (OAuth) failed',
        );
      }
    });
  }

  /** One call with the account's token; a token eBay refuses before its time is replaced once. */
  async call(req: ConnectorRequest, scheme = 'Bearer'): Promise<ConnectorResponse> {
    for (let attempt = 1; ; attempt++) {
      const token = await this.token();
      try {
        return await this.http.request({
          ...req,
          headers: {
            ...req.headers,
            authorization: `${scheme} ${token}`,
            'x-ebay-c-marketplace-id': this.marketplaceId,
          },
        });
      } catch (e) {
        if (!(e instanceof ConnectorError) || e.status !== 401 || attempt > 1) throw e;
        forgetToken(this.key);
      }
    }
  }
}
