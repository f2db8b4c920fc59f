/** Upload Excel (sales invoices from an .xlsx through a saved mapping). */
export { SalesInvoiceUploadPage } from './sales-invoice-upload-page.tsx';
