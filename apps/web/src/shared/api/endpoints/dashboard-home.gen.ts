// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `dashboardHomeApi`: method, path and, for a change, the resources it makes stale. */
export const dashboardHomeEndpoints = {
  dashboardSummary: endpointRef<typeof contracts.dashboardHomeApi.dashboardSummary>('GET', '/api/dashboard/summary'),
};
