import type { SystemLogQuery } from '@backoffice/contracts';
import { systemLogsEndpoints as api } from '../../../shared/api/endpoints/system-logs.gen.ts';
import { useEndpointQuery } from '../../../shared/api/hooks.ts';

/** Log rows, newest first unless sorted by `at`. */
export function useSystemLogs(query: SystemLogQuery) {
  return useEndpointQuery(api.list, { query }, { keepPreviousData: true });
}

/** The entities and actions found in the log, for the filters. */
export function useSystemLogFacets() {
  return useEndpointQuery(api.facets, {}, { staleTime: 60_000 });
}
