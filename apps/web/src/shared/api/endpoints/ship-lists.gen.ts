// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `shipListsApi`: method, path and, for a change, the resources it makes stale. */
export const shipListsEndpoints = {
  listShipLists: endpointRef<typeof contracts.shipListsApi.listShipLists>('GET', '/api/ship-lists'),
  shipListCandidates: endpointRef<typeof contracts.shipListsApi.shipListCandidates>(
    'GET',
    '/api/ship-lists/candidates',
  ),
  shipListCarrierServices: endpointRef<typeof contracts.shipListsApi.shipListCarrierServices>(
    'GET',
    '/api/ship-lists/carrier-services',
  ),
  getShipList: endpointRef<typeof contracts.shipListsApi.getShipList>('GET', '/api/ship-lists/:id'),
  createShipList: endpointRef<typeof contracts.shipListsApi.createShipList>('POST', '/api/ship-lists', [
    '/api/ship-lists',
    '/api/sales-invoices',
  ]),
  confirmShipList: endpointRef<typeof contracts.shipListsApi.confirmShipList>('POST', '/api/ship-lists/:id/confirm', [
    '/api/ship-lists',
    '/api/sales-invoices',
    '/api/inventory',
    '/api/manual-stock',
    '/api/stock',
    '/api/inventory-transfers',
    '/api/bundle-tasks',
    '/api/reports',
    '/api/warehouse-reports',
    '/api/return-tickets',
    '/api/shipping-claims',
    '/api/credit-notes',
  ]),
  cancelShipList: endpointRef<typeof contracts.shipListsApi.cancelShipList>('POST', '/api/ship-lists/:id/cancel', [
    '/api/ship-lists',
    '/api/sales-invoices',
  ]),
  shipListPackingSlips: endpointRef<typeof contracts.shipListsApi.shipListPackingSlips>(
    'GET',
    '/api/ship-lists/:id/packing-slips',
  ),
};
