import type {
  EndpointQuery,
  ReturnTicketCancelInput,
  ReturnTicketInspectInput,
  ReturnTicketUpdateInput,
  returnTicketsApi,
} from '@backoffice/contracts';
import { customersEndpoints } from '../../shared/api/endpoints/customers.gen.ts';
import { returnTicketsEndpoints as api } from '../../shared/api/endpoints/return-tickets.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';
import { contractPath } from '../../shared/lib/api.ts';

type Api = typeof returnTicketsApi;

export type ReturnTicketListQuery = EndpointQuery<Api['listReturnTickets']>;
export type ReturnTicketFilter = EndpointQuery<Api['exportReturnTickets']>;

export function useReturnTickets(query: ReturnTicketListQuery) {
  return useEndpointQuery(api.listReturnTickets, { query }, { keepPreviousData: true });
}

/** Downloads the tickets of a filter (every page, one row per line) as .xlsx. */
export function exportReturnTickets(filter: ReturnTicketFilter, fileName: string) {
  return downloadEndpoint(api.exportReturnTickets, { query: filter }, fileName);
}

export function useReturnTicket(id: string | undefined) {
  return useEndpointQuery(api.getReturnTicket, { params: { id: id ?? '' } }, { enabled: !!id });
}

/** Shipped invoices matching the text (number, external order id, customer). */
export function useShippedInvoices(q: string) {
  return useEndpointQuery(api.shippedInvoices, { query: { q } }, { keepPreviousData: true });
}

/** A shipped invoice's products with what can still come back; nothing while `id` is empty. */
export function useReturnableInvoice(id: string | null | undefined) {
  return useEndpointQuery(api.returnableInvoice, { params: { id: id ?? '' } }, { enabled: !!id });
}

/** Active customers by name, for the manual return's picker. */
export function useCustomerChoices(q: string) {
  return useEndpointQuery(
    customersEndpoints.listCustomers,
    { query: { page: 1, pageSize: 30, sort: 'name', active: 'true', ...(q ? { q } : {}) } },
    { keepPreviousData: true },
  );
}

/** Creates an OPEN ticket; the Idempotency-Key makes a retried submission create one ticket. */
export function useCreateReturnTicket() {
  return useEndpointMutation(api.createReturnTicket);
}

export function useUpdateReturnTicket() {
  return useEndpointMutation(api.updateReturnTicket, {
    input: ({ id, body }: { id: string; body: ReturnTicketUpdateInput }) => ({ params: { id }, body }),
  });
}

/** Receiving and inspecting post stock: every stock figure is refreshed after them, also after a refusal. */
export function useReceiveReturnTicket() {
  return useEndpointMutation(api.receiveReturnTicket, {
    input: (id: string) => ({ params: { id } }),
    invalidateOn: 'settled',
  });
}

export function useInspectReturnTicket() {
  return useEndpointMutation(api.inspectReturnTicket, {
    input: ({ id, body }: { id: string; body: ReturnTicketInspectInput }) => ({ params: { id }, body }),
    invalidateOn: 'settled',
  });
}

export function useCloseReturnTicket() {
  return useEndpointMutation(api.closeReturnTicket, { input: (id: string) => ({ params: { id } }) });
}

export function useCancelReturnTicket() {
  return useEndpointMutation(api.cancelReturnTicket, {
    input: ({ id, body }: { id: string; body: ReturnTicketCancelInput }) => ({ params: { id }, body }),
  });
}

/** The contract path of a ticket's printout, for the document's print button. */
export function returnTicketPdfPath(id: string) {
  return contractPath(api.returnTicketPdf, { id });
}
