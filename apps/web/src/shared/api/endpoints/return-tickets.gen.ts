// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `returnTicketsApi`: method, path and, for a change, the resources it makes stale. */
export const returnTicketsEndpoints = {
  listReturnTickets: endpointRef<typeof contracts.returnTicketsApi.listReturnTickets>('GET', '/api/return-tickets'),
  exportReturnTickets: endpointRef<typeof contracts.returnTicketsApi.exportReturnTickets>(
    'GET',
    '/api/return-tickets/export',
  ),
  shippedInvoices: endpointRef<typeof contracts.returnTicketsApi.shippedInvoices>(
    'GET',
    '/api/return-tickets/invoices',
  ),
  returnableInvoice: endpointRef<typeof contracts.returnTicketsApi.returnableInvoice>(
    'GET',
    '/api/return-tickets/invoices/:id',
  ),
  getReturnTicket: endpointRef<typeof contracts.returnTicketsApi.getReturnTicket>('GET', '/api/return-tickets/:id'),
  createReturnTicket: endpointRef<typeof contracts.returnTicketsApi.createReturnTicket>('POST', '/api/return-tickets', [
    '/api/return-tickets',
  ]),
  updateReturnTicket: endpointRef<typeof contracts.returnTicketsApi.updateReturnTicket>(
    'PUT',
    '/api/return-tickets/:id',
    ['/api/return-tickets'],
  ),
  receiveReturnTicket: endpointRef<typeof contracts.returnTicketsApi.receiveReturnTicket>(
    'POST',
    '/api/return-tickets/:id/receive',
    [
      '/api/return-tickets',
      '/api/inventory',
      '/api/manual-stock',
      '/api/stock',
      '/api/inventory-transfers',
      '/api/bundle-tasks',
      '/api/reports',
      '/api/warehouse-reports',
      '/api/credit-notes',
    ],
  ),
  inspectReturnTicket: endpointRef<typeof contracts.returnTicketsApi.inspectReturnTicket>(
    'POST',
    '/api/return-tickets/:id/inspect',
    [
      '/api/return-tickets',
      '/api/inventory',
      '/api/manual-stock',
      '/api/stock',
      '/api/inventory-transfers',
      '/api/bundle-tasks',
      '/api/reports',
      '/api/warehouse-reports',
    ],
  ),
  closeReturnTicket: endpointRef<typeof contracts.returnTicketsApi.closeReturnTicket>(
    'POST',
    '/api/return-tickets/:id/close',
    ['/api/return-tickets'],
  ),
  cancelReturnTicket: endpointRef<typeof contracts.returnTicketsApi.cancelReturnTicket>(
    'POST',
    '/api/return-tickets/:id/cancel',
    ['/api/return-tickets'],
  ),
  returnTicketPdf: endpointRef<typeof contracts.returnTicketsApi.returnTicketPdf>('GET', '/api/return-tickets/:id/pdf'),
};
