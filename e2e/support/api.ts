import { randomBytes } from 'node:crypto';
import type { Role, User } from '@backoffice/contracts';
import { signInWithCode } from '../../apps/api/test/sign-in.ts';
import { ADMIN_PASSWORD, BASE_URL } from './env.ts';

const site = { baseUrl: BASE_URL, issuer: `${BASE_URL}/realms/backoffice`, clientId: 'backoffice-web' };

/** The administrator's API client from Node, for arranging data a browser test then uses. */
export async function adminApi() {
  const { accessToken } = await signInWithCode(site, 'admin', ADMIN_PASSWORD);
  const xsrf = randomBytes(16).toString('base64url');
  /** `headers` adds to the usual ones (an idempotency-key for a create). */
  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const res = await fetch(`${BASE_URL}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
  return {
    call,
    /** A new active user with a role of exactly these permissions. */
    async createUser(permissions: string[]) {
      const suffix = randomBytes(4).toString('hex');
      const role = await call<Role>('POST', '/api/roles', { name: `e2e role ${suffix}`, permissions });
      const password = `e2e-${randomBytes(8).toString('hex')}`;
      const user = await call<User>('POST', '/api/users', {
        username: `e2e.${suffix}`,
        name: `E2E ${suffix}`,
        email: `e2e.${suffix}@example.test`,
        roleIds: [role.id],
        password,
      });
      return { ...user, password, role };
    },
    deactivate(user: User) {
      return call<User>('PUT', `/api/users/${user.id}`, {
        name: user.name,
        email: user.email,
        isActive: false,
        roleIds: user.roles.map((r) => r.id),
      });
    },
  };
}
