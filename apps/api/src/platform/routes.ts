import type { EndpointDef, EndpointPermission } from '@backoffice/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { RouteOptions as HookRouteOptions } from 'fastify/types/route.js';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';
import { writeAudit } from './audit.ts';
import type { AuthUser } from './auth.ts';
import { badRequest, forbidden } from './errors.ts';
import { claimIdempotencyKey, parseIdempotencyKey, requestHash, storeIdempotentAnswer } from './idempotency.ts';
import { readMultipartFile, type UploadedPart } from './multipart.ts';
import { checkXsrf } from './xsrf.ts';

/** What a handler gets besides its validated input. */
export interface Ctx<U extends AuthUser | null = AuthUser> {
  /** The request's transaction for mutations; the pool for reads. */
  db: Kysely<Database>;
  user: U;
  requestId: string;
  /** For the rare handler that reads a multipart body or sends a file. */
  request: FastifyRequest;
  reply: FastifyReply;
  /** Writes a system-log row in the request's transaction. */
  audit(e: {
    action: string;
    entity: string;
    entityId?: string | null;
    before?: unknown;
    after?: unknown;
  }): Promise<void>;
}

type In<S> = S extends z.ZodType ? z.output<S> : undefined;
export interface HandlerInput<E extends EndpointDef> {
  params: In<E['params']>;
  query: In<E['query']>;
  body: E['multipart'] extends true ? UploadedPart : In<E['body']>;
}
type UserOf<E extends EndpointDef> = E['permission'] extends 'public' ? AuthUser | null : AuthUser;
export type Handler<E extends EndpointDef> = (
  input: HandlerInput<E>,
  ctx: Ctx<UserOf<E>>,
) => Promise<z.input<E['response']>>;

export interface RouteEntry {
  def: EndpointDef;
  handler: (input: HandlerInput<EndpointDef>, ctx: Ctx<AuthUser | null>) => Promise<unknown>;
}

/** Binds a handler to its contract; the pair is what an area exports. */
export function route<const E extends EndpointDef>(def: E, handler: Handler<E>): RouteEntry {
  return { def, handler: handler as unknown as RouteEntry['handler'] };
}

export function hasPermission(user: AuthUser, permission: EndpointPermission): boolean {
  if (permission === 'public' || permission === 'authenticated') return true;
  const needed: readonly string[] = typeof permission === 'string' ? [permission] : permission;
  return needed.some((p) => user.permissions.has(p));
}

export function requirePermission(user: AuthUser, permission: EndpointPermission) {
  if (!hasPermission(user, permission))
    throw forbidden('You do not have the permission this needs.', {
      required: typeof permission === 'string' ? [permission] : permission,
    });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every route declares who may call it; app.ts refuses to start a route without it. */
    permission?: EndpointPermission;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RouteDeps {
  db: Db;
  authenticate: (authorization: string | undefined, requestId: string) => Promise<AuthUser>;
}

/**
 * Serves each contract: sign-in, then anti-forgery, then permission, in that order; then the
 * handler, inside one transaction for a mutation (with its audit rows and idempotency record).
 */
export function registerRoutes(app: FastifyInstance, entries: readonly RouteEntry[], deps: RouteDeps) {
  for (const { def, handler } of entries) {
    const options: RouteOptions = {
      method: def.method,
      url: def.path,
      config: { permission: def.permission },
      schema: {
        summary: def.summary,
        tags: [def.tag],
        ...(def.params ? { params: def.params } : {}),
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.body ? { body: def.body } : {}),
        ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}),
        response: { [def.status ?? 200]: responseSchema(def) },
        ...(def.permission === 'public' ? {} : { security: [{ bearer: [] }] }),
        description: `Permission: ${describePermission(def.permission)}${def.idempotent ? '. Honours Idempotency-Key.' : ''}`,
      },
      // Runs before body validation so that 401 and 403 never depend on the shape of the input.
      onRequest: async (request: FastifyRequest) => {
        request.user = null;
        if (def.permission === 'public') return;
        request.user = await deps.authenticate(request.headers.authorization, request.id);
        checkXsrf(request, def.mutation);
        requirePermission(request.user, def.permission);
      },
      // After parsing, before validation: a body nested deeper than any contract is refused here, since
      // walking it (validation, the idempotency hash, the audit row) would overflow the stack.
      preValidation: async (request: FastifyRequest) => {
        if (isNestedDeeperThan(request.body, MAX_BODY_DEPTH))
          throw badRequest('VALIDATION_FAILED', `The body is nested more than ${MAX_BODY_DEPTH} levels deep.`);
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        // A route that declares no body takes none: whatever was sent is neither read nor hashed.
        const sentBody: unknown = def.body ? request.body : undefined;
        const input = {
          params: request.params,
          query: request.query,
          body: sentBody,
        } as HandlerInput<EndpointDef>;
        if (def.multipart) input.body = await readMultipartFile(request);
        const status = def.status ?? 200;
        const user = request.user;
        if (!MUTATING.has(def.method) && !def.mutation) {
          const ctx = makeCtx(deps.db, user, request, reply);
          return reply.status(status).send(await handler(input, ctx));
        }
        const key = def.idempotent ? parseIdempotencyKey(request.headers['idempotency-key']) : undefined;
        const answer = await deps.db.transaction().execute(async (tx) => {
          if (key && user) {
            const hash = requestHash(def.method, request.url, sentBody);
            const claim = await claimIdempotencyKey(tx, user.id, key, def.method, request.url, hash);
            if (claim.replay) return { ...claim.replay, replayed: true };
          }
          const body = await handler(input, makeCtx(tx, user, request, reply));
          if (key && user) await storeIdempotentAnswer(tx, user.id, key, status, body);
          return { status, body, replayed: false };
        });
        if (answer.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(answer.status).send(answer.body);
      },
    };
    app.route(options);
  }
}

/** Deeper than any contract's body (a customer's address lines are 4 levels), far below what overflows a walk. */
export const MAX_BODY_DEPTH = 32;

/** Whether a parsed JSON value nests objects or arrays more than `max` levels deep; walks without recursion. */
export function isNestedDeeperThan(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= max) return true;
    for (const child of Object.values(item.value)) stack.push({ value: child, depth: item.depth + 1 });
  }
  return false;
}

/**
 * A file answer (a printout's PDF) declares its media type on its schema (`contentMediaType`): the
 * API description then shows it under that type, as a binary string, instead of JSON. The handler
 * returns the file's Buffer, which Fastify sends as it is, with the content type the handler set.
 */
function responseSchema(def: EndpointDef) {
  const mediaType = def.response.meta()?.contentMediaType;
  if (typeof mediaType !== 'string') return def.response;
  return { description: 'The file', content: { [mediaType]: { schema: def.response } } };
}

/** Answers a file: its bytes with its type, named for the download (inline: a browser may show it first). */
export function sendFile(
  ctx: Pick<Ctx, 'reply'>,
  file: { body: Buffer; contentType: string; fileName: string; disposition?: 'inline' | 'attachment' },
): Buffer {
  const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  ctx.reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `${file.disposition ?? 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('x-content-type-options', 'nosniff');
  return file.body;
}

function makeCtx(
  db: Kysely<Database>,
  user: AuthUser | null,
  request: FastifyRequest,
  reply: FastifyReply,
): Ctx<AuthUser | null> {
  const requestId = request.id;
  return {
    db,
    user,
    requestId,
    request,
    reply,
    audit: (e) => writeAudit(db, { ...e, user: user && { id: user.id, username: user.username }, requestId }),
  };
}

export function describePermission(p: EndpointPermission): string {
  if (p === 'public') return 'none (public)';
  if (p === 'authenticated') return 'any signed-in user';
  return typeof p === 'string' ? p : `any of ${p.join(', ')}`;
}

/** Routes that plugins own and that are public by nature: the API documentation. */
const PLUGIN_PUBLIC_PREFIXES = ['/api/docs'];

/**
 * onRoute hook: an /api route without a declared permission stops the server starting. Routes outside
 * /api (the web app's files, the sign-in pages) and the documentation plugin's are public by nature.
 */
export function requireDeclaredPermission(route: HookRouteOptions) {
  if (route.config?.permission !== undefined) return;
  const url = route.url;
  if (PLUGIN_PUBLIC_PREFIXES.some((p) => url.startsWith(p)) || !url.startsWith('/api')) {
    route.config = { ...route.config, permission: 'public' };
    return;
  }
  throw new Error(`Route ${String(route.method)} ${url} declares no permission`);
}
