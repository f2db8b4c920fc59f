import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';

const routes = areaRoutes('pages');

/** The full pages area: open to every signed-in user without a permission check; no screens yet. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
