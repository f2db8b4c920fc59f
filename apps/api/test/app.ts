import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { hashPassword } from '../src/domains/identity/passwords.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { signInWithCode, type Tokens } from './sign-in.ts';

export type { Tokens };

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  t: TestDatabase;
  baseUrl: string;
  close(): Promise<void>;
}

/** The real application on a random loopback port with a database of its own. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'jobs'> = {},
): Promise<TestApp> {
  const t = await createTestDatabase();
  // Listen first on port 0 to learn the port, since the issuer URL contains it.
  const probe = await import('node:net').then(
    (net) =>
      new Promise<number>((resolve) => {
        const s = net.createServer().listen(0, '127.0.0.1', () => {
          const port = (s.address() as AddressInfo).port;
          s.close(() => resolve(port));
        });
      }),
  );
  const baseUrl = `http://127.0.0.1:${probe}`;
  const config = loadConfig({ PORT: String(probe), PUBLIC_URL: baseUrl, LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, db: t.db, logger: false, ...options });
  await app.listen({ port: probe, host: '127.0.0.1' });
  return {
    app,
    config,
    t,
    baseUrl,
    async close() {
      await app.close();
      await t.drop();
    },
  };
}

let counter = 0;
/** A user holding exactly these permissions (through a role of their own), with a password. */
export async function createUser(
  t: TestDatabase,
  permissions: readonly string[],
  overrides: { username?: string; isActive?: boolean } = {},
) {
  counter += 1;
  const username = overrides.username ?? `user${counter}_${randomBytes(3).toString('hex')}`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const user = await t.db
    .insertInto('users')
    .values({
      username,
      name: `Test ${username}`,
      email: `${username}@example.test`,
      password_hash: await hashPassword(password),
      is_active: overrides.isActive ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (permissions.length) {
    const role = await t.db
      .insertInto('roles')
      .values({ name: `role-${username}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('role_permissions')
      .values(permissions.map((permission) => ({ role_id: role.id, permission })))
      .execute();
    await t.db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  }
  return { id: user.id, username, password };
}

/** Signs in through the embedded provider exactly as the browser does: code flow with PKCE and the sign-in form. */
export function signIn(ta: TestApp, username: string, password: string): Promise<Tokens> {
  return signInWithCode(
    { baseUrl: ta.baseUrl, issuer: ta.config.oidc.issuer, clientId: ta.config.oidc.clientId },
    username,
    password,
  );
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** An API client as the web app is one: bearer token, JSON, and the anti-forgery cookie echoed in its header. */
export function apiClient(ta: TestApp, accessToken?: string, opts: { xsrf?: boolean } = {}) {
  const xsrf = randomBytes(16).toString('base64url');
  async function call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer<T>> {
    const h: Record<string, string> = { accept: 'application/json', ...headers };
    if (accessToken) h.authorization = `Bearer ${accessToken}`;
    if (opts.xsrf !== false) {
      h.cookie = `XSRF-TOKEN=${xsrf}`;
      h['x-xsrf-token'] = xsrf;
    }
    if (body !== undefined) h['content-type'] = 'application/json';
    const res = await fetch(`${ta.baseUrl}${path}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: the text itself
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
  return {
    get: <T = unknown>(path: string, headers?: Record<string, string>) => call<T>('GET', path, undefined, headers),
    post: <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('POST', path, body ?? {}, headers),
    put: <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('PUT', path, body ?? {}, headers),
    delete: <T = unknown>(path: string, headers?: Record<string, string>) =>
      call<T>('DELETE', path, undefined, headers),
    call,
  };
}
export type ApiClient = ReturnType<typeof apiClient>;

/** Signs a new user with these permissions in and hands back their client. */
export async function clientWith(ta: TestApp, permissions: readonly string[]) {
  const user = await createUser(ta.t, permissions);
  const tokens = await signIn(ta, user.username, user.password);
  return { user, tokens, api: apiClient(ta, tokens.accessToken) };
}
