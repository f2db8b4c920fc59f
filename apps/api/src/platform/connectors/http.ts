import { setTimeout as sleep } from 'node:timers/promises';
import { backoffDelay } from '../jobs/backoff.ts';

/**
 * The one HTTP path of every connector (channels and carriers): a base address, per-operation token buckets,
 * `Retry-After` and `x-amzn-RateLimit-Limit` honoured, retries of what can be retried (429, 5xx, timeouts, refused
 * connections) with backoff and jitter, and every attempt handed to a `CallSink` (no headers, secrets masked in
 * the body, bodies trimmed). What is still failing after the last in-call retry is thrown as a `ConnectorError`
 * that says whether a later attempt may succeed (`retryable`), and when (`retryAfterMs`): the job runner uses both.
 */

/** A failed call, in words a person can read. */
export class ConnectorError extends Error {
  readonly status: number | null;
  readonly retryable: boolean;
  readonly retryAfterMs: number | null;
  /** The provider's own error code, when its answer has one. */
  readonly code: string | null;
  /** The job runner fails a job at once on a non-retryable error (see job-runner.ts). */
  readonly permanent: boolean;
  constructor(
    message: string,
    o: { status?: number | null; retryable: boolean; retryAfterMs?: number | null; code?: string | null },
  ) {
    super(message);
    this.name = 'ConnectorError';
    this.status = o.status ?? null;
    this.retryable = o.retryable;
    this.permanent = !o.retryable;
    this.retryAfterMs = o.retryAfterMs ?? null;
    this.code = o.code ?? null;
  }
}

/** One attempt of one call, as the call log keeps it. */
export interface CallRecord {
  operation: string;
  method: string;
  /** Path and query, secrets masked; never the host's credentials. */
  url: string;
  status: number | null;
  durationMs: number;
  attempt: number;
  /** The provider's request id (x-amzn-RequestId, x-request-id, …). */
  requestId: string | null;
  /** Why it failed, in words (null when it answered 2xx). */
  error: string | null;
  /** The answer's body, trimmed to 2,000 characters, secrets masked. */
  responseBody: string | null;
  /** The request's body, trimmed, secrets masked. */
  requestBody: string | null;
  at: Date;
}
export type CallSink = (record: CallRecord) => void;

export interface RateLimit {
  /** Tokens added per second. */
  ratePerSecond: number;
  /** Bucket size: calls that may go at once after a quiet time. */
  burst: number;
}

export interface ConnectorHttpOptions {
  baseUrl: string;
  /** The bucket namespace: calls of one account share its buckets across the process. */
  bucketKey: string;
  sink: CallSink;
  /** Per operation name; operations not listed are not limited here. */
  limits?: Record<string, RateLimit>;
  /** Values never written to the call log (tokens, keys, passwords): replaced by ***. */
  secrets?: () => string[];
  timeoutMs?: number;
  /** Retries within one call (after the first try) of what can be retried. */
  maxRetries?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Longest wait this process accepts for a Retry-After or a bucket within one call; longer is thrown. */
  maxWaitMs?: number;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

export interface ConnectorRequest {
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | string[] | undefined | null>;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (SOAP, form bodies), with its content type in `headers`. */
  body?: string;
  /** Statuses that are an answer, not a failure (e.g. 409 "already exists"); 2xx always are. */
  accept?: number[];
  /** Whether the body is read as bytes (labels); otherwise text. */
  binary?: boolean;
}

export interface ConnectorResponse {
  status: number;
  headers: Headers;
  text: string;
  bytes: Buffer | null;
  json<T = unknown>(): T;
}

const REQUEST_ID_HEADERS = ['x-amzn-requestid', 'x-request-id', 'x-ebay-c-request-id', 'x-correlation-id'];
const TRIM = 2_000;

// Token buckets of the whole process, by `${bucketKey}|${operation}`: every call of one account shares them.
const buckets = new Map<string, { tokens: number; at: number; limit: RateLimit }>();

/** Forgets every bucket (tests). */
export function resetRateLimits(): void {
  buckets.clear();
}

function takeToken(key: string, limit: RateLimit, now: number): number {
  let b = buckets.get(key);
  if (!b) {
    b = { tokens: limit.burst, at: now, limit };
    buckets.set(key, b);
  }
  b.tokens = Math.min(b.limit.burst, b.tokens + ((now - b.at) / 1000) * b.limit.ratePerSecond);
  b.at = now;
  if (b.tokens >= 1) {
    b.tokens -= 1;
    return 0;
  }
  return Math.ceil(((1 - b.tokens) / b.limit.ratePerSecond) * 1000);
}

/** A provider said its rate (x-amzn-RateLimit-Limit): the bucket follows it from now on. */
function setRate(key: string, ratePerSecond: number) {
  const b = buckets.get(key);
  if (b && ratePerSecond > 0 && Number.isFinite(ratePerSecond)) b.limit = { ...b.limit, ratePerSecond };
}

/** After a 429 the bucket is empty, whatever this process counted. */
function drain(key: string) {
  const b = buckets.get(key);
  if (b) b.tokens = 0;
}

/** Seconds or an HTTP date, as milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const s = Number(value.trim());
  if (Number.isFinite(s) && s >= 0) return Math.round(s * 1000);
  const d = Date.parse(value);
  return Number.isNaN(d) ? null : Math.max(0, d - now);
}

export function maskSecrets(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('***');
  return out;
}

function trimmed(text: string | null | undefined, secrets: string[]): string | null {
  if (text === null || text === undefined || text === '') return null;
  const masked = maskSecrets(text, secrets);
  return masked.length > TRIM ? `${masked.slice(0, TRIM)}…` : masked;
}

function statusWords(status: number): string {
  if (status === 401) return 'the credentials were refused (401)';
  if (status === 403) return 'the account may not do this (403)';
  if (status === 404) return 'not found (404)';
  if (status === 429) return 'too many requests (429)';
  if (status >= 500) return `the service failed (${status})`;
  return `refused (${status})`;
}

/** The provider's own message in an error body, if it has a usual shape. */
export function providerMessage(text: string): string | null {
  try {
    const j = JSON.parse(text) as Record<string, unknown>;
    const list = (j.errors ?? j.Errors) as unknown;
    if (Array.isArray(list) && list.length) {
      const e = list[0] as Record<string, unknown>;
      const m = e.message ?? e.longMessage ?? e.Message ?? e.details;
      if (typeof m === 'string') return m;
    }
    for (const k of ['message', 'error_description', 'errorMessage', 'detail'])
      if (typeof j[k] === 'string') return j[k];
  } catch {
    // not JSON
  }
  return null;
}

export class ConnectorHttp {
  private readonly o: Required<Omit<ConnectorHttpOptions, 'limits' | 'secrets' | 'fetch' | 'signal'>> &
    Pick<ConnectorHttpOptions, 'limits' | 'secrets' | 'fetch' | 'signal'>;

  constructor(options: ConnectorHttpOptions) {
    this.o = {
      timeoutMs: 30_000,
      maxRetries: 3,
      backoffBaseMs: 500,
      backoffMaxMs: 20_000,
      maxWaitMs: 60_000,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
    };
  }

  get baseUrl(): string {
    return this.o.baseUrl;
  }

  /** The call with its retries; resolves with a 2xx or an accepted answer, or throws a ConnectorError. */
  async request(req: ConnectorRequest): Promise<ConnectorResponse> {
    const secrets = this.o.secrets?.() ?? [];
    const url = new URL(this.o.baseUrl + (req.path.startsWith('/') ? req.path : `/${req.path}`));
    for (const [k, v] of Object.entries(req.query ?? {})) {
      if (v === undefined || v === null) continue;
      if (Array.isArray(v)) url.searchParams.set(k, v.join(','));
      else url.searchParams.set(k, String(v));
    }
    const bucket = `${this.o.bucketKey}|${req.operation}`;
    const limit = this.o.limits?.[req.operation];
    const requestBody = req.json !== undefined ? JSON.stringify(req.json) : (req.body ?? null);
    const logUrl = maskSecrets(url.pathname + url.search, secrets);
    let last: ConnectorError | null = null;
    for (let attempt = 1; attempt <= this.o.maxRetries + 1; attempt++) {
      if (this.o.signal?.aborted) throw new ConnectorError('Stopped before the call was made.', { retryable: true });
      if (limit) {
        for (;;) {
          const wait = takeToken(bucket, limit, Date.now());
          if (wait === 0) break;
          if (wait > this.o.maxWaitMs)
            throw new ConnectorError(`${req.operation}: the rate limit allows the next call in ${wait} ms.`, {
              retryable: true,
              retryAfterMs: wait,
            });
          await sleep(wait);
        }
      }
      const started = Date.now();
      let res: Response | null = null;
      let failure: string | null = null;
      try {
        res = await (this.o.fetch ?? fetch)(url, {
          method: req.method,
          headers: {
            accept: 'application/json',
            ...(req.json !== undefined ? { 'content-type': 'application/json' } : {}),
            ...req.headers,
          },
          body: requestBody ?? undefined,
          signal: this.o.signal
            ? AbortSignal.any([this.o.signal, AbortSignal.timeout(this.o.timeoutMs)])
            : AbortSignal.timeout(this.o.timeoutMs),
        });
      } catch (e) {
        const err = e as Error;
        failure =
          err.name === 'TimeoutError'
            ? `no answer within ${Math.round(this.o.timeoutMs / 1000)} s`
            : `could not connect to ${url.host} (${(err.cause as Error | undefined)?.message ?? err.message})`;
      }
      let text = '';
      let bytes: Buffer | null = null;
      if (res) {
        try {
          if (req.binary && res.ok) {
            bytes = Buffer.from(await res.arrayBuffer());
          } else text = await res.text();
        } catch (e) {
          failure = `the answer was cut off (${(e as Error).message})`;
        }
      }
      const status = res?.status ?? null;
      const ok = res !== null && failure === null && (res.ok || (req.accept ?? []).includes(res.status));
      const requestId = res ? (REQUEST_ID_HEADERS.map((h) => res.headers.get(h)).find(Boolean) ?? null) : null;
      const rateHeader = res?.headers.get('x-amzn-ratelimit-limit');
      if (rateHeader) setRate(bucket, Number(rateHeader));
      const words = failure ?? (res && !ok ? (providerMessage(text) ?? statusWords(res.status)) : null);
      this.o.sink({
        operation: req.operation,
        method: req.method,
        url: logUrl,
        status,
        durationMs: Date.now() - started,
        attempt,
        requestId,
        error: words,
        responseBody: bytes ? `(${bytes.length} bytes)` : trimmed(text, secrets),
        requestBody: trimmed(requestBody, secrets),
        at: new Date(started),
      });
      if (ok && res) {
        const body = text;
        return {
          status: res.status,
          headers: res.headers,
          text: body,
          bytes,
          json: <T>() => JSON.parse(body) as T,
        };
      }
      const retryable = status === null || status === 429 || status === 408 || status >= 500;
      const after = res ? retryAfterMs(res.headers.get('retry-after')) : null;
      if (status === 429 && limit) drain(bucket);
      last = new ConnectorError(`${req.operation}: ${words}`, {
        status,
        retryable,
        retryAfterMs: after,
        code: res ? providerCode(text) : null,
      });
      if (!retryable || attempt > this.o.maxRetries) break;
      const wait = Math.max(
        after ?? 0,
        backoffDelay(attempt, this.o.backoffBaseMs, this.o.backoffMaxMs),
        status === 429 && limit ? Math.ceil(1000 / limit.ratePerSecond) : 0,
      );
      if (wait > this.o.maxWaitMs) break;
      await sleep(wait);
    }
    throw last ?? new ConnectorError(`${req.operation}: failed`, { retryable: true });
  }
}

function providerCode(text: string): string | null {
  try {
    const j = JSON.parse(text) as Record<string, unknown>;
    const list = (j.errors ?? j.Errors) as unknown;
    if (Array.isArray(list) && list.length) {
      const e = list[0] as Record<string, unknown>;
      const c = e.code ?? e.errorId ?? e.Code;
      if (typeof c === 'string' || typeof c === 'number') return String(c);
    }
  } catch {
    // not JSON
  }
  return null;
}
