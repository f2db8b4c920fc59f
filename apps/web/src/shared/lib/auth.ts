import type { RuntimeConfig } from '@backoffice/contracts';
import type { UserManager } from 'oidc-client-ts';
import { useSyncExternalStore } from 'react';
import { rootUrl } from './runtime-config.ts';
import { completeSignIn } from './sign-in-callback.ts';

/** Where the refresh token is kept (specification sections 3 and 4). */
export const REFRESH_TOKEN_KEY = 'keycloak-refresh-token';
/** A token with less than this many seconds left is refreshed before it is used (15 minutes). */
export const MIN_TOKEN_VALIDITY_SECONDS = 900;
/** One refresh at a time across all tabs: rotation revokes the grant when an old refresh token is reused. */
const REFRESH_LOCK = 'backoffice-token-refresh';
const LANDING_HASH = '#/dashboard/dashboard1';

/** `redirecting`: the page is on its way to the identity provider. */
export type AuthStatus = 'anonymous' | 'authenticated' | 'signed-out' | 'redirecting';

export interface SignedInProfile {
  id: string;
  name: string;
  email: string;
}

export interface AuthState {
  status: AuthStatus;
  profile: SignedInProfile | null;
}

/** Sign-in at the identity provider failed (an error answer, or a callback that cannot be matched). */
export class SignInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignInError';
  }
}

/**
 * What oidc-client-ts keeps in localStorage for the signed-in user. Read directly, so that a page
 * with a fresh token never loads the OIDC library: it is fetched only to talk to the provider.
 */
interface StoredUser {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_at?: number;
  profile: { sub?: string; name?: unknown; email?: unknown };
}

interface Settings {
  authority: string;
  clientId: string;
  checkLoginIframe: boolean;
}

let settings: Settings | undefined;
let managerPromise: Promise<UserManager> | undefined;
let state: AuthState = { status: 'anonymous', profile: null };
/** Set once the page is about to leave for the provider; storage events are then ignored. */
let leaving = false;
let loggingOut = false;
let localChain: Promise<unknown> = Promise.resolve();
const listeners = new Set<() => void>();

function setState(next: AuthState) {
  state = next;
  for (const listener of listeners) listener();
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState);
}

function currentSettings(): Settings {
  if (!settings) throw new Error('Sign-in is not initialised');
  return settings;
}

/** oidc-client-ts's key for the user: `oidc.` + `user:{authority}:{client_id}`. */
function userStoreKey(): string {
  const { authority, clientId } = currentSettings();
  return `oidc.user:${authority}:${clientId}`;
}

/** The user manager, loading oidc-client-ts on first use (authorization code with PKCE). */
function userManager(): Promise<UserManager> {
  const { authority, clientId, checkLoginIframe } = currentSettings();
  managerPromise ??= import('oidc-client-ts').then(
    ({ UserManager, WebStorageStateStore }) =>
      new UserManager({
        authority,
        client_id: clientId,
        redirect_uri: rootUrl(),
        post_logout_redirect_uri: rootUrl(),
        response_type: 'code',
        scope: 'openid profile email offline_access',
        userStore: new WebStorageStateStore({ store: window.localStorage }),
        // Refreshes are ours: before each request, coordinated across tabs.
        automaticSilentRenew: false,
        monitorSession: checkLoginIframe,
        loadUserInfo: false,
      }),
  );
  return managerPromise;
}

/** Loads the OIDC library while the browser is idle, so the first refresh does not wait for it. */
export function prefetchOidc() {
  // Sign-in states older than the library's limit are cleared as it would after a sign-in.
  const load = () =>
    void userManager()
      .then((um) => um.clearStaleState())
      .catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 5000 });
  else setTimeout(load, 2000);
}

function parseStoredUser(text: string | null): StoredUser | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || !('access_token' in value) || !('profile' in value)) return null;
    return value as StoredUser;
  } catch {
    return null;
  }
}

function storedUser(): StoredUser | null {
  return parseStoredUser(localStorage.getItem(userStoreKey()));
}

function secondsLeft(user: StoredUser): number {
  return user.expires_at === undefined ? 0 : user.expires_at - Date.now() / 1000;
}

function hasUsableToken(user: StoredUser | null, minValidity = 0): user is StoredUser {
  return !!user?.access_token && secondsLeft(user) > minValidity;
}

/** The `sub` of the profile, else of the access token (a refresh without an ID token keeps no profile). */
function subjectOf(user: StoredUser): string {
  if (user.profile?.sub) return user.profile.sub;
  try {
    const payload = user.access_token.split('.')[1] ?? '';
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (json && typeof json === 'object' && 'sub' in json && typeof json.sub === 'string') return json.sub;
  } catch {
    // Not a JWT: the subject stays unknown.
  }
  return '';
}

function profileOf(user: StoredUser): SignedInProfile {
  const claims = user.profile ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { id: subjectOf(user), name: text(claims.name), email: text(claims.email) };
}

function adopt(user: StoredUser) {
  if (user.refresh_token) localStorage.setItem(REFRESH_TOKEN_KEY, user.refresh_token);
  setState({ status: 'authenticated', profile: profileOf(user) });
}

/** Runs `task` while holding the cross-tab refresh lock (an in-tab queue where Web Locks are missing). */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  if (navigator.locks?.request) return navigator.locks.request(REFRESH_LOCK, task);
  const run = localChain.then(task, task);
  localChain = run.catch(() => undefined);
  return run;
}

/**
 * Refreshes the access token when it has less than `minValidity` seconds left.
 * Resolves true when this call refreshed it; false when not needed or on any error (no message).
 */
export async function updateToken(minValidity = MIN_TOKEN_VALIDITY_SECONDS): Promise<boolean> {
  try {
    const user = storedUser();
    if (!user || hasUsableToken(user, minValidity)) return false;
    return await withRefreshLock(async () => {
      // Another tab may have refreshed while this one waited: use its token rather than reuse an old refresh token.
      const stored = storedUser();
      if (!stored?.refresh_token) return false;
      if (hasUsableToken(stored, minValidity)) {
        adopt(stored);
        return false;
      }
      const renewed = await (await userManager()).signinSilent();
      if (!renewed) return false;
      adopt(renewed);
      return true;
    });
  } catch {
    return false;
  }
}

/** The access token to send, or null when signed out. Call updateToken first. */
export function getAccessToken(): string | null {
  if (!settings) return null;
  return storedUser()?.access_token || null;
}

/** Sends the browser to the identity provider's sign-in, coming back to `returnHash` afterwards. */
export async function login(returnHash = window.location.hash): Promise<never> {
  leaving = true;
  setState({ status: 'redirecting', profile: state.profile });
  await (await userManager()).signinRedirect({ state: { returnHash } });
  return new Promise<never>(() => undefined);
}

/**
 * Ends the session at the provider (RP-initiated logout with the ID token as hint) and forgets the
 * refresh token, which also signs out the other tabs through the `storage` event.
 */
export async function logout(): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  leaving = true;
  const user = storedUser();
  localStorage.removeItem(REFRESH_TOKEN_KEY);
  setState({ status: 'redirecting', profile: null });
  try {
    const um = await userManager();
    // Offline refresh tokens outlive the browser session at the provider, so revoke this one too.
    await um.revokeTokens(['refresh_token']).catch(() => undefined);
    await um.signoutRedirect({ id_token_hint: user?.id_token });
  } catch {
    localStorage.removeItem(userStoreKey());
    setState({ status: 'signed-out', profile: null });
  }
}

function isSigninCallback(): boolean {
  const query = new URLSearchParams(window.location.search);
  return query.has('state') && (query.has('code') || query.has('error'));
}

/**
 * The hash route the app will show once start-up is done: on the way back from sign-in, the one the
 * user set out for (read from the sign-in state oidc-client-ts keeps under `oidc.{state}` in
 * localStorage), otherwise the address's own. Used only to start loading that page's code early.
 */
export function routeAtStart(): string {
  if (!isSigninCallback()) return window.location.hash.startsWith('#/') ? window.location.hash : LANDING_HASH;
  try {
    const stored = localStorage.getItem(`oidc.${new URLSearchParams(window.location.search).get('state')}`);
    const data: unknown = stored ? JSON.parse(stored).data : null;
    return returnHashOf({ state: data });
  } catch {
    return LANDING_HASH;
  }
}

function returnHashOf(user: { state?: unknown }): string {
  const data = user.state;
  if (data && typeof data === 'object' && 'returnHash' in data && typeof data.returnHash === 'string') {
    const hash = data.returnHash;
    if (hash.startsWith('#/') && hash !== '#/') return hash;
  }
  return LANDING_HASH;
}

/** With only a stored refresh token (specification section 4), trade it for tokens; null when that fails. */
async function restoreFromRefreshToken(): Promise<StoredUser | null> {
  const { authority, clientId } = currentSettings();
  const um = await userManager();
  const { User } = await import('oidc-client-ts');
  try {
    return await withRefreshLock(async () => {
      const stored = storedUser();
      if (hasUsableToken(stored, MIN_TOKEN_VALIDITY_SECONDS)) return stored;
      const refreshToken = localStorage.getItem(REFRESH_TOKEN_KEY);
      if (!refreshToken) return null;
      await um.storeUser(
        new User({
          access_token: '',
          refresh_token: refreshToken,
          token_type: 'Bearer',
          profile: { sub: '', iss: authority, aud: clientId, exp: 0, iat: 0 },
          expires_at: 0,
        }),
      );
      return await um.signinSilent();
    });
  } catch {
    await um.removeUser().catch(() => undefined);
    return null;
  }
}

function handleStorage(event: StorageEvent) {
  if (event.storageArea !== localStorage || leaving || !settings) return;
  if (event.key !== userStoreKey() && event.key !== null) return;
  const user = parseStoredUser(event.newValue);
  if (!user) {
    // Another tab signed out (or storage was cleared): this tab is signed out too.
    if (state.status === 'authenticated') setState({ status: 'signed-out', profile: null });
    return;
  }
  const previous = state.profile?.id;
  const next = profileOf(user);
  // A different person signed in elsewhere: start again, so that permissions are theirs.
  if (previous && next.id && previous !== next.id) {
    window.location.reload();
    return;
  }
  // A token refreshed by another tab.
  if (state.status === 'authenticated' && user.access_token) adopt(user);
}

/**
 * Start-up (specification section 4): finish a sign-in callback, else use the stored user, else the
 * stored refresh token; when none works, sign in (login-required) or stay anonymous (check-sso).
 */
export async function initAuth(config: RuntimeConfig): Promise<AuthState> {
  const idp = config.identityProvider;
  settings = {
    authority: `${idp.serverUrl.replace(/\/+$/, '')}/realms/${idp.realm}`,
    clientId: idp.clientId,
    checkLoginIframe: idp.checkLoginIframe,
  };
  window.addEventListener('storage', handleStorage);

  let user: StoredUser | null = null;
  if (isSigninCallback()) {
    let signedIn: StoredUser & { state?: unknown };
    try {
      signedIn = await completeSignIn(window.location.search, {
        authority: settings.authority,
        clientId: settings.clientId,
        userKey: userStoreKey(),
      });
    } catch (error) {
      window.history.replaceState(null, '', `${window.location.pathname}${LANDING_HASH}`);
      throw new SignInError(error instanceof Error ? error.message : String(error));
    }
    window.history.replaceState(null, '', `${window.location.pathname}${returnHashOf(signedIn)}`);
    user = signedIn;
  } else {
    user = storedUser();
    if (!user && localStorage.getItem(REFRESH_TOKEN_KEY)) {
      user = await restoreFromRefreshToken();
    } else if (user && !hasUsableToken(user, MIN_TOKEN_VALIDITY_SECONDS)) {
      await updateToken(MIN_TOKEN_VALIDITY_SECONDS);
      user = storedUser();
    }
  }

  if (!hasUsableToken(user)) {
    if (idp.loginOnLoad === 'login-required') await login();
    setState({ status: 'anonymous', profile: null });
    return state;
  }
  adopt(user);
  return state;
}
