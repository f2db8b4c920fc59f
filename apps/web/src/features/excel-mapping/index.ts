// What the upload pages use of the mappings: field labels, header matching and sending the file.
export { uploadImportFile } from './api.ts';
export { resolveHeader, sameHeader, useFieldLabel } from './labels.ts';
