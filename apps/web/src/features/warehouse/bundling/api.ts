import type {
  BundleTaskAssignInput,
  BundleTaskCancelInput,
  BundleTaskCompleteInput,
  bundlesApi,
  EndpointQuery,
} from '@backoffice/contracts';
import { bundlesEndpoints as api } from '../../../shared/api/endpoints/bundles.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';
import { contractPath } from '../../../shared/lib/api.ts';

type Api = typeof bundlesApi;

export type TaskListQuery = EndpointQuery<Api['listBundleTasks']>;
export type TaskFilter = EndpointQuery<Api['exportBundleTasks']>;
export type MyTaskQuery = EndpointQuery<Api['myBundleTasks']>;
export type PreviewQuery = EndpointQuery<Api['bundleAvailability']>;

// Every change refreshes the task lists and details; a completion posts stock, so its descriptor also
// names every stock figure (summary, list, a product's ledger).

export function useTasks(query: TaskListQuery) {
  return useEndpointQuery(api.listBundleTasks, { query }, { keepPreviousData: true });
}

export function useMyTasks(query: MyTaskQuery) {
  return useEndpointQuery(api.myBundleTasks, { query }, { keepPreviousData: true });
}

export function useTask(id: string | undefined) {
  return useEndpointQuery(api.getBundleTask, { params: { id: id ?? '' } }, { enabled: !!id });
}

/** The check before completing: per component needed, available and short, for `quantity` bundles. */
export function useTaskAvailability(id: string, quantity: string, enabled = true) {
  return useEndpointQuery(
    api.bundleTaskAvailability,
    { params: { id }, query: quantity ? { quantity } : {} },
    { enabled: enabled && !!id, keepPreviousData: true },
  );
}

/** A bundle's recipe against a warehouse before a task exists. */
export function useAvailabilityPreview(query: PreviewQuery) {
  return useEndpointQuery(api.bundleAvailability, { query }, { keepPreviousData: true });
}

export function useBundleLookup(q: string) {
  return useEndpointQuery(api.lookupBundles, { query: { q } }, { keepPreviousData: true });
}

export function useAssigneeLookup(q: string, enabled = true) {
  return useEndpointQuery(api.lookupAssignees, { query: { q } }, { keepPreviousData: true, enabled });
}

export function exportTasks(filter: TaskFilter, fileName: string) {
  return downloadEndpoint(api.exportBundleTasks, { query: filter }, fileName);
}

/** Creates a task; the Idempotency-Key makes a retried submission create it once. */
export function useCreateTask() {
  return useEndpointMutation(api.createBundleTask);
}

export function useAssignTask() {
  return useEndpointMutation(api.assignBundleTask, {
    input: ({ id, body }: { id: string; body: BundleTaskAssignInput }) => ({ params: { id }, body }),
  });
}

export function useStartTask() {
  return useEndpointMutation(api.startBundleTask, { input: (id: string) => ({ params: { id } }) });
}

/** Posts the assembly of all or part of a task; the Idempotency-Key makes a retried submission post once. */
export function useCompleteTask() {
  return useEndpointMutation(api.completeBundleTask, {
    input: ({ id, body, idempotencyKey }: { id: string; body: BundleTaskCompleteInput; idempotencyKey: string }) => ({
      params: { id },
      body,
      idempotencyKey,
    }),
  });
}

export function useCancelTask() {
  return useEndpointMutation(api.cancelBundleTask, {
    input: ({ id, body }: { id: string; body: BundleTaskCancelInput }) => ({ params: { id }, body }),
  });
}

/** The contract path of a task's printout, for the document's print button. */
export function bundleTaskPdfPath(id: string) {
  return contractPath(api.bundleTaskPdf, { id });
}
