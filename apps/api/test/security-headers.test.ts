import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { contentSecurityPolicy } from '../src/platform/security-headers.ts';
import { startTestApp, type TestApp } from './app.ts';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');

/** A built web app in miniature: an index page and one hashed asset, as the build writes them. */
const dist = mkdtempSync(path.join(tmpdir(), 'bo-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><script type="module" src="./assets/index-abc.js"></script></head><body></body></html>',
);
writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'export {};\n');

let plain: TestApp;
let tls: TestApp;
beforeAll(async () => {
  [plain, tls] = await Promise.all([
    startTestApp({ WEB_DIST_DIR: dist }),
    // Behind a TLS-terminating proxy: the public address is https.
    startTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: 'https://backoffice.example.co.uk' }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain.close(), tls.close()]);
  rmSync(dist, { recursive: true, force: true });
});

/** The content security policy as directive → sources. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

const get = (ta: TestApp, p: string) => fetch(`${ta.baseUrl}${p}`, { redirect: 'manual' });

describe('security headers', () => {
  const pages = ['/', '/index.html', '/assets/index-abc.js', '/inventory/transfers', '/api/health', '/api/brands'];

  it('serves the web app and the API with a strict policy, nosniff, a referrer policy and no framing', async () => {
    for (const p of pages) {
      const res = await get(plain, p);
      expect(res.status, p).toBe(p === '/api/brands' ? 401 : 200);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('default-src'), p).toEqual(["'self'"]);
      expect(csp.get('script-src'), p).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), p).toEqual(["'none'"]);
      expect(csp.get('object-src'), p).toEqual(["'none'"]);
      expect(csp.get('base-uri'), p).toEqual(["'self'"]);
      // antd writes styles inline; scripts never are.
      expect(csp.get('style-src'), p).toEqual(["'self'", "'unsafe-inline'"]);
      expect(res.headers.get('content-security-policy'), p).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
      // Nothing may be framed until an administrator registers a BI address.
      expect(csp.get('frame-src'), p).toEqual(["'none'"]);
      expect(csp.get('child-src'), p).toEqual(["'none'"]);
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), p).toBe('DENY');
      expect(res.headers.get('referrer-policy'), p).toBe('same-origin');
      expect(res.headers.get('strict-transport-security'), p).toBeNull();
    }
  });

  it('sends HSTS only when the public address is https, on the provider too', async () => {
    for (const p of [...pages, '/realms/backoffice/.well-known/openid-configuration']) {
      const res = await get(tls, p);
      expect(res.headers.get('strict-transport-security'), p).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
    }
    const provider = await get(plain, '/realms/backoffice/.well-known/openid-configuration');
    expect(provider.status).toBe(200);
    expect(provider.headers.get('x-content-type-options')).toBe('nosniff');
    expect(provider.headers.get('strict-transport-security')).toBeNull();
  });

  it('keeps the sign-in page its own policy: one script by nonce, nothing else', async () => {
    const auth = new URL(`${plain.config.oidc.issuer}/protocol/openid-connect/auth`);
    auth.search = new URLSearchParams({
      client_id: plain.config.oidc.clientId,
      response_type: 'code',
      redirect_uri: `${plain.baseUrl}/`,
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const redirect = await fetch(auth, { redirect: 'manual' });
    const location = redirect.headers.get('location');
    expect(location).toContain('/login-actions/');
    const page = await fetch(new URL(location ?? '', plain.baseUrl), {
      headers: {
        cookie: redirect.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      },
    });
    expect(page.status).toBe(200);
    const csp = directives(page.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')?.every((s) => s.startsWith("'nonce-") || s === "'none'")).toBe(true);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('allows frames only from the BI addresses given, as origins, and drops anything that is not one', () => {
    const config = loadConfig({ PUBLIC_URL: 'http://localhost:8080' });
    const csp = directives(
      contentSecurityPolicy(config, [
        'https://bi.example.com/dashboards/7',
        'https://bi.example.com/other',
        "https://evil.example; script-src 'unsafe-inline'",
        'javascript:alert(1)',
        'not a url',
      ]),
    );
    expect(csp.get('frame-src')).toEqual(['https://bi.example.com']);
    expect(csp.get('child-src')).toEqual(['https://bi.example.com']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });

  it('lets the browser reach an external identity provider and its session iframe when configured so', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://bo.example.co.uk',
      OIDC_SERVER_URL: 'https://sso.example.co.uk/auth',
      OIDC_CHECK_LOGIN_IFRAME: 'true',
      USER_MANAGEMENT_SERVICE_URL: 'https://users.example.co.uk/api/',
      IMAGE_URL: 'https://images.example.co.uk/files/',
    });
    const csp = directives(contentSecurityPolicy(config, []));
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://sso.example.co.uk', 'https://users.example.co.uk']);
    expect(csp.get('frame-src')).toEqual(['https://sso.example.co.uk']);
    expect(csp.get('form-action')).toEqual(["'self'", 'https://sso.example.co.uk']);
    expect(csp.get('img-src')).toEqual(["'self'", 'https://images.example.co.uk', 'data:', 'blob:']);
  });

  it('ships no inline script in the web app, so the policy needs none', () => {
    const pagesToCheck = [path.join(WEB, 'index.html'), path.join(WEB, 'dist', 'index.html')].filter(existsSync);
    expect(pagesToCheck.length).toBeGreaterThan(0);
    for (const file of pagesToCheck) {
      const html = readFileSync(file, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length, file).toBeGreaterThan(0);
      for (const [, attributes = '', body = ''] of scripts) {
        expect(attributes, file).toMatch(/\bsrc=/);
        expect(body.trim(), file).toBe('');
      }
      expect(html, file).not.toMatch(/\son[a-z]+=|javascript:/i);
    }
    // Nor does any built script evaluate text as code.
    const assets = path.join(WEB, 'dist', 'assets');
    if (existsSync(assets))
      for (const file of readdirSync(assets).filter((f) => f.endsWith('.js')))
        expect(readFileSync(path.join(assets, file), 'utf8'), file).not.toMatch(/\beval\(|new Function\(/);
  });
});

/** A raw request (fetch refuses to send some of what these tests need). */
function rawGet(ta: TestApp, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const url = new URL(`${ta.baseUrl}/api/health`);
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('an oversized request header', () => {
  it('answers 431 with the usual error body', async () => {
    const res = await rawGet(plain, { cookie: `big=${'x'.repeat(40_000)}` });
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({ code: 'HEADERS_TOO_LARGE', message: expect.any(String) });
    // The server goes on answering.
    expect((await rawGet(plain, {})).status).toBe(200);
  });
});
