import type { EndpointQuery, ProcessorInput, processorsApi } from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef, resolveApiPath } from '../../../shared/lib/api.ts';
import { download } from '../../../shared/lib/http.ts';

const endpoints = {
  list: endpointRef<typeof processorsApi.listProcessors>('GET', '/api/processors'),
  export: endpointRef<typeof processorsApi.exportProcessors>('GET', '/api/processors/export'),
  create: endpointRef<typeof processorsApi.createProcessor>('POST', '/api/processors'),
  update: endpointRef<typeof processorsApi.updateProcessor>('PUT', '/api/processors/:id'),
  remove: endpointRef<typeof processorsApi.deleteProcessor>('DELETE', '/api/processors/:id'),
};

export type ProcessorListQuery = EndpointQuery<typeof processorsApi.listProcessors>;
export type ProcessorFilter = EndpointQuery<typeof processorsApi.exportProcessors>;

/** Processors hold currencies (a currency in use stays active), so changes refresh both. */
export const processorKeys = {
  all: ['processors'] as const,
  list: (query: ProcessorListQuery) => ['processors', 'list', query] as const,
};

export function useProcessors(query: ProcessorListQuery) {
  return useQuery({
    queryKey: processorKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the processors of a filter (every page) as .xlsx. */
export function exportProcessors(filter: ProcessorFilter, fileName: string) {
  return download(resolveApiPath(endpoints.export.path), filter, fileName);
}

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: processorKeys.all }),
      client.invalidateQueries({ queryKey: ['currencies'] }),
    ]);
}

/** Creates a processor; the Idempotency-Key makes a retried submission create it once. */
export function useCreateProcessor() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ProcessorInput; idempotencyKey: string }) =>
      callEndpoint(endpoints.create, { body }, { idempotencyKey }),
    onSuccess: invalidate,
  });
}

export function useUpdateProcessor() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProcessorInput }) =>
      callEndpoint(endpoints.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** Deletes a processor nothing uses (the server answers 409 IN_USE otherwise). */
export function useDeleteProcessor() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(endpoints.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}
