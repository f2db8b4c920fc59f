import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, startTestApp, type TestApp } from './app.ts';
import { type ReceivedMessage, startSmtpServer, type TestSmtpServer } from './smtp.ts';

async function until<T>(what: string, probe: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  redirect: 'manual' as const,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

let smtp: TestSmtpServer;
let ta: TestApp;
let forgotUrl: string;
beforeAll(async () => {
  smtp = await startSmtpServer({ auth: { user: 'mailer', pass: 'mail-secret' } });
  ta = await startTestApp({
    SMTP_URL: `smtp://mailer:mail-secret@127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Back Office <backoffice@example.test>',
  });
  forgotUrl = `${ta.baseUrl}/realms/backoffice/login-actions/reset-credentials`;
});
afterAll(async () => {
  await ta.close();
  await smtp.close();
});

/** Asks for a link for `name` and answers the page. */
async function requestLink(name: string, lang = 'en') {
  const res = await fetch(forgotUrl, form({ username: name, lang }));
  return { status: res.status, html: await res.text() };
}

function linkIn(message: ReceivedMessage): string {
  const match = /(http:\/\/\S+reset-credentials\/new\?key=[\w-]+&lang=\w+)/.exec(message.text);
  if (!match?.[1]) throw new Error(`no link in:\n${message.text}`);
  return match[1];
}

describe('forgot password, with mail configured', () => {
  it('the sign-in page links to it, and it asks for a username or e-mail', async () => {
    // The sign-in page: the authorization request redirects to the interaction's form.
    const auth = new URL(`${ta.config.oidc.issuer}/protocol/openid-connect/auth`);
    auth.search = new URLSearchParams({
      client_id: 'backoffice-web',
      response_type: 'code',
      redirect_uri: `${ta.baseUrl}/`,
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const start = await fetch(auth, { redirect: 'manual' });
    const cookie = start.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = await fetch(new URL(start.headers.get('location') ?? '', auth), { headers: { cookie } });
    const html = await page.text();
    const href = /id="kc-forgot-credentials"[^>]*href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(href).toMatch(/^\/realms\/backoffice\/login-actions\/reset-credentials\?lang=en&uid=[\w-]+$/);
    expect(html).toContain('Forgot password?');

    // In the sign-in page's language; without one, in the browser's.
    const forgot = await fetch(`${ta.baseUrl}${href}`, { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(forgot.status).toBe(200);
    const text = await forgot.text();
    expect(text).toContain('Forgot your password?');
    const german = await fetch(forgotUrl, { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(await german.text()).toContain('Passwort vergessen?');
    expect(text).toContain('id="kc-reset-password-form"');
    // "Back to sign-in" returns to the very sign-in it came from.
    const uid = new URL(href ?? '', ta.baseUrl).searchParams.get('uid');
    expect(text).toContain(`href="/realms/backoffice/login-actions/${uid}"`);
  });

  it('e-mails a one-time link that sets a new password by the rules, once; then the new password signs in', async () => {
    const user = await createUser(ta.t, []);
    const before = smtp.messages.length;
    const asked = await requestLink(user.username.toUpperCase());
    expect(asked.status).toBe(200);
    expect(asked.html).toContain('Check your e-mail');

    const message = await until('the e-mail', () => smtp.messages[before]);
    expect(message.to).toEqual([`${user.username}@example.test`]);
    expect(message.from).toBe('backoffice@example.test');
    expect(message.auth).toBe('mailer');
    expect(message.subject).toBe('Set a new password for Back Office');
    expect(message.text).toContain(`account ${user.username}`);
    const link = linkIn(message);
    expect(link.startsWith(`${ta.baseUrl}/realms/backoffice/login-actions/reset-credentials/new?key=`)).toBe(true);

    // The key is stored only as a hash.
    const key = new URL(link).searchParams.get('key') ?? '';
    const stored = await ta.t.db.selectFrom('password_reset_tokens').selectAll().execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(key);
    expect(JSON.stringify(stored)).not.toContain(key);
    const token = stored.find((r) => r.user_id === user.id);
    expect(token).toBeDefined();
    const ttl = new Date(token?.expires_at ?? 0).getTime() - new Date(token?.created_at ?? 0).getTime();
    expect(ttl).toBe(60 * 60 * 1000);

    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Set a new password');
    expect(html).toContain(user.username);

    const action = `${ta.baseUrl}/realms/backoffice/login-actions/reset-credentials/new`;
    const tooShort = await fetch(action, form({ key, password: 'short pass', confirm: 'short pass', lang: 'en' }));
    expect(tooShort.status).toBe(400);
    expect(await tooShort.text()).toContain('The password needs at least 12 characters.');
    const common = await fetch(action, form({ key, password: 'Password1234', confirm: 'Password1234', lang: 'en' }));
    expect(common.status).toBe(400);
    expect(await common.text()).toContain('attackers try first');
    const mismatch = await fetch(
      action,
      form({ key, password: 'green kettle river 42', confirm: 'green kettle river 43', lang: 'en' }),
    );
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain('The two passwords are not the same.');
    // Refusals leave the old password in place.
    await expect(signIn(ta, user.username, user.password)).resolves.toBeDefined();

    const newPassword = 'green kettle river 42';
    const done = await fetch(action, form({ key, password: newPassword, confirm: newPassword, lang: 'en' }));
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Your password has been changed');

    // Once only, whichever way the link is used again.
    const again = await fetch(link);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('This link has already been used');
    const againPost = await fetch(
      action,
      form({ key, password: 'another fine passphrase', confirm: 'another fine passphrase' }),
    );
    expect(againPost.status).toBe(410);

    await expect(signIn(ta, user.username, user.password)).rejects.toThrow();
    await expect(signIn(ta, user.username, newPassword)).resolves.toBeDefined();

    const logs = await ta.t.db
      .selectFrom('system_logs')
      .select(['action', 'entity', 'entity_id', 'username', 'after'])
      .where('entity_id', '=', user.id)
      .where('action', 'in', ['request_password_reset', 'reset_password'])
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.action)).toEqual(['request_password_reset', 'reset_password']);
    expect(logs.every((l) => l.username === user.username && l.entity === 'user')).toBe(true);
    expect(JSON.stringify(logs)).not.toContain(key);
  }, 60_000);

  it('answers the same whether or not the account exists, and sends nothing for an unknown one', async () => {
    const user = await createUser(ta.t, []);
    const known = await requestLink(`${user.username}@example.test`);
    const before = smtp.messages.length;
    const unknown = await requestLink('nobody-here@example.test');
    expect(unknown.status).toBe(known.status);
    expect(unknown.html).toBe(known.html);
    await until('the known user’s e-mail', () =>
      smtp.messages.find((m) => m.to.includes(`${user.username}@example.test`)),
    );
    await sleep(500);
    expect(smtp.messages.slice(before).filter((m) => m.to.includes('nobody-here@example.test'))).toEqual([]);
  });

  it('refuses an expired link in words', async () => {
    const user = await createUser(ta.t, []);
    const before = smtp.messages.length;
    await requestLink(user.username, 'de');
    const message = await until('the e-mail', () =>
      smtp.messages.slice(before).find((m) => m.to[0]?.startsWith(user.username)),
    );
    expect(message.headers['content-language']).toBe('de');
    expect(message.text).toContain('Öffnen Sie innerhalb einer Stunde diesen Link');
    const link = linkIn(message);
    await ta.t.db
      .updateTable('password_reset_tokens')
      .set({ created_at: new Date(Date.now() - 2 * 3600_000), expires_at: new Date(Date.now() - 3600_000) })
      .where('user_id', '=', user.id)
      .execute();
    const page = await fetch(link);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('Dieser Link ist abgelaufen');
    const key = new URL(link).searchParams.get('key') ?? '';
    const post = await fetch(
      `${ta.baseUrl}/realms/backoffice/login-actions/reset-credentials/new`,
      form({ key, password: 'a perfectly fine passphrase', confirm: 'a perfectly fine passphrase', lang: 'en' }),
    );
    expect(post.status).toBe(410);
    expect(await post.text()).toContain('This link has expired');
    await expect(signIn(ta, user.username, user.password)).resolves.toBeDefined();
    // A made-up key is not a link at all.
    const made = await fetch(
      `${ta.baseUrl}/realms/backoffice/login-actions/reset-credentials/new?key=${'A'.repeat(43)}`,
    );
    expect(made.status).toBe(404);
    expect(await made.text()).toContain('This link is not valid');
  }, 30_000);

  it('limits requests: the fourth for one name within the hour is refused, exists or not', async () => {
    for (let i = 0; i < 3; i++) expect((await requestLink('someone-limited')).status).toBe(200);
    const fourth = await fetch(forgotUrl, form({ username: 'Someone-Limited', lang: 'en' }));
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await fourth.text()).toContain('Too many attempts');
    expect((await requestLink('')).status).toBe(400);
  });
});

describe('forgot password, without mail', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(() => plain.close());

  it('says to ask an administrator, and issues nothing', async () => {
    const url = `${plain.baseUrl}/realms/backoffice/login-actions/reset-credentials`;
    const page = await fetch(url, { headers: { 'accept-language': 'es' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Pide a un administrador');
    expect(html).not.toContain('<form');
    const user = await createUser(plain.t, []);
    const post = await fetch(url, form({ username: user.username, lang: 'en' }));
    expect(await post.text()).toContain('Ask an administrator to set a new password for you.');
    expect(await plain.t.db.selectFrom('password_reset_tokens').selectAll().execute()).toEqual([]);
  });
});
