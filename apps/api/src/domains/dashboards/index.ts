import type { RouteEntry } from '../../platform/routes.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import { biReportsRoutes } from './bi-reports.routes.ts';
import { homeRoutes } from './home.routes.ts';

export { rebuildFacts as rebuildAnalyticsFacts, registerAnalytics } from './analytics.facts.ts';
export { registerBiReportFrames } from './bi-report-frames.ts';

/**
 * Dashboards and analytics: the landing dashboard's figures, Analytics (sales, margin, returns, stock turn), and the
 * register of external BI reports (Management Dashboards). Read-only over the documents and the ledger, except the
 * register.
 */
export const dashboardsRoutes: RouteEntry[] = [...homeRoutes, ...biReportsRoutes, ...analyticsRoutes];
