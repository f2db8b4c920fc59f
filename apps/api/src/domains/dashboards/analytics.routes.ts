import { analyticsApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { requestCheckpoints } from '../stock/index.ts';
import * as analytics from './analytics.service.ts';

const api = analyticsApi;

/** Analytics (/dashboard/management-dashboard): every route under powerbi_dashboard_view, read-only. */
export const analyticsRoutes: RouteEntry[] = [
  route(api.analyticsSummary, async ({ query }, ctx) => {
    // Stock turn values stock as at the range's ends from the month-start checkpoints: a month begun since the last
    // one gets its checkpoint from a job; the answer is exact from those there are and does not wait for it.
    await requestCheckpoints(ctx.request.server, ctx.db);
    return analytics.analyticsSummary(ctx.db, query);
  }),
  route(api.analyticsBreakdown, ({ query }, ctx) => analytics.analyticsBreakdown(ctx.db, query)),
  route(api.exportAnalyticsBreakdown, ({ query }, ctx) => analytics.exportAnalyticsBreakdown(ctx, query)),
  route(api.exportAnalyticsTable, ({ query }, ctx) => analytics.exportAnalyticsTable(ctx, query)),
  route(api.exportAnalyticsSeries, ({ query }, ctx) => analytics.exportAnalyticsSeries(ctx, query)),
];
