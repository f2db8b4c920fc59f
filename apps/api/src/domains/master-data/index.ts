import type { RouteEntry } from '../../platform/routes.ts';
import { brandsRoutes } from './brands/brand.routes.ts';
import { costCentersRoutes } from './cost-centers/cost-center.routes.ts';

/** Master data: brands and cost centres (more to come: warehouses, carriers, currencies…). */
export const masterDataRoutes: RouteEntry[] = [...brandsRoutes, ...costCentersRoutes];
