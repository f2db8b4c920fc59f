import type {
  EndpointBody,
  EndpointDef,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
  HttpMethod,
} from '@backoffice/contracts';
import { http, type RequestOptions } from './http.ts';
import { runtimeConfig } from './runtime-config.ts';

/**
 * An endpoint of the contracts named by method and path only. Its type parameter is the definition,
 * so a changed method or path fails `tsc`; the first load then needs no zod schemas at run time.
 */
export interface EndpointRef<E extends EndpointDef> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Carries the definition's type; never set. */
  readonly definition?: E;
}

export function endpointRef<E extends EndpointDef>(method: E['method'], path: E['path']): EndpointRef<E> {
  return { method, path };
}

type Part<K extends string, T> = [T] extends [never]
  ? { readonly [P in K]?: undefined }
  : object extends T
    ? { readonly [P in K]?: T }
    : { readonly [P in K]: T };

/** What a call needs: path parameters, query and body, each typed from the contract. */
export type CallInput<E extends EndpointDef> = Part<'params', EndpointParams<E>> &
  Part<'query', EndpointQuery<E>> &
  Part<'body', EndpointBody<E>>;

/** Maps a contract path (`/api/...`) onto the configured base address (apiBaseUrl, default `/api/`). */
export function resolveApiPath(path: string, base = runtimeConfig().apiBaseUrl): string {
  return path.replace(/^\/api\//, base);
}

function fillParams(path: string, params: object | undefined): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Calls an endpoint of the contracts; the answer is typed from its response schema. */
export function callEndpoint<E extends EndpointDef>(
  endpoint: E | EndpointRef<E>,
  input: CallInput<E>,
  options?: RequestOptions & { base?: string },
): Promise<EndpointResponse<E>> {
  const { base, ...requestOptions } = options ?? {};
  const url = fillParams(resolveApiPath(endpoint.path, base), input.params);
  const method: HttpMethod = endpoint.method;
  const query = input.query as object | undefined;
  switch (method) {
    case 'GET':
      return http.get(url, query, requestOptions);
    case 'DELETE':
      return http.delete(url, query, requestOptions);
    case 'POST':
      return http.post(url, input.body, query, requestOptions);
    case 'PUT':
      return http.put(url, input.body, query, requestOptions);
    case 'PATCH':
      return http.patch(url, input.body, query, requestOptions);
  }
}
