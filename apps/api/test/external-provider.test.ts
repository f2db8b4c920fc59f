import type { ErrorBody, Me, User } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createUser, signIn, startTestApp, type TestApp } from './app.ts';

/**
 * The product configured for an external provider (as with Keycloak). The provider here is a second
 * instance of the product with its own database, so tokens really come from another issuer.
 */
let provider: TestApp;
let product: TestApp;
beforeAll(async () => {
  provider = await startTestApp();
  product = await startTestApp({ OIDC_SERVER_URL: provider.baseUrl, OIDC_REALM: 'backoffice' });
});
afterAll(async () => {
  await product.close();
  await provider.close();
});

async function productUser(email: string, permissions: string[]) {
  const role = await product.t.db
    .insertInto('roles')
    .values({ name: `r-${email}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (permissions.length)
    await product.t.db
      .insertInto('role_permissions')
      .values(permissions.map((permission) => ({ role_id: role.id, permission })))
      .execute();
  const user = await product.t.db
    .insertInto('users')
    .values({ username: email.split('@')[0] ?? email, email, password_hash: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await product.t.db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  return user.id;
}

describe('with an external identity provider', () => {
  it('verifies the provider’s tokens by its JWKS and links the user by verified e-mail on first sign-in', async () => {
    const atProvider = await createUser(provider.t, []);
    const email = `${atProvider.username}@example.test`;
    const localId = await productUser(email, ['view_user']);
    const tokens = await signIn(provider, atProvider.username, atProvider.password);
    const api = apiClient(product, tokens.accessToken);

    const me = await api.get<Me>('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: localId, email, permissions: ['view_user'], passwordsManagedHere: false });
    const row = await product.t.db
      .selectFrom('users')
      .select('external_subject')
      .where('id', '=', localId)
      .executeTakeFirstOrThrow();
    expect(row.external_subject).toBe(atProvider.id);
    const log = await product.t.db
      .selectFrom('system_logs')
      .select('action')
      .where('entity_id', '=', localId)
      .execute();
    expect(log.map((l) => l.action)).toContain('link_identity');
    // Later requests find the user by subject, even after the e-mail changes here.
    await product.t.db.updateTable('users').set({ email: 'renamed@example.test' }).where('id', '=', localId).execute();
    expect((await api.get<Me>('/api/me')).body.id).toBe(localId);
  });

  it('refuses a signed-in person no user of the product matches', async () => {
    const stranger = await createUser(provider.t, []);
    const tokens = await signIn(provider, stranger.username, stranger.password);
    const res = await apiClient(product, tokens.accessToken).get<ErrorBody>('/api/me');
    expect([res.status, res.body.code]).toEqual([403, 'USER_NOT_PROVISIONED']);
  });

  it('leaves passwords to the provider', async () => {
    const atProvider = await createUser(provider.t, []);
    await productUser(`${atProvider.username}@example.test`, [...ALL_PERMISSIONS]);
    const api = apiClient(product, (await signIn(provider, atProvider.username, atProvider.password)).accessToken);
    const withPassword = await api.post<ErrorBody>('/api/users', {
      username: 'newcomer',
      email: 'newcomer@example.test',
      password: 'a long password 1',
    });
    expect([withPassword.status, withPassword.body.code]).toEqual([409, 'PASSWORDS_MANAGED_EXTERNALLY']);
    const created = await api.post<User>('/api/users', { username: 'newcomer', email: 'newcomer@example.test' });
    expect(created.body.hasPassword).toBe(false);
    const reset = await api.post<ErrorBody>(`/api/users/${created.body.id}/password`, {
      password: 'a long password 1',
    });
    expect(reset.body.code).toBe('PASSWORDS_MANAGED_EXTERNALLY');
  });

  it('does not serve the embedded provider', async () => {
    const res = await fetch(`${product.baseUrl}/realms/backoffice/.well-known/openid-configuration`);
    expect(await res.text()).not.toContain('authorization_endpoint');
  });
});
