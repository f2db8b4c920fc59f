import type { EndpointDef, EndpointResponse } from '@backoffice/contracts';
import {
  type InvalidateOptions,
  keepPreviousData as keepPrevious,
  type QueryClient,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type CallInput, callEndpoint, endpointUrl } from '../lib/api.ts';
import { download } from '../lib/http.ts';
import { type EndpointRef, endpointKey, invalidationKeys } from './descriptor.ts';

/** A read's options: TanStack's, less what the descriptor decides (key, function). */
export interface EndpointQueryOptions<E extends EndpointDef, TData = EndpointResponse<E>>
  extends Omit<UseQueryOptions<EndpointResponse<E>, Error, TData>, 'queryKey' | 'queryFn' | 'placeholderData'> {
  /** Keeps showing the previous answer while another page, filter or sort loads (lists). */
  keepPreviousData?: boolean;
  /** Runs after each answer, inside the fetch: e.g. a background run that has finished refreshes what it changed. */
  onFetched?: (data: EndpointResponse<E>, client: QueryClient) => void;
}

/**
 * The key and the function of a read, for TanStack's `fetchQuery`, `prefetchQuery` or `useQuery`: code
 * that reads outside a component shares the cache of the screens that read the same endpoint and input.
 */
export function endpointQueryOptions<E extends EndpointDef>(ref: EndpointRef<E>, input: CallInput<E>) {
  return {
    queryKey: endpointKey(ref, input),
    queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(ref, input, { signal }),
  };
}

/** Reads an endpoint: the key is the descriptor's path and the input, the request is cancelled with the query. */
export function useEndpointQuery<E extends EndpointDef, TData = EndpointResponse<E>>(
  ref: EndpointRef<E>,
  input: CallInput<E>,
  options: EndpointQueryOptions<E, TData> = {},
): UseQueryResult<TData, Error> {
  const client = useQueryClient();
  const { keepPreviousData, onFetched, ...rest } = options;
  const { queryKey, queryFn } = endpointQueryOptions(ref, input);
  return useQuery({
    ...rest,
    queryKey,
    queryFn: async (context) => {
      const data = await queryFn(context);
      onFetched?.(data, client);
      return data;
    },
    ...(keepPreviousData ? { placeholderData: keepPrevious } : {}),
  });
}

/** Required where the contract says the endpoint honours the key, optional where it may, else refused. */
type IdempotencyPart<E extends EndpointDef> = E extends { idempotent: true }
  ? { readonly idempotencyKey: string }
  : E extends { idempotent: boolean }
    ? { readonly idempotencyKey?: string }
    : { readonly idempotencyKey?: undefined };

/**
 * What a change sends: its parameters, query and body, and for an endpoint that honours it (a create)
 * the Idempotency-Key, one per submission (`useSubmissionKey`), so a retry is answered once.
 */
export type MutationInput<E extends EndpointDef> = CallInput<E> & IdempotencyPart<E>;

/** When a change refreshes what its descriptor names. */
export type InvalidateOn = 'success' | 'settled' | 'never';

export interface EndpointMutationOptions<E extends EndpointDef, V>
  extends Omit<UseMutationOptions<EndpointResponse<E>, Error, V>, 'mutationFn'> {
  /** Maps the hook's own variables onto the call; without it the variables are the call's input. */
  input?: (variables: V) => MutationInput<E>;
  /**
   * 'success' (default); 'settled' also after a refusal, where a conflict means someone else changed the
   * record meanwhile; 'never' when the caller puts the answer in the cache itself.
   */
  invalidateOn?: InvalidateOn;
}

/** Refreshes every query a successful call of `ref` makes stale (its resource and those it names). */
export function invalidateEndpoint(
  client: QueryClient,
  ref: Pick<EndpointRef, 'invalidates'>,
  options?: InvalidateOptions,
): Promise<void> {
  return Promise.all(invalidationKeys(ref).map((queryKey) => client.invalidateQueries({ queryKey }, options))).then(
    () => undefined,
  );
}

/** Refreshes every query of one endpoint (any input), and nothing under longer paths. */
export function invalidateQueriesOf(client: QueryClient, ref: Pick<EndpointRef, 'path'>): Promise<void> {
  return client.invalidateQueries({ queryKey: endpointKey(ref) });
}

/**
 * Changes data through an endpoint, then refreshes what its descriptor says the change touches before
 * the mutation counts as done (so a list shows the change when the drawer closes).
 */
export function useEndpointMutation<E extends EndpointDef, V>(
  ref: EndpointRef<E>,
  options: EndpointMutationOptions<E, V> & { input: (variables: V) => MutationInput<E> },
): UseMutationResult<EndpointResponse<E>, Error, V>;
export function useEndpointMutation<E extends EndpointDef>(
  ref: EndpointRef<E>,
  options?: EndpointMutationOptions<E, MutationInput<E>>,
): UseMutationResult<EndpointResponse<E>, Error, MutationInput<E>>;
export function useEndpointMutation<E extends EndpointDef, V>(
  ref: EndpointRef<E>,
  options: EndpointMutationOptions<E, V> = {},
): UseMutationResult<EndpointResponse<E>, Error, V> {
  const client = useQueryClient();
  const { input, invalidateOn = 'success', onSuccess, onSettled, ...rest } = options;
  return useMutation({
    ...rest,
    mutationFn: (variables: V) => {
      // Without `input` the overloads make the variables the call's input.
      const call = input ? input(variables) : (variables as MutationInput<E>);
      return callEndpoint(ref, call, call.idempotencyKey ? { idempotencyKey: call.idempotencyKey } : undefined);
    },
    onSuccess: async (...args) => {
      if (invalidateOn === 'success') await invalidateEndpoint(client, ref);
      await onSuccess?.(...args);
    },
    onSettled: async (...args) => {
      if (invalidateOn === 'settled') await invalidateEndpoint(client, ref);
      await onSettled?.(...args);
    },
  });
}

/** What a download sends: the path parameters and the filter, as typed by the contract. */
export type DownloadInput<E extends EndpointDef> = Omit<CallInput<E>, 'body'>;

/**
 * Downloads what an endpoint answers (an .xlsx export, a template, a file of problems) under the rules
 * of every call, saved as the server names it, else `fileName`.
 */
export function downloadEndpoint<E extends EndpointDef>(
  ref: EndpointRef<E>,
  input: DownloadInput<E>,
  fileName: string,
): Promise<void> {
  const { params, query } = input as { params?: object; query?: object };
  return download(endpointUrl(ref, params), query, fileName);
}
