import { setTimeout as sleep } from 'node:timers/promises';
import { ConnectorError, ConnectorHttp } from '../../../../platform/connectors/http.ts';
import type { ConnectorContext } from '../types.ts';

/**
 * Shopify's Admin GraphQL API (2025-01) over ConnectorHttp. Shopify limits by a cost bucket per shop and app
 * (`extensions.cost.throttleStatus` on every answer) and refuses with THROTTLED in a 200, which ConnectorHttp cannot
 * see: this client keeps the last bucket state per account, waits before a call the bucket would not hold, and
 * waits out a THROTTLED answer before asking again.
 */

export const API_VERSION = '2025-01';
export const GRAPHQL_PATH = `/admin/api/${API_VERSION}/graphql.json`;
/** The default address is per shop; this stands for `https://{shop}` (see `shopBaseUrl`). */
export const SHOP_PLACEHOLDER_URL = 'https://shop.myshopify.com';

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

interface Bucket {
  available: number;
  maximum: number;
  restoreRate: number;
  at: number;
}

interface Cost {
  requestedQueryCost: number | null;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}

interface GraphQLError {
  message: string;
  extensions?: { code?: string };
}

interface GraphQLAnswer<T> {
  data?: T | null;
  /** A list in GraphQL's shape; text when the REST layer in front refuses (401, 404). */
  errors?: GraphQLError[] | string;
  extensions?: { cost?: Cost };
}

// Across the process, as Shopify's bucket is per shop and app, not per connector instance.
const buckets = new Map<string, Bucket>();
const lastCosts = new Map<string, number>();

/** Forgets what was learnt of every shop's bucket (tests). */
export function resetShopifyBuckets(): void {
  buckets.clear();
  lastCosts.clear();
}

/**
 * The shop's address: the account's override when it has one (a proxy or the local fake), else `https://{shop}` from
 * the account's shop domain, which must be a myshopify.com domain so the access token goes nowhere else.
 */
export function shopBaseUrl(ctx: ConnectorContext): string {
  const base = ctx.account.baseUrl.replace(/\/+$/, '');
  if (base !== SHOP_PLACEHOLDER_URL) return base;
  const shop = (ctx.account.marketplace ?? '').trim().toLowerCase();
  if (!SHOP_DOMAIN.test(shop)) {
    throw new ConnectorError(
      `The shop domain "${shop}" is not a myshopify.com domain: set the account's marketplace to e.g. my-shop.myshopify.com.`,
      { retryable: false },
    );
  }
  return `https://${shop}`;
}

function callWords(operation: string, e: ConnectorError, shop: string): ConnectorError {
  const words: Record<number, string> = {
    401: `Shopify refused the access token for ${shop} (401): check the Admin API access token of the app installed on the shop.`,
    402: `the shop ${shop} is frozen until its Shopify bill is paid (402).`,
    403: `the app installed on ${shop} lacks an access scope this needs (403): grant read_orders, write_fulfillments, write_inventory and write_returns.`,
    404: `no Shopify Admin API ${API_VERSION} was found at ${shop} (404): check the shop domain.`,
    423: `the shop ${shop} is locked by Shopify (423).`,
  };
  const w = e.status === null ? undefined : words[e.status];
  if (!w) return e;
  return new ConnectorError(`${operation}: ${w}`, { status: e.status, retryable: false, code: e.code });
}

export class ShopifyClient {
  private readonly http: ConnectorHttp;
  /** For mutations that are not safe to repeat blindly: the caller checks what happened before trying again. */
  private readonly httpOnce: ConnectorHttp;
  private readonly key: string;
  private readonly maxRetries: number;
  private readonly maxWaitMs: number;
  private readonly backoffBaseMs: number;
  private readonly timeoutMs: number;

  constructor(private readonly ctx: ConnectorContext) {
    const baseUrl = shopBaseUrl(ctx);
    const token = ctx.account.credentials.accessToken ?? '';
    const overrides = Object.fromEntries(Object.entries(ctx.http ?? {}).filter(([, v]) => v !== undefined));
    const common = {
      baseUrl,
      bucketKey: `shopify:${ctx.account.id}`,
      sink: ctx.sink,
      secrets: () => [token],
      signal: ctx.signal,
      ...overrides,
    };
    this.http = new ConnectorHttp(common);
    this.httpOnce = new ConnectorHttp({ ...common, maxRetries: 0 });
    this.key = `${ctx.account.id}|${baseUrl}`;
    this.maxRetries = ctx.http?.maxRetries ?? 3;
    this.maxWaitMs = ctx.http?.maxWaitMs ?? 60_000;
    this.backoffBaseMs = ctx.http?.backoffBaseMs ?? 500;
    this.timeoutMs = ctx.http?.timeoutMs ?? 30_000;
  }

  get shop(): string {
    return this.ctx.account.marketplace ?? this.ctx.account.baseUrl;
  }

  /** How long until the bucket holds `cost` points, by what the last answer said (0: now). */
  private waitFor(cost: number): number {
    const b = buckets.get(this.key);
    if (!b) return 0;
    const now = b.available + ((Date.now() - b.at) / 1000) * b.restoreRate;
    const available = Math.min(b.maximum, now);
    return available >= cost ? 0 : Math.ceil(((cost - available) / b.restoreRate) * 1000);
  }

  private async pause(ms: number, operation: string): Promise<void> {
    if (ms <= 0) return;
    if (ms > this.maxWaitMs) {
      throw new ConnectorError(`${operation}: Shopify's cost bucket allows this call in ${ms} ms.`, {
        retryable: true,
        retryAfterMs: ms,
      });
    }
    await sleep(ms, undefined, { signal: this.ctx.signal });
  }

  private remember(operation: string, cost: Cost | undefined): void {
    if (!cost) return;
    const t = cost.throttleStatus;
    buckets.set(this.key, {
      available: t.currentlyAvailable,
      maximum: t.maximumAvailable,
      restoreRate: t.restoreRate,
      at: Date.now(),
    });
    if (cost.requestedQueryCost !== null) lastCosts.set(`${this.key}|${operation}`, cost.requestedQueryCost);
  }

  /**
   * One document; answers its data or throws in words. `once`: no repeat within the call (a mutation whose first
   * try may have gone through although its answer was lost).
   */
  async request<T>(
    operation: string,
    query: string,
    variables: Record<string, unknown> = {},
    once = false,
  ): Promise<T> {
    for (let throttled = 0; ; throttled++) {
      await this.pause(this.waitFor(lastCosts.get(`${this.key}|${operation}`) ?? 0), operation);
      let answer: GraphQLAnswer<T>;
      try {
        const res = await (once ? this.httpOnce : this.http).request({
          operation,
          method: 'POST',
          path: GRAPHQL_PATH,
          headers: { 'X-Shopify-Access-Token': this.ctx.account.credentials.accessToken ?? '' },
          json: { query, variables },
        });
        answer = res.json<GraphQLAnswer<T>>();
      } catch (e) {
        throw e instanceof ConnectorError ? callWords(operation, e, this.shop) : e;
      }
      this.remember(operation, answer.extensions?.cost);
      const errors: GraphQLError[] =
        typeof answer.errors === 'string' ? [{ message: answer.errors }] : (answer.errors ?? []);
      if (errors.length === 0) return answer.data as T;
      const codes = errors.map((e) => e.extensions?.code);
      const cost = answer.extensions?.cost;
      if (codes.includes('THROTTLED') && throttled < this.maxRetries) {
        await this.pause(
          this.waitFor(cost?.requestedQueryCost ?? 0) || Math.ceil(1000 / (cost?.throttleStatus.restoreRate ?? 50)),
          operation,
        );
        continue;
      }
      const code = codes.find(Boolean) ?? null;
      throw new ConnectorError(
        `${operation}: Shopify refused the request: ${errors.map((e) => e.message).join('; ')}`,
        {
          status: 200,
          retryable: code === 'THROTTLED' || code === 'INTERNAL_SERVER_ERROR',
          retryAfterMs: code === 'THROTTLED' ? this.waitFor(cost?.requestedQueryCost ?? 0) : null,
          code,
        },
      );
    }
  }

  /**
   * A pause between tries of a checked mutation, growing with each. A try that got no answer may still be running at
   * Shopify: the pause is then at least as long as it was given, so the look that follows can see it.
   */
  backoff(attempt: number, unanswered: boolean): Promise<void> {
    const ms = Math.max(this.backoffBaseMs * 2 ** (attempt - 1), unanswered ? this.timeoutMs : 0);
    return sleep(ms, undefined, { signal: this.ctx.signal });
  }

  get attempts(): number {
    return this.maxRetries + 1;
  }
}

/**
 * A mutation Shopify cannot be asked to make idempotent (2025-01 has no idempotency key for it): before each try
 * `done` looks whether an earlier one went through, so a lost answer never makes the change twice.
 */
export async function checkedMutation<T>(
  client: ShopifyClient,
  done: () => Promise<T | null>,
  act: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const found = await done();
    if (found !== null) return found;
    try {
      return await act();
    } catch (e) {
      if (!(e instanceof ConnectorError) || !e.retryable || attempt >= client.attempts) throw e;
      await client.backoff(attempt, e.status === null);
    }
  }
}
