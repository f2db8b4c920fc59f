import type { usersApi } from '@backoffice/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint, endpointRef } from './api.ts';

const me = endpointRef<typeof usersApi.me>('GET', '/api/me');

export const meQueryKey = ['me'] as const;

/** The signed-in user as the product knows them: name, e-mail, permissions, where passwords live. */
export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: () => callEndpoint(me, {}), staleTime: 5 * 60_000 });
}
