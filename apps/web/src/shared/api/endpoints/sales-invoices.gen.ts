// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `salesInvoicesApi`: method, path and, for a change, the resources it makes stale. */
export const salesInvoicesEndpoints = {
  listSalesInvoices: endpointRef<typeof contracts.salesInvoicesApi.listSalesInvoices>('GET', '/api/sales-invoices'),
  exportSalesInvoices: endpointRef<typeof contracts.salesInvoicesApi.exportSalesInvoices>(
    'GET',
    '/api/sales-invoices/export',
  ),
  salesAvailability: endpointRef<typeof contracts.salesInvoicesApi.salesAvailability>(
    'GET',
    '/api/sales-invoices/availability',
  ),
  salesChannelSettings: endpointRef<typeof contracts.salesInvoicesApi.salesChannelSettings>(
    'GET',
    '/api/sales-invoices/channel-settings',
  ),
  updateSalesChannelSettings: endpointRef<typeof contracts.salesInvoicesApi.updateSalesChannelSettings>(
    'PUT',
    '/api/sales-invoices/channel-settings',
    ['/api/sales-invoices', '/api/reports', '/api/dashboard'],
  ),
  getSalesInvoice: endpointRef<typeof contracts.salesInvoicesApi.getSalesInvoice>('GET', '/api/sales-invoices/:id'),
  createSalesInvoice: endpointRef<typeof contracts.salesInvoicesApi.createSalesInvoice>('POST', '/api/sales-invoices', [
    '/api/sales-invoices',
    '/api/inventory',
    '/api/manual-stock',
    '/api/stock',
    '/api/inventory-transfers',
    '/api/bundle-tasks',
    '/api/reports',
    '/api/warehouse-reports',
    '/api/customers',
  ]),
  updateSalesInvoice: endpointRef<typeof contracts.salesInvoicesApi.updateSalesInvoice>(
    'PUT',
    '/api/sales-invoices/:id',
    ['/api/sales-invoices'],
  ),
  bookSalesInvoice: endpointRef<typeof contracts.salesInvoicesApi.bookSalesInvoice>(
    'POST',
    '/api/sales-invoices/:id/book',
    [
      '/api/sales-invoices',
      '/api/inventory',
      '/api/manual-stock',
      '/api/stock',
      '/api/inventory-transfers',
      '/api/bundle-tasks',
      '/api/reports',
      '/api/warehouse-reports',
    ],
  ),
  cancelSalesInvoice: endpointRef<typeof contracts.salesInvoicesApi.cancelSalesInvoice>(
    'POST',
    '/api/sales-invoices/:id/cancel',
    [
      '/api/sales-invoices',
      '/api/inventory',
      '/api/manual-stock',
      '/api/stock',
      '/api/inventory-transfers',
      '/api/bundle-tasks',
      '/api/reports',
      '/api/warehouse-reports',
    ],
  ),
  salesInvoicePackingSlip: endpointRef<typeof contracts.salesInvoicesApi.salesInvoicePackingSlip>(
    'GET',
    '/api/sales-invoices/:id/packing-slip',
  ),
  salesInvoicePdf: endpointRef<typeof contracts.salesInvoicesApi.salesInvoicePdf>('GET', '/api/sales-invoices/:id/pdf'),
};
