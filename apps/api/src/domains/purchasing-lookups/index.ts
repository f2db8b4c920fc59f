import type { RouteEntry } from '../../platform/routes.ts';
import { purchasingLookupRoutes } from './purchasing-lookup.routes.ts';

/** The purchasing screens' pickers: suppliers, products, warehouses and bins, for any purchasing permission. */
export const purchasingLookupsRoutes: RouteEntry[] = purchasingLookupRoutes;
