import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeJwt, type JWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { signInWithCode } from '../../../test/sign-in.ts';
import { type Config, loadConfig } from '../../config.ts';
import { freePort } from '../../platform/free-port.ts';
import { registerEmbeddedIdentityProvider, SignInRateLimiter } from './index.ts';
import { hashPassword } from './passwords.ts';

/** A cookie jar for fetch: keeps the latest value of each cookie and forgets deleted ones (paths ignored). */
class Jar {
  private readonly cookies = new Map<string, string>();
  store(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      if (i <= 0) continue;
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1);
      const expired = attrs.some((a) => {
        const [k = '', v = ''] = a.trim().split('=');
        return (
          (k.toLowerCase() === 'max-age' && Number(v) <= 0) ||
          (k.toLowerCase() === 'expires' && Date.parse(v) < Date.now())
        );
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

interface Server {
  app: FastifyInstance;
  config: Config;
  base: string;
  issuer: string;
  jwks: { keys: JWK[] };
  limiter: SignInRateLimiter;
}

async function startServer(t: TestDatabase, port: number): Promise<Server> {
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({ PORT: String(port), PUBLIC_URL: base, LOG_LEVEL: 'silent' });
  const app = Fastify();
  // The platform's rule, as app.ts enforces it: every route declares a permission.
  app.addHook('onRoute', (route) => {
    if (route.config?.permission === undefined) throw new Error(`route ${route.url} declares no permission`);
  });
  const limiter = new SignInRateLimiter();
  const { jwks } = await registerEmbeddedIdentityProvider(app, { db: t.db, config }, { rateLimiter: limiter });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, config, base, issuer: config.oidc.issuer, jwks, limiter };
}

let t: TestDatabase;
let server: Server;
let port: number;

async function createUser(opts: { isActive?: boolean; name?: string } = {}) {
  const username = `User_${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const user = await t.db
    .insertInto('users')
    .values({
      username,
      name: opts.name ?? `Test ${username}`,
      email: `${username.toLowerCase()}@example.test`,
      password_hash: await hashPassword(password),
      is_active: opts.isActive ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, username, password, email: `${username.toLowerCase()}@example.test` };
}

/** One browser: a cookie jar and the authorization request it is in. */
class Browser {
  readonly jar = new Jar();
  verifier = '';

  constructor(
    private readonly s: () => Server,
    /** Sent with every request (Accept-Language). */
    private readonly headers: Record<string, string> = {},
  ) {}

  async get(url: string) {
    const res = await fetch(url, { redirect: 'manual', headers: { ...this.headers, cookie: this.jar.header() } });
    this.jar.store(res);
    return res;
  }

  async post(url: string, form: Record<string, string> | [string, string][]) {
    const res = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...this.headers, cookie: this.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    this.jar.store(res);
    return res;
  }

  /** Follows redirects until a page (200/4xx) or the client's redirect URI. */
  async follow(res: Response, from: string): Promise<{ res: Response; url: string }> {
    let url = from;
    for (let i = 0; i < 10; i++) {
      const location = res.headers.get('location');
      if (!location || res.status < 300 || res.status >= 400) return { res, url };
      url = new URL(location, url).toString();
      if (url.startsWith(`${this.s().base}/`) && !url.startsWith(`${this.s().base}/realms/`)) return { res, url };
      res = await this.get(url);
    }
    throw new Error('too many redirects');
  }

  /** Starts an authorization request; answers the page it lands on (or the redirect with the code). */
  async authorize(params: Record<string, string> = {}) {
    const s = this.s();
    this.verifier = randomBytes(32).toString('base64url');
    const auth = new URL(`${s.issuer}/protocol/openid-connect/auth`);
    auth.search = new URLSearchParams({
      client_id: s.config.oidc.clientId,
      response_type: 'code',
      redirect_uri: `${s.base}/`,
      scope: 'openid profile email offline_access',
      code_challenge: createHash('sha256').update(this.verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
      ...params,
    }).toString();
    const res = await this.get(auth.toString());
    return this.follow(res, auth.toString());
  }

  async signIn(username: string, password: string, params: Record<string, string> = {}) {
    const { res, url } = await this.authorize(params);
    expect(res.status).toBe(200);
    const html = await res.text();
    const form = parseForm(html, url);
    const posted = await this.post(form.action, [...form.hidden, ['username', username], ['password', password]]);
    return this.follow(posted, form.action);
  }

  async exchange(redirectedTo: string) {
    const s = this.s();
    const code = new URL(redirectedTo).searchParams.get('code');
    expect(code, `no code in ${redirectedTo}`).toBeTruthy();
    const res = await fetch(`${s.issuer}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code ?? '',
        redirect_uri: `${s.base}/`,
        client_id: s.config.oidc.clientId,
        code_verifier: this.verifier,
      }).toString(),
    });
    const body = (await res.json()) as TokenResponse;
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body;
  }

  async signInForTokens(username: string, password: string) {
    const { url } = await this.signIn(username, password);
    return this.exchange(url);
  }
}

interface TokenResponse {
  access_token: string;
  refresh_token: string;
  id_token: string;
  expires_in: number;
  token_type: string;
  error?: string;
}

function parseForm(html: string, pageUrl: string) {
  const action = /<form[^>]*action="([^"]+)"/i.exec(html)?.[1]?.replace(/&amp;/g, '&');
  if (!action) throw new Error(`no form in ${html.slice(0, 500)}`);
  const hidden = [...html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)].map(
    (m) => [m[1] ?? '', m[2] ?? ''] as [string, string],
  );
  return { action: new URL(action, pageUrl).toString(), hidden };
}

async function refresh(refreshToken: string) {
  const res = await fetch(`${server.issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: server.config.oidc.clientId,
    }).toString(),
  });
  return { status: res.status, body: (await res.json()) as TokenResponse };
}

async function verifyAccessToken(token: string, jwks = server.jwks) {
  const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(jwks), {
    issuer: server.config.oidc.issuer,
    audience: server.config.oidc.audience,
    algorithms: ['RS256'],
  });
  return { payload, protectedHeader };
}

beforeAll(async () => {
  t = await createTestDatabase();
  port = await freePort();
  server = await startServer(t, port);
});
afterAll(async () => {
  await server?.app.close();
  await t?.drop();
});
beforeEach(() => server.limiter.reset());

const browser = (headers: Record<string, string> = {}) => new Browser(() => server, headers);

describe('the embedded OpenID Connect provider', () => {
  it('publishes discovery with Keycloak-style endpoints and the public keys', async () => {
    const res = await fetch(`${server.issuer}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const d = (await res.json()) as Record<string, unknown>;
    const p = `${server.issuer}/protocol/openid-connect`;
    expect(d).toMatchObject({
      issuer: server.issuer,
      authorization_endpoint: `${p}/auth`,
      token_endpoint: `${p}/token`,
      jwks_uri: `${p}/certs`,
      userinfo_endpoint: `${p}/userinfo`,
      end_session_endpoint: `${p}/logout`,
      revocation_endpoint: `${p}/revoke`,
    });
    expect(d.code_challenge_methods_supported).toEqual(['S256']);
    expect(d.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']));
    expect(d.scopes_supported).not.toContain('api');

    const certs = (await (await fetch(`${p}/certs`)).json()) as { keys: JWK[] };
    expect(certs.keys.map((k) => k.kid)).toEqual(server.jwks.keys.map((k) => k.kid));
    for (const key of [...certs.keys, ...server.jwks.keys]) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(key).not.toHaveProperty('d');
      expect(key).not.toHaveProperty('p');
    }
  });

  it('signs in with the code flow and PKCE and issues an RS256 JWT for the API', async () => {
    const user = await createUser({ name: 'Ada Lovelace' });
    const b = browser();
    const { res, url } = await b.authorize({ prompt: 'consent' });
    expect(res.status).toBe(200);
    expect(new URL(url).pathname).toMatch(/^\/realms\/backoffice\/login-actions\/[\w-]+$/);
    const html = await res.text();
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(html).toContain('id="username"');
    expect(html).toContain('id="password"');
    expect(html).toContain('id="kc-login"');
    expect(html).toContain('Back Office');
    expect(html).toMatch(/<html lang="en" dir="ltr">/);

    // A wrong password: the same page with the error, no redirect.
    const form = parseForm(html, url);
    const wrong = await b.post(form.action, [...form.hidden, ['username', user.username], ['password', 'nope']]);
    expect(wrong.status).toBe(200);
    expect(await wrong.text()).toContain('The username or password is not correct.');

    // The right password, the username typed in another case.
    const ok = await b.post(form.action, [
      ...form.hidden,
      ['username', user.username.toUpperCase()],
      ['password', user.password],
    ]);
    expect(ok.status).toBe(303);
    const { url: back } = await b.follow(ok, form.action);
    expect(back.startsWith(`${server.base}/?code=`)).toBe(true);
    const tokens = await b.exchange(back);
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.expires_in).toBe(1800);

    const { payload, protectedHeader } = await verifyAccessToken(tokens.access_token);
    expect(protectedHeader.alg).toBe('RS256');
    expect(protectedHeader.kid).toBe(server.jwks.keys[0]?.kid);
    expect(payload).toMatchObject({
      iss: server.issuer,
      aud: 'urn:backoffice:api',
      sub: user.id,
      email: user.email,
      name: 'Ada Lovelace',
      preferred_username: user.username,
      client_id: 'backoffice-web',
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(1800);

    const id = decodeJwt(tokens.id_token);
    expect(id).toMatchObject({
      iss: server.issuer,
      aud: 'backoffice-web',
      sub: user.id,
      name: 'Ada Lovelace',
      email: user.email,
      email_verified: true,
      preferred_username: user.username,
    });

    const logs = await t.db
      .selectFrom('system_logs')
      .select(['user_id', 'username', 'action', 'entity', 'entity_id', 'after'])
      .where('entity_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.action)).toEqual(['sign_in_failed', 'sign_in']);
    expect(logs[1]).toMatchObject({ user_id: user.id, username: user.username, entity: 'user', after: null });
    const row = await t.db.selectFrom('users').select('last_sign_in_at').where('id', '=', user.id).executeTakeFirst();
    expect(row?.last_sign_in_at).toBeInstanceOf(Date);
  });

  it("works with the API tests' sign-in helper", async () => {
    const user = await createUser();
    const tokens = await signInWithCode(
      { baseUrl: server.base, issuer: server.issuer, clientId: server.config.oidc.clientId },
      user.username,
      user.password,
    );
    expect((await verifyAccessToken(tokens.accessToken)).payload.sub).toBe(user.id);
    expect(tokens.refreshToken).toBeTruthy();
  });

  it('signs in by e-mail, and also without prompt=consent, with no consent page', async () => {
    const user = await createUser();
    const b = browser();
    const { url } = await b.signIn(user.email.toUpperCase(), user.password);
    const tokens = await b.exchange(url);
    expect(tokens.refresh_token).toBeTruthy();
    expect((await verifyAccessToken(tokens.access_token)).payload.sub).toBe(user.id);

    // The browser's session signs it in again at once (single sign-on).
    const again = await b.authorize();
    expect(again.url.startsWith(`${server.base}/?code=`)).toBe(true);
  });

  it('logs an unknown user as a failure without a user id, the typed name cut to 100 characters', async () => {
    const typed = `ghost-${'x'.repeat(150)}`;
    const b = browser();
    const { res } = await b.signIn(typed, 'whatever');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('The username or password is not correct.');
    const log = await t.db
      .selectFrom('system_logs')
      .select(['user_id', 'username', 'action'])
      .where('action', '=', 'sign_in_failed')
      .where('username', 'like', 'ghost-%')
      .executeTakeFirstOrThrow();
    expect(log.user_id).toBeNull();
    expect(log.username).toHaveLength(100);
  });

  it('rotates refresh tokens; reusing an old one revokes the grant', async () => {
    const user = await createUser();
    const tokens = await browser().signInForTokens(user.username, user.password);
    const first = await refresh(tokens.refresh_token);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).toBeTruthy();
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await verifyAccessToken(first.body.access_token)).payload.sub).toBe(user.id);

    const reused = await refresh(tokens.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
    // The whole grant went with it: the newer token fails too.
    const newer = await refresh(first.body.refresh_token);
    expect(newer.status).toBe(400);
    expect(newer.body.error).toBe('invalid_grant');
  });

  it('refuses to refresh for a deactivated user and tells them so at sign-in', async () => {
    const user = await createUser();
    const b = browser();
    const tokens = await b.signInForTokens(user.username, user.password);
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    const res = await refresh(tokens.refresh_token);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');

    // Their browser session no longer signs them in silently: the sign-in page shows, and refuses them.
    const page = await b.authorize();
    expect(page.res.status).toBe(200);
    const html = await page.res.text();
    expect(html).toContain('id="kc-login"');
    const form = parseForm(html, page.url);
    const posted = await b.post(form.action, [
      ...form.hidden,
      ['username', user.username],
      ['password', user.password],
    ]);
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('This account is deactivated.');
    // A wrong password does not reveal that the account exists but is deactivated.
    const wrong = await b.post(form.action, [...form.hidden, ['username', user.username], ['password', 'wrong']]);
    expect(await wrong.text()).toContain('The username or password is not correct.');
  });

  it('logs out from end_session without a click and ends the session and its refresh tokens', async () => {
    const user = await createUser();
    const b = browser();
    const tokens = await b.signInForTokens(user.username, user.password);
    const logoutUrl = new URL(`${server.issuer}/protocol/openid-connect/logout`);
    logoutUrl.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${server.base}/`,
      state: 'bye',
    }).toString();
    const page = await b.get(logoutUrl.toString());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Back Office');
    expect(html).toContain('name="logout" value="yes"');
    expect(html).toMatch(/<script nonce="[^"]+">document\.getElementById\('op\.logoutForm'\)\.submit\(\);<\/script>/);
    expect(html).toContain('<noscript>');
    const nonce = /<script nonce="([^"]+)"/.exec(html)?.[1];
    expect(page.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);

    // What the script does: submit the form as it is.
    const form = parseForm(html, logoutUrl.toString());
    const done = await b.post(form.action, form.hidden);
    expect(done.status).toBe(303);
    const to = new URL(done.headers.get('location') ?? '', form.action);
    expect(`${to.origin}${to.pathname}`).toBe(`${server.base}/`);
    expect(to.searchParams.get('state')).toBe('bye');

    // Signed out: the next authorization request shows the sign-in page, and the refresh token is dead.
    const next = await b.authorize();
    expect(next.res.status).toBe(200);
    expect(await next.res.text()).toContain('id="kc-login"');
    expect((await refresh(tokens.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('asks before signing out when the request carries no id_token_hint', async () => {
    const user = await createUser();
    const b = browser();
    await b.signInForTokens(user.username, user.password);
    const url = `${server.issuer}/protocol/openid-connect/logout?client_id=backoffice-web&post_logout_redirect_uri=${encodeURIComponent(`${server.base}/`)}`;
    const page = await b.get(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Sign out?');
    expect(html).not.toContain('<script');
    expect(html).toContain('id="kc-logout"');
    // Still signed in until the button is pressed.
    expect((await b.authorize()).url.startsWith(`${server.base}/?code=`)).toBe(true);
  });

  it('shows a signed-out page when there is nowhere to return to', async () => {
    const user = await createUser();
    const b = browser();
    const tokens = await b.signInForTokens(user.username, user.password);
    const logoutUrl = `${server.issuer}/protocol/openid-connect/logout?id_token_hint=${tokens.id_token}&ui_locales=de`;
    const page = await b.get(logoutUrl);
    const form = parseForm(await page.text(), logoutUrl);
    const { res } = await b.follow(await b.post(form.action, form.hidden), form.action);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('You have signed out');
    expect(html).toContain(`href="${server.base}/"`);
  });

  it('limits failed sign-ins: the 6th attempt for a user from one address is refused with 429', async () => {
    const user = await createUser();
    const b = browser();
    const { res, url } = await b.authorize();
    const form = parseForm(await res.text(), url);
    for (let i = 0; i < 5; i++) {
      const r = await b.post(form.action, [...form.hidden, ['username', user.username], ['password', `bad-${i}`]]);
      expect(r.status).toBe(200);
    }
    const before = await t.db
      .selectFrom('system_logs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    // Even the right password is not checked now.
    const blocked = await b.post(form.action, [
      ...form.hidden,
      ['username', user.username],
      ['password', user.password],
    ]);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
    expect(await blocked.text()).toContain('Too many attempts. Try again in 15 minutes.');
    const after = await t.db
      .selectFrom('system_logs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);

    // Another user from the same address is still allowed.
    const other = await createUser();
    const ok = await b.post(form.action, [...form.hidden, ['username', other.username], ['password', other.password]]);
    expect(ok.status).toBe(303);
    // Two users made and six passwords checked, each a deliberately slow hash: more than the default on a busy machine.
  }, 90_000);

  it('answers an unknown or expired interaction with a friendly page and checks nothing', async () => {
    const b = browser();
    const res = await b.get(`${server.issuer}/login-actions/does-not-exist`);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Your sign-in has expired');
    expect(html).toContain(`href="${server.base}/"`);
    expect(html).not.toContain('id="password"');

    const user = await createUser();
    const posted = await b.post(`${server.issuer}/login-actions/does-not-exist`, {
      username: user.username,
      password: user.password,
    });
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain('Your sign-in has expired');
    const logs = await t.db.selectFrom('system_logs').select('id').where('user_id', '=', user.id).execute();
    expect(logs).toHaveLength(0);

    // A real interaction, but another browser's: its cookie is missing here.
    const owner = browser();
    const { url } = await owner.authorize();
    const stolen = await b.post(url, { username: user.username, password: user.password });
    expect(stolen.status).toBe(400);
  });

  it('renders provider errors in the product look without internals', async () => {
    const res = await fetch(
      `${server.issuer}/protocol/openid-connect/auth?client_id=nobody&response_type=code&redirect_uri=${encodeURIComponent('https://evil.example/')}`,
      { headers: { 'accept-language': 'es' } },
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Back Office');
    expect(html).toContain('Algo ha salido mal');
    expect(html).toContain('invalid_client');
    expect(html).not.toMatch(/at .+\.js:\d+/);
  });

  it('speaks the language asked for: ui_locales, then Accept-Language, then English; escapes what it echoes', async () => {
    const de = await browser().authorize({ ui_locales: 'fr de-CH' });
    const deHtml = await de.res.text();
    expect(deHtml).toMatch(/<html lang="de" dir="ltr">/);
    expect(deHtml).toContain('Passwort');

    const es = await browser({ 'accept-language': 'fr;q=0.9, es-MX;q=0.8, en;q=0.1' }).authorize();
    expect(await es.res.text()).toContain('Contraseña');

    const fr = await browser({ 'accept-language': 'fr' }).authorize();
    const frHtml = await fr.res.text();
    expect(frHtml).toMatch(/<html lang="en" dir="ltr">/);

    // The switcher's link, and the choice surviving a failed POST.
    const b = browser();
    const { url } = await b.authorize({ login_hint: '"><script>alert(1)</script>' });
    const pt = await b.get(`${url}?lang=pt`);
    const ptHtml = await pt.text();
    expect(ptHtml).toContain('Senha');
    expect(ptHtml).not.toContain('<script>alert(1)</script>');
    expect(ptHtml).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const form = parseForm(ptHtml, url);
    const failed = await b.post(form.action, [...form.hidden, ['username', '<b>x</b>'], ['password', 'y']]);
    const failedHtml = await failed.text();
    expect(failedHtml).toContain('O usuário ou a senha não estão corretos.');
    expect(failedHtml).toContain('value="&lt;b&gt;x&lt;/b&gt;"');
  });

  it('keeps keys, sessions and refresh tokens across a restart', async () => {
    const user = await createUser();
    const b = browser();
    const tokens = await b.signInForTokens(user.username, user.password);
    const kid = server.jwks.keys[0]?.kid;

    await server.app.close();
    server = await startServer(t, port);
    expect(server.jwks.keys.map((k) => k.kid)).toEqual([kid]);

    // A token from before the restart verifies with the new process's keys, and its refresh token works.
    expect((await verifyAccessToken(tokens.access_token)).payload.sub).toBe(user.id);
    const refreshed = await refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    const { protectedHeader } = await verifyAccessToken(refreshed.body.access_token);
    expect(protectedHeader.kid).toBe(kid);
    // The browser is still signed in.
    const again = await b.authorize();
    expect(again.url.startsWith(`${server.base}/?code=`)).toBe(true);
    const secrets = await t.db.selectFrom('app_secrets').select('name').execute();
    expect(secrets.map((s) => s.name).sort()).toEqual(['oidc_cookie_keys', 'oidc_jwks']);
  });
});
