import { getAccessToken, logout, MIN_TOKEN_VALIDITY_SECONDS, updateToken } from './auth.ts';
import { ApiError, SilentError } from './errors.ts';
import { i18n } from './i18n.ts';
import { notifyRestricted } from './notify.ts';
import { configUrl, runtimeConfig } from './runtime-config.ts';

type Scalar = string | number | boolean;
export type QueryValue = Scalar | null | undefined | readonly Scalar[];
/** Query parameters; empty values (undefined, null, '') are left out. */
export type QueryParams = { readonly [key: string]: QueryValue };

export interface RequestOptions {
  query?: object;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key: the same key for a retried submission makes the server answer it once. */
  idempotencyKey?: string;
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** The server sets the anti-forgery cookie on every /api answer; fetch one if none came yet. */
async function xsrfToken(): Promise<string | null> {
  const token = readCookie(XSRF_COOKIE);
  if (token) return token;
  await fetch(configUrl(), { credentials: 'same-origin', headers: { Accept: 'application/json' } }).catch(
    () => undefined,
  );
  return readCookie(XSRF_COOKIE);
}

function isExcludedFromBearer(url: string): boolean {
  const { identityProvider } = runtimeConfig();
  if (!identityProvider.enableBearerInterceptor) return true;
  const absolute = new URL(url, window.location.href).toString();
  return identityProvider.bearerExcludedUrls.some(
    (prefix) => prefix !== '' && (url.startsWith(prefix) || absolute.startsWith(prefix)),
  );
}

export function withQuery(url: string, query?: object): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, QueryValue][]) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

function isErrorBody(value: unknown): value is { code: string; message: string; details?: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'code' in value &&
    typeof value.code === 'string' &&
    'message' in value &&
    typeof value.message === 'string'
  );
}

/**
 * The headers every call carries besides its content: the bearer token (refreshed first when it has
 * less than 15 minutes left), unless the address is excluded, and the anti-forgery pair. Also used by
 * the upload helper, whose XMLHttpRequest cannot go through `request`.
 */
export async function authHeaders(url: string): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  if (!isExcludedFromBearer(url)) {
    await updateToken(MIN_TOKEN_VALIDITY_SECONDS);
    const token = getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  // Every request carries the pair: a GET may change data too (the specification's removeFile).
  const xsrf = await xsrfToken();
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  return headers;
}

/**
 * 401: the user is signed out; 403: the "Restricted!" / "Access denied!" toast (specification
 * section 8). Both throw a `SilentError`, which screens ignore; other statuses return.
 */
export function handleRefusal(status: number): void {
  if (status === 401) {
    void logout();
    throw new SilentError('Signed out: the server did not accept the session');
  }
  if (status === 403) {
    notifyRestricted(i18n.t('common:restricted.title'), i18n.t('common:restricted.accessDenied'));
    throw new SilentError('Refused: the server answered 403');
  }
}

/** The error of a failed answer: the server's `{ code, message, details }`, else its status. */
export function errorFromAnswer(status: number, statusText: string, payload: unknown): ApiError {
  if (isErrorBody(payload)) return new ApiError(status, payload.code, payload.message, payload.details);
  return new ApiError(status, 'UNEXPECTED_RESPONSE', `${status} ${statusText}`.trim());
}

/** A body read as JSON; text that is not JSON is handed back as it is, nothing as undefined. */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function request<T>(method: string, url: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    ...options.headers,
    ...(await authHeaders(url)),
  };
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  let response: Response;
  try {
    response = await fetch(withQuery(url, options.query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'The server cannot be reached.');
  }

  handleRefusal(response.status);
  const payload = parseBody(await response.text());
  if (!response.ok) throw errorFromAnswer(response.status, response.statusText, payload);
  // The answer is handed to the caller as the server sent it.
  return payload as T;
}

/** The file name of a `Content-Disposition` answer (`filename*=UTF-8''…` or `filename="…"`). */
function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed name: the caller's own is used
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1];
}

/**
 * Downloads a file the API answers (an export) under the same rules as every other call (bearer
 * token, anti-forgery header, 401 → sign-out, 403 → toast, other failures as `ApiError`) and saves
 * it, named as the server names it, else `fileName`.
 */
export async function download(url: string, query: object | undefined, fileName: string): Promise<void> {
  // The app's own language, which may differ from the browser's: exports write titles and words in it.
  const headers = { Accept: '*/*', 'Accept-Language': i18n.language || 'en', ...(await authHeaders(url)) };
  let response: Response;
  try {
    response = await fetch(withQuery(url, query), { headers, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'The server cannot be reached.');
  }
  handleRefusal(response.status);
  if (!response.ok) throw errorFromAnswer(response.status, response.statusText, parseBody(await response.text()));
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response.headers.get('content-disposition')) ?? fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; revoking at once can cancel it in some.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The one HTTP helper: JSON in and out, bearer token, anti-forgery header, error handling. */
export const http = {
  get: <T>(url: string, query?: object, options?: RequestOptions) =>
    request<T>('GET', url, undefined, { ...options, query }),
  delete: <T>(url: string, query?: object, options?: RequestOptions) =>
    request<T>('DELETE', url, undefined, { ...options, query }),
  post: <T>(url: string, body: unknown, query?: object, options?: RequestOptions) =>
    request<T>('POST', url, body, { ...options, query }),
  put: <T>(url: string, body: unknown, query?: object, options?: RequestOptions) =>
    request<T>('PUT', url, body, { ...options, query }),
  patch: <T>(url: string, body: unknown, query?: object, options?: RequestOptions) =>
    request<T>('PATCH', url, body, { ...options, query }),
};
