import { createHmac } from 'node:crypto';
import { ConnectorError, ConnectorHttp } from '../../../../platform/connectors/http.ts';
import type { ConnectorContext } from '../types.ts';

/**
 * TikTok Shop's Partner API (202309), MODELLED from its documented shapes (no published contract here). Every request
 * carries `app_key`, `timestamp` (seconds) and `sign` in its query, the shop's `shop_cipher` when it concerns a shop,
 * and the access token in `x-tts-access-token`. Answers are `{ code, message, request_id, data }`: a non-zero code
 * is a refusal even in a 200.
 */

export const TIKTOK_BASE_URL = 'https://open-api.tiktokglobalshop.com';

type Query = Record<string, string>;

/**
 * TikTok's signature: the path, then each query parameter but `sign` and `access_token` sorted by name as name and
 * value, then the body; wrapped in the app secret on both sides; HMAC-SHA256 keyed with the app secret, in hex.
 */
export function tiktokSign(path: string, query: Query, body: string, secret: string): string {
  const params = Object.keys(query)
    .filter((k) => k !== 'sign' && k !== 'access_token')
    .sort()
    .map((k) => `${k}${query[k]}`)
    .join('');
  return createHmac('sha256', secret).update(`${secret}${path}${params}${body}${secret}`).digest('hex');
}

interface Envelope<T> {
  code: number;
  message: string;
  request_id?: string;
  data?: T;
}

/** The model's codes of refusals a later try may get past (too many requests, an internal failure). */
const RETRYABLE_CODES = new Set([36009003, 36009004]);

export interface TiktokShop {
  id: string;
  name: string;
  region: string;
  seller_type: string;
  cipher: string;
}

export class TiktokClient {
  private readonly http: ConnectorHttp;
  private cipher: string | null;

  constructor(private readonly ctx: ConnectorContext) {
    const c = ctx.account.credentials;
    const overrides = Object.fromEntries(Object.entries(ctx.http ?? {}).filter(([, v]) => v !== undefined));
    this.http = new ConnectorHttp({
      baseUrl: ctx.account.baseUrl,
      bucketKey: `tiktok:${ctx.account.id}`,
      sink: ctx.sink,
      secrets: () => [c.appSecret ?? '', c.accessToken ?? ''],
      signal: ctx.signal,
      ...overrides,
    });
    this.cipher = ctx.account.marketplace?.trim() || null;
  }

  /** One signed call; answers its `data` or throws in words. */
  async call<T>(
    operation: string,
    method: 'GET' | 'POST',
    path: string,
    o: { query?: Query; body?: unknown; shop?: boolean } = {},
  ): Promise<T> {
    const c = this.ctx.account.credentials;
    const query: Query = {
      app_key: c.appKey ?? '',
      timestamp: String(Math.floor(Date.now() / 1000)),
      ...(o.shop === false ? {} : { shop_cipher: await this.shopCipher() }),
      ...o.query,
    };
    const body = o.body === undefined ? '' : JSON.stringify(o.body);
    let envelope: Envelope<T>;
    try {
      const res = await this.http.request({
        operation,
        method,
        path,
        query: { ...query, sign: tiktokSign(path, query, body, c.appSecret ?? '') },
        headers: { 'x-tts-access-token': c.accessToken ?? '', ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body } : {}),
      });
      envelope = res.json<Envelope<T>>();
    } catch (e) {
      if (e instanceof ConnectorError && (e.status === 401 || e.status === 403)) {
        const words = e.message.slice(operation.length + 2);
        throw new ConnectorError(
          `${operation}: TikTok Shop refused the app key, signature, access token or shop (${e.status}): ${words} Check the account's app key, app secret and access token.`,
          { status: e.status, retryable: false },
        );
      }
      throw e;
    }
    if (envelope.code !== 0) {
      throw new ConnectorError(`${operation}: TikTok Shop refused: ${envelope.message} (code ${envelope.code}).`, {
        status: 200,
        retryable: RETRYABLE_CODES.has(envelope.code),
        code: String(envelope.code),
      });
    }
    return envelope.data as T;
  }

  async shops(): Promise<TiktokShop[]> {
    const data = await this.call<{ shops: TiktokShop[] }>('getAuthorizedShops', 'GET', '/authorization/202309/shops', {
      shop: false,
    });
    return data.shops;
  }

  /** The account's shop cipher (its marketplace), else that of the one shop the app is authorised for. */
  async shopCipher(): Promise<string> {
    if (this.cipher) return this.cipher;
    const shops = await this.shops();
    const only = shops.length === 1 ? shops[0] : undefined;
    if (!only) {
      throw new ConnectorError(
        `The app is authorised for ${shops.length} TikTok shops (${shops.map((s) => s.name).join(', ') || 'none'}): set the account's marketplace to the shop cipher of the one to use.`,
        { retryable: false },
      );
    }
    this.cipher = only.cipher;
    return only.cipher;
  }
}
