import type {
  EndpointBody,
  EndpointDef,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
  HttpMethod,
} from '@backoffice/contracts';
import { API_PREFIX, type EndpointRef } from '../api/descriptor.ts';
import { http, type RequestOptions } from './http.ts';
import { runtimeConfig } from './runtime-config.ts';

/**
 * Descriptors of the contracts' endpoints are generated (shared/api/endpoints/*.gen.ts); a screen takes
 * them from there, never types a method or a path.
 */
export type { EndpointRef };

type Part<K extends string, T> = [T] extends [never]
  ? { readonly [P in K]?: undefined }
  : object extends T
    ? { readonly [P in K]?: T }
    : { readonly [P in K]: T };

/** What a call needs: path parameters, query and body, each typed from the contract. */
export type CallInput<E extends EndpointDef> = Part<'params', EndpointParams<E>> &
  Part<'query', EndpointQuery<E>> &
  Part<'body', EndpointBody<E>>;

/** Maps a contract path (under API_PREFIX) onto the configured base address (apiBaseUrl, API_PREFIX unless set). */
export function resolveApiPath(path: string, base = runtimeConfig().apiBaseUrl): string {
  return path.startsWith(API_PREFIX) ? base + path.slice(API_PREFIX.length) : path;
}

function fillParams(path: string, params: object | undefined): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** An endpoint's contract path (under API_PREFIX) with its parameters filled in, e.g. for a print button. */
export function contractPath(endpoint: Pick<EndpointDef, 'path'>, params: object | undefined): string {
  return fillParams(endpoint.path, params);
}

/**
 * The address of an endpoint with its path parameters filled in (no query). Filled before the base is
 * put in front, so a base with a port (`https://host:8443/api/`) is not read as a parameter.
 */
export function endpointUrl(endpoint: Pick<EndpointDef, 'path'>, params: object | undefined, base?: string): string {
  return resolveApiPath(contractPath(endpoint, params), base);
}

/** Calls an endpoint of the contracts; the answer is typed from its response schema. */
export function callEndpoint<E extends EndpointDef>(
  endpoint: E | EndpointRef<E>,
  input: CallInput<E>,
  options?: RequestOptions & { base?: string },
): Promise<EndpointResponse<E>> {
  const { base, ...requestOptions } = options ?? {};
  const url = endpointUrl(endpoint, input.params, base);
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
