import type { EndpointQuery, RoleInput, usersApi } from '@backoffice/contracts';
import { usersEndpoints as api } from '../../../shared/api/endpoints/users.gen.ts';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';

export type RoleListQuery = EndpointQuery<typeof usersApi.listRoles>;

export function useRoles(query: RoleListQuery, enabled = true) {
  return useEndpointQuery(api.listRoles, { query }, { keepPreviousData: true, enabled });
}

/** Every role (bounded: a back office has tens of roles), for pickers and filters. */
export function useAllRoles(enabled = true) {
  return useRoles({ page: 1, pageSize: 200, sort: 'name' }, enabled);
}

/** Creates a role; the Idempotency-Key makes a retried submission create it once. */
export function useCreateRole() {
  return useEndpointMutation(api.createRole);
}

/** Updates a role; users are refreshed too (they show their roles' names). */
export function useUpdateRole() {
  return useEndpointMutation(api.updateRole, {
    input: ({ id, body }: { id: string; body: RoleInput }) => ({ params: { id }, body }),
  });
}

/** Deletes a role no user holds. */
export function useDeleteRole() {
  return useEndpointMutation(api.deleteRole, { input: (id: string) => ({ params: { id } }) });
}
