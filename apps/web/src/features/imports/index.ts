/** Bulk uploads: one page for every import kind (products, inventory). */
export { BulkUploadPage } from './bulk-upload-page.tsx';
