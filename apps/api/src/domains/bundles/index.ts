import type { RouteEntry } from '../../platform/routes.ts';
import { bundleRoutes } from './bundles.routes.ts';

export { bundleTaskReferences } from './bundle-task.references.ts';

/** Bundling: tasks that assemble bundles from their components, assigned to warehouse users (My Tasks). */
export const bundlesRoutes: RouteEntry[] = bundleRoutes;
