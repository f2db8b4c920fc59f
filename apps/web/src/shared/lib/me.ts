import { useQuery } from '@tanstack/react-query';
import { endpointKey } from '../api/descriptor.ts';
import { usersEndpoints } from '../api/endpoints/users.gen.ts';
import { callEndpoint } from './api.ts';

// The hooks of shared/api sit above this layer, so this one read is written out, under the same key.
export const meQueryKey = endpointKey(usersEndpoints.me);

/** The signed-in user as the product knows them: name, e-mail, permissions, where passwords live. */
export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => callEndpoint(usersEndpoints.me, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}
