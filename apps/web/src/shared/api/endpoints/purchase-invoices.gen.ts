// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `purchaseInvoicesApi`: method, path and, for a change, the resources it makes stale. */
export const purchaseInvoicesEndpoints = {
  listPurchaseInvoices: endpointRef<typeof contracts.purchaseInvoicesApi.listPurchaseInvoices>(
    'GET',
    '/api/purchase-invoices',
  ),
  exportPurchaseInvoices: endpointRef<typeof contracts.purchaseInvoicesApi.exportPurchaseInvoices>(
    'GET',
    '/api/purchase-invoices/export',
  ),
  invoicableOrderLines: endpointRef<typeof contracts.purchaseInvoicesApi.invoicableOrderLines>(
    'GET',
    '/api/purchase-invoices/invoicable-lines',
  ),
  purchaseInvoiceTolerances: endpointRef<typeof contracts.purchaseInvoicesApi.purchaseInvoiceTolerances>(
    'GET',
    '/api/purchase-invoices/tolerances',
  ),
  setPurchaseInvoiceTolerances: endpointRef<typeof contracts.purchaseInvoicesApi.setPurchaseInvoiceTolerances>(
    'PUT',
    '/api/purchase-invoices/tolerances',
    ['/api/purchase-invoices'],
  ),
  getPurchaseInvoice: endpointRef<typeof contracts.purchaseInvoicesApi.getPurchaseInvoice>(
    'GET',
    '/api/purchase-invoices/:id',
  ),
  chargeableReceipts: endpointRef<typeof contracts.purchaseInvoicesApi.chargeableReceipts>(
    'GET',
    '/api/purchase-invoices/chargeable-receipts',
  ),
  previewPurchaseInvoiceCharge: endpointRef<typeof contracts.purchaseInvoicesApi.previewPurchaseInvoiceCharge>(
    'POST',
    '/api/purchase-invoices/charge-preview',
    ['/api/purchase-invoices'],
  ),
  createPurchaseInvoice: endpointRef<typeof contracts.purchaseInvoicesApi.createPurchaseInvoice>(
    'POST',
    '/api/purchase-invoices',
    ['/api/purchase-invoices'],
  ),
  bookPurchaseInvoice: endpointRef<typeof contracts.purchaseInvoicesApi.bookPurchaseInvoice>(
    'POST',
    '/api/purchase-invoices/:id/book',
    ['/api/purchase-invoices', '/api/consignment-invoices'],
  ),
  cancelPurchaseInvoice: endpointRef<typeof contracts.purchaseInvoicesApi.cancelPurchaseInvoice>(
    'POST',
    '/api/purchase-invoices/:id/cancel',
    ['/api/purchase-invoices', '/api/consignment-invoices'],
  ),
  purchaseInvoiceSheetMappings: endpointRef<typeof contracts.purchaseInvoicesApi.purchaseInvoiceSheetMappings>(
    'GET',
    '/api/purchase-invoices/sheet-mappings',
  ),
  readPurchaseInvoiceSheet: endpointRef<typeof contracts.purchaseInvoicesApi.readPurchaseInvoiceSheet>(
    'POST',
    '/api/purchase-invoices/sheet-lines',
    ['/api/purchase-invoices'],
  ),
  purchaseInvoicePdf: endpointRef<typeof contracts.purchaseInvoicesApi.purchaseInvoicePdf>(
    'GET',
    '/api/purchase-invoices/:id/pdf',
  ),
};
