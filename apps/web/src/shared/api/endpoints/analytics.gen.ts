// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `analyticsApi`: method, path and, for a change, the resources it makes stale. */
export const analyticsEndpoints = {
  analyticsSummary: endpointRef<typeof contracts.analyticsApi.analyticsSummary>('GET', '/api/analytics/summary'),
  analyticsBreakdown: endpointRef<typeof contracts.analyticsApi.analyticsBreakdown>('GET', '/api/analytics/breakdown'),
  exportAnalyticsBreakdown: endpointRef<typeof contracts.analyticsApi.exportAnalyticsBreakdown>(
    'GET',
    '/api/analytics/breakdown/export',
  ),
  exportAnalyticsTable: endpointRef<typeof contracts.analyticsApi.exportAnalyticsTable>(
    'GET',
    '/api/analytics/tables/export',
  ),
  exportAnalyticsSeries: endpointRef<typeof contracts.analyticsApi.exportAnalyticsSeries>(
    'GET',
    '/api/analytics/series/export',
  ),
};
