// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `notificationsApi`: method, path and, for a change, the resources it makes stale. */
export const notificationsEndpoints = {
  activity: endpointRef<typeof contracts.notificationsApi.activity>('GET', '/api/me/activity'),
  markActivitySeen: endpointRef<typeof contracts.notificationsApi.markActivitySeen>('PUT', '/api/me/activity/seen', [
    '/api/me',
  ]),
  preferences: endpointRef<typeof contracts.notificationsApi.preferences>('GET', '/api/me/preferences'),
  updatePreferences: endpointRef<typeof contracts.notificationsApi.updatePreferences>('PUT', '/api/me/preferences', [
    '/api/me',
  ]),
};
