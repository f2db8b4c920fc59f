// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `channelAccountsApi`: method, path and, for a change, the resources it makes stale. */
export const channelAccountsEndpoints = {
  listChannelAccounts: endpointRef<typeof contracts.channelAccountsApi.listChannelAccounts>(
    'GET',
    '/api/channel-accounts',
  ),
  getChannelAccount: endpointRef<typeof contracts.channelAccountsApi.getChannelAccount>(
    'GET',
    '/api/channel-accounts/:id',
  ),
  createChannelAccount: endpointRef<typeof contracts.channelAccountsApi.createChannelAccount>(
    'POST',
    '/api/channel-accounts',
    ['/api/channel-accounts', '/api/channel-sync', '/api/channel-messages', '/api/channel-stock'],
  ),
  updateChannelAccount: endpointRef<typeof contracts.channelAccountsApi.updateChannelAccount>(
    'PUT',
    '/api/channel-accounts/:id',
    ['/api/channel-accounts', '/api/channel-sync', '/api/channel-messages', '/api/channel-stock'],
  ),
  deleteChannelAccount: endpointRef<typeof contracts.channelAccountsApi.deleteChannelAccount>(
    'DELETE',
    '/api/channel-accounts/:id',
    ['/api/channel-accounts', '/api/channel-sync', '/api/channel-messages', '/api/channel-stock'],
  ),
  testChannelAccount: endpointRef<typeof contracts.channelAccountsApi.testChannelAccount>(
    'POST',
    '/api/channel-accounts/:id/test',
    ['/api/channel-accounts', '/api/channel-sync', '/api/channel-messages', '/api/channel-stock'],
  ),
};
