import type { RouteEntry } from '../../platform/routes.ts';
import { carriersRoutes as routes } from './carrier.routes.ts';

/** Shipping carriers with their services and tracking URL template. */
export const carriersRoutes: RouteEntry[] = routes;
