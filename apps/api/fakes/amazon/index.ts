import { randomUUID } from 'node:crypto';
import type { RateLimit } from '../../src/platform/connectors/http.ts';
import { ChangeClock } from '../kit/clock.ts';
import { contractPath } from '../kit/contracts-dir.ts';
import { type Contract, loadContract } from '../kit/openapi.ts';
import { type FakeHandler, type FakeReply, type FakeServer, startFakeServer } from '../kit/server.ts';
import { TokenIssuer } from '../kit/tokens.ts';
import type { ChannelFake, FakeOptions } from '../kit/types.ts';
import { type FeedsState, feedsModule } from './feeds.ts';
import { type AmazonOrderSeed, amazonError, type OrdersState, ordersHandlers, seedAmazonOrder } from './orders.ts';

/**
 * Amazon's Selling Partner API, locally: Login with Amazon's token endpoint, Restricted Data Tokens, Orders v0,
 * Feeds 2021-06-30 and FBA Inventory v1, checked against the published model files. Tokens are the fake's own;
 * without a Restricted Data Token the orders list carries no buyer name or street, as at Amazon.
 */

export const AMAZON_FAKE_CREDENTIALS = {
  clientId: 'amzn1.application-oa2-client.fake0001',
  clientSecret: 'amzn1.oa2-cs.v1.fake-client-secret-0001',
  refreshToken: 'Atzr|fake-refresh-token-0001',
  sellerId: 'A2FAKESELLER01',
};

export interface FbaRow {
  sku: string;
  asin?: string;
  fnsku?: string;
  productName?: string;
  fulfillable: number;
  inboundWorking?: number;
  inboundShipped?: number;
  inboundReceiving?: number;
  reserved?: number;
  unfulfillable?: number;
  updatedAt?: Date;
}

export interface AmazonFakeState extends OrdersState, FeedsState {
  inventory: FbaRow[];
  inventoryPageSize: number;
}

export interface AmazonFakeOptions extends FakeOptions {
  clientId?: string;
  clientSecret?: string;
  refreshToken?: string;
  sellerId?: string;
  marketplaceId?: string;
  /** Amazon's usage plans (true: the model files' tables) or others; off by default, so tests do not wait. */
  rateLimits?: boolean | Record<string, RateLimit>;
  /** Lifetime of the access tokens the fake hands out (Amazon: an hour). */
  tokenTtlSeconds?: number;
  pageSizes?: { orders?: number; orderItems?: number; inventory?: number };
}

export interface AmazonFake extends ChannelFake<AmazonFakeState>, FakeServer<AmazonFakeState> {
  seedOrder(order: AmazonOrderSeed): string;
  seedInventory(rows: FbaRow[]): void;
  invoicesOf(externalOrderId: string): AmazonFakeState['invoices'];
  /** Processes the feeds held in the queue (state.holdFeeds). */
  processFeeds(): Promise<void>;
  /** Every access token handed out stops working (revoked at Amazon). */
  expireTokens(): void;
  /** How many LWA access tokens were handed out. */
  tokensIssued(): number;
}

/** The orders resources a Restricted Data Token may be asked for. */
const RESTRICTED = /^\/orders\/v0\/orders(\/[^/]+(\/address|\/buyerInfo|\/orderItems|\/orderItems\/buyerInfo)?)?$/;

/** The usage plans written in the model files' descriptions ("| Rate | Burst |" tables). */
export function usagePlans(contracts: Contract[]): Record<string, RateLimit> {
  const out: Record<string, RateLimit> = {};
  for (const c of contracts)
    for (const op of c.operations) {
      const m = /\|\s*([\d.]+)\s*\|\s*(\d+)\s*\|/.exec(op.description);
      if (m) out[op.id] = { ratePerSecond: Number(m[1]), burst: Number(m[2]) };
    }
  return out;
}

function inventoryHandler(s: AmazonFakeState): FakeHandler {
  return (req) => {
    const q = req.query;
    if (
      q.get('granularityId') !== s.marketplaceId ||
      !(q.get('marketplaceIds') ?? '').split(',').includes(s.marketplaceId)
    )
      return { status: 400, body: amazonError('InvalidInput', `This seller's marketplace is ${s.marketplaceId}.`) };
    const skus = q.get('sellerSkus')?.split(',') ?? null;
    const rows = s.inventory.filter((r) => !skus || skus.includes(r.sku));
    const offset = Number(q.get('nextToken') ?? 0);
    const page = rows.slice(offset, offset + s.inventoryPageSize);
    const details = q.get('details') === 'true';
    return {
      status: 200,
      body: {
        payload: {
          granularity: { granularityType: 'Marketplace', granularityId: s.marketplaceId },
          inventorySummaries: page.map((r) => ({
            asin: r.asin ?? '',
            fnSku: r.fnsku ?? '',
            sellerSku: r.sku,
            condition: 'NewItem',
            lastUpdatedTime: (r.updatedAt ?? new Date()).toISOString(),
            productName: r.productName ?? r.sku,
            totalQuantity:
              r.fulfillable + (r.inboundWorking ?? 0) + (r.inboundShipped ?? 0) + (r.inboundReceiving ?? 0),
            ...(details
              ? {
                  inventoryDetails: {
                    fulfillableQuantity: r.fulfillable,
                    inboundWorkingQuantity: r.inboundWorking ?? 0,
                    inboundShippedQuantity: r.inboundShipped ?? 0,
                    inboundReceivingQuantity: r.inboundReceiving ?? 0,
                    reservedQuantity: { totalReservedQuantity: r.reserved ?? 0 },
                    unfulfillableQuantity: { totalUnfulfillableQuantity: r.unfulfillable ?? 0 },
                  },
                }
              : {}),
          })),
        },
        ...(offset + s.inventoryPageSize < rows.length
          ? { pagination: { nextToken: String(offset + s.inventoryPageSize) } }
          : {}),
      },
    };
  };
}

export async function startAmazonFake(options: AmazonFakeOptions = {}): Promise<AmazonFake> {
  const creds = { ...AMAZON_FAKE_CREDENTIALS, ...options };
  const contracts = await Promise.all(
    ['ordersV0.json', 'feeds_2021-06-30.json', 'fbaInventory.json', 'tokens_2021-03-01.json'].map((f) =>
      loadContract(contractPath('amazon-sp-api', f)),
    ),
  );
  const plans = usagePlans(contracts);
  const state: AmazonFakeState = {
    sellerId: creds.sellerId,
    marketplaceId: options.marketplaceId ?? 'A1F83G8C2ARO7P',
    orders: new Map(),
    itemsPageSize: options.pageSizes?.orderItems ?? 100,
    ordersPageSize: options.pageSizes?.orders ?? 100,
    clock: new ChangeClock(),
    counter: 0,
    documents: new Map(),
    feeds: new Map(),
    quantities: new Map(),
    refunds: new Map(),
    invoices: [],
    listings: null,
    holdFeeds: false,
    inventory: [],
    inventoryPageSize: options.pageSizes?.inventory ?? 50,
  };
  const lwa = new TokenIssuer('Atza|');
  const rdt = new TokenIssuer('Atz.sprdt|');
  const rdtPaths = new Map<string, string[]>();
  const ttl = options.tokenTtlSeconds ?? 3600;
  const feeds = feedsModule(state);
  const limits = options.rateLimits === true ? plans : options.rateLimits || undefined;

  const lwaToken: FakeHandler = (req) => {
    const form = (req.body ?? {}) as Record<string, string>;
    const oauthError = (status: number, error: string, description: string): FakeReply => ({
      status,
      body: { error, error_description: description },
    });
    if (form.grant_type !== 'refresh_token')
      return oauthError(400, 'unsupported_grant_type', 'Only refresh_token is played here.');
    if (form.client_id !== creds.clientId || form.client_secret !== creds.clientSecret)
      return oauthError(401, 'invalid_client', 'Client authentication failed');
    if (form.refresh_token !== creds.refreshToken)
      return oauthError(400, 'invalid_grant', 'The request has an invalid grant parameter : refresh_token');
    const { token, expiresIn } = lwa.issue(ttl);
    return {
      status: 200,
      body: { access_token: token, refresh_token: creds.refreshToken, token_type: 'bearer', expires_in: expiresIn },
    };
  };

  const createRestrictedDataToken: FakeHandler = (req) => {
    const resources = (req.body as { restrictedResources: { path: string }[] }).restrictedResources;
    const unknown = resources.find((r) => !RESTRICTED.test(r.path));
    if (unknown)
      return { status: 400, body: amazonError('InvalidInput', `${unknown.path} is no restricted resource.`) };
    const { token, expiresIn } = rdt.issue(ttl);
    rdtPaths.set(
      token,
      resources.map((r) => r.path),
    );
    return { status: 200, body: { restrictedDataToken: token, expiresIn } };
  };

  const hasPii = (token: string) => rdt.valid(token);
  const server = await startFakeServer<AmazonFakeState>({
    name: 'amazon',
    state,
    contracts,
    handlers: {
      ...ordersHandlers(state, hasPii),
      ...feeds.handlers,
      getInventorySummaries: inventoryHandler(state),
      createRestrictedDataToken,
    },
    routes: [{ name: 'lwaToken', method: 'POST', path: '/auth/o2/token', handler: lwaToken }, ...feeds.routes],
    errorBody: (status, message) => ({ errors: [{ code: ERROR_CODES[status] ?? 'InvalidInput', message }] }),
    authorize(req) {
      const token = String(req.headers['x-amz-access-token'] ?? '');
      if (lwa.valid(token)) return null;
      if (rdt.valid(token) && rdtPaths.get(token)?.includes(req.path)) return null;
      return {
        status: 403,
        body: {
          errors: [
            {
              code: 'Unauthorized',
              message: 'Access to requested resource is denied.',
              details: 'The access token you provided is revoked, malformed or invalid.',
            },
          ],
        },
      };
    },
    headers: (op) => ({
      'x-amzn-RequestId': randomUUID(),
      ...(plans[op] ? { 'x-amzn-RateLimit-Limit': String(plans[op].ratePerSecond) } : {}),
    }),
    faultHeaders: (op, status): Record<string, string> =>
      status === 429
        ? { 'retry-after': '1', 'x-amzn-RateLimit-Limit': String((limits ?? plans)[op]?.ratePerSecond ?? 1) }
        : {},
    limits,
    options,
  });

  const record = (id: string) => {
    const r = state.orders.get(id);
    if (!r) throw new Error(`The Amazon fake has no order ${id}`);
    return r;
  };
  return Object.assign(server, {
    seedOrder: (order: AmazonOrderSeed) => seedAmazonOrder(state, order),
    cancelOrder(id: string) {
      const r = record(id);
      r.order.OrderStatus = 'Canceled';
      r.order.LastUpdateDate = state.clock.next().toISOString();
    },
    shipmentsOf: (id: string) =>
      record(id).packages.map((p) => ({
        trackingNumber: p.trackingNumber,
        carrierCode: p.carrierCode,
        lineIds: p.orderItems.map((i) => i.orderItemId),
      })),
    quantityOf: (sku: string) => state.quantities.get(sku) ?? null,
    refundsOf: (id: string) => state.refunds.get(id) ?? [],
    seedInventory(rows: FbaRow[]) {
      state.inventory.push(...rows);
    },
    invoicesOf: (id: string) => state.invoices.filter((i) => i.orderId === id),
    processFeeds: () => feeds.processFeeds((t) => server.violations.push(`amazon: ${t}`)),
    expireTokens() {
      lwa.expireAll();
      rdt.expireAll();
    },
    tokensIssued: () => lwa.issued,
  });
}

const ERROR_CODES: Record<number, string> = {
  400: 'InvalidInput',
  403: 'Unauthorized',
  404: 'NotFound',
  413: 'RequestEntityTooLarge',
  415: 'UnsupportedMediaType',
  429: 'QuotaExceeded',
  500: 'InternalFailure',
  503: 'ServiceUnavailable',
};
