import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import type { Mailer } from '../../platform/mail.ts';
import { checkCredentials } from './accounts.ts';
import { type Locale, pickLocale } from './i18n.ts';
import { forgotPasswordHref, registerPasswordResetRoutes } from './password-reset.ts';
import { grantEverything, realmPrefix } from './provider.ts';
import type { SignInRateLimiter } from './rate-limit.ts';
import { pageHeaders, renderMessage, renderSignIn, type SignInView } from './views.ts';

type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

const FORM = 'application/x-www-form-urlencoded';

export interface InteractionDeps {
  provider: Provider;
  db: Db;
  config: Config;
  limiter: SignInRateLimiter;
  mailer: Mailer;
  /** Counts "forgot password" requests (by default in the database, apart from sign-in failures). */
  resetLimiter?: SignInRateLimiter;
}

function field(body: unknown, name: string): string {
  if (!body || typeof body !== 'object') return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

/**
 * The sign-in pages at `/realms/{realm}/login-actions/{uid}`: GET shows the form, POST checks the credentials
 * and hands the result back to oidc-provider. The interaction is bound to the browser by oidc-provider's signed,
 * SameSite interaction cookie (scoped to this very path), so a forged cross-site POST finds no interaction.
 */
export async function registerInteractionRoutes(app: FastifyInstance, deps: InteractionDeps) {
  const { provider, db, config, limiter } = deps;
  const base = `${realmPrefix(config)}/login-actions`;
  const home = `${config.publicUrl}/`;

  function send(reply: FastifyReply, status: number, html: string) {
    return reply.code(status).headers(pageHeaders()).send(html);
  }

  function localeOf(request: FastifyRequest, details?: InteractionDetails, explicit?: string): Locale {
    const query = request.query as Record<string, unknown> | undefined;
    return pickLocale({
      explicit: explicit || query?.lang,
      uiLocales: details?.params.ui_locales,
      acceptLanguage: request.headers['accept-language'],
    });
  }

  function expired(request: FastifyRequest, reply: FastifyReply, explicit?: string) {
    return send(
      reply,
      400,
      renderMessage({
        locale: localeOf(request, undefined, explicit),
        title: 'sessionExpiredTitle',
        text: 'sessionExpiredText',
        link: { href: home, label: 'startAgain' },
      }),
    );
  }

  /** The interaction this browser is in, if it is the one the address names and it has not expired. */
  async function load(request: FastifyRequest, reply: FastifyReply): Promise<InteractionDetails | undefined> {
    const { uid } = request.params as { uid: string };
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return details.uid === uid ? details : undefined;
    } catch {
      // SessionNotFound: no cookie, an unknown or expired interaction, or the session behind it ended.
      return undefined;
    }
  }

  /** The first-party client never sees a consent page: a consent prompt is answered at once. */
  async function consent(request: FastifyRequest, reply: FastifyReply, details: InteractionDetails) {
    const accountId = details.session?.accountId;
    if (!accountId) return expired(request, reply);
    const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
    const grantId = await grantEverything(provider, config, accountId, existing);
    const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
    return reply.redirect(returnTo, 303);
  }

  function signInPage(reply: FastifyReply, status: number, view: SignInView) {
    const uid = view.action.slice(base.length + 1);
    return send(reply, status, renderSignIn({ ...view, forgotHref: forgotPasswordHref(config, view.locale, uid) }));
  }

  await app.register(async (scope) => {
    // Our own form parser, encapsulated: the rest of the app may or may not parse forms.
    if (scope.hasContentTypeParser(FORM)) scope.removeContentTypeParser(FORM);
    scope.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.setErrorHandler((error, request, reply) => {
      request.log.warn({ err: error }, 'sign-in page failed');
      const status = (error as { statusCode?: number }).statusCode;
      return send(
        reply,
        status && status >= 400 && status < 500 ? status : 500,
        renderMessage({
          locale: localeOf(request),
          title: 'errorTitle',
          text: 'errorText',
          link: { href: home, label: 'startAgain' },
        }),
      );
    });

    registerPasswordResetRoutes(scope, {
      db,
      config,
      mailer: deps.mailer,
      limiter: deps.resetLimiter,
      log: app.log,
    });

    scope.get(`${base}/:uid`, { config: { permission: 'public' } }, async (request, reply) => {
      const details = await load(request, reply);
      if (!details) return expired(request, reply);
      if (details.prompt.name === 'consent') return consent(request, reply, details);
      const loginHint = details.params.login_hint;
      return signInPage(reply, 200, {
        locale: localeOf(request, details),
        action: `${base}/${details.uid}`,
        username: typeof loginHint === 'string' ? loginHint : '',
      });
    });

    scope.post(`${base}/:uid`, { config: { permission: 'public' } }, async (request, reply) => {
      const lang = field(request.body, 'lang');
      const details = await load(request, reply);
      if (!details) return expired(request, reply, lang);
      if (details.prompt.name === 'consent') return consent(request, reply, details);

      const locale = localeOf(request, details, lang);
      const action = `${base}/${details.uid}`;
      const username = field(request.body, 'username').trim();
      const password = field(request.body, 'password');
      if (!username || !password)
        return signInPage(reply, 400, { locale, action, username, error: { key: 'missingFields' } });

      const ip = request.ip;
      const waitMs = await limiter.retryAfterMs(username, ip);
      if (waitMs > 0) {
        const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
        reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
        return signInPage(reply, 429, {
          locale,
          action,
          username,
          error: {
            key: minutes === 1 ? 'tooManyAttemptsOne' : 'tooManyAttemptsOther',
            values: { minutes },
            warning: true,
          },
        });
      }

      const result = await checkCredentials(db, { username, password, ip, requestId: request.id });
      if (!result.ok) {
        await limiter.recordFailure(username, ip);
        return signInPage(reply, 200, {
          locale,
          action,
          username,
          error: { key: result.reason === 'inactive' ? 'accountDeactivated' : 'invalidCredentials' },
        });
      }
      await limiter.recordSuccess(username, ip);

      const accountId = result.user.id;
      const existing =
        details.grantId && details.session?.accountId === accountId
          ? await provider.Grant.find(details.grantId)
          : undefined;
      const grantId = await grantEverything(provider, config, accountId, existing);
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    });
  });
}
