/** Bulk uploads: one page for every import kind (products, inventory). */
export { BulkUploadPage } from './bulk-upload-page.tsx';
// The upload flow itself, for pages that offer an upload of their own records (Api Config → Listings).
export { RunPanel, type RunSource } from './run-panel.tsx';
export { type UploadSetup, UploadWizard } from './upload-wizard.tsx';
