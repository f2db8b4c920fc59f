/**
 * The way back from the identity provider (authorization code with PKCE), finished without the OIDC
 * library: the first page after sign-in then does not wait for it (about 17 KB gzipped). It reads and
 * writes exactly what oidc-client-ts does (the sign-in state it stored under `oidc.{state}` before
 * leaving, the user under its user key), so the library, loaded later for refreshes and sign-out,
 * carries on from here. The checks are the library's: the state must be one this browser stored, for
 * this authority and client; an error answer is the provider's own words; the ID token must name a subject
 * and be issued by the provider's issuer to this client (its signature is not checked, as the library
 * does not: it arrives straight from the token endpoint over the page's own connection).
 */

/** oidc-client-ts's claims of the protocol, left out of the profile as it leaves them out. */
const PROTOCOL_CLAIMS = ['nbf', 'jti', 'auth_time', 'nonce', 'acr', 'amr', 'azp', 'at_hash'];

/** What oidc-client-ts keeps for a sign-in under way (`SigninState.toStorageString`). */
interface StoredSigninState {
  id: string;
  data?: unknown;
  code_verifier?: string;
  authority?: string;
  client_id?: string;
  redirect_uri?: string;
  scope?: string;
  nonce?: string;
}

/** The user as oidc-client-ts stores it (`User.toStorageString`), plus the state the sign-in set out with. */
export interface SignedInUser {
  id_token?: string;
  session_state: string | null;
  access_token: string;
  refresh_token?: string;
  token_type: string;
  scope?: string;
  profile: Record<string, unknown> & { sub: string };
  expires_at?: number;
  state?: unknown;
}

export class CallbackError extends Error {}

function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) throw new CallbackError('The ID token is not a JWT.');
  const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
  if (!claims || typeof claims !== 'object') throw new CallbackError('The ID token carries no claims.');
  return claims as Record<string, unknown>;
}

/**
 * Finishes the sign-in the address describes (`?code=…&state=…`, or `?error=…`): trades the code for
 * tokens at the provider's token endpoint and stores the user under `userKey`. Throws CallbackError
 * with the reason when it cannot.
 */
export async function completeSignIn(
  search: string,
  settings: { authority: string; clientId: string; userKey: string },
): Promise<SignedInUser> {
  const answer = new URLSearchParams(search);
  const stateId = answer.get('state');
  if (!stateId) throw new CallbackError('No state in the sign-in response.');
  const stateKey = `oidc.${stateId}`;
  const storedText = localStorage.getItem(stateKey);
  // One use only: a replayed answer finds nothing.
  localStorage.removeItem(stateKey);
  if (!storedText) throw new CallbackError('No matching state found in storage');
  const stored = JSON.parse(storedText) as StoredSigninState;
  if (stored.id !== stateId) throw new CallbackError('State does not match');
  if (stored.authority !== settings.authority)
    throw new CallbackError('authority mismatch on settings vs. signin state');
  if (stored.client_id !== settings.clientId)
    throw new CallbackError('client_id mismatch on settings vs. signin state');
  const error = answer.get('error');
  if (error) throw new CallbackError(answer.get('error_description') || error);
  const code = answer.get('code');
  if (!code || !stored.code_verifier || !stored.redirect_uri) throw new CallbackError('Expected code in response');

  const discovery = await fetch(`${settings.authority}/.well-known/openid-configuration`, { credentials: 'omit' });
  if (!discovery.ok) throw new CallbackError(`The provider's configuration could not be read (${discovery.status}).`);
  const { token_endpoint: tokenEndpoint, issuer } = (await discovery.json()) as {
    token_endpoint?: string;
    issuer?: string;
  };
  if (!tokenEndpoint || !issuer) throw new CallbackError('The provider names no token endpoint or issuer.');
  const response = await fetch(tokenEndpoint, {
    method: 'POST',
    credentials: 'omit',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: stored.redirect_uri,
      client_id: stored.client_id,
      code_verifier: stored.code_verifier,
    }),
  });
  const tokens = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || typeof tokens.access_token !== 'string') {
    const reason = tokens.error_description ?? tokens.error;
    throw new CallbackError(
      typeof reason === 'string' ? reason : `The provider refused the sign-in (${response.status}).`,
    );
  }
  const idToken = typeof tokens.id_token === 'string' ? tokens.id_token : undefined;
  if (!idToken) throw new CallbackError('The provider answered without an ID token.');
  const claims = decodeJwt(idToken);
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (typeof claims.sub !== 'string' || !claims.sub) throw new CallbackError('ID Token is missing a subject claim');
  if (claims.iss !== issuer) throw new CallbackError('The ID token was issued by another provider.');
  if (!audience.includes(settings.clientId)) throw new CallbackError('The ID token was issued to another client.');
  if (stored.nonce && claims.nonce !== stored.nonce)
    throw new CallbackError('nonce in id_token does not match nonce in client storage');
  const profile = Object.fromEntries(Object.entries(claims).filter(([name]) => !PROTOCOL_CLAIMS.includes(name)));
  const expiresIn = Number(tokens.expires_in);
  const user: SignedInUser = {
    id_token: idToken,
    session_state: typeof tokens.session_state === 'string' ? tokens.session_state : null,
    access_token: tokens.access_token,
    refresh_token: typeof tokens.refresh_token === 'string' ? tokens.refresh_token : undefined,
    token_type: typeof tokens.token_type === 'string' ? tokens.token_type : 'Bearer',
    scope: typeof tokens.scope === 'string' ? tokens.scope : stored.scope,
    profile: { ...profile, sub: claims.sub },
    expires_at: Number.isFinite(expiresIn) ? Math.floor(Date.now() / 1000) + expiresIn : undefined,
  };
  localStorage.setItem(settings.userKey, JSON.stringify(user));
  return { ...user, state: stored.data };
}
