import type { EndpointQuery, UserInput, UserUpdate, usersApi } from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef } from '../../../shared/lib/api.ts';
import { roleKeys } from '../roles/api.ts';
import { userKeys } from './keys.ts';

const endpoints = {
  list: endpointRef<typeof usersApi.listUsers>('GET', '/api/users'),
  create: endpointRef<typeof usersApi.createUser>('POST', '/api/users'),
  update: endpointRef<typeof usersApi.updateUser>('PUT', '/api/users/:id'),
  setPassword: endpointRef<typeof usersApi.setUserPassword>('POST', '/api/users/:id/password'),
};

export type UserListQuery = EndpointQuery<typeof usersApi.listUsers>;

export { userKeys };

export function useUsers(query: UserListQuery, enabled = true) {
  return useQuery({
    queryKey: [...userKeys.all, 'list', query],
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Creates a user (Idempotency-Key per submission). Invalidates users and roles (user counts). */
export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: UserInput; idempotencyKey: string }) =>
      callEndpoint(endpoints.create, { body }, { idempotencyKey }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: userKeys.all }),
        client.invalidateQueries({ queryKey: roleKeys.all }),
      ]),
  });
}

/** Changes a user. Invalidates users and roles (user counts). */
export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UserUpdate }) =>
      callEndpoint(endpoints.update, { params: { id }, body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: userKeys.all }),
        client.invalidateQueries({ queryKey: roleKeys.all }),
      ]),
  });
}

/** Sets a user's password (embedded sign-in only). Invalidates users (hasPassword). */
export function useSetUserPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      callEndpoint(endpoints.setPassword, { params: { id }, body: { password } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}
