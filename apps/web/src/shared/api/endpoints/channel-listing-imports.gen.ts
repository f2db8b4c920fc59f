// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `channelListingImportsApi`: method, path and, for a change, the resources it makes stale. */
export const channelListingImportsEndpoints = {
  createChannelListingImport: endpointRef<typeof contracts.channelListingImportsApi.createChannelListingImport>(
    'POST',
    '/api/channel-listing-imports',
    ['/api/channel-listing-imports'],
  ),
  listChannelListingImports: endpointRef<typeof contracts.channelListingImportsApi.listChannelListingImports>(
    'GET',
    '/api/channel-listing-imports',
  ),
  channelListingImportTemplate: endpointRef<typeof contracts.channelListingImportsApi.channelListingImportTemplate>(
    'GET',
    '/api/channel-listing-imports/template',
  ),
  getChannelListingImport: endpointRef<typeof contracts.channelListingImportsApi.getChannelListingImport>(
    'GET',
    '/api/channel-listing-imports/:id',
  ),
  channelListingImportErrors: endpointRef<typeof contracts.channelListingImportsApi.channelListingImportErrors>(
    'GET',
    '/api/channel-listing-imports/:id/errors',
  ),
};
