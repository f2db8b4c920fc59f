import { usersEndpoints as api } from '../../../shared/api/endpoints/users.gen.ts';
import { useEndpointQuery } from '../../../shared/api/hooks.ts';

/** The permission catalogue, searched by name. */
export function usePermissionCatalogue(q: string) {
  return useEndpointQuery(
    api.listPermissions,
    { query: q ? { q } : {} },
    { keepPreviousData: true, staleTime: 5 * 60_000 },
  );
}
