// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `stockApi`: method, path and, for a change, the resources it makes stale. */
export const stockEndpoints = {
  inventorySummary: endpointRef<typeof contracts.stockApi.inventorySummary>('GET', '/api/inventory/summary'),
  inventorySummaryTotals: endpointRef<typeof contracts.stockApi.inventorySummaryTotals>(
    'GET',
    '/api/inventory/summary/totals',
  ),
  exportInventorySummary: endpointRef<typeof contracts.stockApi.exportInventorySummary>(
    'GET',
    '/api/inventory/summary/export',
  ),
  inventoryList: endpointRef<typeof contracts.stockApi.inventoryList>('GET', '/api/inventory/list'),
  exportInventoryList: endpointRef<typeof contracts.stockApi.exportInventoryList>('GET', '/api/inventory/list/export'),
  productStock: endpointRef<typeof contracts.stockApi.productStock>('GET', '/api/inventory/products/:id'),
  productMovements: endpointRef<typeof contracts.stockApi.productMovements>(
    'GET',
    '/api/inventory/products/:id/movements',
  ),
  exportProductMovements: endpointRef<typeof contracts.stockApi.exportProductMovements>(
    'GET',
    '/api/inventory/products/:id/movements/export',
  ),
  overrideStock: endpointRef<typeof contracts.stockApi.overrideStock>('POST', '/api/manual-stock/overrides', [
    '/api/manual-stock',
    '/api/inventory',
    '/api/stock',
    '/api/inventory-transfers',
    '/api/bundle-tasks',
    '/api/reports',
    '/api/warehouse-reports',
  ]),
  adjustStock: endpointRef<typeof contracts.stockApi.adjustStock>('POST', '/api/stock/adjustments', [
    '/api/stock',
    '/api/inventory',
    '/api/manual-stock',
    '/api/inventory-transfers',
    '/api/bundle-tasks',
    '/api/reports',
    '/api/warehouse-reports',
  ]),
  listOverrides: endpointRef<typeof contracts.stockApi.listOverrides>('GET', '/api/manual-stock/overrides'),
  getOverride: endpointRef<typeof contracts.stockApi.getOverride>('GET', '/api/manual-stock/overrides/:id'),
  reverseOverride: endpointRef<typeof contracts.stockApi.reverseOverride>(
    'POST',
    '/api/manual-stock/overrides/:id/reverse',
    [
      '/api/manual-stock',
      '/api/inventory',
      '/api/stock',
      '/api/inventory-transfers',
      '/api/bundle-tasks',
      '/api/reports',
      '/api/warehouse-reports',
    ],
  ),
  createReservation: endpointRef<typeof contracts.stockApi.createReservation>('POST', '/api/stock/reservations', [
    '/api/stock',
    '/api/inventory',
    '/api/manual-stock',
    '/api/inventory-transfers',
    '/api/bundle-tasks',
    '/api/reports',
    '/api/warehouse-reports',
  ]),
  getReservation: endpointRef<typeof contracts.stockApi.getReservation>('GET', '/api/stock/reservations/:id'),
  releaseReservation: endpointRef<typeof contracts.stockApi.releaseReservation>(
    'POST',
    '/api/stock/reservations/:id/release',
    [
      '/api/stock',
      '/api/inventory',
      '/api/manual-stock',
      '/api/inventory-transfers',
      '/api/bundle-tasks',
      '/api/reports',
      '/api/warehouse-reports',
    ],
  ),
  issueReservation: endpointRef<typeof contracts.stockApi.issueReservation>(
    'POST',
    '/api/stock/reservations/:id/issue',
    [
      '/api/stock',
      '/api/inventory',
      '/api/manual-stock',
      '/api/inventory-transfers',
      '/api/bundle-tasks',
      '/api/reports',
      '/api/warehouse-reports',
    ],
  ),
  checkStock: endpointRef<typeof contracts.stockApi.checkStock>('GET', '/api/stock/check'),
};
