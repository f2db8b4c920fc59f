import { ALL_PERMISSIONS, type ErrorBody, type User } from '@backoffice/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient, clientWith, createUser, signIn, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  admin = (await clientWith(ta, ALL_PERMISSIONS)).api;
});
afterAll(() => ta.close());

/** What the web app does when its access token nears expiry. */
async function refresh(refreshToken: string) {
  const res = await fetch(`${ta.config.oidc.issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: ta.config.oidc.clientId,
    }).toString(),
  });
  return { status: res.status, body: (await res.json()) as { error?: string; refresh_token?: string } };
}

/** The provider's stored sessions, grants and tokens of a user. */
async function storedFor(userId: string) {
  const { rows } = await sql<{ type: string }>`
    SELECT type FROM oidc_payloads
    WHERE payload->>'accountId' = ${userId}
       OR grant_id IN (SELECT id FROM oidc_payloads WHERE type = 'Grant' AND payload->>'accountId' = ${userId})
    ORDER BY type`.execute(ta.t.db);
  return [...new Set(rows.map((r) => r.type))];
}

/** A user signed in twice (two browsers), each with a refresh token already rotated once. */
async function signedInTwice() {
  const user = await createUser(ta.t, ['view_brand']);
  const first = await signIn(ta, user.username, user.password);
  const second = await signIn(ta, user.username, user.password);
  const rotated = await refresh(first.refreshToken);
  expect(rotated.status).toBe(200);
  return { user, refreshTokens: [rotated.body.refresh_token ?? '', second.refreshToken], access: second.accessToken };
}

async function userOf(id: string) {
  const res = await admin.get<User>(`/api/users/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe("ending a user's sessions", () => {
  it('ends every session and refresh token when an administrator resets the password', async () => {
    const { user, refreshTokens } = await signedInTwice();
    expect(await storedFor(user.id)).toEqual(expect.arrayContaining(['Grant', 'RefreshToken', 'Session']));

    const reset = await admin.post(`/api/users/${user.id}/password`, { password: 'a brand new passphrase 7' });
    expect(reset.status).toBe(200);

    for (const token of refreshTokens) {
      const res = await refresh(token);
      expect([res.status, res.body.error]).toEqual([400, 'invalid_grant']);
    }
    expect(await storedFor(user.id)).toEqual([]);
    // The new password signs in; the old one no longer does.
    const again = await signIn(ta, user.username, 'a brand new passphrase 7');
    expect((await apiClient(ta, again.accessToken).get('/api/me')).status).toBe(200);
    await expect(signIn(ta, user.username, user.password)).rejects.toThrow();
  });

  it('ends them on deactivation, refuses the access token at once, and reactivation brings nothing back', async () => {
    const { user, refreshTokens, access } = await signedInTwice();
    const client = apiClient(ta, access);
    expect((await client.get('/api/brands')).status).toBe(200);

    const before = await userOf(user.id);
    const edit = { name: before.name, email: before.email, roleIds: before.roles.map((r) => r.id) };
    expect((await admin.put(`/api/users/${user.id}`, { ...edit, isActive: false })).status).toBe(200);

    const refused = await client.get<ErrorBody>('/api/brands');
    expect([refused.status, refused.body.code]).toEqual([401, 'USER_INACTIVE']);
    expect(await storedFor(user.id)).toEqual([]);

    expect((await admin.put(`/api/users/${user.id}`, { ...edit, isActive: true })).status).toBe(200);
    for (const token of refreshTokens) {
      const res = await refresh(token);
      expect([res.status, res.body.error]).toEqual([400, 'invalid_grant']);
    }
    // Reactivated, they sign in again with their password.
    const again = await signIn(ta, user.username, user.password);
    expect((await apiClient(ta, again.accessToken).get('/api/brands')).status).toBe(200);
  });

  it("leaves other users' sessions alone, and an ordinary edit ends nothing", async () => {
    const target = await signedInTwice();
    const bystander = await signedInTwice();
    const before = await userOf(target.user.id);
    const edit = { name: 'Renamed', email: before.email, roleIds: before.roles.map((r) => r.id), isActive: true };
    expect((await admin.put(`/api/users/${target.user.id}`, edit)).status).toBe(200);
    expect((await refresh(target.refreshTokens[1] ?? '')).status).toBe(200);

    await admin.post(`/api/users/${target.user.id}/password`, { password: 'another fresh passphrase 9' });
    expect((await refresh(bystander.refreshTokens[0] ?? '')).status).toBe(200);
    expect((await refresh(bystander.refreshTokens[1] ?? '')).status).toBe(200);
  });
});
