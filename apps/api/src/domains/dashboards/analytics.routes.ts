import { analyticsApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import * as analytics from './analytics.service.ts';

const api = analyticsApi;

/** Analytics (/dashboard/management-dashboard): every route under powerbi_dashboard_view, read-only. */
export const analyticsRoutes: RouteEntry[] = [
  route(api.analyticsSummary, ({ query }, ctx) => analytics.analyticsSummary(ctx.db, query)),
  route(api.analyticsBreakdown, ({ query }, ctx) => analytics.analyticsBreakdown(ctx.db, query)),
  route(api.exportAnalyticsBreakdown, ({ query }, ctx) => analytics.exportAnalyticsBreakdown(ctx, query)),
  route(api.exportAnalyticsSeries, ({ query }, ctx) => analytics.exportAnalyticsSeries(ctx, query)),
];
