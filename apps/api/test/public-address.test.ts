import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
beforeAll(async () => {
  ta = await startTestApp();
});
afterAll(() => ta.close());

/** A GET with a Host header of our choosing (fetch may not set Host). */
function get(path: string, headers: Record<string, string>) {
  const url = new URL(ta.baseUrl);
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET', headers }, (res) => {
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

const html = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('a page opened at another address than PUBLIC_URL', () => {
  it('says in words where the product is and what to set to use it here, in the browser’s language', async () => {
    const port = new URL(ta.baseUrl).port;
    const page = await get('/', { host: `backoffice-box:${port}`, accept: html, 'accept-language': 'de-DE,de;q=0.9' });
    expect(page.status).toBe(421);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain(`Dieses Produkt ist für ${ta.baseUrl} eingerichtet`);
    expect(page.body).toContain(`PUBLIC_URL=http://backoffice-box:${port}`);
    expect(page.body).toContain(`href="${ta.baseUrl}/"`);

    const english = await get('/realms/backoffice/protocol/openid-connect/auth?client_id=x', {
      host: `localhost:${port}`,
      accept: html,
      'accept-language': 'fr-FR',
    });
    expect(english.status).toBe(421);
    expect(english.body).toContain(`This product is configured for ${ta.baseUrl}`);
    expect(english.body).toContain(`To use it at localhost:${port} instead, set PUBLIC_URL=http://localhost:${port}`);
    // The sign-in's own pages start again from the product's address.
    expect(english.body).toContain(`href="${ta.baseUrl}/"`);
  });

  it('does not echo a Host header that is not an address', async () => {
    const page = await get('/', { host: 'evil"><script>x</script>', accept: html });
    expect(page.status).toBe(421);
    expect(page.body).not.toContain('<script>x');
  });

  it('leaves API calls, non-page requests and the right address alone', async () => {
    const port = new URL(ta.baseUrl).port;
    const api = await get('/api/health', { host: `localhost:${port}`, accept: html });
    expect(api.status).toBe(200);
    const config = await get('/api/config', { host: `10.1.2.3:${port}`, accept: 'application/json' });
    expect(config.status).toBe(200);
    const jwks = await get('/realms/backoffice/protocol/openid-connect/certs', {
      host: `localhost:${port}`,
      accept: 'application/json',
    });
    expect(jwks.status).toBe(200);
    const right = await get('/realms/backoffice/.well-known/openid-configuration', {
      host: new URL(ta.baseUrl).host,
      accept: html,
    });
    expect(right.status).toBe(200);
  });
});
