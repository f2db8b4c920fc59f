import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { SystemLogPage } from './system-logs/pages/system-log-page.tsx';

const routes = areaRoutes('log', [
  { path: 'system-log', titleKey: 'systemLogs', permissions: ['view_system_logs'], element: <SystemLogPage /> },
]);

/** The log area: the system log of changes. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
