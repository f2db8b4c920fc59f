import type {
  CreditNoteApproveInput,
  CreditNoteCancelInput,
  creditNotesApi,
  EndpointQuery,
} from '@backoffice/contracts';
import { creditNotesEndpoints as api } from '../../shared/api/endpoints/credit-notes.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';
import { contractPath } from '../../shared/lib/api.ts';

type Api = typeof creditNotesApi;

export type CreditNoteListQuery = EndpointQuery<Api['listCreditNotes']>;
export type CreditNoteFilter = EndpointQuery<Api['exportCreditNotes']>;

export function useCreditNotes(query: CreditNoteListQuery) {
  return useEndpointQuery(api.listCreditNotes, { query }, { keepPreviousData: true });
}

/** Downloads the credit notes of a filter (every page, one row per line) as .xlsx. */
export function exportCreditNotes(filter: CreditNoteFilter, fileName: string) {
  return downloadEndpoint(api.exportCreditNotes, { query: filter }, fileName);
}

export function useCreditNote(id: string | undefined) {
  return useEndpointQuery(api.getCreditNote, { params: { id: id ?? '' } }, { enabled: !!id });
}

/** Shipped invoices and received return tickets matching the text (number, external order id, customer). */
export function useCreditSources(q: string) {
  return useEndpointQuery(api.creditSources, { query: { q } }, { keepPreviousData: true });
}

/** A shipped invoice with what can still be credited; nothing while `id` is empty. */
export function useCreditableInvoice(id: string | null | undefined) {
  return useEndpointQuery(api.creditableInvoice, { params: { id: id ?? '' } }, { enabled: !!id });
}

/** A received return ticket's invoice with the ticket's units proposed; nothing while `id` is empty. */
export function useCreditableReturnTicket(id: string | null | undefined) {
  return useEndpointQuery(api.creditableReturnTicket, { params: { id: id ?? '' } }, { enabled: !!id });
}

/** Creates a DRAFT credit note; the Idempotency-Key makes a retried submission create one. */
export function useCreateCreditNote() {
  return useEndpointMutation(api.createCreditNote);
}

export function useApproveCreditNote() {
  return useEndpointMutation(api.approveCreditNote, {
    input: ({ id, body }: { id: string; body: CreditNoteApproveInput }) => ({ params: { id }, body }),
  });
}

export function useCancelCreditNote() {
  return useEndpointMutation(api.cancelCreditNote, {
    input: ({ id, body }: { id: string; body: CreditNoteCancelInput }) => ({ params: { id }, body }),
  });
}

/** The contract path of a credit note's printout, for the document's print button. */
export function creditNotePdfPath(id: string) {
  return contractPath(api.creditNotePdf, { id });
}
