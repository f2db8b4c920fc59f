// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `pickListsApi`: method, path and, for a change, the resources it makes stale. */
export const pickListsEndpoints = {
  listPickLists: endpointRef<typeof contracts.pickListsApi.listPickLists>('GET', '/api/pick-lists'),
  pickListCandidates: endpointRef<typeof contracts.pickListsApi.pickListCandidates>(
    'GET',
    '/api/pick-lists/candidates',
  ),
  getPickList: endpointRef<typeof contracts.pickListsApi.getPickList>('GET', '/api/pick-lists/:id'),
  createPickList: endpointRef<typeof contracts.pickListsApi.createPickList>('POST', '/api/pick-lists', [
    '/api/pick-lists',
    '/api/sales-invoices',
  ]),
  scanPickList: endpointRef<typeof contracts.pickListsApi.scanPickList>('POST', '/api/pick-lists/:id/scan', [
    '/api/pick-lists',
    '/api/sales-invoices',
  ]),
  confirmPickList: endpointRef<typeof contracts.pickListsApi.confirmPickList>('POST', '/api/pick-lists/:id/confirm', [
    '/api/pick-lists',
    '/api/sales-invoices',
    '/api/inventory',
    '/api/manual-stock',
    '/api/stock',
    '/api/inventory-transfers',
    '/api/bundle-tasks',
    '/api/reports',
    '/api/warehouse-reports',
  ]),
  cancelPickList: endpointRef<typeof contracts.pickListsApi.cancelPickList>('POST', '/api/pick-lists/:id/cancel', [
    '/api/pick-lists',
    '/api/sales-invoices',
  ]),
  pickListPdf: endpointRef<typeof contracts.pickListsApi.pickListPdf>('GET', '/api/pick-lists/:id/pdf'),
};
