import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  type FragmentDefinitionNode,
  GraphQLError,
  getOperationAST,
  getVariableValues,
  Kind,
  NoDeprecatedCustomRule,
  type OperationDefinitionNode,
  parse,
  validate,
} from 'graphql';
import type { ChannelFake, FakeCall, FakeOptions, FakeOrderSeed, Fault } from '../kit/types.ts';
import { Refusal } from './connection.ts';
import { MAX_SINGLE_QUERY_COST, refill, requestedCost, throttleStatus } from './cost.ts';
import { mutationRoot, queryRoot } from './resolvers.ts';
import { SHOPIFY_API_VERSION, shopifySchema } from './schema.ts';
import {
  cancelOrder,
  itemBySku,
  newState,
  type ShopifyState,
  type ShopReturnStatus,
  seedItem,
  seedOrder,
  seedReturn,
} from './state.ts';

/**
 * A Shopify shop's Admin GraphQL API (2025-01): every document is parsed, validated and executed against the
 * published schema, its variables coerced by the schema's types; answers carry `extensions.cost` and a cost bucket
 * refuses with THROTTLED when short, as Shopify does. Faults are named by a root field (`orders`,
 * `inventorySetQuantities`, …), the operation's name, or '*'.
 */

export interface ShopifyFakeOptions extends FakeOptions {
  accessToken?: string;
  /** The shop's domain, e.g. my-shop.myshopify.com. */
  shop?: string;
  /** Points restored per second (Shopify: 100 on standard plans). */
  restoreRate?: number;
  maximumAvailable?: number;
}

export interface ShopifyFake extends ChannelFake<ShopifyState> {
  accessToken: string;
  shop: string;
  /** The gid of the shop's one location: where stock is kept and orders are fulfilled from. */
  locationId: string;
  /** Makes (or restocks) the inventory item of a SKU at the location; answers its gid. */
  seedInventoryItem(sku: string, available?: number): string;
  /** The buyer asks to return lines of an order; answers the return's gid. */
  seedReturn(
    externalOrderId: string,
    r: { status?: ShopReturnStatus; lines: { sku: string; quantity: number; reason?: string; note?: string }[] },
  ): string;
  /** Sets what the cost bucket holds now. */
  setBucket(currentlyAvailable: number): void;
}

export const SHOPIFY_GRAPHQL_PATH = `/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
const DEFAULT_TOKEN = 'shpat_fake_0123456789abcdef';

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const gqlErrors = (errors: readonly GraphQLError[]) =>
  errors.map((e) => {
    const json = e.toJSON();
    return { ...json, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', ...json.extensions } };
  });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function faultAnswer(f: Fault): Answer {
  const status = f.status ?? 500;
  const words =
    status === 429
      ? 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.'
      : 'Internal error. Looks like something went wrong on our end.';
  return {
    status,
    headers: { ...(status === 429 ? { 'retry-after': '1' } : {}), ...f.headers },
    body: f.body ?? { errors: words },
  };
}

export async function startShopifyFake(options: ShopifyFakeOptions = {}): Promise<ShopifyFake> {
  const schema = shopifySchema();
  const accessToken = options.accessToken ?? DEFAULT_TOKEN;
  const shop = options.shop ?? 'fake-shop.myshopify.com';
  const state = newState({
    shop,
    restoreRate: options.restoreRate ?? 100,
    maximumAvailable: options.maximumAvailable ?? 2000,
  });
  const violations: string[] = [];
  const calls: FakeCall[] = [];
  const faults: (Fault & { left: number })[] = [];

  const takeFault = (names: string[]): Fault | null => {
    const i = faults.findIndex((f) => f.operation === '*' || names.includes(f.operation));
    const f = faults[i];
    if (!f) return null;
    f.left -= 1;
    if (f.left <= 0) faults.splice(i, 1);
    return f;
  };

  const costExtension = (requested: number | null, actual: number | null) => ({
    cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: throttleStatus(state.bucket) },
  });

  /** Refuses a document the real API would refuse (200 with errors, as GraphQL does) and records why. */
  const refuse = (label: string, errors: { message: string; extensions?: Record<string, unknown> }[]): Answer => {
    for (const e of errors) violations.push(`request ${label}: ${e.message}`);
    return { status: 200, body: { errors, extensions: costExtension(null, null) } };
  };

  const run = async (
    document: DocumentNode,
    operation: OperationDefinitionNode,
    variables: Record<string, unknown>,
    label: string,
  ): Promise<Answer> => {
    const fragments = document.definitions.filter(
      (d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION,
    );
    const cost = requestedCost(schema, operation, fragments, variables);
    if (cost > MAX_SINGLE_QUERY_COST) {
      return refuse(label, [
        {
          message: `Query cost is ${cost}, which exceeds the single query max cost limit (${MAX_SINGLE_QUERY_COST}).`,
          extensions: { code: 'MAX_COST_EXCEEDED' },
        },
      ]);
    }
    refill(state.bucket);
    if (state.bucket.currentlyAvailable < cost) {
      state.throttled += 1;
      return {
        status: 200,
        body: {
          errors: [
            {
              message: 'Throttled',
              extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
            },
          ],
          extensions: costExtension(cost, null),
        },
      };
    }
    state.bucket.currentlyAvailable -= cost;
    const root = operation.operation === 'mutation' ? mutationRoot(state) : queryRoot(state);
    const result = (await execute({
      schema,
      document,
      rootValue: root,
      variableValues: variables,
      operationName: operation.name?.value,
    })) as ExecutionResult;
    const errors = result.errors ?? [];
    const refused = errors.filter((e) => e.originalError instanceof Refusal);
    for (const e of refused) violations.push(`request ${label}: ${e.message}`);
    const broken = errors.filter((e) => !refused.includes(e));
    for (const e of broken)
      violations.push(`answer to ${label} does not fit the schema: ${e.message} at ${e.path?.join('.') ?? '?'}`);
    if (broken.length && options.strictResponses)
      return { status: 500, body: { errors: 'The answer broke the schema.' } };
    return {
      status: 200,
      body: {
        ...(errors.length ? { errors: errors.map((e) => e.toJSON()) } : {}),
        data: result.data ?? null,
        extensions: costExtension(cost, cost),
      },
    };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<string> => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const text = await readBody(req);
    const reply = (a: Answer) => {
      res.writeHead(a.status, {
        'content-type': 'application/json; charset=utf-8',
        'x-request-id': randomUUID(),
        ...a.headers,
      });
      res.end(JSON.stringify(a.body));
      return a.status;
    };
    if (req.method !== 'POST' || url.pathname !== SHOPIFY_GRAPHQL_PATH) {
      violations.push(`request ${req.method} ${url.pathname}: not an endpoint of the Admin API ${SHOPIFY_API_VERSION}`);
      reply({ status: 404, body: { errors: 'Not Found' } });
      return '(none)';
    }
    if (req.headers['x-shopify-access-token'] !== accessToken) {
      reply({
        status: 401,
        body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' },
      });
      return '(unauthenticated)';
    }
    let payload: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      payload = JSON.parse(text) as typeof payload;
    } catch {
      payload = {};
    }
    if (!String(req.headers['content-type']).startsWith('application/json') || typeof payload.query !== 'string') {
      violations.push('request: the body is not JSON with a query');
      reply({ status: 400, body: { errors: { query: 'Required parameter missing or invalid' } } });
      return '(none)';
    }
    let document: DocumentNode;
    try {
      document = parse(payload.query);
    } catch (e) {
      reply(refuse('(unparsed)', gqlErrors([e as GraphQLError])));
      return '(unparsed)';
    }
    const operationName = typeof payload.operationName === 'string' ? payload.operationName : null;
    const operation = getOperationAST(document, operationName);
    const names = operation
      ? operation.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : []))
      : [];
    const label = operation?.name?.value ?? (names.join(',') || '(anonymous)');
    if (operation?.name) names.push(operation.name.value);
    const fault = takeFault(names);
    if (fault?.delayMs) await sleep(fault.delayMs);
    if (fault?.hangUp) {
      req.socket.destroy();
      return label;
    }
    if (fault && fault.status !== undefined) {
      reply(faultAnswer(fault));
      return label;
    }
    const invalid = validate(schema, document);
    if (invalid.length || !operation) {
      reply(
        refuse(label, gqlErrors(invalid.length ? invalid : [new GraphQLError('An operation to run must be named.')])),
      );
      return label;
    }
    for (const d of validate(schema, document, [NoDeprecatedCustomRule]))
      violations.push(`request ${label}: ${d.message}`);
    const coerced = getVariableValues(
      schema,
      operation.variableDefinitions ?? [],
      (payload.variables ?? {}) as Record<string, unknown>,
    );
    if (coerced.errors) {
      reply(refuse(label, gqlErrors(coerced.errors)));
      return label;
    }
    const root = operation.operation === 'mutation' ? mutationRoot(state) : queryRoot(state);
    const unserved = names.filter((n) => n !== operation.name?.value && n !== '__typename' && !(n in root));
    if (unserved.length) {
      reply(
        refuse(
          label,
          unserved.map((n) => ({ message: `The fake does not serve ${n}.`, extensions: { code: 'NOT_SERVED' } })),
        ),
      );
      return label;
    }
    reply(await run(document, operation, coerced.coerced, label));
    return label;
  };

  const server = createServer((req, res) => {
    const at = new Date();
    handle(req, res)
      .then((operation) => {
        calls.push({
          operation,
          method: req.method ?? '',
          path: req.url ?? '',
          status: res.headersSent ? res.statusCode : 0,
          at,
        });
      })
      .catch((e: unknown) => {
        violations.push(`the fake failed: ${(e as Error).message}`);
        if (!res.headersSent) res.writeHead(500).end();
      });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const orderOf = (id: string) => {
    const o = state.orders.get(id);
    if (!o) throw new Error(`the fake shop has no order ${id}`);
    return o;
  };

  return {
    name: 'shopify',
    url: `http://127.0.0.1:${port}`,
    port,
    state,
    violations,
    calls,
    accessToken,
    shop,
    locationId: state.locationId,
    inject: (f) => faults.push({ ...f, left: f.times ?? 1 }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    seedOrder: (seed: FakeOrderSeed) => seedOrder(state, seed).id,
    cancelOrder: (id) => cancelOrder(orderOf(id)),
    shipmentsOf: (id) =>
      orderOf(id).fulfillments.map((f) => ({
        trackingNumber: f.numbers[0] ?? '',
        carrierCode: f.company ?? '',
        lineIds: f.lines.map((l) => l.lineId),
      })),
    quantityOf: (sku) => itemBySku(state, sku)?.available.get(state.locationId) ?? null,
    refundsOf: (id) => orderOf(id).refunds.map((r) => ({ amount: r.amount, reference: r.note ?? '' })),
    seedInventoryItem: (sku, available = 0) => seedItem(state, sku, available).id,
    seedReturn: (id, r) => seedReturn(state, orderOf(id), r).id,
    setBucket: (available) => {
      state.bucket.currentlyAvailable = available;
      state.bucket.at = Date.now();
    },
  };
}
