import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { SystemConfigurationPage } from './system-configuration/system-configuration-page.tsx';

const routes = areaRoutes('configuration', [
  {
    path: 'system-configuration',
    titleKey: 'systemConfig',
    permissions: ['view_system_configuration'],
    element: <SystemConfigurationPage />,
  },
]);

/** The configuration area: the system configuration. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
