// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `salesInvoiceUploadsApi`: method, path and, for a change, the resources it makes stale. */
export const salesInvoiceUploadsEndpoints = {
  previewSalesInvoiceUpload: endpointRef<typeof contracts.salesInvoiceUploadsApi.previewSalesInvoiceUpload>(
    'POST',
    '/api/sales-invoice-uploads/preview',
    ['/api/sales-invoice-uploads'],
  ),
  commitSalesInvoiceUpload: endpointRef<typeof contracts.salesInvoiceUploadsApi.commitSalesInvoiceUpload>(
    'POST',
    '/api/sales-invoice-uploads',
    ['/api/sales-invoice-uploads'],
  ),
  getSalesInvoiceUpload: endpointRef<typeof contracts.salesInvoiceUploadsApi.getSalesInvoiceUpload>(
    'GET',
    '/api/sales-invoice-uploads/:id',
  ),
};
