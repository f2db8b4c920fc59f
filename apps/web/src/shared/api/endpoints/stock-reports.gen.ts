// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `stockReportsApi`: method, path and, for a change, the resources it makes stale. */
export const stockReportsEndpoints = {
  stockAndValue: endpointRef<typeof contracts.stockReportsApi.stockAndValue>('GET', '/api/reports/stock-and-value'),
  exportStockAndValue: endpointRef<typeof contracts.stockReportsApi.exportStockAndValue>(
    'GET',
    '/api/reports/stock-and-value/export',
  ),
  startFifoProcess: endpointRef<typeof contracts.stockReportsApi.startFifoProcess>(
    'POST',
    '/api/reports/fifo-stock-process/runs',
    ['/api/reports/fifo-stock-process'],
  ),
  listFifoProcessRuns: endpointRef<typeof contracts.stockReportsApi.listFifoProcessRuns>(
    'GET',
    '/api/reports/fifo-stock-process/runs',
  ),
  getFifoProcessRun: endpointRef<typeof contracts.stockReportsApi.getFifoProcessRun>(
    'GET',
    '/api/reports/fifo-stock-process/runs/:id',
  ),
  fifoProcessDifferences: endpointRef<typeof contracts.stockReportsApi.fifoProcessDifferences>(
    'GET',
    '/api/reports/fifo-stock-process/runs/:id/differences',
  ),
  exportFifoProcessDifferences: endpointRef<typeof contracts.stockReportsApi.exportFifoProcessDifferences>(
    'GET',
    '/api/reports/fifo-stock-process/runs/:id/differences/export',
  ),
  fifoStockValue: endpointRef<typeof contracts.stockReportsApi.fifoStockValue>('GET', '/api/reports/fifo-stock-value'),
  exportFifoStockValue: endpointRef<typeof contracts.stockReportsApi.exportFifoStockValue>(
    'GET',
    '/api/reports/fifo-stock-value/export',
  ),
  fifoStockValueGroups: endpointRef<typeof contracts.stockReportsApi.fifoStockValueGroups>(
    'GET',
    '/api/reports/fifo-stock-value/groups',
  ),
  exportFifoStockValueGroups: endpointRef<typeof contracts.stockReportsApi.exportFifoStockValueGroups>(
    'GET',
    '/api/reports/fifo-stock-value/groups/export',
  ),
  dailyInventoryLevel: endpointRef<typeof contracts.stockReportsApi.dailyInventoryLevel>(
    'GET',
    '/api/reports/daily-inventory-level',
  ),
  exportDailyInventoryLevel: endpointRef<typeof contracts.stockReportsApi.exportDailyInventoryLevel>(
    'GET',
    '/api/reports/daily-inventory-level/export',
  ),
  replenishment: endpointRef<typeof contracts.stockReportsApi.replenishment>(
    'GET',
    '/api/warehouse-reports/replenishment',
  ),
  exportReplenishment: endpointRef<typeof contracts.stockReportsApi.exportReplenishment>(
    'GET',
    '/api/warehouse-reports/replenishment/export',
  ),
  stockQuantity: endpointRef<typeof contracts.stockReportsApi.stockQuantity>(
    'GET',
    '/api/warehouse-reports/stock-quantity',
  ),
  exportStockQuantity: endpointRef<typeof contracts.stockReportsApi.exportStockQuantity>(
    'GET',
    '/api/warehouse-reports/stock-quantity/export',
  ),
  inventoryDetail: endpointRef<typeof contracts.stockReportsApi.inventoryDetail>(
    'GET',
    '/api/warehouse-reports/inventory-detail',
  ),
  exportInventoryDetail: endpointRef<typeof contracts.stockReportsApi.exportInventoryDetail>(
    'GET',
    '/api/warehouse-reports/inventory-detail/export',
  ),
  inventoryDetailLayers: endpointRef<typeof contracts.stockReportsApi.inventoryDetailLayers>(
    'GET',
    '/api/warehouse-reports/inventory-detail/layers',
  ),
  reportOptions: endpointRef<typeof contracts.stockReportsApi.reportOptions>('GET', '/api/reports/options/:kind'),
};
