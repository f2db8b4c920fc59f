import type { RouteEntry } from '../../platform/routes.ts';

/**
 * Dashboards and analytics: the landing dashboard's figures, Analytics (sales, margin, returns, stock turn), and the
 * register of external BI reports (Management Dashboards). Read-only over the documents and the ledger, except the
 * register.
 */
export const dashboardsRoutes: RouteEntry[] = [];
