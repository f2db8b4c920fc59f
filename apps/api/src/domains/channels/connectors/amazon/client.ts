import { gunzipSync } from 'node:zlib';
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
 * The Selling Partner API as the connector speaks it: Login with Amazon (LWA) access tokens got with the
 * account's refresh token and sent as `x-amz-access-token`, Restricted Data Tokens for the calls that answer a
 * buyer's name and address, each operation's usage plan, and the pre-signed addresses feeds are uploaded to.
 */

export const AMAZON_PRODUCTION = 'https://sellingpartnerapi-eu.amazon.com';
export const AMAZON_SANDBOX = 'https://sandbox.sellingpartnerapi-eu.amazon.com';
const LWA = 'https://api.amazon.com';
export const UK_MARKETPLACE = 'A1F83G8C2ARO7P';

/** The usage plans of the model files ("Rate (requests per second) | Burst"). */
export const AMAZON_LIMITS: Record<string, RateLimit> = {
  getOrders: { ratePerSecond: 0.0167, burst: 20 },
  getOrderItems: { ratePerSecond: 0.5, burst: 30 },
  confirmShipment: { ratePerSecond: 2, burst: 10 },
  createFeedDocument: { ratePerSecond: 0.5, burst: 15 },
  createFeed: { ratePerSecond: 0.0083, burst: 15 },
  getFeed: { ratePerSecond: 2, burst: 15 },
  getFeedDocument: { ratePerSecond: 0.0222, burst: 10 },
  getInventorySummaries: { ratePerSecond: 2, burst: 2 },
  createRestrictedDataToken: { ratePerSecond: 1, burst: 10 },
};

/** A call that answers personal data (PII) and needs a Restricted Data Token for it. */
export interface RestrictedResource {
  method: 'GET';
  path: string;
  dataElements: string[];
}

export class AmazonApi {
  readonly marketplaceId: string;
  private readonly http: ConnectorHttp;
  private readonly lwa: ConnectorHttp;
  private readonly lwaKey: string;
  private readonly credentials: { clientId: string; clientSecret: string; refreshToken: string };

  constructor(private readonly ctx: ConnectorContext) {
    const { account } = ctx;
    const c = account.credentials;
    this.credentials = {
      clientId: c.clientId ?? '',
      clientSecret: c.clientSecret ?? '',
      refreshToken: c.refreshToken ?? '',
    };
    this.marketplaceId = account.marketplace || UK_MARKETPLACE;
    this.lwaKey = tokenKey('amazon-lwa', account.id, account.baseUrl, ...Object.values(this.credentials));
    const common = {
      // Token answers carry the token; feed document answers carry a pre-signed address.
      sink: maskingSink(ctx.sink, ['access_token', 'refresh_token', 'restrictedDataToken', 'url']),
      secrets: () => this.secrets(),
      signal: ctx.signal,
      ...ctx.http,
    };
    this.http = new ConnectorHttp({
      ...common,
      baseUrl: account.baseUrl,
      bucketKey: `amazon:${account.id}`,
      limits: AMAZON_LIMITS,
    });
    // The real service signs in at LWA's host; an overridden address (a test double) serves the same path itself.
    const real = [AMAZON_PRODUCTION, AMAZON_SANDBOX].includes(account.baseUrl.replace(/\/+$/, ''));
    this.lwa = new ConnectorHttp({
      ...common,
      baseUrl: real ? LWA : account.baseUrl,
      bucketKey: `amazon-lwa:${account.id}`,
    });
  }

  private secrets(): string[] {
    return [this.credentials.clientSecret, this.credentials.refreshToken, heldToken(this.lwaKey) ?? ''];
  }

  private async lwaToken(): Promise<string> {
    const { clientId, clientSecret, refreshToken } = this.credentials;
    if (!clientId || !clientSecret || !refreshToken)
      throw new ConnectorError('Amazon needs the client id, client secret and refresh token of the account.', {
        retryable: false,
      });
    return accessToken(this.lwaKey, async () => {
      try {
        const res = await this.lwa.request({
          operation: 'lwaToken',
          method: 'POST',
          path: '/auth/o2/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
            client_id: clientId,
            client_secret: clientSecret,
          }).toString(),
        });
        const body = res.json<{ access_token?: string; expires_in?: number }>();
        if (!body.access_token)
          throw new ConnectorError('Amazon sign-in answered no access token.', { retryable: true });
        return { token: body.access_token, expiresInSeconds: body.expires_in ?? 3600 };
      } catch (e) {
        const status = e instanceof ConnectorError ? e.status : null;
        throw explained(
          e,
          status === 400
            ? 'Amazon refused the refresh token'
            : status === 401
              ? 'Amazon refused the client id and secret'
              : 'Amazon sign-in (LWA) failed',
        );
      }
    });
  }

  private async restrictedToken(resources: RestrictedResource[]): Promise<string> {
    const key = tokenKey('amazon-rdt', this.lwaKey, JSON.stringify(resources));
    return accessToken(key, async () => {
      const res = await this.call({
        operation: 'createRestrictedDataToken',
        method: 'POST',
        path: '/tokens/2021-03-01/restrictedDataToken',
        json: { restrictedResources: resources },
      });
      const body = res.json<{ restrictedDataToken?: string; expiresIn?: number }>();
      if (!body.restrictedDataToken)
        throw new ConnectorError('Amazon answered no restricted data token.', { retryable: true });
      return { token: body.restrictedDataToken, expiresInSeconds: body.expiresIn ?? 3600 };
    });
  }

  /**
   * One call with the account's token. A token refused before its time (revoked, or the app re-authorised) is
   * dropped and the call made once more with a new one.
   */
  async call(req: ConnectorRequest, restricted?: RestrictedResource[]): Promise<ConnectorResponse> {
    for (let attempt = 1; ; attempt++) {
      const token = restricted ? await this.restrictedToken(restricted) : await this.lwaToken();
      try {
        return await this.http.request({ ...req, headers: { ...req.headers, 'x-amz-access-token': token } });
      } catch (e) {
        if (!(e instanceof ConnectorError) || (e.status !== 401 && e.status !== 403) || attempt > 1) throw e;
        forgetToken(this.lwaKey);
        if (restricted) forgetToken(tokenKey('amazon-rdt', this.lwaKey, JSON.stringify(restricted)));
      }
    }
  }

  /**
   * Uploads a feed document to the pre-signed address createFeedDocument gave. The address carries its own
   * signature (masked in the call log); bytes go through ConnectorHttp's fetch, whose body is text.
   */
  async upload(url: string, contentType: string, content: Buffer | string): Promise<void> {
    const target = new URL(url);
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const http = new ConnectorHttp({
      sink: this.ctx.sink,
      signal: this.ctx.signal,
      ...this.ctx.http,
      baseUrl: target.origin,
      bucketKey: `amazon-upload:${this.ctx.account.id}`,
      secrets: () => [...this.secrets(), target.search.slice(1)],
      fetch: (input, init) => fetch(input, { ...init, body: bytes }),
    });
    await http.request({
      operation: 'uploadFeedDocument',
      method: 'PUT',
      path: `${target.pathname}${target.search}`,
      headers: { 'content-type': contentType },
      body: typeof content === 'string' ? content : `(${bytes.length} bytes of ${contentType})`,
    });
  }

  /** Reads a document (a feed's processing report) from the pre-signed address getFeedDocument gave. */
  async download(url: string, gzip: boolean): Promise<string> {
    const target = new URL(url);
    const http = new ConnectorHttp({
      sink: this.ctx.sink,
      signal: this.ctx.signal,
      ...this.ctx.http,
      baseUrl: target.origin,
      bucketKey: `amazon-download:${this.ctx.account.id}`,
      secrets: () => [...this.secrets(), target.search.slice(1)],
    });
    const res = await http.request({
      operation: 'downloadFeedDocument',
      method: 'GET',
      path: `${target.pathname}${target.search}`,
      binary: true,
    });
    const bytes = res.bytes ?? Buffer.alloc(0);
    return (gzip ? gunzipSync(bytes) : bytes).toString('utf8');
  }
}
