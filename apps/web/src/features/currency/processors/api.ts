import type { EndpointQuery, ProcessorInput, processorsApi } from '@backoffice/contracts';
import { processorsEndpoints as api } from '../../../shared/api/endpoints/processors.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';

export type ProcessorListQuery = EndpointQuery<typeof processorsApi.listProcessors>;
export type ProcessorFilter = EndpointQuery<typeof processorsApi.exportProcessors>;

// Processors hold currencies (a currency in use stays active): their descriptors refresh both.

export function useProcessors(query: ProcessorListQuery) {
  return useEndpointQuery(api.listProcessors, { query }, { keepPreviousData: true });
}

/** Downloads the processors of a filter (every page) as .xlsx. */
export function exportProcessors(filter: ProcessorFilter, fileName: string) {
  return downloadEndpoint(api.exportProcessors, { query: filter }, fileName);
}

/** Creates a processor; the Idempotency-Key makes a retried submission create it once. */
export function useCreateProcessor() {
  return useEndpointMutation(api.createProcessor);
}

export function useUpdateProcessor() {
  return useEndpointMutation(api.updateProcessor, {
    input: ({ id, body }: { id: string; body: ProcessorInput }) => ({ params: { id }, body }),
  });
}

/** Deletes a processor nothing uses (the server answers 409 IN_USE otherwise). */
export function useDeleteProcessor() {
  return useEndpointMutation(api.deleteProcessor, { input: (id: string) => ({ params: { id } }) });
}
