import { z } from 'zod';
import { checkMappingColumns, MappingColumn } from '../imports/excel-mappings.ts';
import { ImportRun, ImportRunDetail, ImportRunListQuery, StoredFileName } from '../imports/import-runs.ts';
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
  /** The listing's product does not exist. */
  PRODUCT_NOT_FOUND: 'PRODUCT_NOT_FOUND',
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

/**
 * Listings from an .xlsx (import kind `channel_listings`), through the import engine: a run, a proposed or saved
 * mapping, every row checked as a listing is (this file's ChannelListingInput), then all rows written or none.
 * A row names the account by name and the product by our SKU; the listing is the account's with that channel SKU
 * (empty: ours), made when there is none, else changed; a row that changes nothing writes nothing, so uploading
 * the same file again changes nothing. The run's createdCount counts listings made, updatedCount listings changed.
 */
export const ChannelListingImportInput = z
  .object({
    fileName: StoredFileName,
    mappingId: Uuid.nullable().default(null),
    columns: z.array(MappingColumn).max(100).optional(),
    /** Listings are made or changed: the one mode of this kind. */
    mode: z.literal('upsert').default('upsert'),
  })
  .superRefine((input, ctx) => {
    if (input.columns) checkMappingColumns('channel_listings', input.columns, ctx);
  });
export type ChannelListingImportInput = z.input<typeof ChannelListingImportInput>;

export const channelListingImportsApi = {
  createChannelListingImport: endpoint({
    method: 'POST',
    path: '/api/channel-listing-imports',
    permission: 'edit_api_configuration',
    tag: 'channels',
    summary:
      'Start importing a stored file as listings (each row made or changed by account and channel SKU); answers the queued run at once (poll it). All rows are written, or none.',
    body: ChannelListingImportInput,
    response: ImportRun,
    status: 201,
    idempotent: true,
  }),
  listChannelListingImports: endpoint({
    method: 'GET',
    path: '/api/channel-listing-imports',
    permission: 'view_api_configuration',
    tag: 'channels',
    summary: 'The history of listing uploads, newest first; search by file name; filter by status',
    query: ImportRunListQuery,
    response: pageOf(ImportRun),
  }),
  channelListingImportTemplate: endpoint({
    method: 'GET',
    path: '/api/channel-listing-imports/template',
    permission: 'view_api_configuration',
    tag: 'channels',
    summary: 'An empty .xlsx with the listing columns, and a sheet explaining each',
    response: z.unknown(),
  }),
  getChannelListingImport: endpoint({
    method: 'GET',
    path: '/api/channel-listing-imports/:id',
    permission: 'view_api_configuration',
    tag: 'channels',
    summary: 'One listing upload: status, progress, counts and its first problems',
    params: IdParams,
    response: ImportRunDetail,
  }),
  channelListingImportErrors: endpoint({
    method: 'GET',
    path: '/api/channel-listing-imports/:id/errors',
    permission: 'view_api_configuration',
    tag: 'channels',
    summary: "A listing upload's problems as an .xlsx file (row, column, field, problem)",
    params: IdParams,
    response: z.unknown(),
  }),
};
