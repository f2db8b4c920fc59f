import type { SalesUploadInput, SalesUploadRun } from '@backoffice/contracts';
import { salesInvoiceUploadsEndpoints as api } from '../../shared/api/endpoints/sales-invoice-uploads.gen.ts';
import { salesInvoicesEndpoints } from '../../shared/api/endpoints/sales-invoices.gen.ts';
import { invalidateEndpoint, useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';

/** How often a run under way is asked for its progress. */
const POLL_MS = 700;

const isActive = (run: SalesUploadRun | undefined) =>
  !!run && (run.status === 'QUEUED' || run.status === 'VALIDATING' || run.status === 'APPLYING');

/** Reads the stored file through the mapping: it changes nothing. */
export function usePreviewUpload() {
  return useEndpointMutation(api.previewSalesInvoiceUpload, {
    input: (body: SalesUploadInput) => ({ body }),
    invalidateOn: 'never',
  });
}

/** The key makes a repeated click start one run. */
export function useCommitUpload() {
  return useEndpointMutation(api.commitSalesInvoiceUpload, {
    input: ({ body, key }: { body: SalesUploadInput; key: string }) => ({ body, idempotencyKey: key }),
  });
}

/** One run, asked again every moment while it works, then left alone (the invoice list is stale then). */
export function useUploadRun(id: string | null) {
  return useEndpointQuery(
    api.getSalesInvoiceUpload,
    { params: { id: id ?? '' } },
    {
      enabled: id !== null,
      refetchInterval: (query) => (isActive(query.state.data) || !query.state.data ? POLL_MS : false),
      onFetched: (run, client) => {
        if (!isActive(run))
          void invalidateEndpoint(client, salesInvoicesEndpoints.createSalesInvoice, { cancelRefetch: false });
      },
    },
  );
}
