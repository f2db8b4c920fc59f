import type { z } from 'zod';
import type { PermissionName } from '../users/permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint:
 * - a permission name, or a list of which any one grants access;
 * - 'authenticated': any signed-in, active user (their own profile, say);
 * - 'public': no sign-in (health, runtime configuration).
 */
export type EndpointPermission = PermissionName | readonly PermissionName[] | 'authenticated' | 'public';

export interface EndpointDef {
  method: HttpMethod;
  /** Fastify-style path under the server root, e.g. `/api/roles/:id`. */
  path: string;
  permission: EndpointPermission;
  summary: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  /** HTTP status of success; 200 unless given. */
  status?: 200 | 201 | 204;
  /** Creates honour the Idempotency-Key header. */
  idempotent?: boolean;
  /** Changes data although the method is GET (the specification's removeFile): runs in a transaction. */
  mutation?: boolean;
  /** The body is multipart/form-data, read by the handler from the request. */
  multipart?: boolean;
}

/** Declares an endpoint once; the API serves it and the web app calls it from this definition. */
export function endpoint<const E extends EndpointDef>(def: E): E {
  return def;
}

export type EndpointBody<E extends EndpointDef> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
export type EndpointQuery<E extends EndpointDef> = E['query'] extends z.ZodObject ? z.input<E['query']> : never;
export type EndpointParams<E extends EndpointDef> = E['params'] extends z.ZodObject ? z.input<E['params']> : never;
export type EndpointResponse<E extends EndpointDef> = z.output<E['response']>;
