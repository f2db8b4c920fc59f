import type { EndpointQuery, UserUpdate, usersApi } from '@backoffice/contracts';
import { usersEndpoints as api } from '../../../shared/api/endpoints/users.gen.ts';
import { useEndpointMutation } from '../../../shared/api/hooks.ts';

export type UserListQuery = EndpointQuery<typeof usersApi.listUsers>;

// The user lookup (the system log's user filter uses it too).
export { useUsers } from '../../../lookups/api.ts';

/** Creates a user (Idempotency-Key per submission); roles are refreshed too (their user counts). */
export function useCreateUser() {
  return useEndpointMutation(api.createUser);
}

/** Changes a user; roles are refreshed too (their user counts). */
export function useUpdateUser() {
  return useEndpointMutation(api.updateUser, {
    input: ({ id, body }: { id: string; body: UserUpdate }) => ({ params: { id }, body }),
  });
}

/** Sets a user's password (embedded sign-in only); users are refreshed (hasPassword). */
export function useSetUserPassword() {
  return useEndpointMutation(api.setUserPassword, {
    input: ({ id, password }: { id: string; password: string }) => ({ params: { id }, body: { password } }),
  });
}
