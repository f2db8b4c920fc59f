// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `creditNotesApi`: method, path and, for a change, the resources it makes stale. */
export const creditNotesEndpoints = {
  listCreditNotes: endpointRef<typeof contracts.creditNotesApi.listCreditNotes>('GET', '/api/credit-notes'),
  exportCreditNotes: endpointRef<typeof contracts.creditNotesApi.exportCreditNotes>('GET', '/api/credit-notes/export'),
  creditSources: endpointRef<typeof contracts.creditNotesApi.creditSources>('GET', '/api/credit-notes/sources'),
  creditableInvoice: endpointRef<typeof contracts.creditNotesApi.creditableInvoice>(
    'GET',
    '/api/credit-notes/invoices/:id',
  ),
  creditableReturnTicket: endpointRef<typeof contracts.creditNotesApi.creditableReturnTicket>(
    'GET',
    '/api/credit-notes/return-tickets/:id',
  ),
  getCreditNote: endpointRef<typeof contracts.creditNotesApi.getCreditNote>('GET', '/api/credit-notes/:id'),
  createCreditNote: endpointRef<typeof contracts.creditNotesApi.createCreditNote>('POST', '/api/credit-notes', [
    '/api/credit-notes',
  ]),
  approveCreditNote: endpointRef<typeof contracts.creditNotesApi.approveCreditNote>(
    'POST',
    '/api/credit-notes/:id/approve',
    ['/api/credit-notes'],
  ),
  cancelCreditNote: endpointRef<typeof contracts.creditNotesApi.cancelCreditNote>(
    'POST',
    '/api/credit-notes/:id/cancel',
    ['/api/credit-notes'],
  ),
  creditNotePdf: endpointRef<typeof contracts.creditNotesApi.creditNotePdf>('GET', '/api/credit-notes/:id/pdf'),
};
