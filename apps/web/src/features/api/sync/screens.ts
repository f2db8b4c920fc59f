import type { SyncScreenSpec } from './sync-screen.tsx';

const MARKETPLACES = ['AMAZON', 'EBAY', 'SHOPIFY', 'TIKTOK'] as const;

/** The specification's screens of the API area, each one configuration of the same page. */
export const SYNC_SCREENS = {
  amazonFulfillment: {
    id: 'amazon-fulfillment',
    types: ['AMAZON'],
    streams: ['ORDERS', 'RETURNS'],
    messages: ['ORDER', 'CANCEL', 'SHIPMENT', 'DELIVERY', 'REFUND', 'RETURN', 'INVOICE'],
    empty: 'amazon',
  },
  amazonTrackingUpdate: {
    id: 'amazon-tracking-update',
    types: ['AMAZON'],
    streams: ['ORDERS'],
    messages: ['SHIPMENT'],
    empty: 'amazon',
  },
  marketplaceFulfillment: {
    id: 'marketplace-fulfillment',
    types: MARKETPLACES,
    streams: ['ORDERS', 'RETURNS'],
    messages: ['SHIPMENT', 'RETURN'],
    empty: 'marketplace',
  },
  sellerHubUpdate: {
    id: 'seller-hub-update',
    types: ['EBAY'],
    streams: ['ORDERS', 'RETURNS'],
    messages: ['ORDER', 'CANCEL', 'SHIPMENT', 'DELIVERY', 'REFUND', 'RETURN', 'INVOICE'],
    empty: 'ebay',
  },
  amazonStockUpdate: { id: 'amazon-stock-update', types: ['AMAZON'], streams: ['STOCK'], stock: true, empty: 'amazon' },
  ebayStockUpdate: { id: 'ebay-stock-update', types: ['EBAY'], streams: ['STOCK'], stock: true, empty: 'ebay' },
  shopifyStockUpdate: {
    id: 'shopify-stock-update',
    types: ['SHOPIFY'],
    streams: ['STOCK'],
    stock: true,
    empty: 'shopify',
  },
  samsungStockUpdate: {
    id: 'samsung-stock-update',
    nameContains: 'samsung',
    streams: ['STOCK'],
    stock: true,
    empty: 'samsung',
  },
  royalMailFulfillment: {
    id: 'royal-mail-fulfillment',
    types: ['ROYAL_MAIL'],
    streams: ['TRACKING'],
    labels: true,
    empty: 'royalMail',
  },
  royalMail: {
    id: 'royal-mail',
    types: ['ROYAL_MAIL'],
    streams: ['TRACKING'],
    labels: true,
    empty: 'royalMail',
  },
  dhlFulfillment: { id: 'dhl-fulfillment', types: ['DHL'], streams: ['TRACKING'], labels: true, empty: 'dhl' },
  shippingCareerFulfillment: {
    id: 'shipping-career-fulfillment',
    types: ['DPD', 'PARCELFORCE'],
    streams: ['TRACKING'],
    labels: true,
    empty: 'dpdParcelforce',
  },
} satisfies Record<string, SyncScreenSpec>;
