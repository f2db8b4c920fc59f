import { randomBytes } from 'node:crypto';
import Provider, {
  type Configuration,
  errors,
  type Grant,
  interactionPolicy,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { accountFinder, findActiveUser, userClaims } from './accounts.ts';
import { createPostgresAdapter } from './adapter.ts';
import { LOCALES, pickLocale } from './i18n.ts';
import type { ProviderSecrets } from './keys.ts';
import { pageHeaders, renderLogout, renderMessage } from './views.ts';

const DAY = 24 * 60 * 60;
export const SESSION_TTL = 14 * DAY;
export const REFRESH_TOKEN_TTL = 14 * DAY;
export const GRANT_TTL = 14 * DAY;
export const INTERACTION_TTL = 60 * 60;
export const ID_TOKEN_TTL = 60 * 60;

/** The scopes the first-party client may ask for; all of them are granted without a consent page. */
export const CLIENT_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;
/** The API's own scope lives on the resource server, not in top-level `scopes`, so it never asks for consent. */
const API_SCOPE = 'api';

/** Where the provider is mounted in the Fastify server: Keycloak's layout. */
export function realmPrefix(config: Config): string {
  return `/realms/${config.oidc.realm}`;
}

export const OIDC_ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  jwks: '/protocol/openid-connect/certs',
  userinfo: '/protocol/openid-connect/userinfo',
  end_session: '/protocol/openid-connect/logout',
  revocation: '/protocol/openid-connect/revoke',
  introspection: '/protocol/openid-connect/token/introspect',
  pushed_authorization_request: '/protocol/openid-connect/ext/par/request',
} as const;

/** `http://localhost:8080/` and `http://127.0.0.1:8080/` are the same place for a developer or a test. */
export function withLoopbackTwin(url: string): string[] {
  const u = new URL(url);
  const twin = u.hostname === 'localhost' ? '127.0.0.1' : u.hostname === '127.0.0.1' ? 'localhost' : undefined;
  if (!twin) return [u.href];
  const other = new URL(u.href);
  other.hostname = twin;
  return [u.href, other.href];
}

/** A grant for the first-party client holding every scope it may ask for (so no consent page ever shows). */
export async function grantEverything(
  provider: Provider,
  config: Config,
  accountId: string,
  existing?: Grant,
): Promise<string> {
  const grant =
    existing && existing.accountId === accountId && existing.clientId === config.oidc.clientId
      ? existing
      : new provider.Grant({ accountId, clientId: config.oidc.clientId });
  grant.addOIDCScope(CLIENT_SCOPES.join(' '));
  grant.addResourceScope(config.oidc.audience, API_SCOPE);
  return grant.save();
}

function requestLocale(ctx: KoaContextWithOIDC) {
  // ctx.oidc exists on every provider route; params only once they were parsed.
  const params: { ui_locales?: unknown } | undefined = ctx.oidc?.params;
  return pickLocale({ uiLocales: params?.ui_locales, acceptLanguage: ctx.get('accept-language') });
}

export interface ProviderDeps {
  db: Db;
  config: Config;
  secrets: ProviderSecrets;
  log?: (err: unknown, message: string) => void;
}

export function createProvider({ db, config, secrets }: ProviderDeps): Provider {
  const { clientId, audience } = config.oidc;
  const prefix = realmPrefix(config);
  const home = `${config.publicUrl}/`;
  const redirectUris = withLoopbackTwin(home);
  const allowedOrigins = new Set(redirectUris.map((u) => new URL(u).origin));

  // A session whose user was deactivated (or deleted) must sign in again rather than be waved through.
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'account_unavailable',
        'the signed-in account is no longer available',
        'login_required',
        (ctx) => Boolean(ctx.oidc.session?.accountId) && !ctx.oidc.account,
      ),
      0,
    );

  const configuration: Configuration = {
    adapter: createPostgresAdapter(db),
    clients: [
      {
        client_id: clientId,
        client_name: 'Back Office',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: redirectUris,
        scope: CLIENT_SCOPES.join(' '),
      },
    ],
    scopes: [...CLIENT_SCOPES],
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    // The ID token carries the profile claims too (the SPA does not call userinfo with its API token).
    conformIdTokenClaims: false,
    cookies: {
      keys: secrets.cookieKeys,
      names: { session: 'bo_oidc_session', interaction: 'bo_oidc_interaction', resume: 'bo_oidc_resume' },
      // The session cookie only travels to the provider's own paths, never to /api.
      long: { httpOnly: true, sameSite: 'lax', path: `${prefix}/` },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    jwks: secrets.privateJwks as Configuration['jwks'],
    routes: OIDC_ROUTES,
    discovery: { ui_locales_supported: [...LOCALES] },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      introspection: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      // The API checks bearer tokens only; sender-constrained tokens would be accepted without their proof.
      dPoP: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          const nonce = randomBytes(16).toString('base64');
          ctx.set(pageHeaders(nonce));
          const autoSubmit = ctx.oidc.entities.IdTokenHint !== undefined;
          ctx.body = renderLogout({ locale: requestLocale(ctx), form, nonce, autoSubmit });
        },
        async postLogoutSuccessSource(ctx) {
          ctx.set(pageHeaders());
          ctx.body = renderMessage({
            locale: requestLocale(ctx),
            title: 'signedOutTitle',
            text: 'signedOutText',
            link: { href: home, label: 'signInAgain' },
          });
        },
      },
      resourceIndicators: {
        enabled: true,
        // The SPA sends no `resource`: every authorization is for the API, so the access token is its JWT.
        defaultResource: async () => audience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resourceIndicator) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience,
            accessTokenTTL: config.oidc.accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin, client) => client.clientId === clientId && allowedOrigins.has(origin),
    findAccount: accountFinder(db),
    async extraTokenClaims(_ctx, token) {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      if (typeof accountId !== 'string') return undefined;
      const user = await findActiveUser(db, accountId);
      if (!user) return undefined;
      // As Keycloak's email scope does: the API links external users by verified e-mail.
      const { email, email_verified, name, preferred_username } = userClaims(user);
      return { email, email_verified, name, preferred_username };
    },
    // Public clients get refresh tokens too (the default wants offline_access, which needs prompt=consent).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // Tokens belong to the browser session: signing out revokes the grant and with it every refresh token.
    expiresWithSession: async () => true,
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const accountId = oidc.session?.accountId;
      if (!accountId || oidc.client?.clientId !== clientId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(clientId);
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      // The first-party client is granted everything it may ask for, so no consent page ever shows.
      const id = await grantEverything(oidc.provider, config, accountId, existing);
      return oidc.provider.Grant.find(id);
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${prefix}/login-actions/${interaction.uid}`,
    },
    ttl: {
      AccessToken: config.oidc.accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: ID_TOKEN_TTL,
      Interaction: INTERACTION_TTL,
      Session: SESSION_TTL,
      Grant: GRANT_TTL,
      // A rotated refresh token keeps its predecessor's end: 14 days after sign-in, then sign in again.
      RefreshToken: (ctx, token) => {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        if (rotated && !token.isSenderConstrained()) return Math.max(1, rotated.remainingTTL);
        return REFRESH_TOKEN_TTL;
      },
    },
    async renderError(ctx, out, error) {
      const locale = requestLocale(ctx);
      const expired = error instanceof errors.SessionNotFound;
      ctx.set(pageHeaders());
      ctx.body = renderMessage({
        locale,
        title: expired ? 'sessionExpiredTitle' : 'errorTitle',
        text: expired ? 'sessionExpiredText' : 'errorText',
        link: { href: home, label: 'startAgain' },
        code: expired ? undefined : [out.error, out.error_description].filter(Boolean).join(': '),
      });
    },
  };

  const provider = new Provider(config.oidc.issuer, configuration);
  // Behind a TLS-terminating proxy (TRUST_PROXY) the provider reads X-Forwarded-Proto for its links and cookies.
  provider.proxy = config.trustProxy;
  return provider;
}
