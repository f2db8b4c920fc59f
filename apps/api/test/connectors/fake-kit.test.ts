import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contractPath } from '../../fakes/kit/contracts-dir.ts';
import { type Contract, loadContract } from '../../fakes/kit/openapi.ts';
import { type FakeServer, startFakeServer } from '../../fakes/kit/server.ts';

describe('contracts', () => {
  it('reads Swagger 2 YAML with its base path and shared parameters', async () => {
    const rm = await loadContract(contractPath('royal-mail', 'click-and-drop-api-v1.yaml'));
    expect(rm.basePath).toBe('/api/v1');
    expect(rm.match('GET', '/api/v1/orders/1001')).toEqual({
      operation: 'GetSpecificOrdersAsync',
      params: { orderIdentifiers: '1001' },
    });
    expect(rm.match('GET', '/api/v1/orders/full')?.operation).toBe('GetOrdersWithDetailsAsync');
    expect(rm.match('GET', '/orders/1001')).toBeNull();
    const req = { params: {}, query: new URLSearchParams(), headers: {}, contentType: 'application/json' };
    expect(rm.checkRequest('CreateOrdersAsync', { ...req, body: { items: 'not a list' } })).not.toEqual([]);
    expect(rm.checkRequest('CreateOrdersAsync', { ...req, body: undefined })).toEqual([
      'CreateOrdersAsync: the request has no body',
    ]);
    const label = rm.match('GET', '/api/v1/orders/1;2/label');
    expect(label?.operation).toBe('GetOrdersLabelAsync');
    expect(rm.checkRequest('GetOrdersLabelAsync', { ...req, params: label?.params ?? {}, body: undefined })).toEqual([
      "GetOrdersLabelAsync: query must have required property 'documentType'",
    ]);
  });

  it('reads OpenAPI 3 with the servers base path, literal paths before templated ones', async () => {
    const ff = await loadContract(contractPath('ebay', 'sell_fulfillment_v1_oas3.json'));
    expect(ff.match('GET', '/sell/fulfillment/v1/order/12-34')).toEqual({
      operation: 'getOrder',
      params: { orderId: '12-34' },
    });
    const returns = await loadContract(contractPath('ebay', 'return_oas3.json'));
    expect(returns.match('GET', '/post-order/v2/return/search')?.operation).toBe('search');
    expect(returns.match('GET', '/post-order/v2/return/5000')?.operation).toBe('getReturn');
    const query = new URLSearchParams({ limit: '5', colour: 'red' });
    expect(ff.checkRequest('getOrders', { params: {}, query, headers: {}, body: undefined })).toEqual([
      "getOrders: query parameter 'colour' is not in the contract",
    ]);
    const refund = { params: { order_id: '1' }, query: new URLSearchParams(), headers: {}, body: {} };
    expect(ff.checkRequest('issueRefund', refund)).toEqual([
      "issueRefund: header must have required property 'content-type'",
    ]);
  });
});

describe('fake server', () => {
  let orders: Contract;
  let fake: FakeServer<{ answer: unknown }>;

  beforeAll(async () => {
    orders = await loadContract(contractPath('amazon-sp-api', 'ordersV0.json'));
    fake = await startFakeServer({
      name: 'kit',
      state: { answer: { payload: { Orders: [] } } as unknown },
      contracts: [orders],
      errorBody: (status, message) => ({ errors: [{ code: String(status), message }] }),
      handlers: {
        getOrders: () => ({ status: 200, body: fake.state.answer }),
        confirmShipment: () => ({ status: 204 }),
      },
      routes: [{ name: 'token', method: 'POST', path: '/auth/o2/token', handler: () => ({ status: 200, body: {} }) }],
      faultHeaders: () => ({ 'retry-after': '1' }),
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const get = (path: string) => fetch(`${fake.url}${path}`);

  it('answers a request keeping to the contract', async () => {
    const res = await get('/orders/v0/orders?MarketplaceIds=A1F83G8C2ARO7P&MaxResultsPerPage=5');
    expect(res.status).toBe(200);
    expect(fake.violations).toEqual([]);
    expect(fake.calls.map((c) => [c.operation, c.status])).toEqual([['getOrders', 200]]);
  });

  it('refuses a request without a required query parameter, or with a wrong type', async () => {
    expect((await get('/orders/v0/orders?MaxResultsPerPage=5')).status).toBe(400);
    expect((await get('/orders/v0/orders?MarketplaceIds=X&MaxResultsPerPage=lots')).status).toBe(400);
    expect((await get('/orders/v0/orders?MarketplaceIds=X&Colour=red')).status).toBe(400);
    expect(fake.violations).toEqual([
      "kit request: getOrders: query must have required property 'MarketplaceIds'",
      'kit request: getOrders: query/MaxResultsPerPage must be integer',
      "kit request: getOrders: query parameter 'Colour' is not in the contract",
    ]);
    expect(fake.calls.every((c) => c.status === 400)).toBe(true);
  });

  it('refuses a body of the wrong type, and one that is not JSON', async () => {
    const post = (body: string) =>
      fetch(`${fake.url}/orders/v0/orders/1/shipmentConfirmation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    const res = await post(JSON.stringify({ packageDetail: 'a string', marketplaceId: 7 }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { message: string }[] }).errors[0]?.message).toContain('packageDetail');
    expect((await post('{oops')).status).toBe(400);
    expect(fake.violations.length).toBeGreaterThanOrEqual(3);
  });

  it('records an answer that breaks the contract', async () => {
    fake.state.answer = { payload: { Orders: [{ AmazonOrderId: 5 }] } };
    await get('/orders/v0/orders?MarketplaceIds=X');
    fake.state.answer = { payload: { Orders: [] } };
    expect(fake.violations.join('\n')).toMatch(
      /kit answer: getOrders: answer 200\/payload\/Orders\/0\/AmazonOrderId must be string/,
    );
  });

  it('plays injected faults, then answers again', async () => {
    fake.inject({ operation: 'getOrders', status: 429, times: 2 });
    fake.inject({ operation: 'token', hangUp: true });
    const first = await get('/orders/v0/orders?MarketplaceIds=X');
    expect([first.status, first.headers.get('retry-after')]).toEqual([429, '1']);
    expect((await get('/orders/v0/orders?MarketplaceIds=X')).status).toBe(429);
    expect((await get('/orders/v0/orders?MarketplaceIds=X')).status).toBe(200);
    await expect(fetch(`${fake.url}/auth/o2/token`, { method: 'POST' })).rejects.toThrow();
    expect((await fetch(`${fake.url}/auth/o2/token`, { method: 'POST' })).status).toBe(200);
    expect(fake.violations).toEqual([]);
  });

  it('records a path no operation has', async () => {
    expect((await get('/orders/v9/nothing')).status).toBe(404);
    expect(fake.violations).toEqual(['kit: GET /orders/v9/nothing is no operation of the contract']);
  });
});
