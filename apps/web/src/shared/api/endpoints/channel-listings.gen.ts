// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `channelListingsApi`: method, path and, for a change, the resources it makes stale. */
export const channelListingsEndpoints = {
  listChannelListings: endpointRef<typeof contracts.channelListingsApi.listChannelListings>(
    'GET',
    '/api/channel-listings',
  ),
  createChannelListing: endpointRef<typeof contracts.channelListingsApi.createChannelListing>(
    'POST',
    '/api/channel-listings',
    ['/api/channel-listings', '/api/channel-unmapped-skus', '/api/channel-stock', '/api/channel-sync'],
  ),
  updateChannelListing: endpointRef<typeof contracts.channelListingsApi.updateChannelListing>(
    'PUT',
    '/api/channel-listings/:id',
    ['/api/channel-listings', '/api/channel-unmapped-skus', '/api/channel-stock', '/api/channel-sync'],
  ),
  deleteChannelListing: endpointRef<typeof contracts.channelListingsApi.deleteChannelListing>(
    'DELETE',
    '/api/channel-listings/:id',
    ['/api/channel-listings', '/api/channel-unmapped-skus', '/api/channel-stock', '/api/channel-sync'],
  ),
  listUnmappedSkus: endpointRef<typeof contracts.channelListingsApi.listUnmappedSkus>(
    'GET',
    '/api/channel-unmapped-skus',
  ),
};
