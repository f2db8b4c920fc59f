// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `channelStockFilesApi`: method, path and, for a change, the resources it makes stale. */
export const channelStockFilesEndpoints = {
  listStockFiles: endpointRef<typeof contracts.channelStockFilesApi.listStockFiles>(
    'GET',
    '/api/channel-accounts/:id/stock-files',
  ),
  downloadStockFile: endpointRef<typeof contracts.channelStockFilesApi.downloadStockFile>(
    'GET',
    '/api/channel-accounts/:id/stock-files/:fileId',
  ),
};
