import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../src/app.ts';
import { requireDeclaredPermission } from '../src/platform/routes.ts';
import { type ApiClient, apiClient, clientWith, startTestApp, type TestApp } from './app.ts';

const SOME_ID = '00000000-0000-4000-8000-000000000000';

let ta: TestApp;
let anonymous: ApiClient;
let powerless: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  anonymous = apiClient(ta);
  powerless = (await clientWith(ta, [])).api;
});
afterAll(() => ta.close());

const routes = () => apiRoutes(ta.config).map((r) => r.def);
const pathOf = (p: string) => p.replace(/:[a-zA-Z]+/g, SOME_ID);

describe('the route table', () => {
  it('declares a permission on every route', () => {
    for (const def of routes()) expect(def.permission, `${def.method} ${def.path}`).toBeDefined();
  });

  it('answers 401 without a token on every route that is not public', async () => {
    const guarded = routes().filter((d) => d.permission !== 'public');
    expect(guarded.length).toBeGreaterThan(10);
    for (const def of guarded) {
      const res = await anonymous.call(
        def.method,
        pathOf(def.path),
        def.method === 'GET' || def.method === 'DELETE' ? undefined : {},
      );
      expect(res.status, `${def.method} ${def.path}`).toBe(401);
      expect((res.body as { code: string }).code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 403 with a token but without the permission on every permission-guarded route', async () => {
    const guarded = routes().filter((d) => d.permission !== 'public' && d.permission !== 'authenticated');
    for (const def of guarded) {
      const res = await powerless.call(
        def.method,
        pathOf(def.path),
        def.method === 'GET' || def.method === 'DELETE' ? undefined : {},
      );
      expect(res.status, `${def.method} ${def.path}`).toBe(403);
      expect((res.body as { code: string }).code).toBe('FORBIDDEN');
    }
  });

  it('answers a token-bearing caller on routes open to any signed-in user', async () => {
    const open = routes().filter(
      (d) => d.permission === 'authenticated' && d.method === 'GET' && !d.path.includes(':'),
    );
    for (const def of open) expect((await powerless.get(def.path)).status, def.path).toBe(200);
  });

  it('refuses to start a server with an API route that declares no permission', async () => {
    const Fastify = (await import('fastify')).default;
    const app = Fastify();
    app.addHook('onRoute', requireDeclaredPermission);
    expect(() => app.get('/api/undeclared', async () => 'x')).toThrow(/declares no permission/);
    expect(() => app.get('/api/declared', { config: { permission: 'view_user' } }, async () => 'x')).not.toThrow();
    await app.close();
  });
});
