import { z } from 'zod';
import { endpoint } from '../platform/endpoint.ts';
import { PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { singleLine } from '../platform/text.ts';
import { ChannelAccountType } from './accounts.ts';

/**
 * Listings: a product's identity on one account (Api Config → Listings): the SKU the channel knows it by and the
 * channel's ids (Amazon ASIN, eBay listing and offer, Shopify inventory item and location). Orders map their lines
 * through them (else through the product's own SKU), and stock levels are pushed per listing.
 */
export const ChannelListingErrorCode = {
  CHANNEL_LISTING_SKU_TAKEN: 'CHANNEL_LISTING_SKU_TAKEN',
  CHANNEL_LISTING_ACCOUNT_NOT_CHANNEL: 'CHANNEL_LISTING_ACCOUNT_NOT_CHANNEL',
} as const;

const ListingText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    singleLine(z.string().trim().max(max, `at most ${max} characters`))
      .nullable()
      .default(null),
  );

export const ChannelListingInput = z.object({
  accountId: Uuid,
  productId: Uuid,
  sku: singleLine(z.string().trim().min(1, 'the channel SKU is required').max(100, 'at most 100 characters')),
  /** Amazon ASIN, eBay listing id, Shopify inventory item id. */
  externalId: ListingText(200),
  /** eBay offer id, Shopify location id, Amazon product type. */
  externalRef: ListingText(200),
});
export type ChannelListingInput = z.input<typeof ChannelListingInput>;

export const ChannelListing = z
  .object({
    id: Uuid,
    account: z.object({ id: Uuid, name: z.string(), type: ChannelAccountType }),
    product: z.object({ id: Uuid, sku: z.string(), name: z.string() }),
    sku: z.string(),
    externalId: z.string().nullable(),
    externalRef: z.string().nullable(),
    pushedQuantity: z.string().nullable(),
    pushedAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ChannelListing' });
export type ChannelListing = z.infer<typeof ChannelListing>;

export const ChannelListingListQuery = PageQuery.extend({ accountId: Uuid.optional(), productId: Uuid.optional() });
export type ChannelListingListQuery = z.infer<typeof ChannelListingListQuery>;

export const UnmappedSku = z
  .object({
    account: z.object({ id: Uuid, name: z.string(), type: ChannelAccountType }),
    sku: z.string(),
    title: z.string().nullable(),
    orders: z.number().int(),
    firstSeenAt: z.string(),
    lastSeenAt: z.string(),
  })
  .meta({ id: 'UnmappedSku' });
export type UnmappedSku = z.infer<typeof UnmappedSku>;
export const UnmappedSkuListQuery = PageQuery.extend({ accountId: Uuid.optional() });
export type UnmappedSkuListQuery = z.infer<typeof UnmappedSkuListQuery>;

const IdParams = z.object({ id: Uuid });

export const channelListingsApi = {
  listChannelListings: endpoint({
    method: 'GET',
    path: '/api/channel-listings',
    permission: 'view_api_configuration',
    tag: 'channels',
    summary:
      'Listings (product ↔ channel SKU and ids), paged; searched by SKU or product; filtered by account or product',
    query: ChannelListingListQuery,
    response: pageOf(ChannelListing),
  }),
  createChannelListing: endpoint({
    method: 'POST',
    path: '/api/channel-listings',
    permission: 'edit_api_configuration',
    tag: 'channels',
    summary: 'Map a product to a channel SKU on one account (a SKU once per account); its stock level is queued',
    body: ChannelListingInput,
    response: ChannelListing,
    status: 201,
    idempotent: true,
  }),
  updateChannelListing: endpoint({
    method: 'PUT',
    path: '/api/channel-listings/:id',
    permission: 'edit_api_configuration',
    tag: 'channels',
    summary: 'Change a listing (its account stays)',
    params: IdParams,
    body: ChannelListingInput,
    response: ChannelListing,
  }),
  deleteChannelListing: endpoint({
    method: 'DELETE',
    path: '/api/channel-listings/:id',
    permission: 'edit_api_configuration',
    tag: 'channels',
    summary: 'Remove a listing: the channel is no longer sent this product’s stock',
    params: IdParams,
    response: z.object({ ok: z.literal(true) }),
  }),
  listUnmappedSkus: endpoint({
    method: 'GET',
    path: '/api/channel-unmapped-skus',
    permission: 'view_api_configuration',
    tag: 'channels',
    summary: 'SKUs a channel sold that no listing or product has (orders waiting for a mapping)',
    query: UnmappedSkuListQuery,
    response: pageOf(UnmappedSku),
  }),
};
