import type { BiReportInput, biReportsApi, EndpointQuery } from '@backoffice/contracts';
import { biReportsEndpoints as api } from '../../../shared/api/endpoints/bi-reports.gen.ts';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';

export type BiReportListQuery = EndpointQuery<typeof biReportsApi.listBiReports>;

export function useBiReports(query: BiReportListQuery) {
  return useEndpointQuery(api.listBiReports, { query }, { keepPreviousData: true });
}

/** The roles a report may be shown to (readable with powerbi_dashboard_flow alone). */
export function useBiReportRoles(enabled = true) {
  return useEndpointQuery(api.biReportRoles, {}, { enabled, staleTime: 60_000 });
}

/** The active reports the signed-in user may see on Analytics. */
export function useVisibleBiReports() {
  return useEndpointQuery(api.visibleBiReports, {});
}

/** Registers a report; the Idempotency-Key makes a retried submission register it once. */
export function useCreateBiReport() {
  return useEndpointMutation(api.createBiReport);
}

export function useUpdateBiReport() {
  return useEndpointMutation(api.updateBiReport, {
    input: ({ id, body }: { id: string; body: BiReportInput }) => ({ params: { id }, body }),
  });
}

export function useDeleteBiReport() {
  return useEndpointMutation(api.deleteBiReport, { input: (id: string) => ({ params: { id } }) });
}
