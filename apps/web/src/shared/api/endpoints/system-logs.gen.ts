// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `systemLogsApi`: method, path and, for a change, the resources it makes stale. */
export const systemLogsEndpoints = {
  list: endpointRef<typeof contracts.systemLogsApi.list>('GET', '/api/system-logs'),
  mine: endpointRef<typeof contracts.systemLogsApi.mine>('GET', '/api/system-logs/mine'),
  facets: endpointRef<typeof contracts.systemLogsApi.facets>('GET', '/api/system-logs/facets'),
};
