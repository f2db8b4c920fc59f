import type { RouteEntry } from '../../platform/routes.ts';
import { purchasingLookupRoutes } from './purchasing-lookup.routes.ts';

export { lookupCarrierServices } from './purchasing-lookup.repository.ts';

/**
 * The pickers of the purchasing and sales screens: suppliers, products, warehouses and bins, carrier services, for
 * anyone holding a permission of a screen that uses them.
 */
export const purchasingLookupsRoutes: RouteEntry[] = purchasingLookupRoutes;
