// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `rmasApi`: method, path and, for a change, the resources it makes stale. */
export const rmasEndpoints = {
  listRmas: endpointRef<typeof contracts.rmasApi.listRmas>('GET', '/api/rmas'),
  exportRmas: endpointRef<typeof contracts.rmasApi.exportRmas>('GET', '/api/rmas/export'),
  rmaReceipts: endpointRef<typeof contracts.rmasApi.rmaReceipts>('GET', '/api/rmas/receipts'),
  supplierCredits: endpointRef<typeof contracts.rmasApi.supplierCredits>('GET', '/api/rmas/supplier-credits'),
  getRma: endpointRef<typeof contracts.rmasApi.getRma>('GET', '/api/rmas/:id'),
  createRma: endpointRef<typeof contracts.rmasApi.createRma>('POST', '/api/rmas', ['/api/rmas']),
  updateRma: endpointRef<typeof contracts.rmasApi.updateRma>('PUT', '/api/rmas/:id', ['/api/rmas']),
  approveRma: endpointRef<typeof contracts.rmasApi.approveRma>('POST', '/api/rmas/:id/approve', ['/api/rmas']),
  shipRma: endpointRef<typeof contracts.rmasApi.shipRma>('POST', '/api/rmas/:id/ship', [
    '/api/rmas',
    '/api/inventory',
    '/api/manual-stock',
    '/api/stock',
    '/api/inventory-transfers',
    '/api/bundle-tasks',
    '/api/reports',
    '/api/warehouse-reports',
  ]),
  creditRma: endpointRef<typeof contracts.rmasApi.creditRma>('POST', '/api/rmas/:id/credit', ['/api/rmas']),
  replaceRma: endpointRef<typeof contracts.rmasApi.replaceRma>('POST', '/api/rmas/:id/replace', [
    '/api/rmas',
    '/api/inventory',
    '/api/manual-stock',
    '/api/stock',
    '/api/inventory-transfers',
    '/api/bundle-tasks',
    '/api/reports',
    '/api/warehouse-reports',
  ]),
  cancelRma: endpointRef<typeof contracts.rmasApi.cancelRma>('POST', '/api/rmas/:id/cancel', ['/api/rmas']),
  rmaPdf: endpointRef<typeof contracts.rmasApi.rmaPdf>('GET', '/api/rmas/:id/pdf'),
};
