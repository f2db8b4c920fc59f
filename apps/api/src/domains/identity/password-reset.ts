import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordWeakness } from '@backoffice/contracts';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Mailer } from '../../platform/mail.ts';
import { endSessionsOfAccount } from './adapter.ts';
import { type Locale, type MessageKey, pickLocale, translate } from './i18n.ts';
import { hashPassword } from './passwords.ts';
import { realmPrefix } from './provider.ts';
import { DatabaseSignInFailures, type SignInFailureStore, SignInRateLimiter } from './rate-limit.ts';
import { pageHeaders, renderForgotPassword, renderMessage, renderNewPassword } from './views.ts';

/** How long an e-mailed link works. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/**
 * Requests for a link, counted like failed sign-ins but apart from them: per (typed name, address) and per
 * address, within an hour. Every request counts, whether or not the account exists, so the limit tells nothing.
 */
export const RESET_REQUEST_LIMITS = { perUser: 3, perIp: 10, windowMs: 60 * 60 * 1000 };

/** The sign-in failures' store with keys of their own, so reset requests and failed sign-ins never mix. */
class PrefixedStore implements SignInFailureStore {
  constructor(
    private readonly inner: SignInFailureStore,
    private readonly prefix: string,
  ) {}
  recent(key: string, since: number) {
    return this.inner.recent(this.prefix + key, since);
  }
  add(keys: readonly string[], at: number, expiresAt: number) {
    return this.inner.add(
      keys.map((k) => this.prefix + k),
      at,
      expiresAt,
    );
  }
  clear(key: string) {
    return this.inner.clear(this.prefix + key);
  }
  reset() {
    return this.inner.reset();
  }
}

export function resetRequestLimiter(db: Db): SignInRateLimiter {
  return new SignInRateLimiter(
    { ...RESET_REQUEST_LIMITS },
    Date.now,
    new PrefixedStore(new DatabaseSignInFailures(db), 'reset:'),
  );
}

const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');
/** 32 random bytes, base64url: what the link carries. */
const KEY_FORMAT = /^[A-Za-z0-9_-]{43}$/;

interface ResetUser {
  id: string;
  username: string;
  name: string;
  email: string;
}

/**
 * Issues a link for the active user with this username or e-mail (case-insensitive; a username wins over
 * another user's e-mail, as at sign-in) and returns what the e-mail needs; undefined when there is no such user
 * or it has no e-mail address. A new link replaces the user's earlier unused ones.
 */
async function issueLink(
  db: Db,
  typed: string,
  requestId: string,
): Promise<{ user: ResetUser; key: string } | undefined> {
  const login = typed.trim().toLowerCase();
  return db.transaction().execute(async (tx) => {
    const user = await tx
      .selectFrom('users')
      .select(['id', 'username', 'name', 'email'])
      .where('is_active', '=', true)
      .where((eb) => eb.or([eb(sql`lower(username)`, '=', login), eb(sql`lower(email)`, '=', login)]))
      .orderBy(sql`lower(username) = ${login}`, 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!user?.email) return undefined;
    await tx.deleteFrom('password_reset_tokens').where('user_id', '=', user.id).where('used_at', 'is', null).execute();
    const key = randomBytes(32).toString('base64url');
    await tx
      .insertInto('password_reset_tokens')
      .values({
        user_id: user.id,
        token_hash: keyHash(key),
        expires_at: sql<Date>`now() + make_interval(secs => ${RESET_LINK_TTL_MS / 1000})`,
      })
      .execute();
    await writeAudit(tx, {
      user: { id: user.id, username: user.username },
      requestId,
      action: 'request_password_reset',
      entity: 'user',
      entityId: user.id,
      after: { username: user.username, expiresInMinutes: RESET_LINK_TTL_MS / 60_000 },
    });
    return { user, key };
  });
}

type LinkState =
  | { state: 'valid'; tokenId: string; user: { id: string; username: string } }
  | { state: 'expired' | 'used' | 'invalid' };

/** What a link's key stands for; `forUpdate` locks the token (and the user) for the change that follows. */
async function linkState(db: Db, key: string, forUpdate = false): Promise<LinkState> {
  if (!KEY_FORMAT.test(key)) return { state: 'invalid' };
  let query = db
    .selectFrom('password_reset_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.expires_at', 't.used_at', 'u.id as user_id', 'u.username', 'u.is_active'])
    .select(sql<boolean>`t.expires_at <= now()`.as('expired'))
    .where('t.token_hash', '=', keyHash(key));
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row?.is_active) return { state: 'invalid' };
  if (row.used_at) return { state: 'used' };
  if (row.expired) return { state: 'expired' };
  return { state: 'valid', tokenId: row.id, user: { id: row.user_id, username: row.username } };
}

type ResetResult =
  | { ok: true; username: string }
  | { ok: false; link: 'expired' | 'used' | 'invalid' }
  | { ok: false; password: MessageKey };

/**
 * Sets the password a valid link is for, in one transaction: the link is used up, the user's other links go,
 * their sign-in sessions and refresh tokens end, and the system log gets a `reset_password` row.
 */
async function resetPassword(db: Db, key: string, password: string, requestId: string): Promise<ResetResult> {
  return db.transaction().execute(async (tx): Promise<ResetResult> => {
    const link = await linkState(tx, key, true);
    if (link.state !== 'valid') return { ok: false, link: link.state };
    if ([...password].length > PASSWORD_MAX_LENGTH) return { ok: false, password: 'passwordTooLong' };
    const weakness = passwordWeakness(password);
    if (weakness) return { ok: false, password: weakness === 'TOO_SHORT' ? 'passwordTooShort' : 'passwordCommon' };
    await tx
      .updateTable('users')
      .set({ password_hash: await hashPassword(password), updated_at: new Date() })
      .where('id', '=', link.user.id)
      .execute();
    await tx.updateTable('password_reset_tokens').set({ used_at: new Date() }).where('id', '=', link.tokenId).execute();
    await tx
      .deleteFrom('password_reset_tokens')
      .where('user_id', '=', link.user.id)
      .where('used_at', 'is', null)
      .execute();
    await endSessionsOfAccount(tx, link.user.id);
    await writeAudit(tx, {
      user: link.user,
      requestId,
      action: 'reset_password',
      entity: 'user',
      entityId: link.user.id,
      after: { username: link.user.username, via: 'e-mailed link' },
    });
    return { ok: true, username: link.user.username };
  });
}

function field(body: unknown, name: string): string {
  if (!body || typeof body !== 'object') return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

/** An interaction id as oidc-provider makes them; anything else is not carried back into a link. */
const UID_FORMAT = /^[A-Za-z0-9_-]{1,100}$/;

/** The "Forgot password?" page in this language, remembering the sign-in it was opened from. */
export function forgotPasswordHref(config: Config, locale: Locale, uid?: unknown): string {
  const query = new URLSearchParams({ lang: locale });
  if (typeof uid === 'string' && UID_FORMAT.test(uid)) query.set('uid', uid);
  return `${realmPrefix(config)}/login-actions/reset-credentials?${query}`;
}

export interface PasswordResetDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  limiter?: SignInRateLimiter;
  log: FastifyBaseLogger;
}

/**
 * "Forgot password" pages beside the sign-in page (Keycloak's paths):
 * - `GET|POST {realm}/login-actions/reset-credentials`: asks for a username or e-mail and e-mails a link; the
 *   answer is the same whether or not the account exists, and requests are rate-limited. Without mail it says
 *   to ask an administrator.
 * - `GET|POST {realm}/login-actions/reset-credentials/new?key=…`: the link's page, setting a new password by the
 *   product's rules; an expired, used or unknown link is refused in words.
 * Registered in the sign-in pages' scope (its form parser and error page).
 */
export function registerPasswordResetRoutes(scope: FastifyInstance, deps: PasswordResetDeps) {
  const { db, config, mailer, log } = deps;
  const limiter = deps.limiter ?? resetRequestLimiter(db);
  const login = `${realmPrefix(config)}/login-actions`;
  const forgotPath = `${login}/reset-credentials`;
  const newPath = `${forgotPath}/new`;
  const home = `${config.publicUrl}/`;

  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).headers(pageHeaders()).send(html);

  function localeOf(request: FastifyRequest, explicit?: string): Locale {
    const query = request.query as Record<string, unknown> | undefined;
    return pickLocale({ explicit: explicit || query?.lang, acceptLanguage: request.headers['accept-language'] });
  }

  /** The sign-in this came from (its interaction), else the product's address, which starts a new one. */
  function backHref(uid: unknown): string {
    return typeof uid === 'string' && UID_FORMAT.test(uid) ? `${login}/${uid}` : home;
  }

  const forgotHref = (locale: Locale, uid?: unknown) => forgotPasswordHref(config, locale, uid);

  function notConfigured(reply: FastifyReply, locale: Locale, uid: unknown) {
    return send(
      reply,
      200,
      renderMessage({
        locale,
        title: 'forgotTitle',
        text: 'resetNotConfiguredText',
        link: { href: backHref(uid), label: 'backToSignIn' },
        languageHref: (l) => forgotHref(l, uid),
      }),
    );
  }

  function linkRefused(reply: FastifyReply, locale: Locale, state: 'expired' | 'used' | 'invalid') {
    const page = {
      expired: ['resetLinkExpiredTitle', 'resetLinkExpiredText'],
      used: ['resetLinkUsedTitle', 'resetLinkUsedText'],
      invalid: ['resetLinkInvalidTitle', 'resetLinkInvalidText'],
    } as const satisfies Record<string, readonly [MessageKey, MessageKey]>;
    const [title, text] = page[state];
    return send(
      reply,
      state === 'invalid' ? 404 : 410,
      renderMessage({
        locale,
        title,
        text,
        link: { href: forgotHref(locale), label: 'requestNewLink' },
        secondary: { href: home, label: 'backToSignIn' },
      }),
    );
  }

  scope.get(forgotPath, { config: { permission: 'public' } }, async (request, reply) => {
    const { uid } = request.query as Record<string, unknown>;
    const locale = localeOf(request);
    if (!mailer.configured) return notConfigured(reply, locale, uid);
    return send(
      reply,
      200,
      renderForgotPassword({
        locale,
        action: forgotPath,
        backHref: backHref(uid),
        hidden: typeof uid === 'string' && UID_FORMAT.test(uid) ? { uid } : {},
      }),
    );
  });

  scope.post(forgotPath, { config: { permission: 'public' } }, async (request, reply) => {
    const locale = localeOf(request, field(request.body, 'lang'));
    const uid = field(request.body, 'uid');
    if (!mailer.configured) return notConfigured(reply, locale, uid);
    const username = field(request.body, 'username').trim().slice(0, 320);
    const view = {
      locale,
      action: forgotPath,
      backHref: backHref(uid),
      username,
      hidden: (UID_FORMAT.test(uid) ? { uid } : {}) as Record<string, string>,
    };
    if (!username) return send(reply, 400, renderForgotPassword({ ...view, error: { key: 'missingUsername' } }));

    const waitMs = await limiter.retryAfterMs(username, request.ip);
    if (waitMs > 0) {
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
      return send(
        reply,
        429,
        renderForgotPassword({
          ...view,
          error: {
            key: minutes === 1 ? 'tooManyAttemptsOne' : 'tooManyAttemptsOther',
            values: { minutes },
            warning: true,
          },
        }),
      );
    }
    await limiter.recordFailure(username, request.ip);

    const issued = await issueLink(db, username, request.id);
    if (issued) {
      const { user, key } = issued;
      const link = `${config.publicUrl}${newPath}?${new URLSearchParams({ key, lang: locale })}`;
      const values = { name: user.name || user.username, username: user.username, link };
      // Sent after the answer, so the time taken says nothing about whether the account exists.
      mailer
        .send({
          to: user.email,
          subject: translate(locale, 'mailResetSubject'),
          text: translate(locale, 'mailResetText', values),
          language: locale,
        })
        .catch((err: unknown) =>
          log.error({ err, reqId: request.id }, `The password-reset e-mail to ${user.username} could not be sent`),
        );
    }
    return send(
      reply,
      200,
      renderMessage({
        locale,
        title: 'resetSentTitle',
        text: 'resetSentText',
        link: { href: backHref(uid), label: 'backToSignIn' },
      }),
    );
  });

  scope.get(newPath, { config: { permission: 'public' } }, async (request, reply) => {
    const key = String((request.query as Record<string, unknown>).key ?? '');
    const locale = localeOf(request);
    const link = await linkState(db, key);
    if (link.state !== 'valid') return linkRefused(reply, locale, link.state);
    return send(
      reply,
      200,
      renderNewPassword({
        locale,
        action: newPath,
        key,
        username: link.user.username,
        minLength: PASSWORD_MIN_LENGTH,
        maxLength: PASSWORD_MAX_LENGTH,
      }),
    );
  });

  scope.post(newPath, { config: { permission: 'public' } }, async (request, reply) => {
    const locale = localeOf(request, field(request.body, 'lang'));
    const key = field(request.body, 'key');
    const password = field(request.body, 'password');
    const confirm = field(request.body, 'confirm');
    const formWith = async (error: MessageKey) => {
      const link = await linkState(db, key);
      if (link.state !== 'valid') return linkRefused(reply, locale, link.state);
      return send(
        reply,
        400,
        renderNewPassword({
          locale,
          action: newPath,
          key,
          username: link.user.username,
          minLength: PASSWORD_MIN_LENGTH,
          maxLength: PASSWORD_MAX_LENGTH,
          error: { key: error, values: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } },
        }),
      );
    };
    if (password !== confirm) return formWith('passwordMismatch');
    const result = await resetPassword(db, key, password, request.id);
    if (!result.ok) return 'link' in result ? linkRefused(reply, locale, result.link) : formWith(result.password);
    return send(
      reply,
      200,
      renderMessage({
        locale,
        title: 'passwordChangedTitle',
        text: 'passwordChangedText',
        link: { href: home, label: 'submit' },
      }),
    );
  });
}
