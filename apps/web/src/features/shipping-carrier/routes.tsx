import { AreaRoutes, areaRoutes } from '../../shared/ui/area-routes.tsx';

const routes = areaRoutes('shipping-carrier');

/** The shipping-carrier area: its menu entries, each under its real route, title and permission; screens come later. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
