// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `channelSyncApi`: method, path and, for a change, the resources it makes stale. */
export const channelSyncEndpoints = {
  channelState: endpointRef<typeof contracts.channelSyncApi.channelState>('GET', '/api/channel-sync/state'),
  runNow: endpointRef<typeof contracts.channelSyncApi.runNow>('POST', '/api/channel-accounts/:id/run', [
    '/api/channel-accounts',
    '/api/channel-sync',
    '/api/channel-messages',
    '/api/channel-stock',
  ]),
  listChannelMessages: endpointRef<typeof contracts.channelSyncApi.listChannelMessages>('GET', '/api/channel-messages'),
  retryChannelMessage: endpointRef<typeof contracts.channelSyncApi.retryChannelMessage>(
    'POST',
    '/api/channel-messages/:id/retry',
    ['/api/channel-messages', '/api/channel-sync'],
  ),
  listChannelStock: endpointRef<typeof contracts.channelSyncApi.listChannelStock>('GET', '/api/channel-stock'),
};
