import type { EndpointQuery, RoleInput, usersApi } from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef } from '../../../shared/lib/api.ts';
import { userKeys } from '../users/keys.ts';

const endpoints = {
  list: endpointRef<typeof usersApi.listRoles>('GET', '/api/roles'),
  create: endpointRef<typeof usersApi.createRole>('POST', '/api/roles'),
  update: endpointRef<typeof usersApi.updateRole>('PUT', '/api/roles/:id'),
  remove: endpointRef<typeof usersApi.deleteRole>('DELETE', '/api/roles/:id'),
};

export type RoleListQuery = EndpointQuery<typeof usersApi.listRoles>;

export const roleKeys = {
  all: ['roles'] as const,
  list: (query: RoleListQuery) => ['roles', 'list', query] as const,
};

export function useRoles(query: RoleListQuery, enabled = true) {
  return useQuery({
    queryKey: roleKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every role (bounded: a back office has tens of roles), for pickers and filters. */
export function useAllRoles(enabled = true) {
  return useRoles({ page: 1, pageSize: 200, sort: 'name' }, enabled);
}

/** Creates a role; the Idempotency-Key makes a retried submission create it once. Invalidates role lists. */
export function useCreateRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: RoleInput; idempotencyKey: string }) =>
      callEndpoint(endpoints.create, { body }, { idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

/** Updates a role. Invalidates role lists and users (who show their roles' names). */
export function useUpdateRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RoleInput }) =>
      callEndpoint(endpoints.update, { params: { id }, body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: roleKeys.all }),
        client.invalidateQueries({ queryKey: userKeys.all }),
      ]),
  });
}

/** Deletes a role no user holds. Invalidates role lists. */
export function useDeleteRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(endpoints.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
