import { randomUUID } from 'node:crypto';
import { ChangeClock } from '../kit/clock.ts';
import { contractPath } from '../kit/contracts-dir.ts';
import { type Contract, loadContract } from '../kit/openapi.ts';
import { type FakeHandler, type FakeReply, type FakeServer, startFakeServer } from '../kit/server.ts';
import { authToken, basicCredentials, TokenIssuer } from '../kit/tokens.ts';
import type { ChannelFake, FakeOptions } from '../kit/types.ts';
import { type EbayOrderSeed, ebayError, type FulfillmentState, fulfillmentHandlers, seedEbayOrder } from './orders.ts';

/**
 * eBay's REST APIs, locally: the OAuth token endpoint (refresh token grant), Sell Fulfillment (orders, shipping
 * fulfilments, refunds), Sell Inventory's bulk price and quantity update, and the Post-Order return search, each
 * checked against the published OpenAPI files. The return search's parameters and answer are not in its file and
 * are modelled on eBay's documentation.
 */

export const EBAY_FAKE_CREDENTIALS = {
  clientId: 'FakeSell-backoffi-PRD-0123456789-abcdef01',
  clientSecret: 'PRD-fake0123456789-cert-secret',
  refreshToken: 'v^1.1#i^1#fake-refresh-token#r^1',
};

export interface EbayReturn {
  returnId: string;
  orderId: string;
  itemId: string;
  transactionId: string;
  quantity: number;
  reason: string;
  state: string;
  createdAt: string;
}

export interface EbayFakeState extends FulfillmentState {
  /** The SKUs the seller lists and their offers (others are refused per item); null: any SKU. */
  listings: Map<string, string[]> | null;
  quantities: Map<string, number>;
  offerQuantities: Map<string, number>;
  returns: EbayReturn[];
}

export interface EbayFakeOptions extends FakeOptions {
  clientId?: string;
  clientSecret?: string;
  refreshToken?: string;
  marketplaceId?: string;
  tokenTtlSeconds?: number;
}

export interface EbayFake extends ChannelFake<EbayFakeState>, FakeServer<EbayFakeState> {
  seedOrder(order: EbayOrderSeed): string;
  /** A buyer opens a return of a line (default: the first) of an order; answers its id. */
  seedReturn(r: { orderId: string; line?: number; quantity?: number; reason?: string; state?: string }): string;
  offerQuantityOf(offerId: string): number | null;
  expireTokens(): void;
  tokensIssued(): number;
}

const MAX_BULK = 25;

function inventoryHandler(s: EbayFakeState, contract: Contract): FakeHandler {
  return (req) => {
    const requests =
      (
        req.body as {
          requests?: {
            sku?: string;
            shipToLocationAvailability?: { quantity?: number };
            offers?: { offerId?: string; availableQuantity?: number }[];
          }[];
        }
      ).requests ?? [];
    if (!requests.length || requests.length > MAX_BULK)
      return ebayError(400, 25709, `Invalid value for requests. Between 1 and ${MAX_BULK} are taken.`, 'API_INVENTORY');
    const responses = requests.flatMap((r) => {
      const sku = r.sku ?? '';
      const offers = s.listings ? s.listings.get(sku) : [];
      if (!offers)
        return [
          {
            sku,
            statusCode: 404,
            errors: [
              {
                errorId: 25702,
                domain: 'API_INVENTORY',
                category: 'REQUEST',
                message: `SKU ${sku} is not available in the system.`,
              },
            ],
          },
        ];
      if (r.shipToLocationAvailability?.quantity !== undefined)
        s.quantities.set(sku, r.shipToLocationAvailability.quantity);
      const own = { sku, statusCode: 200 };
      return [
        ...(r.shipToLocationAvailability ? [own] : []),
        ...(r.offers ?? []).map((o) => {
          const offerId = o.offerId ?? '';
          if (s.listings && !offers.includes(offerId))
            return {
              sku,
              offerId,
              statusCode: 400,
              errors: [
                {
                  errorId: 25713,
                  domain: 'API_INVENTORY',
                  category: 'REQUEST',
                  message: `Offer ${offerId} is not available.`,
                },
              ],
            };
          if (o.availableQuantity !== undefined) s.offerQuantities.set(offerId, o.availableQuantity);
          return { sku, offerId, statusCode: 200 };
        }),
      ];
    });
    const body = { responses };
    const partial = responses.some((r) => r.statusCode !== 200);
    // The file gives Multi-Status no schema; its body is the same as success's.
    if (partial)
      for (const v of contract.checkResponse('bulkUpdatePriceQuantity', 200, body)) req.violation(`207 answer: ${v}`);
    return { status: partial ? 207 : 200, body };
  };
}

/** Modelled on eBay's Post-Order documentation: the file describes neither parameters nor answer. */
function returnSearch(s: EbayFakeState): FakeHandler {
  return (req) => {
    const q = req.query;
    const from = Date.parse(q.get('creation_date_range_from') ?? '') || 0;
    const to = Date.parse(q.get('creation_date_range_to') ?? '') || Number.POSITIVE_INFINITY;
    const limit = Number(q.get('limit') ?? 25);
    const page = Number(q.get('offset') ?? 1);
    const all = s.returns.filter((r) => Date.parse(r.createdAt) >= from && Date.parse(r.createdAt) <= to);
    const members = all.slice((page - 1) * limit, page * limit).map((r) => ({
      returnId: r.returnId,
      orderId: r.orderId,
      state: r.state,
      status: r.state,
      creationInfo: {
        item: { itemId: r.itemId, transactionId: r.transactionId, returnQuantity: r.quantity },
        type: 'MONEY_BACK',
        reason: r.reason,
        creationDate: { value: r.createdAt },
      },
    }));
    return {
      status: 200,
      body: {
        members,
        total: all.length,
        paginationOutput: { offset: page, limit, totalEntries: all.length, totalPages: Math.ceil(all.length / limit) },
      },
    };
  };
}

export async function startEbayFake(options: EbayFakeOptions = {}): Promise<EbayFake> {
  const creds = { ...EBAY_FAKE_CREDENTIALS, ...options };
  const [fulfillment, inventory, returns] = await Promise.all([
    loadContract(contractPath('ebay', 'sell_fulfillment_v1_oas3.json')),
    loadContract(contractPath('ebay', 'sell_inventory_v1_oas3.json')),
    loadContract(contractPath('ebay', 'return_oas3.json'), { allowUnknownQuery: true }),
  ]);
  const state: EbayFakeState = {
    marketplaceId: options.marketplaceId ?? 'EBAY_GB',
    sellerId: 'fake_seller_gb',
    orders: new Map(),
    clock: new ChangeClock(),
    counter: 0,
    listings: null,
    quantities: new Map(),
    offerQuantities: new Map(),
    returns: [],
  };
  const tokens = new TokenIssuer('v^1.1#i^1#p^3#f^0#I^3#r^0#t^');
  const ttl = options.tokenTtlSeconds ?? 7200;

  const oauthToken: FakeHandler = (req) => {
    const form = (req.body ?? {}) as Record<string, string>;
    const refuse = (status: number, error: string, description: string): FakeReply => ({
      status,
      body: { error, error_description: description },
    });
    const client = basicCredentials(req.headers);
    if (client?.user !== creds.clientId || client.password !== creds.clientSecret)
      return refuse(401, 'invalid_client', 'client authentication failed');
    if (form.grant_type !== 'refresh_token')
      return refuse(
        400,
        'unsupported_grant_type',
        'grant type in request is not supported by the authorization server',
      );
    if (form.refresh_token !== creds.refreshToken)
      return refuse(
        400,
        'invalid_grant',
        'the provided authorization refresh token is invalid or was issued to another client',
      );
    const { token, expiresIn } = tokens.issue(ttl);
    return { status: 200, body: { access_token: token, expires_in: expiresIn, token_type: 'User Access Token' } };
  };

  const server = await startFakeServer<EbayFakeState>({
    name: 'ebay',
    state,
    contracts: [fulfillment, inventory, returns],
    handlers: {
      ...fulfillmentHandlers(state),
      bulkUpdatePriceQuantity: inventoryHandler(state, inventory),
      search: returnSearch(state),
    },
    routes: [{ name: 'ebayToken', method: 'POST', path: '/identity/v1/oauth2/token', handler: oauthToken }],
    errorBody: (status, message) => ({
      errors: [
        {
          errorId: ERROR_IDS[status] ?? 2004,
          domain: 'API',
          category: status >= 500 ? 'APPLICATION' : 'REQUEST',
          message,
        },
      ],
    }),
    authorize(req) {
      const schemes = req.path.startsWith('/post-order/') ? ['IAF', 'Bearer'] : ['Bearer'];
      if (!tokens.valid(authToken(req.headers, schemes)))
        return ebayError(
          401,
          1001,
          'Invalid access token. Check the value of the Authorization HTTP request header.',
          'OAuth',
        );
      const marketplace = req.headers['x-ebay-c-marketplace-id'];
      if (marketplace !== undefined && marketplace !== state.marketplaceId)
        return ebayError(400, 2004, `The seller does not sell on marketplace ${marketplace}.`, 'API');
      return null;
    },
    headers: () => ({ 'x-ebay-c-request-id': randomUUID() }),
    faultHeaders: (_op, status): Record<string, string> => (status === 429 ? { 'retry-after': '1' } : {}),
    options,
  });

  const record = (id: string) => {
    const r = state.orders.get(id);
    if (!r) throw new Error(`The eBay fake has no order ${id}`);
    return r;
  };
  return Object.assign(server, {
    seedOrder: (order: EbayOrderSeed) => seedEbayOrder(state, order),
    cancelOrder(id: string) {
      const r = record(id);
      const at = state.clock.next().toISOString();
      r.order.cancelStatus = { cancelState: 'CANCELED' as const, cancelRequests: [], cancelledDate: at };
      r.order.lastModifiedDate = at;
    },
    shipmentsOf: (id: string) =>
      record(id).fulfillments.map((f) => ({
        trackingNumber: f.trackingNumber,
        carrierCode: f.shippingCarrierCode,
        lineIds: f.lineItems.map((l) => l.lineItemId),
      })),
    quantityOf: (sku: string) => state.quantities.get(sku) ?? null,
    offerQuantityOf: (offerId: string) => state.offerQuantities.get(offerId) ?? null,
    refundsOf: (id: string) => record(id).refunds.map((r) => ({ amount: r.amount, reference: r.reference })),
    seedReturn(r: { orderId: string; line?: number; quantity?: number; reason?: string; state?: string }) {
      const item = record(r.orderId).order.lineItems[r.line ?? 0];
      if (!item) throw new Error(`Order ${r.orderId} has no line ${r.line}`);
      state.counter += 1;
      const returnId = String(5_000_000_000 + state.counter);
      state.returns.push({
        returnId,
        orderId: r.orderId,
        itemId: item.legacyItemId,
        transactionId: item.lineItemId,
        quantity: r.quantity ?? 1,
        reason: r.reason ?? 'NOT_AS_DESCRIBED',
        state: r.state ?? 'RETURN_REQUESTED',
        createdAt: state.clock.next().toISOString(),
      });
      return returnId;
    },
    expireTokens: () => tokens.expireAll(),
    tokensIssued: () => tokens.issued,
  });
}

const ERROR_IDS: Record<number, number> = {
  400: 2004,
  401: 1001,
  403: 1100,
  404: 2005,
  429: 2001,
  500: 2003,
  503: 2003,
};
