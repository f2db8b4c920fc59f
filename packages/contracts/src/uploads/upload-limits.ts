/**
 * Specification section 9: upload max 10 MB; images, pdf, .xlsx and .docx. Plain constants in a module of
 * their own, so that the web app can take them without the upload endpoints' zod schemas.
 */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_ACCEPT = 'image/*,application/pdf,.xlsx,.docx';
