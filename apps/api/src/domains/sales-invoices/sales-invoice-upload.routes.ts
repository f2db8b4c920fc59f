import { salesInvoiceUploadsApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { importFileEntity } from '../imports/index.ts';
import { ATTACHMENT_READERS } from '../uploads/index.ts';
import { commitUpload, getUploadRun, previewUpload } from './sales-invoice-upload.ts';

/** Those who may see sales invoices may download the files uploaded as them. */
ATTACHMENT_READERS[importFileEntity('sales_invoices')] = 'view_sales_invoice';

export const salesInvoiceUploadRoutes: RouteEntry[] = [
  route(salesInvoiceUploadsApi.previewSalesInvoiceUpload, ({ body }, ctx) => previewUpload(ctx, body)),
  route(salesInvoiceUploadsApi.commitSalesInvoiceUpload, ({ body }, ctx) => commitUpload(ctx, body)),
  route(salesInvoiceUploadsApi.getSalesInvoiceUpload, ({ params }, ctx) => getUploadRun(ctx.db, params.id)),
];
