import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RateLimit } from '../../src/platform/connectors/http.ts';
import type { Contract } from './openapi.ts';
import type { FakeCall, FakeOptions, Fault, RunningFake } from './types.ts';

/**
 * The HTTP side every JSON fake shares: requests are matched to the contract's operations, checked against them
 * (a bad one is answered 400 in the provider's error shape and recorded), then the injected faults, the
 * provider's authentication and the operation's token bucket are played before the fake's own handler; every
 * answer is checked against the contract too. Routes the contracts do not describe (token endpoints, upload
 * addresses) are declared by the fake with a name that faults can aim at.
 *
 *   const api = await loadContract(contractPath('royal-mail', 'click-and-drop-api-v1.yaml'));
 *   const orders = new Map<string, unknown>();
 *   const server = await startFakeServer({
 *     name: 'royal-mail',
 *     state: { orders },
 *     contracts: [api],
 *     errorBody: (status, message) => ({ code: String(status), message }),
 *     authorize: (req) => (authToken(req.headers) === key ? null : { status: 401 }),
 *     handlers: {
 *       GetOrdersAsync: (req) => ({ status: 200, body: { orders: [...orders.values()] } }),
 *       CreateOrdersAsync: (req) => ({ status: 200, body: { successCount: 1, failedOrders: [], createdOrders: [] } }),
 *     },
 *     options,
 *   });
 *   return Object.assign(server, { shipments: () => …, deliver: (tracking) => … });
 */

export interface FakeRequest {
  /** The contract's operation id, or the extra route's name. */
  operation: string;
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** JSON parsed; a form as its fields; anything else as bytes; undefined when empty. */
  body: unknown;
  raw: Buffer;
  /** Records a breach of the contract the fake found itself (e.g. in an uploaded document). */
  violation(text: string): void;
}

export interface FakeReply {
  status: number;
  /** Sent as JSON, unless bytes or text (then with the content type of `headers`). */
  body?: unknown;
  headers?: Record<string, string>;
}

export type FakeHandler = (req: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface ExtraRoute {
  name: string;
  method: string;
  /** A path template, e.g. /auth/o2/token or /uploads/{id}. */
  path: string;
  handler: FakeHandler;
  /** Whether the fake's `authorize` applies (default: no, these are token endpoints and signed addresses). */
  auth?: boolean;
}

export interface FakeServerSpec<S> {
  name: string;
  state: S;
  contracts: Contract[];
  /** By operation id; a contract operation without one is answered 501. */
  handlers: Record<string, FakeHandler>;
  routes?: ExtraRoute[];
  /** The provider's error body. */
  errorBody(status: number, message: string): unknown;
  /** An answer to a request the provider would refuse (401), or null to let it through. */
  authorize?(req: FakeRequest): FakeReply | null;
  /** Headers of every answer (request ids, rate limits). */
  headers?(operation: string): Record<string, string>;
  /** Headers of an injected failure or of a request over its bucket (Retry-After, the provider's rate headers). */
  faultHeaders?(operation: string, status: number): Record<string, string>;
  /** Token buckets per operation; a request finding its bucket empty is answered 429. */
  limits?: Record<string, RateLimit>;
  options?: FakeOptions;
}

export interface FakeServer<S> extends RunningFake<S> {
  /** Forgets the calls, violations and faults (between tests of one file). */
  reset(): void;
}

interface Matched {
  operation: string;
  params: Record<string, string>;
  contract: Contract | null;
  route: ExtraRoute | null;
}

function routeMatcher(routes: ExtraRoute[]) {
  const compiled = routes.map((r) => {
    const names: string[] = [];
    const source = r.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, n: string) => {
      names.push(n);
      return '([^/]+)';
    });
    return { route: r, regex: new RegExp(`^${source}/?$`), names };
  });
  return (method: string, pathname: string): Matched | null => {
    for (const c of compiled) {
      if (c.route.method.toUpperCase() !== method) continue;
      const m = c.regex.exec(pathname);
      if (!m) continue;
      const params = Object.fromEntries(c.names.map((n, i) => [n, decodeURIComponent(m[i + 1] ?? '')]));
      return { operation: c.route.name, params, contract: null, route: c.route };
    }
    return null;
  };
}

const hasContentType = (headers: Record<string, string> | undefined) =>
  Object.keys(headers ?? {}).some((h) => h.toLowerCase() === 'content-type');

function parseBody(raw: Buffer, contentType: string): { body: unknown; error: string | null } {
  if (raw.length === 0) return { body: undefined, error: null };
  if (contentType.includes('json')) {
    try {
      return { body: JSON.parse(raw.toString('utf8')), error: null };
    } catch (e) {
      return { body: raw, error: `the body is not JSON (${(e as Error).message})` };
    }
  }
  if (contentType.includes('application/x-www-form-urlencoded'))
    return { body: Object.fromEntries(new URLSearchParams(raw.toString('utf8'))), error: null };
  return { body: raw, error: null };
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeServer<S>(spec: FakeServerSpec<S>): Promise<FakeServer<S>> {
  const violations: string[] = [];
  const calls: FakeCall[] = [];
  let faults: (Fault & { left: number })[] = [];
  const buckets = new Map<string, { tokens: number; at: number }>();
  const stop = new AbortController();
  const matchRoute = routeMatcher(spec.routes ?? []);

  const match = (method: string, pathname: string): Matched | null => {
    const route = matchRoute(method, pathname);
    if (route) return route;
    for (const contract of spec.contracts) {
      const m = contract.match(method, pathname);
      if (m) return { ...m, contract, route: null };
    }
    return null;
  };

  const takeFault = (operation: string): Fault | null => {
    const f = faults.find((x) => x.left > 0 && (x.operation === operation || x.operation === '*'));
    if (!f) return null;
    f.left -= 1;
    faults = faults.filter((x) => x.left > 0);
    return f;
  };

  const overLimit = (operation: string): boolean => {
    const limit = spec.limits?.[operation];
    if (!limit) return false;
    const now = Date.now();
    const b = buckets.get(operation) ?? { tokens: limit.burst, at: now };
    b.tokens = Math.min(limit.burst, b.tokens + ((now - b.at) / 1000) * limit.ratePerSecond);
    b.at = now;
    buckets.set(operation, b);
    if (b.tokens < 1) return true;
    b.tokens -= 1;
    return false;
  };

  const send = (res: ServerResponse, reply: FakeReply, operation: string) => {
    const headers: Record<string, string> = { ...spec.headers?.(operation), ...reply.headers };
    let payload: Buffer | string = '';
    if (Buffer.isBuffer(reply.body)) payload = reply.body;
    else if (typeof reply.body === 'string' && hasContentType(headers)) payload = reply.body;
    else if (reply.body !== undefined) {
      payload = JSON.stringify(reply.body);
      headers['content-type'] = 'application/json';
    }
    if (!res.writableEnded && !res.destroyed) {
      res.writeHead(reply.status, headers);
      res.end(payload);
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    const raw = await readAll(req);
    const contentType = String(req.headers['content-type'] ?? '');
    const m = match(method, url.pathname);
    const operation = m?.operation ?? '(unknown)';
    const answer = (reply: FakeReply, check: boolean) => {
      const json = !Buffer.isBuffer(reply.body) && !(typeof reply.body === 'string' && hasContentType(reply.headers));
      if (check && m?.contract && json) {
        const broken = m.contract.checkResponse(m.operation, reply.status, reply.body);
        for (const v of broken) violations.push(`${spec.name} answer: ${v}`);
        if (broken.length && spec.options?.strictResponses)
          reply = {
            status: 500,
            body: spec.errorBody(500, `the fake's answer broke the contract: ${broken.join('; ')}`),
          };
      }
      calls.push({ operation, method, path: url.pathname, status: reply.status, at: new Date() });
      send(res, reply, operation);
    };
    if (!m) {
      violations.push(`${spec.name}: ${method} ${url.pathname} is no operation of the contract`);
      return answer({ status: 404, body: spec.errorBody(404, `No operation ${method} ${url.pathname}`) }, false);
    }
    const parsed = parseBody(raw, contentType);
    const request: FakeRequest = {
      operation,
      method,
      path: url.pathname,
      params: m.params,
      query: url.searchParams,
      headers: req.headers,
      body: parsed.body,
      raw,
      violation: (text) => violations.push(`${spec.name}: ${text}`),
    };
    const bad = [
      ...(parsed.error ? [`${operation}: ${parsed.error}`] : []),
      ...(m.contract
        ? m.contract.checkRequest(operation, {
            params: m.params,
            query: url.searchParams,
            headers: req.headers,
            body: parsed.error ? undefined : parsed.body,
            contentType,
          })
        : []),
    ];
    if (bad.length) {
      for (const v of bad) violations.push(`${spec.name} request: ${v}`);
      return answer({ status: 400, body: spec.errorBody(400, bad.join('; ')) }, true);
    }
    const fault = takeFault(operation);
    if (fault?.delayMs) await sleep(fault.delayMs, undefined, { signal: stop.signal }).catch(() => undefined);
    if (fault?.hangUp) {
      calls.push({ operation, method, path: url.pathname, status: 0, at: new Date() });
      req.socket.destroy();
      return;
    }
    if (fault?.status) {
      const reply: FakeReply = {
        status: fault.status,
        headers: { ...spec.faultHeaders?.(operation, fault.status), ...fault.headers },
        body: fault.body ?? spec.errorBody(fault.status, `Injected failure ${fault.status}`),
      };
      return answer(reply, fault.body === undefined);
    }
    if (m.contract || m.route?.auth) {
      const refused = spec.authorize?.(request);
      if (refused) return answer(refused, true);
    }
    if (overLimit(operation)) {
      const reply = {
        status: 429,
        headers: spec.faultHeaders?.(operation, 429),
        body: spec.errorBody(429, 'You exceeded your quota for the requested resource.'),
      };
      return answer(reply, true);
    }
    const handler = m.route?.handler ?? spec.handlers[operation];
    if (!handler)
      return answer({ status: 501, body: spec.errorBody(501, `${operation} is not played by this fake`) }, false);
    try {
      return answer(await handler(request), true);
    } catch (e) {
      violations.push(`${spec.name}: ${operation} failed inside the fake: ${(e as Error).stack ?? String(e)}`);
      return answer({ status: 500, body: spec.errorBody(500, (e as Error).message) }, false);
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      violations.push(`${spec.name}: ${(e as Error).message}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(spec.options?.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    name: spec.name,
    url: `http://127.0.0.1:${port}`,
    port,
    state: spec.state,
    violations,
    calls,
    inject(fault: Fault) {
      faults.push({ ...fault, left: fault.times ?? 1 });
    },
    reset() {
      violations.length = 0;
      calls.length = 0;
      faults = [];
      buckets.clear();
    },
    close() {
      stop.abort();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
