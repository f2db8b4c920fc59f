import type { EndpointDef } from '@backoffice/contracts';

/** The prefix of every contract path; the runtime configuration's `apiBaseUrl` takes its place in a call. */
export const API_PREFIX = '/api/';

/**
 * An endpoint of the contracts as the browser knows it: method and path, and the resources a successful
 * call makes stale. Its type parameter is the definition, so a changed method or path fails `tsc` while
 * no zod schema reaches the bundle. Written by the generator (`npm run endpoints --workspace apps/web`).
 */
export interface EndpointRef<E extends EndpointDef = EndpointDef> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Contract paths (`/api/…`) whose queries a successful call makes stale; empty for reads. */
  readonly invalidates: readonly string[];
  /** Carries the definition's type; never set. */
  readonly definition?: E;
}

/** A descriptor; called only by the generated `endpoints/*.gen.ts`. */
/* @__NO_SIDE_EFFECTS__ */
export function endpointRef<E extends EndpointDef>(
  method: E['method'],
  path: E['path'],
  invalidates: readonly string[] = [],
): EndpointRef<E> {
  return { method, path, invalidates };
}

/**
 * The query key of a path: its segments after `/api/`, parameters left as placeholders (`:id`). Keys
 * nest as paths do, so the key of `/api/warehouses` is a prefix of every query under it, and
 * invalidating it refreshes the warehouses, one warehouse and its bins alike.
 */
export function resourceKey(path: string): string[] {
  const rest = path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path;
  return rest.split('/').filter((segment) => segment !== '');
}

/** What a query's key holds of its input: the path parameters and the query, where given. */
export interface KeyInput {
  readonly params?: object | undefined;
  readonly query?: object | undefined;
}

/**
 * The query key of a call: the path's segments, then `{ params, query }`. Without input it is the
 * filter that matches every query of this endpoint and no other: an empty object matches any input
 * (TanStack compares objects partially), but not the further segment of a longer path.
 */
export function endpointKey(ref: Pick<EndpointRef, 'path'>, input: KeyInput = {}): readonly unknown[] {
  const parts: { params?: object; query?: object } = {};
  if (input.params) parts.params = input.params;
  if (input.query) parts.query = input.query;
  return [...resourceKey(ref.path), parts];
}

/** The keys a successful call of `ref` invalidates: each named resource, with everything under it. */
export function invalidationKeys(ref: Pick<EndpointRef, 'invalidates'>): string[][] {
  return ref.invalidates.map(resourceKey);
}
