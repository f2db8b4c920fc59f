import { usersEndpoints as api } from '../../shared/api/endpoints/users.gen.ts';
import { useEndpointQuery } from '../../shared/api/hooks.ts';

/** The roles of the signed-in user; readable only with view_user (the profile carries no roles). */
export function useOwnRoles(userId: string | undefined, canRead: boolean) {
  return useEndpointQuery(api.getUser, { params: { id: userId ?? '' } }, { enabled: canRead && !!userId });
}
