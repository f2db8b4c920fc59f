import { warehousesApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import * as locations from './location.service.ts';
import * as warehouses from './warehouse.service.ts';
import * as configs from './warehouse-config.service.ts';

export const warehouseRoutes: RouteEntry[] = [
  route(warehousesApi.listWarehouses, ({ query }, ctx) => warehouses.listWarehouses(ctx.db, query)),
  route(warehousesApi.exportWarehouses, ({ query }, ctx) => warehouses.exportWarehouses(ctx, query)),
  route(warehousesApi.getWarehouse, ({ params }, ctx) => warehouses.getWarehouse(ctx.db, params.id)),
  route(warehousesApi.createWarehouse, ({ body }, ctx) => warehouses.createWarehouse(ctx, body)),
  route(warehousesApi.updateWarehouse, ({ params, body }, ctx) => warehouses.updateWarehouse(ctx, params.id, body)),
  route(warehousesApi.deleteWarehouse, ({ params }, ctx) => warehouses.deleteWarehouse(ctx, params.id)),

  route(warehousesApi.listLocations, ({ params, query }, ctx) => locations.listLocations(ctx.db, params.id, query)),
  route(warehousesApi.exportLocations, ({ params, query }, ctx) => locations.exportLocations(ctx, params.id, query)),
  route(warehousesApi.createLocation, ({ params, body }, ctx) => locations.createLocation(ctx, params.id, body)),
  route(warehousesApi.createLocationRange, ({ params, body }, ctx) =>
    locations.createLocationRange(ctx, params.id, body),
  ),
  route(warehousesApi.updateLocation, ({ params, body }, ctx) =>
    locations.updateLocation(ctx, params.id, params.locationId, body),
  ),
  route(warehousesApi.deleteLocation, ({ params }, ctx) => locations.deleteLocation(ctx, params.id, params.locationId)),

  route(warehousesApi.listWarehouseConfigs, ({ query }, ctx) => configs.listWarehouseConfigs(ctx.db, query)),
  route(warehousesApi.exportWarehouseConfigs, ({ query }, ctx) => configs.exportWarehouseConfigs(ctx, query)),
  route(warehousesApi.getWarehouseConfig, ({ params }, ctx) => configs.getWarehouseConfig(ctx.db, params.id)),
  route(warehousesApi.updateWarehouseConfig, ({ params, body }, ctx) =>
    configs.updateWarehouseConfig(ctx, params.id, body),
  ),
];
