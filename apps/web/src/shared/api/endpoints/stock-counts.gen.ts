// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `stockCountsApi`: method, path and, for a change, the resources it makes stale. */
export const stockCountsEndpoints = {
  listStockCounts: endpointRef<typeof contracts.stockCountsApi.listStockCounts>('GET', '/api/stock-counts'),
  exportStockCounts: endpointRef<typeof contracts.stockCountsApi.exportStockCounts>('GET', '/api/stock-counts/export'),
  stockCountZones: endpointRef<typeof contracts.stockCountsApi.stockCountZones>('GET', '/api/stock-counts/zones'),
  createStockCount: endpointRef<typeof contracts.stockCountsApi.createStockCount>('POST', '/api/stock-counts', [
    '/api/stock-counts',
  ]),
  getStockCount: endpointRef<typeof contracts.stockCountsApi.getStockCount>('GET', '/api/stock-counts/:id'),
  listStockCountLines: endpointRef<typeof contracts.stockCountsApi.listStockCountLines>(
    'GET',
    '/api/stock-counts/:id/lines',
  ),
  exportStockCountLines: endpointRef<typeof contracts.stockCountsApi.exportStockCountLines>(
    'GET',
    '/api/stock-counts/:id/lines/export',
  ),
  stockCountVariances: endpointRef<typeof contracts.stockCountsApi.stockCountVariances>(
    'GET',
    '/api/stock-counts/:id/variances',
  ),
  scanStockCount: endpointRef<typeof contracts.stockCountsApi.scanStockCount>('POST', '/api/stock-counts/:id/scans', [
    '/api/stock-counts',
  ]),
  setStockCountLine: endpointRef<typeof contracts.stockCountsApi.setStockCountLine>(
    'PUT',
    '/api/stock-counts/:id/lines/:lineId',
    ['/api/stock-counts'],
  ),
  submitStockCount: endpointRef<typeof contracts.stockCountsApi.submitStockCount>(
    'POST',
    '/api/stock-counts/:id/submit',
    ['/api/stock-counts'],
  ),
  reopenStockCount: endpointRef<typeof contracts.stockCountsApi.reopenStockCount>(
    'POST',
    '/api/stock-counts/:id/reopen',
    ['/api/stock-counts'],
  ),
  postStockCount: endpointRef<typeof contracts.stockCountsApi.postStockCount>('POST', '/api/stock-counts/:id/post', [
    '/api/stock-counts',
    '/api/inventory',
    '/api/manual-stock',
    '/api/stock',
    '/api/inventory-transfers',
    '/api/bundle-tasks',
    '/api/reports',
    '/api/warehouse-reports',
  ]),
  cancelStockCount: endpointRef<typeof contracts.stockCountsApi.cancelStockCount>(
    'POST',
    '/api/stock-counts/:id/cancel',
    ['/api/stock-counts'],
  ),
  reverseStockCount: endpointRef<typeof contracts.stockCountsApi.reverseStockCount>(
    'POST',
    '/api/stock-counts/:id/reverse',
    [
      '/api/stock-counts',
      '/api/inventory',
      '/api/manual-stock',
      '/api/stock',
      '/api/inventory-transfers',
      '/api/bundle-tasks',
      '/api/reports',
      '/api/warehouse-reports',
    ],
  ),
  stockCountMovements: endpointRef<typeof contracts.stockCountsApi.stockCountMovements>(
    'GET',
    '/api/stock-counts/:id/movements',
  ),
  stockCountPdf: endpointRef<typeof contracts.stockCountsApi.stockCountPdf>('GET', '/api/stock-counts/:id/pdf'),
};
