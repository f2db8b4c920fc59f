// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `shippingLabelsApi`: method, path and, for a change, the resources it makes stale. */
export const shippingLabelsEndpoints = {
  createShipListLabels: endpointRef<typeof contracts.shippingLabelsApi.createShipListLabels>(
    'POST',
    '/api/ship-lists/:id/labels',
    ['/api/ship-lists', '/api/sales-invoices', '/api/shipping-labels', '/api/channel-messages'],
  ),
  listShipListLabels: endpointRef<typeof contracts.shippingLabelsApi.listShipListLabels>(
    'GET',
    '/api/ship-lists/:id/labels',
  ),
  shipListLabelsPdf: endpointRef<typeof contracts.shippingLabelsApi.shipListLabelsPdf>(
    'GET',
    '/api/ship-lists/:id/labels/pdf',
  ),
  listShippingLabels: endpointRef<typeof contracts.shippingLabelsApi.listShippingLabels>('GET', '/api/shipping-labels'),
  shippingLabelPdf: endpointRef<typeof contracts.shippingLabelsApi.shippingLabelPdf>(
    'GET',
    '/api/shipping-labels/:id/pdf',
  ),
  shippingLabelZpl: endpointRef<typeof contracts.shippingLabelsApi.shippingLabelZpl>(
    'GET',
    '/api/shipping-labels/:id/zpl',
  ),
  cancelShippingLabel: endpointRef<typeof contracts.shippingLabelsApi.cancelShippingLabel>(
    'POST',
    '/api/shipping-labels/:id/cancel',
    ['/api/shipping-labels', '/api/ship-lists'],
  ),
};
