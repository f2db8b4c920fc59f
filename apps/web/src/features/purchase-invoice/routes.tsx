import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';

const routes = areaRoutes('purchase-invoice');

/** The purchase-invoice area: its menu entries, each under its real route, title and permission; screens come later. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
