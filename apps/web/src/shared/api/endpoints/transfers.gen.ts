// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `transfersApi`: method, path and, for a change, the resources it makes stale. */
export const transfersEndpoints = {
  listTransfers: endpointRef<typeof contracts.transfersApi.listTransfers>('GET', '/api/inventory-transfers'),
  exportTransfers: endpointRef<typeof contracts.transfersApi.exportTransfers>('GET', '/api/inventory-transfers/export'),
  getTransfer: endpointRef<typeof contracts.transfersApi.getTransfer>('GET', '/api/inventory-transfers/:id'),
  transferMovements: endpointRef<typeof contracts.transfersApi.transferMovements>(
    'GET',
    '/api/inventory-transfers/:id/movements',
  ),
  createTransfer: endpointRef<typeof contracts.transfersApi.createTransfer>('POST', '/api/inventory-transfers', [
    '/api/inventory-transfers',
  ]),
  updateTransfer: endpointRef<typeof contracts.transfersApi.updateTransfer>('PUT', '/api/inventory-transfers/:id', [
    '/api/inventory-transfers',
  ]),
  dispatchTransfer: endpointRef<typeof contracts.transfersApi.dispatchTransfer>(
    'POST',
    '/api/inventory-transfers/:id/dispatch',
    [
      '/api/inventory-transfers',
      '/api/inventory',
      '/api/manual-stock',
      '/api/stock',
      '/api/bundle-tasks',
      '/api/reports',
      '/api/warehouse-reports',
    ],
  ),
  receiveTransfer: endpointRef<typeof contracts.transfersApi.receiveTransfer>(
    'POST',
    '/api/inventory-transfers/:id/receive',
    [
      '/api/inventory-transfers',
      '/api/inventory',
      '/api/manual-stock',
      '/api/stock',
      '/api/bundle-tasks',
      '/api/reports',
      '/api/warehouse-reports',
    ],
  ),
  cancelTransfer: endpointRef<typeof contracts.transfersApi.cancelTransfer>(
    'POST',
    '/api/inventory-transfers/:id/cancel',
    ['/api/inventory-transfers'],
  ),
  transferPdf: endpointRef<typeof contracts.transfersApi.transferPdf>('GET', '/api/inventory-transfers/:id/pdf'),
};
