import type { analyticsApi, EndpointQuery } from '@backoffice/contracts';
import { analyticsEndpoints as api } from '../../shared/api/endpoints/analytics.gen.ts';
import { downloadEndpoint, useEndpointQuery } from '../../shared/api/hooks.ts';

type Api = typeof analyticsApi;
export type AnalyticsFilter = EndpointQuery<Api['analyticsSummary']>;
export type AnalyticsBreakdownQuery = EndpointQuery<Api['analyticsBreakdown']>;
export type AnalyticsBreakdownFilter = EndpointQuery<Api['exportAnalyticsBreakdown']>;
export type AnalyticsTableFilter = EndpointQuery<Api['exportAnalyticsTable']>;

/** Analytics' figures of a range against the previous one, with its series, channels, ageing and top products. */
export function useAnalyticsSummary(filter: AnalyticsFilter) {
  return useEndpointQuery(api.analyticsSummary, { query: filter }, { keepPreviousData: true });
}

export function useAnalyticsBreakdown(query: AnalyticsBreakdownQuery) {
  return useEndpointQuery(api.analyticsBreakdown, { query }, { keepPreviousData: true });
}

export function exportAnalyticsBreakdown(filter: AnalyticsBreakdownFilter, fileName: string) {
  return downloadEndpoint(api.exportAnalyticsBreakdown, { query: filter }, fileName);
}

export function exportAnalyticsSeries(filter: AnalyticsFilter, fileName: string) {
  return downloadEndpoint(api.exportAnalyticsSeries, { query: filter }, fileName);
}

export function exportAnalyticsTable(filter: AnalyticsTableFilter, fileName: string) {
  return downloadEndpoint(api.exportAnalyticsTable, { query: filter }, fileName);
}
