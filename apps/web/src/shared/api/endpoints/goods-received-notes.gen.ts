// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `goodsReceivedNotesApi`: method, path and, for a change, the resources it makes stale. */
export const goodsReceivedNotesEndpoints = {
  listGoodsReceivedNotes: endpointRef<typeof contracts.goodsReceivedNotesApi.listGoodsReceivedNotes>(
    'GET',
    '/api/goods-received-notes',
  ),
  exportGoodsReceivedNotes: endpointRef<typeof contracts.goodsReceivedNotesApi.exportGoodsReceivedNotes>(
    'GET',
    '/api/goods-received-notes/export',
  ),
  receivableOrders: endpointRef<typeof contracts.goodsReceivedNotesApi.receivableOrders>(
    'GET',
    '/api/goods-received-notes/receivable-orders',
  ),
  receivableOrder: endpointRef<typeof contracts.goodsReceivedNotesApi.receivableOrder>(
    'GET',
    '/api/goods-received-notes/receivable-orders/:id',
  ),
  matchFastReceipt: endpointRef<typeof contracts.goodsReceivedNotesApi.matchFastReceipt>(
    'POST',
    '/api/goods-received-notes/fast/match',
    ['/api/goods-received-notes'],
  ),
  postFastReceipt: endpointRef<typeof contracts.goodsReceivedNotesApi.postFastReceipt>(
    'POST',
    '/api/goods-received-notes/fast/post',
    [
      '/api/goods-received-notes',
      '/api/inventory',
      '/api/manual-stock',
      '/api/stock',
      '/api/inventory-transfers',
      '/api/bundle-tasks',
      '/api/reports',
      '/api/warehouse-reports',
      '/api/purchase-orders',
    ],
  ),
  getGoodsReceivedNote: endpointRef<typeof contracts.goodsReceivedNotesApi.getGoodsReceivedNote>(
    'GET',
    '/api/goods-received-notes/:id',
  ),
  goodsReceivedNoteMovements: endpointRef<typeof contracts.goodsReceivedNotesApi.goodsReceivedNoteMovements>(
    'GET',
    '/api/goods-received-notes/:id/movements',
  ),
  createGoodsReceivedNote: endpointRef<typeof contracts.goodsReceivedNotesApi.createGoodsReceivedNote>(
    'POST',
    '/api/goods-received-notes',
    ['/api/goods-received-notes'],
  ),
  postGoodsReceivedNote: endpointRef<typeof contracts.goodsReceivedNotesApi.postGoodsReceivedNote>(
    'POST',
    '/api/goods-received-notes/:id/post',
    [
      '/api/goods-received-notes',
      '/api/inventory',
      '/api/manual-stock',
      '/api/stock',
      '/api/inventory-transfers',
      '/api/bundle-tasks',
      '/api/reports',
      '/api/warehouse-reports',
      '/api/purchase-orders',
    ],
  ),
  cancelGoodsReceivedNote: endpointRef<typeof contracts.goodsReceivedNotesApi.cancelGoodsReceivedNote>(
    'POST',
    '/api/goods-received-notes/:id/cancel',
    ['/api/goods-received-notes'],
  ),
  landedCosts: endpointRef<typeof contracts.goodsReceivedNotesApi.landedCosts>(
    'GET',
    '/api/goods-received-notes/:id/landed-costs',
  ),
  previewLandedCost: endpointRef<typeof contracts.goodsReceivedNotesApi.previewLandedCost>(
    'POST',
    '/api/goods-received-notes/:id/landed-costs/preview',
    ['/api/goods-received-notes'],
  ),
  applyLandedCost: endpointRef<typeof contracts.goodsReceivedNotesApi.applyLandedCost>(
    'POST',
    '/api/goods-received-notes/:id/landed-costs',
    [
      '/api/goods-received-notes',
      '/api/inventory',
      '/api/manual-stock',
      '/api/stock',
      '/api/inventory-transfers',
      '/api/bundle-tasks',
      '/api/reports',
      '/api/warehouse-reports',
    ],
  ),
  goodsReceivedNotePdf: endpointRef<typeof contracts.goodsReceivedNotesApi.goodsReceivedNotePdf>(
    'GET',
    '/api/goods-received-notes/:id/pdf',
  ),
};
