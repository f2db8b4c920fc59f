import type {
  BundleTaskAssignInput,
  BundleTaskCancelInput,
  BundleTaskCompleteInput,
  BundleTaskInput,
  bundlesApi,
  EndpointQuery,
} from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef, resolveApiPath } from '../../../shared/lib/api.ts';
import { download } from '../../../shared/lib/http.ts';

type Api = typeof bundlesApi;

const endpoints = {
  list: endpointRef<Api['listBundleTasks']>('GET', '/api/bundle-tasks'),
  export: endpointRef<Api['exportBundleTasks']>('GET', '/api/bundle-tasks/export'),
  mine: endpointRef<Api['myBundleTasks']>('GET', '/api/bundle-tasks/mine'),
  bundles: endpointRef<Api['lookupBundles']>('GET', '/api/bundle-tasks/bundles'),
  assignees: endpointRef<Api['lookupAssignees']>('GET', '/api/bundle-tasks/assignees'),
  preview: endpointRef<Api['bundleAvailability']>('GET', '/api/bundle-tasks/availability'),
  get: endpointRef<Api['getBundleTask']>('GET', '/api/bundle-tasks/:id'),
  availability: endpointRef<Api['bundleTaskAvailability']>('GET', '/api/bundle-tasks/:id/availability'),
  create: endpointRef<Api['createBundleTask']>('POST', '/api/bundle-tasks'),
  assign: endpointRef<Api['assignBundleTask']>('POST', '/api/bundle-tasks/:id/assign'),
  start: endpointRef<Api['startBundleTask']>('POST', '/api/bundle-tasks/:id/start'),
  complete: endpointRef<Api['completeBundleTask']>('POST', '/api/bundle-tasks/:id/complete'),
  cancel: endpointRef<Api['cancelBundleTask']>('POST', '/api/bundle-tasks/:id/cancel'),
};

export type TaskListQuery = EndpointQuery<Api['listBundleTasks']>;
export type TaskFilter = EndpointQuery<Api['exportBundleTasks']>;
export type MyTaskQuery = EndpointQuery<Api['myBundleTasks']>;
export type PreviewQuery = EndpointQuery<Api['bundleAvailability']>;

/**
 * Tasks live under the stock key: completing one posts stock, so every stock screen (summary, list, a
 * product's ledger) is refreshed with the task lists.
 */
export const bundleKeys = {
  all: ['stock', 'bundles'] as const,
  list: (query: TaskListQuery) => ['stock', 'bundles', 'list', query] as const,
  mine: (query: MyTaskQuery) => ['stock', 'bundles', 'mine', query] as const,
  one: (id: string) => ['stock', 'bundles', 'one', id] as const,
  availability: (id: string, quantity: string) => ['stock', 'bundles', 'availability', id, quantity] as const,
  preview: (query: PreviewQuery) => ['stock', 'bundles', 'preview', query] as const,
  bundles: (q: string) => ['stock', 'bundles', 'lookup', q] as const,
  assignees: (q: string) => ['stock', 'bundles', 'assignees', q] as const,
};

export function useTasks(query: TaskListQuery) {
  return useQuery({
    queryKey: bundleKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMyTasks(query: MyTaskQuery) {
  return useQuery({
    queryKey: bundleKeys.mine(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.mine, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTask(id: string | undefined) {
  return useQuery({
    queryKey: bundleKeys.one(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(endpoints.get, { params: { id: id ?? '' } }, { signal }),
    enabled: !!id,
  });
}

/** The check before completing: per component needed, available and short, for `quantity` bundles. */
export function useTaskAvailability(id: string, quantity: string, enabled = true) {
  return useQuery({
    queryKey: bundleKeys.availability(id, quantity),
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.availability, { params: { id }, query: quantity ? { quantity } : {} }, { signal }),
    enabled: enabled && !!id,
    placeholderData: keepPreviousData,
  });
}

/** A bundle's recipe against a warehouse before a task exists. */
export function useAvailabilityPreview(query: PreviewQuery) {
  return useQuery({
    queryKey: bundleKeys.preview(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.preview, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBundleLookup(q: string) {
  return useQuery({
    queryKey: bundleKeys.bundles(q),
    queryFn: ({ signal }) => callEndpoint(endpoints.bundles, { query: { q } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAssigneeLookup(q: string, enabled = true) {
  return useQuery({
    queryKey: bundleKeys.assignees(q),
    queryFn: ({ signal }) => callEndpoint(endpoints.assignees, { query: { q } }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function exportTasks(filter: TaskFilter, fileName: string) {
  return download(resolveApiPath(endpoints.export.path), filter, fileName);
}

/** Every change refreshes the task lists and details; a completion also every stock figure. */
function useRefreshingMutation<V, R>(mutationFn: (variables: V) => Promise<R>, everyStockFigure = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: everyStockFigure ? ['stock'] : bundleKeys.all }),
  });
}

/** Creates a task; the Idempotency-Key makes a retried submission create it once. */
export function useCreateTask() {
  return useRefreshingMutation(({ body, idempotencyKey }: { body: BundleTaskInput; idempotencyKey: string }) =>
    callEndpoint(endpoints.create, { body }, { idempotencyKey }),
  );
}

export function useAssignTask() {
  return useRefreshingMutation(({ id, body }: { id: string; body: BundleTaskAssignInput }) =>
    callEndpoint(endpoints.assign, { params: { id }, body }),
  );
}

export function useStartTask() {
  return useRefreshingMutation((id: string) => callEndpoint(endpoints.start, { params: { id } }));
}

/** Posts the assembly of all or part of a task; the Idempotency-Key makes a retried submission post once. */
export function useCompleteTask() {
  return useRefreshingMutation(
    ({ id, body, idempotencyKey }: { id: string; body: BundleTaskCompleteInput; idempotencyKey: string }) =>
      callEndpoint(endpoints.complete, { params: { id }, body }, { idempotencyKey }),
    true,
  );
}

export function useCancelTask() {
  return useRefreshingMutation(({ id, body }: { id: string; body: BundleTaskCancelInput }) =>
    callEndpoint(endpoints.cancel, { params: { id }, body }),
  );
}
