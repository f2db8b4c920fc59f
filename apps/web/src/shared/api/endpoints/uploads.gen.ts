// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `uploadsApi`: method, path and, for a change, the resources it makes stale. */
export const uploadsEndpoints = {
  upload: endpointRef<typeof contracts.uploadsApi.upload>('POST', '/api/upload/uploadFile', ['/api/upload']),
  remove: endpointRef<typeof contracts.uploadsApi.remove>('GET', '/api/upload/removeFile', ['/api/upload']),
  download: endpointRef<typeof contracts.uploadsApi.download>('GET', '/api/upload/files/:fileName'),
};
