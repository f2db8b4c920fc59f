// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `consignmentInvoicesApi`: method, path and, for a change, the resources it makes stale. */
export const consignmentInvoicesEndpoints = {
  consignmentSuppliers: endpointRef<typeof contracts.consignmentInvoicesApi.consignmentSuppliers>(
    'GET',
    '/api/consignment-invoices/suppliers',
  ),
  consignmentOwed: endpointRef<typeof contracts.consignmentInvoicesApi.consignmentOwed>(
    'GET',
    '/api/consignment-invoices/owed',
  ),
  readConsignmentSheet: endpointRef<typeof contracts.consignmentInvoicesApi.readConsignmentSheet>(
    'POST',
    '/api/consignment-invoices/sheet',
    ['/api/consignment-invoices', '/api/purchase-invoices'],
  ),
  checkConsignmentInvoice: endpointRef<typeof contracts.consignmentInvoicesApi.checkConsignmentInvoice>(
    'POST',
    '/api/consignment-invoices/check',
    ['/api/consignment-invoices', '/api/purchase-invoices'],
  ),
  createConsignmentInvoice: endpointRef<typeof contracts.consignmentInvoicesApi.createConsignmentInvoice>(
    'POST',
    '/api/consignment-invoices',
    ['/api/consignment-invoices', '/api/purchase-invoices'],
  ),
  getConsignmentInvoice: endpointRef<typeof contracts.consignmentInvoicesApi.getConsignmentInvoice>(
    'GET',
    '/api/consignment-invoices/:id',
  ),
  bookConsignmentInvoice: endpointRef<typeof contracts.consignmentInvoicesApi.bookConsignmentInvoice>(
    'POST',
    '/api/consignment-invoices/:id/book',
    ['/api/consignment-invoices', '/api/purchase-invoices'],
  ),
  cancelConsignmentInvoice: endpointRef<typeof contracts.consignmentInvoicesApi.cancelConsignmentInvoice>(
    'POST',
    '/api/consignment-invoices/:id/cancel',
    ['/api/consignment-invoices', '/api/purchase-invoices'],
  ),
};
