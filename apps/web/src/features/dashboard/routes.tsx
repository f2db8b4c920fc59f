import { lazy, Suspense } from 'react';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { DashboardPage } from './pages/dashboard-page.tsx';

// The landing page comes with the area; Analytics and Management Dashboards (report page, forms, date pickers) are
// chunks of their own, so the first screen after sign-in does not wait for them.
const AnalyticsPage = lazy(() => import('./pages/analytics-page.tsx').then((m) => ({ default: m.AnalyticsPage })));
const ManageDashboardsPage = lazy(() =>
  import('./pages/manage-dashboards-page.tsx').then((m) => ({ default: m.ManageDashboardsPage })),
);

const routes = areaRoutes('dashboard', [
  { path: 'dashboard1', titleKey: 'dashboard', element: <DashboardPage /> },
  {
    path: 'management-dashboard',
    titleKey: 'analytics',
    permissions: ['powerbi_dashboard_view'],
    element: (
      <Suspense fallback={<Spinner />}>
        <AnalyticsPage />
      </Suspense>
    ),
  },
  {
    path: 'manage-dashboard',
    titleKey: 'managementDashboards',
    permissions: ['powerbi_dashboard_flow'],
    element: (
      <Suspense fallback={<Spinner />}>
        <ManageDashboardsPage />
      </Suspense>
    ),
  },
]);

/** The dashboard area: the landing page, Analytics and Management Dashboards (the BI report register). */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
