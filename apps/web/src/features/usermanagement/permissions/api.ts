import type { usersApi } from '@backoffice/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpointRef } from '../../../shared/lib/api.ts';

const listPermissions = endpointRef<typeof usersApi.listPermissions>('GET', '/api/permissions');

export const permissionKeys = {
  all: ['permissions'] as const,
  list: (q: string) => ['permissions', 'list', q] as const,
};

/** The permission catalogue, searched by name. */
export function usePermissionCatalogue(q: string) {
  return useQuery({
    queryKey: permissionKeys.list(q),
    queryFn: ({ signal }) => callEndpoint(listPermissions, { query: q ? { q } : {} }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
