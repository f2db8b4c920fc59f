// @vitest-environment happy-dom
import { OidcClient, User, WebStorageStateStore } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completeSignIn } from '../src/shared/lib/sign-in-callback.ts';

const AUTHORITY = 'http://localhost:8080/realms/backoffice';
const CLIENT = 'backoffice-web';
const USER_KEY = `oidc.user:${AUTHORITY}:${CLIENT}`;
const TOKEN_ENDPOINT = `${AUTHORITY}/protocol/openid-connect/token`;

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'RS256' })}.${part(claims)}.signature`;
}

/** A sign-in started by oidc-client-ts itself, as `login()` starts it: answers the state id it stored. */
async function startSignIn(returnHash = '#/inventory/summary'): Promise<{ state: string; verifierStored: boolean }> {
  const client = new OidcClient({
    authority: AUTHORITY,
    client_id: CLIENT,
    redirect_uri: 'http://localhost:8080/',
    response_type: 'code',
    scope: 'openid profile email offline_access',
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
    metadata: { issuer: AUTHORITY, authorization_endpoint: `${AUTHORITY}/auth`, token_endpoint: TOKEN_ENDPOINT },
  });
  const request = await client.createSigninRequest({ state: { returnHash } });
  const state = new URL(request.url).searchParams.get('state') ?? '';
  const stored = JSON.parse(localStorage.getItem(`oidc.${state}`) ?? '{}') as { code_verifier?: string };
  return { state, verifierStored: !!stored.code_verifier };
}

let tokenRequests: URLSearchParams[] = [];
function provider(tokens: Record<string, unknown>, status = 200) {
  tokenRequests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/.well-known/openid-configuration'))
        return new Response(JSON.stringify({ issuer: AUTHORITY, token_endpoint: TOKEN_ENDPOINT }), { status: 200 });
      if (url === TOKEN_ENDPOINT) {
        tokenRequests.push(new URLSearchParams(String(init?.body)));
        return new Response(JSON.stringify(tokens), { status });
      }
      return new Response('not found', { status: 404 });
    }),
  );
}

const settings = { authority: AUTHORITY, clientId: CLIENT, userKey: USER_KEY };
const goodIdToken = () =>
  jwt({
    sub: 'u-1',
    iss: AUTHORITY,
    aud: CLIENT,
    exp: 9e9,
    iat: 1,
    name: 'Anna',
    email: 'a@x',
    nonce: 'n',
    azp: CLIENT,
  });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('finishing a sign-in without the OIDC library', () => {
  it('trades the code with the verifier the library stored, and stores a user the library reads back', async () => {
    const { state, verifierStored } = await startSignIn();
    expect(verifierStored).toBe(true);
    provider({
      access_token: 'at',
      refresh_token: 'rt',
      id_token: goodIdToken(),
      token_type: 'Bearer',
      expires_in: 300,
      scope: 'openid profile email offline_access',
    });
    const user = await completeSignIn(`?code=c-1&state=${state}`, settings);
    expect(user.state).toEqual({ returnHash: '#/inventory/summary' });
    const sent = tokenRequests[0];
    expect(sent?.get('grant_type')).toBe('authorization_code');
    expect(sent?.get('code')).toBe('c-1');
    expect(sent?.get('client_id')).toBe(CLIENT);
    expect(sent?.get('code_verifier')).toMatch(/^[\w-]{43,}$/);
    // The library's own reader takes what was stored; protocol claims are left out as it leaves them out.
    const stored = User.fromStorageString(localStorage.getItem(USER_KEY) ?? '');
    expect(stored.access_token).toBe('at');
    expect(stored.refresh_token).toBe('rt');
    expect(stored.profile).toMatchObject({ sub: 'u-1', name: 'Anna', email: 'a@x' });
    expect(stored.profile).not.toHaveProperty('nonce');
    expect(stored.profile).not.toHaveProperty('azp');
    expect(stored.expires_in).toBeGreaterThan(290);
    // The state is used up: the same answer again is refused.
    expect(localStorage.getItem(`oidc.${state}`)).toBeNull();
    await expect(completeSignIn(`?code=c-1&state=${state}`, settings)).rejects.toThrow(/No matching state/);
  });

  it('refuses an answer whose state this browser never stored, without asking the provider', async () => {
    provider({ access_token: 'at', id_token: goodIdToken() });
    await expect(completeSignIn('?code=c&state=forged', settings)).rejects.toThrow(/No matching state/);
    expect(tokenRequests).toHaveLength(0);
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it("passes on the provider's error in its own words", async () => {
    const { state } = await startSignIn();
    provider({});
    await expect(
      completeSignIn(`?error=access_denied&error_description=Account+disabled&state=${state}`, settings),
    ).rejects.toThrow('Account disabled');
  });

  it('refuses a state made for another provider or client', async () => {
    const { state } = await startSignIn();
    provider({ access_token: 'at', id_token: goodIdToken() });
    await expect(
      completeSignIn(`?code=c&state=${state}`, { ...settings, authority: 'http://evil/realms/x' }),
    ).rejects.toThrow(/authority mismatch/);
    const second = await startSignIn();
    await expect(completeSignIn(`?code=c&state=${second.state}`, { ...settings, clientId: 'other' })).rejects.toThrow(
      /client_id mismatch/,
    );
  });

  it('refuses an ID token from another issuer, for another client, or without a subject', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ sub: 'u', iss: 'http://elsewhere', aud: CLIENT }, /another provider/],
      [{ sub: 'u', iss: AUTHORITY, aud: ['someone-else'] }, /another client/],
      [{ iss: AUTHORITY, aud: CLIENT }, /missing a subject/],
    ];
    for (const [claims, reason] of cases) {
      const { state } = await startSignIn();
      provider({ access_token: 'at', id_token: jwt(claims) });
      await expect(completeSignIn(`?code=c&state=${state}`, settings)).rejects.toThrow(reason);
      expect(localStorage.getItem(USER_KEY)).toBeNull();
    }
  });

  it('says why when the provider refuses the code', async () => {
    const { state } = await startSignIn();
    provider({ error: 'invalid_grant', error_description: 'Code not valid' }, 400);
    await expect(completeSignIn(`?code=c&state=${state}`, settings)).rejects.toThrow('Code not valid');
  });
});
