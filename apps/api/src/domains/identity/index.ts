import type { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JWK } from 'jose';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { createMailer, type Mailer } from '../../platform/mail.ts';
import { baseSecurityHeaders } from '../../platform/security-headers.ts';
import { registerInteractionRoutes } from './interactions.ts';
import { loadProviderSecrets } from './keys.ts';
import { createProvider, realmPrefix } from './provider.ts';
import { DatabaseSignInFailures, DEFAULT_SIGN_IN_LIMITS, type SignInLimits, SignInRateLimiter } from './rate-limit.ts';

export { endSessionsOfAccount } from './adapter.ts';
export { generatePassword, hashPassword, verifyPassword } from './passwords.ts';
export { registerPublicAddressCheck } from './public-address.ts';
export { SignInRateLimiter } from './rate-limit.ts';

export interface EmbeddedIdentityOptions {
  /** Overrides the sign-in limits (per user and ip, per ip, window). */
  signInLimits?: Partial<SignInLimits>;
  /** A limiter of its own instead of the one counting in the database, shared by every server (tests). */
  rateLimiter?: SignInRateLimiter;
  /** Counts "forgot password" requests instead of the database (tests). */
  resetLimiter?: SignInRateLimiter;
}

/**
 * Mounts the embedded OpenID Connect provider (oidc-provider) under `/realms/{realm}` with Keycloak's endpoint
 * paths, plus the product's sign-in pages at `/realms/{realm}/login-actions/{uid}`. Keys live in app_secrets and
 * the provider's state in oidc_payloads, so a restart keeps sessions and refresh tokens.
 *
 * Returns the public JWKS so the API verifies access tokens locally.
 */
export async function registerEmbeddedIdentityProvider(
  app: FastifyInstance,
  deps: { db: Db; config: Config; mailer?: Mailer },
  options: EmbeddedIdentityOptions = {},
): Promise<{ jwks: { keys: JWK[] } }> {
  const { db, config } = deps;
  if (config.oidc.accessTokenTtl <= 900)
    app.log.warn(
      { accessTokenTtl: config.oidc.accessTokenTtl },
      'OIDC_ACCESS_TOKEN_TTL should exceed 900 s (the web app refreshes within 15 minutes of expiry)',
    );
  const secrets = await loadProviderSecrets(db);
  const provider = createProvider({ db, config, secrets });
  provider.on('server_error', (_ctx: unknown, err: unknown) => app.log.error({ err }, 'identity provider error'));
  // A listener of our own keeps Koa from printing errors to stderr; Koa's 'error' event is missing from
  // oidc-provider's typed event map, hence the plain EventEmitter view.
  (provider as EventEmitter).on('error', (err: unknown) => app.log.error({ err }, 'identity provider error'));

  const limiter =
    options.rateLimiter ??
    new SignInRateLimiter({ ...DEFAULT_SIGN_IN_LIMITS }, Date.now, new DatabaseSignInFailures(db));
  if (options.signInLimits) limiter.limits = { ...limiter.limits, ...options.signInLimits };

  const prefix = realmPrefix(config);
  const handle = provider.callback();
  const baseHeaders = baseSecurityHeaders(config);

  /**
   * Hands the raw request to oidc-provider, mounted the way Express mounts a sub-app: `url` loses the prefix
   * and `originalUrl` keeps it (oidc-provider builds its links from the difference). Runs in onRequest and
   * hijacks the reply, so Fastify neither parses the body (oidc-provider reads it itself) nor answers.
   */
  async function toProvider(request: FastifyRequest, reply: FastifyReply) {
    reply.hijack();
    // A hijacked reply skips the app's onSend, so the headers every answer carries are set here; the
    // provider's pages add their own content security policy (views.ts).
    for (const [name, value] of Object.entries(baseHeaders)) reply.raw.setHeader(name, value);
    const raw: IncomingMessage & { originalUrl?: string } = request.raw;
    const url = raw.url ?? '/';
    raw.originalUrl = url;
    raw.url = url.startsWith(prefix) ? url.slice(prefix.length) || '/' : url;
    await handle(raw, reply.raw);
  }

  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: `${prefix}/*`,
    config: { permission: 'public' },
    onRequest: toProvider,
    // Never reached: onRequest has hijacked the reply.
    handler: async () => undefined,
  });

  await registerInteractionRoutes(app, {
    provider,
    db,
    config,
    limiter,
    mailer: deps.mailer ?? createMailer(config.mail),
    resetLimiter: options.resetLimiter,
  });

  return { jwks: secrets.publicJwks };
}
