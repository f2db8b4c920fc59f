// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `platformApi`: method, path and, for a change, the resources it makes stale. */
export const platformEndpoints = {
  health: endpointRef<typeof contracts.platformApi.health>('GET', '/api/health'),
  ready: endpointRef<typeof contracts.platformApi.ready>('GET', '/api/ready'),
  config: endpointRef<typeof contracts.platformApi.config>('GET', '/api/config'),
};
