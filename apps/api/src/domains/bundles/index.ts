import type { RouteEntry } from '../../platform/routes.ts';
import { bundleRoutes } from './bundles.routes.ts';

/** Bundling: tasks that assemble bundles from their components, assigned to warehouse users (My Tasks). */
export const bundlesRoutes: RouteEntry[] = bundleRoutes;
