import type { RouteEntry } from '../../platform/routes.ts';
import { warehouseRoutes } from './warehouse.routes.ts';

export { LOCATION_REFERENCES } from './location.references.ts';
export { WAREHOUSE_REFERENCES } from './warehouse.references.ts';
export { getWarehouse } from './warehouse.service.ts';
export { getWarehouseConfig, maxReceivableQuantity } from './warehouse-config.service.ts';

/** Warehouses with their bins and advanced configuration. */
export const warehousesRoutes: RouteEntry[] = warehouseRoutes;
