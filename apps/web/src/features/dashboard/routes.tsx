import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { DashboardPage } from './pages/dashboard-page.tsx';

const routes = areaRoutes('dashboard', [{ path: 'dashboard1', titleKey: 'dashboard', element: <DashboardPage /> }]);

/** The dashboard area: the landing page; analytics and management dashboards come later. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
