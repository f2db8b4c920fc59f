import type { SystemLogQuery, systemLogsApi } from '@backoffice/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpointRef } from '../../../shared/lib/api.ts';

const endpoints = {
  list: endpointRef<typeof systemLogsApi.list>('GET', '/api/system-logs'),
  facets: endpointRef<typeof systemLogsApi.facets>('GET', '/api/system-logs/facets'),
};

export const systemLogKeys = {
  all: ['system-logs'] as const,
  list: (query: SystemLogQuery) => ['system-logs', 'list', query] as const,
  facets: ['system-logs', 'facets'] as const,
};

/** Log rows, newest first unless sorted by `at`. */
export function useSystemLogs(query: SystemLogQuery) {
  return useQuery({
    queryKey: systemLogKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The entities and actions found in the log, for the filters. */
export function useSystemLogFacets() {
  return useQuery({
    queryKey: systemLogKeys.facets,
    queryFn: ({ signal }) => callEndpoint(endpoints.facets, {}, { signal }),
    staleTime: 60_000,
  });
}
