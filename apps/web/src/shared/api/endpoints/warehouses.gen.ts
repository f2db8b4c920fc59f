// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `warehousesApi`: method, path and, for a change, the resources it makes stale. */
export const warehousesEndpoints = {
  listWarehouses: endpointRef<typeof contracts.warehousesApi.listWarehouses>('GET', '/api/warehouses'),
  exportWarehouses: endpointRef<typeof contracts.warehousesApi.exportWarehouses>('GET', '/api/warehouses/export'),
  getWarehouse: endpointRef<typeof contracts.warehousesApi.getWarehouse>('GET', '/api/warehouses/:id'),
  createWarehouse: endpointRef<typeof contracts.warehousesApi.createWarehouse>('POST', '/api/warehouses', [
    '/api/warehouses',
    '/api/warehouse-configs',
    '/api/purchasing-lookups',
  ]),
  updateWarehouse: endpointRef<typeof contracts.warehousesApi.updateWarehouse>('PUT', '/api/warehouses/:id', [
    '/api/warehouses',
    '/api/warehouse-configs',
    '/api/purchasing-lookups',
  ]),
  deleteWarehouse: endpointRef<typeof contracts.warehousesApi.deleteWarehouse>('DELETE', '/api/warehouses/:id', [
    '/api/warehouses',
    '/api/warehouse-configs',
    '/api/purchasing-lookups',
  ]),
  listLocations: endpointRef<typeof contracts.warehousesApi.listLocations>('GET', '/api/warehouses/:id/locations'),
  exportLocations: endpointRef<typeof contracts.warehousesApi.exportLocations>(
    'GET',
    '/api/warehouses/:id/locations/export',
  ),
  createLocation: endpointRef<typeof contracts.warehousesApi.createLocation>('POST', '/api/warehouses/:id/locations', [
    '/api/warehouses',
    '/api/warehouse-configs',
    '/api/purchasing-lookups',
  ]),
  createLocationRange: endpointRef<typeof contracts.warehousesApi.createLocationRange>(
    'POST',
    '/api/warehouses/:id/locations/range',
    ['/api/warehouses', '/api/warehouse-configs', '/api/purchasing-lookups'],
  ),
  updateLocation: endpointRef<typeof contracts.warehousesApi.updateLocation>(
    'PUT',
    '/api/warehouses/:id/locations/:locationId',
    ['/api/warehouses', '/api/warehouse-configs', '/api/purchasing-lookups'],
  ),
  deleteLocation: endpointRef<typeof contracts.warehousesApi.deleteLocation>(
    'DELETE',
    '/api/warehouses/:id/locations/:locationId',
    ['/api/warehouses', '/api/warehouse-configs', '/api/purchasing-lookups'],
  ),
  listWarehouseConfigs: endpointRef<typeof contracts.warehousesApi.listWarehouseConfigs>(
    'GET',
    '/api/warehouse-configs',
  ),
  exportWarehouseConfigs: endpointRef<typeof contracts.warehousesApi.exportWarehouseConfigs>(
    'GET',
    '/api/warehouse-configs/export',
  ),
  getWarehouseConfig: endpointRef<typeof contracts.warehousesApi.getWarehouseConfig>(
    'GET',
    '/api/warehouses/:id/config',
  ),
  updateWarehouseConfig: endpointRef<typeof contracts.warehousesApi.updateWarehouseConfig>(
    'PUT',
    '/api/warehouses/:id/config',
    ['/api/warehouses', '/api/warehouse-configs', '/api/purchasing-lookups'],
  ),
};
