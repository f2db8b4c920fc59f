import type { RuntimeConfig } from '@backoffice/contracts';
import { usersEndpoints } from '../api/endpoints/users.gen.ts';
import { callEndpoint } from './api.ts';
import { type AuthState, getAuthState, initAuth, logout } from './auth.ts';
import { registerPermissions } from './permissions.tsx';

/**
 * Signs in (or finds the session), then loads the user's permissions from the user-management
 * service for the inventory scope. A failed permission fetch signs the user out (specification section 4).
 */
export async function startSession(config: RuntimeConfig): Promise<AuthState> {
  const auth = await initAuth(config);
  if (auth.status !== 'authenticated' || !auth.profile) return auth;
  try {
    const answer = await callEndpoint(
      usersEndpoints.userPermissions,
      { params: { userId: auth.profile.id } },
      { base: config.userManagementServiceUrl },
    );
    registerPermissions(answer.perm.map((p) => p.name));
  } catch {
    await logout();
    return getAuthState();
  }
  return auth;
}
